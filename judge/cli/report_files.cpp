#include "report_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

#include "command.hpp"

namespace entrapment::cli {

namespace fs = std::filesystem;

namespace {

std::string start_of(const fs::path& file, std::size_t bytes) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return "";
  std::string text(bytes, '\0');
  const ssize_t n = ::read(fd, text.data(), bytes);
  ::close(fd);
  text.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
  return text;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

// `path` is `dir` or inside it (both resolved as far as they exist).
bool within(const fs::path& path, const fs::path& dir) {
  std::error_code ec;
  const fs::path a = fs::weakly_canonical(path, ec), b = fs::weakly_canonical(dir, ec);
  const fs::path relative = a.lexically_relative(b);
  return !relative.empty() && *relative.begin() != "..";
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec;
  return fs::exists(a, ec) && fs::exists(b, ec) && fs::equivalent(a, b, ec);
}

}  // namespace

bool is_our_report(const fs::path& file) {
  const std::string text = start_of(file, 4096);
  if (starts_with(text, "{\n  \"submission\": ") || starts_with(text, "{\n  \"as_expected\": "))
    return true;
  return starts_with(text, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">") &&
         text.find(" &middot; Entrapment</title>") != std::string::npos;
}

void check_report_file(const std::string& option, const fs::path& file, const fs::path& root,
                       const std::vector<fs::path>& inputs) {
  const std::string shown = option + " " + file.string();
  const auto refuse = [&](const std::string& why) {
    throw CommandFailure(kExitUsage, shown + ": " + why);
  };
  const std::string forgot = " (was FILE forgotten after " + option + "?)";
  std::error_code ec;
  if (file.empty()) refuse("no file given");
  // "-" is standard output to most tools, and "-v" an option the shell passed on: never a
  // report's name (a file "-" was written before).
  if (file.filename().string().rfind('-', 0) == 0)
    refuse("a file name starting with '-' (standard output is not supported; give a file, e.g. " +
           option + " report" + (option == "--html" ? ".html" : ".json") + ")");
  for (const fs::path& input : inputs)
    if (same_file(file, input) || (fs::is_directory(input, ec) && within(file, input)))
      refuse("refusing to write over what this run judges (a submission or a test)" + forgot);
  for (const char* part : {"testdata", "solutions", "problem.yaml"})
    if (within(file, root / part))
      refuse("refusing to write inside the package's " + std::string(part) + forgot);
  const fs::file_status status = fs::symlink_status(file, ec);
  if (fs::is_directory(status)) refuse("is a directory");
  if (fs::exists(status)) {
    if (!fs::is_regular_file(status))
      refuse("refusing to write over it: not a regular file" + forgot);
    if (!is_our_report(file))
      refuse("refusing to write over it: it exists and is not a report of `judge run`" + forgot);
  }
  const fs::path dir = fs::absolute(file, ec).parent_path();
  if (!fs::is_directory(dir, ec)) refuse("no such directory: " + dir.string());
  // Found now, not after the judging: a file made there and removed at once (access() says
  // yes to root everywhere, /proc included).
  std::string probe = (dir / ("." + file.filename().string() + ".check-XXXXXX")).string();
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) refuse("cannot write in " + dir.string() + ": " + std::strerror(errno));
  ::close(fd);
  ::unlink(probe.c_str());
}

std::string write_report_file(const fs::path& file,
                              const std::function<void(std::ostream&)>& write) {
  std::error_code ec;
  const fs::path dir = fs::absolute(file, ec).parent_path();
  std::string temporary = (dir / ("." + file.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkostemp(temporary.data(), O_CLOEXEC);
  if (fd < 0) return "cannot make a file in " + dir.string() + ": " + std::strerror(errno);
  ::fchmod(fd, 0644);
  ::close(fd);
  std::string why;
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    errno = 0;
    write(out);
    out.flush();
    // A stream says only that it failed; errno, when the failing write set it, says why (a
    // full disk, a quota).
    if (!out)
      why = "cannot write " + temporary +
            (errno != 0 ? ": " + std::string(std::strerror(errno)) : "");
  }
  if (why.empty() && std::rename(temporary.c_str(), file.c_str()) != 0)
    why = "cannot rename " + temporary + " to " + file.string() + ": " + std::strerror(errno);
  if (!why.empty()) fs::remove(temporary, ec);
  return why;
}

}  // namespace entrapment::cli
