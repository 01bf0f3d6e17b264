// What the export tests share (export_test, hosted_formats_test, play_formats_test, one
// binary): every format exported once, with --zip, into one temporary directory (its path has a
// space: every path is quoted); the exported programs compiled once with the commands their
// contest systems use; helpers to read the packages.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "support/parallel_for.hpp"
#include "tests/support/files.hpp"
#include "tests/support/pair.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::export_test {

namespace fs = std::filesystem;
using testing::build_bin;
using testing::read_text;
using testing::repository;
using testing::run_cms;
using testing::run_pair;
using testing::shell;
using testing::shell_quote;
using testing::write_text;

inline std::vector<fs::path> files_with(const fs::path& dir, const std::string& extension) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > extension.size() &&
        name.compare(name.size() - extension.size(), extension.size(), extension) == 0)
      out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<fs::path> all_files(const fs::path& dir) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file()) out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

// `path` with its last extension replaced (".in" -> ".ans").
inline fs::path with(const fs::path& path, const std::string& extension) {
  return fs::path(path).replace_extension(extension);
}

// The board of a test file: its first line, and its second when U > 0.
inline std::string board_of(const std::string& test) {
  const std::size_t first = test.find('\n') + 1;
  std::istringstream head(test.substr(0, first));
  int rounds = 0, unavailable = 0;
  head >> rounds >> unavailable;
  return test.substr(0, unavailable > 0 ? test.find('\n', first) + 1 : first);
}

inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The values of every ` attribute="value"` in `text`, in order. (No std::regex here: GCC 12 warns
// inside <regex> under the sanitizers.)
inline std::vector<std::string> attribute_values(const std::string& text,
                                                 const std::string& attribute) {
  std::vector<std::string> out;
  const std::string key = " " + attribute + "=\"";
  for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at + 1)) {
    const std::size_t begin = at + key.size(), end = text.find('"', begin);
    if (end != std::string::npos) out.push_back(text.substr(begin, end - begin));
  }
  return out;
}

// The words of `text` that look like a path to a source or YAML file ("judge/x/y.hpp").
inline std::vector<std::string> file_paths_in(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  const auto flush = [&] {
    while (!word.empty() && word.back() == '.') word.pop_back();
    for (const std::string ext : {".yaml", ".hpp", ".cpp"})
      if (word.find('/') != std::string::npos && word.size() > ext.size() &&
          word.compare(word.size() - ext.size(), std::string::npos, ext) == 0)
        out.push_back(word);
    word.clear();
  };
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '.' || c == '-')
      word += c;
    else
      flush();
  }
  flush();
  return out;
}

// Whether a line of `text` starts with a judge-only keyword (after an optional "<" or ">" and
// a space, as in a transcript).
inline bool has_judge_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::size_t at = 0;
    if (at < line.size() && (line[at] == '<' || line[at] == '>')) ++at;
    if (at < line.size() && line[at] == ' ') ++at;
    for (const std::string word : {"adversary ", "ask ", "answers "})
      if (line.compare(at, word.size(), word) == 0) return true;
  }
  return false;
}

// Every solution of the repository (file or directory directly below solutions/<verdict>/),
// as "verdict/name".
inline std::vector<std::string> solutions(const fs::path& root) {
  std::vector<std::string> out;
  for (const char* verdict : {"accepted", "wrong_answer", "time_limit_exceeded", "run_time_error"})
    if (fs::is_directory(root / "solutions" / verdict))
      for (const auto& entry : fs::directory_iterator(root / "solutions" / verdict)) {
        const std::string ext = entry.path().extension().string();
        if (ext == ".cpp" || ext == ".py" || ext == ".c" || ext == ".java" || entry.is_directory())
          out.push_back(std::string(verdict) + "/" + entry.path().filename().string());
      }
  std::sort(out.begin(), out.end());
  return out;
}

// A solution that fails by exceeding the memory limit says so on its first line.
inline bool fails_by_memory(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line.find("RUN TIME ERROR (memory)") != std::string::npos;
}

// The names of a ZIP archive's entries, read from its central directory (stored entries, no
// ZIP64: what judge export writes).
inline std::vector<std::string> zip_entry_names(const std::string& zip) {
  std::vector<std::string> names;
  const std::size_t end = zip.rfind(std::string("PK\x05\x06", 4));
  if (end == std::string::npos || end + 22 > zip.size()) return names;
  const auto u16 = [&](std::size_t at) {
    return static_cast<std::size_t>(static_cast<unsigned char>(zip[at]) |
                                    static_cast<unsigned char>(zip[at + 1]) << 8);
  };
  const auto u32 = [&](std::size_t at) { return u16(at) | u16(at + 2) << 16; };
  std::size_t at = u32(end + 16);
  for (std::size_t i = 0; i < u16(end + 10) && at + 46 <= zip.size(); ++i) {
    const std::size_t name = u16(at + 28), extra = u16(at + 30), comment = u16(at + 32);
    names.push_back(zip.substr(at + 46, name));
    at += 46 + name + extra + comment;
  }
  return names;
}

// Every export format, as `judge export --format` names it.
inline const std::vector<std::string>& all_formats() {
  static const std::vector<std::string> formats = {"legacy",  "kattis", "2025-09", "domjudge",
                                                   "polygon", "luogu",  "hydro",   "uoj",
                                                   "cms",     "libreoj"};
  return formats;
}

class ExportTest : public ::testing::Test {
 protected:
  // Exports once for every suite of this binary; the directory goes at the end of the run.
  static void SetUpTestSuite() {
    if (!tmp_.empty()) return;
    root_ = repository().string();
    bin_ = build_bin().string();
    exports_ = std::make_unique<testing::TempDir>("entrapment export");  // a space: quoted
    tmp_ = exports_->path;
    for (const std::string& format : all_formats()) {
      const testing::ProcessResult run =
          judge_export({"--format", format, (tmp_ / format).string(), "--zip"});
      write_text(tmp_ / (format + ".out"), run.out);
      write_text(tmp_ / (format + ".err"), run.err);
      export_status_[format] = run.status;
    }
  }

  // `judge --root <the checkout> export <arguments>`, with `--build-dir <this build>` unless
  // told: its status, stdout and stderr.
  static testing::ProcessResult judge_export(std::vector<std::string> arguments,
                                             bool with_build_dir = true) {
    arguments.insert(arguments.begin(),
                     {(bin_ / "judge").string(), "--root", root_.string(), "export"});
    if (with_build_dir)
      arguments.insert(arguments.end(), {"--build-dir", bin_.parent_path().string()});
    return testing::run_process(arguments);
  }

  static fs::path package(const std::string& format) { return tmp_ / format / "entrapment"; }
  static fs::path testdata() { return root_ / "testdata"; }

  // Compiles `source` with `command` (the contest system's); "" when it worked, else the
  // compiler's output.
  static std::string compile(const std::string& command, const fs::path& source,
                             const fs::path& binary) {
    const fs::path log = tmp_ / (binary.filename().string() + ".log");
    const int status =
        shell(command + " -o " + shell_quote(binary.string()) + " " + shell_quote(source.string()) +
              " > " + shell_quote(log.string()) + " 2>&1");
    return status == 0 ? read_text(log) : "exit " + std::to_string(status) + ": " + read_text(log);
  }

  static inline std::unique_ptr<testing::TempDir> exports_;
  static inline fs::path root_, bin_, tmp_;
  static inline std::map<std::string, int> export_status_;

 public:
  // The temporary directory goes at the end of the run (a global test environment calls it).
  static void remove_exports() { exports_.reset(); }
};

// A program to compile: its name (the binary in the temporary directory), the command and the
// source.
struct Program {
  std::string name, command;
  fs::path source;
};

// Compiles every exported program with the command its contest system uses, and the solutions
// the tests play, once for the binary (two compilers at a time).
class ExportedPrograms : public ExportTest {
 protected:
  static void SetUpTestSuite() {
    ExportTest::SetUpTestSuite();
    if (!logs_.empty()) return;
    const std::vector<Program> programs = {
        // problemtools (legacy, kattis); DOMjudge (domjudge, 2025-09)
        {"legacy_interactor", "g++ -O2 -std=gnu++17",
         package("legacy") / "output_validators" / "entrapment_interactor" / "interactor.cpp"},
        {"kattis_interactor", "g++ -Wall -O2 -std=gnu++20",
         package("2025-09") / "output_validator" / "interactor.cpp"},
        {"domjudge_interactor", "g++ -Wall -O2 -std=gnu++20",
         package("domjudge") / "output_validators" / "entrapment_interactor" / "interactor.cpp"},
        {"validator", "g++ -Wall -O2 -std=gnu++20",
         package("2025-09") / "input_validators" / "input_validator" / "input_validator.cpp"},
        {"legacy_validator", "g++ -O2 -std=gnu++17",
         package("legacy") / "input_validators" / "input_validator" / "input_validator.cpp"},
        // Polygon's cpp.g++17
        {"testlib_interactor", "g++ -O2 -std=gnu++17",
         package("polygon") / "files" / "interactor.cpp"},
        {"checker", "g++ -O2 -std=gnu++17", package("polygon") / "files" / "check.cpp"},
        {"testlib_validator", "g++ -O2 -std=gnu++17",
         package("polygon") / "files" / "validator.cpp"},
        // Luogu: checker.cpp with its SPJ command
        {"luogu_checker", "g++ -fno-asm -std=c++14 -O2", package("luogu") / "data" / "checker.cpp"},
        // Hydro: .cc is its language cc, C++14
        {"hydro_interactor", "g++ -Wall -std=c++14 -x c++",
         package("hydro") / "testdata" / "interactor.cc"},
        // UOJ: uoj.ac compiles interactor14.cpp as C++14; the community edition interactor.cpp
        // with its GCC's default, gnu++14
        {"uoj_interactor", "g++ -lm -O2 -DONLINE_JUDGE -std=c++14 -x c++",
         package("uoj") / "data" / "interactor14.cpp"},
        {"uoj_community_interactor", "g++ -O2 -DONLINE_JUDGE -std=gnu++14 -x c++",
         package("uoj") / "data" / "interactor.cpp"},
        // CMS: the manager is shipped compiled; its source compiles as the README says
        {"cms_manager_rebuilt", "g++ -std=c++14 -O2", package("cms") / "check" / "manager.cpp"},
        // LibreOJ (Lyrio): lyrio-dev/judge src/languages/cpp.ts with judgeInfo.json's options
        // (g++, c++14, -O2, -m64), -Werror: it must compile without a warning
        {"libreoj_interactor",
         "g++ -std=c++14 -O2 -DONLINE_JUDGE -Wall -Wextra -Wno-unused-result -m64 -march=native "
         "-Werror",
         package("libreoj") / "testdata" / "interactor.cpp"},
        // the contestants the tests play
        {"reference", "g++ -O2 -std=gnu++17", root_ / "solutions" / "accepted" / "reference.cpp"},
        {"list_split", "g++ -O2 -std=gnu++17",
         root_ / "solutions" / "wrong_answer" / "list_split.cpp"},
        {"greedy_runner", "g++ -O2 -std=gnu++17",
         root_ / "solutions" / "wrong_answer" / "greedy_runner.cpp"},
    };
    // The same bytes with the same command compile once (the domjudge and 2025-09 exports ship
    // the same interactor, which DOMjudge compiles alike): the others copy that binary.
    std::vector<std::size_t> first(programs.size());
    std::vector<std::size_t> distinct;
    for (std::size_t i = 0; i < programs.size(); ++i) {
      first[i] = i;
      for (std::size_t j : distinct)
        if (programs[j].command == programs[i].command &&
            read_text(programs[j].source) == read_text(programs[i].source)) {
          first[i] = j;
          break;
        }
      if (first[i] == i) distinct.push_back(i);
    }
    std::vector<std::string> logs(programs.size());
    parallel_for(distinct.size(), 2, [&](std::size_t k, int) {
      const Program& p = programs[distinct[k]];
      logs[distinct[k]] = compile(p.command, p.source, tmp_ / p.name);
    });
    for (std::size_t i = 0; i < programs.size(); ++i) {
      if (first[i] != i) logs[i] = logs[first[i]];
      if (first[i] != i && fs::exists(tmp_ / programs[first[i]].name))
        fs::copy_file(tmp_ / programs[first[i]].name, tmp_ / programs[i].name,
                      fs::copy_options::overwrite_existing);
      logs_[programs[i].name] = logs[i];
    }
  }

  static fs::path program(const std::string& name) { return tmp_ / name; }

  // The Kattis interactor's exit code on (`in`, `ans`) against a contestant.
  static int kattis(const fs::path& interactor, const fs::path& in, const fs::path& ans,
                    const std::vector<std::string>& contestant) {
    const fs::path feedback = tmp_ / "feedback";
    fs::create_directories(feedback);
    fs::remove(feedback / "judgeerror.txt");
    return run_pair({interactor.string(), in.string(), ans.string(), feedback.string() + "/"},
                    contestant)
        .code;
  }
  // The testlib interactor's exit code, and then the checker's on its log.
  static std::pair<int, int> testlib(const fs::path& in, const fs::path& answer,
                                     const std::vector<std::string>& contestant) {
    const fs::path log = tmp_ / "testlib.log";
    fs::remove(log);
    const int interactor = run_pair({program("testlib_interactor").string(), in.string(),
                                     log.string(), answer.string()},
                                    contestant)
                               .code;
    const int checker =
        shell(shell_quote(program("checker").string()) + " " + shell_quote(in.string()) + " " +
              shell_quote(log.string()) + " " + shell_quote(answer.string()) + " 2> /dev/null");
    return {interactor, checker};
  }
  // The interactors of the two Kattis exports on one of their tests, with its .ans.
  static int legacy_exit(const fs::path& in, const std::vector<std::string>& contestant) {
    return kattis(program("legacy_interactor"), in, with(in, ".ans"), contestant);
  }
  static int kattis_2025_exit(const fs::path& in, const std::vector<std::string>& contestant) {
    return kattis(program("kattis_interactor"), in, with(in, ".ans"), contestant);
  }
  static std::vector<std::string> replay(const fs::path& interaction) {
    return {"/bin/sh", (root_ / "tests" / "export" / "replay.sh").string(), interaction.string()};
  }
  static int validate(const fs::path& validator, const fs::path& in, const std::string& args = "") {
    return shell(shell_quote(validator.string()) + args + " < " + shell_quote(in.string()) +
                 " > /dev/null 2>&1");
  }

  static inline std::map<std::string, std::string> logs_;
};

}  // namespace entrapment::export_test
