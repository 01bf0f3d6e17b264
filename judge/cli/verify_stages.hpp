// `judge verify`'s options, and its last stage, kept in verify_submissions.cpp: every
// submission judged through the one judging loop (workflow/judging_loop.hpp) against the
// verdict of its directory.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "box/limits.hpp"
#include "verify_tally.hpp"
#include "workflow/judging_loop.hpp"

namespace entrapment::cli {

struct VerifyArguments {
  JudgingChoices judging;                // -j, --sandbox, --all, --first-failure
  int max_tests = 0;                     // 0: every test
  bool exhaustive = false;               // also testdata/exhaustive
  std::vector<std::string> only;         // stages; empty: all (or submissions, with paths)
  std::vector<std::string> submissions;  // paths; empty: solutions/
  bool no_color = false;
  bool verbose = false;   // -v: the limits in force and how they are enforced
  double time_limit = 0;  // --time-limit; 0: problem.yaml's
};

// The submissions stage: each submission's verdict against its directory's, a report of the
// failing games, and the time limit's margin over the slowest accepted test.
void verify_submissions(Tally& tally, const VerifyArguments& args,
                        const std::filesystem::path& root, const ProblemModule& module,
                        const BoxLimits& limits, double ac_to_time_limit);

}  // namespace entrapment::cli
