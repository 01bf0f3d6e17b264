#include "languages.hpp"

#include <stdexcept>
#include <utility>

namespace entrapment {

namespace fs = std::filesystem;

namespace {

// C and C++: compiled and linked into one file that runs by itself, from main(); the
// preprocessor may reach files beyond those given.
Language c_family(std::string name, std::vector<std::string> extensions, int directory_rank,
                  std::string compiler, std::vector<std::string> compile_args) {
  return {.name = std::move(name),
          .extensions = std::move(extensions),
          .directory_rank = directory_rank,
          .compiler = {std::move(compiler)},
          .compile_args = std::move(compile_args),
          .output = "{stem}",
          .run = {"{output}"},
          .main_declaration = "main",
          .preprocessor_includes = true,
          .compiler_reads_at_files = true};
}

}  // namespace

const std::vector<Language>& languages() {
  static const std::vector<Language> table = {
      c_family(
          "C", {".c"}, 2, "gcc",
          {"-x", "c", "-std=gnu17", "-O2", "-pipe", "-static", "-o", "{stem}", "{files}", "-lm"}),
      c_family("C++", {".cpp", ".cc", ".cxx", ".c++", ".C"}, 1, "g++",
               {"-x", "c++", "-std=gnu++20", "-O2", "-pipe", "-static", "-o", "{stem}", "{files}"}),
      // The system interpreter, not a user's (pyenv shims live under /root, which the
      // contestant's user cannot read). A syntax check that writes nothing (py_compile would
      // leave __pycache__ beside it), isolated (-I: no environment, no user site, nothing of
      // where it runs on its path; -S: no site module), from a directory that holds no source;
      // the program runs from a copy of the sources.
      {.name = "Python",
       .extensions = {".py", ".py3"},
       .directory_rank = 3,
       .compiler = {"/usr/bin/python3", "python3"},
       .compile_args = {"-I", "-S", "-c",
                        "import sys\nfor name in sys.argv[1:]: compile(open(name, 'rb').read(), "
                        "name, 'exec')",
                        "{files}"},
       .sources_dir = "{stem}.py",
       .run = {"{compiler}", "{sources}/{entry}"},
       .entry = EntryPoint::ScriptFile,
       .main_file = "__main__.py",
       .inputs_dir = "source"},
      // javac is a JVM: its heap within the compile memory (the rest is the JVM's own). The
      // run's heap limit (-Xmx) is added when it runs, from the memory limit; a JVM reserves
      // far more address space than it uses, so neither gets the box's memory backstop
      // (RLIMIT_AS, RLIMIT_DATA). No performance data (-XX:-UsePerfData): a JVM writes it to
      // /tmp/hsperfdata_USER/PID, which one the box kills leaves behind, in the machine's /tmp
      // where no sandbox gives it one of its own.
      {.name = "Java",
       .extensions = {".java"},
       .directory_rank = 0,
       .compiler = {"javac"},
       .compile_args = {"-J-Xmx{compile_heap_mib}m", "-J-XX:+UseSerialGC", "-J-XX:-UsePerfData",
                        "-encoding", "UTF-8", "-d", "{stem}.classes", "{files}"},
       .output = "{stem}.classes",
       .run = {"java", "-Dfile.encoding=UTF-8", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xss64m",
               "-cp", "{output}", "{main}"},
       .entry = EntryPoint::JavaMainClass,
       .main_declaration = "void main",
       .compiler_reads_at_files = true,
       .address_space_limit = false,
       .memory_arg = "-Xmx{memory_mib}m"},
  };
  return table;
}

const Language* language_of(const fs::path& file) {
  const std::string ending = file.extension().string();
  for (const Language& language : languages())
    for (const std::string& extension : language.extensions)
      if (ending == extension) return &language;
  return nullptr;
}

std::string known_source_endings() {
  std::string out;
  for (const Language& language : languages()) {
    std::string row;
    for (const std::string& extension : language.extensions)
      row += (row.empty() ? "" : " ") + extension;
    out += (out.empty() ? "" : ", ") + row;
  }
  return out;
}

std::vector<std::string> expand_words(const std::vector<std::string>& words,
                                      const std::map<std::string, std::string>& values,
                                      const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    if (word == "{files}") {
      out.insert(out.end(), files.begin(), files.end());
      continue;
    }
    std::string expanded;
    std::size_t at = 0;
    for (std::size_t open = word.find('{'); open != std::string::npos; open = word.find('{', at)) {
      const std::size_t close = word.find('}', open);
      if (close == std::string::npos) break;
      const std::string name = word.substr(open + 1, close - open - 1);
      const auto value = values.find(name);
      if (value == values.end())
        throw std::logic_error("the language table's word '" + word + "' names {" + name +
                               "}, which has no value here");
      expanded += word.substr(at, open - at) + value->second;
      at = close + 1;
    }
    out.push_back(expanded + word.substr(at));
  }
  return out;
}

}  // namespace entrapment
