// judge: the Entrapment judging toolkit. See README.md and `judge --help`.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "command.hpp"
#include "command_list.hpp"
#include "execution/interrupts.hpp"
#include "help_format.hpp"
#include "judge_version.hpp"

namespace {

const char* kExitStatusFooter =
    "Exit status: 0 done, every verdict and check as expected; 1 a verdict or check not as\n"
    "expected; 2 a usage or configuration error; 3 a judge error; 130/143 interrupted.";

std::string command_prefix() {
  const std::string& name = entrapment::cli::current_command();
  return name.empty() ? "judge" : "judge " + name;
}

}  // namespace

int main(int argc, char** argv) {
  // Ctrl-C or SIGTERM: every contestant killed, every scratch directory removed (execution/).
  entrapment::handle_interrupts();
  using namespace entrapment::cli;
  CLI::App app{"judge: the Entrapment (NAC 2025 Problem C) judging toolkit", "judge"};
  app.formatter(std::make_shared<HelpFormatter>());
  app.require_subcommand(1);
  app.set_version_flag("--version",
                       std::string("judge (entrapment) ") + ENTRAPMENT_VERSION + " (git " +
                           ENTRAPMENT_GIT_DESCRIBE + ")",
                       "print the version and exit");
  app.footer(kExitStatusFooter);
  // The subcommands, in the order --help lists them (command_list.hpp).
  add_verify_command(app);
  add_run_command(app);
  add_play_command(app);
  add_generate_command(app);
  add_export_command(app);
  add_help_command(app);
  setup_commands(app);

  std::vector<std::string> words(argv + 1, argv + argc);
  if (const auto dashes = std::find(words.begin(), words.end(), "--"); dashes != words.end()) {
    set_trailing_command(std::vector<std::string>(dashes + 1, words.end()));
    words.erase(dashes, words.end());
  }
  std::reverse(words.begin(), words.end());  // CLI11 takes a vector in reverse order
  try {
    app.parse(words);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {  // a subcommand's exit status; it said why
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    std::cerr << command_prefix() << ": " << e.what() << "\nRun '" << command_prefix()
              << " --help' for more information.\n";
    return kExitUsage;
  } catch (const CommandFailure& e) {
    std::cout.flush();
    std::cerr << command_prefix() << ": " << e.what() << "\n";
    return e.status();
  } catch (const std::exception& e) {  // never an abort: name what failed
    std::cout.flush();
    std::cerr << command_prefix() << ": internal error: " << e.what() << "\n";
    return kExitJudgeError;
  }
  return kExitOk;
}
