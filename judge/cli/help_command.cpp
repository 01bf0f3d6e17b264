// `judge help [COMMAND] [--markdown]`: the help of judge or of one subcommand, exactly as
// --help prints it; with --markdown, every help text as doc/commands.md's command reference (the
// page's section is this output, and tests/cli checks that they agree).
#include <iostream>
#include <memory>

#include "command.hpp"
#include "command_list.hpp"
#include "help_format.hpp"

namespace entrapment::cli {

namespace {

struct HelpArguments {
  std::string command;
  bool markdown = false;
};

}  // namespace

void add_help_command(CLI::App& app) {
  auto args = std::make_shared<HelpArguments>();
  CLI::App* sub = app.add_subcommand(
      "help", "print the help of judge or of a COMMAND (--markdown: doc/commands.md's reference)");
  sub->add_option("COMMAND", args->command, "the subcommand whose help to print");
  sub->add_flag("--markdown", args->markdown,
                "print every command's help as doc/commands.md's command reference (Markdown)");
  sub->callback([args, &app] {
    if (args->markdown) {
      if (!args->command.empty())
        throw CommandFailure(kExitUsage, "--markdown prints every command; give no COMMAND");
      std::cout << command_reference_markdown(app);
      return;
    }
    if (args->command.empty()) {
      std::cout << help_text(app);
      return;
    }
    for (const CLI::App* command : app.get_subcommands({}))
      if (command->get_name() == args->command) {
        std::cout << help_text(*command);
        return;
      }
    std::string names;
    for (const CLI::App* command : app.get_subcommands({}))
      names += (names.empty() ? "" : ", ") + command->get_name();
    throw CommandFailure(kExitUsage,
                         "no command '" + args->command + "'; the commands are: " + names);
  });
}

}  // namespace entrapment::cli
