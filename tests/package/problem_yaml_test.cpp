// problem.yaml as the problem package format 2025-09 defines it: the package's own file reads,
// optional keys take the specification's defaults, name may be a map, unknown and duplicate
// keys are errors, and every fault names the file, the line, the key and what was expected
// ("FILE:LINE: KEY: what", the format of every YAML file the toolkit reads).
#include "package/problem_yaml.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

#include "tests/support/repository.hpp"

namespace entrapment {
namespace {

const char* kGood =
    "problem_format_version: 2025-09\ntype: interactive\nname: Entrapment\n"
    "uuid: 6f0c7c1e-4b7d-4f58-9a52-2d1e0b8c5a31\n"
    "source:\n  name: ICPC North America Championship 2025\n"
    "limits:\n  time_limit: 5\n  memory: 2048\n";

// The required keys only.
const char* kMinimal =
    "problem_format_version: 2025-09\ntype: interactive\nname: Entrapment\n"
    "uuid: 6f0c7c1e-4b7d-4f58-9a52-2d1e0b8c5a31\n";

std::string error_of(const std::string& text) {
  try {
    parse_problem_yaml(text, "problem.yaml");
  } catch (const YamlError& e) {
    return e.what();
  }
  return "";
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  if (at == std::string::npos)
    ADD_FAILURE() << "'" << from << "' is not in the text";
  else
    text.replace(at, from.size(), to);
  return text;
}

// The package's own file reads. What it says is the setter's to change (the README's recipe
// sets a 2 s time limit), so nothing of it is pinned here but what the judge needs: an
// interactive problem. The reader's figures are checked on the fixture below.
TEST(ProblemYaml, ThePackagesOwnFileReads) {
  const ProblemConfig config = load_problem_yaml(testing::repository() / "problem.yaml");
  EXPECT_EQ(config.type, "interactive");
  EXPECT_GT(config.time_limit_s, 0);
  EXPECT_GT(config.memory_mib, 0);
}

TEST(ProblemYaml, EveryKeyReadsAsWritten) {
  const ProblemConfig config = parse_problem_yaml(kGood, "problem.yaml");
  EXPECT_EQ(config.problem_format_version, "2025-09");
  EXPECT_EQ(config.type, "interactive");
  EXPECT_EQ(config.name, "Entrapment");
  EXPECT_EQ(config.source, "ICPC North America Championship 2025");
  EXPECT_EQ(config.time_limit_s, 5);
  EXPECT_TRUE(config.time_limit_given);
  EXPECT_EQ(config.memory_mib, 2048);
  EXPECT_TRUE(config.memory_given);
  const ProblemConfig other = parse_problem_yaml(
      replaced(replaced(kGood, "time_limit: 5", "time_limit: 2"), "memory: 2048", "memory: 512"),
      "problem.yaml");
  EXPECT_EQ(other.time_limit_s, 2);
  EXPECT_EQ(other.memory_mib, 512);
}

TEST(ProblemYaml, SourceMayBeAPlainStringOrAList) {
  EXPECT_EQ(
      parse_problem_yaml(replaced(kGood, "source:\n  name: ICPC", "source: ICPC"), "p").source,
      "ICPC North America Championship 2025");
  const ProblemConfig listed = parse_problem_yaml(
      std::string(kMinimal) + "source:\n  - name: NAC 2025\n    url: https://x.example\n  - ICPC\n",
      "p");
  EXPECT_EQ(listed.source, "NAC 2025");
  EXPECT_EQ(listed.source_url, "https://x.example") << "the first source's url, with its name";
  EXPECT_EQ(parse_problem_yaml(kGood, "p").source_url, "");
}

// What judge export's legacy problem.yaml carries over, read here rather than by a second
// reader of its own (issue 30).
TEST(ProblemYaml, CreditsLicenseAndKeywordsAreReadForTheExports) {
  const ProblemConfig full = parse_problem_yaml(
      std::string(kMinimal) +
          "credits:\n  authors:\n    - Ann Author <ann@x.example>\n    - name: Bo\n"
          "      email: bo@x.example\n  testers: Di\n"
          "license: cc by-sa\nrights_owner: NAC\nkeywords: [games, interactive]\n",
      "p");
  EXPECT_EQ(full.authors, (std::vector<std::string>{"Ann Author <ann@x.example>", "Bo"}));
  EXPECT_TRUE(full.license_given);
  EXPECT_EQ(full.license, "cc by-sa");
  EXPECT_EQ(full.rights_owner, "NAC");
  EXPECT_EQ(full.keywords, (std::vector<std::string>{"games", "interactive"}));
  EXPECT_EQ(parse_problem_yaml(std::string(kMinimal) + "credits: Ann\n", "p").authors,
            std::vector<std::string>{"Ann"})
      << "credits as a string is one author";
  EXPECT_EQ(parse_problem_yaml(std::string(kMinimal) + "credits:\n  authors:\n    name: Cy\n", "p")
                .authors,
            std::vector<std::string>{"Cy"});
  const ProblemConfig none = parse_problem_yaml(kMinimal, "p");
  EXPECT_TRUE(none.authors.empty());
  EXPECT_FALSE(none.license_given);
  EXPECT_EQ(none.rights_owner, "");
  EXPECT_TRUE(none.keywords.empty());
}

TEST(ProblemYaml, LimitsAndEachOfItsKeysAreOptionalWithTheSpecificationsDefaults) {
  const ProblemConfig none = parse_problem_yaml(kMinimal, "p");
  EXPECT_FALSE(none.time_limit_given);
  EXPECT_EQ(none.time_resolution_s, 1.0);
  EXPECT_EQ(none.time_limit_s, 1.0) << "no time_limit: time_resolution, as BAPCtools starts";
  EXPECT_FALSE(none.memory_given);
  EXPECT_EQ(none.memory_mib, 2048);
  EXPECT_EQ(none.output_mib, 8);
  EXPECT_EQ(none.code_kib, 128);
  EXPECT_EQ(none.ac_to_time_limit, 2.0);
  EXPECT_EQ(none.time_limit_to_tle, 1.5);

  const ProblemConfig memory_only =
      parse_problem_yaml(std::string(kMinimal) + "limits:\n  memory: 512\n", "p");
  EXPECT_EQ(memory_only.memory_mib, 512);
  EXPECT_TRUE(memory_only.memory_given);
  EXPECT_EQ(memory_only.time_limit_s, 1.0);

  const ProblemConfig all = parse_problem_yaml(
      std::string(kMinimal) +
          "limits:\n  time_multipliers:\n    ac_to_time_limit: 3\n    time_limit_to_tle: 1.2\n"
          "  time_resolution: 0.5\n  time_limit: 2.5\n  memory: 1024\n  output: 16\n  code: 64\n"
          "  compilation_time: 30\n  compilation_memory: 1024\n  validation_time: 20\n"
          "  validation_memory: 512\n  validation_output: 4\n",
      "p");
  EXPECT_EQ(all.time_limit_s, 2.5);
  EXPECT_EQ(all.time_resolution_s, 0.5);
  EXPECT_EQ(all.ac_to_time_limit, 3.0);
  EXPECT_EQ(all.time_limit_to_tle, 1.2);
  EXPECT_EQ(all.output_mib, 16);
  EXPECT_EQ(all.code_kib, 64);

  const ProblemConfig resolution_only =
      parse_problem_yaml(std::string(kMinimal) + "limits:\n  time_resolution: 2\n", "p");
  EXPECT_EQ(resolution_only.time_limit_s, 2.0);
}

TEST(ProblemYaml, NumbersAndIntegersAreReadStrictly) {
  const auto time_limit = [](const std::string& value) {
    return std::string(kMinimal) + "limits:\n  time_resolution: 0.25\n  time_limit: " + value +
           "\n";
  };
  for (const char* good : {"1e1", "+5", "5.", ".5", "2.50", "1E0"})
    EXPECT_EQ(error_of(time_limit(good)), "") << good;
  for (const char* bad : {"1e", ".", "1.2.3", "e5", "5s", "0x10", "inf", "-1", "1,5"})
    EXPECT_NE(error_of(time_limit(bad)).find("limits.time_limit: expected a positive number"),
              std::string::npos)
        << bad << ": " << error_of(time_limit(bad));
  const auto memory = [](const std::string& value) {
    return std::string(kMinimal) + "limits:\n  memory: " + value + "\n";
  };
  EXPECT_EQ(error_of(memory("+512")), "");
  for (const char* bad : {"1e3", "512MiB", "1234567890123456", "-1", ""})
    EXPECT_NE(error_of(memory(bad)).find("limits.memory: "), std::string::npos) << bad;
}

// Limits no contest runs with are configuration errors, named, rather than a judge that
// times out every test (time_limit: 99999999999), cannot start any program (memory: 1) or
// overflows (a memory of 10^14 MiB).
TEST(ProblemYaml, LimitsOutsideSaneRangesAreErrorsThatSayTheRange) {
  const auto limit = [](const std::string& key, const std::string& value) {
    return error_of(std::string(kMinimal) + "limits:\n  " + key + ": " + value + "\n");
  };
  EXPECT_EQ(limit("time_limit", "3600"), "");
  EXPECT_EQ(limit("memory", "32"), "");
  EXPECT_EQ(limit("memory", "1048576"), "");
  EXPECT_NE(
      limit("time_limit", "99999999999")
          .find(
              "problem.yaml:6: limits.time_limit: expected at most 3600 seconds, got 99999999999"),
      std::string::npos)
      << limit("time_limit", "99999999999");
  EXPECT_NE(limit("time_limit", "3601").find("limits.time_limit: expected at most 3600"),
            std::string::npos);
  EXPECT_NE(
      limit("memory", "1").find("problem.yaml:6: limits.memory: expected 32 to 1048576 MiB, got 1"),
      std::string::npos)
      << limit("memory", "1");
  EXPECT_NE(limit("memory", "99999999999999").find("limits.memory: expected 32 to 1048576 MiB"),
            std::string::npos);
  EXPECT_NE(limit("compilation_memory", "4").find("limits.compilation_memory: expected 32 to"),
            std::string::npos);
  EXPECT_NE(limit("compilation_time", "100000").find("limits.compilation_time: expected at most"),
            std::string::npos);
  EXPECT_NE(limit("output", "9999999").find("limits.output: expected 1 to 65536 MiB"),
            std::string::npos);
  EXPECT_NE(limit("code", "99999999").find("limits.code: expected 1 to 65536 KiB"),
            std::string::npos);
  EXPECT_NE(limit("time_resolution", "7200").find("limits.time_resolution: expected at most"),
            std::string::npos);
  EXPECT_NE(
      error_of(std::string(kMinimal) + "limits:\n  time_multipliers:\n    ac_to_time_limit: 1000\n")
          .find("ac_to_time_limit: expected at most 100"),
      std::string::npos);
}

TEST(ProblemYaml, CompilationLimitsAreRead) {
  const ProblemConfig config = parse_problem_yaml(
      std::string(kMinimal) + "limits:\n  compilation_time: 30\n  compilation_memory: 1024\n", "p");
  EXPECT_EQ(config.compilation_time_s, 30);
  EXPECT_EQ(config.compilation_memory_mib, 1024);
  const ProblemConfig defaults = parse_problem_yaml(kMinimal, "p");
  EXPECT_EQ(defaults.compilation_time_s, 60);
  EXPECT_EQ(defaults.compilation_memory_mib, 2048);
}

TEST(ProblemYaml, NameMayBeAMapFromLanguageToName) {
  const ProblemConfig both = parse_problem_yaml(
      replaced(kMinimal, "name: Entrapment", "name:\n  sv: Fälla\n  en: Entrapment\n  pt-BR: X"),
      "p");
  EXPECT_EQ(both.name, "Entrapment") << "the English name";
  EXPECT_EQ(both.names.size(), 3u);
  EXPECT_EQ(both.names.at("sv"), "Fälla");
  const ProblemConfig swedish =
      parse_problem_yaml(replaced(kMinimal, "name: Entrapment", "name:\n  sv: Fälla"), "p");
  EXPECT_EQ(swedish.name, "Fälla") << "no English name: the first";
  const ProblemConfig plain = parse_problem_yaml(kMinimal, "p");
  EXPECT_EQ(plain.names.at("en"), "Entrapment");
}

TEST(ProblemYaml, TypeMayBeAListThatIncludesInteractive) {
  EXPECT_EQ(parse_problem_yaml(
                replaced(kMinimal, "type: interactive", "type: [pass-fail, interactive]"), "p")
                .type,
            "interactive");
  EXPECT_EQ(
      parse_problem_yaml(replaced(kMinimal, "type: interactive", "type:\n  - interactive"), "p")
          .type,
      "interactive");
}

TEST(ProblemYaml, EveryOtherKeyOfTheSpecificationIsAccepted) {
  const std::string full =
      std::string(kMinimal) +
      "version: 1.2\n"
      "credits:\n  authors: Ann Author <ann@x.example>\n  contributors:\n    - Bo\n"
      "    - name: Cy\n      email: cy@x.example\n      orcid: 0000-0001\n      kattis: cy\n"
      "  testers: Di\n  translators:\n    sv: Ek\n  packagers: [Fa]\n  acknowledgements: Gu\n"
      "license: cc by-sa\nrights_owner: NAC\nembargo_until: 2026-01-31T12:00:00Z\n"
      "keywords: [games, interactive]\nlanguages: [cpp, python3]\nallow_file_writing: false\n"
      "constants:\n  max_rounds: 9\n  squares:\n    value: 9\n    tex: nine\n";
  EXPECT_EQ(error_of(full), "");
  EXPECT_EQ(error_of(std::string(kMinimal) + "credits: Ann\nlicense: cc0\n"), "")
      << "credits as a string is one author, the rights owner";
}

TEST(ProblemYaml, UnknownKeysAreErrorsThatNameTheKeyAndTheLine) {
  EXPECT_EQ(error_of(std::string(kGood) + "colour: blue\n"),
            "problem.yaml:10: colour: unknown key; expected one of: problem_format_version, type, "
            "name, uuid, version, credits, source, license, rights_owner, embargo_until, limits, "
            "keywords, languages, allow_file_writing, constants");
  const std::string misspelt = error_of(replaced(kGood, "time_limit: 5", "time_limt: 5"));
  EXPECT_EQ(misspelt.rfind("problem.yaml:8: limits.time_limt: unknown key; expected one of: "
                           "time_multipliers, time_limit, ",
                           0),
            0u)
      << misspelt;
  EXPECT_NE(error_of(std::string(kMinimal) + "credits:\n  author: Ann\n")
                .find("credits.author: unknown key"),
            std::string::npos);
  EXPECT_NE(error_of(std::string(kMinimal) + "source:\n  name: X\n  link: y\n")
                .find("source.link: unknown key"),
            std::string::npos);
  EXPECT_NE(
      error_of(std::string(kMinimal) + "limits:\n  time_multipliers:\n    ac_to_timelimit: 2\n")
          .find("limits.time_multipliers.ac_to_timelimit: unknown key"),
      std::string::npos);
}

TEST(ProblemYaml, DuplicateKeysAreErrorsWithBothLines) {
  EXPECT_EQ(error_of(std::string(kGood) + "name: Other\n"),
            "problem.yaml:10: duplicate key 'name' (first at line 3)");
  EXPECT_EQ(error_of(replaced(kGood, "  memory: 2048\n", "  memory: 2048\n  memory: 1024\n")),
            "problem.yaml:10: duplicate key 'limits.memory' (first at line 9)");
  EXPECT_EQ(error_of(std::string(kMinimal) + "limits: {memory: 1, memory: 2}\n"),
            "problem.yaml:5: duplicate key 'limits.memory' (first at line 5)");
}

TEST(ProblemYaml, EveryFaultNamesTheFileTheKeyAndWhatWasExpected) {
  struct Case {
    std::string text, fragment;
  };
  const std::vector<Case> cases = {
      {"", "expected a map"},
      {"key: [unclosed", "problem.yaml:1: not valid YAML: "},
      {replaced(kGood, "time_limit: 5", "time_limit: soon"),
       "problem.yaml:8: limits.time_limit: expected a positive number of seconds, got 'soon'"},
      {replaced(kGood, "time_limit: 5", "time_limit: -5"), "limits.time_limit"},
      {replaced(kGood, "time_limit: 5", "time_limit: 0"), "limits.time_limit"},
      {replaced(kGood, "time_limit: 5", "time_limit: .nan"), "limits.time_limit"},
      {replaced(kGood, "time_limit: 5", "time_limit: 1.5"),
       "limits.time_limit: expected a multiple of limits.time_resolution (1 s), got 1.5 s"},
      {replaced(kGood, "memory: 2048", "memory: 2.5"),
       "problem.yaml:9: limits.memory: expected a positive integer (MiB), got '2.5'"},
      {replaced(kGood, "memory: 2048", "memory: 0"), "limits.memory: expected a positive integer"},
      {replaced(kGood, "limits:\n  time_limit: 5\n  memory: 2048\n", "limits: 5\n"),
       "problem.yaml:7: limits: expected a map of limits, got a scalar"},
      {std::string(kMinimal) + "limits:\n  time_multipliers:\n    ac_to_time_limit: 0.5\n",
       "limits.time_multipliers.ac_to_time_limit: expected a number >= 1, got '0.5'"},
      {std::string(kMinimal) + "limits:\n  validation_passes: 1\n",
       "limits.validation_passes: expected an integer >= 2"},
      {replaced(kGood, "type: interactive", "type: pass-fail"),
       "problem.yaml:2: type: expected interactive"},
      {replaced(kGood, "type: interactive\n", ""),
       "problem.yaml: type: missing; expected interactive"},
      {replaced(kGood, "type: interactive", "type: [interactive, scoring]"),
       "type: 'scoring' does not fit this judge"},
      {replaced(kGood, "type: interactive", "type: [interactive, interactive]"),
       "type: 'interactive' is listed twice"},
      {replaced(kGood, "type: interactive", "type: interactiv"), "type: unknown type 'interactiv'"},
      {replaced(kGood, "problem_format_version: 2025-09", "problem_format_version: legacy"),
       "problem_format_version: expected 2025-09, got 'legacy'"},
      {replaced(kGood, "name: Entrapment", "name: [a, b]"), "name: expected the problem name"},
      {replaced(kGood, "name: Entrapment", "name:\n  English: Entrapment"),
       "name.English: expected a language code such as en or pt-BR"},
      {replaced(kGood, "name: Entrapment", "name:\n  en: [a]"),
       "name.en: expected the problem name in en"},
      {replaced(kGood, "name: Entrapment", "name:\n  pt-br: x"),
       "name.pt-br: expected a language code"},
      {replaced(kGood, "name: Entrapment", "name:\n  e: x"), "name.e: expected a language code"},
      {std::string(kMinimal) + "constants:\n  a-b: 1\n", "constants.a-b: a constant's name must"},
      {std::string(kMinimal) + "embargo_until: 2026-1-31\n", "embargo_until: expected a date"},
      {replaced(kGood, "name: Entrapment\n", ""), "name: missing"},
      {replaced(kGood, "uuid: 6f0c7c1e-4b7d-4f58-9a52-2d1e0b8c5a31\n", ""), "uuid: missing"},
      {std::string(kMinimal) + "license: gpl\n",
       "license: expected one of: unknown, public domain"},
      {std::string(kMinimal) + "license: public domain\nrights_owner: Me\n",
       "rights_owner: must not be set when the license is public domain"},
      {std::string(kMinimal) + "license: cc0\n", "rights_owner: missing; the license 'cc0' needs"},
      {std::string(kMinimal) + "embargo_until: next year\n", "embargo_until: expected a date"},
      {std::string(kMinimal) + "keywords: games\n", "keywords: expected a list of strings"},
      {std::string(kMinimal) + "allow_file_writing: maybe\n",
       "allow_file_writing: expected true or false, got 'maybe'"},
      {std::string(kMinimal) + "constants:\n  2x: 1\n",
       "constants.2x: a constant's name must match"},
      {std::string(kMinimal) + "constants:\n  k:\n    tex: five\n", "constants.k.value: missing"},
      {std::string(kMinimal) + "credits:\n  testers:\n    - email: a@b.example\n",
       "credits.testers[0].name: missing"},
      {std::string(kMinimal) + "source:\n  url: https://x.example\n", "source.name: missing"},
  };
  for (const Case& c : cases) {
    const std::string error = error_of(c.text);
    EXPECT_NE(error.find(c.fragment), std::string::npos)
        << "for:\n"
        << c.text << "\ngot: " << error << "\nexpected to contain: " << c.fragment;
  }
}

// yaml-cpp stops a few hundred levels deep with "bad file"; the message says what is wrong and
// where.
TEST(ProblemYaml, NestingWithoutEndIsNamedAsSuch) {
  const std::string deep = "name: " + std::string(5000, '[') + std::string(5000, ']') + "\n";
  const std::string error = error_of(deep);
  EXPECT_NE(error.find("problem.yaml:1: not valid YAML: nested more than"), std::string::npos)
      << error;
}

TEST(ProblemYaml, AMissingFileIsNamed) {
  try {
    load_problem_yaml("/nonexistent/problem.yaml");
    FAIL() << "no error";
  } catch (const YamlError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/problem.yaml: cannot read the file"),
              std::string::npos);
  }
}

}  // namespace
}  // namespace entrapment
