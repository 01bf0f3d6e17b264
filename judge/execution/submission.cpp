#include "submission.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <sstream>
#include <stdexcept>

#include "compile_cache.hpp"
#include "java_main.hpp"
#include "support/files.hpp"
#include "tool_process.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// The problem package format's default compilation_time: a compiler that takes longer is
// stopped and the submission does not compile.
constexpr std::chrono::seconds kCompileTimeLimit{60};

enum class Language { None, C, Cpp, Python, Java };

// The problem package format's file endings (appendix/languages.md) for the languages judged
// here.
Language language_of(const fs::path& file) {
  const std::string ext = file.extension().string();
  if (ext == ".c") return Language::C;
  if (ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c++" || ext == ".C")
    return Language::Cpp;
  if (ext == ".py" || ext == ".py3") return Language::Python;
  if (ext == ".java") return Language::Java;
  return Language::None;
}

const char* const kKnownSources = ".c, .cpp .cc .cxx .c++ .C, .py .py3, .java";

// What a submission is made of: one source, or (a directory submission) every source of its
// language directly in the directory; for Python the entry point too.
struct Sources {
  Language language = Language::None;
  std::vector<fs::path> files;  // sorted
  fs::path entry;               // Python: the file run
  std::string stem;             // the program's name: the file's stem or the directory's name
};

Sources sources_of(const fs::path& source) {
  Sources sources;
  std::error_code error;
  if (!fs::is_directory(source, error)) {
    sources.language = language_of(source);
    sources.files = {source};
    sources.entry = source;
    sources.stem = source.stem().string();
    return sources;
  }
  sources.stem = source.filename().string();
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(source, error))
    if (entry.is_regular_file() && language_of(entry.path()) != Language::None)
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  // One language per directory: Java, else C++, else C, else Python.
  for (Language language : {Language::Java, Language::Cpp, Language::C, Language::Python})
    for (const fs::path& file : files)
      if (language_of(file) == language && sources.language == Language::None)
        sources.language = language;
  for (const fs::path& file : files)
    if (language_of(file) == sources.language) sources.files.push_back(file);
  if (sources.language == Language::Python) {
    // The problem package format's entry point: __main__.py; a single file needs none.
    if (fs::exists(source / "__main__.py"))
      sources.entry = source / "__main__.py";
    else if (sources.files.size() == 1)
      sources.entry = sources.files.front();
    else
      throw CompileError(source.string() +
                         ": a Python directory submission needs a __main__.py (its entry "
                         "point) when it holds several .py files");
  }
  return sources;
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
    throw CompileError(source.string() + ": compile error:\n" + read_file(log).value_or(""));
}

// The contestant runs as another user when the judge is root: everything it needs must be
// readable and executable by anyone.
void open_to_all(const fs::path& path) { ::chmod(path.c_str(), 0755); }

// What a compilation depends on, as a cache key: the compiler, its arguments with the paths
// that change from run to run replaced, and each source's file name and bytes.
std::string cache_key(const fs::path& exe, std::vector<std::string> args, const Sources& sources,
                      const fs::path& output) {
  std::string key = "entrapment compile cache 2\n" + program_identity(exe) + "\n";
  for (std::string& arg : args) {
    for (std::size_t i = 0; i < sources.files.size(); ++i)
      if (arg == sources.files[i].string()) arg = "<source " + std::to_string(i) + ">";
    if (arg == output.string()) arg = "<output>";
    key += arg + "\n";
  }
  for (const fs::path& file : sources.files) {
    const std::string bytes = read_file(file).value_or("");
    key += file.filename().string() + "\n" + std::to_string(bytes.size()) + "\n" + bytes;
  }
  return key;
}

// Compiles with `args` into `output` (a file or a directory), or copies it out of the cache.
// A C or C++ source that includes a file of its own ("...") depends on more than the sources'
// bytes: it is always compiled. True when it came from the cache.
bool compile_cached(const Sources& sources, const fs::path& source, const fs::path& exe,
                    const std::vector<std::string>& args, const fs::path& output,
                    const fs::path& log) {
  bool cacheable = true;
  if (sources.language == Language::C || sources.language == Language::Cpp)
    for (const fs::path& file : sources.files) {
      const std::string bytes = read_file(file).value_or("");
      if (bytes.find("#include \"") != std::string::npos ||
          bytes.find("#include\"") != std::string::npos)
        cacheable = false;
    }
  const CompileCache cache;
  const std::string key = cache_key(exe, args, sources, output);
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
  if (fs::is_directory(path, error)) {
    for (const auto& entry : fs::directory_iterator(path, error))
      if (entry.is_regular_file() && language_of(entry.path()) != Language::None) return true;
    return false;
  }
  if (!fs::is_regular_file(path, error)) return false;
  return language_of(path) != Language::None || ::access(path.c_str(), X_OK) == 0;
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
  fs::path source = fs::absolute(source_or_executable).lexically_normal();
  if (!source.has_filename()) source = source.parent_path();  // "dir/"
  std::error_code error;
  if (!fs::exists(source, error)) throw SubmissionError(source.string() + ": no such file");
  const bool directory = fs::is_directory(source, error);
  const Sources sources = sources_of(source);
  if (sources.language == Language::None) {
    if (!directory && ::access(source.c_str(), X_OK) == 0)
      return Submission{source.filename().string(), {source.string()}, false};
    throw SubmissionError(
        source.string() +
        (directory ? ": a directory with no source (" : ": not a known source (") + kKnownSources +
        ")" + (directory ? "" : " nor an executable"));
  }
  fs::create_directories(work_dir);
  open_to_all(work_dir);
  const std::string& stem = sources.stem;
  const fs::path log = work_dir / (stem + ".compile.log");
  Submission submission{source.filename().string(), {}, false};
  std::vector<std::string> files;
  for (const fs::path& file : sources.files) files.push_back(file.string());

  switch (sources.language) {
    case Language::C:
    case Language::Cpp: {
      const fs::path binary = work_dir / stem;
      const bool c = sources.language == Language::C;
      const fs::path exe = compiler(c ? "gcc" : "g++", source);
      std::vector<std::string> args = {"-x",  c ? "c" : "c++", c ? "-std=gnu17" : "-std=gnu++20",
                                       "-O2", "-pipe",         "-static",
                                       "-o",  binary.string()};
      args.insert(args.end(), files.begin(), files.end());
      if (c) args.push_back("-lm");
      submission.from_cache = compile_cached(sources, source, exe, args, binary, log);
      open_to_all(binary);
      submission.command = {binary.string()};
      break;
    }
    case Language::Python: {
      // The system interpreter, not a user's (pyenv shims live under /root, which the
      // contestant's user cannot read).
      fs::path python =
          fs::exists("/usr/bin/python3") ? fs::path("/usr/bin/python3") : find_program("python3");
      if (python.empty()) throw std::runtime_error(source.string() + ": python3 is not installed");
      // A syntax check that writes nothing (py_compile would leave __pycache__ next to the
      // submission).
      for (const fs::path& file : sources.files)
        compile(file, python,
                {"-c", "import sys; compile(open(sys.argv[1], 'rb').read(), sys.argv[1], 'exec')",
                 file.string()},
                log);
      // It runs from a copy (of the whole directory for a directory submission).
      const fs::path copy_dir = directory ? work_dir / (stem + ".py") : work_dir;
      fs::create_directories(copy_dir);
      open_to_all(copy_dir);
      for (const fs::path& file : sources.files) {
        const fs::path copy = copy_dir / file.filename();
        fs::copy_file(file, copy, fs::copy_options::overwrite_existing);
        ::chmod(copy.c_str(), 0644);
      }
      submission.command = {python.string(), (copy_dir / sources.entry.filename()).string()};
      break;
    }
    case Language::Java: {
      const fs::path classes = work_dir / (stem + ".classes");
      fs::create_directories(classes);
      const fs::path javac = compiler("javac", source);
      std::vector<std::string> args = {"-encoding", "UTF-8", "-d", classes.string()};
      args.insert(args.end(), files.begin(), files.end());
      submission.from_cache = compile_cached(sources, source, javac, args, classes, log);
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
      break;
    }
    case Language::None:
      break;
  }
  return submission;
}

}  // namespace entrapment
