// What every transport (the contest-system interactors, the CMS manager, the validators) does
// with files: reads a test file whole, byte for byte, but never more than kMaxTransportFileBytes,
// so that a path like /dev/zero is refused with a message instead of filling memory; writes a
// small file; flattens a message onto one line.
// C++14, standard library only: part of the single-file programs.
#pragma once

#include <cstddef>
#include <cstdio>
#include <string>

namespace entrapment {

// The most a transport reads of a test or answer file: a problem's test file is a few short
// lines (Entrapment's reader takes at most this, its kMaxTestFileBytes; Master-Mind's 4096
// bytes), and the module refuses what is too long for it.
constexpr std::size_t kMaxTransportFileBytes = std::size_t{1} << 20;

enum class ReadResult {
  Read,      // `text` holds the whole file
  Missing,   // it could not be opened
  TooLarge,  // it holds more than kMaxTransportFileBytes bytes (reading stopped there)
  Failed,    // a read error
};

// Reads the file at `path`, or all of `in`, into `text`.
ReadResult read_test_file(const std::string& path, std::string& text);
ReadResult read_test_stream(std::FILE* in, std::string& text);

// Why a read failed, for a message: `what` names the file ("the test file x.in", "stdin").
std::string read_failure(ReadResult result, const std::string& what);

// Writes `text` to `path` (replacing it); false when that failed.
bool write_text_file(const std::string& path, const std::string& text);

// `text` with every line break replaced by a space: contest systems read a verdict line.
std::string one_line(std::string text);

}  // namespace entrapment
