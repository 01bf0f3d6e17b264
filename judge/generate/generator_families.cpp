#include "generator_families.hpp"

namespace entrapment {

namespace {

// Filled by static initializers (judge/problems/built_in.cpp) before main, read after.
std::vector<const GeneratorFamilies*>& registered_families() {
  static std::vector<const GeneratorFamilies*> registered;
  return registered;
}

}  // namespace

void register_generator_families(const GeneratorFamilies& families) {
  registered_families().push_back(&families);
}

const GeneratorFamilies* generator_families_for(const ProblemModule& module) {
  for (const GeneratorFamilies* families : registered_families())
    if (families->serves(module)) return families;
  return nullptr;
}

}  // namespace entrapment
