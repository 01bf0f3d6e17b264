#include "contest_set.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "description.hpp"
#include "selection_file.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

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

}  // namespace

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

std::string kill_table_file(const std::string& selection_file) {
  const std::size_t dot = selection_file.rfind('.');
  return (dot == std::string::npos ? selection_file : selection_file.substr(0, dot)) + ".kills.md";
}

}  // namespace entrapment
