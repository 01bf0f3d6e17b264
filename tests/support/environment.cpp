#include "environment.hpp"

#include <unistd.h>  // environ (g++ defines _GNU_SOURCE)

namespace entrapment::testing {

std::vector<std::string> environment_with(const Environment& changes) {
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) environment.emplace_back(*e);
  for (const auto& [name, value] : changes) {
    const std::string prefix = name + "=";
    for (auto it = environment.begin(); it != environment.end();)
      it = it->compare(0, prefix.size(), prefix) == 0 ? environment.erase(it) : it + 1;
    if (value) environment.push_back(prefix + *value);
  }
  return environment;
}

}  // namespace entrapment::testing
