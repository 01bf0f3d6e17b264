// WRONG ANSWER: a space after every colour, and -1 never checked.
//
// The lexicographic strategy, printing each colour followed by a space, so every guess ends
// in a space, which the statement forbids: the judge answers -1 to the first guess and stops.
// The program never checks for -1 either: it reads it as B, fails to read W at the end of
// the input, finds no code agreeing with "-1 0" and exits. The judge's verdict came first.
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
  if (!(cin >> pins >> colours >> guesses)) return 0;
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
    for (int i = 0; i < pins; i++) cout << candidate[i] << ' ';  // MISTAKE: a trailing space
    cout << endl;  // endl flushes
    int black = 0, white = 0;
    cin >> black >> white;  // MISTAKE: neither -1 nor the end of the input is checked
    if (black == pins) return 0;
    answers.push_back(make_pair(candidate, make_pair(black, white)));
  }
  return 0;
}
