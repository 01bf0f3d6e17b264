// Which submissions a command judges and what each is expected to get. A submission directly
// in solutions/<verdict>/ (the problem package format's submissions/<verdict>/ layout) is
// expected to get that verdict; elsewhere, AC.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "package/verdict_directories.hpp"
#include "verdict/result.hpp"

namespace entrapment {

struct SubmissionTarget {
  std::filesystem::path path;
  std::string name;  // for reports: the path from the directory that was given, or the file
  Expectation expected;
};

// What `file` is expected to get: its directory's verdict, else AC.
Expectation expectation_of(const std::filesystem::path& file);

// Whether `dir` is itself one submission: a directory of sources directly inside a verdict
// directory (the problem package format's directory submissions), or, anywhere else, a
// directory whose sources make one program (submissions/submission.hpp, is_one_program).
bool is_directory_submission(const std::filesystem::path& dir);

// The submissions in `dir` (files, and directories of sources: directory submissions), sorted
// (accepted first, then wrong_answer, time_limit_exceeded, run_time_error, then any other verdict
// directory alphabetically):
//  - `dir` named after a verdict: every submission directly in it (sources, executables,
//    directories of sources);
//  - `dir` holding verdict directories (like solutions/): the submissions in each of them;
//  - a package's root (problem.yaml, and solutions/ holding verdict directories): solutions/;
//  - otherwise every source file directly in `dir` (by its extension: never an executable nor
//    a directory, which may be anything there).
// `ignored` gets what was left out: files that are no submission (README.md), and entries
// outside the verdict directories.
std::vector<SubmissionTarget> find_submissions(const std::filesystem::path& dir,
                                               std::vector<std::string>& ignored);

}  // namespace entrapment
