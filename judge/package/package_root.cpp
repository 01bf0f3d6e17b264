#include "package_root.hpp"

#include <sys/stat.h>

namespace entrapment {

namespace fs = std::filesystem;

namespace {

fs::path absolute_normal(const fs::path& path, const fs::path& base) {
  return (path.is_absolute() ? path : base / path).lexically_normal();
}

// A root named by the user must be a directory with problem.yaml or testdata/ (a package being
// set up may lack one of them; the command that needs it says so).
PackageRoot named_root(const std::string& value, const std::string& origin, const fs::path& base) {
  const std::string how = origin == "--root" ? "--root " + value : origin + "=" + value;
  std::error_code error;
  fs::path path = absolute_normal(value, base);
  if (path.has_filename() == false && path != path.root_path()) path = path.parent_path();
  if (!fs::is_directory(path, error)) throw PackageRootError(how + ": no such directory");
  if (!fs::is_regular_file(path / "problem.yaml", error) &&
      !fs::is_directory(path / "testdata", error))
    throw PackageRootError(how +
                           ": not a package root: it holds neither problem.yaml nor testdata/");
  return {path, origin};
}

}  // namespace

bool is_package_root(const fs::path& dir) {
  std::error_code error;
  return fs::is_regular_file(dir / "problem.yaml", error) &&
         fs::is_directory(dir / "testdata", error);
}

// Whether everyone may write to `dir` (/tmp): anyone could have made it look like a package.
static bool open_to_all(const fs::path& dir) {
  struct stat info {};
  return ::stat(dir.c_str(), &info) == 0 && (info.st_mode & S_IWOTH);
}

// The nearest directory at or above `start` that is a package, or an empty path. Never one
// everyone may write to: a local user's /tmp/problem.yaml and /tmp/testdata/ made root's judge,
// started under /tmp, judge (and without bwrap run as root) what they planted.
static fs::path package_upward(const fs::path& start, fs::path* passed_over = nullptr) {
  for (fs::path dir = start;; dir = dir.parent_path()) {
    if (is_package_root(dir) && !open_to_all(dir)) return dir;
    if (is_package_root(dir) && passed_over && passed_over->empty()) *passed_over = dir;
    if (dir == dir.root_path() || dir.parent_path() == dir) return {};
  }
}

PackageRoot find_package_root(const std::string& option, const char* environment,
                              const fs::path& working_dir, const fs::path& program) {
  if (!option.empty()) return named_root(option, "--root", working_dir);
  if (environment && *environment) return named_root(environment, "ENTRAPMENT_ROOT", working_dir);
  const fs::path start = absolute_normal(working_dir, fs::current_path());
  fs::path passed_over;
  if (fs::path found = package_upward(start, &passed_over); !found.empty())
    return {found, "found upward from the working directory"};
  if (!program.empty()) {
    if (fs::path found = package_upward(absolute_normal(program, start).parent_path());
        !found.empty())
      return {found, "the package " + program.filename().string() + " was built in"};
  }
  throw PackageRootError(
      "no package here: neither " + start.string() +
      " nor any directory above it holds problem.yaml and testdata/" +
      (passed_over.empty() ? ""
                           : " (" + passed_over.string() +
                                 " does, but everyone may write to it: anyone could have put "
                                 "them there)") +
      "; run inside the package, or name it with --root DIR or ENTRAPMENT_ROOT=DIR");
}

}  // namespace entrapment
