// Issue 27's smaller holes in preparing a submission: a source named like a compiler option
// or response file, headers that escaped limits.code, a directory of one source and its header
// compiled without the header, and a compile cache in another user's directory.
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include "containment/spawn.hpp"
#include "submissions/compile_cache.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/files.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Compile options for these tests (the sandbox when usable), restored afterwards.
class SubmissionHoles : public ::testing::Test {
 protected:
  void SetUp() override {
    if (find_program("g++").empty()) GTEST_SKIP() << "no g++ here";
    saved_ = compile_options();
    CompileOptions options = saved_;
    options.memory_mib = 512;  // gentle on a shared machine; these compiles need far less
    set_compile_options(options);
  }
  void TearDown() override { set_compile_options(saved_); }
  TempDir dir_{"entrapment-test-holes", 0755};
  CompileOptions saved_;
};

// Issue 27: a source named `@opts.cpp` reached g++ as `@opts.cpp`, which g++ (and cc1plus,
// given `-dumpbase @opts.cpp` whatever the path) reads as a response file when `opts.cpp`
// exists: that file's text became the compiler's options. Such a name never reaches the
// compiler: a CE that says why, before it runs.
TEST_F(SubmissionHoles, ASourceNamedLikeAResponseFileNeverReachesTheCompiler) {
  const fs::path program = dir_.path / "response";
  write_text(program / "@opts.cpp", "int helper() { return 0; }\n");
  write_text(program / "opts.cpp", "int helper();\nint main() { return helper(); }\n");
  WorkDir work("holes-test");
  try {
    const Submission compiled = prepare_submission(program, work.path() / "0");
    ADD_FAILURE() << "compiled: " << compiled.command.front();
  } catch (const CompileError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("@opts.cpp: a file name that starts with @"), std::string::npos)
        << message;
    EXPECT_EQ(message.find("cc1plus"), std::string::npos) << "the compiler ran:\n" << message;
  }
}

// Issue 27: limits.code counted the sources only, so a directory submission compiled a 1 MiB
// header. Every file given to the compiler counts.
TEST_F(SubmissionHoles, LimitsCodeCountsTheHeadersToo) {
  const fs::path program = dir_.path / "big";
  write_text(program / "main.cpp", "#include \"table.h\"\nint main() { return 0; }\n");
  write_text(program / "table.h", "// " + std::string(200 << 10, 'x') + "\n");
  WorkDir work("holes-test");
  try {
    prepare_submission(program, work.path() / "0");
    ADD_FAILURE() << "a 200 KiB header compiled under limits.code's 128 KiB";
  } catch (const CompileError& e) {
    EXPECT_NE(std::string(e.what()).find("limits.code"), std::string::npos) << e.what();
  }
}

// Issue 27: a directory with one .cpp and the header it includes, named on the command line,
// was walked as one source and compiled without its header (a CE). It is one program.
TEST_F(SubmissionHoles, ADirectoryOfOneSourceAndItsHeaderIsOneProgram) {
  const fs::path program = dir_.path / "with-header";
  write_text(program / "main.cpp", "#include \"answer.h\"\nint main() { return ANSWER - 42; }\n");
  write_text(program / "answer.h", "#define ANSWER 42\n");
  EXPECT_TRUE(is_one_program(program));
  // A source alone, or beside a header it does not include, is still walked as a source.
  const fs::path alone = dir_.path / "alone";
  write_text(alone / "main.cpp", "int main() { return 0; }\n");
  write_text(alone / "notes.h", "// not included\n");
  EXPECT_FALSE(is_one_program(alone));
}

// A compiled program, and a directory to put caches in; as root, with a user to give some to.
class CompileCacheOwner : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "not root: cannot give a directory to another user";
    if (!nobody) GTEST_SKIP() << "no user nobody here";
    write_text(artifact, "compiled");
  }
  void give_to_nobody(const fs::path& path) {
    ASSERT_EQ(::chown(path.c_str(), nobody->pw_uid, nobody->pw_gid), 0) << path;
  }
  const passwd* nobody = ::getpwnam("nobody");
  TempDir dir{"entrapment-test-cache", 0755};
  const fs::path artifact = dir.path / "program";
};

// Issue 27: an ENTRAPMENT_CACHE_DIR of another user's was used as it was: whoever owns it
// could plant a compiled program that the judge hands to the next submission of those bytes.
// Such a cache is refused: nothing is read from it nor written to it.
TEST_F(CompileCacheOwner, ACacheDirectoryOfAnotherUsersIsRefused) {
  const fs::path theirs = dir.path / "theirs";
  fs::create_directory(theirs);
  give_to_nobody(theirs);
  const CompileCache cache(theirs);
  EXPECT_FALSE(cache.enabled());
  cache.store("key", artifact);
  EXPECT_TRUE(fs::is_empty(theirs)) << "the judge wrote into another user's cache";
  // One of its own is used.
  const fs::path ours = dir.path / "ours";
  const CompileCache own(ours);
  EXPECT_TRUE(own.enabled());
  own.store("key", artifact);
  EXPECT_TRUE(own.fetch("key", dir.path / "fetched"));
}

// A cache of the judge's own inside another user's directory is theirs too: they may rename
// it away and put one of their own in its place between the check and the use. And a cache
// not made yet is made at the first store: a directory another user made in its place
// meanwhile is refused then.
TEST_F(CompileCacheOwner, ACacheInAnotherUsersDirectoryIsRefused) {
  const fs::path theirs = dir.path / "theirs";
  fs::create_directories(theirs / "ours");
  give_to_nobody(theirs);
  const CompileCache inside(theirs / "ours");
  EXPECT_FALSE(inside.enabled()) << "a cache inside another user's directory was used";
  inside.store("key", artifact);
  EXPECT_TRUE(fs::is_empty(theirs / "ours")) << "the judge wrote under another user's directory";

  const fs::path later = dir.path / "later";
  const CompileCache cache(later);  // not there yet: made at the first store
  ASSERT_TRUE(cache.enabled());
  fs::create_directory(later);  // another user's, made before that store
  give_to_nobody(later);
  cache.store("key", artifact);
  EXPECT_TRUE(fs::is_empty(later)) << "the judge wrote into a cache another user made";
}

// Red team, issue 27: a cache directory everyone may write to, sticky as /tmp, passed as the
// user's own; but another user's judge stores there too (its entry is its own), and a program
// it put in place of its entry's artifact was handed to root's judge for the same key.
TEST_F(CompileCacheOwner, AnEntryAnotherUserStoredInASharedCacheIsNeverFetched) {
  const fs::path shared = dir.path / "shared";
  fs::create_directory(shared);
  fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
  const CompileCache cache(shared);
  cache.store("key", artifact);  // as if by the other user's judge, whose entry it becomes:
  for (const auto& item : fs::recursive_directory_iterator(shared)) give_to_nobody(item.path());
  EXPECT_FALSE(cache.fetch("key", dir.path / "fetched"))
      << "a program another user stored was handed out as this user's compiled one";
}

// Red team, issue 27: a relative ENTRAPMENT_CACHE_DIR whose first part did not exist yet was
// checked as the empty path, nothing, so the judge, root, made it in another user's working
// directory (a 0700 directory of root's there) before it found that it was theirs.
TEST_F(CompileCacheOwner, ARelativeCacheInAnotherUsersDirectoryIsRefusedBeforeItIsMade) {
  const fs::path theirs = dir.path / "theirs";
  fs::create_directory(theirs);
  give_to_nobody(theirs);
  const fs::path was = fs::current_path();
  fs::current_path(theirs);
  const CompileCache cache("cache");
  const bool enabled = cache.enabled();
  cache.store("key", artifact);
  fs::current_path(was);
  EXPECT_FALSE(enabled) << "a relative cache in another user's directory was used";
  EXPECT_TRUE(fs::is_empty(theirs)) << "the judge wrote into another user's directory";
}

// Red team: a source of 70 bytes (`char big[240 << 20] = {1};`) compiles to a 241 MiB
// executable, and the cache kept 200 such entries, 48 GiB of the user's disk. It keeps the
// newest entries that fit its bytes, and the newest whatever its size.
TEST(CompileCacheBytes, TheOldestEntriesGoOnceTheEntriesPassTheCachesBytes) {
  TempDir dir{"entrapment-test-cache-bytes", 0700};
  const fs::path cache_dir = dir.path / "cache";
  const CompileCache cache(cache_dir, 1000);
  ASSERT_TRUE(cache.enabled());
  const auto stored = [&](const std::string& key, std::size_t bytes) {
    // What is there is older than what comes, whatever the file system's clock granularity.
    std::error_code none_yet;
    for (const auto& entry : fs::directory_iterator(cache_dir, none_yet))
      if (fs::exists(entry.path() / "key"))
        fs::last_write_time(entry.path() / "key",
                            fs::last_write_time(entry.path() / "key") - std::chrono::hours(1));
    const fs::path artifact = dir.path / ("program-" + key);
    write_text(artifact, std::string(bytes, 'x'));
    cache.store(key, artifact);
  };
  stored("first", 600);
  stored("second", 600);  // 1200 bytes together: the first goes
  EXPECT_FALSE(cache.fetch("first", dir.path / "fetched-first"));
  EXPECT_TRUE(cache.fetch("second", dir.path / "fetched-second"));
  stored("third", 2000);  // alone past the bytes: kept, the one before it goes
  EXPECT_FALSE(cache.fetch("second", dir.path / "fetched-second-again"));
  EXPECT_TRUE(cache.fetch("third", dir.path / "fetched-third"));
}

// Issue 36: Python's syntax check imported the submission's own modules: a `coding: idna` line
// made the parser load encodings.idna, which imports stringprep, and the submission's own
// stringprep.py beside it spun for 20 s of CPU. The check runs isolated (-I -S) from a
// directory that holds none of the sources: the standard library's module is the one loaded,
// and the check takes no time. (Seen failing: "compilation used more than 60 s", then with a
// limit of 5 s, a CE after 5 s.)
TEST_F(SubmissionHoles, PythonsSyntaxCheckImportsNothingOfTheSubmissions) {
  CompileOptions options = compile_options();
  options.time_s = 5;
  set_compile_options(options);
  const fs::path program = dir_.path / "idna";
  write_text(program / "__main__.py", "# coding: idna\nprint('Trapper')\n");
  write_text(program / "stringprep.py", "while True:\n    pass\n");
  WorkDir work("holes-test");
  try {
    const Submission prepared = prepare_submission(program, work.path() / "0");
    EXPECT_FALSE(prepared.command.empty());
  } catch (const CompileError& e) {
    EXPECT_EQ(std::string(e.what()).find("CPU time"), std::string::npos)
        << "the submission's own stringprep.py ran: " << e.what();
  }
}

}  // namespace
}  // namespace entrapment::testing
