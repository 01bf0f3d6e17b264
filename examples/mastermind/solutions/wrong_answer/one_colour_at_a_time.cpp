// WRONG ANSWER: counts each colour with a guess of its own before arranging them.
//
// First "1 1 ... 1", "2 2 ... 2" and so on: the answer's B to a one-colour guess is how many
// pins have that colour. It stops once the counts add up to P (the last colour's count is what
// is left), then guesses the first arrangement, in lexicographic order, that agrees with every
// answer. Sound, and it never guesses a code twice, but the counting alone can take C - 1
// guesses, which an adaptive judge makes sure of, and the table has no room for it.
// Caught by: the adaptive judges with 3 or 4 pins of 3 colours or more (gen-p3-c*-largest,
// gen-p4-c*-lexicographic-worst), and one random code (hand-p4-c6-g9-random-999999999999999999).
// BASE: solutions/accepted/lexicographic.cpp
#include <iostream>
#include <utility>
#include <vector>
using namespace std;

typedef vector<int> Code;

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

static int pins, colours;
static vector<pair<Code, pair<int, int> > > answers;

// Prints `guess` and reads its answer; false when the game is over (won, -1, end of input).
static bool ask(const Code& guess) {
  for (int i = 0; i < pins; i++) cout << (i ? " " : "") << guess[i];
  cout << endl;
  int black, white;
  if (!(cin >> black) || black == -1 || !(cin >> white)) return false;
  if (black == pins) return false;
  answers.push_back(make_pair(guess, make_pair(black, white)));
  return true;
}

int main() {
  int guesses;
  if (!(cin >> pins >> colours >> guesses)) return 0;
  int counted = 0;
  for (int c = 1; c < colours && counted < pins; c++) {  // MISTAKE: one colour per guess
    if (!ask(Code(pins, c))) return 0;
    counted += answers.back().second.first;
  }
  Code code(pins, 1);
  for (;;) {
    bool agrees = true;
    for (const auto& answer : answers)
      if (score(code, answer.first, colours) != answer.second) {
        agrees = false;
        break;
      }
    if (agrees && !ask(code)) return 0;
    int i = pins - 1;
    while (i >= 0 && code[i] == colours) code[i--] = 1;
    if (i < 0) return 0;
    code[i]++;
  }
}
