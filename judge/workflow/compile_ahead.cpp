#include "compile_ahead.hpp"

namespace entrapment {

namespace fs = std::filesystem;

CompileAhead::CompileAhead(std::vector<fs::path> sources, fs::path scratch, std::size_t ahead)
    : sources_(std::move(sources)), scratch_(std::move(scratch)), ahead_(ahead) {}

void CompileAhead::compile_ahead(std::size_t upto) {
  const auto scratch_of = [&](std::size_t k) { return scratch_ / std::to_string(k); };
  for (; launched_ < sources_.size() && launched_ < upto; ++launched_)
    compiling_.push_back(std::async(std::launch::async, prepare_submission, sources_[launched_],
                                    scratch_of(launched_)));
}

std::future<Submission> CompileAhead::next() {
  compile_ahead(++taken_ + ahead_);
  std::future<Submission> prepared = std::move(compiling_.front());
  compiling_.pop_front();
  return prepared;
}

}  // namespace entrapment
