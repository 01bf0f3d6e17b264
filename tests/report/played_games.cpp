#include "played_games.hpp"

#include <deque>
#include <stdexcept>

#include "problems/entrapment/interaction/interaction.hpp"
#include "problems/entrapment/module.hpp"

namespace entrapment::testing {

namespace {

// The contestant: canned lines, then the end of its output; records what the judge sent.
class CannedChannel : public Channel {
 public:
  explicit CannedChannel(const std::vector<std::string>& lines)
      : lines_(lines.begin(), lines.end()) {}
  LineRead read_line() override {
    LineRead read;
    if (lines_.empty()) return read;
    read.status = LineRead::Status::Line;
    read.text = lines_.front();
    lines_.pop_front();
    return read;
  }
  bool write_line(const std::string&) override { return true; }

 private:
  std::deque<std::string> lines_;
};

Verdict verdict_of(Outcome::Result result) {
  switch (result) {
    case Outcome::Result::Accepted:
      return Verdict::AC;
    case Outcome::Result::WrongAnswer:
      return Verdict::WA;
    case Outcome::Result::JudgeError:
      return Verdict::JE;
  }
  return Verdict::JE;
}

// Statement sample 2's board with the judge's Trapper scripted to ask what the sample asks.
const char kSample2[] =
    "2 0\nadversary scripted 0\nask 3 1 2 8 9 4 5 block 5\nask 4 6 7 8 block 7\n";
// Statement sample 1's board; the judge's Runner prefers the sample's answers.
const char kSample1[] = "3 6\n1 2 3 7 8 9\nadversary scripted 0\nanswers Yes No No\n";

}  // namespace

TestResult play(const std::string& name, const std::string& test_text,
                const std::vector<std::string>& contestant_lines) {
  const TestCase test = parse_testcase(test_text);
  CannedChannel channel(contestant_lines);
  TestResult result;
  result.name = name;
  const Outcome outcome = entrapment_module().play(EntrapmentTest(test), channel, result.game);
  result.verdict = verdict_of(outcome.result);
  result.message = outcome.message;
  return result;
}

TestResult sample_runner_accepted(const std::string& name) {
  return play(name, kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1"});
}

TestResult sample_trapper_accepted(const std::string& name) {
  return play(name, kSample1, {"Trapper", "2", "4 5", "5", "0", "6"});
}

TestResult runner_bad_proof(const std::string& name) {
  return play(name, kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 7"});
}

TestResult wrong_claim(const std::string& name, const std::string& claim) {
  return play(name, kSample2, {claim});
}

std::string hostile_text() {
  return std::string("<script>alert('x')</script> & \"q\" \x1b[31mred\x1b[0m ") +
         std::string(1, '\0') + "nul \xff\xfe bad utf-8, caf\xc3\xa9 ok";
}

RunResult mixed_run() {
  RunResult run;
  run.submission = "solutions/wrong_answer/mixed.cpp";
  std::vector<TestResult>& tests = run.tests;
  tests.push_back(sample_runner_accepted("sample/1.in"));
  tests.push_back(sample_trapper_accepted("sample/2.in"));
  tests.push_back(runner_bad_proof("secret/03-bad-proof.in"));
  // A time-out: the judge stops the game midway; what the core saw so far is kept.
  TestResult timeout = play("secret/04-timeout.in", kSample2, {"Runner", "Yes", "Free"});
  timeout.verdict = Verdict::TLE;
  timeout.message = "wall time limit of 10 s exceeded";
  tests.push_back(timeout);
  tests.push_back(wrong_claim("secret/05-" + hostile_text() + ".in", hostile_text()));
  const double walls[] = {0.011, 0.734, 0.052, 10.002, 0.013};
  for (std::size_t i = 0; i < tests.size(); ++i) {
    tests[i].wall_s = walls[i];
    tests[i].cpu_s = walls[i] / 2;
    tests[i].memory_kib = 3000 + 100 * static_cast<long long>(i);
  }
  for (const TestResult& t : tests)
    if (t.game.lines.empty()) throw std::logic_error("a game produced no transcript");
  run.verdict = overall_verdict(tests);
  return run;
}

RunResult contest_run() {
  RunResult run;
  run.submission = "solutions/wrong_answer/late.cpp";
  for (int i = 1; i <= 43; ++i) {
    const std::string name = "secret/" + std::to_string(100 + i).substr(1) + ".in";
    if (i == 5 || i == 43)
      run.tests.push_back(runner_bad_proof(name));
    else if (i == 20)
      run.tests.push_back(wrong_claim(name, "Trapper"));
    else
      run.tests.push_back(i % 2 ? sample_runner_accepted(name) : sample_trapper_accepted(name));
  }
  run.verdict = overall_verdict(run.tests);
  return run;
}

}  // namespace entrapment::testing
