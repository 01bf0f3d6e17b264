// Renders the HTML report in headless Chromium and checks that the screenshot really shows the
// boards: it counts the pixels painted in the board colours (report/board_svg.hpp). A page
// without failures must show none of them, so the check can fail both ways. The first screen
// shows the first failing game, and so does the page at every anchor it links to.
// Skips when Chromium is not installed (CI installs it from .ci/packages/report.txt).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "played_games.hpp"
#include "png.hpp"
#include "problems/entrapment/report/board_svg.hpp"
#include "report/html_report.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::report {
namespace {

namespace fs = std::filesystem;

std::optional<fs::path> find_chromium() {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');)
    for (const char* name : {"chromium", "chromium-browser"})
      // A directory the user may not search (root's ~/.cargo/bin in a PATH kept by su) is
      // passed over: fs::exists without an error code threw there, failing the test.
      if (std::error_code ec; !dir.empty() && fs::exists(fs::path(dir) / name, ec))
        return fs::path(dir) / name;
  return std::nullopt;
}

struct Rgb {
  int r, g, b;
};

Rgb parse_hex(const char* hex) {  // "#rrggbb"
  const unsigned long value = std::strtoul(hex + 1, nullptr, 16);
  return {static_cast<int>(value >> 16), static_cast<int>((value >> 8) & 0xFF),
          static_cast<int>(value & 0xFF)};
}

// Pixels within a small distance of `color` (anti-aliasing and rounding aside).
long count_pixels(const testing::Image& image, Rgb color) {
  long n = 0;
  for (std::size_t i = 0; i + 2 < image.rgb.size(); i += 3)
    if (std::abs(image.rgb[i] - color.r) <= 3 && std::abs(image.rgb[i + 1] - color.g) <= 3 &&
        std::abs(image.rgb[i + 2] - color.b) <= 3)
      ++n;
  return n;
}

// Pixels of a board's discs: the Runner could be there (about 200 a disc).
long runner_pixels(const testing::Image& image) {
  return count_pixels(image, parse_hex(kBoardColors.runner));
}

class Screenshot : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = find_chromium();
    if (!chromium_) GTEST_SKIP() << "chromium is not installed (Debian package chromium)";
    dir_.emplace("entrapment-report");
    if (std::getenv("ENTRAPMENT_KEEP_SCREENSHOTS")) dir_->keep();
  }

  // Writes the page for `run` as NAME.html.
  fs::path page(const RunResult& run, const std::string& name) {
    const fs::path html = dir_->path / (name + ".html");
    std::ofstream out(html);
    write_html(out, run);
    return html;
  }

  // Screenshots `html` scrolled to `anchor` ("": its top), as a reader's browser shows it in a
  // window of `width` x `height` pixels (tests/report/screenshot.py: Chromium's own
  // --screenshot paints a page scrolled to an anchor white), and decodes the PNG.
  testing::Image shoot(const fs::path& html, const std::string& anchor = "", int width = 1200,
                       int height = 2000) {
    const fs::path png = dir_->path / (html.stem().string() + "-" + anchor + ".png");
    const testing::ProcessResult shot = testing::run_process(
        {"python3", (testing::repository() / "tests" / "report" / "screenshot.py").string(),
         chromium_->string(), html.string(), anchor, png.string(), std::to_string(width),
         std::to_string(height)});
    if (shot.status != 0 || !fs::exists(png))
      throw std::runtime_error("screenshot.py failed (status " + std::to_string(shot.status) +
                               "): " + shot.err);
    return testing::read_png(png);
  }
  testing::Image shoot(const RunResult& run, const std::string& name) {
    return shoot(page(run, name));
  }

  std::optional<fs::path> chromium_;
  std::optional<testing::TempDir> dir_;
};

TEST_F(Screenshot, ShowsTheBoardsOfTheFailingGames) {
  const testing::Image image = shoot(testing::mixed_run(), "mixed");
  ASSERT_EQ(image.width, 1200);
  ASSERT_EQ(image.height, 2000);
  const long query = count_pixels(image, parse_hex(kBoardColors.query));
  const long block = count_pixels(image, parse_hex(kBoardColors.block));
  const long runner = count_pixels(image, parse_hex(kBoardColors.runner));
  const long unavailable = count_pixels(image, parse_hex(kBoardColors.unavailable));
  std::printf("board colour pixels: query %ld, block %ld, runner %ld, unavailable %ld\n", query,
              block, runner, unavailable);
  // A board square is 38x38 pixels, a Runner disc about 200. The failing games above the fold
  // have at least 4 queried squares, 2 blocked squares, and 10 discs; the bad proof's round 2
  // board alone has 2 unavailable squares.
  EXPECT_GT(query, 4 * 1000);
  EXPECT_GT(block, 2 * 800);
  EXPECT_GT(runner, 10 * 150);
  EXPECT_GT(unavailable, 2 * 1000);
}

TEST_F(Screenshot, APageWithoutFailuresHasNoBoards) {
  RunResult run;
  run.submission = "accepted.cpp";
  run.tests = {testing::sample_runner_accepted("sample/1.in"),
               testing::sample_trapper_accepted("sample/2.in")};
  const testing::Image image = shoot(run, "passing");
  EXPECT_LT(count_pixels(image, parse_hex(kBoardColors.query)), 50);
  EXPECT_LT(count_pixels(image, parse_hex(kBoardColors.block)), 50);
  // ... but it is not blank: the table's green AC pills are there.
  EXPECT_GT(count_pixels(image, {0x15, 0x80, 0x3d}), 200);
}

// What a reader sees first on a laptop's screen (1200 x 900): the first failing game, drawn above
// the table of the 43 tests (which filled the whole screen when the games came after it).
TEST_F(Screenshot, TheFirstScreenShowsTheFirstFailingGame) {
  const testing::Image top = shoot(page(testing::contest_run(), "contest"), "", 1200, 900);
  EXPECT_GT(runner_pixels(top), 10 * 150) << "no board on the first screen";
}

// Every link of the page leads to a game a reader sees: the page scrolled to each anchor it
// links to (the first failure at the top, each failing test's row) shows that game's boards.
TEST_F(Screenshot, EveryAnchorItLinksToShowsItsGame) {
  const fs::path html = page(testing::contest_run(), "anchors");
  const std::string text = testing::read_text(html);
  std::set<std::string> anchors;
  for (std::size_t at = text.find("href=\"#"); at != std::string::npos;
       at = text.find("href=\"#", at + 1)) {
    const std::size_t from = at + 7;
    anchors.insert(text.substr(from, text.find('"', from) - from));
  }
  EXPECT_EQ(anchors, (std::set<std::string>{"test-5", "test-20", "test-43"}));
  for (const std::string& anchor : anchors) {
    const testing::Image image = shoot(html, anchor, 1200, 900);
    // The wrong claim's game is its starting board alone: nine discs.
    EXPECT_GT(runner_pixels(image), 8 * 150) << "#" << anchor << " shows no game";
  }
}

}  // namespace
}  // namespace entrapment::report
