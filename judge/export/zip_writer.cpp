#include "zip_writer.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <fstream>

#include "export.hpp"
#include "output_directory.hpp"
#include "source_package.hpp"

namespace fs = std::filesystem;

namespace entrapment {

const char* const kZipComment = "Written by judge export (Entrapment judging package).";

namespace {

constexpr std::uint16_t kVersion = 20;  // 2.0: stored entries
constexpr std::uint16_t kMadeByUnix = (3 << 8) | kVersion;
constexpr std::uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01, the earliest
constexpr std::uint16_t kDosTime = 0;

void put16(std::string& out, std::uint32_t value) {
  out += static_cast<char>(value & 0xff);
  out += static_cast<char>((value >> 8) & 0xff);
}

void put32(std::string& out, std::uint32_t value) {
  put16(out, value & 0xffff);
  put16(out, value >> 16);
}

// The fields the local header and the central directory entry share, in the same order:
// version needed, flags, method (stored), time, date, CRC, both sizes, name and extra lengths.
void put_entry_fields(std::string& out, std::uint32_t crc, std::size_t size,
                      std::size_t name_size) {
  put16(out, kVersion);
  put16(out, 0);  // flags
  put16(out, 0);  // stored
  put16(out, kDosTime);
  put16(out, kDosDate);
  put32(out, crc);
  put32(out, static_cast<std::uint32_t>(size));  // compressed
  put32(out, static_cast<std::uint32_t>(size));  // uncompressed
  put16(out, static_cast<std::uint32_t>(name_size));
  put16(out, 0);  // extra
}

}  // namespace

unsigned long crc32(const std::string& data) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t crc = 0xFFFFFFFFu;
  for (unsigned char byte : data) crc = table[(crc ^ byte) & 0xff] ^ (crc >> 8);
  return crc ^ 0xFFFFFFFFu;
}

void write_zip(const fs::path& zip_path, const fs::path& dir, const std::vector<std::string>& files,
               const std::string& prefix, const TemporaryTracking& temporaries) {
  if (files.size() >= 0xffff) throw ExportError(zip_path.string() + ": too many files for a ZIP");
  std::string archive, central;
  for (const std::string& file : files) {
    const std::string data = read_text(dir / file);
    const std::string name = prefix.empty() ? file : prefix + "/" + file;
    if (archive.size() + data.size() + name.size() + 100 > 0xffffffffull)
      throw ExportError(zip_path.string() + ": the package is too large for a ZIP without ZIP64");
    const std::uint32_t crc = static_cast<std::uint32_t>(crc32(data));
    const std::uint32_t offset = static_cast<std::uint32_t>(archive.size());
    const bool executable =
        (fs::status(dir / file).permissions() & fs::perms::owner_exec) != fs::perms::none;
    const std::uint32_t mode = executable ? 0100755 : 0100644;

    put32(archive, 0x04034b50);
    put_entry_fields(archive, crc, data.size(), name.size());
    archive += name;
    archive += data;

    put32(central, 0x02014b50);
    put16(central, kMadeByUnix);
    put_entry_fields(central, crc, data.size(), name.size());
    put16(central, 0);  // comment
    put16(central, 0);  // disk
    put16(central, 0);  // internal attributes
    put32(central, mode << 16);
    put32(central, offset);
    central += name;
  }
  const std::uint32_t central_offset = static_cast<std::uint32_t>(archive.size());
  archive += central;
  put32(archive, 0x06054b50);
  put16(archive, 0);
  put16(archive, 0);
  put16(archive, static_cast<std::uint32_t>(files.size()));
  put16(archive, static_cast<std::uint32_t>(files.size()));
  put32(archive, static_cast<std::uint32_t>(central.size()));
  put32(archive, central_offset);
  const std::string comment = kZipComment;
  put16(archive, static_cast<std::uint32_t>(comment.size()));
  archive += comment;

  // A new file of our own next to the target (mkstemp never opens an existing one), written
  // through the descriptor mkstemp returns: never opened again by name, so a file removed
  // meanwhile (an interrupt cleaning up) is not made again.
  std::string pattern =
      (zip_path.parent_path() / ("." + zip_path.filename().string() + ".partial-XXXXXX")).string();
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw ExportError(zip_path.string() + ": cannot create a temporary file next to it");
  const fs::path temporary = pattern;
  const int key = temporaries.track ? temporaries.track(temporary) : 0;
  bool written = true;
  for (std::size_t done = 0; written && done < archive.size();) {
    const ssize_t n = ::write(fd, archive.data() + done, archive.size() - done);
    if (n > 0)
      done += static_cast<std::size_t>(n);
    else if (n < 0 && errno != EINTR)
      written = false;
  }
  written = (close(fd) == 0) && written;
  std::error_code error;
  if (written) {
    const fs::perms readable = fs::perms::owner_read | fs::perms::owner_write |
                               fs::perms::group_read | fs::perms::group_write |
                               fs::perms::others_read | fs::perms::others_write;
    fs::permissions(temporary, default_permissions(readable), error);
    if (!error) fs::rename(temporary, zip_path, error);
  }
  if (!written || error) fs::remove(temporary, error);
  if (key && temporaries.untrack) temporaries.untrack(key);
  if (!written || error) throw ExportError(zip_path.string() + ": cannot write");
}

bool zip_written_by_judge_export(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  const std::uintmax_t size = fs::file_size(path, error);
  const std::string comment = kZipComment;
  const std::uintmax_t tail = 22 + comment.size();  // the end record with our comment
  if (error || size < tail) return false;
  std::ifstream in(path, std::ios::binary);
  in.seekg(static_cast<std::streamoff>(size - tail));
  std::string end(tail, '\0');
  in.read(end.data(), static_cast<std::streamsize>(tail));
  return in && end.compare(0, 4, "PK\x05\x06", 4) == 0 &&
         static_cast<unsigned char>(end[20]) == (comment.size() & 0xff) &&
         static_cast<unsigned char>(end[21]) == (comment.size() >> 8) &&
         end.compare(22, std::string::npos, comment) == 0;
}

}  // namespace entrapment
