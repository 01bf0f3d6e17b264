#include "submission.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>

#include "compile_cache.hpp"
#include "include_scan.hpp"
#include "containment/box_process.hpp"
#include "containment/file_copy.hpp"
#include "containment/spawn.hpp"
#include "java_main.hpp"
#include "languages.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// What a directory submission may hold (every regular file directly in it is copied to the
// compiler: its sources, and the headers or data they include).
constexpr std::size_t kMaxInputs = 100;
constexpr std::uintmax_t kMaxInputBytes = std::uintmax_t{16} << 20;
// An executable submission's size (it is copied into every test's run).
constexpr std::uintmax_t kMaxExecutableBytes = std::uintmax_t{256} << 20;

// What a submission is made of: one source, or (a directory submission) every source of its
// language directly in the directory; for Python the entry point too.
struct Sources {
  const Language* language = nullptr;  // none: not a source
  std::vector<fs::path> files;         // sorted
  std::vector<fs::path> inputs;  // what the compiler is given: the files, and a directory's others
  fs::path entry;                // EntryPoint::ScriptFile: the file run
  std::string stem;              // the program's name: the file's stem or the directory's name
};

Sources sources_of(const fs::path& source) {
  Sources sources;
  std::error_code error;
  if (!fs::is_directory(source, error)) {
    sources.language = language_of(source);
    sources.files = {source};
    sources.inputs = {source};
    sources.entry = source;
    sources.stem = source.stem().string();
    return sources;
  }
  sources.stem = source.filename().string();
  std::vector<fs::path> files;
  std::uintmax_t bytes = 0;
  for (const auto& entry : fs::directory_iterator(source, error)) {
    // Regular files only: a symbolic link in a submission could lead anywhere.
    if (!entry.is_regular_file(error) || entry.is_symlink(error)) continue;
    sources.inputs.push_back(entry.path());
    bytes += entry.file_size(error);
    if (sources.inputs.size() > kMaxInputs || bytes > kMaxInputBytes)
      throw SubmissionError(source.string() + ": a directory submission of more than " +
                            std::to_string(kMaxInputs) + " files or " +
                            std::to_string(kMaxInputBytes >> 20) + " MiB");
    if (language_of(entry.path())) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::sort(sources.inputs.begin(), sources.inputs.end());
  // One language per directory: the one of lowest rank (Java, else C++, else C, else Python).
  for (const fs::path& file : files) {
    const Language* language = language_of(file);
    if (!sources.language || language->directory_rank < sources.language->directory_rank)
      sources.language = language;
  }
  for (const fs::path& file : files)
    if (language_of(file) == sources.language) sources.files.push_back(file);
  if (sources.language && sources.language->entry == EntryPoint::ScriptFile) {
    // The problem package format's entry point (Python's __main__.py); a single file needs none.
    const Language& language = *sources.language;
    if (fs::exists(source / language.main_file))
      sources.entry = source / language.main_file;
    else if (sources.files.size() == 1)
      sources.entry = sources.files.front();
    else
      throw CompileError(source.string() + ": a " + language.name +
                         " directory submission needs a " + language.main_file +
                         " (its entry point) when it holds several " + language.extensions[0] +
                         " files");
  }
  return sources;
}

// The first of the language's compilers that is installed (an absolute path that exists, or a
// name found in PATH).
fs::path compiler(const Language& language, const fs::path& source) {
  std::error_code error;
  for (const std::string& name : language.compiler) {
    if (!fs::path(name).is_absolute()) {
      if (const fs::path exe = find_program(name); !exe.empty()) return exe;
    } else if (fs::exists(name, error)) {
      return name;
    }
  }
  throw std::runtime_error(source.string() + ": cannot compile: '" + language.compiler.back() +
                           "' is not installed");
}

std::mutex options_mutex;
CompileOptions current_options;

std::string mib(long long bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// Runs a compiler as a contestant: in a box, in a directory of its own holding copies of
// `inputs` (in `inputs_dir` under it when the language says so; `args` name them by their file
// names), under the compile limits. When it succeeds, each of `outputs` (names in its working
// directory: a file or a directory) is copied into `destination`. Throws CompileError with its
// messages when it fails or passes a limit, std::runtime_error (JE) when it cannot be run.
void compile(const fs::path& source, const fs::path& exe, const std::vector<std::string>& args,
             const std::vector<fs::path>& inputs, const Language& language,
             const std::vector<std::string>& outputs, const fs::path& destination) {
  const std::string& inputs_dir = language.inputs_dir;
  const CompileOptions options = compile_options();
  BoxLimits limits;
  limits.cpu_s = limits.wall_s = options.time_s;
  limits.memory_mib = options.memory_mib;
  limits.max_processes = options.max_processes;
  limits.max_output_bytes = options.max_output_bytes;
  limits.max_scratch_bytes = options.max_scratch_bytes;
  limits.mechanism = options.mechanism;
  limits.limit_address_space = language.address_space_limit;
  ProcessOptions how(options.sandbox);
  how.origin = RunOrigin{source, source.string(), false};
  how.writable_dir = true;
  how.inputs = inputs;
  how.inputs_dir = inputs_dir;
  how.stdout_into_stderr = true;
  std::vector<std::string> argv = {exe.string()};
  argv.insert(argv.end(), args.begin(), args.end());
  std::unique_ptr<BoxedProcess> process;
  try {
    process = std::make_unique<BoxedProcess>(argv, limits, how);
  } catch (const std::exception& e) {
    throw std::runtime_error(source.string() + ": cannot compile: " + e.what());
  }
  process->close_stdin();
  const BoxRecord& record = process->wait();
  if (record.ending == BoxRecord::Ending::NotStarted ||
      record.ending == BoxRecord::Ending::BoxError)
    throw std::runtime_error(source.string() + ": cannot compile: " + record.message +
                             (process->stderr_text().empty()
                                  ? std::string()
                                  : " (" + without_line_ends(process->stderr_text()) + ")"));
  // The compiler's own messages, cut to what a person reads.
  std::string messages = process->stderr_text();
  constexpr std::size_t kShown = 64 << 10;
  if (messages.size() > kShown) messages = messages.substr(0, kShown) + "\n...";
  const auto stopped = [&](const std::string& why) {
    throw CompileError(source.string() + ": compile error: " + why +
                       (messages.empty() ? "" : ":\n" + messages));
  };
  using Stop = BoxRecord::Stop;
  if (record.stopped_by == Stop::MemoryLimit || record.stopped_by == Stop::OutOfMemory)
    stopped("the compiler ran out of memory (limit " + std::to_string(limits.memory_mib) + " MiB)");
  if (record.stopped_by == Stop::TimeLimit)
    stopped("compilation used more than " + std::to_string(static_cast<int>(options.time_s)) +
            " s of CPU time");
  if (record.stopped_by == Stop::WallClock)
    stopped("compilation took longer than " + std::to_string(static_cast<int>(options.time_s)) +
            " s");
  // g++ reports a compiler it lost to a limit as an internal error: say which limit.
  const bool failed = record.failed();
  if ((record.ending == BoxRecord::Ending::Signaled && record.signal == SIGXFSZ) ||
      (failed && (messages.find("File size limit exceeded") != std::string::npos ||
                  messages.find("File too large") != std::string::npos)))
    stopped("the compiler wrote a file larger than " + mib(limits.max_output_bytes));
  if (failed) {
    if (messages.find("No space left on device") != std::string::npos)
      stopped("the compiler's temporary files passed " + mib(limits.max_scratch_bytes));
    throw CompileError(source.string() + ": compile error:\n" + messages);
  }
  for (const std::string& output : outputs) {
    const fs::path from = process->dir() / output;
    try {
      copy_program(from, destination / output);
    } catch (const CopyError& e) {
      throw std::runtime_error(source.string() + ": cannot take the compiled program: " + e.what());
    }
  }
}

// What a compilation depends on, as a cache key: the compiler, its arguments (which name the
// inputs by their file names), and each input's file name and bytes.
std::string cache_key(const fs::path& exe, const std::vector<std::string>& args,
                      const Sources& sources) {
  std::string key = "entrapment compile cache 3\n" + program_identity(exe) + "\n";
  for (const std::string& arg : args) key += arg + "\n";
  for (const fs::path& file : sources.inputs) {
    const std::string bytes = read_file(file).value_or("");
    key += file.filename().string() + "\n" + std::to_string(bytes.size()) + "\n" + bytes;
  }
  return key;
}

// Compiles with `args` into `output` (a file or a directory in `work_dir`), or copies it out of
// the cache. A C or C++ input that includes a file by name ("...") other than one of the inputs
// beside it may depend on more than the inputs (where nothing isolates the compiler): it is
// always compiled. True when it came from the cache.
bool compile_cached(const Sources& sources, const fs::path& source, const fs::path& exe,
                    const std::vector<std::string>& args, const std::string& output,
                    const fs::path& work_dir) {
  bool cacheable = true;
  if (sources.language->preprocessor_includes) {
    std::set<std::string> names;
    for (const fs::path& file : sources.inputs) names.insert(file.filename().string());
    for (const fs::path& file : sources.inputs)
      if (!includes_only_inputs(read_file(file).value_or(""), names)) cacheable = false;
  }
  const CompileCache cache;
  const std::string key = cache_key(exe, args, sources);
  if (cacheable && cache.fetch(key, work_dir / output)) return true;
  compile(source, exe, args, sources.inputs, *sources.language, {output}, work_dir);
  if (cacheable) cache.store(key, work_dir / output);
  return false;
}

// A directory made in the work directory (whose parent must exist: after an interrupt has
// removed the work directory, nothing is made again).
void make_directory(const fs::path& dir) {
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST)
    throw std::runtime_error("cannot create " + dir.string() + ": " + std::strerror(errno));
}

}  // namespace

CompileOptions compile_options_from(const ProblemConfig& problem) {
  CompileOptions options;
  options.time_s = static_cast<double>(problem.compilation_time_s);
  options.memory_mib = problem.compilation_memory_mib;
  options.max_source_bytes = problem.code_kib << 10;
  return options;
}

CompileOptions compile_options() {
  std::lock_guard<std::mutex> lock(options_mutex);
  return current_options;
}

void set_compile_options(const CompileOptions& options) {
  std::lock_guard<std::mutex> lock(options_mutex);
  current_options = options;
}

bool is_submission_file(const fs::path& path) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    // As sources_of() reads a directory: its regular files, never a link (which may lead to
    // itself, and has no status then).
    for (const auto& entry : fs::directory_iterator(path, error))
      if (!entry.is_symlink(error) && entry.is_regular_file(error) && language_of(entry.path()))
        return true;
    return false;
  }
  if (!fs::is_regular_file(path, error)) return false;
  return language_of(path) || ::access(path.c_str(), X_OK) == 0;
}

bool is_source_file(const fs::path& path) {
  std::error_code error;
  return fs::is_regular_file(path, error) && language_of(path);
}

namespace {

bool is_header(const fs::path& file) {
  const std::string ext = file.extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".hxx" || ext == ".h++" ||
         ext == ".inc" || ext == ".ipp" || ext == ".tcc";
}

bool identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether `text` has the language's main declaration ("main" for C and C++, "void main" for
// Java) followed (after blanks) by '('.
bool declares_main(const std::string& text, const Language& language) {
  const std::string& word = language.main_declaration;
  if (word.empty()) return false;
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    if (at > 0 && identifier_char(text[at - 1])) continue;
    std::size_t after = at + word.size();
    while (after < text.size() && std::isspace(static_cast<unsigned char>(text[after]))) ++after;
    if (after < text.size() && text[after] == '(') return true;
  }
  return false;
}

}  // namespace

bool is_one_program(const fs::path& dir) {
  std::error_code error;
  if (!fs::is_directory(dir, error)) return false;
  for (const Language& language : languages())
    if (!language.main_file.empty() && fs::is_regular_file(dir / language.main_file, error))
      return true;
  Sources sources;
  try {
    sources = sources_of(dir);
  } catch (const std::exception&) {
    return false;
  }
  // One C or C++ source and a header it includes (`#include "answer.h"`): compiled alone, it
  // would miss the header.
  if (sources.files.size() == 1 && sources.language && sources.language->preprocessor_includes) {
    const std::string text = read_file(sources.files.front()).value_or("");
    for (const fs::path& input : sources.inputs)
      if (is_header(input) &&
          text.find("\"" + input.filename().string() + "\"") != std::string::npos)
        return true;
  }
  if (sources.files.size() < 2 || sources.language->entry == EntryPoint::ScriptFile) return false;
  int with_main = 0;
  for (const fs::path& file : sources.files)
    with_main += declares_main(read_file(file).value_or(""), *sources.language) ? 1 : 0;
  return with_main == 1;
}

RunOrigin origin_of_source(const fs::path& source_or_executable) {
  return RunOrigin{source_or_executable, source_or_executable.string(), false};
}

RunOrigin origin_of_command(const std::vector<std::string>& command) {
  return RunOrigin{{}, command.empty() ? std::string() : command[0], true};
}

std::vector<std::string> run_command(const Submission& submission, long long memory_mib) {
  std::vector<std::string> command = submission.command;
  if (!submission.memory_arg.empty() && !command.empty())
    command.insert(command.begin() + 1, expand_words({submission.memory_arg},
                                                     {{"memory_mib", std::to_string(memory_mib)}})
                                            .front());
  return command;
}

Submission command_submission(const std::vector<std::string>& command) {
  if (command.empty()) throw SubmissionError("no command given after --");
  fs::path exe = find_program(command[0]);
  if (exe.empty())
    throw SubmissionError(command[0] + ": command not found (not an executable file, nor in PATH)");
  Submission submission;
  submission.command = command;
  submission.origin = origin_of_command(command);
  submission.command[0] = exe.string();
  // `-- java Main`: the runtime a language's row runs with, as that row says to run it.
  for (const Language& language : languages())
    if (!language.run.empty() && language.run.front() == exe.filename().string()) {
      submission.address_space_limit = language.address_space_limit;
      submission.memory_arg = language.memory_arg;
    }
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
  if (!sources.language) {
    if (!directory && ::access(source.c_str(), X_OK) == 0) {
      // It is copied into every test's run: a file of gigabytes (sparse, it took no disk) would
      // be written out for each. Contest programs, static ones included, are a few MiB.
      const std::uintmax_t bytes = fs::file_size(source, error);
      if (!error && bytes > kMaxExecutableBytes)
        throw CompileError(source.string() + ": an executable of " +
                           std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB, more than the " +
                           std::to_string(kMaxExecutableBytes >> 20) +
                           " MiB the judge copies into each test's run");
      return Submission{source.filename().string(), {source.string()}, false};
    }
    throw SubmissionError(
        source.string() +
        (directory ? ": a directory with no source (" : ": not a known source (") +
        known_source_endings() + ")" + (directory ? "" : " nor an executable"));
  }
  // Contest systems refuse a source over the limit when it is submitted; nothing of it is read
  // (a source of gigabytes took the compiler's whole memory limit and a minute).
  // Every file the compiler is given counts, headers too (a 1 MiB header compiled before).
  std::uintmax_t source_bytes = 0;
  for (const fs::path& file : sources.inputs) source_bytes += fs::file_size(file, error);
  const long long limit = compile_options().max_source_bytes;
  if (source_bytes > static_cast<std::uintmax_t>(limit))
    throw CompileError(source.string() + ": the source is " +
                       std::to_string((source_bytes + 1023) >> 10) + " KiB, more than the " +
                       std::to_string(limit >> 10) + " KiB that problem.yaml's limits.code allows");
  make_directory(work_dir);
  const std::string& stem = sources.stem;
  Submission submission{
      source.filename().string(), {}, false, origin_of_source(source_or_executable)};
  // The compiler sees its inputs by their file names, in its own working directory; a name
  // that starts like an option is given as a path, one like a response file (`@opts.cpp`)
  // never (doc/execution.md §5: however given, g++ and javac read it as options).
  std::vector<std::string> files;
  for (const fs::path& file : sources.files) {
    const std::string name = file.filename().string();
    if (name[0] == '@' && sources.language->compiler_reads_at_files)
      throw CompileError(source.string() + ": " + name +
                         ": a file name that starts with @ is read by the compiler as a file of "
                         "options; rename it");
    const std::string& dir = sources.language->inputs_dir;
    files.push_back(!dir.empty() ? dir + "/" + name : name[0] == '-' ? "./" + name : name);
  }

  const Language& language = *sources.language;
  std::map<std::string, std::string> values = {
      {"stem", stem},
      {"compile_heap_mib", std::to_string(std::max(64LL, compile_options().memory_mib / 2))}};
  const fs::path exe = compiler(language, source);
  values["compiler"] = exe.string();
  if (language.entry == EntryPoint::ScriptFile) {
    const std::string entry = sources.entry.filename().string();
    values["entry"] = entry[0] == '-' ? "./" + entry : entry;  // like `files`, never an option
  }
  const std::vector<std::string> args = expand_words(language.compile_args, values, files);
  if (!language.output.empty()) {
    const std::string output = expand_words({language.output}, values).front();
    submission.from_cache = compile_cached(sources, source, exe, args, output, work_dir);
    values["output"] = (work_dir / output).string();
  } else {
    compile(source, exe, args, sources.inputs, language, {}, work_dir);
    // It runs from a copy (of the whole directory for a directory submission).
    const fs::path copy_dir =
        directory ? work_dir / expand_words({language.sources_dir}, values).front() : work_dir;
    if (directory) make_directory(copy_dir);
    for (const fs::path& file : sources.files) {
      try {
        copy_regular_file(fs::canonical(file), copy_dir / file.filename(), 0644);
      } catch (const CopyError& e) {
        throw std::runtime_error(e.what());
      }
    }
    values["sources"] = copy_dir.string();
  }
  if (language.entry == EntryPoint::JavaMainClass) {
    const std::vector<std::string> mains = java_main_classes(values.at("output"));
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
    values["main"] = main;
  }
  submission.command = expand_words(language.run, values);
  submission.address_space_limit = language.address_space_limit;
  submission.memory_arg = language.memory_arg;
  // A plain name that starts the program (java) is looked up now.
  std::string& program = submission.command.front();
  if (program.find('/') == std::string::npos) {
    const fs::path found = find_program(program);
    if (found.empty())
      throw std::runtime_error(source.string() + ": " + program + " is not installed");
    program = found.string();
  }
  return submission;
}

}  // namespace entrapment
