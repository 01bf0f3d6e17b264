// Compilation overlaps judging (the judging loop, for `judge verify`): while submission k is
// judged, the next ones compile (a dozen C++ compilations one after the other were half of the
// main job's time). Each submission keeps its own scratch directory, and the compile cache
// renames whole entries, so concurrent compilations do not meet.
#pragma once

#include <cstddef>
#include <deque>
#include <filesystem>
#include <future>
#include <vector>

#include "submissions/submission.hpp"

namespace entrapment {

class CompileAhead {
 public:
  // `sources` in the order they are judged; submission k is prepared in scratch/k, which must
  // outlive this object. At most `ahead` compile beyond the one being judged.
  CompileAhead(std::vector<std::filesystem::path> sources, std::filesystem::path scratch,
               std::size_t ahead);

  // The next submission's preparation (prepare_submission: get() throws what it throws), and
  // the compilations after it started.
  std::future<Submission> next();

 private:
  void compile_ahead(std::size_t upto);

  std::vector<std::filesystem::path> sources_;
  std::filesystem::path scratch_;
  std::size_t ahead_;
  std::size_t taken_ = 0;
  std::size_t launched_ = 0;
  std::deque<std::future<Submission>> compiling_;
};

}  // namespace entrapment
