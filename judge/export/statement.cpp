#include "statement.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <utility>

#include "export.hpp"

namespace entrapment {

namespace {

class Fault {
 public:
  explicit Fault(std::string source) : source_(std::move(source)) {}
  [[noreturn]] void at(int line, const std::string& what) const {
    throw ExportError(source_ + " line " + std::to_string(line) + ": " + what);
  }

 private:
  std::string source_;
};

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

std::string trim(const std::string& text) {
  const std::size_t begin = text.find_first_not_of(' ');
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(' ') - begin + 1);
}

// "1. text" -> "text"; "" when the line does not start a numbered item.
std::string numbered_item(const std::string& line) {
  std::size_t i = 0;
  while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
  if (i == 0 || i + 1 >= line.size() || line[i] != '.' || line[i + 1] != ' ') return "";
  return trim(line.substr(i + 2));
}

// ---- LaTeX ----

std::string latex_escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
      case '%':
      case '#':
      case '_':
      case '{':
      case '}':
        out += '\\';
        out += c;
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '<':
        out += "\\textless{}";
        break;
      case '>':
        out += "\\textgreater{}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The inline markup of one block (math, code, bold, emphasis, quotes) in LaTeX. Throws
// ExportError for a marker that is never closed.
std::string latex_inline(const std::string& text) {
  std::string out;
  std::size_t i = 0;
  auto closing = [&](const std::string& marker, std::size_t from) {
    const std::size_t end = text.find(marker, from);
    if (end == std::string::npos)
      throw ExportError("the statement: \"" + marker + "\" opened and never closed in \"" + text +
                        "\"");
    return end;
  };
  while (i < text.size()) {
    if (text[i] == '$') {
      const std::size_t end = closing("$", i + 1);
      out += text.substr(i, end - i + 1);  // TeX math, as written
      i = end + 1;
    } else if (text[i] == '`') {
      const std::size_t end = closing("`", i + 1);
      out += "\\texttt{" + latex_escape(text.substr(i + 1, end - i - 1)) + "}";
      i = end + 1;
    } else if (text.compare(i, 2, "**") == 0) {
      const std::size_t end = closing("**", i + 2);
      out += "\\textbf{" + latex_inline(text.substr(i + 2, end - i - 2)) + "}";
      i = end + 2;
    } else if (text[i] == '*') {
      const std::size_t end = closing("*", i + 1);
      out += "\\emph{" + latex_inline(text.substr(i + 1, end - i - 1)) + "}";
      i = end + 1;
    } else if (text[i] == '"') {
      const std::size_t end = closing("\"", i + 1);
      out += "``" + latex_inline(text.substr(i + 1, end - i - 1)) + "''";
      i = end + 1;
    } else {
      out += latex_escape(std::string(1, text[i]));
      ++i;
    }
  }
  return out;
}

std::vector<std::string> cells(const std::string& row) {
  std::vector<std::string> out;
  std::istringstream in(row);
  std::string cell;
  while (in >> cell) out.push_back(cell);
  return out;
}

std::string latex_block(const StatementBlock& block) {
  std::string out;
  switch (block.kind) {
    case StatementBlock::Kind::Paragraph:
      return latex_inline(block.lines.front()) + "\n";
    case StatementBlock::Kind::Bullets:
    case StatementBlock::Kind::Numbered: {
      const char* env = block.kind == StatementBlock::Kind::Bullets ? "itemize" : "enumerate";
      out = std::string("\\begin{") + env + "}\n";
      for (const std::string& item : block.lines) out += "\\item " + latex_inline(item) + "\n";
      return out + "\\end{" + env + "}\n";
    }
    case StatementBlock::Kind::Grid: {
      const std::size_t columns = cells(block.lines.front()).size();
      std::string spec = "|";
      for (std::size_t c = 0; c < columns; ++c) spec += "c|";
      out = "\\begin{center}\n\\begin{tabular}{" + spec + "}\n\\hline\n";
      for (const std::string& row : block.lines) {
        const std::vector<std::string> parts = cells(row);
        for (std::size_t c = 0; c < parts.size(); ++c)
          out += (c ? " & " : "") + latex_escape(parts[c]);
        out += " \\\\ \\hline\n";
      }
      return out + "\\end{tabular}\n\\end{center}\n";
    }
  }
  return out;
}

// ---- Markdown ----

std::string markdown_block(const StatementBlock& block) {
  std::string out;
  switch (block.kind) {
    case StatementBlock::Kind::Paragraph:
      return block.lines.front() + "\n";
    case StatementBlock::Kind::Bullets:
      for (const std::string& item : block.lines) out += "- " + item + "\n";
      return out;
    case StatementBlock::Kind::Numbered:
      for (std::size_t i = 0; i < block.lines.size(); ++i)
        out += std::to_string(i + 1) + ". " + block.lines[i] + "\n";
      return out;
    case StatementBlock::Kind::Grid: {
      // A box drawing in a code block: the same picture in every Markdown renderer.
      std::size_t width = 1;
      for (const std::string& row : block.lines)
        for (const std::string& cell : cells(row)) width = std::max(width, cell.size());
      const std::size_t columns = cells(block.lines.front()).size();
      std::string rule = "+";
      for (std::size_t c = 0; c < columns; ++c) rule += std::string(width + 2, '-') + "+";
      out = "```\n" + rule + "\n";
      for (const std::string& row : block.lines) {
        out += "|";
        for (const std::string& cell : cells(row))
          out += " " + cell + std::string(width - cell.size(), ' ') + " |";
        out += "\n" + rule + "\n";
      }
      return out + "```\n";
    }
  }
  return out;
}

std::string join_blocks(const StatementSection& section,
                        std::string (*render)(const StatementBlock&)) {
  std::string out;
  for (const StatementBlock& block : section.blocks)
    out += (out.empty() ? "" : "\n") + render(block);
  return out;
}

std::string seconds_text(double seconds) {
  std::ostringstream number;
  number << seconds;
  return number.str() + (number.str() == "1" ? " second" : " seconds");
}

}  // namespace

const std::vector<std::string>& statement_section_names() {
  static const std::vector<std::string> names = {"Legend", "Input", "Output", "Interaction",
                                                 "Notes"};
  return names;
}

const StatementSection* Statement::find(const std::string& name) const {
  for (const StatementSection& section : sections)
    if (section.name == name) return &section;
  return nullptr;
}

Statement parse_statement(const std::string& text, const std::string& source_name) {
  const Fault fault(source_name);
  std::vector<std::string> lines;
  {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) lines.push_back(line);
  }
  Statement statement;
  std::size_t i = 0;
  // A leading HTML comment (the source's own documentation) is not part of the statement.
  if (i < lines.size() && starts_with(lines[i], "<!--")) {
    while (i < lines.size() && lines[i].find("-->") == std::string::npos) ++i;
    if (i == lines.size()) fault.at(1, "the comment at the top is never closed with -->");
    ++i;
  }
  const std::vector<std::string>& names = statement_section_names();
  std::size_t next_name = 0;
  StatementBlock* open = nullptr;  // the paragraph or list that the next text line continues
  for (; i < lines.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    const std::string& line = lines[i];
    if (line.find('\t') != std::string::npos) fault.at(number, "tab character (use spaces)");
    if (line.find('\r') != std::string::npos) fault.at(number, "carriage return");
    if (trim(line).empty()) {
      open = nullptr;
      continue;
    }
    if (starts_with(line, "## ")) {
      const std::string name = trim(line.substr(3));
      const auto it = std::find(names.begin() + next_name, names.end(), name);
      if (it == names.end())
        fault.at(number, "section \"" + name +
                             "\" is unknown, repeated or out of order (expected, in this order: "
                             "Legend, Input, Output, Interaction, Notes)");
      next_name = static_cast<std::size_t>(it - names.begin()) + 1;
      statement.sections.push_back({name, {}});
      open = nullptr;
      continue;
    }
    if (statement.sections.empty()) fault.at(number, "text before the first \"## \" section");
    if (line[0] == '#') fault.at(number, "only \"## \" headings are known (the sections)");
    if (line[0] == '<') fault.at(number, "HTML is not part of the statement's dialect");
    std::vector<StatementBlock>& blocks = statement.sections.back().blocks;
    if (line == "```grid") {
      StatementBlock grid{StatementBlock::Kind::Grid, {}};
      std::size_t columns = 0;
      for (++i; i < lines.size() && lines[i] != "```"; ++i) {
        const std::vector<std::string> row = cells(lines[i]);
        if (row.empty() || (columns && row.size() != columns))
          fault.at(static_cast<int>(i) + 1, "every row of a grid needs the same number of cells");
        columns = row.size();
        grid.lines.push_back(trim(lines[i]));
      }
      if (i == lines.size()) fault.at(number, "grid block never closed with ```");
      if (grid.lines.empty()) fault.at(number, "empty grid");
      blocks.push_back(grid);
      open = nullptr;
      continue;
    }
    if (starts_with(line, "```")) fault.at(number, "the only fenced block known is ```grid");
    const std::string numbered = numbered_item(line);
    const bool bullet = starts_with(line, "- ");
    if (bullet || !numbered.empty()) {
      const StatementBlock::Kind kind =
          bullet ? StatementBlock::Kind::Bullets : StatementBlock::Kind::Numbered;
      if (!open || open->kind != kind) {
        blocks.push_back({kind, {}});
        open = &blocks.back();
      }
      open->lines.push_back(bullet ? trim(line.substr(2)) : numbered);
      continue;
    }
    if (starts_with(line, "  ") && open && open->kind != StatementBlock::Kind::Paragraph) {
      open->lines.back() += " " + trim(line);  // a list item's continuation
      continue;
    }
    if (line[0] == ' ') fault.at(number, "indented text outside a list item");
    if (open && open->kind == StatementBlock::Kind::Paragraph) {
      open->lines.back() += " " + trim(line);
    } else {
      blocks.push_back({StatementBlock::Kind::Paragraph, {trim(line)}});
      open = &blocks.back();
    }
  }
  if (statement.sections.empty() || statement.sections.front().name != "Legend")
    throw ExportError(source_name + ": the statement must start with the \"## Legend\" section");
  for (const StatementSection& section : statement.sections) {
    if (section.blocks.empty())
      throw ExportError(source_name + ": section \"" + section.name + "\" is empty");
    for (const StatementBlock& block : section.blocks)
      for (const std::string& line : block.lines) {
        try {
          latex_inline(line);  // unbalanced markup is found here, not in one renderer only
        } catch (const ExportError& e) {
          throw ExportError(source_name + ": section " + section.name + ": " + e.what());
        }
      }
  }
  return statement;
}

std::string render_section_latex(const StatementSection& section) {
  return join_blocks(section, latex_block);
}

std::string render_problemtools_latex(const Statement& statement, const std::string& name) {
  std::string out =
      "% Generated by judge export from statement/statement.en.md; do not edit here.\n"
      "\\problemname{" +
      latex_escape(name) + "}\n";
  for (const StatementSection& section : statement.sections) {
    out += "\n";
    if (section.name != "Legend") out += "\\section*{" + section.name + "}\n\n";
    out += render_section_latex(section);
  }
  return out;
}

std::string render_markdown(const Statement& statement) {
  std::string out = "<!-- Generated by judge export from statement/statement.en.md. -->\n";
  for (const StatementSection& section : statement.sections) {
    out += "\n";
    if (section.name != "Legend") out += "## " + section.name + "\n\n";
    out += join_blocks(section, markdown_block);
  }
  return out;
}

// ---- plain text ----

namespace {

// TeX math as plain ASCII: the macros the statement uses, braces and dollars dropped.
std::string plain_math(const std::string& math) {
  static const std::pair<const char*, const char*> kMacros[] = {
      {"\\le", "<="},    {"\\ge", ">="},     {"\\times", "x"}, {"\\cdot", "*"},
      {"\\dots", "..."}, {"\\ldots", "..."}, {"\\neq", "!="},  {"\\ne", "!="}};
  std::string out;
  for (std::size_t i = 0; i < math.size();) {
    bool replaced = false;
    for (const auto& macro : kMacros) {
      const std::string name = macro.first;
      if (math.compare(i, name.size(), name) == 0 &&
          (i + name.size() >= math.size() ||
           !std::isalpha(static_cast<unsigned char>(math[i + name.size()])))) {
        out += macro.second;
        i += name.size();
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    if (math[i] != '{' && math[i] != '}') out += math[i];
    ++i;
  }
  return out;
}

// The inline markup of a block as plain text: markers dropped, math made readable.
std::string plain_inline(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '$') {
      const std::size_t end = text.find('$', i + 1);
      if (end == std::string::npos) break;
      out += plain_math(text.substr(i + 1, end - i - 1));
      i = end;
    } else if (text[i] == '`' || text[i] == '*') {
      continue;
    } else {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      out += c >= 0x20 && c < 0x7f ? text[i] : '?';
    }
  }
  return out;
}

// `text` broken into lines of at most `width` characters at spaces; the first line starts with
// `first`, the others with as many spaces.
void wrap(const std::string& text, const std::string& first, std::size_t width,
          std::vector<std::string>& lines) {
  std::istringstream words(text);
  std::string word, line = first;
  bool empty = true;
  while (words >> word) {
    if (!empty && line.size() + 1 + word.size() > width) {
      lines.push_back(line);
      line = std::string(first.size(), ' ');
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  lines.push_back(line);
}

}  // namespace

std::vector<std::string> render_plain_text(const Statement& statement, const std::string& name,
                                           double time_limit_s, long long memory_mib,
                                           const std::vector<std::string>& interactions,
                                           std::size_t width) {
  std::vector<std::string> lines;
  lines.push_back(plain_inline(name));
  lines.push_back("Time limit: " + seconds_text(time_limit_s) +
                  (memory_mib > 0 ? ", memory limit: " + std::to_string(memory_mib) + " MiB" : ""));
  for (const StatementSection& section : statement.sections) {
    lines.push_back("");
    if (section.name != "Legend") {
      lines.push_back(section.name);
      lines.push_back(std::string(section.name.size(), '='));
      lines.push_back("");
    }
    bool first_block = true;
    for (const StatementBlock& block : section.blocks) {
      if (!first_block) lines.push_back("");
      first_block = false;
      switch (block.kind) {
        case StatementBlock::Kind::Paragraph:
          wrap(plain_inline(block.lines.front()), "", width, lines);
          break;
        case StatementBlock::Kind::Bullets:
          for (const std::string& item : block.lines)
            wrap(plain_inline(item), "  - ", width, lines);
          break;
        case StatementBlock::Kind::Numbered:
          for (std::size_t i = 0; i < block.lines.size(); ++i)
            wrap(plain_inline(block.lines[i]), "  " + std::to_string(i + 1) + ". ", width, lines);
          break;
        case StatementBlock::Kind::Grid:
          for (const std::string& row : block.lines) lines.push_back("    " + row);
          break;
      }
    }
  }
  for (std::size_t i = 0; i < interactions.size(); ++i) {
    lines.push_back("");
    lines.push_back("Sample " + std::to_string(i + 1) +
                    " (< a line from the judge, > a line from your program)");
    lines.push_back("");
    std::istringstream in(interactions[i]);
    std::string line;
    while (std::getline(in, line))
      if (!line.empty())
        lines.push_back("    " + plain_inline(line.substr(0, 1) + " " + line.substr(1)));
  }
  return lines;
}

std::string render_section_markdown(const StatementSection& section) {
  return join_blocks(section, markdown_block);
}

PolygonExample polygon_example(const std::string& interaction) {
  PolygonExample example;
  std::istringstream in(interaction);
  std::string line;
  while (std::getline(in, line)) {
    if (starts_with(line, "<"))
      example.input += line.substr(1) + "\n";
    else if (starts_with(line, ">"))
      example.output += line.substr(1) + "\n";
  }
  return example;
}

std::string render_exchanges(const std::vector<std::string>& interactions, const std::string& intro,
                             const std::string& sample) {
  if (interactions.empty()) return "";
  std::string out = intro;
  for (std::size_t i = 0; i < interactions.size(); ++i) {
    std::istringstream in(interactions[i]);
    std::string line, lines;
    while (std::getline(in, line))
      if (!line.empty()) lines += fmt::format("{} {}\n", line.substr(0, 1), line.substr(1));
    out += fmt::format(fmt::runtime(sample), fmt::arg("n", i + 1), fmt::arg("lines", lines));
  }
  return out;
}

std::string render_examples_note(const std::vector<std::string>& interactions) {
  return render_exchanges(
      interactions,
      "Each example shows, on the left, the lines your program reads and, on the right, the "
      "lines it prints. In the order they are exchanged (\\texttt{<} marks a line from the "
      "judge, \\texttt{>} a line from your program), the examples go as follows.\n",
      "\n\\textbf{{Example {n}:}}\n\\begin{{verbatim}}\n{lines}\\end{{verbatim}}\n");
}

std::string render_olymp_problem(const Statement& statement, const std::string& name,
                                 double time_limit_s, long long memory_mib, std::size_t examples,
                                 const std::string& examples_note) {
  std::string out = "% Generated by judge export from statement/statement.en.md.\n";
  out += "\\begin{problem}{" + latex_escape(name) + "}{standard input}{standard output}{" +
         seconds_text(time_limit_s) + "}{" + std::to_string(memory_mib) + " megabytes}\n\n";
  const std::vector<std::pair<std::string, std::string>> commands = {
      {"Legend", ""},
      {"Input", "\\InputFile\n\n"},
      {"Output", "\\OutputFile\n\n"},
      {"Interaction", "\\Interaction\n\n"}};
  for (const auto& [section, command] : commands)
    if (const StatementSection* s = statement.find(section))
      out += command + render_section_latex(*s) + "\n";
  if (examples > 0) {
    out += "\\Examples\n\n";
    for (std::size_t i = 1; i <= examples; ++i) {
      const std::string n = (i < 10 ? "0" : "") + std::to_string(i);
      out += "\\exmpfile{example." + n + "}{example." + n + ".a}%\n";
    }
    out += "\n";
  }
  const StatementSection* notes = statement.find("Notes");
  if (notes || !examples_note.empty()) {
    out += "\\Note\n\n";
    if (notes) out += render_section_latex(*notes);
    if (!examples_note.empty()) out += (notes ? "\n" : "") + examples_note;
    out += "\n";
  }
  return out + "\\end{problem}\n";
}

}  // namespace entrapment
