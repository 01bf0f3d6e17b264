#include "generate.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "any_problem.hpp"
#include "description.hpp"
#include "package/problem_modules.hpp"
#include "selection_file.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The directories under testdata/ whose every file is generated: any problem's, or those of
// a module with generator families (its exhaustive tier too).
std::vector<std::string> generated_directories(const ProblemModule& module) {
  if (module.has_generator_families())
    return {std::begin(kGeneratedDirectories), std::end(kGeneratedDirectories)};
  return {std::begin(kAnyProblemDirectories), std::end(kAnyProblemDirectories)};
}

// Every file now under the generated directories, relative to the root.
std::set<std::string> existing_files(const fs::path& root, const std::vector<std::string>& dirs) {
  std::set<std::string> out;
  for (const std::string& dir : dirs) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (!e.is_directory()) out.insert(e.path().lexically_relative(root).generic_string());
  }
  return out;
}

// Removes directories left empty under the generated ones, deepest first.
void remove_empty_directories(const fs::path& root, const std::vector<std::string>& dirs) {
  for (const std::string& dir : dirs) {
    const fs::path base = root / "testdata" / dir;
    if (!fs::exists(base)) continue;
    std::vector<fs::path> dirs;
    for (const fs::directory_entry& e : fs::recursive_directory_iterator(base))
      if (e.is_directory()) dirs.push_back(e.path());
    for (auto it = dirs.rbegin(); it != dirs.rend(); ++it)
      if (fs::is_empty(*it)) fs::remove(*it);
  }
}

// Compares `files` with what is on disk and, unless checking, writes what differs.
void compare_and_write(const fs::path& root, const FileSet& files, bool check_only,
                       GenerateReport& report) {
  for (const auto& [path, bytes] : files) {
    const std::optional<std::string> now = read_file(root / path);
    if (now && *now == bytes) continue;
    (now ? report.differing : report.missing).push_back(path);
    if (!check_only) {
      write_file(root / path, bytes);
      report.written.push_back(path);
    }
  }
}

// The number a selection's name starts with ("012-r3-..." is 12), or 0.
int leading_number(const std::string& name) {
  int number = 0;
  std::size_t i = 0;
  for (; i < name.size() && i < 9 && name[i] >= '0' && name[i] <= '9'; ++i)
    number = number * 10 + (name[i] - '0');
  return i > 0 && i < name.size() && name[i] == '-' ? number : 0;
}

// The selection `file` holds now, when it reads: an unreadable one is chosen afresh.
std::optional<SelectionFileContents> previous_selection(const fs::path& file,
                                                        const std::string& shown) {
  if (!fs::exists(file)) return std::nullopt;
  try {
    return read_selection(file, shown);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// Test names stay put: a test the previous selection chose keeps its name, and a test new to
// the set is numbered after every name the previous one used. Tests, tables and reports quote
// these names.
void keep_previous_names(Selection& selection, const SelectionFileContents& previous) {
  std::map<std::string, std::string> name_of;
  int last = 0;
  for (const SelectionEntry& entry : previous.tests) {
    name_of.emplace(line_key(entry.line), entry.name);
    last = std::max(last, leading_number(entry.name));
  }
  std::set<std::string> taken;
  for (SelectedTest& test : selection.tests) {
    if (test.hand) continue;
    const auto kept = name_of.find(line_key(test.line));
    if (kept != name_of.end()) {
      test.name = kept->second;
      taken.insert(test.name);
    }
  }
  for (SelectedTest& test : selection.tests) {
    if (test.hand || taken.count(test.name)) continue;
    // "NNN-rest": the number replaced, the rest (board and adversary) kept.
    const std::size_t dash = test.name.find('-');
    std::string number = std::to_string(++last);
    number.insert(0, number.size() < 3 ? 3 - number.size() : 0, '0');
    test.name = number + (dash == std::string::npos ? "" : test.name.substr(dash));
  }
}

// Which tests of `previous` (its chosen and its hand-written ones) `now` keeps, adds and drops.
SelectionChange change_between(const std::optional<SelectionFileContents>& previous,
                               const Selection& now) {
  std::set<std::string> before;
  std::vector<std::string> order;
  if (previous) {
    for (const CountedHandTest& h : previous->hand) order.push_back(h.name);
    for (const SelectionEntry& e : previous->tests) order.push_back(e.name);
  }
  before.insert(order.begin(), order.end());
  SelectionChange change;
  std::set<std::string> after;
  for (const SelectedTest& t : now.tests) {
    after.insert(t.name);
    (before.count(t.name) ? change.kept : change.added).push_back(t.name);
  }
  for (const std::string& name : order)
    if (!after.count(name)) change.dropped.push_back(name);
  return change;
}

// The selection file and its kill table, recomputed from the corpus and the candidates: every
// test of the previous selection kept unless `reselect`.
FileSet recompute_selection(const fs::path& root, bool reselect, SelectionChange& change) {
  const Description before = describe_testdata(root, SelectionFile::Optional);
  if (!before.select)
    throw std::runtime_error(
        "testdata/generators.yaml: --select needs data.secret.select (the contest selection's "
        "parameters)");
  const SelectParams& params = *before.select;
  std::vector<Candidate> exhaustive;
  const std::string prefix = "testdata/exhaustive/";
  for (const auto& [path, line] : before.lines)
    if (path.compare(0, prefix.size(), prefix) == 0)
      exhaustive.push_back({line, path.substr(std::string("testdata/").size(),
                                              path.size() - std::string("testdata/").size() - 3)});
  const std::optional<SelectionFileContents> previous =
      previous_selection(root / "testdata" / params.file, "testdata/" + params.file);
  std::vector<KeptTest> kept;
  if (previous && !reselect)
    for (const SelectionEntry& entry : previous->tests)
      kept.push_back({entry.name, entry.line, reasons_in(entry.desc)});
  Selection selection;
  try {
    selection = select_contest_set(candidate_pool(exhaustive, params), params, before.hand, kept);
  } catch (const std::runtime_error& e) {
    if (kept.empty()) throw;
    throw std::runtime_error(std::string(e.what()) + " (it keeps the " +
                             std::to_string(kept.size()) +
                             " tests of the previous selection; `judge generate --reselect` "
                             "chooses the whole set anew)");
  }
  if (previous) keep_previous_names(selection, *previous);
  change = change_between(previous, selection);
  for (const SelectedTest& chosen : selection.tests)
    for (const HandTest& hand : before.hand)
      if (!chosen.hand && chosen.name == hand.name)
        throw std::runtime_error("testdata/generators.yaml: data.secret.data." + hand.name +
                                 ": the selection names one of its tests " + chosen.name +
                                 " too; give the hand-written test another name");
  return {{"testdata/" + params.file, selection_yaml(selection, params, before.hand)},
          {"testdata/" + kill_table_file(params.file), kill_table_markdown(selection, params)}};
}

}  // namespace

std::string kill_table_file(const std::string& selection_file) {
  const std::size_t dot = selection_file.rfind('.');
  return (dot == std::string::npos ? selection_file : selection_file.substr(0, dot)) + ".kills.md";
}

GenerateReport generate_testdata(const fs::path& root, bool check_only) {
  GenerateOptions options;
  options.check_only = check_only;
  return generate_testdata(root, options);
}

GenerateReport generate_testdata(const fs::path& root, const GenerateOptions& options) {
  return generate_testdata(root, package_problem_module(root), options);
}

GenerateReport generate_testdata(const fs::path& root, const ProblemModule& module,
                                 const GenerateOptions& options) {
  GenerateReport report;
  const bool families = module.has_generator_families();
  if (options.select || options.reselect) {
    if (!families)
      throw std::runtime_error(
          "--select and --reselect choose a contest set from generator families, and the " +
          module.name() +
          " module has none: its tests are the ones testdata/generators.yaml lists");
    report.selection.emplace();
    compare_and_write(root, recompute_selection(root, options.reselect, *report.selection),
                      options.check_only, report);
  }
  const FileSet files =
      families ? describe_testdata(root).files : describe_any_problem_testdata(root, module);
  const std::vector<std::string> dirs = generated_directories(module);
  std::set<std::string> extra = existing_files(root, dirs);
  for (const auto& [path, bytes] : files) extra.erase(path);
  compare_and_write(root, files, options.check_only, report);
  report.extra.assign(extra.begin(), extra.end());
  if (!options.check_only && options.clean) {
    for (const std::string& path : report.extra) {
      fs::remove(root / path);
      report.removed.push_back(path);
    }
    remove_empty_directories(root, dirs);
  }
  return report;
}

}  // namespace entrapment
