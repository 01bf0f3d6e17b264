#include "png.hpp"

#include <zlib.h>

#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "support/files.hpp"

namespace entrapment::testing {

namespace {

std::uint32_t big_endian(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         p[3];
}

std::vector<std::uint8_t> inflate_all(const std::vector<std::uint8_t>& compressed,
                                      std::size_t expected) {
  std::vector<std::uint8_t> out(expected);
  uLongf length = static_cast<uLongf>(expected);
  if (uncompress(out.data(), &length, compressed.data(), static_cast<uLong>(compressed.size())) !=
          Z_OK ||
      length != expected)
    throw std::runtime_error("PNG: the image data does not inflate to the image's size");
  return out;
}

// The Paeth predictor of the PNG specification (filter type 4).
std::uint8_t paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc) return static_cast<std::uint8_t>(a);
  return static_cast<std::uint8_t>(pb <= pc ? b : c);
}

}  // namespace

Image read_png(const std::filesystem::path& path) {
  const std::optional<std::string> bytes = read_file(path);
  if (!bytes) throw std::runtime_error("PNG: cannot open " + path.string());
  const std::vector<std::uint8_t> file(bytes->begin(), bytes->end());
  static const std::uint8_t kSignature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
  if (file.size() < 8 || !std::equal(kSignature, kSignature + 8, file.begin()))
    throw std::runtime_error("PNG: " + path.string() + " has no PNG signature");

  Image image;
  int channels = 0;
  std::vector<std::uint8_t> compressed;
  for (std::size_t at = 8; at + 12 <= file.size();) {
    const std::uint32_t length = big_endian(&file[at]);
    const std::string type(file.begin() + at + 4, file.begin() + at + 8);
    if (at + 12 + length > file.size()) throw std::runtime_error("PNG: chunk " + type + " is cut");
    const std::uint8_t* data = &file[at + 8];
    if (type == "IHDR") {
      image.width = static_cast<int>(big_endian(data));
      image.height = static_cast<int>(big_endian(data + 4));
      const int depth = data[8], color = data[9], interlace = data[12];
      if (depth != 8 || (color != 2 && color != 6) || interlace != 0)
        throw std::runtime_error("PNG: only 8-bit RGB/RGBA, not interlaced, is supported");
      channels = color == 2 ? 3 : 4;
    } else if (type == "IDAT") {
      compressed.insert(compressed.end(), data, data + length);
    } else if (type == "IEND") {
      break;
    }
    at += 12 + length;
  }
  if (channels == 0 || image.width <= 0 || image.height <= 0)
    throw std::runtime_error("PNG: no usable IHDR chunk");

  const std::size_t stride = static_cast<std::size_t>(image.width) * channels;
  const std::vector<std::uint8_t> raw = inflate_all(compressed, (stride + 1) * image.height);
  std::vector<std::uint8_t> current(stride), previous(stride, 0);
  image.rgb.resize(static_cast<std::size_t>(image.width) * image.height * 3);
  for (int y = 0; y < image.height; ++y) {
    const std::uint8_t* row = &raw[y * (stride + 1)];
    const int filter = row[0];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(channels) ? current[i - channels] : 0;
      const int b = previous[i];
      const int c = i >= static_cast<std::size_t>(channels) ? previous[i - channels] : 0;
      int predicted = 0;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = a;
          break;
        case 2:
          predicted = b;
          break;
        case 3:
          predicted = (a + b) / 2;
          break;
        case 4:
          predicted = paeth(a, b, c);
          break;
        default:
          throw std::runtime_error("PNG: unknown filter type " + std::to_string(filter));
      }
      current[i] = static_cast<std::uint8_t>(row[1 + i] + predicted);
    }
    for (int x = 0; x < image.width; ++x)
      for (int k = 0; k < 3; ++k)
        image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3 + k] =
            current[x * channels + k];
    std::swap(current, previous);
  }
  return image;
}

}  // namespace entrapment::testing
