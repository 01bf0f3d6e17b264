#include "staging.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>

#include "box/sandbox_choice.hpp"
#include "box_process.hpp"
#include "file_copy.hpp"
#include "installation.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// What a staged directory may hold: a class directory is small; a command line that names a
// home directory by mistake must not copy it.
constexpr std::uintmax_t kMaxStagedBytes = std::uintmax_t{256} << 20;
constexpr int kMaxStagedEntries = 10000;

// Programs that run a file named after them, rather than being the program.
bool is_interpreter_name(const std::string& name) {
  static const char* const kNames[] = {"python", "pypy",    "java",  "kotlin", "node", "nodejs",
                                       "ruby",   "perl",    "php",   "lua",    "bash", "sh",
                                       "dash",   "Rscript", "scala", "julia"};
  for (const char* n : kNames) {
    const std::string prefix = n;
    if (name == prefix) return true;
    // python3, python3.11, pypy3, lua5.4
    if (name.rfind(prefix, 0) == 0 &&
        name.find_first_not_of("0123456789.", prefix.size()) == std::string::npos)
      return true;
  }
  return false;
}

// Whether `file` is an ELF program (an interpreter itself, not a shim that runs one). A FIFO
// or a terminal is neither, and opening it must not wait.
bool is_elf(const fs::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return false;
  struct stat info {};
  char magic[4] = {};
  const bool elf = ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && ::read(fd, magic, 4) == 4 &&
                   std::memcmp(magic, "\177ELF", 4) == 0;
  ::close(fd);
  return elf;
}

// What a shim that runs some Python (pyenv's are scripts) says sys.executable is; "" when it
// does not say. The contestant named it: asked only in a sandboxed box (doc/execution.md),
// with the shim's directory or the one above it (pyenv's root) in view, never a place above
// that, under a box's limits; once per interpreter (resolve_interpreter() keeps the answer).
std::string python_executable(const std::string& interpreter) {
  if (!sandbox_absence().empty()) return "";
  const fs::path shim = fs::absolute(interpreter).lexically_normal();
  fs::path shown = shim;
  for (const fs::path& dir : {shim.parent_path().parent_path(), shim.parent_path()})
    if (!in_system_directories(dir) && !never_shown_whole(dir)) {
      shown = dir;
      break;
    }
  BoxLimits limits;
  limits.cpu_s = limits.wall_s = 10;
  limits.memory_mib = 1024;
  limits.max_output_bytes = 0;
  ProcessOptions options;
  options.require = Isolation::Bwrap;
  options.staged = false;
  if (!in_system_directories(shown)) options.read_only = {shown.string()};
  std::string answer;
  try {
    BoxedProcess asked({shim.string(), "-c", "import sys; print(sys.executable)"}, limits, options);
    asked.close_stdin();
    char chunk[4096];
    for (;;) {
      pollfd fd{asked.stdout_fd(), POLLIN, 0};
      if (::poll(&fd, 1, 10000) <= 0) break;
      const ssize_t n = ::read(asked.stdout_fd(), chunk, sizeof chunk);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      answer.append(chunk, static_cast<std::size_t>(n));
      if (answer.size() > 4096) break;  // no path is that long: one answering on ate memory
    }
    asked.stop();
  } catch (const std::exception&) {
    return "";
  }
  answer = without_line_ends(answer);
  if (answer.find('\n') != std::string::npos || answer.empty() || answer[0] != '/') answer.clear();
  return answer;
}

// A file into the scratch directory: a hard link when that shows nothing more (everyone may
// already read, and run, it) and changes nothing (the contestant, a user of its own, cannot
// write to it: a link is the same file, and a contestant running as the file's owner could
// rewrite the submission itself); a copy otherwise, made readable (and runnable). A symbolic
// link the command line names is staged as the file it leads to (a link of a link would lead
// nowhere in the scratch directory).
void stage_file(const fs::path& given, const fs::path& to, bool executable, bool own_user) {
  std::error_code ec;
  const fs::path from = fs::canonical(given, ec);
  if (ec) throw StageError("cannot stage " + given.string() + ": " + ec.message());
  struct stat st;
  if (::stat(from.c_str(), &st) != 0)
    throw StageError("cannot stage " + given.string() + ": " + std::strerror(errno));
  const mode_t wanted = executable ? 0005 : 0004;
  const bool linkable = own_user && (st.st_uid == 0 || st.st_uid == ::geteuid()) &&
                        (st.st_mode & 0022) == 0 && (st.st_mode & wanted) == wanted;
  if (linkable && ::link(from.c_str(), to.c_str()) == 0) return;
  try {
    copy_regular_file(from, to, executable || (st.st_mode & 0111) ? 0755 : 0644);
  } catch (const CopyError& e) {
    throw StageError(std::string("cannot stage: ") + e.what());
  }
}

// A directory as stage_file() stages each file in it, bounded as a copy is (file_copy.hpp).
// What is inside is staged as it is: a symbolic link there is not followed (it could lead to
// what the contestant's user must not read).
void stage_directory(const fs::path& from, const fs::path& to, bool own_user) {
  try {
    copy_directory(from, to, 0644, 0755, {kMaxStagedBytes, kMaxStagedEntries},
                   [&](const fs::path& file, const fs::path& target) {
                     stage_file(file, target, false, own_user);
                   });
  } catch (const CopyError& e) {
    throw StageError(std::string("cannot stage: ") + e.what());
  }
}

// The files beside an interpreter's script that it may import (sources of its language:
// `helper.py` next to `__main__.py` in a Python directory submission), at most
// kMaxModules of them and kMaxStagedBytes in all; none when there are more (a script in a
// crowded home directory runs alone, as before).
constexpr std::size_t kMaxModules = 100;

std::vector<fs::path> modules_beside(const fs::path& script) {
  std::vector<fs::path> found;
  const fs::path extension = script.extension();
  if (extension.empty()) return found;
  std::uintmax_t bytes = 0;
  std::error_code ec;
  for (fs::directory_iterator it(script.parent_path(), ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->path() == script || it->path().extension() != extension || !it->is_regular_file(ec))
      continue;
    bytes += it->file_size(ec);
    found.push_back(it->path());
    if (ec || found.size() > kMaxModules || bytes > kMaxStagedBytes) return {};
  }
  return found;
}

// A fresh name in the scratch directory for `path`'s file name.
fs::path staged_name(const fs::path& scratch, const fs::path& path) {
  const std::string name = path.filename().empty() ? "staged" : path.filename().string();
  fs::path target = scratch / name;
  std::error_code ec;
  for (int i = 2; fs::exists(fs::symlink_status(target, ec)); ++i)
    target = scratch / (std::to_string(i) + "-" + name);
  return target;
}

struct ResolvedInterpreter {
  std::string path;                    // empty: cannot run (see `why`)
  std::vector<std::string> read_only;  // its installation's parts, outside the system's
  std::string why;
};

// "" when everyone may search every directory from `installation` down to `executable` and run
// it: what the contestant's own user needs when the installation (or the interpreter's file
// alone, installation.hpp) is mounted at its own path in a root of its own, where the
// directories above it are made anew, open to all. Otherwise what stops it.
std::string closed_below(const fs::path& installation, const fs::path& executable) {
  std::vector<fs::path> steps = {installation};
  if (installation != executable) {
    const fs::path relative = executable.lexically_normal().lexically_relative(installation);
    if (relative.empty() || *relative.begin() == "..") return executable.string() + " is elsewhere";
    for (const fs::path& part : relative) steps.push_back(steps.back() / part);
  }
  for (const fs::path& step : steps) {
    struct stat info {};
    if (::stat(step.c_str(), &info) != 0) return step.string() + ": " + std::strerror(errno);
    const bool last = step == steps.back();
    const mode_t wanted = last ? (S_IXOTH | S_IROTH) : S_IXOTH;
    if ((info.st_mode & wanted) != wanted || (last && !S_ISREG(info.st_mode))) {
      char mode[8];
      std::snprintf(mode, sizeof mode, "%04o", info.st_mode & 07777);
      return step.string() + " is not " + (last ? "readable and runnable" : "searchable") +
             " by all (mode " + mode + ")";
    }
  }
  return "";
}

ResolvedInterpreter resolve(const std::string& given, bool own_user) {
  std::error_code ec;
  // The Python a shim (pyenv's are scripts under /root) runs, as it says itself; then the
  // interpreter itself, with symbolic links resolved.
  std::vector<fs::path> candidates;
  const std::string name = fs::path(given).filename().string();
  const fs::path real = fs::canonical(given, ec);
  if ((name.rfind("python", 0) == 0 || name.rfind("pypy", 0) == 0) && !ec && !is_elf(real)) {
    // Taken only when it names a program ("/" made every run a judge error).
    const std::string executable = python_executable(given);
    const fs::path real_executable = fs::canonical(executable, ec);
    if (!executable.empty() && !ec && is_elf(real_executable))
      candidates.push_back(real_executable);
  }
  candidates.push_back(real.empty() ? fs::path(given) : real);
  std::string why;
  for (const fs::path& candidate : candidates) {
    if (in_system_directories(candidate)) return {candidate.string(), {}, ""};
    // The judge's own user runs it as it is; a user of the run's own needs closed_below() "".
    const std::string closed = own_user ? closed_below(installation_of(candidate), candidate) : "";
    if (closed.empty()) {
      std::vector<std::string> shown;
      for (const fs::path& part : installation_shown(candidate)) shown.push_back(part.string());
      return {candidate.string(), shown, ""};
    }
    if (why.empty()) why = closed;
  }
  return {"", {}, why};
}

// The interpreter as a real path the contestant can reach; the answer is the same for every
// contestant user (none is special), so it is found once per interpreter.
std::string resolve_interpreter(const std::string& given, bool own_user,
                                std::vector<std::string>& read_only) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, bool>, ResolvedInterpreter> known;  // by its own user?
  std::unique_lock<std::mutex> lock(mutex);  // held while it is found: found once
  const auto key = std::make_pair(given, own_user);
  if (known.count(key) == 0) known[key] = resolve(given, own_user);
  const ResolvedInterpreter found = known[key];
  lock.unlock();
  if (found.path.empty())
    throw StageError("cannot start " + given + ": the contestant's user cannot run it (" +
                     found.why + "); use an interpreter it can reach, such as one under /usr");
  read_only.insert(read_only.end(), found.read_only.begin(), found.read_only.end());
  return found.path;
}

}  // namespace

bool in_system_directories(const fs::path& path) {
  const std::string p = path.lexically_normal().string();
  for (const char* dir : {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"})
    if (p == dir || p.rfind(std::string(dir) + "/", 0) == 0) return true;
  return false;
}

StagedCommand stage_command(const std::vector<std::string>& command, const fs::path& scratch,
                            bool own_user) {
  if (command.empty()) throw StageError("cannot start: an empty command");
  StagedCommand staged;
  staged.argv = command;
  std::error_code ec;
  const std::string& program = command[0];
  if (!fs::exists(program, ec))
    throw StageError("cannot start " + program + ": " +
                     (ec ? ec.message() : std::string("no such file")));
  // An interpreter by its name (python3, java ...; pyenv's shims carry the names of what they
  // run); anything else is the program itself, a script included.
  const bool interpreter =
      command.size() > 1 && is_interpreter_name(fs::path(program).filename().string());
  if (in_system_directories(program)) {
    // Run where it is: every contestant sees the system directories. What nobody may run
    // (/etc/passwd) would fail in setpriv's exec, inside, which looks like the program's exit.
    struct stat info {};
    if (::stat(program.c_str(), &info) != 0 || !S_ISREG(info.st_mode) || !(info.st_mode & S_IXOTH))
      throw StageError("cannot start " + program + ": not a program everyone may run");
  } else if (interpreter) {
    staged.argv[0] = resolve_interpreter(program, own_user, staged.read_only);
  } else {
    const fs::path target = staged_name(scratch, program);
    stage_file(program, target, true, own_user);
    staged.argv[0] = target.string();
  }
  // The files and directories the command names (a script, a class directory).
  bool script_staged = false;  // an interpreter's script: the first file it is given
  for (std::size_t i = 1; i < command.size(); ++i) {
    const std::string& word = command[i];
    if (word.empty() || word[0] != '/' || in_system_directories(word)) continue;
    const fs::file_status status = fs::status(word, ec);
    if (ec) continue;
    fs::path target = staged_name(scratch, word);
    const std::vector<fs::path> modules =
        interpreter && !script_staged && fs::is_regular_file(status) ? modules_beside(word)
                                                                     : std::vector<fs::path>{};
    if (!modules.empty()) {
      // The script and its modules side by side, by their own names, in a directory of their
      // own: `import helper` finds helper.py there.
      const fs::path dir = staged_name(scratch, fs::path(word).parent_path());
      fs::create_directory(dir, ec);
      if (ec) throw StageError("cannot stage " + word + ": " + ec.message());
      ::chmod(dir.c_str(), 0755);
      target = dir / fs::path(word).filename();
      stage_file(word, target, false, own_user);
      for (const fs::path& module : modules)
        stage_file(module, dir / module.filename(), false, own_user);
    } else if (fs::is_regular_file(status)) {
      stage_file(word, target, false, own_user);
    } else if (fs::is_directory(status)) {
      stage_directory(word, target, own_user);
    } else {
      continue;
    }
    staged.argv[i] = target.string();
    script_staged = script_staged || fs::is_regular_file(status);
  }
  return staged;
}

}  // namespace entrapment
