#include "judge.hpp"

#include "repository.hpp"

namespace entrapment::testing {

namespace {

std::vector<std::string> judge_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {judge_binary().string()};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

JudgeOptions without_inherited_root(JudgeOptions options) {
  options.env.insert(options.env.begin(), {"ENTRAPMENT_ROOT", std::nullopt});
  return options;
}

}  // namespace

std::filesystem::path judge_binary() { return build_program("judge"); }

JudgeRun run_judge(const std::vector<std::string>& args, const JudgeOptions& options) {
  return run_process(judge_argv(args), without_inherited_root(options));
}

Process start_judge(const std::vector<std::string>& args, const JudgeOptions& options) {
  return Process(judge_argv(args), without_inherited_root(options));
}

JudgeRun run_judge_on_terminal(const std::vector<std::string>& args, const JudgeOptions& options) {
  return run_on_terminal(judge_argv(args), without_inherited_root(options));
}

}  // namespace entrapment::testing
