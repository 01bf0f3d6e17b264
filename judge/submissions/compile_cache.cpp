#include "compile_cache.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <vector>

#include "containment/file_copy.hpp"
#include "containment/interrupts.hpp"
#include "support/files.hpp"
#include "support/ownership.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

constexpr const char* kKeyFile = "key";
constexpr const char* kArtifact = "artifact";

// 128 bits from two independent 64-bit hashes: only an index, since a hit compares the whole
// key.
std::string hash_hex(const std::string& bytes) {
  std::uint64_t fnv = 0xcbf29ce484222325ull, mix = 0x9e3779b97f4a7c15ull;
  for (unsigned char c : bytes) {
    fnv = (fnv ^ c) * 0x100000001b3ull;
    mix = (mix ^ c) * 0xff51afd7ed558ccdull;
    mix ^= mix >> 29;
  }
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(fnv),
                static_cast<unsigned long long>(mix));
  return text;
}

bool is_hash_name(const std::string& name) {
  return name.size() == 32 && name.find_first_not_of("0123456789abcdef") == std::string::npos;
}

}  // namespace

fs::path CompileCache::default_dir() {
  if (const char* dir = std::getenv("ENTRAPMENT_CACHE_DIR"); dir && *dir)
    return std::string(dir) == "off" ? fs::path() : fs::path(dir);
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg && fs::path(xdg).is_absolute())
    return fs::path(xdg) / "entrapment" / "compiled";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path(home) / ".cache" / "entrapment" / "compiled";
  return {};
}

// Absolute: a relative one's first part not made yet was checked as "", nothing (issue 27).
CompileCache::CompileCache(fs::path d, unsigned long long max_bytes)
    : dir_(d.empty() ? d : fs::absolute(d)), max_bytes_(max_bytes) {
  dir_ = usable();
}

// A cache is the user's own all the way (support/ownership.hpp): whoever may change it could
// plant a compiled program that the next submission of those bytes would run as. One not made
// yet is made at the first store, so this is asked at each use; a refusal is said once.
fs::path CompileCache::usable() const {
  if (dir_.empty()) return dir_;
  std::error_code error;
  fs::path existing = dir_;
  while (!fs::exists(fs::symlink_status(existing, error)) && existing.has_relative_path())
    existing = existing.parent_path();
  std::string why = not_own_path(existing);
  // Not one others may write to, sticky as /tmp: another user's judge stores its entries there.
  if (why.empty() && existing == dir_ &&
      (fs::symlink_status(dir_, error).permissions() & fs::perms::others_write) != fs::perms::none)
    why = "others may write to it (a symbolic link? sticky, as /tmp?)";
  if (why.empty()) return dir_;
  static std::once_flag said;
  std::call_once(said, [&] {
    std::cerr << "judge: not using the compile cache " << dir_.string() << ": " << why << "\n";
  });
  return {};
}

fs::path CompileCache::entry(const std::string& key) const { return dir_ / hash_hex(key); }

bool CompileCache::fetch(const std::string& key, const fs::path& destination) const {
  if (usable().empty()) return false;
  const fs::path dir = entry(key);
  std::error_code error;
  if (!fs::exists(dir / kArtifact, error) || read_file(dir / kKeyFile) != key) return false;
  try {
    copy_program(dir / kArtifact, destination);
  } catch (const std::exception&) {
    return false;
  }
  fs::last_write_time(dir / kKeyFile, fs::file_time_type::clock::now(), error);  // recently used
  return true;
}

void CompileCache::store(const std::string& key, const fs::path& artifact) const {
  std::error_code error;
  if (usable().empty()) return;
  if (fs::create_directories(dir_, error)) ::chmod(dir_.c_str(), 0700);  // made now: ours
  if (usable().empty()) return;
  // Built under a temporary name and renamed: a concurrent judge sees a whole entry or none.
  // Registered, so that an interrupt removes it too.
  std::string staging = (dir_ / ".staging-XXXXXX").string();
  if (interrupted() || !::mkdtemp(staging.data())) return;
  const int key_of_staging = register_directory(staging);
  if (interrupted()) {  // the interrupt's clean-up may have looked before it was registered
    fs::remove_all(staging, error);
    forget(key_of_staging);
    return;
  }
  try {
    copy_program(artifact, fs::path(staging) / kArtifact);
    write_file(fs::path(staging) / kKeyFile, key);  // in the fresh, private (0700) directory
    fs::rename(staging, entry(key), error);         // fails when another judge stored it first
  } catch (const std::exception&) {
  }
  fs::remove_all(staging, error);
  forget(key_of_staging);
  prune();
}

namespace {

// What the files under an entry hold, never following a link.
unsigned long long bytes_in(const fs::path& entry) {
  std::error_code error;
  unsigned long long bytes = 0;
  for (fs::recursive_directory_iterator it(entry, error), end; !error && it != end;
       it.increment(error))
    if (it->is_regular_file(error) && !it->is_symlink(error)) {
      const auto size = it->file_size(error);
      if (!error) bytes += size;
    }
  return bytes;
}

}  // namespace

void CompileCache::prune() const {
  std::error_code error;
  std::vector<std::pair<fs::file_time_type, fs::path>> entries;
  for (const auto& item : fs::directory_iterator(dir_, error)) {
    if (!is_hash_name(item.path().filename().string())) continue;
    const auto used = fs::last_write_time(item.path() / kKeyFile, error);
    if (!error) entries.emplace_back(used, item.path());
  }
  std::sort(entries.begin(), entries.end());  // the newest last
  unsigned long long kept_bytes = 0;
  std::size_t kept = 0;
  for (std::size_t i = entries.size(); i-- > 0;) {
    const unsigned long long bytes = bytes_in(entries[i].second);
    const bool room =
        kept < static_cast<std::size_t>(kMaxEntries) && kept_bytes + bytes <= max_bytes_;
    if (kept > 0 && !room) {
      fs::remove_all(entries[i].second, error);
      continue;
    }
    kept += 1;
    kept_bytes += bytes;
  }
}

std::string program_identity(const fs::path& program) {
  std::error_code error;
  const fs::path real = fs::canonical(program, error);
  if (error) return {};
  struct stat info {};
  if (::stat(real.c_str(), &info) != 0) return {};
  return real.string() + " " + std::to_string(info.st_size) + " " +
         std::to_string(info.st_mtim.tv_sec) + "." + std::to_string(info.st_mtim.tv_nsec);
}

}  // namespace entrapment
