// The judging core against canned contestants: every protocol violation gets a wrong answer
// with a message that names where and what, every harmless whitespace variation is accepted,
// and the statement's samples replay exactly.
#include "interaction/interaction.hpp"

#include <gtest/gtest.h>

#include "game/history.hpp"
#include "interaction/scripted_channel.hpp"

namespace entrapment {
namespace {

// Sample 1: the Trapper wins; the judge (scripted Runner) answers Yes, then No.
const char* kSample1 = "3 6\n1 2 3 7 8 9\nadversary scripted 0\nanswers Yes No No\n";
// Sample 2: the Runner wins; the judge (scripted Trapper) asks and blocks as in the statement.
const char* kSample2 =
    "2 0\nadversary scripted 0\nask 3 1 2 8 9 4 5 block 5\nask 4 6 7 8 block 7\n";

struct Played {
  Outcome outcome;
  std::vector<std::string> judge_lines;
  Transcript transcript;
};

Played play(const std::string& test_text, std::vector<std::string> contestant) {
  Played out;
  ScriptedChannel channel(std::move(contestant));
  out.outcome = interact(parse_testcase(test_text), channel, out.transcript);
  out.judge_lines = channel.judge_lines();
  return out;
}

void expect_wrong(const Played& p, const std::string& fragment) {
  EXPECT_EQ(p.outcome.result, Outcome::Result::WrongAnswer) << p.outcome.message;
  EXPECT_NE(p.outcome.message.find(fragment), std::string::npos)
      << "message: " << p.outcome.message << "\nexpected to contain: " << fragment;
}

const std::vector<std::string> kSample1Trapper = {"Trapper", "2", "4 5", "5", "0", "6"};
const std::vector<std::string> kSample2Runner = {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1"};

TEST(Samples, SampleOneReplaysExactly) {
  const Played p = play(kSample1, kSample1Trapper);
  EXPECT_TRUE(p.outcome.accepted()) << p.outcome.message;
  EXPECT_EQ(p.judge_lines,
            (std::vector<std::string>{"3 6", "1 2 3 7 8 9", "Yes", "Free", "No", "Trapped"}));
}

TEST(Samples, SampleTwoReplaysExactly) {
  const Played p = play(kSample2, kSample2Runner);
  EXPECT_TRUE(p.outcome.accepted()) << p.outcome.message;
  EXPECT_EQ(p.judge_lines,
            (std::vector<std::string>{"2 0", "7", "3 1 2 8 9 4 5", "5", "4", "4 6 7 8", "7"}));
}

// ---- whitespace the judge must accept ----

TEST(Whitespace, TrailingSpacesCarriageReturnsAndRunsOfBlanksAreAccepted) {
  EXPECT_TRUE(play(kSample2, {"Runner  ", "Yes\r", "Free \r", "\tYes", "Free", "5   4\t1  \r"})
                  .outcome.accepted());
  EXPECT_TRUE(play(kSample1, {"Trapper\r", "2 ", "4    5", "5\r", "0", "6 "}).outcome.accepted());
}

TEST(Whitespace, AnEmptyLineInPlaceOfTheAbsentListIsAccepted) {
  EXPECT_TRUE(play(kSample1, {"Trapper", "2", "4 5", "5", "0", "", "6"}).outcome.accepted());
  EXPECT_TRUE(play(kSample1, {"Trapper", "2", "4 5", "5", "0", "  \r", "6"}).outcome.accepted());
}

TEST(Whitespace, ABlankLineAtTheEndIsAccepted) {
  EXPECT_TRUE(
      play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1", ""}).outcome.accepted());
}

// ---- the role ----

TEST(Role, AWrongClaimIsRejectedWithTheBoardAndTheTrueWinner) {
  const Played p = play(kSample1, {"Runner"});
  expect_wrong(p, "you claimed Runner");
  expect_wrong(p, "the Trapper wins");
  EXPECT_EQ(p.judge_lines.back(), "-1");
}

TEST(Role, WordsAreCaseSensitive) {
  expect_wrong(play(kSample1, {"trapper"}), "got \"trapper\"");
  expect_wrong(play(kSample1, {"TRAPPER"}), "expected the side you play");
  expect_wrong(play(kSample1, {"Trapper Runner"}), "exactly");
  expect_wrong(play(kSample1, {""}), "got \"\"");
}

// ---- contestant as Runner ----

TEST(AsRunner, WrongWordsAreRejected) {
  expect_wrong(play(kSample2, {"Runner", "yes"}), "round 1: expected your answer to the query");
  expect_wrong(play(kSample2, {"Runner", "Yes", "FREE"}),
               "round 1: expected whether you could move");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Y"}), "round 2");
}

TEST(AsRunner, AnAnswerThatContradictsEveryPossibleSquareIsRejected) {
  // Round 2 asks {4,6,7,8}; after Yes to {1,2,3,4,5,8,9} and the block of 5, the Runner can
  // be anywhere but 5, so both answers are consistent. Use a full query instead.
  const char* test = "1 0\nadversary scripted 0\nask 1 2 3 4 5 6 7 8 9 block 5\n";
  const Played p = play(test, {"Runner", "No"});
  expect_wrong(p, "round 1: you answered No");
  expect_wrong(p, "contradicts");
  EXPECT_EQ(p.judge_lines.back(), "-1");
}

TEST(AsRunner, SayingTrappedWhenFreeIsWrong) {
  expect_wrong(play(kSample2, {"Runner", "Yes", "Trapped"}), "you said Trapped");
}

TEST(AsRunner, BeingTrappedLosesAtOnce) {
  // Runner board R=1 with 8 squares gone: 1 round, only square 5 open... R + U = 9 would be
  // a Trapper win, so take 2 open squares 1,2: the Runner wins only by answering well.
  // Ask {1}: Yes leaves {1}; block 2 traps 1. No leaves {2}; block 1 traps 2. So it is a
  // Trapper win; use a Runner win and a wrong answer instead: 1 round, open {1,2,3}.
  const char* test = "1 6\n4 5 6 7 8 9\nadversary scripted 0\nask 2 block 2\n";
  // Yes leaves {2}: 2 is blocked, its open neighbours are 1 and 3: survives.
  EXPECT_TRUE(play(test, {"Runner", "Yes", "Free", "2 1"}).outcome.accepted());
  // No leaves {1,3}: both neighbours of 1 and 3 in the top row is 2, which is blocked.
  const Played p = play(test, {"Runner", "No", "Free", "1 2"});
  expect_wrong(p, "you are trapped");
  EXPECT_EQ(p.transcript.round_log.at(0).runner_after_move, kEmpty);
}

TEST(AsRunner, ProofsMustHaveRPlusOneSquaresOnOneLine) {
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4"}), "got 2 tokens");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1 2"}), "got 4 tokens");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5", "4", "1"}),
               "got 1 token");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 x"}), "not an integer");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 10"}), "outside 1..9");
}

TEST(AsRunner, ProofsMustObeyTheRulesAndTheAnswers) {
  auto with_proof = [](const std::string& proof) {
    return play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", proof});
  };
  expect_wrong(with_proof("6 5 4"), "not in the query");
  expect_wrong(with_proof("5 1 2"), "not to an orthogonally adjacent");
  expect_wrong(with_proof("4 5 4"), "unavailable");
  expect_wrong(with_proof("5 4 7"), "unavailable");
}

TEST(AsRunner, OutputAfterTheGameIsWrong) {
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1", "5 4 1"}),
               "the game is over");
}

TEST(AsRunner, EndOfOutputMidGameIsWrong) {
  expect_wrong(play(kSample2, {"Runner", "Yes"}), "but the output ended");
}

TEST(AsRunner, OverlongLinesAreRejectedAndCutInMessages) {
  const Played p = play(kSample2, {"Runner", std::string(kMaxLineBytes + 5, 'Y')});
  expect_wrong(p, "longer than");
  EXPECT_LT(p.outcome.message.size(), 400u);
  const Played q = play(kSample2, {"Runner", std::string(5000, 'Y')});
  expect_wrong(q, "expected your answer");
  EXPECT_LT(q.outcome.message.size(), 400u);
}

// ---- contestant as Trapper ----

TEST(AsTrapper, AListSplitOverLinesIsRejected) {
  expect_wrong(play(kSample1, {"Trapper", "2", "4", "5"}), "got 1 token");
}

TEST(AsTrapper, QueriesMustBeDistinctAvailableLabelsAndMatchN) {
  expect_wrong(play(kSample1, {"Trapper", "2", "4 4"}), "listed twice");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 1"}), "not available");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5 6"}), "got 3 tokens");
  expect_wrong(play(kSample1, {"Trapper", "4"}), "out of range");  // only 3 available
  expect_wrong(play(kSample1, {"Trapper", "-1"}), "out of range");
  expect_wrong(play(kSample1, {"Trapper", "+2"}), "not an integer");
  expect_wrong(play(kSample1, {"Trapper", "02"}), "not an integer");
  expect_wrong(play(kSample1, {"Trapper", "2 4 5"}), "alone on its line");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 0"}), "not a square label");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 99999999999999999999"}), "not an integer");
}

TEST(AsTrapper, BlocksMustBeAvailable) {
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", "1"}), "not available");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", "5", "0", "5"}), "not available");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", "5 6"}), "got 2 tokens");
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", ""}), "got 0 tokens");
}

TEST(AsTrapper, OnlyOneBlankLineIsForgivenAfterAnEmptyQuery) {
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", "5", "0", "", "", "6"}), "got 0 tokens");
}

TEST(AsTrapper, BlockingEverySquareTrapsWhenRoundsPlusUnavailableIsNine) {
  // Sample 1's board: three open squares, three rounds. Asking nothing and blocking 4, 5, 6
  // in turn still wins: the last block leaves no square at all.
  const char* test = "3 6\n1 2 3 7 8 9\nadversary adaptive 0\n";
  const Played p = play(test, {"Trapper", "0", "4", "0", "5", "0", "6"});
  EXPECT_TRUE(p.outcome.accepted()) << p.outcome.message;
  EXPECT_EQ(p.judge_lines.back(), "Trapped");
}

TEST(AsTrapper, TheEscapePathIsValidWhenTheContestantLoses) {
  // Empty board, 4 rounds: a Trapper win, but asking nothing and blocking corners fails.
  const char* test = "4 0\nadversary adaptive 7\n";
  const Played p = play(test, {"Trapper", "0", "1", "0", "3", "0", "7", "0", "9"});
  expect_wrong(p, "escaped along");
  std::vector<RoundRecord> rounds;
  for (const TranscriptRound& r : p.transcript.round_log)
    rounds.push_back({make_set(r.query), *r.answer, r.block});
  EXPECT_EQ(path_violation(kAllSquares, rounds, p.transcript.runner_path), std::nullopt);
  EXPECT_EQ(p.judge_lines.back(), "Free");  // a lost game is not a protocol violation: no -1
}

TEST(AsTrapper, OutputAfterTrappedIsWrong) {
  expect_wrong(play(kSample1, {"Trapper", "2", "4 5", "5", "0", "6", "0"}), "the game is over");
}

// ---- robustness ----

TEST(Robustness, NonPrintableBytesAreQuotedInMessagesAndTranscripts) {
  const Played p = play(kSample1, {std::string("Trap\x01\xff", 6)});
  expect_wrong(p, "\\x01\\xFF");
  const std::string json = p.transcript.to_json();
  EXPECT_EQ(json.find('\x01'), std::string::npos);
  EXPECT_EQ(json.find('\xff'), std::string::npos);
}

// A channel whose contestant has stopped reading: every write fails.
class DeafChannel : public ScriptedChannel {
 public:
  using ScriptedChannel::ScriptedChannel;
  bool write_line(const std::string& line) override {
    ScriptedChannel::write_line(line);
    return false;
  }
};

TEST(Robustness, AContestantThatStopsReadingIsJudgedOnWhatItWrote) {
  // Gone before the end: the missing lines are the wrong answer, not the failed writes.
  DeafChannel gone(std::vector<std::string>{});
  Transcript transcript;
  const Outcome o = interact(parse_testcase(kSample1), gone, transcript);
  EXPECT_EQ(o.result, Outcome::Result::WrongAnswer);
  EXPECT_NE(o.message.find("but the output ended"), std::string::npos) << o.message;
  // A Trapper that wrote its winning game without reading "Trapped" still won: whether the
  // last write fails depends on timing, and the verdict must not.
  DeafChannel deaf(kSample1Trapper);
  EXPECT_TRUE(interact(parse_testcase(kSample1), deaf, transcript).accepted());
}

TEST(Robustness, TheSameTestFilePlaysTheSameGame) {
  for (const char* test : {"4 0\nadversary random 42\n", "3 0\nadversary adaptive 9\n",
                           "5 1\n5\nadversary committed 3\n"}) {
    const std::vector<std::string> lines = {"Trapper", "3", "1 2 3", "5", "1", "9",
                                            "0",       "4", "0",     "6", "0", "8"};
    const Played a = play(test, lines);
    const Played b = play(test, lines);
    EXPECT_EQ(a.judge_lines, b.judge_lines) << test;
    EXPECT_EQ(a.outcome.message, b.outcome.message) << test;
  }
}

}  // namespace
}  // namespace entrapment
