// Wall-clock figures of the package's main jobs, each run as its own process exactly as a user
// types it, next to this program in build/bin:
//   judge verify -j 2                                   (the main job, on the contest set)
//   judge run solutions/accepted/reference.cpp -j 1 --no-sandbox testdata/secret
//   judge run ... testdata/exhaustive                   (with --exhaustive: about two minutes)
// The root is the source tree this was built from (--root DIR to change it).
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Runs argv with stdout and stderr sent to /dev/null; returns (exit status, seconds).
std::pair<int, double> timed(const std::vector<std::string>& argv) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::FILE* null = std::fopen("/dev/null", "w");
    if (null) {
      ::dup2(fileno(null), 1);
      ::dup2(fileno(null), 2);
    }
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), seconds};
}

void report(const char* what, const std::vector<std::string>& argv) {
  const auto [status, seconds] = timed(argv);
  std::printf("%-58s %7.1f s wall (exit status %d)\n", what, seconds, status);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  fs::path root = ENTRAPMENT_SOURCE_DIR;
  bool exhaustive = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--exhaustive") == 0) exhaustive = true;
    if (std::strcmp(argv[i], "--root") == 0 && i + 1 < argc) root = argv[++i];
  }
  std::error_code ec;
  const fs::path judge = fs::read_symlink("/proc/self/exe", ec).parent_path() / "judge";
  if (!fs::exists(judge)) {
    std::fprintf(stderr, "verify_bench: %s is not built\n", judge.c_str());
    return 2;
  }
  const std::string reference = (root / "solutions" / "accepted" / "reference.cpp").string();
  auto run_reference = [&](const char* tier) {
    return std::vector<std::string>{judge.string(), "--root",  root.string(),
                                    "run",          reference, (root / "testdata" / tier).string(),
                                    "-j",           "1",       "--no-sandbox",
                                    "--no-color"};
  };
  std::printf("root %s, %u cores\n", root.c_str(),
              std::max(1u, std::thread::hardware_concurrency()));
  report("judge verify -j 2 (contest set)",
         {judge.string(), "--root", root.string(), "verify", "-j", "2"});
  report("reference.cpp, -j 1, no sandbox: testdata/secret", run_reference("secret"));
  if (exhaustive)
    report("reference.cpp, -j 1, no sandbox: testdata/exhaustive", run_reference("exhaustive"));
  return 0;
}
