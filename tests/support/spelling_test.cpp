#include "support/spelling.hpp"

#include <gtest/gtest.h>

namespace entrapment {
namespace {

TEST(Spelling, EditDistanceCountsInsertionsDeletionsAndSubstitutions) {
  EXPECT_EQ(edit_distance("verify", "verify"), 0u);
  EXPECT_EQ(edit_distance("verfy", "verify"), 1u);    // one left out
  EXPECT_EQ(edit_distance("veriffy", "verify"), 1u);  // one too many
  EXPECT_EQ(edit_distance("verity", "verify"), 1u);   // one wrong
  EXPECT_EQ(edit_distance("", "run"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Spelling, NearestNameIsOnlyANearMiss) {
  const std::vector<std::string> names = {"verify", "run", "play", "generate", "export", "help"};
  EXPECT_EQ(nearest_name("verfy", names), std::optional<std::string>("verify"));
  EXPECT_EQ(nearest_name("RN", names), std::optional<std::string>("run"));  // any case
  EXPECT_EQ(nearest_name("exprot", names), std::optional<std::string>("export"));
  EXPECT_EQ(nearest_name("bogus", names), std::nullopt);
  EXPECT_EQ(nearest_name("bogus", {}), std::nullopt);
}

}  // namespace
}  // namespace entrapment
