#include "interaction_file.hpp"

#include "generate.hpp"
#include "protocol/scripted_channel.hpp"
#include "protocol/tokens.hpp"

namespace entrapment {

PlayedSample play_sample(const ProblemModule& module, const PreparedTest& test,
                         const std::vector<std::string>& contestant_lines) {
  ScriptedChannel channel(contestant_lines);
  GameRecord record;
  PlayedSample out;
  out.outcome = module.play(test, channel, record);
  for (const GameLine& line : record.lines)
    out.interaction += (line.from_contestant ? ">" : "<") + line.text + "\n";
  return out;
}

namespace {

// The contestant's lines of an .interaction file ('>'), or why it is no .interaction file.
std::optional<std::string> contestant_lines(const std::vector<std::string>& expected,
                                            std::vector<std::string>& contestant) {
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const std::string& line = expected[i];
    if (line.empty() || (line[0] != '<' && line[0] != '>'))
      return "line " + std::to_string(i + 1) + ": " + quote(line) +
             " starts with neither '<' nor '>'";
    if (line[0] == '>') contestant.push_back(line.substr(1));
  }
  return std::nullopt;
}

// The first line where the game played differs from the file, or nothing.
std::optional<std::string> first_difference(const std::vector<std::string>& expected,
                                            const std::vector<std::string>& got) {
  for (std::size_t i = 0; i < std::max(expected.size(), got.size()); ++i) {
    const std::string want = i < expected.size() ? quote(expected[i]) : "the end of the game";
    const std::string have = i < got.size() ? quote(got[i]) : "the end of the game";
    if (want != have)
      return "line " + std::to_string(i + 1) + ": expected " + want +
             ", the interaction core gave " + have;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> replay_interaction(const ProblemModule& module, const PreparedTest& test,
                                              const std::string& interaction_text) {
  const std::vector<std::string> expected = lines_of(interaction_text);
  std::vector<std::string> contestant;
  if (auto fault = contestant_lines(expected, contestant)) return fault;
  return first_difference(expected, lines_of(play_sample(module, test, contestant).interaction));
}

}  // namespace entrapment
