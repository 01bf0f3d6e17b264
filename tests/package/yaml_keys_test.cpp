// Duplicate keys, which yaml-cpp drops silently: every one is found, with its path and both
// lines, in block and flow style, at any depth, inside lists, in every document.
#include "package/yaml_keys.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <functional>

#include "package/yaml_reader.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment {
namespace {

std::string found(const std::string& text) {
  std::string out;
  for (const DuplicateKey& d : find_duplicate_keys(text))
    out += d.path + "@" + std::to_string(d.line) + "/" + std::to_string(d.first_line) + " ";
  return out;
}

TEST(DuplicateKeys, NoneInAnOrdinaryFile) {
  EXPECT_EQ(found("a: 1\nb:\n  a: 2\n  b: [1, 1]\nc:\n  - a: 1\n  - a: 1\n"), "");
  EXPECT_EQ(found(""), "");
  EXPECT_EQ(found("just a scalar\n"), "");
}

TEST(DuplicateKeys, FoundWithTheirPathAndBothLines) {
  EXPECT_EQ(found("a: 1\nb: 2\na: 3\n"), "a@3/1 ");
  EXPECT_EQ(found("limits:\n  memory: 1\n  time_limit: 2\n  memory: 3\n"), "limits.memory@4/2 ");
  EXPECT_EQ(found("x: {k: 1, k: 2}\n"), "x.k@1/1 ");
  EXPECT_EQ(found("list:\n  - name: a\n    name: b\n  - name: c\n"), "list[0].name@3/2 ");
  EXPECT_EQ(found("a:\n  b:\n    c: 1\n    c: 2\n    c: 3\n"), "a.b.c@4/3 a.b.c@5/3 ");
  // A key whose value is a map, repeated: the second map is the duplicate.
  EXPECT_EQ(found("limits:\n  memory: 1\nlimits:\n  memory: 2\n"), "limits@3/1 ");
  // Aliases and null values are values like any other.
  EXPECT_EQ(found("a: &x 1\nb: *x\nc:\nc: ~\n"), "c@4/3 ");
  // Every document of a stream.
  EXPECT_EQ(found("a: 1\n---\na: 1\na: 2\n"), "a@4/3 ");
}

TEST(DuplicateKeys, DescribeNamesTheFile) {
  const std::vector<DuplicateKey> keys = find_duplicate_keys("a: 1\na: 2\n");
  ASSERT_EQ(keys.size(), 1u);
  EXPECT_EQ(describe(keys[0], "dir/problem.yaml"),
            "dir/problem.yaml:2: duplicate key 'a' (first at line 1)");
}

TEST(DuplicateKeys, InvalidYamlThrowsForTheCallerToName) {
  EXPECT_THROW(find_duplicate_keys("a: [1, 2\n"), YAML::Exception);
}

// The reader every toolkit YAML file (problem.yaml, generators.yaml, the selection file) goes
// through: each way a file can be wrong is named in one format, FILE:LINE: KEY: what.
TEST(YamlReader, NamesTheFileTheLineAndWhatIsWrong) {
  const testing::TempDir temp("yaml-reader");
  const std::filesystem::path& dir = temp.path;
  const auto write = [&](const std::string& name, const std::string& text) {
    testing::write_text(dir / name, text);
    return dir / name;
  };
  const YamlReader reader("shown.yaml");
  const auto error = [&](const std::filesystem::path& file, const std::string& hint = "") {
    try {
      reader.load(file, hint);
    } catch (const YamlError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(reader.load(write("good.yaml", "a: 1\nb: [2]\n"))["a"].as<int>(), 1);
  EXPECT_EQ(error(write("dup.yaml", "a: 1\nb:\n  c: 1\n  c: 2\n")),
            "shown.yaml:4: duplicate key 'b.c' (first at line 3)");
  EXPECT_EQ(error(write("bad.yaml", "a: 1\nb: [1, 2\n")).rfind("shown.yaml:3: not valid YAML: ", 0),
            0u)
      << error(dir / "bad.yaml");
  EXPECT_EQ(error(dir / "missing.yaml", " (run x)"), "shown.yaml: cannot read the file (run x)");

  const YAML::Node node = reader.parse("top:\n  inner: 1\n  colour: blue\n");
  const auto failure = [](const std::function<void()>& f) {
    try {
      f();
    } catch (const YamlError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(failure([&] { reader.fail(node["top"]["inner"], "top.inner", "expected a word"); }),
            "shown.yaml:2: top.inner: expected a word");
  EXPECT_EQ(failure([&] { reader.fail("expected a list"); }), "shown.yaml: expected a list");
  EXPECT_EQ(failure([&] {
              reader.only_known(node["top"], "top", {"inner", "size"});
            }),
            "shown.yaml:3: top.colour: unknown key; expected one of: inner, size");
  EXPECT_FALSE(YamlReader::child(node, "absent").IsDefined());
  EXPECT_EQ(YamlReader::kind(node), "a map");
}

}  // namespace
}  // namespace entrapment
