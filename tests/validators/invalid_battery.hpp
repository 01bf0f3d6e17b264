// The files every input validator must reject, one fault each, with the line its message must
// name; and valid files of every kind. Shared by the Kattis-convention validator's tests and the
// testlib-convention one's: both are mains around the same parser and must agree.
#pragma once

#include <string>
#include <vector>

namespace entrapment::testing {

struct InvalidCase {
  const char* name;
  std::string bytes;
  int line;  // the line the message must name
};

// One fault each. Trapper-win board "3 6 / 1 2 3 7 8 9": the judge plays the Runner; the
// empty board with R = 2: the judge plays the Trapper.
inline const std::vector<InvalidCase>& battery() {
  static const std::vector<InvalidCase> cases = {
      {"empty-file", std::string("", 0), 1},
      {"r-zero", std::string("0 0\nadversary adaptive 1\n", 25), 1},
      {"r-ten", std::string("10 0\nadversary adaptive 1\n", 26), 1},
      {"u-nine", std::string("1 9\n1 2 3 4 5 6 7 8 9\nadversary adaptive 1\n", 43), 1},
      {"u-negative", std::string("3 -1\nadversary adaptive 1\n", 26), 1},
      {"r-plus-u-ten", std::string("5 5\n1 2 3 4 5\nadversary adaptive 1\n", 35), 1},
      {"board-one-token", std::string("3\nadversary adaptive 1\n", 23), 1},
      {"board-extra-token", std::string("3 0 1\nadversary adaptive 1\n", 27), 1},
      {"board-not-integer", std::string("three 0\nadversary adaptive 1\n", 29), 1},
      {"sign-plus", std::string("+3 0\nadversary adaptive 1\n", 26), 1},
      {"sign-minus-zero", std::string("3 -0\nadversary adaptive 1\n", 26), 1},
      {"leading-zero", std::string("03 0\nadversary adaptive 1\n", 26), 1},
      {"leading-zero-label", std::string("3 1\n05\nadversary adaptive 1\n", 28), 2},
      {"trailing-garbage", std::string("3 0x\nadversary adaptive 1\n", 26), 1},
      {"trailing-space", std::string("3 0 \nadversary adaptive 1\n", 26), 1},
      {"leading-space", std::string(" 3 0\nadversary adaptive 1\n", 26), 1},
      {"double-space", std::string("3  0\nadversary adaptive 1\n", 26), 1},
      {"tab", std::string("3\t0\nadversary adaptive 1\n", 25), 1},
      {"label-zero", std::string("3 2\n0 5\nadversary adaptive 1\n", 29), 2},
      {"label-ten", std::string("3 2\n5 10\nadversary adaptive 1\n", 30), 2},
      {"label-duplicate", std::string("3 2\n5 5\nadversary adaptive 1\n", 29), 2},
      {"labels-too-few", std::string("3 3\n1 2\nadversary adaptive 1\n", 29), 2},
      {"labels-too-many", std::string("3 2\n1 2 3\nadversary adaptive 1\n", 31), 2},
      {"label-line-missing", std::string("3 2\nadversary adaptive 1\n", 25), 2},
      {"label-line-when-u-zero", std::string("3 0\n5\nadversary adaptive 1\n", 27), 2},
      {"empty-label-line", std::string("3 0\n\nadversary adaptive 1\n", 26), 2},
      {"blank-line-at-end", std::string("3 0\nadversary adaptive 1\n\n", 26), 3},
      {"no-final-newline", std::string("3 0\nadversary adaptive 1", 24), 2},
      {"crlf", std::string("3 0\r\nadversary adaptive 1\r\n", 27), 1},
      {"non-ascii",
       std::string("3 0\nadversary adaptiv\xC3"
                   "\xA9"
                   " 1\n",
                   26),
       2},
      {"nul-byte",
       std::string("3 0\nadversary\x00"
                   "adaptive 1\n",
                   25),
       2},
      {"adversary-missing", std::string("3 0\n", 4), 2},
      {"adversary-keyword", std::string("3 0\nadv adaptive 1\n", 19), 2},
      {"adversary-unknown", std::string("3 0\nadversary greedy 1\n", 23), 2},
      {"adversary-uppercase", std::string("3 0\nadversary Adaptive 1\n", 25), 2},
      {"seed-missing", std::string("3 0\nadversary adaptive\n", 23), 2},
      {"seed-too-large", std::string("3 0\nadversary adaptive 1000000000000000000\n", 43), 2},
      {"seed-negative", std::string("3 0\nadversary adaptive -1\n", 26), 2},
      {"seed-leading-zero", std::string("3 0\nadversary adaptive 007\n", 27), 2},
      {"adversary-extra-token", std::string("3 0\nadversary adaptive 1 2\n", 27), 2},
      {"extra-line", std::string("3 0\nadversary adaptive 1\nadversary adaptive 1\n", 46), 3},
      {"committed-on-runner-board", std::string("3 0\nadversary committed 1\n", 26), 2},
      {"script-too-short", std::string("2 0\nadversary scripted 1\nask 1 block 2\n", 39), 4},
      {"script-too-long",
       std::string("2 0\nadversary scripted 1\nask block 1\nask block 2\nask block 3\n", 61), 5},
      {"script-asks-blocked",
       std::string("2 0\nadversary scripted 1\nask block 5\nask 5 block 1\n", 51), 4},
      {"script-blocks-twice",
       std::string("2 0\nadversary scripted 1\nask block 5\nask block 5\n", 49), 4},
      {"script-asks-unavailable",
       std::string("2 1\n9\nadversary scripted 1\nask 9 block 1\nask block 2\n", 53), 4},
      {"script-asks-twice",
       std::string("2 0\nadversary scripted 1\nask 1 1 block 2\nask block 3\n", 53), 3},
      {"script-no-block", std::string("2 0\nadversary scripted 1\nask 1 2\nask block 3\n", 45), 3},
      {"script-label-ten",
       std::string("2 0\nadversary scripted 1\nask 10 block 1\nask block 2\n", 52), 3},
      {"script-answers-on-runner-board",
       std::string("2 0\nadversary scripted 1\nanswers Yes Yes\n", 41), 3},
      {"answers-missing", std::string("3 6\n1 2 3 7 8 9\nadversary scripted 1\n", 37), 4},
      {"answers-too-few",
       std::string("3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers Yes No\n", 52), 4},
      {"answers-too-many",
       std::string("3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers Yes No No Yes\n", 59), 4},
      {"answers-lowercase",
       std::string("3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers yes No No\n", 55), 4},
      {"answers-ask-on-trapper-board",
       std::string(
           "3 6\n1 2 3 7 8 9\nadversary scripted 1\nask 4 block 5\nask block 4\nask block 6\n", 75),
       4},
  };
  return cases;
}

// The same files with the fault removed are valid: the battery tests the fault, not the rest.
inline const std::vector<std::string>& valid_files() {
  static const std::vector<std::string> valid = {
      "3 0\nadversary adaptive 1\n",
      "9 0\nadversary random 0\n",
      "1 8\n1 2 3 4 5 6 7 8\nadversary adaptive 999999999999999999\n",
      "3 6\n1 2 3 7 8 9\nadversary committed 5\n",
      "3 6\n1 2 3 7 8 9\nadversary scripted 1\nanswers Yes No No\n",
      "2 0\nadversary scripted 1\nask 3 1 2 8 9 4 5 block 5\nask block 4\n",
      "2 1\n9\nadversary scripted 1\nask block 1\nask block 2\n",
      "5 4\n9 1 5 3\nadversary adaptive 77\n",
  };
  return valid;
}

}  // namespace entrapment::testing
