// The statement's one source and its renderings (judge/export/statement.hpp): the dialect is
// parsed strictly (a fault names the line), each construct comes out right in LaTeX, Markdown
// and Polygon's sections, and the repository's own statement renders in every format.
#include "export/statement.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "export/export.hpp"
#include "tests/support/repository.hpp"

namespace entrapment {
namespace {

const char* kSource = R"(<!--
documentation, not part of the statement
-->

## Legend

*Entrapment* is played on a $3 \times 3$ board with 100% of its `squares`, "in quotes" & more:

```grid
1 2 3
4 5 6
7 8 9
```

1. First step,
   continued.
2. Second **bold** step.

## Input

A line with $R$ and $U$ (a_b # ~ ^).

## Interaction

- one
- two

## Notes

Flush.
)";

std::string rendered_latex() {
  return render_problemtools_latex(parse_statement(kSource, "test.md"), "Entrapment");
}

TEST(Statement, ParsesSectionsAndBlocks) {
  const Statement s = parse_statement(kSource, "test.md");
  ASSERT_EQ(s.sections.size(), 4u);
  EXPECT_EQ(s.sections[0].name, "Legend");
  ASSERT_EQ(s.sections[0].blocks.size(), 3u);
  EXPECT_EQ(s.sections[0].blocks[1].kind, StatementBlock::Kind::Grid);
  EXPECT_EQ(s.sections[0].blocks[1].lines.size(), 3u);
  EXPECT_EQ(s.sections[0].blocks[2].kind, StatementBlock::Kind::Numbered);
  EXPECT_EQ(s.sections[0].blocks[2].lines[0], "First step, continued.");
  EXPECT_EQ(s.find("Interaction")->blocks[0].kind, StatementBlock::Kind::Bullets);
  EXPECT_EQ(s.find("Output"), nullptr);
}

TEST(Statement, LatexEscapesTextAndKeepsMath) {
  const std::string latex = rendered_latex();
  EXPECT_EQ(latex.find("\\problemname{Entrapment}"), latex.find("\\problemname"));
  EXPECT_NE(latex.find("\\emph{Entrapment}"), std::string::npos);
  EXPECT_NE(latex.find("$3 \\times 3$"), std::string::npos);  // math as written
  EXPECT_NE(latex.find("100\\%"), std::string::npos);
  EXPECT_NE(latex.find("\\texttt{squares}"), std::string::npos);
  EXPECT_NE(latex.find("``in quotes'' \\&"), std::string::npos);
  EXPECT_NE(latex.find("a\\_b \\# \\textasciitilde{} \\textasciicircum{}"), std::string::npos);
  EXPECT_NE(latex.find("\\textbf{bold}"), std::string::npos);
  EXPECT_NE(latex.find("\\begin{tabular}{|c|c|c|}"), std::string::npos);
  EXPECT_NE(latex.find("4 & 5 & 6 \\\\ \\hline"), std::string::npos);
  EXPECT_NE(latex.find("\\begin{enumerate}\n\\item First step, continued."), std::string::npos);
  EXPECT_NE(latex.find("\\section*{Input}"), std::string::npos);
  EXPECT_EQ(latex.find("\\section*{Legend}"), std::string::npos);  // the legend has no heading
  EXPECT_EQ(latex.find("documentation"), std::string::npos);
}

TEST(Statement, MarkdownKeepsTheSourceAndDrawsTheGrid) {
  const std::string md = render_markdown(parse_statement(kSource, "test.md"));
  EXPECT_NE(md.find("*Entrapment* is played on a $3 \\times 3$ board"), std::string::npos);
  EXPECT_NE(md.find("```\n+---+---+---+\n| 1 | 2 | 3 |\n+---+---+---+\n"), std::string::npos) << md;
  EXPECT_NE(md.find("1. First step, continued.\n2. Second **bold** step."), std::string::npos);
  EXPECT_NE(md.find("## Interaction\n\n- one\n- two\n"), std::string::npos);
  EXPECT_EQ(md.find("Entrapment\n="), std::string::npos);  // no title: the system adds it
  EXPECT_EQ(md.find("## Legend"), std::string::npos);
}

TEST(Statement, PolygonExamplesSplitTheTranscript) {
  const PolygonExample example = polygon_example("<3 6\n<1 2 3\n>Trapper\n>2\n<Yes\n");
  EXPECT_EQ(example.input, "3 6\n1 2 3\nYes\n");
  EXPECT_EQ(example.output, "Trapper\n2\n");
  const std::string note = render_examples_note({"<2 0\n>Runner\n"});
  EXPECT_NE(note.find("\\begin{verbatim}\n< 2 0\n> Runner\n\\end{verbatim}"), std::string::npos)
      << note;
  const std::string problem =
      render_olymp_problem(parse_statement(kSource, "test.md"), "Entrapment", 5, 2048, 2, note);
  EXPECT_NE(problem.find("\\begin{problem}{Entrapment}{standard input}{standard output}{5 "
                         "seconds}{2048 megabytes}"),
            std::string::npos);
  EXPECT_NE(problem.find("\\InputFile"), std::string::npos);
  EXPECT_EQ(problem.find("\\OutputFile"), std::string::npos);  // no Output section
  EXPECT_NE(problem.find("\\exmpfile{example.02}{example.02.a}"), std::string::npos);
  EXPECT_LT(problem.find("\\Interaction"), problem.find("\\Examples"));
  EXPECT_LT(problem.find("\\Examples"), problem.find("\\Note"));
}

// Every fault names the source and the line.
TEST(Statement, RefusesWhatTheDialectDoesNotKnow) {
  struct Case {
    std::string text;
    std::string where;
  };
  const std::vector<Case> cases = {
      {"## Legend\n\nText.\n\n## Story\n\nMore.\n", "line 5"},              // unknown section
      {"## Legend\n\nText.\n\n## Legend\n\nAgain.\n", "line 5"},            // repeated
      {"## Legend\n\nA.\n\n## Notes\n\nB.\n\n## Input\n\nC.\n", "line 9"},  // out of order
      {"Text first.\n\n## Legend\n\nA.\n", "line 1"},                       // before any section
      {"## Legend\n\n### Sub\n", "line 3"},                                 // another heading level
      {"## Legend\n\n<b>bold</b>\n", "line 3"},                             // HTML
      {"## Legend\n\n```grid\n1 2\n3\n```\n", "line 5"},                    // ragged grid
      {"## Legend\n\n```grid\n1 2\n", "line 3"},                            // unclosed grid
      {"## Legend\n\n```cpp\nint x;\n```\n", "line 3"},                     // another fence
      {"## Legend\n\n\ttab\n", "line 3"},                                   // a tab
      {"<!-- never closed\n\n## Legend\n\nA.\n", "line 1"},                 // the comment
  };
  for (const Case& c : cases) {
    try {
      parse_statement(c.text, "src.md");
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ExportError& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find("src.md " + c.where), std::string::npos) << c.text << message;
    }
  }
  for (const std::string& text :
       {std::string("## Input\n\nNo legend.\n"), std::string("## Legend\n\nan $unclosed math\n"),
        std::string("## Legend\n\nan **unclosed bold\n"),
        std::string("## Legend\n\n## Notes\n\nx\n")}) {
    EXPECT_THROW(parse_statement(text, "src.md"), ExportError) << text;
  }
}

// The repository's statement: parses, renders in all three dialects, holds the protocol's
// words and bounds, and stays in its own words (the spec is kept outside the repository).
TEST(Statement, TheRepositoryStatementRenders) {
  const std::filesystem::path path = testing::repository() / "statement" / "statement.en.md";
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  const Statement s = parse_statement(text.str(), "statement/statement.en.md");
  for (const char* section : {"Legend", "Input", "Interaction", "Notes"})
    EXPECT_NE(s.find(section), nullptr) << section;
  const std::string latex = render_problemtools_latex(s, "Entrapment");
  const std::string md = render_markdown(s);
  for (const char* word : {"Runner", "Trapper", "Yes", "No", "Free", "Trapped", "-1",
                           "1 \\le R \\le 9", "0 \\le U \\le 8", "R + U \\le 9"}) {
    EXPECT_NE(latex.find(word), std::string::npos) << word;
    EXPECT_NE(md.find(word), std::string::npos) << word;
  }
}

}  // namespace
}  // namespace entrapment
