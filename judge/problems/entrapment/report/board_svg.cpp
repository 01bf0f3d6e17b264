#include "board_svg.hpp"

#include "protocol/tokens.hpp"
#include "report/text.hpp"

namespace entrapment::report {

std::string board_svg(const BoardPicture& picture, int size, const std::string& title) {
  // Drawn in board units (three cells and four gaps) and scaled to `size` by the viewBox.
  constexpr int kCell = 32, kGap = 2, kSide = 3 * kCell + 4 * kGap;
  const std::string side = std::to_string(kSide), pixels = std::to_string(size);
  std::string svg = "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " +
                    side + " " + side + "\" width=\"" + pixels + "\" height=\"" + pixels +
                    "\" role=\"img\"><title>" + xml_escape(printable(title)) + "</title>";
  for (Square s = 1; s <= kSquares; ++s) {
    const int x = kGap + ((s - 1) % 3) * (kCell + kGap);
    const int y = kGap + ((s - 1) / 3) * (kCell + kGap);
    const bool blocked_now = s == picture.block;
    const char* fill = blocked_now                        ? kBoardColors.block
                       : contains(picture.unavailable, s) ? kBoardColors.unavailable
                       : contains(picture.query, s)       ? kBoardColors.query
                                                          : kBoardColors.free;
    const std::string xs = std::to_string(x), ys = std::to_string(y);
    svg += "<rect x=\"" + xs + "\" y=\"" + ys + "\" width=\"" + std::to_string(kCell) +
           "\" height=\"" + std::to_string(kCell) + "\" rx=\"3\" fill=\"" + fill +
           "\" stroke=\"#94a3b8\" stroke-width=\"0.8\"/>";
    if (blocked_now) {
      const std::string a = std::to_string(x + 8), b = std::to_string(x + kCell - 8);
      const std::string c = std::to_string(y + 8), d = std::to_string(y + kCell - 8);
      svg += "<path d=\"M" + a + " " + c + "L" + b + " " + d + "M" + b + " " + c + "L" + a + " " +
             d + "\" stroke=\"#ffffff\" stroke-width=\"3\" stroke-linecap=\"round\"/>";
    }
    if (contains(picture.runner, s))
      svg += "<circle cx=\"" + std::to_string(x + kCell / 2) + "\" cy=\"" +
             std::to_string(y + kCell / 2) + "\" r=\"9\" fill=\"" + kBoardColors.runner + "\"/>";
    else if (contains(picture.ruled_out, s))
      svg += "<circle cx=\"" + std::to_string(x + kCell / 2) + "\" cy=\"" +
             std::to_string(y + kCell / 2) +
             "\" r=\"8\" fill=\"none\" stroke=\"#64748b\" stroke-width=\"1.5\" "
             "stroke-dasharray=\"3 2\"/>";
    if (s == picture.path)
      svg += "<rect x=\"" + std::to_string(x + 2) + "\" y=\"" + std::to_string(y + 2) +
             "\" width=\"" + std::to_string(kCell - 4) + "\" height=\"" +
             std::to_string(kCell - 4) +
             "\" rx=\"2\" fill=\"none\" stroke=\"#0f172a\" stroke-width=\"2.5\"/>";
    // The label, small, in the corner: the protocol talks in labels.
    const bool dark = blocked_now || contains(picture.unavailable, s);
    svg += "<text x=\"" + std::to_string(x + 3) + "\" y=\"" + std::to_string(y + 9) +
           "\" font-size=\"8\" font-family=\"sans-serif\" fill=\"" +
           (dark ? "#e2e8f0" : "#334155") + "\">" + std::to_string(s) + "</text>";
  }
  return svg + "</svg>";
}

}  // namespace entrapment::report
