// What a command was asked to judge is not there or not what it should be (a test name that
// names nothing, a directory without submissions): the user's mistake, named with what and
// where. The command line reports it as a usage error (exit status 2), like its own.
#pragma once

#include <stdexcept>

namespace entrapment {

class SelectionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace entrapment
