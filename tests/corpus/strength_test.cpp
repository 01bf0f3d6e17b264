// The corpus and the contest set, in process: every strategy is a real mistake that the
// exhaustive tier catches, every one of them is also rejected by at least three contest tests
// (issue 9's "no loss of strength"), the reference player wins every test, and the committed
// selection is what `judge generate --select` computes today (not stale).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>

#include "generate/generate.hpp"
#include "problems/entrapment/corpus/play.hpp"
#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

namespace entrapment::corpus {
namespace {

namespace fs = std::filesystem;

fs::path root() { return testing::repository(); }

struct Tier {
  std::vector<std::string> names;
  std::vector<TestCase> tests;
};

Tier tier(const std::string& directory) {
  std::vector<fs::path> files;
  for (const fs::directory_entry& e :
       fs::recursive_directory_iterator(root() / "testdata" / directory))
    if (e.path().extension() == ".in") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  Tier out;
  for (const fs::path& f : files) {
    out.names.push_back(fs::relative(f, root() / "testdata").string());
    out.tests.push_back(parse_testcase(testing::read_text(f)));
  }
  return out;
}

// Per strategy, how many tests reject it.
std::vector<int> rejections(const KillMatrix& kills, std::size_t strategies) {
  std::vector<int> out(strategies, 0);
  for (const std::vector<int>& row : kills)
    for (int s : row) ++out[static_cast<std::size_t>(s)];
  return out;
}

// Each test runs in a process of its own (ctest), so each computes only what it reads: the kill
// matrices of every strategy on the exhaustive tier cost seconds (half a minute under the
// sanitizers), and the reference player's test needs none of them.
class Strength : public ::testing::Test {
 protected:
  static const Tier& contest() {
    static const Tier t = tier("secret");
    return t;
  }
  static const Tier& exhaustive() {
    static const Tier t = tier("exhaustive");
    return t;
  }
  static const std::vector<const StrategyInfo*>& strategies() {
    static const std::vector<const StrategyInfo*> s = all_strategies();
    return s;
  }
  static const KillMatrix& contest_kills() {
    static const KillMatrix k = kill_matrix(contest().tests, strategies());
    return k;
  }
  static const KillMatrix& exhaustive_kills() {
    static const KillMatrix k = kill_matrix(exhaustive().tests, strategies());
    return k;
  }
};

TEST_F(Strength, TheReferencePlayerWinsEveryContestAndExhaustiveTest) {
  for (const Tier* t : {&contest(), &exhaustive()}) {
    const KillMatrix lost = kill_matrix(t->tests, {&reference_strategy()});
    for (std::size_t i = 0; i < lost.size(); ++i)
      EXPECT_TRUE(lost[i].empty())
          << t->names[i] << ": " << play(t->tests[i], reference_strategy()).message;
  }
}

// The two tests below check the data (the tiers against the corpus), which the sanitizers do not
// change: the plain pass decides. The kill matrix's code runs instrumented in the other tests
// here (the reference player on both tiers, the matrix with any number of threads).
constexpr const char* kTheDataIsThePlainPasss =
    "the plain pass checks the tiers against the corpus; under the sanitizers the kill matrices "
    "of the exhaustive tier take half a minute for the same code";

TEST_F(Strength, EveryStrategyIsAMistakeTheExhaustiveTierCatches) {
  if (testing::sanitizer_tree()) GTEST_SKIP() << kTheDataIsThePlainPasss;
  const std::vector<int> caught = rejections(exhaustive_kills(), strategies().size());
  for (std::size_t s = 0; s < strategies().size(); ++s)
    EXPECT_GT(caught[s], 0) << strategies()[s]->name
                            << " is never rejected by the exhaustive tier: if it is correct, "
                               "take it out of the corpus and say so in the README";
}

TEST_F(Strength, EveryStrategyTheExhaustiveTierRejectsTheContestSetRejectsThreeTimes) {
  if (testing::sanitizer_tree()) GTEST_SKIP() << kTheDataIsThePlainPasss;
  const std::vector<int> caught = rejections(exhaustive_kills(), strategies().size());
  const std::vector<int> contest = rejections(contest_kills(), strategies().size());
  int fewest = 1 << 20;
  for (std::size_t s = 0; s < strategies().size(); ++s) {
    if (caught[s] == 0) continue;
    EXPECT_GE(contest[s], 3) << strategies()[s]->name << " is rejected by " << caught[s]
                             << " exhaustive tests but only " << contest[s] << " contest tests";
    fewest = std::min(fewest, contest[s]);
  }
  RecordProperty("fewest_contest_rejections", fewest);
}

TEST(KillMatrix, DoesNotDependOnTheNumberOfThreads) {
  std::vector<TestCase> tests;
  for (int r = 1; r <= 4; ++r)
    for (unsigned u : {0u, 0x10u, 0x145u, 0x1E0u}) {
      TestCase t;
      t.rounds = r;
      t.unavailable = labels(static_cast<SquareSet>(u));
      t.adversary.seed = u + static_cast<unsigned>(r);
      if (is_valid_board(r, static_cast<SquareSet>(u))) tests.push_back(t);
    }
  const std::vector<const StrategyInfo*> strategies = all_strategies();
  EXPECT_EQ(kill_matrix(tests, strategies, 1), kill_matrix(tests, strategies, 3));
}

TEST(CorpusRegistry, EveryStrategySaysWhatItGetsWrong) {
  std::set<std::string> names;
  const std::set<std::string> kinds = {"role", "runner", "trapper", "proof", "protocol", "search"};
  for (const StrategyInfo& s : strategies()) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_TRUE(std::all_of(s.name.begin(), s.name.end(), [](char c) {
      return std::islower(static_cast<unsigned char>(c)) || std::isdigit(c) || c == '_';
    })) << s.name;
    EXPECT_TRUE(kinds.count(s.kind)) << s.name << ": " << s.kind;
    EXPECT_GT(s.mistake.size(), 15u) << s.name;
    EXPECT_LT(s.mistake.size(), 100u) << s.name << ": one line";
    if (!s.models.empty()) {
      EXPECT_TRUE(fs::exists(root() / s.models)) << s.name << ": " << s.models;
    }
    EXPECT_EQ(find_strategy(s.name), &s);
  }
  EXPECT_GE(names.size(), 40u);
  EXPECT_EQ(find_strategy("no such strategy"), nullptr);
}

// A model names a program that exists. A wrong submission without a model is not an error (a
// setter adds submissions without writing C++ strategies): the contest set was simply not chosen
// against it, which the note says, with the command that shows what the contest set does to it.
// tests/corpus/solutions_strength_test.cpp still wants three contest tests to reject it.
TEST(CorpusRegistry, ModelsNameProgramsThatExistAndUnmodelledOnesAreReported) {
  std::set<std::string> modelled;
  for (const StrategyInfo& s : strategies())
    if (!s.models.empty()) modelled.insert(s.models);
  ASSERT_GE(modelled.size(), 10u);
  for (const std::string& program : modelled)
    EXPECT_TRUE(fs::is_regular_file(root() / program))
        << "a corpus model names " << program << ", which does not exist";
  std::vector<std::string> programs = {"solutions/run_time_error/crash_parse.py"};
  for (const fs::directory_entry& e : fs::directory_iterator(root() / "solutions" / "wrong_answer"))
    if (e.is_regular_file() && (e.path().extension() == ".cpp" || e.path().extension() == ".py"))
      programs.push_back(fs::relative(e.path(), root()).string());
  for (const std::string& p : programs)
    if (!modelled.count(p))
      std::cout << "[ note ] " << p
                << " has no model in judge/problems/entrapment/corpus: the contest set was not "
                   "chosen against it. "
                   "What the contest set does to it: build/bin/judge run "
                << p << " --all\n";
}

// The committed testdata/secret.yaml and its kill table are what the corpus and the candidates
// give today: a change to the corpus, the adversaries or the parameters that would change the
// contest set fails here until `judge generate --select` is rerun.
TEST(Selection, IsNotStale) {
  // The selection replays the whole corpus against every candidate: 11 s here, 333 s under
  // ASan, for code the other corpus tests already run instrumented. The plain build decides.
  if (testing::sanitizer_tree())
    GTEST_SKIP() << "the plain build checks the selection; under ASan it takes minutes";
  GenerateOptions options;
  options.check_only = true;
  options.select = true;
  const GenerateReport report = generate_testdata(root(), options);
  EXPECT_EQ(report.differing, std::vector<std::string>{}) << "rerun `judge generate --select`";
  EXPECT_EQ(report.missing, std::vector<std::string>{});
  EXPECT_EQ(report.extra, std::vector<std::string>{});
}

}  // namespace
}  // namespace entrapment::corpus
