#include "source_package.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <sstream>

#include "export.hpp"
#include "package/problem_modules.hpp"
#include "package/yaml_reader.hpp"
#include "single_file.hpp"
#include "support/files.hpp"

namespace fs = std::filesystem;

namespace entrapment {

namespace {

const std::vector<std::string> kGroups = {"sample", "secret", "invalid_input"};
const std::vector<std::string> kVerdicts = {"accepted", "wrong_answer", "time_limit_exceeded",
                                            "run_time_error"};

// The languages judge run can run (judge/submissions/submission.cpp), by extension: only these are
// exported, since the package can vouch for no other submission's verdict.
std::string language_of(const fs::path& path) {
  const std::string ext = path.extension().string();
  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx") return "cpp";
  if (ext == ".c") return "c";
  if (ext == ".py") return "python3";
  if (ext == ".java") return "java";
  return "";
}

// Files kept beside the submissions that are not submissions themselves.
bool documentation(const fs::path& path) {
  const std::string ext = path.extension().string();
  return path.filename() == "CMakeLists.txt" || ext == ".md" || ext == ".txt";
}

// Hidden files and Python's bytecode caches are never part of a package.
bool hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return name.empty() || name[0] == '.' || name == "__pycache__";
}

// The test-case extension `filename` ends in (the longest that fits), or "".
std::string test_extension(const std::string& filename) {
  std::string best;
  for (const std::string& ext : test_file_extensions())
    if (filename.size() > ext.size() &&
        filename.compare(filename.size() - ext.size(), ext.size(), ext) == 0 &&
        ext.size() > best.size())
      best = ext;
  return best;
}

void read_group(const fs::path& root, const std::string& group, std::vector<SourceTest>& out) {
  const fs::path dir = root / "testdata" / group;
  if (!fs::is_directory(dir)) return;
  std::map<std::string, SourceTest> tests;
  std::vector<fs::path> entries;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) entries.push_back(entry.path());
  for (const fs::path& path : entries) {
    const std::string rel = fs::relative(path, dir).generic_string();
    if (hidden(path)) continue;
    const std::string filename = path.filename().string();
    if (filename == "testdata.yaml" || filename == "test_group.yaml")
      throw ExportError("testdata/" + group + "/" + rel +
                        ": group settings are not exported (no format-neutral meaning); remove it");
    const std::string ext = test_extension(filename);
    if (ext.empty())
      throw ExportError(
          "testdata/" + group + "/" + rel +
          ": not a test case file (known extensions: .in .ans .interaction .in.download "
          ".ans.download .desc .hint .png .jpg .jpeg .svg)");
    const std::string name = rel.substr(0, rel.size() - ext.size());
    SourceTest& test = tests[name];
    test.group = group;
    test.name = name;
    test.files[ext] = path;
  }
  for (auto& [name, test] : tests) {
    if (!test.has(".in"))
      throw ExportError("testdata/" + group + "/" + name + ": has no .in file (it has " +
                        test.files.begin()->first + ")");
    if (group == "sample" && !test.has(".interaction"))
      throw ExportError("testdata/sample/" + name +
                        ": an interactive sample needs its .interaction transcript");
    out.push_back(std::move(test));
  }
}

void read_submissions(const fs::path& root, std::vector<SourceSubmission>& out,
                      std::vector<std::string>& warnings) {
  const fs::path dir = root / "solutions";
  if (!fs::is_directory(dir)) throw ExportError("solutions/: missing");
  std::vector<fs::path> verdict_dirs;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_directory() && !hidden(entry.path())) verdict_dirs.push_back(entry.path());
  std::sort(verdict_dirs.begin(), verdict_dirs.end());
  for (const fs::path& verdict_dir : verdict_dirs) {
    const std::string verdict = verdict_dir.filename().string();
    if (std::find(kVerdicts.begin(), kVerdicts.end(), verdict) == kVerdicts.end())
      throw ExportError("solutions/" + verdict + "/: not a verdict directory (expected one of " +
                        "accepted, wrong_answer, time_limit_exceeded, run_time_error)");
    std::vector<SourceSubmission> programs;
    for (const auto& entry : fs::directory_iterator(verdict_dir)) {
      if (hidden(entry.path()) || (!entry.is_directory() && documentation(entry.path()))) continue;
      const std::string where = "solutions/" + verdict + "/" + entry.path().filename().string();
      std::string language;
      if (entry.is_directory()) {  // a multi-file submission: one language for all its files
        for (const auto& file : fs::recursive_directory_iterator(entry.path()))
          if (file.is_regular_file() && !hidden(file.path()) && language.empty())
            language = language_of(file.path());
      } else {
        language = language_of(entry.path());
      }
      if (language.empty()) {
        warnings.push_back(where +
                           ": left out: not in a language judge run can run (C, C++, Python 3, "
                           "Java), so the package cannot vouch for its verdict");
        continue;
      }
      programs.push_back({verdict, entry.path(), language});
    }
    std::sort(programs.begin(), programs.end(),
              [](const SourceSubmission& a, const SourceSubmission& b) { return a.path < b.path; });
    for (SourceSubmission& program : programs) out.push_back(std::move(program));
  }
  if (std::none_of(out.begin(), out.end(),
                   [](const SourceSubmission& s) { return s.verdict == "accepted"; }))
    throw ExportError(
        "solutions/accepted/: every format requires at least one accepted submission");
}

fs::path required_file(const fs::path& path, const std::string& what) {
  if (!fs::is_regular_file(path)) throw ExportError(path.string() + ": missing (" + what + ")");
  return path;
}

}  // namespace

const std::vector<std::string>& test_file_extensions() {
  static const std::vector<std::string> extensions = {
      ".in",   ".ans", ".interaction", ".in.download", ".ans.download", ".desc",
      ".hint", ".png", ".jpg",         ".jpeg",        ".svg"};
  return extensions;
}

std::vector<const SourceTest*> SourcePackage::group(const std::string& name) const {
  std::vector<const SourceTest*> out;
  for (const SourceTest& test : tests)
    if (test.group == name) out.push_back(&test);
  return out;
}

std::string read_text(const fs::path& path) {
  const std::optional<std::string> text = read_file(path);
  if (!text) throw ExportError(path.string() + ": cannot read");
  return *text;
}

namespace {

std::shared_ptr<const PreparedTest> prepared(const SourcePackage& source, const fs::path& input) {
  try {
    return source.module->parse_test(read_text(input), "");
  } catch (const TestFileError& e) {
    throw ExportError(input.string() + ": " + e.what());
  }
}

// export/phrases.yaml: every key optional, each a Markdown fragment.
ExportPhrases read_phrases(const fs::path& root) {
  ExportPhrases phrases;
  phrases.test_parts = "the lines the judge sends first, then the judge's own lines";
  phrases.answer = "the answer file the module writes";
  phrases.judge_lines_detail = "the judge's own lines";
  phrases.view_alone = "the lines the judge sends first";
  phrases.test_2025 =
      "the lines the judge sends first, then lines for the judge alone (its own settings)";
  phrases.legacy_validator = "the input validator (exit 42 valid, 43 invalid).";
  phrases.legacy_test_data =
      "each `.in` is a whole test file, which only the interactor reads; each `.ans` is the "
      "answer file the interactor is given beside it.";
  phrases.legacy_downloads = "the samples (`data/sample/`: each `.in` and `.ans`).";
  const fs::path file = root / "export" / "phrases.yaml";
  if (!fs::exists(file)) return phrases;
  const YamlReader reader("export/phrases.yaml");
  const YAML::Node yaml = reader.load(file);
  if (!yaml.IsMap()) reader.fail("expected a map of phrases, found " + YamlReader::kind(yaml));
  const std::vector<std::pair<const char*, std::string*>> keys = {
      {"test_parts", &phrases.test_parts},
      {"answer", &phrases.answer},
      {"judge_lines_detail", &phrases.judge_lines_detail},
      {"view_alone", &phrases.view_alone},
      {"test_2025", &phrases.test_2025},
      {"legacy_validator", &phrases.legacy_validator},
      {"legacy_test_data", &phrases.legacy_test_data},
      {"legacy_downloads", &phrases.legacy_downloads},
      {"view_only_flag", &phrases.view_only_flag},
      {"legacy_sample_comment", &phrases.legacy_sample_comment},
      {"solution_times", &phrases.solution_times}};
  std::vector<std::string> known;
  for (const auto& key : keys) known.push_back(key.first);
  reader.only_known(yaml, "", known);
  for (const auto& key : keys) {
    const YAML::Node node = YamlReader::child(yaml, key.first);
    if (!node) continue;
    if (!node.IsScalar())
      reader.fail(node, key.first, "expected a text, found " + YamlReader::kind(node));
    *key.second = node.Scalar();
  }
  return phrases;
}

// Where the single files' sources are: the package root or the nearest directory above it
// holding judge/transports/ (examples/mastermind lies in the toolkit's repository), else the
// source directory the build was configured from.
fs::path toolkit_root(const fs::path& root, const fs::path& build_dir) {
  for (fs::path dir = fs::absolute(root).lexically_normal(); !dir.empty();
       dir = dir.parent_path()) {
    if (fs::is_directory(dir / "judge" / "transports")) return dir;
    if (dir == dir.parent_path()) break;
  }
  const std::optional<std::string> cache = read_file(build_dir / "CMakeCache.txt");
  const std::string key = "\nCMAKE_HOME_DIRECTORY:INTERNAL=";
  if (cache) {
    const std::size_t at = cache->find(key);
    if (at != std::string::npos) {
      const std::size_t from = at + key.size();
      return cache->substr(from, cache->find('\n', from) - from);
    }
  }
  return root;
}

}  // namespace

std::string answer_text(const SourcePackage& source, const fs::path& input) {
  return source.module->answer_file(*prepared(source, input));
}

std::string judge_lines(const SourcePackage& source, const fs::path& input) {
  const std::string text = read_text(input);
  const std::string view = view_text(source, input);
  if (text.compare(0, view.size(), view) != 0)
    throw ExportError(input.string() + ": does not start with what the contestant sees of it");
  return text.substr(view.size());
}

std::string view_text(const SourcePackage& source, const fs::path& input) {
  return source.module->contestant_view(*prepared(source, input));
}

SourcePackage read_source_package(const fs::path& root, const fs::path& build_dir,
                                  bool exhaustive) {
  SourcePackage package;
  package.root = root;
  const fs::path yaml = required_file(root / "problem.yaml", "the problem description");
  try {
    package.config = load_problem_yaml(yaml);
  } catch (const std::exception& e) {
    throw ExportError(e.what());
  }
  if (package.config.type != "interactive")
    throw ExportError("problem.yaml: type: the exports are written for an interactive problem");
  try {
    package.module = &package_problem_module(root);
    package.short_name = package_short_name(root, package.config.name);
    package.phrases = read_phrases(root);
  } catch (const std::exception& e) {
    throw ExportError(e.what());
  }
  package.toolkit_root = toolkit_root(root, build_dir);

  for (const std::string& group : kGroups) read_group(root, group, package.tests);
  if (package.group("secret").empty()) throw ExportError("testdata/secret/: no test cases");
  if (exhaustive) {
    read_group(root, "exhaustive", package.tests);
    if (package.group("exhaustive").empty())
      throw ExportError("testdata/exhaustive/: no test cases (--exhaustive exports them)");
  }
  read_submissions(root, package.submissions, package.warnings);

  const std::string build_hint = " — build first: cmake --build " + build_dir.string();
  const fs::path single = build_dir / "interactor" / package.module->single_file_dir();
  package.interactor =
      required_file(single / "interactor.cpp", "the single-file interactor" + build_hint);
  package.interactor_testlib = required_file(single / "interactor_testlib.cpp",
                                             "the single-file testlib interactor" + build_hint);
  package.input_validator =
      required_file(single / "input_validator.cpp", "the single-file input validator" + build_hint);
  package.interactor_uoj =
      required_file(single / "interactor_uoj.cpp", "the single-file UOJ interactor" + build_hint);
  package.cms_manager =
      required_file(single / "cms_manager.cpp", "the single-file CMS manager" + build_hint);
  package.cms_manager_binary =
      required_file(single / "cms_manager", "the compiled CMS manager" + build_hint);
  std::vector<fs::path> generated = {package.interactor, package.interactor_testlib,
                                     package.input_validator, package.interactor_uoj,
                                     package.cms_manager};
  // The testlib input validator is Entrapment's alone: a module may have none.
  if (fs::is_regular_file(single / "input_validator_testlib.cpp")) {
    package.input_validator_testlib = single / "input_validator_testlib.cpp";
    generated.insert(generated.begin() + 3, package.input_validator_testlib);
  }
  for (const fs::path& file : generated) check_single_file(file, package.toolkit_root, build_dir);
  // The manager is compiled from its single file by the build: never older than it.
  std::error_code error;
  if (fs::last_write_time(package.cms_manager_binary, error) <
      fs::last_write_time(package.cms_manager, error))
    throw ExportError(package.cms_manager_binary.string() + ": older than " +
                      package.cms_manager.string() + build_hint);
  package.testlib_checker =
      required_file(package.toolkit_root / "judge" / "transports" / "testlib_checker.cpp",
                    "the checker of the testlib interactor's log");
  const fs::path statement =
      required_file(root / "statement" / "statement.en.md", "the statement's source");
  package.statement = parse_statement(read_text(statement), "statement/statement.en.md");
  const fs::path attachments = root / "attachments";
  if (fs::is_directory(attachments)) {
    for (const auto& entry : fs::directory_iterator(attachments)) {
      if (hidden(entry.path())) continue;
      if (!entry.is_regular_file())
        throw ExportError(entry.path().string() + ": attachments must be plain files");
      package.attachments.push_back(entry.path());
    }
    std::sort(package.attachments.begin(), package.attachments.end());
  }
  return package;
}

}  // namespace entrapment
