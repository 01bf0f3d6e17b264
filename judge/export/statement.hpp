// The statement: one source (statement/statement.en.md, a small subset of Markdown described at
// its top) rendered for each format, so that no format's statement is a second text to keep in
// step:
//   - problemtools LaTeX (legacy problem_statement/problem.en.tex),
//   - Markdown (2025-09 statement/problem.en.md),
//   - Polygon's statement sections (legend.tex, input.tex, ...; olymp.sty LaTeX) and the whole
//     olymp problem.tex, with the examples taken from the samples' .interaction files.
// The Kattis formats get no samples in the statement: their systems append data/sample.
#pragma once

#include <string>
#include <vector>

namespace entrapment {

struct StatementBlock {
  enum class Kind { Paragraph, Bullets, Numbered, Grid };
  Kind kind = Kind::Paragraph;
  // Paragraph: one entry, the text; lists: one entry per item; grid: one entry per row, its
  // cells separated by single spaces.
  std::vector<std::string> lines;
};

struct StatementSection {
  std::string name;  // "Legend", "Input", "Output", "Interaction", "Notes"
  std::vector<StatementBlock> blocks;
};

struct Statement {
  std::vector<StatementSection> sections;  // in the order of statement_section_names()
  const StatementSection* find(const std::string& name) const;
};

// The section names the source may use, in the order they must appear.
const std::vector<std::string>& statement_section_names();

// Parses the source; throws ExportError naming `source_name`, the line and the fault.
Statement parse_statement(const std::string& text, const std::string& source_name);

// problemtools LaTeX: \problemname{NAME}, the legend, then \section*{...} per section.
std::string render_problemtools_latex(const Statement& statement, const std::string& name);

// Markdown for the 2025-09 format: no problem name (the system prepends it), "## Section".
std::string render_markdown(const Statement& statement);

// One section's body in Markdown (no heading): for the systems whose statement is a form with
// a field per section (Luogu, Hydro, UOJ).
std::string render_section_markdown(const StatementSection& section);

// One section's body in LaTeX (olymp.sty's dialect is the same as problemtools' for these
// constructs): what Polygon keeps in statement-sections/<language>/<section>.tex.
std::string render_section_latex(const StatementSection& section);

// The statement as plain text lines of at most `width` characters, printable ASCII only (TeX
// math made readable: \le as <=, \times as x, ...), with the problem's name, limits and the
// samples' exchanges: for a statement that must be a PDF (CMS), written by pdf_writer.hpp.
std::vector<std::string> render_plain_text(const Statement& statement, const std::string& name,
                                           double time_limit_s, long long memory_mib,
                                           const std::vector<std::string>& interactions,
                                           std::size_t width);

// One sample interaction (.interaction: "<" judge lines, ">" contestant lines) as Polygon's
// example pair: the lines the program reads, and the lines it writes.
struct PolygonExample {
  std::string input;   // example.NN
  std::string output;  // example.NN.a
};
PolygonExample polygon_example(const std::string& interaction);

// The notes that explain the examples of an interactive problem, each sample's whole exchange
// in order (Polygon shows an example's two sides apart).
std::string render_examples_note(const std::vector<std::string>& interactions);
// The samples' exchanges ("<" judge, ">" program) after `intro`, each as `sample` (an fmt
// template: {n} the sample's number, {lines} its lines as "< text"): the LaTeX note above and
// the Markdown one of the hosted formats.
std::string render_exchanges(const std::vector<std::string>& interactions, const std::string& intro,
                             const std::string& sample);

// Polygon's statements/<language>/problem.tex: the olymp.sty problem environment holding every
// section, the examples (\exmpfile{example.NN}{example.NN.a}) and the notes.
std::string render_olymp_problem(const Statement& statement, const std::string& name,
                                 double time_limit_s, long long memory_mib, std::size_t examples,
                                 const std::string& examples_note);

}  // namespace entrapment
