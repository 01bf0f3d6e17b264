// The judging core against canned contestants: every protocol violation gets a wrong answer
// with a message that names where and what, every harmless whitespace variation is accepted,
// and the statement's samples replay exactly.
#include "problems/entrapment/interaction/interaction.hpp"

#include <gtest/gtest.h>

#include "problems/entrapment/game/history.hpp"
#include "protocol/scripted_channel.hpp"
#include "protocol/tokens.hpp"

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

// After the game the same rule holds as for every other line: a '\r' before the line end is
// ignored, spaces and tabs are blanks.
TEST(Whitespace, CrlfAndBlankLinesAfterTheGameAreAccepted) {
  for (const char* blank : {"\r", " \t\r", "\t", "   "}) {
    const Played runner = play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1", blank});
    EXPECT_TRUE(runner.outcome.accepted()) << quote(blank) << ": " << runner.outcome.message;
    const Played trapper = play(kSample1, {"Trapper", "2", "4 5", "5", "0", "6", blank, blank});
    EXPECT_TRUE(trapper.outcome.accepted()) << quote(blank) << ": " << trapper.outcome.message;
    EXPECT_EQ(trapper.transcript.blank_lines_after_game, 2u);
  }
  // Two carriage returns are not a line end and a blank, exactly as "Yes\r\r" is not "Yes".
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1", "\r\r"}),
               "the game is over");
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

// The proof is read after the last round; messages name rounds that exist.
TEST(AsRunner, MessagesAboutTheProofNameTheLastRound) {
  const Played short_proof = play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4"});
  expect_wrong(short_proof, "after round 2: ");
  EXPECT_EQ(short_proof.outcome.message.find("round 3"), std::string::npos)
      << short_proof.outcome.message;
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 2"}),
               "after round 2: invalid proof");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free"}),
               "after round 2: expected your proof");
  expect_wrong(play(kSample2, {"Runner", "Yes", "Free", "Yes", "Free", "5 4 1", "x"}),
               "after round 2: the game is over");
}

// In round 1 there are no earlier answers to contradict: only the board.
TEST(AsRunner, ARoundOneContradictionNamesTheSquaresNotEarlierAnswers) {
  const char* test = "1 0\nadversary scripted 0\nask 1 2 3 4 5 6 7 8 9 block 5\n";
  const Played p = play(test, {"Runner", "No"});
  expect_wrong(p, "the answer contradicts the squares you could be on");
  EXPECT_EQ(p.outcome.message.find("earlier"), std::string::npos) << p.outcome.message;
  // In round 2 there are: Yes to {5} leaves 5, whose neighbours 2 4 6 8 all answer No.
  const char* later = "2 0\nadversary scripted 0\nask 5 block 1\nask 2 4 6 8 block 3\n";
  const Played q = play(later, {"Runner", "Yes", "Free", "No"});
  expect_wrong(q, "round 2: you answered No");
  expect_wrong(q, "contradicts your earlier ones");
}

TEST(AsRunner, OneRoundIsOneRound) {
  // One round on the top row: asked {2}, Yes, 2 blocked; the Runner moves to 1 or 3.
  const char* test = "1 6\n4 5 6 7 8 9\nadversary scripted 0\nask 2 block 2\n";
  const Played p = play(test, {"Runner", "Yes", "Free", "2 1"});
  ASSERT_TRUE(p.outcome.accepted()) << p.outcome.message;
  EXPECT_NE(p.outcome.message.find("survived 1 round and"), std::string::npos) << p.outcome.message;
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

TEST(AsTrapper, LosingInOneRoundSaysOneRound) {
  // Open squares 1 and 2, one round: asking about 1 and, after Yes, blocking 2 traps the
  // Runner; asking nothing and blocking 1 lets a Runner on 1 move to 2.
  const char* test = "1 7\n3 4 5 6 7 8 9\nadversary scripted 0\nanswers Yes\n";
  EXPECT_TRUE(play(test, {"Trapper", "1", "1", "2"}).outcome.accepted());
  expect_wrong(play(test, {"Trapper", "0", "1"}), "the Runner was not trapped in 1 round;");
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

// A contestant that plays `game` and then writes `blank_lines` empty lines, produced as they
// are read (a scripted channel would itself hold gigabytes).
class FloodChannel : public Channel {
 public:
  FloodChannel(std::vector<std::string> game, std::size_t blank_lines)
      : game_(std::move(game)), left_(blank_lines) {}
  LineRead read_line() override {
    LineRead read = game_.read_line();
    if (read.status != LineRead::Status::End || left_ == 0) return read;
    --left_;
    ++blank_read_;
    read.status = LineRead::Status::Line;
    return read;
  }
  bool write_line(const std::string& line) override { return game_.write_line(line); }
  std::size_t blank_read() const { return blank_read_; }

 private:
  ScriptedChannel game_;
  std::size_t left_;
  std::size_t blank_read_ = 0;
};

TEST(Robustness, ABlankLineFloodAfterTheGameIsCutAtOneMebibyteAndNotStored) {
  for (const auto& game : {kSample2Runner, kSample1Trapper}) {
    const char* test = game == kSample2Runner ? kSample2 : kSample1;
    FloodChannel flood(game, std::size_t{5} << 20);  // 5 MiB of newlines
    Transcript transcript;
    const Outcome o = interact(parse_testcase(test), flood, transcript);
    EXPECT_EQ(o.result, Outcome::Result::WrongAnswer) << o.message;
    EXPECT_NE(o.message.find("the game is over, but the program wrote more than 1048576 bytes"),
              std::string::npos)
        << o.message;
    // It stopped reading at the cap, and kept a count, not the lines.
    EXPECT_EQ(flood.blank_read(), kMaxLineBytes + 1);
    EXPECT_EQ(transcript.blank_lines_after_game, kMaxLineBytes + 1);
    EXPECT_LT(transcript.lines.size(), 30u);
    EXPECT_LT(transcript.to_json().size(), 10000u);
    EXPECT_NE(transcript.to_json().find("\"blank_lines_after_game\": 1048577"), std::string::npos);
  }
}

TEST(Robustness, BlankLinesAfterTheGameUpToOneMebibyteAreAccepted) {
  FloodChannel flood(kSample2Runner, kMaxLineBytes);
  Transcript transcript;
  const Outcome o = interact(parse_testcase(kSample2), flood, transcript);
  EXPECT_TRUE(o.accepted()) << o.message;
  EXPECT_EQ(transcript.blank_lines_after_game, kMaxLineBytes);
  EXPECT_LT(transcript.lines.size(), 30u);
}

TEST(Robustness, TheTranscriptKeepsABoundedNumberOfLines) {
  Transcript transcript;
  for (int i = 0; i < 5000; ++i) transcript.add_line(i % 2 == 0, 1, std::string(300, 'x'));
  EXPECT_EQ(transcript.lines.size(), kTranscriptMaxLines);
  EXPECT_EQ(transcript.lines_dropped, 5000 - kTranscriptMaxLines);
  EXPECT_TRUE(transcript.lines.back().cut);
  EXPECT_NE(transcript.to_json().find("\"lines_dropped\": 4000"), std::string::npos);
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
