// What the format writers share (formats.hpp): numbering tests, the README, the statement's
// pieces in Markdown, submissions' first lines.
#include "formats.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "output_directory.hpp"
#include "pdf_writer.hpp"

namespace entrapment {

std::string format_time_limit(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

OfficialLimits official_limits(const SourcePackage& source) {
  return {format_time_limit(source.config.time_limit_s),
          static_cast<long long>(source.config.time_limit_s * 1000 + 0.5), source.config.memory_mib,
          source.config.memory_mib * 1024};
}

std::vector<std::string> sample_interactions(const SourcePackage& source) {
  std::vector<std::string> out;
  for (const SourceTest* test : source.group("sample"))
    out.push_back(read_text(test->files.at(".interaction")));
  return out;
}

std::string statement_pdf(const SourcePackage& source) {
  return plain_text_pdf(
      render_plain_text(source.statement, source.config.name, source.config.time_limit_s,
                        source.config.memory_mib, sample_interactions(source), kPdfLineWidth),
      source.config.name);
}

void write_package_readme(PackageWriter& out, const std::string& body,
                          const std::vector<std::string>& notes,
                          const std::vector<std::string>& differences) {
  // The warnings go right after the marker line (which must stay first: output_directory.hpp),
  // before the title, so that an admin cannot miss them.
  std::string warnings, adapted;
  for (const std::string& difference : differences)
    warnings += fmt::format("**warning:** {}\n\n", difference);
  for (const std::string& note : notes) adapted += fmt::format("- {}\n", note);
  out.write("README.md",
            fmt::format("{marker}\n\n{warnings}{body}{adapted}", fmt::arg("marker", kExportMarker),
                        fmt::arg("warnings", warnings), fmt::arg("body", body),
                        fmt::arg("adapted",
                                 adapted.empty()
                                     ? ""
                                     : "\n## Adapted or left out in this export\n\n" + adapted)));
}

std::string settings_section(const SystemSettings& settings) {
  return fmt::format(
      "\n## Settings to check in {system}\n\n"
      "- **Limits:** {limits}\n"
      "- **The interactor's compile command:** {compile}\n"
      "- **Scoring:** {scoring}\n"
      "- **What contestants may download:** {downloads}\n",
      fmt::arg("system", settings.system), fmt::arg("limits", settings.limits),
      fmt::arg("compile", settings.compile), fmt::arg("scoring", settings.scoring),
      fmt::arg("downloads", settings.downloads));
}

std::vector<const SourceTest*> judged_tests(const SourcePackage& source) {
  std::vector<const SourceTest*> tests = source.group("sample");
  for (const char* group : {"secret", "exhaustive"})
    for (const SourceTest* test : source.group(group)) tests.push_back(test);
  return tests;
}

std::string padded(std::size_t number, int width) {
  std::string text = std::to_string(number);
  while (static_cast<int>(text.size()) < width) text = "0" + text;
  return text;
}

int width_for(std::size_t count, int minimum) {
  int width = 1;
  for (std::size_t n = count; n >= 10; n /= 10) ++width;
  return std::max(width, minimum);
}

std::string section_markdown(const SourcePackage& source, const std::string& section) {
  const StatementSection* s = source.statement.find(section);
  return s ? render_section_markdown(*s) : "";
}

std::vector<PolygonExample> sample_examples(const SourcePackage& source) {
  std::vector<PolygonExample> out;
  for (const SourceTest* test : source.group("sample"))
    out.push_back(polygon_example(read_text(test->files.at(".interaction"))));
  return out;
}

std::string examples_exchange_markdown(const SourcePackage& source) {
  return render_exchanges(
      sample_interactions(source),
      "Each sample shows the lines your program reads (input) and the lines it prints "
      "(output). In the order they are exchanged (`<` marks a line from the judge, `>` a line "
      "from your program), the samples go as follows.\n",
      "\nSample {n}:\n\n```\n{lines}```\n");
}

namespace {

// The first line of a submission's (main) file: where its author says how it fails.
std::string first_line(const std::filesystem::path& path) {
  std::filesystem::path file = path;
  if (std::filesystem::is_directory(path)) {
    file.clear();
    for (const auto& entry : std::filesystem::directory_iterator(path))
      if (entry.is_regular_file() && (file.empty() || entry.path() < file)) file = entry.path();
  }
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace

bool fails_by_memory(const SourceSubmission& submission) {
  return submission.verdict == "run_time_error" &&
         first_line(submission.path).find("RUN TIME ERROR (memory)") != std::string::npos;
}

std::string with_first_comment(const std::filesystem::path& file, const std::string& line) {
  const std::string text = read_text(file);
  if (text.compare(0, 2, "#!") == 0) {
    const std::size_t end = text.find('\n');
    if (end == std::string::npos) return text + "\n" + line + "\n";
    return text.substr(0, end + 1) + line + "\n" + text.substr(end + 1);
  }
  return line + "\n" + text;
}

}  // namespace entrapment
