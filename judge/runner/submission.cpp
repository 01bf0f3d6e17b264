#include "submission.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <boost/process.hpp>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace entrapment {

namespace fs = std::filesystem;
namespace bp = boost::process;

namespace {

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Runs a compiler; throws with its output when it fails.
void compile(const fs::path& source, const std::vector<std::string>& argv, const fs::path& log) {
  const fs::path exe = find_program(argv[0]);
  if (exe.empty())
    throw std::runtime_error(source.string() + ": cannot compile: '" + argv[0] +
                             "' is not installed");
  std::vector<std::string> args(argv.begin() + 1, argv.end());
  int status = bp::system(bp::exe = exe.string(), bp::args = args, bp::std_out > log.string(),
                          bp::std_err > log.string(), bp::std_in < bp::null);
  if (status != 0) throw std::runtime_error(source.string() + ": compile error:\n" + read_all(log));
}

// The contestant runs as another user when the judge is root: everything it needs must be
// readable and executable by anyone.
void open_to_all(const fs::path& path) { ::chmod(path.c_str(), 0755); }

}  // namespace

fs::path find_program(const std::string& program) {
  if (program.empty()) return {};
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    fs::path p = fs::absolute(program, ec);
    return ::access(p.c_str(), X_OK) == 0 ? p : fs::path{};
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::stringstream split(dirs);
  std::string dir;
  while (std::getline(split, dir, ':')) {
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / program;
    if (::access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate)) return candidate;
  }
  return {};
}

Submission command_submission(const std::vector<std::string>& command) {
  if (command.empty()) throw std::runtime_error("no command given after --");
  fs::path exe = find_program(command[0]);
  if (exe.empty()) throw std::runtime_error(command[0] + ": command not found");
  Submission submission;
  submission.command = command;
  submission.command[0] = exe.string();
  // The contestant runs in a scratch directory: an argument naming a file here (`python3
  // sol.py`) is made absolute so that it still names it there.
  for (std::size_t i = 1; i < submission.command.size(); ++i) {
    std::error_code error;
    const fs::path word = submission.command[i];
    if (word.is_relative() && fs::exists(word, error))
      submission.command[i] = fs::absolute(word).string();
  }
  for (const std::string& word : command)
    submission.name += (submission.name.empty() ? "" : " ") + word;
  return submission;
}

Submission prepare_submission(const fs::path& source_or_executable, const fs::path& work_dir) {
  const fs::path source = fs::absolute(source_or_executable);
  if (!fs::exists(source)) throw std::runtime_error(source.string() + ": no such file");
  if (fs::is_directory(source))
    throw std::runtime_error(source.string() + ": is a directory, not a submission");
  fs::create_directories(work_dir);
  open_to_all(work_dir);
  const std::string ext = source.extension().string();
  const std::string stem = source.stem().string();
  const fs::path log = work_dir / (stem + ".compile.log");
  Submission submission{source.filename().string(), {}};

  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c") {
    const fs::path binary = work_dir / stem;
    if (ext == ".c")
      compile(source,
              {"gcc", "-x", "c", "-std=gnu17", "-O2", "-pipe", "-static", "-o", binary.string(),
               source.string(), "-lm"},
              log);
    else
      compile(source,
              {"g++", "-x", "c++", "-std=gnu++20", "-O2", "-pipe", "-static", "-o", binary.string(),
               source.string()},
              log);
    open_to_all(binary);
    submission.command = {binary.string()};
  } else if (ext == ".py") {
    // The system interpreter, not a user's (pyenv shims live under /root, which the
    // contestant's user cannot read).
    fs::path python =
        fs::exists("/usr/bin/python3") ? fs::path("/usr/bin/python3") : find_program("python3");
    if (python.empty()) throw std::runtime_error(source.string() + ": python3 is not installed");
    compile(source, {python.string(), "-m", "py_compile", source.string()}, log);
    const fs::path copy = work_dir / source.filename();
    fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
    ::chmod(copy.c_str(), 0644);
    submission.command = {python.string(), copy.string()};
  } else if (ext == ".java") {
    const fs::path classes = work_dir / (stem + ".classes");
    fs::create_directories(classes);
    compile(source, {"javac", "-encoding", "UTF-8", "-d", classes.string(), source.string()}, log);
    for (const auto& entry : fs::recursive_directory_iterator(classes)) open_to_all(entry.path());
    open_to_all(classes);
    const fs::path java = find_program("java");
    if (java.empty()) throw std::runtime_error(source.string() + ": java is not installed");
    // The heap limit (-Xmx) is added when it runs, from the memory limit.
    submission.command = {java.string(),
                          "-Dfile.encoding=UTF-8",
                          "-XX:+UseSerialGC",
                          "-Xss64m",
                          "-cp",
                          classes.string(),
                          stem};
  } else if (::access(source.c_str(), X_OK) == 0) {
    submission.command = {source.string()};
  } else {
    throw std::runtime_error(source.string() +
                             ": not a known source (.cpp .cc .cxx .c .py .java) nor an executable");
  }
  return submission;
}

}  // namespace entrapment
