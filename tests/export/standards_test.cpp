// The compile matrix: every single file the build writes for contest systems (build/interactor/
// *.cpp) compiles alone, with -Wall -Wextra and no warning, under C++11, C++14, C++17 and C++20,
// with g++ (with -fno-asm, as Luogu compiles) and with clang++ when it is installed. Contest
// systems compile interactors as C++14 (Luogu, Hydro, UOJ) or newer; one file per system, no
// include path. Also: every C++ submission builds with clang++ and libc++ (BAPCtools checks that
// a submission does not need libstdc++'s bits/stdc++.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <vector>

#include "support/parallel_for.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> files_in(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().extension() == extension) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

bool installed(const std::string& compiler) {
  return run_process({"sh", "-c", "command -v " + compiler}).status == 0;
}

// Runs the commands two at a time; the failures (with `warnings_fail`, also a command that
// printed anything), each with the compiler's first lines.
std::vector<std::string> failures_of(const std::vector<std::vector<std::string>>& commands,
                                     bool warnings_fail) {
  std::vector<ProcessResult> results(commands.size());
  parallel_for(commands.size(), 2,
               [&](std::size_t i, int) { results[i] = run_process(commands[i]); });
  std::vector<std::string> failures;
  for (std::size_t i = 0; i < commands.size(); ++i)
    if (results[i].status != 0 || (warnings_fail && !results[i].err.empty())) {
      std::string command;
      for (const std::string& word : commands[i]) command += word + " ";
      failures.push_back(command + "\n" + results[i].err.substr(0, 600));
    }
  return failures;
}

TEST(SingleFiles, CompileAloneUnderEveryStandardWithEveryCompiler) {
  const std::vector<fs::path> sources = files_in(build_bin().parent_path() / "interactor", ".cpp");
  ASSERT_GE(sources.size(), 6u) << "the build wrote no single files";
  std::vector<std::string> compilers = {"g++"};
  if (installed("clang++")) compilers.push_back("clang++");
  std::vector<std::vector<std::string>> commands;
  for (const fs::path& source : sources)
    for (const std::string& compiler : compilers)
      for (const char* standard : {"c++11", "c++14", "c++17", "c++20"}) {
        std::vector<std::string> command = {compiler, std::string("-std=") + standard, "-Wall",
                                            "-Wextra", "-fsyntax-only"};
        if (compiler == "g++") command.push_back("-fno-asm");
        command.push_back(source.string());
        commands.push_back(command);
      }
  for (const std::string& failure : failures_of(commands, true)) ADD_FAILURE() << failure;
  std::cout << "[ matrix ] " << sources.size() << " files x " << compilers.size()
            << " compilers x 4 standards\n";
}

TEST(Submissions, EveryCppSubmissionBuildsWithClangAndLibcxx) {
  if (!installed("clang++") ||
      run_process(
          {"sh", "-c", "echo '#include <vector>' | clang++ -x c++ -stdlib=libc++ -fsyntax-only -"})
              .status != 0)
    GTEST_SKIP() << "clang++ with libc++ is not installed";
  std::vector<std::vector<std::string>> commands;
  for (const char* verdict : {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"})
    for (const fs::path& source : files_in(repository() / "solutions" / verdict, ".cpp"))
      commands.push_back(
          {"clang++", "-std=c++20", "-stdlib=libc++", "-Wall", "-fsyntax-only", source.string()});
  ASSERT_GT(commands.size(), 5u);
  for (const std::string& failure : failures_of(commands, false)) ADD_FAILURE() << failure;
}

}  // namespace
}  // namespace entrapment::testing
