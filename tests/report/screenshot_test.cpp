// Renders the HTML report in headless Chromium and checks that the screenshot really shows the
// boards: it counts the pixels painted in the board colours (report/board_svg.hpp). A page
// without failures must show none of them, so the check can fail both ways.
// Skips when Chromium is not installed (CI installs it from .ci/packages/report.txt).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "played_games.hpp"
#include "png.hpp"
#include "report/board_svg.hpp"
#include "report/html_report.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
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

class Screenshot : public ::testing::Test {
 protected:
  void SetUp() override {
    chromium_ = find_chromium();
    if (!chromium_) GTEST_SKIP() << "chromium is not installed (Debian package chromium)";
    dir_.emplace("entrapment-report");
    if (std::getenv("ENTRAPMENT_KEEP_SCREENSHOTS")) dir_->keep();
  }

  // Writes the page for `run`, screenshots it at 1200x2000 and decodes the PNG.
  testing::Image shoot(const RunResult& run, const std::string& name) {
    const fs::path html = dir_->path / (name + ".html"), png = dir_->path / (name + ".png");
    const fs::path profile = dir_->path / (name + "-profile"), log = dir_->path / (name + ".log");
    {
      std::ofstream out(html);
      write_html(out, run);
    }
    const std::string command =
        "timeout 120 '" + chromium_->string() +
        "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
        " --disable-background-networking --disable-component-update --disable-sync"
        " --disable-dev-shm-usage --force-color-profile=srgb --hide-scrollbars --user-data-dir='" +
        profile.string() + "' --screenshot='" + png.string() +
        "' --window-size=1200,2000 'file://" + html.string() + "' > '" + log.string() + "' 2>&1";
    const int status = testing::shell(command);
    const std::string log_text = testing::read_text(log);
    if (status != 0 || !fs::exists(png))
      throw std::runtime_error("chromium failed (status " + std::to_string(status) +
                               "): " + log_text);
    return testing::read_png(png);
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

}  // namespace
}  // namespace entrapment::report
