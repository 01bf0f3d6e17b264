// The `judge` command line (CLI11). Each subcommand lives in its own *_command.cpp next to
// this file and registers itself with a RegisterCommand object, so adding a subcommand
// touches no shared file. A subcommand reports its exit status by throwing
// CLI::RuntimeError(status).
#pragma once

#include <CLI/CLI.hpp>
#include <filesystem>
#include <functional>

namespace entrapment::cli {

struct RegisterCommand {
  // `order` sorts the subcommands in --help.
  RegisterCommand(int order, std::function<void(CLI::App&)> setup);
};

// Adds every registered subcommand to `app`.
void setup_commands(CLI::App& app);

// The package's root (problem.yaml, testdata/, solutions/ ...): --root, else
// $ENTRAPMENT_ROOT, else the source tree the toolkit was built from.
std::filesystem::path package_root();
void set_package_root(const std::filesystem::path& root);

// The words after the first `--` on the command line (`judge run TEST -- COMMAND ARGS`):
// main() takes them off before CLI11 parses the rest, so options stay allowed anywhere.
const std::vector<std::string>& trailing_command();

}  // namespace entrapment::cli
