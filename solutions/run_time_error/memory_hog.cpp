// RUN TIME ERROR (memory): a memo table far beyond the memory limit.
//
// Plays correctly in principle, but memoises over (rounds, available, set, query) in ints:
// 10 * 512^3 entries, about 5.4 GB, against a limit of 2 GB. The allocation fails at once
// (std::bad_alloc under an address-space limit: abort) or, where a control group holds the
// memory instead (DOMjudge's runguard), the program is killed for its memory while filling
// it, or runs out of time first. In the problem package format this is run_time_error.
// Caught by: every test.
// BASE: solutions/accepted/reference.cpp
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

static const int FULL = 0x1FF;
static int nbr[9];                         // neighbours of square i (0-based) as a bitmask
static signed char memoWin[10][512][512];  // 0 unknown, 1 lose, 2 win (for the Runner)
static signed char memoKeep[10][512][512];

static int neighbourhood(int set) {
  int out = 0;
  for (int i = 0; i < 9; i++)
    if (set >> i & 1) out |= nbr[i];
  return out;
}

static bool win(int a, int s, int r);

// The Runner has answered and kept X; can it survive every block with r rounds left?
static bool keep(int a, int x, int r) {
  if (x == 0) return false;
  signed char& m = memoKeep[r][a][x];
  if (m) return m == 2;
  bool ok = true;
  for (int b = 0; b < 9 && ok; b++) {
    if (!(a >> b & 1)) continue;
    int a2 = a & ~(1 << b);
    int moved = neighbourhood(x) & a2;
    if (moved == 0 || !win(a2, moved, r - 1)) ok = false;
  }
  m = ok ? 2 : 1;
  return ok;
}

// Before the query: does the Runner, possibly on any square of S, win with r rounds left?
static bool win(int a, int s, int r) {
  if (s == 0) return false;
  if (r == 0) return true;
  signed char& m = memoWin[r][a][s];
  if (m) return m == 2;
  bool ok = true;
  // Every cut of S into (T, S\T); only cuts with the lowest square in T, by symmetry.
  int low = s & -s;
  int rest = s & ~low;
  for (int sub = rest;; sub = (sub - 1) & rest) {
    int t = sub | low;
    if (!keep(a, t, r) && !keep(a, s & ~t, r)) {
      ok = false;
      break;
    }
    if (sub == 0) break;
  }
  m = ok ? 2 : 1;
  return ok;
}

// Reads one token; on "-1" (the judge saw something wrong) or end of input, exit quietly.
static string token() {
  string t;
  if (!(cin >> t) || t == "-1") exit(0);
  return t;
}

static int number() { return stoi(token()); }

static int bit(int label) { return 1 << (label - 1); }

static void say(const string& line) { cout << line << endl; }  // endl flushes

static void playRunner(int a, int rounds) {
  int s = a;
  vector<int> kept(rounds), availAfter(rounds), after(rounds);
  for (int round = 0; round < rounds; round++) {
    int r = rounds - round;
    int n = number();
    int q = 0;
    for (int i = 0; i < n; i++) q |= bit(number());
    int yes = s & q, no = s & ~q;
    bool sayYes = keep(a, yes, r) || (!keep(a, no, r) && yes != 0);
    int x = sayYes ? yes : no;
    say(sayYes ? "Yes" : "No");
    int b = number();
    a &= ~bit(b);
    s = neighbourhood(x) & a;
    kept[round] = x;
    availAfter[round] = a;
    after[round] = s;
    if (s == 0) {
      say("Trapped");  // only if the judge outplayed a position we thought we won
      return;
    }
    say("Free");
  }
  // Walk back from any final square through squares that led there.
  vector<int> path(rounds + 1);
  int cur = __builtin_ctz(after[rounds - 1]);
  path[rounds] = cur + 1;
  for (int round = rounds - 1; round >= 0; round--) {
    int prev = __builtin_ctz(kept[round] & nbr[cur]);
    path[round] = prev + 1;
    cur = prev;
  }
  string line;
  for (int i = 0; i <= rounds; i++) line += (i ? " " : "") + to_string(path[i]);
  say(line);
}

static void playTrapper(int a, int rounds) {
  int s = a;
  for (int round = 0; round < rounds; round++) {
    int r = rounds - round;
    // A cut where neither part survives exists because the position is lost for the Runner.
    int q = 0;
    for (int t = s;; t = (t - 1) & s) {
      if (!keep(a, t, r) && !keep(a, s & ~t, r)) {
        q = t;
        break;
      }
      if (t == 0) break;
    }
    vector<int> labels;
    for (int i = 0; i < 9; i++)
      if (q >> i & 1) labels.push_back(i + 1);
    say(to_string(labels.size()));
    if (!labels.empty()) {
      string line;
      for (size_t i = 0; i < labels.size(); i++) line += (i ? " " : "") + to_string(labels[i]);
      say(line);
    }
    string answer = token();
    int x = answer == "Yes" ? (s & q) : (s & ~q);
    int block = -1;
    for (int b = 0; b < 9; b++) {
      if (!(a >> b & 1)) continue;
      int a2 = a & ~(1 << b);
      int moved = neighbourhood(x) & a2;
      if (moved == 0 || !win(a2, moved, r - 1)) {
        block = b;
        break;
      }
    }
    if (block < 0) block = __builtin_ctz(a);  // unreachable with optimal play
    say(to_string(block + 1));
    a &= ~(1 << block);
    s = neighbourhood(x) & a;
    if (token() == "Trapped") return;
  }
}

int main() {
  for (int i = 0; i < 9; i++) {
    int row = i / 3, col = i % 3;
    if (row > 0) nbr[i] |= 1 << (i - 3);
    if (row < 2) nbr[i] |= 1 << (i + 3);
    if (col > 0) nbr[i] |= 1 << (i - 1);
    if (col < 2) nbr[i] |= 1 << (i + 1);
  }
  vector<int> queryMemo(10ull * 512 * 512 * 512, -1);  // MISTAKE: [r][a][s][q]: 5.4 GB
  if (queryMemo[12345] != -1) return 1;                // MISTAKE: the table is used, so it is kept
  int rounds = number(), u = number();
  int a = FULL;
  for (int i = 0; i < u; i++) a &= ~bit(number());
  if (win(a, a, rounds)) {
    say("Runner");
    playRunner(a, rounds);
  } else {
    say("Trapper");
    playTrapper(a, rounds);
  }
  return 0;
}
