#include "html_report.hpp"

#include <algorithm>
#include <sstream>

#include "game_view.hpp"
#include "html_style.hpp"
#include "protocol/tokens.hpp"
#include "terminal.hpp"
#include "text.hpp"

namespace entrapment::report {

namespace {

constexpr std::size_t kTableMessageChars = 300;  // the failure's own section shows all of it

std::string verdict_pill(Verdict verdict) {
  const std::string name = to_string(verdict);
  return "<span class=\"v v-" + name + "\">" + name + "</span>";
}

std::string anchor(const std::string& prefix, std::size_t index) {
  return prefix + "test-" + std::to_string(index + 1);
}

std::string transcript_pre(const GameRecord& game, const GameView* view) {
  std::string out = "<pre class=\"transcript\">";
  for (const GameLine& line : game.lines) {
    const std::string round = view ? view->round_label(game, line) : plain_round_label(line);
    out += "<span class=\"rn\">" + round + "</span>";
    out += line.from_contestant ? "<span class=\"from\">&gt; " : "<span class=\"to\">&lt; ";
    out += xml_escape(printable(line.text)) + (line.cut ? " <i class=\"muted\">[cut]</i>" : "") +
           "</span>\n";
  }
  return out + "</pre>";
}

std::string failure_section(const TestResult& test, const std::string& id) {
  const GameRecord& game = test.game;
  const GameView* view = game_view_for(game);  // null: the lines alone
  std::ostringstream out;
  out << "<section class=\"failure\" id=\"" << id << "\"><h2>" << verdict_pill(test.verdict)
      << " <span class=\"mono\">" << xml_escape(printable(test.name)) << "</span></h2>";
  out << "<div class=\"message\">"
      << (test.message.empty() ? "(no message)" : xml_escape(printable(test.message))) << "</div>";
  out << "<dl class=\"facts\">";
  out << "<dt>time</dt><dd>cpu " << format_seconds(test.cpu_s) << ", wall "
      << format_seconds(test.wall_s) << ", memory " << format_kib(test.memory_kib) << "</dd>";
  if (view) out << view->html_facts(game);
  out << "</dl>";
  if (view) out << view->html_game(game);
  out << "<details open><summary>Transcript: " << game.lines.size()
      << " lines (&lt; judge to contestant, &gt; contestant to judge)</summary>"
      << transcript_pre(game, view) << "</details></section>\n";
  return out.str();
}

std::string expectation_line(const RunResult& result) {
  const bool ok = result.expected.matches(result.verdict);
  return std::string("<span class=\"") + (ok ? "ok" : "notok") + "\">" +
         (ok ? "as expected" : "NOT as expected") + ": expected " +
         xml_escape(printable(result.expected.text())) + ", got " + to_string(result.verdict) +
         "</span>";
}

// The counts, then `after_counts`, the table of tests and a section per failing test (or the
// compiler's message); ids start with `prefix`.
void submission_body(std::ostream& out, const RunResult& result, const std::string& prefix,
                     const std::string& after_counts) {
  std::size_t counts[kVerdictCount] = {};
  for (const TestResult& test : result.tests) ++counts[static_cast<std::size_t>(test.verdict)];
  out << "<div class=\"counts\">" << expectation_line(result);
  if (result.verdict == Verdict::CE && result.tests.empty()) {
    out << "</div>\n"
        << after_counts << "<section class=\"failure\" id=\"" << prefix << "compile\"><h2>"
        << verdict_pill(Verdict::CE) << " did not compile</h2><pre class=\"transcript\">"
        << xml_escape(printable(result.message)) << "</pre></section>\n";
    return;
  }
  out << "<span>" << counts[0] << " of " << result.tests.size() << " tests accepted</span>";
  if (result.stopped_early && result.tests_planned > result.tests.size())
    out << "<span class=\"muted\">stopped at the first failure of " << result.tests_planned
        << " tests</span>";
  for (std::size_t v = 1; v < kVerdictCount; ++v)
    if (counts[v] > 0)
      out << "<span>" << verdict_pill(static_cast<Verdict>(v)) << " " << counts[v] << "</span>";
  if (!result.tests.empty()) {
    const auto slowest = std::max_element(
        result.tests.begin(), result.tests.end(),
        [](const TestResult& a, const TestResult& b) { return a.wall_s < b.wall_s; });
    out << "<span class=\"muted\">slowest: <span class=\"mono\">"
        << xml_escape(printable(slowest->name)) << "</span> (" << format_seconds(slowest->wall_s)
        << " wall)</span>";
  }
  const auto failing = std::find_if(result.tests.begin(), result.tests.end(),
                                    [](const TestResult& t) { return t.verdict != Verdict::AC; });
  if (failing != result.tests.end()) {
    const std::size_t index = static_cast<std::size_t>(failing - result.tests.begin());
    out << "<span>first failure: <a class=\"mono\" href=\"#" << anchor(prefix, index) << "\">"
        << xml_escape(printable(failing->name)) << "</a></span>";
  }
  out << "</div>\n" << after_counts;
  if (result.tests.empty() && !result.message.empty())
    out << "<div class=\"message\">" << xml_escape(printable(result.message)) << "</div>\n";
  // The first failing game comes first, above the table of every test: it is what the reader
  // opened the page for, and the table (a row per test) would push it off the first screen.
  if (failing != result.tests.end())
    out << failure_section(
        *failing, anchor(prefix, static_cast<std::size_t>(failing - result.tests.begin())));

  out << "<section><h2>Tests</h2><table><thead><tr><th>#</th><th>test</th><th>verdict</th>"
      << "<th class=\"num\">cpu</th><th class=\"num\">wall</th><th class=\"num\">memory</th>"
      << "<th>message</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < result.tests.size(); ++i) {
    const TestResult& test = result.tests[i];
    const bool failed = test.verdict != Verdict::AC;
    out << "<tr" << (failed ? " class=\"fail\"" : "") << "><td class=\"num\">" << i + 1
        << "</td><td class=\"mono name\">";
    if (failed)
      out << "<a href=\"#" << anchor(prefix, i) << "\">" << xml_escape(printable(test.name))
          << "</a>";
    else
      out << xml_escape(printable(test.name));
    out << "</td><td>" << verdict_pill(test.verdict) << "</td><td class=\"num\">"
        << format_seconds(test.cpu_s) << "</td><td class=\"num\">" << format_seconds(test.wall_s)
        << "</td><td class=\"num\">" << format_kib(test.memory_kib) << "</td><td class=\"msg\">"
        << xml_escape(printable(shorten(test.message, kTableMessageChars))) << "</td></tr>\n";
  }
  out << "</tbody></table>";
  // Under rlimits the memory column is what the judge's looks at /proc saw (kBestEffortMemory).
  if (std::any_of(result.tests.begin(), result.tests.end(),
                  [](const TestResult& t) { return t.memory_best_effort; }))
    out << "<p class=\"muted\">" << kBestEffortMemory << "</p>";
  out << "</section>\n";

  for (auto t = failing == result.tests.end() ? failing : failing + 1; t != result.tests.end(); ++t)
    if (t->verdict != Verdict::AC)
      out << failure_section(*t,
                             anchor(prefix, static_cast<std::size_t>(t - result.tests.begin())));
}

void page_start(std::ostream& out, const std::string& title) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      << "<title>" << title << " &middot; Entrapment</title><style>" << kReportCss
      << "</style></head><body>\n";
}

}  // namespace

void write_html(std::ostream& out, const RunResult& result) {
  const std::string submission = xml_escape(printable(result.submission));
  page_start(out, std::string(to_string(result.verdict)) + " &middot; " + submission);
  out << "<header><h1>Entrapment &middot; <span class=\"mono\">" << submission << "</span> "
      << verdict_pill(result.verdict) << "</h1>";
  submission_body(out, result, "", "</header>\n");
  out << "</body></html>\n";
}

void write_html(std::ostream& out, const std::vector<RunResult>& results) {
  std::size_t wrong = 0;
  for (const RunResult& r : results) wrong += r.expected.matches(r.verdict) ? 0 : 1;
  page_start(out, std::to_string(results.size()) + " submissions");
  out << "<header><h1>Entrapment &middot; " << results.size() << " submissions</h1>"
      << "<div class=\"counts\"><span class=\"" << (wrong ? "notok" : "ok") << "\">"
      << (wrong ? std::to_string(wrong) + " NOT as expected" : std::string("all as expected"))
      << "</span></div></header>\n";
  out << "<section><h2>Submissions</h2><table><thead><tr><th>submission</th><th>expected</th>"
      << "<th>verdict</th><th class=\"num\">tests</th><th></th></tr></thead><tbody>\n";
  for (std::size_t k = 0; k < results.size(); ++k) {
    const RunResult& r = results[k];
    const bool ok = r.expected.matches(r.verdict);
    out << "<tr" << (ok ? "" : " class=\"fail\"") << "><td class=\"mono name\"><a href=\"#sub-"
        << k + 1 << "\">" << xml_escape(printable(r.submission)) << "</a></td><td>"
        << xml_escape(printable(r.expected.text())) << "</td><td>" << verdict_pill(r.verdict)
        << "</td><td class=\"num\">" << r.tests.size() << "</td><td>"
        << (ok ? "as expected" : "<b>NOT as expected</b>") << "</td></tr>\n";
  }
  out << "</tbody></table></section>\n";
  for (std::size_t k = 0; k < results.size(); ++k) {
    const std::string id = "sub-" + std::to_string(k + 1);
    out << "<section class=\"submission\" id=\"" << id << "\"><h2 class=\"submission-title\">"
        << verdict_pill(results[k].verdict) << " <span class=\"mono\">"
        << xml_escape(printable(results[k].submission)) << "</span></h2>\n";
    submission_body(out, results[k], id + "-", "");
    out << "</section>\n";
  }
  out << "</body></html>\n";
}

}  // namespace entrapment::report
