// Help texts: every usage line names the program ("Usage: judge run [OPTIONS] ..."), and the
// doc/commands.md's command reference is generated from the same texts (`judge help --markdown`),
// so the two cannot drift apart.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace entrapment::cli {

class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_usage(const CLI::App* app, std::string name) const override;
  // A positional's name says what it takes: no type after it.
  std::string make_option_opts(const CLI::Option* option) const override;
};

// The usage lines of `app` (each without "Usage: ", e.g. "judge run [OPTIONS] SUBMISSION
// [TEST...]"); without them the usage is CLI11's, with the full name.
void set_usage(CLI::App& app, std::vector<std::string> lines);

// "judge run": the program's and every parent's name.
std::string full_name(const CLI::App& app);

// The help of `app`, exactly as `judge ... --help` prints it.
std::string help_text(const CLI::App& app);

// The command reference for the README: `judge --help`, then each subcommand's --help, each
// under a heading in a fenced block.
std::string command_reference_markdown(const CLI::App& app);

}  // namespace entrapment::cli
