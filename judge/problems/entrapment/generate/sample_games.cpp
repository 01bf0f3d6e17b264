#include "sample_games.hpp"

#include "../module.hpp"
#include "generate/generate.hpp"

namespace entrapment {

PlayedSample play_sample(const TestCase& test, const std::vector<std::string>& contestant_lines) {
  return play_sample(entrapment_module(), EntrapmentTest(test), contestant_lines);
}

std::optional<std::string> replay_interaction(const TestCase& test,
                                              const std::string& interaction_text) {
  return replay_interaction(entrapment_module(), EntrapmentTest(test), interaction_text);
}

}  // namespace entrapment
