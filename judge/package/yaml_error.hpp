// The error of every YAML file the toolkit reads, in one format (yaml_reader.hpp):
// "FILE:LINE: KEY: what is wrong, and what was expected".
#pragma once

#include <stdexcept>

namespace entrapment {

class YamlError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace entrapment
