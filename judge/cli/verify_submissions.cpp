// `judge verify`'s submissions stage: the loop judges (workflow/judging_loop.hpp), this file
// prints a line per submission, the end of a game that went wrong, where the report of the
// failing games is, and whether the time limit leaves room over the slowest accepted test.
#include <stdlib.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
#include <sstream>

#include "command.hpp"
#include "containment/interrupts.hpp"
#include "enforcement.hpp"
#include "report/html_report.hpp"
#include "report/text.hpp"
#include "report/transcript_text.hpp"
#include "support/files.hpp"
#include "verify_stages.hpp"
#include "workflow/chosen_submissions.hpp"
#include "workflow/judged_tests.hpp"
#include "workflow/judging_loop.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

// Where a failing `judge verify` leads: the failing submissions' report, drawn game by game, in
// a directory of its own that nothing else writes (never over an existing file), in $TMPDIR
// (/tmp when it names no directory). A report that cannot be written takes its directory with
// it. The directory is made and written under the interrupt clean-up's lock: an interrupt
// waits for the report, which stays, as it stays after any failing verify.
void write_failure_report(Tally& tally, const std::vector<RunResult>& failed) {
  std::ostringstream html;
  report::write_html(html, failed);
  const char* tmpdir = std::getenv("TMPDIR");
  std::error_code ec;
  const fs::path parent =
      tmpdir && tmpdir[0] == '/' && fs::is_directory(tmpdir, ec) ? fs::path(tmpdir) : "/tmp";
  std::string dir = (parent / "entrapment-verify-report-XXXXXX").string();
  std::shared_ptr<void> hold;
  try {
    hold = hold_off_interrupt_cleanup();
  } catch (const std::exception&) {
    return;  // interrupted: the judge is on its way out
  }
  if (!::mkdtemp(dir.data())) {
    const int error = errno;  // before the message's strings are made
    tally.note("(no HTML report: cannot make a directory in " + parent.string() + ": " +
               std::strerror(error) + ")");
    return;
  }
  const fs::path page = fs::path(dir) / "report.html";
  try {
    write_file(page, html.str());
  } catch (const std::exception& e) {
    fs::remove_all(dir, ec);
    tally.note(std::string("(no HTML report: ") + e.what() + ")");
    return;
  }
  tally.note("the failing games, drawn round by round: " + page.string());
  for (const RunResult& result : failed)
    tally.note("again, with every test: judge run " + result.submission + " -v --all");
}

// problemtools' rule for a time limit: the slowest test of any accepted submission, times
// limits.time_multipliers.ac_to_time_limit, must fit under it. A warning, not a failure.
void check_time_limit_margin(Tally& tally, const std::vector<RunResult>& accepted,
                             const BoxLimits& limits, double ac_to_time_limit) {
  double slowest = 0;
  std::string where;
  for (const RunResult& result : accepted)
    for (const TestResult& t : result.tests)
      if (t.cpu_s > slowest) {
        slowest = t.cpu_s;
        where = result.submission + " on " + t.name;
      }
  if (where.empty()) return;
  const double needed = slowest * ac_to_time_limit;
  std::ostringstream detail;
  detail << "time limit " << report::format_seconds(limits.cpu_s) << ", slowest accepted test "
         << report::format_seconds(slowest) << " (" << where << ") x " << ac_to_time_limit
         << " (limits.time_multipliers.ac_to_time_limit) = " << report::format_seconds(needed);
  if (needed <= limits.cpu_s)
    tally.step("time limit margin", true, detail.str());
  else
    tally.warn("time limit margin",
               detail.str() + ", more than the limit: a slower judge machine may reject it");
}

// A line per submission as the loop judges it ("ok" when it got its directory's verdict), and
// the progress line with its tests; keeps the failing and the accepted results.
class VerifyPrinter : public JudgingReporter {
 public:
  VerifyPrinter(Tally& tally, std::size_t tests) : tally_(tally), tests_(tests) {}

  void started(const SubmissionTarget& target, const RunOptions&) override {
    name_ = target.name;
    done_ = 0;
  }
  void test_done(const TestResult&) override {
    tally_.progress(name_ + ": " + std::to_string(++done_) + "/" + std::to_string(tests_) +
                    " tests");
  }
  void finished(const SubmissionTarget& target, const RunResult& result) override;
  void lost(const SubmissionTarget& target, const RunResult& lost) override {
    tally_.step(target.name, false, lost.message);
  }

  std::vector<RunResult> failed, accepted;

 private:
  Tally& tally_;
  std::size_t tests_;
  std::string name_;
  std::size_t done_ = 0;
};

void VerifyPrinter::finished(const SubmissionTarget& target, const RunResult& result) {
  stop_here_if_interrupted();  // its runs stopped by the interrupt are no verdict
  double slowest = 0;
  for (const TestResult& t : result.tests) slowest = std::max(slowest, t.cpu_s);
  std::ostringstream detail;
  detail << "expected " << result.expected.text() << ", got " << to_string(result.verdict);
  std::vector<std::string> details;
  if (result.verdict == Verdict::CE || (result.tests.empty() && !result.message.empty())) {
    std::istringstream message(result.message);
    for (std::string line; std::getline(message, line) && details.size() < 20;)
      details.push_back(report::printable(line));
  } else {
    // A submission expected to fail stops at its first failing test: the count is then of the
    // tests it ran up to there, not of the tests that failed.
    if (result.stopped_early && result.tests_planned > result.tests.size())
      detail << ", " << result.tests.size() << " of " << result.tests_planned
             << " tests, up to its first failing test";
    else
      detail << ", " << result.tests.size() << (result.tests.size() == 1 ? " test" : " tests");
    detail << ", max CPU " << report::format_seconds(slowest);
    for (const TestResult& t : result.tests)
      if (t.verdict != Verdict::AC) {
        detail << ", first failure " << t.name << ": " << report::shorten(t.message, 200);
        break;
      }
  }
  const bool ok = result.expected.matches(result.verdict);
  if (!ok) {  // the end of the game that went wrong, as `judge run` shows it
    for (const TestResult& t : result.tests)
      if (t.verdict != Verdict::AC || result.verdict == Verdict::AC) {
        const std::vector<std::string> tail = report::marked_tail(t.game, 8);
        if (!tail.empty())
          details.push_back("the end of the game on " + t.name +
                            " (< judge to contestant, > contestant to judge):");
        for (const std::string& line : tail) details.push_back("  " + line);
        break;
      }
    failed.push_back(result);
  } else if (result.verdict == Verdict::AC) {
    accepted.push_back(result);
  }
  tally_.step(target.name, ok, detail.str(), details, !ok && result.verdict == Verdict::JE);
}

}  // namespace

void verify_submissions(Tally& tally, const VerifyArguments& args, const fs::path& root,
                        const ProblemModule& module, const BoxLimits& limits,
                        double ac_to_time_limit) {
  const auto samples = sample_tests(root);
  const auto secret = secret_tests(root, args.exhaustive);
  JudgingPlan plan;
  plan.tests = select_tests(samples, secret, args.max_tests);
  const std::size_t all = samples.size() + secret.size();
  tally.section("submissions (" + std::to_string(plan.tests.size()) + " tests each" +
                (plan.tests.size() < all ? ", a selection of the " + std::to_string(all) : "") +
                ")");
  plan.submissions = submissions_to_verify(args.submissions, root);
  if (plan.submissions.empty()) tally.step("submissions", false, "none found");

  plan.module = &module;
  plan.base = root / "testdata";
  plan.limits = limits;
  plan.choices = args.judging;
  plan.compile_ahead = static_cast<std::size_t>(std::max(args.judging.jobs, 1));
  VerifyPrinter printer(tally, plan.tests.size());
  judge_submissions(plan, printer);
  if (!printer.failed.empty()) write_failure_report(tally, printer.failed);
  if (plan.tests.size() == all)  // the margin needs every test
    check_time_limit_margin(tally, printer.accepted, limits, ac_to_time_limit);
}

}  // namespace entrapment::cli
