// The submissions `judge run` and `judge verify` judge, from the words on their command lines.
// Every mistake is a SelectionError naming the word.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "submission_list.hpp"

namespace entrapment {

struct ChosenSubmissions {
  std::vector<SubmissionTarget> targets;
  std::vector<std::string> ignored;  // in the directories searched: what is not judged (why)
  bool from_directory = false;       // a directory of them was named (even holding one)
};

// `judge run`'s first word: one submission (a file or a directory submission), or the
// submissions in a directory; "" for solutions/.
ChosenSubmissions submissions_named(const std::string& word, const std::filesystem::path& root);

// `judge run ... -- COMMAND ARGS...`: the command is the submission, named by its words and
// expected to be accepted.
SubmissionTarget command_target(const std::vector<std::string>& command);

// `judge verify`'s paths (submission files, or directories of them), or with none solutions/
// (none when there is no solutions/). Each named from the package root when it is in it
// (solutions/accepted/reference.cpp).
std::vector<SubmissionTarget> submissions_to_verify(const std::vector<std::string>& paths,
                                                    const std::filesystem::path& root);

}  // namespace entrapment
