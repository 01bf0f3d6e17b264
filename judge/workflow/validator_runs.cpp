#include "validator_runs.hpp"

#include <algorithm>
#include <mutex>

#include "containment/tool_process.hpp"
#include "report/text.hpp"
#include "support/files.hpp"
#include "support/parallel_for.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// What the validator said, on one line: its output (stdout and stderr), cut.
std::string validator_message(const fs::path& output) {
  std::string text = without_line_ends(read_file(output).value_or(""));
  if (text.empty()) return "(no message)";
  for (char& c : text)
    if (c == '\n') c = ' ';
  return report::shorten(text, 300);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> run_validator(
    const fs::path& validator, const std::vector<fs::path>& files, int expected,
    const fs::path& root, int jobs, const fs::path& work,
    const std::function<void(std::size_t done)>& on_file_done) {
  std::vector<std::pair<std::string, std::string>> wrong;  // file, why
  std::mutex mutex;
  std::size_t done = 0;
  parallel_for(files.size(), jobs, [&](std::size_t i, int worker) {
    const fs::path output = work / ("validator-" + std::to_string(worker) + ".out");
    const ToolRun run = run_tool({validator.string()}, files[i], output, kValidatorTimeLimit);
    std::lock_guard<std::mutex> lock(mutex);
    ++done;
    on_file_done(done);
    if (run.started && !run.timed_out && run.exit_code == expected) return;
    const int status = run.exit_code;
    const std::string name = fs::relative(files[i], root).string();
    std::string why;
    if (!run.started)
      why = "the validator could not be run: " + run.error;
    else if (run.timed_out)
      why = "the validator took longer than " + std::to_string(kValidatorTimeLimit.count()) + " s";
    else if (status == 42)
      why = "accepted (exit 42), but it is invalid";
    else if (status == 43)
      why = "rejected (exit 43): " + validator_message(output);
    else if (run.signal != 0)
      why = "the validator was killed by signal " + std::to_string(run.signal);
    else
      why =
          "the validator exited with " + std::to_string(status) + ": " + validator_message(output);
    wrong.emplace_back(name, why);
  });
  std::sort(wrong.begin(), wrong.end());
  return wrong;
}

}  // namespace entrapment
