#include "test_file_io.hpp"

namespace entrapment {

ReadResult read_test_stream(std::FILE* in, std::string& text) {
  text.clear();
  char buffer[1 << 14];
  std::size_t n;
  // One byte more than allowed tells a file of exactly the limit from a larger one.
  while ((n = std::fread(buffer, 1, sizeof buffer, in)) > 0) {
    text.append(buffer, n);
    if (text.size() > kMaxTransportFileBytes) {
      text.resize(kMaxTransportFileBytes);
      return ReadResult::TooLarge;
    }
  }
  return std::ferror(in) ? ReadResult::Failed : ReadResult::Read;
}

ReadResult read_test_file(const std::string& path, std::string& text) {
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return ReadResult::Missing;
  const ReadResult result = read_test_stream(in, text);
  std::fclose(in);
  return result;
}

std::string read_failure(ReadResult result, const std::string& what) {
  switch (result) {
    case ReadResult::Read:
      break;
    case ReadResult::Missing:
      return "cannot open " + what;
    case ReadResult::TooLarge:
      return what + " is larger than " + std::to_string(kMaxTransportFileBytes) +
             " bytes: not a test file (a test file is a few short lines)";
    case ReadResult::Failed:
      return "cannot read " + what;
  }
  return "";
}

bool write_text_file(const std::string& path, const std::string& text) {
  std::FILE* out = std::fopen(path.c_str(), "wb");
  if (!out) return false;
  const bool written = std::fwrite(text.data(), 1, text.size(), out) == text.size();
  return std::fclose(out) == 0 && written;
}

std::string one_line(std::string text) {
  for (char& c : text)
    if (c == '\n' || c == '\r') c = ' ';
  return text;
}

}  // namespace entrapment
