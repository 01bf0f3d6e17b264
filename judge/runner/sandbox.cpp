#include "sandbox.hpp"

#include "submission.hpp"

namespace entrapment {

namespace fs = std::filesystem;

fs::path bwrap_path() {
  static const fs::path path = find_program("bwrap");
  return path;
}

namespace {

bool under(const fs::path& path, const char* dir) {
  const std::string p = path.string(), d = dir;
  return p == d || p.rfind(d + "/", 0) == 0;
}

}  // namespace

std::vector<std::string> sandboxed_command(const std::vector<std::string>& command,
                                           const fs::path& scratch) {
  std::vector<std::string> argv = {bwrap_path().string(),
                                   "--die-with-parent",
                                   "--unshare-all",
                                   "--new-session",
                                   "--ro-bind",
                                   "/usr",
                                   "/usr",
                                   "--ro-bind",
                                   "/etc",
                                   "/etc"};
  // Debian 12 has merged /usr: /bin, /lib ... are symbolic links into it.
  for (const char* dir : {"/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    std::error_code ec;
    if (fs::is_symlink(dir, ec)) {
      argv.insert(argv.end(), {"--symlink", fs::read_symlink(dir, ec).string(), dir});
    } else if (fs::is_directory(dir, ec)) {
      argv.insert(argv.end(), {"--ro-bind", dir, dir});
    }
  }
  argv.insert(argv.end(), {"--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"});
  // The program itself and the files it names (a script, a class directory), read-only.
  for (const std::string& word : command) {
    if (word.empty() || word[0] != '/') continue;
    std::error_code ec;
    if (!fs::exists(word, ec) || under(word, "/usr") || under(word, "/etc")) continue;
    argv.insert(argv.end(), {"--ro-bind", word, word});
  }
  argv.insert(argv.end(),
              {"--bind", scratch.string(), scratch.string(), "--chdir", scratch.string(), "--"});
  argv.insert(argv.end(), command.begin(), command.end());
  return argv;
}

}  // namespace entrapment
