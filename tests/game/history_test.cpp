// Proof paths: the checks the judge makes on the Runner's final line, and the path the judge
// shows when it escapes as Runner.
#include "problems/entrapment/game/history.hpp"

#include <gtest/gtest.h>

namespace entrapment {
namespace {

// Sample 2: 2 rounds on an empty board.
const std::vector<RoundRecord> kSample2 = {
    {make_set({3, 1, 2, 8, 9, 4, 5}), Answer::Yes, 5},
    {make_set({4, 6, 7, 8}), Answer::Yes, 7},
};

TEST(ProofPath, TheStatementsProofIsValid) {
  EXPECT_EQ(path_violation(kAllSquares, kSample2, {5, 4, 1}), std::nullopt);
}

TEST(ProofPath, EachBrokenRuleIsNamed) {
  auto why = [](const std::vector<Square>& path) {
    return path_violation(kAllSquares, kSample2, path).value_or("");
  };
  EXPECT_NE(why({5, 4}).find("expected 3"), std::string::npos);
  EXPECT_NE(why({5, 4, 1, 2}).find("expected 3"), std::string::npos);
  EXPECT_NE(why({6, 5, 4}).find("not in the query"), std::string::npos);        // answer was Yes
  EXPECT_NE(why({5, 1, 2}).find("not to an orthogonally"), std::string::npos);  // 5 -> 1 diagonal
  EXPECT_NE(why({5, 5, 4}).find("not to an orthogonally"), std::string::npos);  // staying put
  EXPECT_NE(why({4, 5, 4}).find("unavailable"), std::string::npos);             // onto blocked 5
  EXPECT_NE(why({5, 4, 7}).find("unavailable"), std::string::npos);             // onto blocked 7
  EXPECT_NE(why({0, 4, 1}).find("not a label"), std::string::npos);
  EXPECT_NE(path_violation(kAllSquares & ~make_set({5}), kSample2, {5, 4, 1})
                .value_or("")
                .find("unavailable at the start"),
            std::string::npos);
}

TEST(ProofPath, FoundPathsAreValidAndLiesHaveNone) {
  const std::optional<std::vector<Square>> path = find_consistent_path(kAllSquares, kSample2);
  ASSERT_TRUE(path.has_value());
  EXPECT_EQ(path_violation(kAllSquares, kSample2, *path), std::nullopt);
  // Answering No to the full query is a lie: no path.
  EXPECT_EQ(find_consistent_path(kAllSquares, {{kAllSquares, Answer::No, 1}}), std::nullopt);
  // Trapped: only 1 possible, its neighbours 2 and 4 gone.
  const SquareSet start = kAllSquares & ~make_set({2});
  EXPECT_EQ(find_consistent_path(start, {{make_set({1}), Answer::Yes, 4}}), std::nullopt);
}

}  // namespace
}  // namespace entrapment
