// A PDF of plain text lines, for the systems that take a statement only as a PDF (CMS's
// italy_yaml loader imports statement/statement.pdf): A4 pages, Courier 10 pt, 58 lines of at
// most kPdfLineWidth characters a page, printable ASCII. No typesetting: the typeset statement
// is the LaTeX of the other exports (problemtools' problem2pdf makes a PDF of it).
#pragma once

#include <string>
#include <vector>

namespace entrapment {

constexpr std::size_t kPdfLineWidth = 80;

// The bytes of a PDF 1.4 file whose pages show `lines` (longer lines are cut, characters
// outside printable ASCII shown as '?'); `title` goes in its document information.
std::string plain_text_pdf(const std::vector<std::string>& lines, const std::string& title);

}  // namespace entrapment
