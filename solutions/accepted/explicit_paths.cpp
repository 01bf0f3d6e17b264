// Accepted, in another style: std::map memo of minimax values, and the Runner carries an
// explicit witness path for every square it could be on.
//
// value(avail, where, left) is how many more rounds the Runner lasts from there with best
// play on both sides, capped at `left` + 1 (surviving all rounds). The Runner wins a
// position when the value exceeds the rounds left. Squares are kept as std::bitset<9>;
// the memo key is (available, where, rounds left) packed into a std::tuple.
//
// As the Runner, instead of reconstructing a proof at the end, every square it could be on
// keeps one path (start, move 1, ...) that reaches it consistently with all answers; the
// proof is the path of any square left at the end. Input is read line by line and the
// labels are read as a set, in whatever order the judge lists them.
#include <bitset>
#include <cstdio>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

using Squares = std::bitset<9>;  // bit k: square k + 1

namespace {

std::vector<int> adjacent(int k) {
  std::vector<int> out;
  int row = k / 3, col = k % 3;
  if (row > 0) out.push_back(k - 3);
  if (row < 2) out.push_back(k + 3);
  if (col > 0) out.push_back(k - 1);
  if (col < 2) out.push_back(k + 1);
  return out;
}

Squares moves(const Squares& from, const Squares& avail) {
  Squares to;
  for (int k = 0; k < 9; ++k)
    if (from[k])
      for (int n : adjacent(k))
        if (avail[n]) to.set(n);
  return to;
}

std::map<std::tuple<unsigned long, unsigned long, int>, int> memo;

int value(const Squares& avail, const Squares& where, int left);

// After the answer left the Runner on `kept`: the Trapper's best block.
int valueAfterAnswer(const Squares& avail, const Squares& kept, int left) {
  if (kept.none()) return 0;
  int best = left + 1;
  for (int b = 0; b < 9; ++b) {
    if (!avail[b]) continue;
    Squares after = avail;
    after.reset(b);
    Squares next = moves(kept, after);
    int v = next.none() ? 1 : 1 + value(after, next, left - 1);
    if (v < best) best = v;
  }
  return best;
}

int value(const Squares& avail, const Squares& where, int left) {
  if (where.none()) return 0;
  if (left == 0) return 1;  // survived: more than the 0 rounds left
  auto key = std::make_tuple(avail.to_ulong(), where.to_ulong(), left);
  auto it = memo.find(key);
  if (it != memo.end()) return it->second;
  // The Trapper picks the cut of `where`; the Runner keeps the better side.
  int best = left + 1;
  unsigned long w = where.to_ulong();
  for (unsigned long t = w;; t = (t - 1) & w) {
    int yes = valueAfterAnswer(avail, Squares(t), left);
    int no = valueAfterAnswer(avail, Squares(w & ~t), left);
    int v = yes > no ? yes : no;
    if (v < best) best = v;
    if (t == 0) break;
  }
  memo[key] = best;
  return best;
}

bool readLine(std::string& line) {
  if (!std::getline(std::cin, line)) return false;
  std::istringstream in(line);
  std::string first;
  if (in >> first && first == "-1") return false;
  return true;
}

std::vector<int> numbers(const std::string& line) {
  std::istringstream in(line);
  std::vector<int> out;
  int x;
  while (in >> x) out.push_back(x);
  return out;
}

void send(const std::string& s) { std::cout << s << '\n' << std::flush; }

void runner(Squares avail, int rounds) {
  std::map<int, std::vector<int>> pathTo;  // square -> a consistent path ending there
  for (int k = 0; k < 9; ++k)
    if (avail[k]) pathTo[k] = {k + 1};
  std::string line;
  for (int left = rounds; left >= 1; --left) {
    if (!readLine(line)) return;
    int n = numbers(line).at(0);
    Squares query;
    if (n > 0) {
      if (!readLine(line)) return;
      for (int label : numbers(line)) query.set(label - 1);
    }
    Squares where;
    for (auto& entry : pathTo) where.set(entry.first);
    Squares yes = where & query, no = where & ~query;
    bool sayYes = valueAfterAnswer(avail, yes, left) >= valueAfterAnswer(avail, no, left);
    if (sayYes && yes.none()) sayYes = false;
    if (!sayYes && no.none()) sayYes = true;
    send(sayYes ? "Yes" : "No");
    Squares kept = sayYes ? yes : no;
    if (!readLine(line)) return;
    avail.reset(numbers(line).at(0) - 1);
    std::map<int, std::vector<int>> next;
    for (auto& entry : pathTo) {
      if (!kept[entry.first]) continue;
      for (int n2 : adjacent(entry.first))
        if (avail[n2] && !next.count(n2)) {
          next[n2] = entry.second;
          next[n2].push_back(n2 + 1);
        }
    }
    pathTo.swap(next);
    if (pathTo.empty()) {
      send("Trapped");
      return;
    }
    send("Free");
  }
  const std::vector<int>& proof = pathTo.begin()->second;
  std::string out;
  for (size_t i = 0; i < proof.size(); ++i) out += (i ? " " : "") + std::to_string(proof[i]);
  send(out);
}

void trapper(Squares avail, int rounds) {
  Squares where = avail;
  std::string line;
  for (int left = rounds; left >= 1; --left) {
    // The cut whose better side traps soonest.
    unsigned long w = where.to_ulong(), bestCut = 0;
    int best = 100;
    for (unsigned long t = w;; t = (t - 1) & w) {
      int yes = valueAfterAnswer(avail, Squares(t), left);
      int no = valueAfterAnswer(avail, Squares(w & ~t), left);
      int v = yes > no ? yes : no;
      if (v < best) best = v, bestCut = t;
      if (t == 0) break;
    }
    Squares query(bestCut);
    send(std::to_string(query.count()));
    if (query.any()) {
      std::string out;
      for (int k = 0; k < 9; ++k)
        if (query[k]) out += (out.empty() ? "" : " ") + std::to_string(k + 1);
      send(out);
    }
    if (!readLine(line)) return;
    Squares kept = line.find("Yes") != std::string::npos ? (where & query) : (where & ~query);
    int block = -1, bestBlock = 100;
    for (int b = 0; b < 9; ++b) {
      if (!avail[b]) continue;
      Squares after = avail;
      after.reset(b);
      Squares next = moves(kept, after);
      int v = next.none() ? 1 : 1 + value(after, next, left - 1);
      if (v < bestBlock) bestBlock = v, block = b;
    }
    send(std::to_string(block + 1));
    avail.reset(block);
    where = moves(kept, avail);
    if (!readLine(line) || line.find("Trapped") != std::string::npos) return;
  }
}

}  // namespace

int main() {
  std::string line;
  if (!readLine(line)) return 0;
  std::vector<int> head = numbers(line);
  int rounds = head.at(0), u = head.at(1);
  Squares avail;
  avail.set();
  if (u > 0) {
    if (!readLine(line)) return 0;
    for (int label : numbers(line)) avail.reset(label - 1);
  }
  if (value(avail, avail, rounds) > rounds) {
    send("Runner");
    runner(avail, rounds);
  } else {
    send("Trapper");
    trapper(avail, rounds);
  }
  return 0;
}
