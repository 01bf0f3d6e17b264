// The least the looks under rlimits trust from readings taken at different moments
// (box/least_held.hpp): sums only over processes each born before every one of them was read.
#include "box/least_held.hpp"

#include <gtest/gtest.h>

namespace entrapment::testing {
namespace {

// Holders seen at 1, read one at a time long after: they held all of it together, whatever
// processes were born in between (decoys, which no reading here names).
TEST(LeastHeld, ReadingsOfProcessesBornBeforeAllOfThemAdd) {
  EXPECT_EQ(least_anonymous_kib({{1, 5, 90}, {1, 6, 90}, {1, 9, 90}, {2, 7, 90}}), 360);
}

// A parent read at 2 with 150 of its own, then forks a child (seen at 3) read at 4 with half of
// the pages they now share: the two readings together would count the shared half twice. The
// least is the larger of them alone, 150, never 225.
TEST(LeastHeld, AProcessBornAfterAnotherWasReadIsNotAddedToIt) {
  EXPECT_EQ(least_anonymous_kib({{1, 2, 150}, {3, 4, 75}}), 150);
  // Both read again after the fork: half each, together the whole.
  EXPECT_EQ(least_anonymous_kib({{1, 5, 75}, {3, 4, 75}}), 150);
}

// The best moment wins: two holders read early, then two born later read together, and a third
// born after one of them was read, which is added only to the readings taken after its birth.
TEST(LeastHeld, TheBestMomentWins) {
  EXPECT_EQ(least_anonymous_kib({{1, 2, 10}, {1, 3, 10}, {4, 6, 30}, {4, 7, 30}, {7, 8, 30}}), 60);
  EXPECT_EQ(least_anonymous_kib({{1, 2, 10}, {1, 3, 10}, {4, 6, 30}, {4, 7, 30}, {5, 6, 30}}), 90);
}

// Nothing read, nothing trusted; a reading of what was freed since counts nothing.
TEST(LeastHeld, NoReadingsAndFreedReadings) {
  EXPECT_EQ(least_anonymous_kib({}), 0);
  EXPECT_EQ(least_anonymous_kib({{1, 2, -40}, {1, 3, 10}}), 10);
}

}  // namespace
}  // namespace entrapment::testing
