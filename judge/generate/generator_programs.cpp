#include "generator_programs.hpp"

#include <algorithm>

#include "box/limits.hpp"
#include "containment/box_process.hpp"
#include "support/files.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// Reads the run's stdout to its end (or past `limit`: then `too_big`).
std::string read_stdout(BoxedProcess& process, std::size_t limit, bool& too_big) {
  std::string out;
  char chunk[1 << 16];
  while (const std::size_t n = process.read_output(chunk, sizeof chunk)) {
    out.append(chunk, n);
    if (out.size() > limit) {
      too_big = true;
      break;
    }
  }
  return out;
}

// "30 s".
std::string seconds_text(double s) { return std::to_string(static_cast<long long>(s)) + " s"; }

}  // namespace

GeneratorPrograms::GeneratorPrograms(fs::path root,
                                     std::map<std::string, std::vector<std::string>> named)
    : root_(std::move(root)), named_(std::move(named)) {}

GeneratorPrograms::~GeneratorPrograms() = default;

void GeneratorPrograms::prepare(const std::string& program) {
  if (prepared_.count(program)) return;
  if (!work_) work_ = std::make_unique<WorkDir>("generators");
  const fs::path out = work_->path() / ("program-" + std::to_string(prepared_.size()));
  fs::path source = root_ / program;
  const auto files = named_.find(program);
  if (files != named_.end()) {
    // Its files side by side in a directory named after it (the program's name), compiled
    // together: a directory submission.
    const fs::path dir = work_->path() / ("sources-" + std::to_string(prepared_.size())) / program;
    fs::create_directories(dir);
    for (const std::string& file : files->second) {
      const std::optional<std::string> bytes = read_file(root_ / file);
      if (!bytes) throw GeneratorError(program + ": cannot read " + file);
      write_file(dir / fs::path(file).filename(), *bytes);
    }
    source = dir;
  }
  try {
    prepared_.emplace(program, prepare_submission(source, out));
  } catch (const std::exception& e) {
    // The compiler's messages name the copy: name the program as generators.yaml does.
    std::string what = e.what();
    const std::string copy = source.string();
    for (std::size_t at = what.find(copy); at != std::string::npos;
         at = what.find(copy, at + program.size()))
      what.replace(at, copy.size(), program);
    throw GeneratorError("cannot compile " + program + ": " + what);
  }
}

std::string GeneratorPrograms::run(const std::string& program,
                                   const std::vector<std::string>& args) const {
  const auto found = prepared_.find(program);
  if (found == prepared_.end()) throw GeneratorError(program + ": not compiled (a judge bug)");
  BoxLimits limits;
  limits.cpu_s = kGeneratorCpuSeconds;
  limits.wall_s = wall_limit_for(kGeneratorCpuSeconds);
  limits.memory_mib = kGeneratorMemoryMib;
  limits.max_output_bytes = static_cast<long long>(kMaxGeneratedBytes);
  limits.limit_address_space = found->second.address_space_limit;
  // The package's own program: the judge's own standing (RunOrigin with no path), as the input
  // validator has; bwrap contains it wherever bwrap is usable.
  ProcessOptions options(true);
  std::vector<std::string> command = run_command(found->second, limits.memory_mib);
  command.insert(command.end(), args.begin(), args.end());
  std::unique_ptr<BoxedProcess> process;
  try {
    process = std::make_unique<BoxedProcess>(command, limits, options);
  } catch (const std::exception& e) {
    throw GeneratorError(std::string("cannot be started: ") + e.what());
  }
  process->close_stdin();
  bool too_big = false;
  std::string out = read_stdout(*process, kMaxGeneratedBytes, too_big);
  const BoxRecord& record = too_big ? process->stop() : process->wait();
  // What it said, on one line of the error.
  std::string said = process->stderr_text().empty() ? "" : ": " + process->stderr_tail(2000);
  std::replace(said.begin(), said.end(), '\n', ' ');
  using Stop = BoxRecord::Stop;
  if (too_big)
    throw GeneratorError("printed more than " + std::to_string(kMaxGeneratedBytes >> 20) + " MiB");
  if (record.ending == BoxRecord::Ending::NotStarted ||
      record.ending == BoxRecord::Ending::BoxError)
    throw GeneratorError("cannot be run: " + record.message + said);
  if (record.stopped_by == Stop::TimeLimit)
    throw GeneratorError("used more than " + seconds_text(limits.cpu_s) + " of CPU time" + said);
  if (record.stopped_by == Stop::WallClock)
    throw GeneratorError("still running after " + seconds_text(limits.wall_s) + said);
  if (record.stopped_by == Stop::MemoryLimit || record.stopped_by == Stop::OutOfMemory)
    throw GeneratorError("used more than " + std::to_string(limits.memory_mib) + " MiB" + said);
  if (record.failed()) throw GeneratorError(describe_ending(record) + said);
  return out;
}

}  // namespace entrapment
