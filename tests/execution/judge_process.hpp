// `build/bin/judge` run as a program by the runner's tests: started with its output in files,
// signalled, waited for with a time limit.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::testing {

// How a judge is started beyond its arguments.
struct JudgeSetup {
  std::vector<std::string> environment;  // "NAME=value", added to the test's own
  std::filesystem::path judge;           // default: bin_dir()/judge
  std::filesystem::path cwd;             // default: the test's
  uid_t user = 0;                        // not 0: it runs as this user (and group), not root
  gid_t group = 0;
  // Not empty: a terminal (a pty's slave) that becomes its controlling terminal and its stdin,
  // stdout and stderr (out() and err() are then empty).
  std::string terminal;
};

class JudgeProcess {
 public:
  // Starts `judge ARGS...` with `environment` ("NAME=value") added to the test's own.
  JudgeProcess(const std::vector<std::string>& args,
               const std::vector<std::string>& environment = {});
  JudgeProcess(const std::vector<std::string>& args, const JudgeSetup& setup);
  ~JudgeProcess();  // kills it if it still runs
  JudgeProcess(const JudgeProcess&) = delete;
  JudgeProcess& operator=(const JudgeProcess&) = delete;

  pid_t pid() const { return pid_; }
  // Its exit status (128 + N when killed by signal N), or -1 when it still ran after `seconds`.
  int wait(double seconds);
  std::string out() const;
  std::string err() const;

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  std::filesystem::path dir_;
};

// Runs `judge ARGS...` to the end (at most two minutes).
struct Finished {
  int status = -1;
  std::string out, err;
};
// (tests/support/judge.hpp's run_judge covers pipes and terminals; this one also starts the judge
// as another user and with a terminal as its controlling terminal, which the safety tests need.)
Finished run_judge_with(const std::vector<std::string>& args, const JudgeSetup& setup);

}  // namespace entrapment::testing
