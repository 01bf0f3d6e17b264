// The HTML page: self-contained, escaped, and with the boards of every failing game.
#include "report/html_report.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "played_games.hpp"
#include "protocol/tokens.hpp"
#include "report/text.hpp"
#include "tests/support/text.hpp"

namespace entrapment::report {
namespace {

std::string html(const RunResult& run) {
  std::ostringstream out;
  write_html(out, run);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

using testing::has;
TEST(HtmlReport, EscapesHostileTextEverywhere) {
  const std::string page = html(testing::mixed_run());
  // Test 5's name, message and transcript all hold hostile_text(): none of it stays markup.
  EXPECT_EQ(count(page, "<script"), 0u);
  EXPECT_GE(count(page, "&lt;script&gt;alert('x')&lt;/script&gt;"), 3u);
  EXPECT_FALSE(has(page, "\x1b")) << "an escape sequence went through";
  EXPECT_FALSE(has(page, std::string(1, '\0')));
  EXPECT_TRUE(has(page, "\\x1B[31mred"));
  EXPECT_TRUE(has(page, "caf\xc3\xa9 ok")) << "valid UTF-8 is kept";
  // The page as a whole is valid UTF-8 (the JSON library refuses to dump anything else).
  EXPECT_NO_THROW(nlohmann::json(page).dump());
}

TEST(HtmlReport, IsSelfContained) {
  const std::string page = html(testing::mixed_run());
  EXPECT_TRUE(page.rfind("<!DOCTYPE html>", 0) == 0);
  EXPECT_FALSE(has(page, "<link")) << "no external stylesheet";
  EXPECT_FALSE(has(page, "src=")) << "no external image or script";
  EXPECT_FALSE(has(page, "url(")) << "no external resource in CSS";
  EXPECT_FALSE(has(page, "@import"));
  // The only URL is the SVG namespace, which is a name, not a fetch.
  EXPECT_EQ(count(page, "http"), count(page, "xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_EQ(count(page, "<svg"), count(page, "</svg>"));
  EXPECT_EQ(count(page, "<section"), count(page, "</section>"));
  EXPECT_EQ(count(page, "<tr"), count(page, "</tr>"));
}

// Text is escaped with xml_escape(), which leaves ' alone: safe only while every attribute of
// every tag is quoted with ". A tag is markup the page writes (escaped text has no '<').
TEST(HtmlReport, AttributesUseDoubleQuotes) {
  const std::string page = html(testing::mixed_run());
  for (std::size_t at = page.find('<'); at != std::string::npos; at = page.find('<', at + 1)) {
    const std::string tag = page.substr(at, page.find('>', at) - at);
    EXPECT_FALSE(has(tag, "='") || has(tag, "= '")) << tag;
  }
}

TEST(HtmlReport, TableListsEveryTestAndLinksTheFailures) {
  const RunResult run = testing::mixed_run();
  const std::string page = html(run);
  EXPECT_EQ(count(page, "<tr"), run.tests.size() + 1);  // and the header row
  for (const TestResult& test : run.tests)
    EXPECT_TRUE(has(page, xml_escape(printable(test.name)))) << test.name;
  EXPECT_TRUE(has(page, "<a href=\"#test-3\">secret/03-bad-proof.in</a>"));
  EXPECT_TRUE(has(page, "id=\"test-3\""));
  EXPECT_TRUE(has(page, "id=\"test-4\""));
  EXPECT_FALSE(has(page, "id=\"test-1\"")) << "passing tests have no game section";
  EXPECT_TRUE(has(page, "10.00 s"));
  EXPECT_TRUE(has(page, "3.1 MiB"));
}

// The first failing game is drawn above the table (a row per test: 43 of them push everything
// below off the first screen), the other failing games below it, each once.
TEST(HtmlReport, TheFirstFailingGameComesBeforeTheTable) {
  const std::string page = html(testing::mixed_run());
  const std::size_t table = page.find("<h2>Tests</h2>");
  ASSERT_NE(table, std::string::npos);
  EXPECT_LT(page.find("id=\"test-3\""), table);
  EXPECT_GT(page.find("id=\"test-4\""), table);
  EXPECT_GT(page.find("id=\"test-5\""), table);
  for (const char* id : {"id=\"test-3\"", "id=\"test-4\"", "id=\"test-5\""})
    EXPECT_EQ(count(page, id), 1u) << id;
}

// Under rlimits memory is counted on a best-effort basis, and the report says so in those words
// (issue 36); with a control group it says nothing of it.
TEST(HtmlReport, SaysWhenMemoryWasCountedOnABestEffortBasis) {
  RunResult run = testing::mixed_run();
  EXPECT_FALSE(has(html(run), "best-effort")) << "a control group counted every test";
  run.tests[1].memory_best_effort = true;
  EXPECT_TRUE(has(html(run), "Memory counted on a best-effort basis"));
}

TEST(HtmlReport, DrawsEveryRoundOfEveryFailingGame) {
  const RunResult run = testing::mixed_run();
  const std::string page = html(run);
  // Bad proof: start + 2 full rounds (query board and block board each) = 5.
  // Time-out: start + round 1 (2 boards) + round 2 asked but not answered (1) = 4.
  // Wrong claim: the start board only = 1.
  EXPECT_EQ(count(page, "<svg class=\"board\""), 10u);
  EXPECT_TRUE(has(page, "asked 3 1 2 8 9 4 5 &rarr; <b>Yes</b>"));
  EXPECT_TRUE(has(page, "blocked 7 &rarr; could be on"));
  EXPECT_TRUE(has(page, "asked 4 6 7 8 &rarr; no valid answer"));
  EXPECT_TRUE(has(page, "<span class=\"from\">&gt; 5 4 7</span>"));
  EXPECT_TRUE(has(page, "<span class=\"to\">&lt; -1</span>"));

  RunResult passing;
  passing.tests = {testing::sample_runner_accepted("a.in")};
  EXPECT_EQ(count(html(passing), "<svg class=\"board\""), 0u);
}

TEST(HtmlReport, TrappedRunnerIsShown) {
  // The contestant plays the Trapper well but then keeps writing: a wrong answer whose game
  // still ends with the Runner trapped.
  RunResult run;
  run.tests = {testing::play("trap.in",
                             "3 6\n1 2 3 7 8 9\nadversary scripted 0\nanswers Yes No No\n",
                             {"Trapper", "2", "4 5", "5", "0", "6", "extra"})};
  run.verdict = overall_verdict(run.tests);
  ASSERT_EQ(run.verdict, Verdict::WA) << run.tests[0].message;
  EXPECT_TRUE(has(html(run), "blocked 6 &rarr; <b>trapped</b>"));
}

TEST(HtmlReport, CompileErrorShowsTheCompilersMessageEscaped) {
  RunResult run;
  run.submission = "broken.cpp";
  run.verdict = Verdict::CE;
  run.message = "broken.cpp:3: error: expected ';' before <token>\n";
  const std::string page = html(run);
  EXPECT_TRUE(has(page, "<span class=\"v v-CE\">CE</span>")) << page;
  EXPECT_TRUE(has(page, "did not compile"));
  EXPECT_TRUE(has(page, "expected ';' before &lt;token&gt;"));
  EXPECT_TRUE(has(page, "NOT as expected: expected AC, got CE"));
}

TEST(HtmlReport, SeveralSubmissionsOnOnePageWithTheirOwnAnchors) {
  RunResult first = testing::mixed_run(), second = testing::mixed_run();
  first.submission = "accepted/a.cpp";
  second.submission = "wrong_answer/b.cpp";
  second.expected.verdicts = {Verdict::WA};
  std::ostringstream out;
  write_html(out, std::vector<RunResult>{first, second});
  const std::string page = out.str();
  EXPECT_TRUE(has(page, "2 submissions"));
  EXPECT_TRUE(has(page, "1 NOT as expected"));
  EXPECT_TRUE(has(page, "<a href=\"#sub-1\">accepted/a.cpp</a>"));
  EXPECT_TRUE(has(page, "id=\"sub-2\""));
  // Each submission's failing tests, with anchors that do not collide.
  EXPECT_TRUE(has(page, "id=\"sub-1-test-3\""));
  EXPECT_TRUE(has(page, "id=\"sub-2-test-3\""));
  EXPECT_TRUE(has(page, "<a href=\"#sub-2-test-3\">secret/03-bad-proof.in</a>"));
  EXPECT_EQ(count(page, "<section"), count(page, "</section>"));
}

}  // namespace
}  // namespace entrapment::report
