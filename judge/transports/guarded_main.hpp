// What every transport's main() does around its run: a contestant that exits early is a failed
// write, not a kill (SIGPIPE ignored), and anything thrown becomes a judge error in the
// transport's own words, never an uncaught exception that a contest system would read as the
// contestant's crash. C++14, standard library only: part of the single-file programs.
#pragma once

#include <csignal>
#include <exception>
#include <new>

namespace entrapment {

// Runs `run(argc, argv)`; if it throws, returns `failed(argc, argv, what)`, where `what` says
// what was thrown.
template <typename Run, typename Failed>
int guarded_main(int argc, char** argv, Run run, Failed failed) {
#ifdef SIGPIPE
  std::signal(SIGPIPE, SIG_IGN);
#endif
  try {
    return run(argc, argv);
  } catch (const std::bad_alloc&) {
    return failed(argc, argv, "out of memory (std::bad_alloc)");
  } catch (const std::exception& e) {
    return failed(argc, argv, e.what());
  } catch (...) {
    return failed(argc, argv, "an unknown exception");
  }
}

}  // namespace entrapment
