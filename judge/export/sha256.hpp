// SHA-256 (FIPS 180-4), to check that a generated single-file program still matches the sources
// it was generated from: cmake/amalgamate.cmake records CMake's SHA-256 of each source, and
// judge export recomputes it here. Fifty lines of arithmetic, no library needed for it.
#pragma once

#include <string>

namespace entrapment {

// The digest of `data` as 64 lowercase hexadecimal digits (what CMake and sha256sum print).
std::string sha256_hex(const std::string& data);

}  // namespace entrapment
