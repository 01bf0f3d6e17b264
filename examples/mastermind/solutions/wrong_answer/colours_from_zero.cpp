// WRONG ANSWER: numbers the colours from 0.
//
// The lexicographic strategy over colours 0..C-1, printed as they are: its first guess is
// "0 0 ... 0", which is no guess at all, and the judge answers -1 and stops. The program does
// not check for -1 either: it reads it as B and exits when W is missing at the end of input.
// Caught by: every test (the first guess).
// BASE: solutions/accepted/lexicographic.cpp
#include <iostream>
#include <utility>
#include <vector>
using namespace std;

typedef vector<int> Code;

// B and W of `guess` against `code`: B + W = the sum over colours of the smaller count.
static pair<int, int> score(const Code& code, const Code& guess, int colours) {
  int black = 0, common = 0;
  vector<int> in_code(colours, 0), in_guess(colours, 0);  // MISTAKE: colours 0..C-1
  for (size_t i = 0; i < code.size(); i++) {
    if (code[i] == guess[i]) black++;
    in_code[code[i]]++;
    in_guess[guess[i]]++;
  }
  for (int c = 0; c < colours; c++) common += min(in_code[c], in_guess[c]);
  return make_pair(black, common - black);
}

int main() {
  int pins, colours, guesses;
  if (!(cin >> pins >> colours >> guesses)) return 0;
  vector<Code> all;  // every code, in lexicographic order
  Code code(pins, 0);  // MISTAKE: the first colour is 0
  for (;;) {
    all.push_back(code);
    int i = pins - 1;
    while (i >= 0 && code[i] == colours - 1) code[i--] = 0;  // MISTAKE: the last colour is C-1
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
    for (int i = 0; i < pins; i++) cout << (i ? " " : "") << candidate[i];
    cout << endl;  // endl flushes
    int black, white;
    if (!(cin >> black)) return 0;
    if (!(cin >> white)) return 0;
    if (black == pins) return 0;
    answers.push_back(make_pair(candidate, make_pair(black, white)));
  }
  return 0;
}
