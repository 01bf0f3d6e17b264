// The subcommands of build/bin/judge, one file each (NAME_command.cpp). main.cpp adds them, in
// the order `judge --help` lists them; a new command is a new file, a line here and a line
// there (doc/development.md, "Adding a command").
#pragma once

#include <CLI/CLI.hpp>

namespace entrapment::cli {

void add_verify_command(CLI::App& app);    // verify_command.cpp
void add_run_command(CLI::App& app);       // run_command.cpp
void add_play_command(CLI::App& app);      // play_command.cpp
void add_generate_command(CLI::App& app);  // generate_command.cpp
void add_export_command(CLI::App& app);    // export_command.cpp
void add_help_command(CLI::App& app);      // help_command.cpp

}  // namespace entrapment::cli
