#include "transcript.hpp"

#include <cstdio>
#include <utility>

namespace entrapment {

namespace {

std::string json_labels(const std::vector<Square>& squares) {
  std::string out = "[";  // not "[" + ...: GCC 12 warns falsely (-Wrestrict) at -O3
  out += join_labels(squares, ',');
  return out += ']';
}

std::string json_set(SquareSet set) { return json_labels(labels(set)); }

}  // namespace

void Transcript::add_line(bool from_contestant, int round, const std::string& text) {
  if (lines.size() >= kTranscriptMaxLines) {
    ++lines_dropped;
    return;
  }
  TranscriptLine line;
  line.from_contestant = from_contestant;
  line.round = round;
  line.cut = text.size() > kTranscriptLineBytes;
  line.text = line.cut ? text.substr(0, kTranscriptLineBytes) : text;
  lines.push_back(std::move(line));
}

std::string Transcript::to_json() const {
  std::string out = "{\n";
  out += "  \"rounds\": " + std::to_string(rounds) + ",\n";
  out += "  \"unavailable\": " + json_labels(unavailable) + ",\n";
  out += "  \"adversary\": " + json_string(adversary) + ",\n";
  out += "  \"seed\": " + std::to_string(seed) + ",\n";
  out += "  \"winner\": " + json_string(winner) + ",\n";
  out += "  \"claimed\": " + json_string(claimed) + ",\n";
  out += "  \"verdict\": " + json_string(verdict) + ",\n";
  out += "  \"message\": " + json_string(message) + ",\n";
  out += "  \"runner_path\": " + json_labels(runner_path) + ",\n";
  out += "  \"round_log\": [";
  for (std::size_t i = 0; i < round_log.size(); ++i) {
    const TranscriptRound& r = round_log[i];
    out += i ? ",\n    " : "\n    ";
    out += "{\"round\": " + std::to_string(r.round) + ", \"query\": " + json_labels(r.query) +
           ", \"answer\": " + (r.answer ? json_string(to_string(*r.answer)) : "null") +
           ", \"block\": " + (r.block ? std::to_string(r.block) : "null") +
           ", \"available_before\": " + json_set(r.available_before) +
           ", \"runner_before\": " + json_set(r.runner_before) +
           ", \"runner_after_answer\": " + json_set(r.runner_after_answer) +
           ", \"runner_after_move\": " + json_set(r.runner_after_move) + "}";
  }
  out += round_log.empty() ? "],\n" : "\n  ],\n";
  out += "  \"lines\": " + json_lines(lines);
  // Only when there are some, so that ordinary games keep their exact form.
  if (lines_dropped) out += ",\n  \"lines_dropped\": " + std::to_string(lines_dropped);
  if (blank_lines_after_game)
    out += ",\n  \"blank_lines_after_game\": " + std::to_string(blank_lines_after_game);
  return out + "\n}\n";
}

}  // namespace entrapment
