// A test file that breaks its problem's format: every problem module's reader throws this, so
// the toolkit names the file, the line and the fault the same way for every problem.
// C++14, standard library only (part of the single-file programs).
#pragma once

#include <stdexcept>
#include <string>

namespace entrapment {

// `line` is 1-based (0: the file as a whole). what() is "line N: <detail>"; file() says
// whether N counts in the input file or, for a test given as an input and an answer file, in
// the answer file.
class TestFileError : public std::runtime_error {
 public:
  enum class File { Input, Answer };
  TestFileError(int line, const std::string& detail, File file = File::Input)
      : std::runtime_error(line > 0 ? "line " + std::to_string(line) + ": " + detail : detail),
        line_(line),
        file_(file),
        detail_(detail) {}
  int line() const { return line_; }
  File file() const { return file_; }
  const std::string& detail() const { return detail_; }  // what() without "line N: "

 private:
  int line_;
  File file_;
  std::string detail_;
};

}  // namespace entrapment
