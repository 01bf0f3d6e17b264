#include "generator_hook.hpp"

#include "../module.hpp"
#include "contest_set.hpp"
#include "description.hpp"

namespace entrapment {

namespace {

// generators.yaml as Entrapment reads it (description.hpp): its boards in families,
// the exhaustive tier, and secret/ a selection chosen against the corpus (contest_set.hpp).
class EntrapmentFamilies : public GeneratorFamilies {
 public:
  bool serves(const ProblemModule& module) const override {
    return &module == &entrapment_module();
  }
  std::vector<std::string> generated_directories() const override {
    return {std::begin(kGeneratedDirectories), std::end(kGeneratedDirectories)};
  }
  FileSet describe(const std::filesystem::path& root) const override {
    return describe_testdata(root).files;
  }
  FileSet select(const std::filesystem::path& root, bool reselect,
                 SelectionChange& change) const override {
    return recompute_selection(root, reselect, change);
  }
};

}  // namespace

const GeneratorFamilies& entrapment_generator_families() {
  static const EntrapmentFamilies families;
  return families;
}

}  // namespace entrapment
