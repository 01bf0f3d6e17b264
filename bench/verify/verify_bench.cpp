// Wall-clock figures of the package's main jobs, each run as its own process exactly as a user
// types it, next to this program in build/bin:
//   judge verify -j 2                                   (the main job, on the contest set: once
//                                                        compiling every submission, once with
//                                                        the compile cache filled)
//   judge run solutions/accepted/reference.cpp -j 1 --no-sandbox testdata/secret
//   judge run ... testdata/exhaustive                   (with --exhaustive: about two minutes)
// The root is the source tree this was built from (--root DIR to change it). CPU time is that
// of the process and all it waited for (compilers, contestants): the part the load on the
// machine does not change.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "timed_run.hpp"

namespace {

namespace fs = std::filesystem;

using entrapment::bench::timed;
using entrapment::bench::Timing;

void report(const char* what, const std::vector<std::string>& argv,
            const std::string& cache = "off") {
  const Timing t = timed(argv, cache);
  std::printf("%-52s %7.1f s wall, %7.1f s CPU by %s (exit status %d)\n", what, t.wall_s, t.cpu_s,
              t.counted_by, t.status);
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
  double load[3] = {0, 0, 0};
  if (::getloadavg(load, 3) < 1) load[0] = -1;
  std::printf("root %s, %u cores, load average %.2f at the start\n", root.c_str(),
              std::max(1u, std::thread::hardware_concurrency()), load[0]);
  const std::vector<std::string> verify = {judge.string(), "--root", root.string(),
                                           "verify",       "-j",     "2"};
  report("judge verify -j 2 (contest set), compiling all", verify);
  timed(verify, "");  // fills the user's compile cache (if it was not already)
  report("the same, compile cache warm", verify, "");
  report("reference.cpp, -j 1, no sandbox: testdata/secret", run_reference("secret"), "");
  if (exhaustive)
    report("reference.cpp, -j 1, no sandbox: testdata/exhaustive", run_reference("exhaustive"), "");
  return 0;
}
