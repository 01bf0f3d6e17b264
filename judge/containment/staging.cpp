#include "staging.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>

#include "file_copy.hpp"
#include "installation.hpp"
#include "launch.hpp"
#include "sandbox.hpp"

extern char** environ;

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// What a staged directory may hold: a class directory is small; a command line that names a
// home directory by mistake must not copy it.
constexpr std::uintmax_t kMaxStagedBytes = std::uintmax_t{256} << 20;
constexpr int kMaxStagedEntries = 10000;

bool under(const std::string& path, const char* dir) {
  const std::string d = dir;
  return path == d || path.rfind(d + "/", 0) == 0;
}

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

// In the child: stdout into the pipe, nothing on stdin and stderr, no terminal.
const char* answer_on_pipe(const void* context) {
  const int pipe = *static_cast<const int*>(context);
  const int null = ::open("/dev/null", O_RDWR | O_CLOEXEC);
  if (null < 0) return "opening /dev/null";
  if (::dup2(null, 0) < 0 || ::dup2(pipe, 1) < 0 || ::dup2(null, 2) < 0) return "dup2";
  if (::setsid() < 0) return "setsid";
  return nullptr;
}

// Whether `file` is an ELF program (an interpreter itself, not a shim that runs one).
bool is_elf(const fs::path& file) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  char magic[4] = {};
  const bool elf = ::read(fd, magic, 4) == 4 && std::memcmp(magic, "\177ELF", 4) == 0;
  ::close(fd);
  return elf;
}

// What a shim that runs some Python (pyenv's are scripts) says sys.executable is; "" when it
// does not say within 10 s. The contestant named it, so it never runs as the judge outside a
// sandbox (it did, as root, before): inside bwrap, the machine read-only, no network, no
// capabilities, as nobody when the judge is root (where the shim lives, /tmp included, stays in
// view); where bwrap is not installed, it is not asked at all. Once per interpreter.
std::string python_executable(const std::string& interpreter) {
  static std::mutex mutex;
  static std::map<std::string, std::string> known;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = known.find(interpreter); it != known.end()) return it->second;
  }
  std::string answer;
  int out[2];
  if (::pipe2(out, O_CLOEXEC) == 0) {
    LaunchRequest request;
    const fs::path bwrap = bwrap_path();
    if (!bwrap.empty()) {
      request.argv = {bwrap.string(), "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"};
      for (const std::string& option : namespace_options()) request.argv.push_back(option);
      request.argv.insert(request.argv.end(), {"--new-session", "--die-with-parent"});
      // As root: bwrap keeps its capabilities (it needs no user namespace), so the shim runs as
      // nobody, without any (sandbox.hpp); not root, bwrap's user namespace gives it none.
      if (::geteuid() == 0) {
        request.argv.push_back("--");
        for (const std::string& word : drop_to_user(65534)) request.argv.push_back(word);
      } else {
        request.argv.insert(request.argv.end(), {"--cap-drop", "ALL", "--"});
      }
      request.argv.insert(request.argv.end(),
                          {interpreter, "-c", "import sys; print(sys.executable)"});
    }
    for (char** variable = environ; variable && *variable; ++variable)
      request.env.push_back(*variable);
    request.step = answer_on_pipe;
    request.context = &out[1];
    request.keep = {out[1]};
    pid_t pid = -1;
    try {
      if (!request.argv.empty()) pid = launch(request);
    } catch (const LaunchError&) {
    }
    ::close(out[1]);
    if (pid > 0) {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
      char chunk[4096];
      for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                              deadline - std::chrono::steady_clock::now())
                              .count();
        pollfd fd{out[0], POLLIN, 0};
        if (left <= 0 || ::poll(&fd, 1, static_cast<int>(left)) <= 0) break;
        const ssize_t n = ::read(out[0], chunk, sizeof chunk);
        if (n <= 0) break;
        answer.append(chunk, static_cast<std::size_t>(n));
      }
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
    }
    ::close(out[0]);
  }
  while (!answer.empty() && (answer.back() == '\n' || answer.back() == '\r')) answer.pop_back();
  if (answer.find('\n') != std::string::npos || answer.empty() || answer[0] != '/') answer.clear();
  std::lock_guard<std::mutex> lock(mutex);
  known[interpreter] = answer;
  return answer;
}

struct AccessAs {
  uid_t uid;
  const char* path;
  int mode;
};

// In a child: whether `uid` may access the path (nullptr: it may).
const char* access_as(const void* context) {
  const AccessAs& question = *static_cast<const AccessAs*>(context);
  if (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
      ::syscall(SYS_setresgid, question.uid, question.uid, question.uid) != 0 ||
      ::syscall(SYS_setresuid, question.uid, question.uid, question.uid) != 0)
    return "setresuid";
  return ::access(question.path, question.mode) == 0 ? nullptr : "access";
}

std::string mode_text(const fs::path& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return std::strerror(errno);
  char text[16];
  std::snprintf(text, sizeof text, "%04o", st.st_mode & 07777);
  return std::string("mode ") + text;
}

// A file into the scratch directory: a hard link when that shows nothing more (everyone may
// already read, and run, it) and changes nothing (the contestant, a user of its own, cannot
// write to it: a link is the same file, and a contestant running as the file's owner could
// rewrite the submission itself); a copy otherwise, made readable (and runnable). A symbolic
// link the command line names is staged as the file it leads to (a link of a link would lead
// nowhere in the scratch directory).
void stage_file(const fs::path& given, const fs::path& to, bool executable,
                std::optional<uid_t> uid) {
  std::error_code ec;
  const fs::path from = fs::canonical(given, ec);
  if (ec) throw StageError("cannot stage " + given.string() + ": " + ec.message());
  struct stat st;
  if (::stat(from.c_str(), &st) != 0)
    throw StageError("cannot stage " + given.string() + ": " + std::strerror(errno));
  const mode_t wanted = executable ? 0005 : 0004;
  const bool linkable =
      uid && st.st_uid != *uid && (st.st_mode & 0002) == 0 && (st.st_mode & wanted) == wanted;
  if (linkable && ::link(from.c_str(), to.c_str()) == 0) return;
  try {
    copy_regular_file(from, to, executable || (st.st_mode & 0111) ? 0755 : 0644);
  } catch (const CopyError& e) {
    throw StageError(std::string("cannot stage: ") + e.what());
  }
}

void stage_directory(const fs::path& from, const fs::path& to, std::optional<uid_t> uid) {
  std::uintmax_t bytes = 0;
  int entries = 0;
  std::error_code ec;
  fs::create_directory(to, ec);
  if (ec) throw StageError("cannot stage " + from.string() + ": " + ec.message());
  ::chmod(to.c_str(), 0755);
  for (fs::recursive_directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec)) {
    if (++entries > kMaxStagedEntries)
      throw StageError("cannot stage " + from.string() + ": more than " +
                       std::to_string(kMaxStagedEntries) + " files");
    const fs::path target = to / fs::relative(it->path(), from);
    // What is inside is staged as it is: a symbolic link there is not followed (it could lead
    // to what the contestant's user must not read).
    const fs::file_status status = it->symlink_status(ec);
    if (ec) break;
    if (fs::is_directory(status)) {
      fs::create_directory(target, ec);
      ::chmod(target.c_str(), 0755);
    } else if (fs::is_regular_file(status)) {
      bytes += it->file_size();
      if (bytes > kMaxStagedBytes)
        throw StageError("cannot stage " + from.string() + ": more than " +
                         std::to_string(kMaxStagedBytes >> 20) + " MiB");
      stage_file(it->path(), target, false, uid);
    }
  }
  if (ec) throw StageError("cannot stage " + from.string() + ": " + ec.message());
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
  std::string path;       // empty: cannot run (see `why`)
  std::string read_only;  // its installation, when outside the system directories
  std::string why;
};

// Whether everyone may search every directory from `installation` down to `executable` and run
// it: what the contestant needs when the installation is mounted at its own path in a root of
// its own, where the directories above it are made anew (open to all).
bool open_to_all_below(const fs::path& installation, const fs::path& executable) {
  // The interpreter's file alone (installation.hpp): its directory is the one that must be open
  // to all, as an installation's prefix is.
  if (installation == executable) return open_to_all_below(executable.parent_path(), executable);
  struct stat info {};
  const fs::path relative = executable.lexically_normal().lexically_relative(installation);
  if (relative.empty() || *relative.begin() == "..") return false;
  fs::path at = installation;
  if (::stat(at.c_str(), &info) != 0 || !(info.st_mode & S_IXOTH)) return false;
  for (const fs::path& part : relative) {
    at /= part;
    if (::stat(at.c_str(), &info) != 0 || !(info.st_mode & S_IXOTH)) return false;
  }
  return S_ISREG(info.st_mode) && (info.st_mode & S_IROTH);
}

// `mounted`: the contestant runs in a root of its own (bwrap) into which the
// interpreter's installation is mounted read-only at its own path, so directories above it that
// the contestant's user could not search (a pyenv under /root, mode 0700) are not in its way.
ResolvedInterpreter resolve(const std::string& given, std::optional<uid_t> uid, bool mounted) {
  std::error_code ec;
  // The Python a shim (pyenv's are scripts under /root) runs, as it says itself; then the
  // interpreter itself, with symbolic links resolved.
  std::vector<fs::path> candidates;
  const std::string name = fs::path(given).filename().string();
  const fs::path given_real = fs::canonical(given, ec);
  if ((name.rfind("python", 0) == 0 || name.rfind("pypy", 0) == 0) && !ec && !is_elf(given_real)) {
    const std::string executable = python_executable(given);
    if (!executable.empty()) {
      const fs::path real = fs::canonical(executable, ec);
      candidates.push_back(ec ? fs::path(executable) : real);
    }
  }
  const fs::path real = fs::canonical(given, ec);
  candidates.push_back(ec ? fs::path(given) : real);
  std::string why;
  for (const fs::path& candidate : candidates) {
    if (in_system_directories(candidate)) return {candidate.string(), "", ""};
    const std::string blocked = uid ? unreachable_by(*uid, candidate, X_OK) : "";
    if (blocked.empty()) return {candidate.string(), installation_of(candidate).string(), ""};
    if (mounted && open_to_all_below(installation_of(candidate), candidate))
      return {candidate.string(), installation_of(candidate).string(), ""};
    if (why.empty()) why = candidate.string() + ": " + blocked;
  }
  return {"", "", why};
}

// The interpreter as a real path the contestant can reach; the answer is the same for every
// contestant user (none is special), so it is found once per interpreter.
std::string resolve_interpreter(const std::string& given, std::optional<uid_t> uid, bool mounted,
                                std::vector<std::string>& read_only) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, bool>, ResolvedInterpreter> known;
  ResolvedInterpreter found;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = known.find({given, mounted});
    if (it != known.end()) found = it->second;
  }
  if (found.path.empty() && found.why.empty()) {
    found = resolve(given, uid, mounted);
    std::lock_guard<std::mutex> lock(mutex);
    known[{given, mounted}] = found;
  }
  if (found.path.empty())
    throw StageError("cannot start " + given + ": the contestant's user cannot run it (" +
                     found.why + "); use an interpreter it can reach, such as one under /usr");
  if (!found.read_only.empty()) read_only.push_back(found.read_only);
  return found.path;
}

}  // namespace

bool in_system_directories(const fs::path& path) {
  const std::string p = path.lexically_normal().string();
  for (const char* dir : {"/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"})
    if (under(p, dir)) return true;
  return false;
}

std::string unreachable_by(uid_t uid, const fs::path& path, int mode) {
  // Each prefix, so that the answer names the directory that stops it.
  std::vector<fs::path> steps;
  fs::path so_far;
  for (const fs::path& part : path.lexically_normal()) {
    so_far /= part;
    steps.push_back(so_far);
  }
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const bool last = i + 1 == steps.size();
    const int wanted = last ? mode : X_OK;
    const AccessAs question{uid, steps[i].c_str(), wanted};
    const int status = run_in_child(access_as, &question);
    if (status < 0) return std::string("cannot check: fork: ") + std::strerror(errno);
    if (status != 0) {
      if (!last && steps[i] != "/")
        return steps[i].string() + " is not searchable for it (" + mode_text(steps[i]) + ")";
      return steps[i].string() + " is not " + (mode == X_OK ? "executable" : "readable") +
             " for it (" + mode_text(steps[i]) + ")";
    }
  }
  return "";
}

StagedCommand stage_command(const std::vector<std::string>& command, const fs::path& scratch,
                            std::optional<uid_t> uid, bool mounted) {
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
    // Run where it is: every contestant sees the system directories.
  } else if (interpreter) {
    staged.argv[0] = resolve_interpreter(program, uid, mounted, staged.read_only);
  } else {
    const fs::path target = staged_name(scratch, program);
    stage_file(program, target, true, uid);
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
      stage_file(word, target, false, uid);
      for (const fs::path& module : modules)
        stage_file(module, dir / module.filename(), false, uid);
    } else if (fs::is_regular_file(status)) {
      stage_file(word, target, false, uid);
    } else if (fs::is_directory(status)) {
      stage_directory(word, target, uid);
    } else {
      continue;
    }
    staged.argv[i] = target.string();
    script_staged = script_staged || fs::is_regular_file(status);
  }
  return staged;
}

}  // namespace entrapment
