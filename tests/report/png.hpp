// Just enough PNG decoding to look at a browser screenshot: 8-bit RGB or RGBA, not
// interlaced (what Chromium writes). Anything else is refused with a reason.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace entrapment::testing {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> rgb;  // width * height * 3 bytes, row by row

  const std::uint8_t* pixel(int x, int y) const {
    return &rgb[(static_cast<std::size_t>(y) * width + x) * 3];
  }
};

// Throws std::runtime_error naming what was wrong with the file.
Image read_png(const std::filesystem::path& path);

}  // namespace entrapment::testing
