// The JSON report parses (with an independent parser) and carries every field back.
#include "report/json_report.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "played_games.hpp"

namespace entrapment::report {
namespace {

using nlohmann::json;

json parse_report(const RunResult& run) {
  std::ostringstream out;
  write_json(out, run);
  return json::parse(out.str());  // throws (failing the test) on invalid JSON
}

std::set<std::string> keys(const json& object) {
  std::set<std::string> out;
  for (const auto& item : object.items()) out.insert(item.key());
  return out;
}

TEST(JsonReport, HasExactlyTheDocumentedFieldsAndRoundTripsThem) {
  const RunResult run = testing::mixed_run();
  const json doc = parse_report(run);
  EXPECT_EQ(keys(doc), (std::set<std::string>{"submission", "verdict", "expected", "as_expected",
                                              "message", "tests"}));
  EXPECT_EQ(doc["submission"], run.submission);
  EXPECT_EQ(doc["verdict"], "WA");
  EXPECT_EQ(doc["expected"], "AC");
  EXPECT_EQ(doc["as_expected"], false);
  EXPECT_EQ(doc["message"], "");
  ASSERT_EQ(doc["tests"].size(), run.tests.size());
  for (std::size_t i = 0; i < run.tests.size(); ++i) {
    const json& t = doc["tests"][i];
    const TestResult& want = run.tests[i];
    EXPECT_EQ(keys(t), (std::set<std::string>{"name", "verdict", "cpu_s", "wall_s", "memory_kib",
                                              "message"}));
    EXPECT_EQ(t["verdict"], to_string(want.verdict)) << want.name;
    EXPECT_EQ(t["cpu_s"].get<double>(), want.cpu_s);  // exact: shortest round-trip text
    EXPECT_EQ(t["wall_s"].get<double>(), want.wall_s);
    EXPECT_TRUE(t["memory_kib"].is_number_integer());
    EXPECT_EQ(t["memory_kib"].get<long long>(), want.memory_kib);
    if (i < 4) {  // plain text comes back byte for byte
      EXPECT_EQ(t["name"], want.name);
      EXPECT_EQ(t["message"], want.message);
    }
  }
  EXPECT_EQ(
      doc["tests"][2]["message"].get<std::string>().rfind("after round 2: invalid proof 5 4 7", 0),
      0u)
      << doc["tests"][2]["message"];
}

TEST(JsonReport, HostileBytesStayValidJson) {
  RunResult run;
  run.submission = testing::hostile_text();
  TestResult test = testing::wrong_claim(testing::hostile_text(), testing::hostile_text());
  test.message = testing::hostile_text();
  run.tests.push_back(test);
  const json doc = parse_report(run);
  // Everything survives except the two invalid bytes, each replaced by U+FFFD.
  std::string expected = testing::hostile_text();
  expected.replace(expected.find("\xff\xfe"), 2, "\xef\xbf\xbd\xef\xbf\xbd");
  EXPECT_EQ(doc["submission"], expected);
  EXPECT_EQ(doc["tests"][0]["name"], expected);
  EXPECT_EQ(doc["tests"][0]["message"], expected);
}

TEST(JsonReport, RandomBytesAlwaysParse) {
  std::mt19937 random(20250521);  // fixed seed: the same bytes every run
  std::uniform_int_distribution<int> byte(0, 255), length(0, 40);
  for (int round = 0; round < 300; ++round) {
    RunResult run;
    TestResult test;
    for (int k = length(random); k > 0; --k) test.message += static_cast<char>(byte(random));
    run.tests.push_back(test);
    EXPECT_NO_THROW(parse_report(run)) << "round " << round;
  }
}

TEST(JsonReport, EmptyRunAndOddNumbers) {
  RunResult run;
  run.submission = "a.py";
  json doc = parse_report(run);
  EXPECT_TRUE(doc["tests"].is_array());
  EXPECT_TRUE(doc["tests"].empty());
  TestResult test;
  test.cpu_s = std::numeric_limits<double>::quiet_NaN();
  test.wall_s = 1e-9;
  run.tests.push_back(test);
  doc = parse_report(run);
  EXPECT_TRUE(doc["tests"][0]["cpu_s"].is_null());
  EXPECT_EQ(doc["tests"][0]["wall_s"].get<double>(), 1e-9);
}

TEST(JsonReport, CompileErrorIsAVerdictWithTheCompilersMessage) {
  RunResult run;
  run.submission = "broken.cpp";
  run.verdict = Verdict::CE;
  run.message = "broken.cpp:3:1: error: expected ';' before '}' token\n";
  run.expected.verdicts = {Verdict::CE};
  const json doc = parse_report(run);
  EXPECT_EQ(doc["verdict"], "CE");
  EXPECT_EQ(doc["as_expected"], true);
  EXPECT_EQ(doc["message"], run.message);
  EXPECT_TRUE(doc["tests"].empty());
}

TEST(JsonReport, SeveralSubmissionsAreAListWithTheirExpectations) {
  RunResult wrong = testing::mixed_run(), accepted;
  wrong.submission = "wrong_answer/a.cpp";
  wrong.expected.verdicts = {Verdict::WA};
  accepted.submission = "accepted/b.py";
  accepted.tests.push_back(testing::sample_runner_accepted("sample/2.in"));
  std::ostringstream out;
  write_json(out, std::vector<RunResult>{wrong, accepted});
  const json doc = json::parse(out.str());
  EXPECT_EQ(keys(doc), (std::set<std::string>{"as_expected", "submissions"}));
  EXPECT_EQ(doc["as_expected"], true);
  ASSERT_EQ(doc["submissions"].size(), 2u);
  EXPECT_EQ(doc["submissions"][0]["submission"], "wrong_answer/a.cpp");
  EXPECT_EQ(doc["submissions"][0]["expected"], "WA");
  EXPECT_EQ(doc["submissions"][0]["tests"].size(), 5u);
  EXPECT_EQ(doc["submissions"][1]["verdict"], "AC");

  accepted.verdict = Verdict::WA;
  std::ostringstream again;
  write_json(again, std::vector<RunResult>{wrong, accepted});
  EXPECT_EQ(json::parse(again.str())["as_expected"], false);
  std::ostringstream one;
  write_json(one, std::vector<RunResult>{wrong});
  EXPECT_EQ(json::parse(one.str())["submissions"][0]["submission"], "wrong_answer/a.cpp")
      << "a directory of one is still a list";
}

}  // namespace
}  // namespace entrapment::report
