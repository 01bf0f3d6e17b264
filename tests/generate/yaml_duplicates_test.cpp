// The repeated-key check that generators.yaml and the selection file are read with.
#include "generate/yaml_duplicates.hpp"

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

namespace entrapment::testing {
namespace {

std::optional<std::string> repeated(const std::string& yaml) {
  return repeated_key(YAML::Load(yaml));
}

TEST(RepeatedKey, NoneInDocumentsWithoutRepeats) {
  EXPECT_EQ(repeated("a: 1\nb: {c: 2, d: [3, {c: 4}]}\nc: 5\n"), std::nullopt);
  EXPECT_EQ(repeated("- {a: 1}\n- {a: 2}\n"), std::nullopt) << "equal keys in two mappings";
  EXPECT_EQ(repeated("plain scalar"), std::nullopt);
}

TEST(RepeatedKey, NamesTheKeyBothLinesAndWhere) {
  EXPECT_EQ(repeated("a: 1\nb: 2\na: 3\n"), "line 3: key \"a\" repeats the key of line 1");
  EXPECT_EQ(repeated("top:\n  mid:\n    x: 1\n    x: 2\n"),
            "line 4: key \"x\" repeats the key of line 3 (in top.mid)");
  EXPECT_EQ(repeated("list:\n  - {k: 1, k: 2}\n"),
            "line 2: key \"k\" repeats the key of line 2 (in list[0])");
  // Quoting does not make two keys different names.
  EXPECT_EQ(repeated("\"7\": a\n7: b\n"), "line 2: key \"7\" repeats the key of line 1");
}

}  // namespace
}  // namespace entrapment::testing
