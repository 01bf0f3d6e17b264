#include "submission.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "compile_cache.hpp"
#include "java_main.hpp"
#include "tool_process.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The problem package format's default compilation_time: a compiler that takes longer is
// stopped and the submission does not compile.
constexpr std::chrono::seconds kCompileTimeLimit{60};

const char* const kSourceExtensions[] = {".cpp", ".cc", ".cxx", ".c", ".py", ".java"};

std::string read_all(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path compiler(const std::string& name, const fs::path& source) {
  const fs::path exe = find_program(name);
  if (exe.empty())
    throw std::runtime_error(source.string() + ": cannot compile: '" + name + "' is not installed");
  return exe;
}

// Runs a compiler; throws CompileError with its output when it fails or takes too long.
void compile(const fs::path& source, const fs::path& exe, const std::vector<std::string>& args,
             const fs::path& log) {
  std::vector<std::string> argv = {exe.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  const ToolRun run = run_tool(argv, {}, log, kCompileTimeLimit);
  if (!run.started) throw std::runtime_error(source.string() + ": cannot compile: " + run.error);
  if (run.timed_out)
    throw CompileError(source.string() + ": compilation took longer than " +
                       std::to_string(kCompileTimeLimit.count()) + " s");
  if (run.exit_code != 0)
    throw CompileError(source.string() + ": compile error:\n" + read_all(log));
}

// The contestant runs as another user when the judge is root: everything it needs must be
// readable and executable by anyone.
void open_to_all(const fs::path& path) { ::chmod(path.c_str(), 0755); }

// What a compilation depends on, as a cache key: the compiler, its arguments with the paths
// that change from run to run replaced, the source's file name and its bytes.
std::string cache_key(const fs::path& exe, std::vector<std::string> args, const fs::path& source,
                      const fs::path& output, const std::string& bytes) {
  std::string key = "entrapment compile cache 1\n" + program_identity(exe) + "\n";
  for (std::string& arg : args) {
    if (arg == source.string()) arg = "<source>";
    if (arg == output.string()) arg = "<output>";
    key += arg + "\n";
  }
  return key + source.filename().string() + "\n" + bytes;
}

// Compiles `source` with `args` into `output` (a file or a directory), or copies it out of the
// cache. A C or C++ source that includes a file of its own ("...") depends on more than its
// bytes: it is always compiled.
bool compile_cached(const fs::path& source, const fs::path& exe,
                    const std::vector<std::string>& args, const fs::path& output,
                    const fs::path& log) {
  const std::string bytes = read_all(source);
  const bool cacheable = bytes.find("#include \"") == std::string::npos &&
                         bytes.find("#include\"") == std::string::npos;
  const CompileCache cache;
  const std::string key = cache_key(exe, args, source, output, bytes);
  if (cacheable && cache.fetch(key, output)) return true;
  compile(source, exe, args, log);
  if (cacheable) cache.store(key, output);
  return false;
}

}  // namespace

fs::path find_program(const std::string& program) {
  if (program.empty()) return {};
  if (program.find('/') != std::string::npos) {
    std::error_code ec;
    fs::path p = fs::absolute(program, ec);
    return ::access(p.c_str(), X_OK) == 0 && fs::is_regular_file(p, ec) ? p : fs::path{};
  }
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::stringstream split(dirs);
  std::string dir;
  while (std::getline(split, dir, ':')) {
    if (dir.empty()) continue;
    fs::path candidate = fs::path(dir) / program;
    std::error_code ec;
    if (::access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate, ec))
      return candidate;
  }
  return {};
}

bool is_submission_file(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  const std::string ext = path.extension().string();
  for (const char* known : kSourceExtensions)
    if (ext == known) return true;
  return ::access(path.c_str(), X_OK) == 0;
}

Submission command_submission(const std::vector<std::string>& command) {
  if (command.empty()) throw SubmissionError("no command given after --");
  fs::path exe = find_program(command[0]);
  if (exe.empty())
    throw SubmissionError(command[0] + ": command not found (not an executable file, nor in PATH)");
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
  std::error_code error;
  if (!fs::exists(source, error)) throw SubmissionError(source.string() + ": no such file");
  if (fs::is_directory(source, error))
    throw SubmissionError(source.string() + ": is a directory, not a submission");
  fs::create_directories(work_dir);
  open_to_all(work_dir);
  const std::string ext = source.extension().string();
  const std::string stem = source.stem().string();
  const fs::path log = work_dir / (stem + ".compile.log");
  Submission submission{source.filename().string(), {}, false};

  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c") {
    const fs::path binary = work_dir / stem;
    const bool c = ext == ".c";
    const fs::path exe = compiler(c ? "gcc" : "g++", source);
    std::vector<std::string> args =
        c ? std::vector<std::string>{"-x",      "c",  "-std=gnu17",    "-O2",           "-pipe",
                                     "-static", "-o", binary.string(), source.string(), "-lm"}
          : std::vector<std::string>{"-x",      "c++", "-std=gnu++20",  "-O2",          "-pipe",
                                     "-static", "-o",  binary.string(), source.string()};
    submission.from_cache = compile_cached(source, exe, args, binary, log);
    open_to_all(binary);
    submission.command = {binary.string()};
  } else if (ext == ".py") {
    // The system interpreter, not a user's (pyenv shims live under /root, which the
    // contestant's user cannot read).
    fs::path python =
        fs::exists("/usr/bin/python3") ? fs::path("/usr/bin/python3") : find_program("python3");
    if (python.empty()) throw std::runtime_error(source.string() + ": python3 is not installed");
    // A syntax check that writes nothing (py_compile would leave __pycache__ next to the
    // submission).
    compile(source, python,
            {"-c", "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
             source.string()},
            log);
    const fs::path copy = work_dir / source.filename();
    fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
    ::chmod(copy.c_str(), 0644);
    submission.command = {python.string(), copy.string()};
  } else if (ext == ".java") {
    const fs::path classes = work_dir / (stem + ".classes");
    fs::create_directories(classes);
    const fs::path javac = compiler("javac", source);
    submission.from_cache = compile_cached(
        source, javac, {"-encoding", "UTF-8", "-d", classes.string(), source.string()}, classes,
        log);
    for (const auto& entry : fs::recursive_directory_iterator(classes)) open_to_all(entry.path());
    open_to_all(classes);
    const std::vector<std::string> mains = java_main_classes(classes);
    const std::string main = choose_java_main(mains, stem);
    if (main.empty()) {
      std::string list;
      for (const std::string& m : mains) list += (list.empty() ? "" : ", ") + m;
      throw CompileError(source.string() + ": " +
                         (mains.empty() ? "no class declares public static void main(String[])"
                                        : "several classes declare public static void "
                                          "main(String[]) (" +
                                              list + ") and none is named " + stem));
    }
    const fs::path java = find_program("java");
    if (java.empty()) throw std::runtime_error(source.string() + ": java is not installed");
    // The heap limit (-Xmx) is added when it runs, from the memory limit.
    submission.command = {java.string(),
                          "-Dfile.encoding=UTF-8",
                          "-XX:+UseSerialGC",
                          "-Xss64m",
                          "-cp",
                          classes.string(),
                          main};
  } else if (::access(source.c_str(), X_OK) == 0) {
    submission.command = {source.string()};
  } else {
    throw SubmissionError(source.string() +
                          ": not a known source (.cpp .cc .cxx .c .py .java) nor an executable");
  }
  return submission;
}

}  // namespace entrapment
