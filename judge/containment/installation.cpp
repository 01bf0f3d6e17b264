#include "installation.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "support/shared_path.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The package set_package_for_containment named (empty: none yet).
SharedPath package_dir;

// Every user's home directory, read once (getpwent is not reentrant: under a once-flag).
const std::set<fs::path>& home_directories() {
  static const std::set<fs::path> homes = [] {
    std::set<fs::path> found;
    ::setpwent();
    while (const passwd* entry = ::getpwent())
      if (entry->pw_dir && entry->pw_dir[0] == '/')
        found.insert(fs::path(entry->pw_dir).lexically_normal());
    ::endpwent();
    return found;
  }();
  return homes;
}

// `dir` is `inner` or holds it.
bool holds(const fs::path& dir, const fs::path& inner) {
  const fs::path relative = inner.lexically_normal().lexically_relative(dir);
  return !relative.empty() && *relative.begin() != "..";
}

// Whether `prefix` holds the rest of an interpreter whose bin/ it is.
bool is_installation(const fs::path& prefix) {
  std::error_code ec;
  if (fs::exists(prefix / "lib-python", ec)) return true;  // PyPy before 3.8
  for (fs::directory_iterator it(prefix / "lib", ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if ((name.rfind("python", 0) == 0 || name.rfind("pypy", 0) == 0) && it->is_directory(ec) &&
        name.find('.') != std::string::npos)
      return true;  // lib/python3.11, lib/pypy3.9
  }
  return fs::is_regular_file(prefix / "release", ec) && fs::exists(prefix / "lib" / "modules", ec);
}

}  // namespace

void set_package_for_containment(const fs::path& root) {
  package_dir.set(fs::absolute(root).lexically_normal());
}

fs::path package_for_containment() { return package_dir.get(); }

bool never_shown_whole(const fs::path& given) {
  const fs::path dir = fs::absolute(given).lexically_normal();
  if (dir == dir.root_path()) return true;
  for (const char* machine : {"/tmp", "/var", "/var/tmp", "/dev", "/dev/shm", "/run", "/proc",
                              "/sys", "/home", "/root", "/srv", "/mnt", "/media", "/opt"})
    if (dir == machine) return true;
  std::vector<fs::path> inside;
  std::error_code cwd_error;
  if (const fs::path cwd = fs::current_path(cwd_error); !cwd_error) inside.push_back(cwd);
  if (const char* home = std::getenv("HOME"); home && *home == '/') inside.push_back(home);
  for (const fs::path& home : home_directories()) inside.push_back(home);
  if (const fs::path package = package_dir.get(); !package.empty()) inside.push_back(package);
  if (const char* root = std::getenv("ENTRAPMENT_ROOT"); root && *root == '/')
    inside.push_back(root);
  for (const fs::path& place : inside) {
    std::error_code ec;
    const fs::path real = fs::weakly_canonical(place, ec);
    if (holds(dir, place) || (!ec && holds(dir, real))) return true;
  }
  return false;
}

fs::path installation_of(const fs::path& executable) {
  const fs::path bin = executable.parent_path();
  if (bin.filename() != "bin" || !bin.has_parent_path()) return executable;
  const fs::path prefix = bin.parent_path();
  if (never_shown_whole(prefix) || !is_installation(prefix)) return executable;
  return prefix;
}

std::vector<fs::path> installation_shown(const fs::path& executable) {
  const fs::path prefix = installation_of(executable);
  if (prefix == executable) return {executable};
  std::vector<fs::path> parts;
  std::error_code ec;
  for (const char* part : {"bin", "lib", "lib64", "include", "conf", "release"})
    if (fs::exists(prefix / part, ec)) parts.push_back(prefix / part);
  return parts;
}

}  // namespace entrapment
