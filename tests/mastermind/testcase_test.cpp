// The test-file format: every adversary's valid file, and each kind of invalid file refused with
// the line that holds the fault and what it is.
#include "testcase.hpp"

#include <gtest/gtest.h>

#include "solver.hpp"
#include "text.hpp"

namespace mastermind {
namespace {

TEST(mastermind_testcase, ValidFilesOfEveryAdversary) {
  ParseResult r = parse_testcase("4 6 9\nfixed 1 2 3 4\n");
  ASSERT_TRUE(r.ok) << r.message();
  EXPECT_EQ(r.test.pins, 4);
  EXPECT_EQ(r.test.colours, 6);
  EXPECT_EQ(r.test.guesses, 9);
  EXPECT_EQ(r.test.adversary.kind, AdversaryKind::Fixed);
  EXPECT_EQ(r.test.adversary.code, (Code{1, 2, 3, 4}));
  EXPECT_EQ(r.test.first_line(), "4 6 9");

  r = parse_testcase("3 5 20\nrandom 999999999999999999\n");
  ASSERT_TRUE(r.ok) << r.message();
  EXPECT_EQ(r.test.adversary.kind, AdversaryKind::Random);
  EXPECT_EQ(r.test.adversary.seed, 999999999999999999ULL);

  r = parse_testcase("1 1 1\nrandom 0\n");
  ASSERT_TRUE(r.ok) << r.message();
  EXPECT_EQ(r.test.adversary.seed, 0u);

  r = parse_testcase("2 2 3\nlargest\n");
  ASSERT_TRUE(r.ok) << r.message();
  EXPECT_EQ(r.test.adversary.kind, AdversaryKind::Largest);

  r = parse_testcase("4 6 9\nlexicographic-worst\n");
  ASSERT_TRUE(r.ok) << r.message();
  EXPECT_EQ(r.test.adversary.kind, AdversaryKind::LexicographicWorst);
}

TEST(mastermind_testcase, GuessesFromTheTableTo20InEveryCell) {
  for (int pins = 1; pins <= 4; ++pins)
    for (int colours = 1; colours <= 6; ++colours) {
      const std::string shape = std::to_string(pins) + " " + std::to_string(colours) + " ";
      const int least = lexicographic_worst_case(pins, colours);
      EXPECT_TRUE(parse_testcase(shape + std::to_string(least) + "\nlargest\n").ok);
      EXPECT_TRUE(parse_testcase(shape + "20\nlargest\n").ok);
      const ParseResult below = parse_testcase(shape + std::to_string(least - 1) + "\nlargest\n");
      EXPECT_FALSE(below.ok);
      EXPECT_EQ(below.line, 1);
    }
}

TEST(mastermind_testcase, FormatRoundTrips) {
  for (const char* text : {"4 6 9\nfixed 6 6 1 2\n", "2 3 4\nrandom 123\n", "1 6 6\nlargest\n",
                           "3 4 17\nlexicographic-worst\n"}) {
    const ParseResult r = parse_testcase(text);
    ASSERT_TRUE(r.ok) << text << r.message();
    EXPECT_EQ(format_testcase(r.test), text);
  }
}

struct Invalid {
  const char* text;
  int line;
  const char* says;  // a part of the error
};

TEST(mastermind_testcase, InvalidFilesNameTheLineAndTheFault) {
  const Invalid cases[] = {
      {"", 1, "empty"},
      {"4 6 9\nlargest", 2, "does not end with a newline"},
      {"4 6 9", 1, "does not end with a newline"},
      {"4 6 9\r\nlargest\n", 1, "carriage return"},
      {"4 6 9\nlargest\r\n", 2, "carriage return"},
      {"4\t6 9\nlargest\n", 1, "tab"},
      {"4  6 9\nlargest\n", 1, "two spaces"},
      {" 4 6 9\nlargest\n", 1, "leading space"},
      {"4 6 9 \nlargest\n", 1, "trailing space"},
      {"\nlargest\n", 1, "empty line"},
      {"4 6\nlargest\n", 1, "expected 3 integers"},
      {"4 6 9 1\nlargest\n", 1, "expected 3 integers"},
      {"0 6 9\nlargest\n", 1, "P = \"0\" is outside 1..4"},
      {"5 6 9\nlargest\n", 1, "P = \"5\" is outside 1..4"},
      {"4 0 9\nlargest\n", 1, "C = \"0\" is outside 1..6"},
      {"4 7 9\nlargest\n", 1, "C = \"7\" is outside 1..6"},
      {"4 6 8\nlargest\n", 1, "below 9"},
      {"4 6 21\nlargest\n", 1, "G = \"21\" is outside 1..20"},
      {"4 6 99999999999999999999999\nlargest\n", 1, "outside 1..20"},
      {"04 6 9\nlargest\n", 1, "leading zero"},
      {"+4 6 9\nlargest\n", 1, "sign"},
      {"-4 6 9\nlargest\n", 1, "sign"},
      {"four 6 9\nlargest\n", 1, "not a number"},
      {"4 6 9\n", 2, "missing line"},
      {"4 6 9\n\n", 2, "empty line"},
      {"4 6 9\nsmallest\n", 2, "unknown adversary"},
      {"4 6 9\nLargest\n", 2, "unknown adversary"},
      {"4 6 9\nlargest 1\n", 2, "nothing after"},
      {"4 6 9\nlexicographic-worst 0\n", 2, "nothing after"},
      {"4 6 9\nfixed 1 2 3\n", 2, "expected the code's 4 colours"},
      {"4 6 9\nfixed 1 2 3 4 5\n", 2, "expected the code's 4 colours"},
      {"4 6 9\nfixed\n", 2, "expected the code's 4 colours"},
      {"4 6 9\nfixed 1 2 3 7\n", 2, "colour 4 = \"7\" is outside 1..6"},
      {"4 6 9\nfixed 0 2 3 4\n", 2, "colour 1 = \"0\" is outside 1..6"},
      {"4 3 6\nfixed 1 2 3 4\n", 2, "outside 1..3"},
      {"4 6 9\nfixed 1 02 3 4\n", 2, "leading zero"},
      {"4 6 9\nrandom\n", 2, "expected \"random SEED\""},
      {"4 6 9\nrandom 1 2\n", 2, "expected \"random SEED\""},
      {"4 6 9\nrandom 1000000000000000000\n", 2, "outside 0..999999999999999999"},
      {"4 6 9\nrandom 007\n", 2, "leading zero"},
      {"4 6 9\nrandom -1\n", 2, "sign"},
      {"4 6 9\nlargest\nlargest\n", 3, "unexpected line"},
      {"4 6 9\nlargest\n\n", 3, "unexpected line"},
      {"4 6 9\nlargest\nx", 3, "unexpected line"},
      {"4 6 9\nlarg\x01st\n", 2, "not printable"},
      {"4 6 9\nlarg\xc3\xa9st\n", 2, "not printable"},
  };
  for (const Invalid& c : cases) {
    const ParseResult r = parse_testcase(c.text);
    EXPECT_FALSE(r.ok) << quote(c.text);
    EXPECT_EQ(r.line, c.line) << quote(c.text) << ": " << r.message();
    EXPECT_NE(r.error.find(c.says), std::string::npos)
        << quote(c.text) << ": " << r.message() << " does not say " << c.says;
    EXPECT_EQ(r.message(), "line " + std::to_string(c.line) + ": " + r.error);
  }
}

TEST(mastermind_testcase, OversizedFileIsRefusedWithoutReadingOn) {
  const ParseResult r = parse_testcase("4 6 9\nlargest\n" + std::string(1 << 20, 'x'));
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.line, 0);
  EXPECT_NE(r.message().find("longer than 4096 bytes"), std::string::npos) << r.message();
}

}  // namespace
}  // namespace mastermind
