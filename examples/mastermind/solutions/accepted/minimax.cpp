// Accepted, another strategy (C++): Knuth's minimax. Each guess is the code, among all codes,
// whose worst answer leaves the fewest codes that agree with every answer; ties go to a code
// that could itself be the secret, then to the lexicographically first. It needs at most as
// many guesses as the statement's table on every shape (5 with 4 pins of 6 colours), whatever
// the judge answers.
#include <algorithm>
#include <iostream>
#include <vector>
using namespace std;

typedef vector<int> Code;

static int pins, colours;

// The answer as one number, B * (pins + 1) + W.
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

int main() {
  int guesses;
  if (!(cin >> pins >> colours >> guesses)) return 0;
  vector<Code> all;
  Code code(pins, 1);
  for (;;) {
    all.push_back(code);
    int i = pins - 1;
    while (i >= 0 && code[i] == colours) code[i--] = 1;
    if (i < 0) break;
    code[i]++;
  }
  vector<Code> possible = all;  // the codes that agree with every answer so far
  const int answers = (pins + 1) * (pins + 1);
  for (;;) {
    Code guess = possible.front();
    if (possible.size() > 1) {
      size_t best = possible.size() + 1;
      bool best_possible = false;
      for (const Code& g : all) {
        vector<size_t> parts(answers, 0);
        for (const Code& c : possible) parts[score(c, g)]++;
        const size_t worst = *max_element(parts.begin(), parts.end());
        const bool is_possible = binary_search(possible.begin(), possible.end(), g);
        if (worst < best || (worst == best && is_possible && !best_possible)) {
          best = worst;
          best_possible = is_possible;
          guess = g;
        }
      }
    }
    for (int i = 0; i < pins; i++) cout << (i ? " " : "") << guess[i];
    cout << endl;
    int black, white;
    if (!(cin >> black) || black == -1 || !(cin >> white)) return 0;
    if (black == pins) return 0;
    const int answer = black * (pins + 1) + white;
    vector<Code> left;
    for (const Code& c : possible)
      if (score(c, guess) == answer) left.push_back(c);
    possible.swap(left);
    if (possible.empty()) return 0;  // cannot happen with an honest judge
  }
}
