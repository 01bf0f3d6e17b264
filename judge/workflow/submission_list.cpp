#include "submission_list.hpp"

#include <algorithm>

#include "package/verdict_directories.hpp"
#include "submissions/submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

std::vector<fs::path> sorted_entries(const fs::path& dir) {
  std::vector<fs::path> entries;
  for (const auto& entry : fs::directory_iterator(dir)) entries.push_back(entry.path());
  std::sort(entries.begin(), entries.end());
  return entries;
}

// Neither follows a symbolic link nor throws (a link that leads to itself has no status).
bool is_link(const fs::path& path) {
  std::error_code error;
  return fs::is_symlink(fs::symlink_status(path, error));
}
bool is_directory_here(const fs::path& path) {
  std::error_code error;
  return fs::is_directory(path, error);
}

// How a path a walk leaves out is listed: a directory with "/" after it, a link said so.
std::string listed(const std::string& name, const fs::path& path) {
  if (is_link(path)) return name + " (a symbolic link)";
  return name + (is_directory_here(path) ? "/" : "");
}

// The submissions directly in `dir`, named from `base`. In a verdict directory (the problem
// package format's layout says so) each source, executable and directory of sources is one;
// anywhere else only sources are (by their extension): an executable or a directory there may
// be anything (a script of the package's own, a build directory). A symbolic link is never one:
// it could lead anywhere (to a test, whose bytes a compile error would show); a user who means
// what it leads to names it on the command line.
void add_files(const fs::path& dir, const fs::path& base, const Expectation& expected,
               bool verdict_directory, std::vector<SubmissionTarget>& out,
               std::vector<std::string>& ignored) {
  for (const fs::path& entry : sorted_entries(dir)) {
    const std::string name = entry.lexically_relative(base).string();
    if (!is_link(entry) && (verdict_directory ? is_submission_file(entry) : is_source_file(entry)))
      out.push_back({entry, name, expected});
    else
      ignored.push_back(listed(name, entry));
  }
}

bool holds_verdict_directories(const fs::path& dir) {
  std::error_code error;
  Expectation ignored;
  for (const auto& entry : fs::directory_iterator(dir, error))
    if (entry.is_directory(error) &&
        directory_expectation(entry.path().filename().string(), ignored))
      return true;
  return false;
}

}  // namespace

Expectation expectation_of(const fs::path& file) {
  Expectation expected;
  fs::path path = fs::absolute(file).lexically_normal();
  if (!path.has_filename()) path = path.parent_path();  // "dir/"
  const fs::path parent = path.parent_path();
  if (!directory_expectation(parent.filename().string(), expected)) expected = Expectation{};
  return expected;
}

bool is_directory_submission(const fs::path& dir) {
  std::error_code error;
  Expectation ignored;
  const fs::path clean = fs::absolute(dir).lexically_normal();
  const fs::path path = clean.has_filename() ? clean : clean.parent_path();
  if (!fs::is_directory(path, error) || !is_submission_file(path)) return false;
  return directory_expectation(path.parent_path().filename().string(), ignored) ||
         (!directory_expectation(path.filename().string(), ignored) &&
          !holds_verdict_directories(path) && is_one_program(path));
}

std::vector<SubmissionTarget> find_submissions(const fs::path& given,
                                               std::vector<std::string>& ignored) {
  const fs::path dir = fs::absolute(given).lexically_normal();
  const fs::path clean = dir.has_filename() ? dir : dir.parent_path();
  std::vector<SubmissionTarget> found;
  Expectation expected;
  if (directory_expectation(clean.filename().string(), expected)) {
    add_files(clean, clean.parent_path(), expected, true, found, ignored);
    return found;
  }
  // A package's root: its solutions/ (the rest of a package is no submission).
  if (!holds_verdict_directories(clean) && fs::is_regular_file(clean / "problem.yaml") &&
      fs::is_directory(clean / "solutions") && holds_verdict_directories(clean / "solutions")) {
    for (const fs::path& entry : sorted_entries(clean))
      if (entry.filename() != "solutions")
        ignored.push_back(listed(entry.lexically_relative(clean).string(), entry));
    std::vector<std::string> left_out;
    std::vector<SubmissionTarget> inside = find_submissions(clean / "solutions", left_out);
    for (SubmissionTarget& target : inside) target.name = "solutions/" + target.name;
    for (const std::string& name : left_out) ignored.push_back("solutions/" + name);
    return inside;
  }
  std::vector<fs::path> verdict_dirs;
  for (const fs::path& entry : sorted_entries(clean))
    if (is_directory_here(entry) && directory_expectation(entry.filename().string(), expected))
      verdict_dirs.push_back(entry);
  if (verdict_dirs.empty()) {
    add_files(clean, clean, Expectation{}, false, found, ignored);
    return found;
  }
  std::stable_sort(
      verdict_dirs.begin(), verdict_dirs.end(), [](const fs::path& a, const fs::path& b) {
        return directory_order(a.filename().string()) < directory_order(b.filename().string());
      });
  for (const fs::path& entry : sorted_entries(clean))
    if (std::find(verdict_dirs.begin(), verdict_dirs.end(), entry) == verdict_dirs.end())
      ignored.push_back(listed(entry.lexically_relative(clean).string(), entry));
  for (const fs::path& verdict_dir : verdict_dirs) {
    directory_expectation(verdict_dir.filename().string(), expected);
    add_files(verdict_dir, clean, expected, true, found, ignored);
  }
  return found;
}

}  // namespace entrapment
