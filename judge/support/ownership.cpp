#include "ownership.hpp"

#include <grp.h>
#include <sys/stat.h>
#include <unistd.h>

namespace entrapment {

namespace fs = std::filesystem;

std::string not_own_entry(const fs::path& file) {
  struct stat info {};
  if (::lstat(file.c_str(), &info) != 0) return file.string() + " cannot be read";
  if (info.st_uid != 0 && info.st_uid != ::geteuid())
    return file.string() + " belongs to user id " + std::to_string(info.st_uid);
  if (S_ISDIR(info.st_mode) && (info.st_mode & S_ISVTX)) return "";
  group entry{}, *own = nullptr;
  char buffer[4096];  // too small for a group with members: then not a private one anyway
  const bool private_group = ::geteuid() != 0 && info.st_gid == ::getegid() &&
                             ::getgrgid_r(info.st_gid, &entry, buffer, sizeof buffer, &own) == 0 &&
                             own && (!own->gr_mem || !own->gr_mem[0]);
  if ((info.st_mode & S_IWOTH) || ((info.st_mode & S_IWGRP) && !private_group))
    return "others may write to " + file.string();
  return "";
}

std::string not_own_path(const fs::path& path) {
  std::error_code ec;
  const fs::path named = fs::absolute(path, ec).lexically_normal();
  const fs::path real = fs::weakly_canonical(named, ec);
  for (const fs::path& full : {named, real}) {
    fs::path step;
    for (const fs::path& part : full)
      if (std::string why = not_own_entry(step /= part); !why.empty()) return why;
  }
  return "";
}

}  // namespace entrapment
