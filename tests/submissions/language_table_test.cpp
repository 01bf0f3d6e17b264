// The language table (judge/submissions/languages.hpp) is data that submission.cpp follows
// without checking it: a row that names a placeholder its step has no value for, or two rows
// that claim one ending, would show only when a submission in that language is judged (a
// judge error, or the wrong compiler). Here every row is checked as each step uses it.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "submissions/languages.hpp"
#include "submissions/submission.hpp"

namespace entrapment::testing {
namespace {

// The values each step has, as prepare_submission() fills them in.
std::map<std::string, std::string> compile_values(const Language& language) {
  std::map<std::string, std::string> values = {
      {"stem", "s"}, {"compile_heap_mib", "64"}, {"compiler", "/c"}};
  if (language.entry == EntryPoint::ScriptFile) values["entry"] = "s.x";
  return values;
}

std::map<std::string, std::string> run_values(const Language& language) {
  std::map<std::string, std::string> values = compile_values(language);
  values[language.output.empty() ? "sources" : "output"] = "/w/s";
  if (language.entry == EntryPoint::JavaMainClass) values["main"] = "Main";
  return values;
}

TEST(LanguageTable, EveryRowIsComplete) {
  for (const Language& language : languages()) {
    SCOPED_TRACE(language.name);
    EXPECT_FALSE(language.extensions.empty());
    EXPECT_FALSE(language.compiler.empty());
    EXPECT_FALSE(language.run.empty());
    // A compiled program is kept from the compiler's output; an interpreted one from its
    // sources, in a directory of its own for a directory submission.
    EXPECT_NE(language.output.empty(), language.sources_dir.empty());
    if (language.entry == EntryPoint::ScriptFile) {
      EXPECT_FALSE(language.main_file.empty());
    } else {
      EXPECT_FALSE(language.main_declaration.empty());
    }
  }
}

TEST(LanguageTable, EveryPlaceholderHasAValueWhereItIsUsed) {
  for (const Language& language : languages()) {
    SCOPED_TRACE(language.name);
    EXPECT_NO_THROW(expand_words(language.compile_args, compile_values(language), {"a", "b"}));
    EXPECT_NO_THROW(
        expand_words({language.output, language.sources_dir}, compile_values(language)));
    EXPECT_NO_THROW(expand_words(language.run, run_values(language)));
  }
}

TEST(LanguageTable, EachEndingAndRankBelongsToOneLanguage) {
  std::set<std::string> endings;
  std::set<int> ranks;
  for (const Language& language : languages()) {
    for (const std::string& ending : language.extensions)
      EXPECT_TRUE(endings.insert(ending).second) << ending << " is claimed twice";
    EXPECT_TRUE(ranks.insert(language.directory_rank).second)
        << language.name << ": directory_rank " << language.directory_rank << " is taken";
  }
}

TEST(LanguageTable, PlaceholdersExpandInsideWordsAndFilesIntoWords) {
  EXPECT_EQ(expand_words({"-o", "{stem}.classes", "{files}", "x{stem}y{stem}"}, {{"stem", "a"}},
                         {"f.c", "g.c"}),
            (std::vector<std::string>{"-o", "a.classes", "f.c", "g.c", "xaya"}));
  EXPECT_THROW(expand_words({"{nothing}"}, {}), std::logic_error);
}

TEST(LanguageTable, AFileIsInTheRowOfItsEnding) {
  ASSERT_NE(language_of("a.py3"), nullptr);
  EXPECT_EQ(language_of("a.py3")->name, "Python");
  ASSERT_NE(language_of("a.C"), nullptr);
  EXPECT_EQ(language_of("a.C")->name, "C++");
  EXPECT_EQ(language_of("a.h"), nullptr);
  EXPECT_EQ(language_of("Makefile"), nullptr);
}

}  // namespace
}  // namespace entrapment::testing

namespace entrapment::testing {
namespace {

// A runtime's memory is its row's to say (the JVM: no RLIMIT_AS, which it would meet by the
// address space it reserves, and its heap capped by -Xmx from the memory limit), never a name
// the box or the judge recognises in a command.
TEST(LanguageTable, EachRunsMemoryArgumentAndAddressSpaceComeFromItsRow) {
  for (const Language& language : languages()) {
    SCOPED_TRACE(language.name);
    if (language.memory_arg.empty()) continue;
    EXPECT_NE(language.memory_arg.find("{memory_mib}"), std::string::npos);
    EXPECT_NO_THROW(expand_words({language.memory_arg}, {{"memory_mib", "64"}}));
  }
  const Language* java = language_of("Main.java");
  ASSERT_NE(java, nullptr);
  EXPECT_FALSE(java->address_space_limit);
  Submission submission;
  submission.command = {"/usr/bin/java", "-cp", "/w/s", "Main"};
  submission.memory_arg = java->memory_arg;
  EXPECT_EQ(run_command(submission, 256),
            (std::vector<std::string>{"/usr/bin/java", "-Xmx256m", "-cp", "/w/s", "Main"}));
  const Language* cpp = language_of("main.cpp");
  ASSERT_NE(cpp, nullptr);
  EXPECT_TRUE(cpp->address_space_limit);
  EXPECT_TRUE(cpp->memory_arg.empty());
  submission.memory_arg = cpp->memory_arg;
  EXPECT_EQ(run_command(submission, 256), submission.command);
}

}  // namespace
}  // namespace entrapment::testing
