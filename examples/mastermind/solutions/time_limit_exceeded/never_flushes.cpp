// TIME LIMIT EXCEEDED: never flushes its output.
//
// The lexicographic strategy, printing with printf and "\n" and reading with scanf. Written to
// a pipe, stdout is fully buffered: the first guess stays in the buffer while the program waits
// for its answer, and the judge waits for the guess. Both wait until the time limit.
// Caught by: every test (the wall-clock limit).
// BASE: solutions/accepted/lexicographic.cpp
#include <cstdio>  // MISTAKE: C stdio, and no fflush
#include <utility>
#include <vector>
using namespace std;

typedef vector<int> Code;

// B and W of `guess` against `code`: B + W = the sum over colours of the smaller count.
static pair<int, int> score(const Code& code, const Code& guess, int colours) {
  int black = 0, common = 0;
  vector<int> in_code(colours + 1, 0), in_guess(colours + 1, 0);
  for (size_t i = 0; i < code.size(); i++) {
    if (code[i] == guess[i]) black++;
    in_code[code[i]]++;
    in_guess[guess[i]]++;
  }
  for (int c = 1; c <= colours; c++) common += min(in_code[c], in_guess[c]);
  return make_pair(black, common - black);
}

int main() {
  int pins, colours, guesses;
  if (scanf("%d %d %d", &pins, &colours, &guesses) != 3) return 0;
  vector<Code> all;  // every code, in lexicographic order
  Code code(pins, 1);
  for (;;) {
    all.push_back(code);
    int i = pins - 1;
    while (i >= 0 && code[i] == colours) code[i--] = 1;
    if (i < 0) break;
    code[i]++;
  }
  vector<pair<Code, pair<int, int> > > answers;
  for (const Code& candidate : all) {
    bool agrees = true;
    for (const auto& answer : answers)
      if (score(candidate, answer.first, colours) != answer.second) {
        agrees = false;
        break;
      }
    if (!agrees) continue;
    for (int i = 0; i < pins; i++) printf(i ? " %d" : "%d", candidate[i]);
    printf("\n");  // MISTAKE: no fflush(stdout)
    int black, white;
    if (scanf("%d", &black) != 1) return 0;
    if (black == -1) return 0;  // the judge refused the guess: stop at once
    if (scanf("%d", &white) != 1) return 0;
    if (black == pins) return 0;
    answers.push_back(make_pair(candidate, make_pair(black, white)));
  }
  return 0;
}
