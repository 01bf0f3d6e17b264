// TIME LIMIT EXCEEDED: searches the whole game tree for a sure win.
//
// Before each guess it looks for one that wins whatever the judge answers within the guesses
// left: a guess works when every answer leaves codes that some next guess wins in turn. Right,
// and on a few codes it is quick; but it tries every code as a guess at every level (useless
// repeats included), with no memo and no pruning, and with 4 pins of 6 colours the search of
// the very first guess does not end within any time limit.
// Caught by: the shapes with many codes (3 pins of 5 colours or more, 4 pins of 4 or more;
// sample 2); it wins the smaller ones.
// BASE: solutions/accepted/lexicographic.cpp
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

typedef vector<int> Code;

static int pins, colours;
static vector<Code> all;

static int score(const Code& code, const Code& guess) {
  int black = 0, common = 0;
  int in_code[7] = {0}, in_guess[7] = {0};
  for (int i = 0; i < pins; i++) {
    if (code[i] == guess[i]) black++;
    in_code[code[i]]++;
    in_guess[guess[i]]++;
  }
  for (int c = 1; c <= colours; c++) common += min(in_code[c], in_guess[c]);
  return black * (pins + 1) + (common - black);
}

// Can the guesser be sure to find the code among `possible` with `left` guesses? The guess
// that does it goes to `found`.
static bool sure_win(const vector<Code>& possible, int left, Code* found) {
  if (left == 0) return false;
  if (possible.size() == 1) {
    if (found) *found = possible[0];
    return true;
  }
  for (const Code& guess : all) {  // MISTAKE: every code, at every level, with no memo
    vector<vector<Code> > parts((pins + 1) * (pins + 1));
    for (const Code& c : possible) parts[score(c, guess)].push_back(c);
    bool wins = true;
    for (size_t a = 0; a < parts.size() && wins; a++) {
      if (parts[a].empty() || static_cast<int>(a) == pins * (pins + 1)) continue;
      wins = sure_win(parts[a], left - 1, nullptr);
    }
    if (wins) {
      if (found) *found = guess;
      return true;
    }
  }
  return false;
}

int main() {
  int guesses;
  if (!(cin >> pins >> colours >> guesses)) return 0;
  Code code(pins, 1);
  for (;;) {
    all.push_back(code);
    int i = pins - 1;
    while (i >= 0 && code[i] == colours) code[i--] = 1;
    if (i < 0) break;
    code[i]++;
  }
  vector<Code> possible = all;
  for (int left = guesses; left > 0; left--) {
    Code guess = possible.front();
    sure_win(possible, left, &guess);
    for (int i = 0; i < pins; i++) cout << (i ? " " : "") << guess[i];
    cout << endl;
    int black, white;
    if (!(cin >> black) || black == -1 || !(cin >> white)) return 0;
    if (black == pins) return 0;
    vector<Code> rest;
    for (const Code& c : possible)
      if (score(c, guess) == black * (pins + 1) + white) rest.push_back(c);
    possible.swap(rest);
  }
  return 0;
}
