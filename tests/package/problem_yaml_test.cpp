// problem.yaml: the package's own file reads, and every fault names the file, the key and
// what was expected.
#include "package/problem_yaml.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace entrapment {
namespace {

const char* kGood =
    "problem_format_version: 2025-09\ntype: interactive\nname: Entrapment\n"
    "uuid: 6f0c7c1e-4b7d-4f58-9a52-2d1e0b8c5a31\n"
    "source:\n  name: ICPC North America Championship 2025\n"
    "limits:\n  time_limit: 5\n  memory: 2048\n";

std::string error_of(const std::string& text) {
  try {
    parse_problem_yaml(text, "problem.yaml");
  } catch (const ProblemYamlError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(ProblemYaml, ThePackagesOwnFileReads) {
  const char* root = std::getenv("ENTRAPMENT_ROOT");
  ASSERT_NE(root, nullptr);
  const ProblemConfig config = load_problem_yaml(std::string(root) + "/problem.yaml");
  EXPECT_EQ(config.problem_format_version, "2025-09");
  EXPECT_EQ(config.type, "interactive");
  EXPECT_EQ(config.name, "Entrapment");
  EXPECT_EQ(config.source, "ICPC North America Championship 2025");
  EXPECT_EQ(config.time_limit_s, 5);
  EXPECT_EQ(config.memory_mib, 2048);
}

TEST(ProblemYaml, SourceMayBeAPlainString) {
  const ProblemConfig config =
      parse_problem_yaml(replaced(kGood, "source:\n  name: ICPC", "source: ICPC"), "problem.yaml");
  EXPECT_EQ(config.source, "ICPC North America Championship 2025");
}

TEST(ProblemYaml, EveryFaultNamesTheFileTheKeyAndWhatWasExpected) {
  struct Case {
    std::string text, fragment;
  };
  const std::vector<Case> cases = {
      {"", "expected a map"},
      {"key: [unclosed", "not valid YAML: line 1"},
      {replaced(kGood, "time_limit: 5", "time_limit: soon"),
       "problem.yaml: limits.time_limit: expected a positive number of seconds, got 'soon'"},
      {replaced(kGood, "time_limit: 5", "time_limit: -5"), "limits.time_limit"},
      {replaced(kGood, "memory: 2048", "memory: 2.5"),
       "problem.yaml: limits.memory: expected a positive integer (MiB), got '2.5'"},
      {replaced(kGood, "  memory: 2048\n", ""), "problem.yaml: limits.memory: missing"},
      {replaced(kGood, "limits:\n  time_limit: 5\n  memory: 2048\n", "limits: 5\n"),
       "limits.time_limit: missing"},
      {replaced(kGood, "type: interactive", "type: pass-fail"),
       "problem.yaml: type: expected interactive"},
      {replaced(kGood, "problem_format_version: 2025-09", "problem_format_version: legacy"),
       "problem_format_version: expected 2025-09, got 'legacy'"},
      {replaced(kGood, "name: Entrapment", "name: [a, b]"), "name: expected the problem name"},
      {replaced(kGood, "uuid: 6f0c7c1e-4b7d-4f58-9a52-2d1e0b8c5a31\n", ""), "uuid: missing"},
  };
  for (const Case& c : cases) {
    const std::string error = error_of(c.text);
    EXPECT_NE(error.find(c.fragment), std::string::npos)
        << "for:\n"
        << c.text << "\ngot: " << error << "\nexpected to contain: " << c.fragment;
  }
}

TEST(ProblemYaml, AMissingFileIsNamed) {
  try {
    load_problem_yaml("/nonexistent/problem.yaml");
    FAIL() << "no error";
  } catch (const ProblemYamlError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/problem.yaml: cannot be read"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace entrapment
