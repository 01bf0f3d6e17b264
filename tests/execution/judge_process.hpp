// `build/bin/judge` run as a program by the runner's tests: started with its output in files,
// signalled, waited for with a time limit.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::testing {

class JudgeProcess {
 public:
  // Starts `judge ARGS...` with `environment` ("NAME=value") added to the test's own.
  JudgeProcess(const std::vector<std::string>& args,
               const std::vector<std::string>& environment = {});
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
Finished run_judge(const std::vector<std::string>& args,
                   const std::vector<std::string>& environment = {});

}  // namespace entrapment::testing
