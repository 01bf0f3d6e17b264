#include "file_copy.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "support/descriptor.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void fail(const fs::path& path, int error) {
  throw CopyError("cannot copy " + path.string() + ": " + std::strerror(error));
}

}  // namespace

void copy_regular_file(const fs::path& from, const fs::path& to, mode_t mode) {
  Descriptor in{::open(from.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)};
  if (in.fd < 0) fail(from, errno);
  struct stat info {};
  if (::fstat(in.fd, &info) != 0) fail(from, errno);
  if (!S_ISREG(info.st_mode)) fail(from, EINVAL);
  ::fcntl(in.fd, F_SETFL, ::fcntl(in.fd, F_GETFL) & ~O_NONBLOCK);
  // A link (or anything else) in its place is removed, not written through.
  struct stat existing {};
  if (::lstat(to.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode) &&
      !S_ISDIR(existing.st_mode))
    ::unlink(to.c_str());
  Descriptor out{
      ::open(to.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, mode & 07777)};
  if (out.fd < 0) fail(to, errno);
  bool plain = false;  // copy_file_range unsupported between these file systems
  char buffer[1 << 16];
  for (;;) {
    ssize_t n;
    if (!plain) {
      n = ::copy_file_range(in.fd, nullptr, out.fd, nullptr, std::size_t{1} << 30, 0);
      if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL || errno == EOPNOTSUPP)) {
        plain = true;
        continue;
      }
    } else {
      n = ::read(in.fd, buffer, sizeof buffer);
      for (ssize_t done = 0; n > 0 && done < n;) {
        const ssize_t w = ::write(out.fd, buffer + done, static_cast<std::size_t>(n - done));
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) fail(to, errno);
        done += w;
      }
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(from, errno);
    if (n == 0) break;
  }
  if (::fchmod(out.fd, mode & 07777) != 0) fail(to, errno);
  const int closed = ::close(out.fd);
  out.fd = -1;
  if (closed != 0) fail(to, errno);
}

void copy_directory(const fs::path& from, const fs::path& to, mode_t file_mode, mode_t dir_mode,
                    CopyBounds bounds, const CopyFile& copy_file) {
  std::error_code ec;
  fs::create_directory(to, ec);
  if (ec) throw CopyError("cannot copy " + from.string() + ": " + ec.message());
  ::chmod(to.c_str(), dir_mode);
  std::uintmax_t bytes = 0;
  int entries = 0;
  for (fs::recursive_directory_iterator it(from, ec), end; !ec && it != end; it.increment(ec)) {
    if (++entries > bounds.max_entries)
      throw CopyError("cannot copy " + from.string() + ": more than " +
                      std::to_string(bounds.max_entries) + " files");
    const fs::file_status status = it->symlink_status(ec);
    if (ec) break;
    const fs::path target = to / fs::relative(it->path(), from);
    if (fs::is_directory(status)) {
      fs::create_directory(target, ec);
      if (ec) break;
      ::chmod(target.c_str(), dir_mode);
    } else if (fs::is_regular_file(status)) {
      bytes += it->file_size(ec);
      if (bytes > bounds.max_bytes)
        throw CopyError("cannot copy " + from.string() + ": more than " +
                        std::to_string(bounds.max_bytes >> 20) + " MiB");
      if (copy_file)
        copy_file(it->path(), target);
      else
        copy_regular_file(it->path(), target, file_mode);
    }
  }
  if (ec) throw CopyError("cannot copy " + from.string() + ": " + ec.message());
}

void copy_program(const fs::path& from, const fs::path& to) {
  if (fs::is_directory(fs::symlink_status(from)))
    copy_directory(from, to, 0755, 0755);
  else
    copy_regular_file(from, to, 0755);
}

}  // namespace entrapment
