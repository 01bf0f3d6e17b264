#include "chosen_submissions.hpp"

#include "judging/judge_tests.hpp"
#include "selection_error.hpp"
#include "submissions/submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;

ChosenSubmissions submissions_named(const std::string& word, const fs::path& root) {
  std::error_code error;
  const fs::path path = word.empty() ? root / "solutions" : fs::path(word);
  const std::string shown = word.empty() ? "solutions/" : word;
  if (!fs::exists(path, error))
    throw SelectionError(shown + ": no such submission file or directory");
  ChosenSubmissions chosen;
  if (fs::is_directory(path, error) && !is_directory_submission(path)) {
    chosen.from_directory = true;
    chosen.targets = find_submissions(path, chosen.ignored);
    if (chosen.targets.empty()) {
      const bool has_tests = !collect_tests({path}).empty();
      throw SelectionError(shown + ": no submissions in it" +
                           (has_tests ? " (it holds test files: the first word is the SUBMISSION "
                                        "or a DIR of submissions, the tests come after it)"
                                      : ""));
    }
    return chosen;
  }
  if (path.extension() == ".in")
    throw SelectionError(
        shown + " is a test file; give the SUBMISSION first: judge run SUBMISSION " + shown);
  if (!is_submission_file(path))
    throw SelectionError(shown + ": not a submission (a source or an executable)");
  const fs::path clean = fs::absolute(path).lexically_normal();
  const fs::path named = clean.has_filename() ? clean : clean.parent_path();
  chosen.targets = {{path, named.filename().string(), expectation_of(named)}};
  return chosen;
}

SubmissionTarget command_target(const std::vector<std::string>& command) {
  std::string name;
  for (const std::string& word : command) name += (name.empty() ? "" : " ") + word;
  return {{}, name, Expectation{}};
}

std::vector<SubmissionTarget> submissions_to_verify(const std::vector<std::string>& paths,
                                                    const fs::path& root) {
  std::vector<SubmissionTarget> targets;
  std::vector<std::string> ignored;
  if (paths.empty() && fs::is_directory(root / "solutions"))
    targets = find_submissions(root / "solutions", ignored);
  for (const std::string& word : paths) {
    std::error_code error;
    const fs::path path = word;
    if (fs::is_directory(path, error) && !is_directory_submission(path)) {
      for (SubmissionTarget& t : find_submissions(path, ignored)) targets.push_back(std::move(t));
    } else if (is_submission_file(path)) {
      targets.push_back({path, word, expectation_of(path)});
    } else {
      throw SelectionError(word + (fs::exists(path, error)
                                       ? ": not a submission (a .cpp .cc .cxx .c .py .java "
                                         "source or an executable, or a directory of them)"
                                       : ": no such submission file or directory"));
    }
  }
  for (SubmissionTarget& t : targets) {
    const fs::path relative = fs::absolute(t.path).lexically_normal().lexically_relative(root);
    if (!relative.empty() && *relative.begin() != "..") t.name = relative.string();
  }
  return targets;
}

}  // namespace entrapment
