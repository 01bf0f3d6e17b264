#include "pdf_writer.hpp"

#include <cstdio>

namespace entrapment {

namespace {

constexpr int kLinesPerPage = 58;
constexpr int kPageWidth = 595, kPageHeight = 842;  // A4 in points
constexpr int kLeft = 58, kTop = 790, kLeading = 12;

// A PDF string literal: parentheses and backslashes escaped, anything unprintable a '?'.
std::string pdf_string(const std::string& text) {
  std::string out = "(";
  for (std::size_t i = 0; i < text.size() && i < kPdfLineWidth; ++i) {
    const char c = text[i];
    if (c == '(' || c == ')' || c == '\\') out += '\\';
    out += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  return out + ")";
}

}  // namespace

std::string plain_text_pdf(const std::vector<std::string>& lines, const std::string& title) {
  // Objects: 1 catalog, 2 page tree, 3 font, 4 information, then a page and its contents for
  // each page.
  const std::size_t pages = lines.empty() ? 1 : (lines.size() + kLinesPerPage - 1) / kLinesPerPage;
  std::vector<std::string> objects(4 + 2 * pages);
  objects[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  std::string kids;
  for (std::size_t p = 0; p < pages; ++p) kids += std::to_string(5 + 2 * p) + " 0 R ";
  objects[1] = "<< /Type /Pages /Kids [" + kids + "] /Count " + std::to_string(pages) + " >>";
  objects[2] = "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>";
  objects[3] = "<< /Title " + pdf_string(title) + " /Producer (judge export) >>";
  for (std::size_t p = 0; p < pages; ++p) {
    std::string content = "BT /F1 10 Tf " + std::to_string(kLeading) + " TL " +
                          std::to_string(kLeft) + " " + std::to_string(kTop) + " Td\n";
    for (std::size_t i = p * kLinesPerPage; i < lines.size() && i < (p + 1) * kLinesPerPage; ++i)
      content += pdf_string(lines[i]) + " Tj T*\n";
    content += "ET\n";
    objects[4 + 2 * p] = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 " +
                         std::to_string(kPageWidth) + " " + std::to_string(kPageHeight) +
                         "] /Resources << /Font << /F1 3 0 R >> >> /Contents " +
                         std::to_string(6 + 2 * p) + " 0 R >>";
    objects[5 + 2 * p] =
        "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "endstream";
  }
  std::string pdf = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t offset : offsets) {
    char entry[32];
    std::snprintf(entry, sizeof entry, "%010zu 00000 n \n", offset);
    pdf += entry;
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) +
         " /Root 1 0 R /Info 4 0 R >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

}  // namespace entrapment
