// The single-file programs the build generates (cmake/amalgamate.cmake) carry the SHA-256 of
// every source they were made from and of their own body. Before an export ships one, it checks
// both against the files as they are now, so a package never holds an interactor or a validator
// older than the sources (an edit under judge/ without a rebuild) or edited by hand.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace entrapment {

struct SingleFileSource {
  std::string path;  // relative to the repository, as the header names it
  std::string sha256;
};

// The header of a generated file: its sources and the digest of its body. Throws ExportError
// when `text` has no such header.
struct SingleFileHeader {
  std::vector<SingleFileSource> sources;
  std::string body_sha256;
  std::size_t body_offset = 0;  // where the body starts in the file
};
SingleFileHeader parse_single_file_header(const std::string& text, const std::string& name);

// Throws ExportError, naming the file, the first source that changed and the command that
// regenerates it, unless `generated` matches the sources under `root` and its own digest.
void check_single_file(const std::filesystem::path& generated, const std::filesystem::path& root,
                       const std::filesystem::path& build_dir);

}  // namespace entrapment
