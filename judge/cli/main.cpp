// judge: the Entrapment judging toolkit. See README.md and `judge --help`.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <string>

#include "command.hpp"
#include "runner/interrupts.hpp"

namespace entrapment::cli {

namespace {

std::multimap<int, std::function<void(CLI::App&)>>& registry() {
  static std::multimap<int, std::function<void(CLI::App&)>> commands;
  return commands;
}

std::filesystem::path& root_override() {
  static std::filesystem::path root;
  return root;
}

std::vector<std::string>& trailing_words() {
  static std::vector<std::string> words;
  return words;
}

}  // namespace

RegisterCommand::RegisterCommand(int order, std::function<void(CLI::App&)> setup) {
  registry().emplace(order, std::move(setup));
}

void setup_commands(CLI::App& app) {
  for (auto& [order, setup] : registry()) setup(app);
}

const std::vector<std::string>& trailing_command() { return trailing_words(); }

void set_package_root(const std::filesystem::path& root) { root_override() = root; }

std::filesystem::path package_root() {
  if (!root_override().empty()) return root_override();
  if (const char* env = std::getenv("ENTRAPMENT_ROOT"); env && *env) return env;
  return ENTRAPMENT_SOURCE_DIR;
}

}  // namespace entrapment::cli

int main(int argc, char** argv) {
  // Ctrl-C or SIGTERM: every contestant killed, every scratch directory removed (runner/).
  entrapment::handle_interrupts();
  CLI::App app{"judge: the Entrapment (NAC 2025 Problem C) judging toolkit"};
  app.require_subcommand(1);
  std::string root;
  app.add_option("--root", root,
                 "the package root (default: $ENTRAPMENT_ROOT, else the source tree)")
      ->check(CLI::ExistingDirectory);
  app.parse_complete_callback([&] {
    if (!root.empty()) entrapment::cli::set_package_root(root);
  });
  entrapment::cli::setup_commands(app);
  std::vector<std::string> words(argv + 1, argv + argc);
  if (const auto dashes = std::find(words.begin(), words.end(), "--"); dashes != words.end()) {
    entrapment::cli::trailing_words().assign(dashes + 1, words.end());
    words.erase(dashes, words.end());
  }
  std::reverse(words.begin(), words.end());  // CLI11 takes a vector in reverse order
  try {
    app.parse(words);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  } catch (const std::exception& e) {  // a subcommand's own errors are caught and named there
    std::cerr << "judge: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
