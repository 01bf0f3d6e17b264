// The languages a submission may be written in, as data: one row per language says how a file
// is recognised, how it is compiled, what is kept and how it runs. submission.cpp reads the
// rows and has no per-language branch, so a language is added by adding a row (see
// doc/development.md, "How to add a language"). The file endings are the problem package
// format's (appendix/languages.md); the commands are those of contest systems (README,
// "Languages").
//
// In the words of a row, {name} stands for a value submission.cpp fills in:
//   {stem}             the program's name: the file's stem, or the directory's name
//   {files}            every source, one argument each (a whole word only)
//   {compile_heap_mib} half the compile memory limit, at least 64 (a JVM compiler's heap)
//   {output}           the absolute path of what the compiler wrote (the row's `output`)
//   {compiler}         the absolute path of the compiler (an interpreter's run reuses it)
//   {sources}          the absolute path of the directory the sources were copied into
//   {entry}            the entry point's file name (EntryPoint::ScriptFile; in the
//                      compiler's directory and in {sources})
//   {main}             the main class (EntryPoint::JavaMainClass)
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace entrapment {

// Where a program starts.
enum class EntryPoint {
  Linked,         // compiled and linked: the one function the row's main_declaration names
  ScriptFile,     // an interpreted file: a directory's `main_file`, or its only source
  JavaMainClass,  // the class that declares public static void main(String[]) (java_main.hpp)
};

struct Language {
  std::string name;                     // for messages: "C++"
  std::vector<std::string> extensions;  // ".cpp", ".cc", ...: a file is in the first row that has
                                        // its ending
  // A directory with sources of several languages is a submission in the one of lowest rank.
  int directory_rank = 0;
  // The compiler (for an interpreted language, the interpreter doing a syntax check): the first
  // of these that exists (an absolute path) or is found in PATH (a name). It runs contained, in a
  // scratch directory holding copies of the submission's files, with `compile_args`.
  std::vector<std::string> compiler;
  std::vector<std::string> compile_args;
  // What the compiler writes (a file or a directory, named from {stem}): copied into the work
  // directory, cached by content. Empty: it writes nothing, and the sources themselves are kept
  // (copied into the work directory, a directory submission's into `sources_dir`).
  std::string output = "";
  std::string sources_dir = "";
  // The command that runs the program. A first word that is a plain name ("java") is looked up
  // in PATH when the submission is prepared.
  std::vector<std::string> run;
  EntryPoint entry = EntryPoint::Linked;
  std::string main_file = "";         // ScriptFile: the entry point of a directory of several files
  std::string main_declaration = "";  // what, followed by '(', declares the entry point in a source
                                      // ("main"): one such source among several makes one program
  // `#include "file"` may reach files beyond those given (where nothing isolates the compiler):
  // never cached; a header named so makes a directory with one source one program.
  bool preprocessor_includes = false;
  // The compiler reads an argument "@FILE" as a file of options (g++, javac).
  bool compiler_reads_at_files = false;
  // Not empty: the compiler is given the sources in this subdirectory of its working directory
  // ({files} name them there), so that the directory it runs from holds none of them (Python
  // imports modules from where it runs: a `coding: idna` line loaded the submission's own
  // stringprep.py during the syntax check).
  std::string inputs_dir = "";
  // False where the runtime reserves far more address space than it uses (the JVM): its runs
  // and its compiles get no memory backstop (RLIMIT_AS, RLIMIT_DATA), and `memory_arg` caps what
  // it uses instead.
  bool address_space_limit = true;
  // The memory limit in the runtime's own words, put after the run command's first word with
  // {memory_mib} filled in per run ("-Xmx{memory_mib}m": the JVM's heap). Empty: none.
  std::string memory_arg = "";
};

// Every language, in the order messages list them.
const std::vector<Language>& languages();

// The row of `file`'s ending, or nullptr.
const Language* language_of(const std::filesystem::path& file);

// The known endings for messages: ".c, .cpp .cc .cxx .c++ .C, .py .py3, .java".
std::string known_source_endings();

// `words` with each {name} replaced by values.at(name); a word that is exactly "{files}"
// becomes `files`, one word each. Throws std::logic_error naming a placeholder no value has (a
// mistake in a row).
std::vector<std::string> expand_words(const std::vector<std::string>& words,
                                      const std::map<std::string, std::string>& values,
                                      const std::vector<std::string>& files = {});

}  // namespace entrapment
