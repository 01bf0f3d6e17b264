// judge: the Entrapment judging toolkit. See README.md and `judge --help`.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "command.hpp"
#include "command_list.hpp"
#include "containment/delegation.hpp"
#include "containment/interrupts.hpp"
#include "containment/isolation_policy.hpp"
#include "help_format.hpp"
#include "judge_version.hpp"
#include "report/text.hpp"
#include "support/spelling.hpp"
#include "workflow/selection_error.hpp"

namespace {

const char* kExitStatusFooter =
    "Exit status: 0 done, every verdict and check as expected; 1 a verdict or check not as\n"
    "expected; 2 a usage or configuration error; 3 a judge error; 130/143 interrupted.";

// The first word of the command line that is neither an option nor an option's value (only
// --root takes one before the subcommand): the subcommand the user meant to name.
std::string first_command_word(const std::vector<std::string>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "--root") {
      ++i;
      continue;
    }
    if (!words[i].empty() && words[i][0] != '-') return words[i];
  }
  return "";
}

std::vector<std::string> command_names(const CLI::App& app) {
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
    names.push_back(sub->get_name());
  return names;
}

// "judge verfy" names no command: say which one it was near, and which there are.
std::string unknown_command_message(const CLI::App& app, const std::string& word) {
  const std::vector<std::string> names = command_names(app);
  std::string message = "'" + word + "' is not a command";
  if (const auto nearest = entrapment::nearest_name(word, names))
    message += "; did you mean '" + *nearest + "'?";
  else
    message += ".";
  std::string list;
  for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
  return message + " The commands: " + list + ".";
}

// "judge run --verbsoe": the option of that command (or judge's own) nearest to each word
// CLI11 did not take, as "; did you mean '--verbose'?", or "".
std::string nearest_option_hint(CLI::App& app) {
  const std::string& name = entrapment::cli::current_command();
  CLI::App* command = name.empty() ? &app : app.get_subcommand(name);
  std::vector<std::string> options;
  for (CLI::App* owner : {command, &app})
    for (const CLI::Option* option : owner->get_options()) {
      for (const std::string& l : option->get_lnames()) options.push_back("--" + l);
    }
  std::vector<std::string> extras = command->remaining();
  const std::vector<std::string> app_extras = app.remaining();
  extras.insert(extras.end(), app_extras.begin(), app_extras.end());
  for (const std::string& word : extras) {
    if (word.rfind("--", 0) != 0 || word.size() < 4) continue;
    const std::string option = word.substr(0, word.find('='));  // --jobz=2: the option alone
    if (const auto nearest = entrapment::nearest_name(option, options))
      return "; did you mean '" + *nearest + "'?";
  }
  return "";
}

std::string command_prefix() {
  const std::string& name = entrapment::cli::current_command();
  return name.empty() ? "judge" : "judge " + name;
}

// An error message for the terminal: it may quote what the user gave (a command, a file's
// name), whose control characters the terminal would obey (red team: an escape sequence in a
// program's name reached it raw); each line through report::printable(), the lines kept.
std::string shown(const std::string& message) {
  std::string text;
  std::size_t start = 0;
  for (std::size_t end; (end = message.find('\n', start)) != std::string::npos; start = end + 1)
    text += entrapment::report::printable(message.substr(start, end - start)) + "\n";
  return text + entrapment::report::printable(message.substr(start));
}

}  // namespace

int main(int argc, char** argv) {
  // Not root and without a control group: where systemd can delegate one, the judge starts
  // again in it (containment/delegation.hpp), before any thread exists.
  entrapment::start_again_in_a_delegated_scope(argc, argv);
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
  // The first run nothing isolates says so once, in the command's name.
  entrapment::set_isolation_warning(
      [](const std::string& text) { std::cerr << command_prefix() << ": " << text << "\n"; });

  std::vector<std::string> words(argv + 1, argv + argc);
  if (const auto dashes = std::find(words.begin(), words.end(), "--"); dashes != words.end()) {
    set_trailing_command(std::vector<std::string>(dashes + 1, words.end()));
    words.erase(dashes, words.end());
  }
  const std::vector<std::string> given = words;  // CLI11's parse consumes its vector
  std::reverse(words.begin(), words.end());      // and takes it in reverse order
  try {
    app.parse(words);
  } catch (const CLI::Success& e) {  // --help, --version
    return app.exit(e);
  } catch (const CLI::RuntimeError& e) {  // a subcommand's exit status; it said why
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    const std::string word = first_command_word(given);
    const std::vector<std::string> names = command_names(app);
    if (current_command().empty() && !word.empty() &&
        std::find(names.begin(), names.end(), word) == names.end()) {
      std::cerr << "judge: " << unknown_command_message(app, word)
                << "\nRun 'judge --help' for more information.\n";
      return kExitUsage;
    }
    const std::string hint =
        dynamic_cast<const CLI::ExtrasError*>(&e) ? nearest_option_hint(app) : "";
    std::cerr << command_prefix() << ": " << shown(e.what()) << hint << "\nRun '"
              << command_prefix() << " --help' for more information.\n";
    return kExitUsage;
  } catch (const CommandFailure& e) {
    std::cout.flush();
    std::cerr << command_prefix() << ": " << shown(e.what()) << "\n";
    return e.status();
  } catch (const entrapment::UntrustedProgram& e) {  // nothing would isolate it: usage
    std::cout.flush();
    std::cerr << command_prefix() << ": " << shown(e.what()) << "\n";
    return kExitUsage;
  } catch (const entrapment::SelectionError& e) {  // what to judge named wrong: usage
    std::cout.flush();
    std::cerr << command_prefix() << ": " << shown(e.what()) << "\n";
    return kExitUsage;
  } catch (const std::exception& e) {  // never an abort: name what failed
    std::cout.flush();
    std::cerr << command_prefix() << ": internal error: " << shown(e.what()) << "\n";
    return kExitJudgeError;
  }
  return kExitOk;
}
