// The problem contract: what a problem's game module gives the toolkit. The box, the judging
// loop, the reports, the exports and the commands know no game; they hold a ProblemModule and
// call it. A module is C++14 with the standard library only, so that it is amalgamated into
// the single files contest systems compile. doc/new-problem.md says how to write one.
#pragma once

#include <memory>
#include <string>

#include "../contract/channel.hpp"
#include "game_record.hpp"
#include "outcome.hpp"
#include "test_file_error.hpp"

namespace entrapment {

// One test file as its module read it: opaque to the toolkit, handed back to the module.
class PreparedTest {
 public:
  virtual ~PreparedTest() = default;
};

class ProblemModule {
 public:
  virtual ~ProblemModule() = default;

  // The module's name, as a package's judge.yaml names it ("entrapment", "mastermind").
  virtual std::string name() const = 0;

  // Reads and fully checks a test: its input file and, where a contest system splits a test,
  // its answer file (empty when there is none). Throws TestFileError naming the line and the
  // file (input or answer) of the first fault.
  virtual std::shared_ptr<const PreparedTest> parse_test(const std::string& input,
                                                         const std::string& answer) const = 0;

  // What a contestant may see of a test: the lines the judge sends first, each ending in '\n'
  // (a sample's .in.download, the testing tool's input).
  virtual std::string contestant_view(const PreparedTest& test) const = 0;

  // The test's answer file (.ans): what the module wants a contest system to hand the judge
  // beside the input file.
  virtual std::string answer_file(const PreparedTest& test) const = 0;

  // One game against the contestant behind `channel`. Never throws: a fault of the judge is a
  // JudgeError outcome. `record` receives the lines; its payload is set before the first line
  // is sent, so a caller's channel may read it while the game runs.
  virtual Outcome play(const PreparedTest& test, Channel& channel, GameRecord& record) const = 0;

  // The package's input validator: a program built beside build/bin/judge, by this path
  // relative to judge's directory (Kattis's exit codes: 42 valid, 43 invalid).
  virtual std::string input_validator_program() const = 0;

  // Optional. Where the build writes the module's single files (interactor.cpp,
  // interactor_testlib.cpp, interactor_uoj.cpp, cms_manager.cpp and its compiled cms_manager,
  // input_validator.cpp), relative to the build's interactor/ directory ("" for that directory
  // itself): judge export ships them from there. By default the module's name.
  virtual std::string single_file_dir() const { return name(); }
};

}  // namespace entrapment
