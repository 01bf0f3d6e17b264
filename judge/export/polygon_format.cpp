// The Polygon package layout (Codeforces, Polygon and the judges that import its packages):
// problem.xml describing everything, tests numbered tests/01 with answers tests/01.a (samples
// first), the testlib-convention interactor and its checker under files/, solutions/ tagged by
// verdict. Polygon compiles the interactor and the checker as single files; testlib.h is not
// shipped since neither uses it.
#include <map>

#include "export.hpp"
#include "formats.hpp"
#include "protocol/tokens.hpp"

namespace entrapment {

namespace {

// Polygon's source types, by extension.
std::string source_type(const std::filesystem::path& path) {
  static const std::map<std::string, std::string> types = {
      {".cpp", "cpp.g++17"}, {".cc", "cpp.g++17"}, {".cxx", "cpp.g++17"}, {".c", "c.gcc"},
      {".py", "python.3"},   {".java", "java11"},  {".kt", "kotlin"}};
  const auto it = types.find(path.extension().string());
  if (it == types.end())
    throw ExportError(path.string() + ": no Polygon source type for this extension");
  return it->second;
}

// Polygon's solution tags. It has no run-time-error tag: such a solution is "rejected".
std::string solution_tag(const std::string& verdict) {
  if (verdict == "accepted") return "accepted";
  if (verdict == "wrong_answer") return "wrong-answer";
  if (verdict == "time_limit_exceeded") return "time-limit-exceeded";
  return "rejected";
}

std::string padded(std::size_t number, int width) {
  std::string text = std::to_string(number);
  while (static_cast<int>(text.size()) < width) text = "0" + text;
  return text;
}

}  // namespace

void write_polygon(const SourcePackage& source, PackageWriter& out) {
  std::vector<const SourceTest*> tests = source.group("sample");
  for (const SourceTest* test : source.group("secret")) tests.push_back(test);
  int width = 2;
  for (std::size_t n = tests.size(); n >= 100; n /= 10) ++width;

  std::string test_xml, names;
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const SourceTest& test = *tests[i];
    const std::string number = padded(i + 1, width);
    out.copy("tests/" + number, test.files.at(".in"));
    if (test.has(".ans"))
      out.copy("tests/" + number + ".a", test.files.at(".ans"));
    else
      out.write("tests/" + number + ".a", winner_line(test.files.at(".in")));
    const std::string name = test.group + "/" + test.name;
    test_xml += "        <test method=\"manual\"" +
                std::string(test.group == "sample" ? " sample=\"true\"" : "") + " description=\"" +
                xml_escape(name) + "\"/>\n";
    names += number + " " + name + "\n";
  }
  out.write("tests-origin.txt", names);
  for (const SourceTest* test : source.group("invalid_input"))
    out.copy("invalid_input/" + test->name + ".in", test->files.at(".in"));

  out.copy("files/interactor.cpp", source.interactor_testlib);
  out.copy("files/check.cpp", source.testlib_checker);
  out.copy("check.cpp",
           source.testlib_checker);  // Polygon packages keep the checker at the root too
  // Kattis convention (exit 42 when valid), so not declared as Polygon's validator.
  out.copy("files/input_validator.cpp", source.input_validator);
  out.copy("statements/english/problem.tex", source.statement);
  for (const auto& attachment : source.attachments)
    out.copy("attachments/" + attachment.filename().string(), attachment);

  std::string solutions_xml;
  bool main_given = false;
  for (const SourceSubmission& submission : source.submissions) {
    if (std::filesystem::is_directory(submission.path))
      throw ExportError(submission.path.string() + ": Polygon takes single-file solutions only");
    const std::string path = "solutions/" + submission.name();
    out.copy(path, submission.path);
    std::string tag = solution_tag(submission.verdict);
    if (tag == "accepted" && !main_given) {
      tag = "main";
      main_given = true;
    }
    solutions_xml += "      <solution tag=\"" + tag + "\">\n        <source path=\"" +
                     xml_escape(path) + "\" type=\"" + source_type(submission.path) +
                     "\"/>\n      </solution>\n";
  }

  const long long time_ms = static_cast<long long>(source.config.time_limit_s * 1000 + 0.5);
  const long long memory_bytes = source.config.memory_mib * 1024 * 1024;
  std::string xml = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n";
  xml += std::string("<problem short-name=\"") + kPackageName + "\">\n";
  xml += "  <names>\n    <name language=\"english\" value=\"" + xml_escape(source.config.name) +
         "\"/>\n  </names>\n";
  xml +=
      "  <statements>\n    <statement charset=\"UTF-8\" language=\"english\" "
      "path=\"statements/english/problem.tex\" type=\"application/x-tex\"/>\n  </statements>\n";
  xml += "  <judging input-file=\"\" output-file=\"\">\n    <testset name=\"tests\">\n";
  xml += "      <time-limit>" + std::to_string(time_ms) + "</time-limit>\n";
  if (memory_bytes > 0)
    xml += "      <memory-limit>" + std::to_string(memory_bytes) + "</memory-limit>\n";
  xml += "      <test-count>" + std::to_string(tests.size()) + "</test-count>\n";
  xml += "      <input-path-pattern>tests/%0" + std::to_string(width) + "d</input-path-pattern>\n";
  xml +=
      "      <answer-path-pattern>tests/%0" + std::to_string(width) + "d.a</answer-path-pattern>\n";
  xml += "      <tests>\n" + test_xml + "      </tests>\n    </testset>\n  </judging>\n";
  xml += "  <assets>\n";
  xml +=
      "    <checker type=\"testlib\">\n      <source path=\"files/check.cpp\" "
      "type=\"cpp.g++17\"/>\n"
      "      <copy path=\"check.cpp\"/>\n    </checker>\n";
  xml +=
      "    <interactor>\n      <source path=\"files/interactor.cpp\" type=\"cpp.g++17\"/>\n"
      "    </interactor>\n";
  xml += "    <solutions>\n" + solutions_xml + "    </solutions>\n  </assets>\n";
  xml += "  <tags>\n    <tag value=\"interactive\"/>\n  </tags>\n</problem>\n";
  out.write("problem.xml", xml);
}

}  // namespace entrapment
