#include "module.hpp"

#include <memory>

#include "interaction/interaction.hpp"

namespace entrapment {

// The contest-system transports read at most 1 MiB of a test file (kMaxTransportFileBytes in
// transports/test_file_io.hpp), Entrapment's bound: a longer file is refused as too large before
// the reader sees it, as it always was.
static_assert(kMaxTestFileBytes == std::size_t{1} << 20,
              "the transports' bound on a test file is Entrapment's kMaxTestFileBytes");

namespace {

class EntrapmentModule : public ProblemModule {
 public:
  std::string name() const override { return "entrapment"; }

  std::shared_ptr<const PreparedTest> parse_test(const std::string& input,
                                                 const std::string& answer) const override {
    return std::make_shared<EntrapmentTest>(parse_test_files(input, answer));
  }

  std::string contestant_view(const PreparedTest& test) const override {
    std::string text;
    for (const std::string& line : entrapment_test(test).board_lines()) text += line + "\n";
    return text;
  }

  // The side that wins with optimal play: the claim an accepted contestant makes.
  std::string answer_file(const PreparedTest& test) const override {
    return std::string(to_string(entrapment_test(test).winner())) + "\n";
  }

  Outcome play(const PreparedTest& test, Channel& channel, GameRecord& record) const override {
    const auto transcript = std::make_shared<Transcript>();
    record.payload = transcript;
    const Outcome outcome = interact(entrapment_test(test), channel, *transcript);
    record.lines = transcript->lines;
    record.lines_dropped = transcript->lines_dropped;
    return outcome;
  }

  std::string input_validator_program() const override { return "input_validator"; }

  std::string single_file_dir() const override { return ""; }
};

}  // namespace

const ProblemModule& entrapment_module() {
  static const EntrapmentModule module;
  return module;
}

const TestCase& entrapment_test(const PreparedTest& test) {
  return dynamic_cast<const EntrapmentTest&>(test).test;
}

const Transcript* entrapment_transcript(const GameRecord& record) {
  return dynamic_cast<const Transcript*>(record.payload.get());
}

}  // namespace entrapment
