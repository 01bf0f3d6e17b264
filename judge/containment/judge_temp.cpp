#include "judge_temp.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>

#include "box/request.hpp"
#include "box/sweep.hpp"
#include "box_description.hpp"
#include "spawn.hpp"
#include "support/ownership.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

struct TempState {
  std::mutex mutex;
  fs::path dir;
  int lock = -1;
  int lifeline[2] = {-1, -1};
  bool sweeper = false;
};

TempState& state() {
  static TempState* s = new TempState;  // never destroyed: used up to the process's end
  return *s;
}

void start_sweeper(TempState& s) {
  if (s.sweeper) return;
  s.sweeper = true;
  BoxRequest sweep;
  sweep.mode = BoxRequest::Mode::Sweep;
  sweep.lifeline = 3;
  sweep.dir = s.dir;
  SpawnRequest request;
  request.argv = {box_program().string()};
  for (const std::string& arg : to_arguments(sweep)) request.argv.push_back(arg);
  request.pass = {s.lifeline[0]};
  request.new_process_group = true;  // a Ctrl-C of the judge's terminal leaves it to its work
  try {
    spawn(request);  // it outlives the judge; it exits once the lifeline breaks
  } catch (const SpawnError&) {
    // Without it, what a SIGKILL leaves waits for the next judge's sweeper.
  }
}

void remove_at_exit() { remove_judge_temp_dir(); }

}  // namespace

const fs::path& box_program() {
  static const fs::path program = [] {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path("judge-box") : self.parent_path() / "judge-box";
  }();
  static const std::string wrong = [] {
    std::error_code ec;
    if (!fs::is_regular_file(program, ec))
      return "judge-box is not beside the judge (" + program.string() +
             "): build it (cmake --build build --target judge-box)";
    // Root runs it: nobody else may have changed it.
    const std::string why = not_own_path(program);
    return why.empty() ? why : "refusing to run " + program.string() + ": " + why;
  }();
  if (!wrong.empty()) throw std::runtime_error(wrong);
  return program;
}

const fs::path& judge_temp_dir() {
  TempState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.dir.empty()) {
    std::string name =
        std::string("/tmp/") + kJudgeTempPrefix + std::to_string(::getpid()) + "-XXXXXX";
    if (!::mkdtemp(name.data()))  // mode 0700
      throw std::runtime_error(std::string("cannot create the judge's temporary directory: ") +
                               std::strerror(errno));
    s.lock = ::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (s.lock < 0 || ::flock(s.lock, LOCK_SH) != 0) {
      ::rmdir(name.c_str());
      throw std::runtime_error("cannot hold the judge's temporary directory " + name);
    }
    s.dir = name;
    if (s.lifeline[0] < 0 && ::pipe2(s.lifeline, O_CLOEXEC) != 0)
      throw std::runtime_error(std::string("cannot make the judge's lifeline: ") +
                               std::strerror(errno));
    static std::once_flag once;
    std::call_once(once, [] {
      std::atexit(remove_at_exit);
      // Under cgroup v2 the boxes' groups need a parent that holds no process: the box moves
      // the judge into a leaf of its own where it may (box/limiter.hpp).
      prepare_cgroups_through_box();
    });
    start_sweeper(s);
  }
  return s.dir;
}

fs::path make_temp_subdir(const std::string& purpose) {
  std::string name = (judge_temp_dir() / (purpose + "-XXXXXX")).string();
  if (!::mkdtemp(name.data()))
    throw std::runtime_error("cannot create a directory in " + judge_temp_dir().string() + ": " +
                             std::strerror(errno));
  return name;
}

int judge_lifeline() {
  judge_temp_dir();
  return state().lifeline[0];
}

void remove_judge_temp_dir() {
  TempState& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (s.dir.empty()) return;
  // Renamed first, so that nothing more is made in it by its name (a thread of the judge may
  // still be making a directory there), then removed until it is gone.
  std::error_code ec;
  fs::path doomed = s.dir;
  doomed += ".removing";
  fs::rename(s.dir, doomed, ec);
  if (ec) doomed = s.dir;
  for (int pass = 0; pass < 10; ++pass) {
    fs::remove_all(doomed, ec);
    if (!ec) break;
  }
  ::close(s.lock);
  s.lock = -1;
  s.dir.clear();
}

}  // namespace entrapment
