// The convention of the wrong submissions (doc/development.md, "Adding a wrong submission"):
// each names, in its header comment, the accepted solution it is a near-copy of,
//     // BASE: solutions/accepted/reference.cpp          (# BASE: ... in Python)
// or says it is not one, with why,
//     // BASE: none (written from scratch: ...)
// and every line of its code that differs from the base carries "// MISTAKE: what is wrong"
// ("# MISTAKE:" in Python); where base lines were only removed, a MISTAKE comment line stands
// in their place. The header comments themselves (the leading comment lines) and blank lines
// are not compared.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace entrapment::solutions_test {

// "//" for C++ and C sources, "#" for Python; nothing for other files.
std::optional<std::string> comment_of(const std::string& file_name);

struct Base {
  std::string path;    // relative to the repository: "solutions/accepted/reference.cpp"
  std::string reason;  // for "BASE: none (reason)": the reason; path is then empty
};

// The BASE line of the header comment, or nothing when there is none (or it says neither a
// path nor "none (reason)").
std::optional<Base> base_of(const std::string& text, const std::string& comment);

// What is wrong with `text` as a marked near-copy of `base` (both whole files, headers
// included): each line that differs without a marker ("LINE: not marked: ..."), each run of
// removed base lines with no marked line in its place, and a copy with no marked line at all.
// Empty when the convention holds.
std::vector<std::string> unmarked_changes(const std::string& base, const std::string& text,
                                          const std::string& comment);

}  // namespace entrapment::solutions_test
