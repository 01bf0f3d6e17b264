// Compiled submissions, kept by content so that judging the same file again does not spend
// seconds compiling it again. An entry's key is everything the result depends on: the source's
// bytes and file name, the compiler's command line and the compiler's identity (its resolved
// path, size and modification time), so an edited source, other flags or an upgraded compiler
// miss. The directory is private to the user: what it holds is copied out into a work
// directory before a contestant runs it. Failing to read or write the cache is never an error:
// the source is compiled as if there were no cache.
#pragma once

#include <filesystem>
#include <string>

namespace entrapment {

class CompileCache {
 public:
  // $ENTRAPMENT_CACHE_DIR, else $XDG_CACHE_HOME/entrapment/compiled, else
  // $HOME/.cache/entrapment/compiled; empty (no cache) when none is set, or when
  // ENTRAPMENT_CACHE_DIR is "off".
  static std::filesystem::path default_dir();

  // A directory that is not the user's own all the way (another user's or in another user's,
  // writable by others, a link) is refused: the cache is then off, with a warning on stderr.
  explicit CompileCache(std::filesystem::path dir = default_dir(),
                        unsigned long long max_bytes = kMaxBytes);

  bool enabled() const { return !dir_.empty(); }

  // Copies what was stored under `key` to `destination` (a file, or a directory's contents);
  // true on a hit.
  bool fetch(const std::string& key, const std::filesystem::path& destination) const;

  // Stores a copy of `artifact` (a file or a directory) under `key`. Entries beyond the
  // newest kMaxEntries, or beyond the newest that hold max_bytes together, are removed (only
  // entries this cache wrote: directories named by a hash that hold a key file); the newest
  // stays whatever its size.
  void store(const std::string& key, const std::filesystem::path& artifact) const;

  static constexpr int kMaxEntries = 200;
  // A program of a few bytes of source compiles to an executable of up to 256 MiB (a large
  // initialised array: red team, 241 MiB an entry), so that 200 entries alone could take 48 GiB
  // of the user's disk.
  static constexpr unsigned long long kMaxBytes = 2ull << 30;

 private:
  std::filesystem::path entry(const std::string& key) const;
  std::filesystem::path usable() const;  // dir_ when it is the user's own now, else empty
  void prune() const;

  std::filesystem::path dir_;
  unsigned long long max_bytes_;
};

// The identity of a program file for a cache key: its resolved path, size and modification
// time; empty when it cannot be read.
std::string program_identity(const std::filesystem::path& program);

}  // namespace entrapment
