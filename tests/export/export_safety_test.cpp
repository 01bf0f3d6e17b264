// judge export never destroys what it did not write, and never ships what it cannot vouch for.
// Every test works on a scratch copy of the package (a few secret tests), in a directory whose
// name has a space, never on the real checkout:
//   - an output that is, contains or lies inside the package root or the build directory is
//     refused (an export run in a checkout named "entrapment" once replaced the checkout);
//   - an existing OUTDIR/entrapment or entrapment.zip is replaced only when judge export wrote
//     it, or with --force;
//   - a failed export leaves the previous one whole and nothing behind;
//   - an interactor generated from older sources is refused;
//   - a submission in a language judge run cannot run is left out with a warning naming it;
//   - testdata/exhaustive is shipped only with --exhaustive.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// Every regular file below `dir`, relative, sorted, with its contents: a snapshot to compare.
std::vector<std::pair<std::string, std::string>> snapshot(const fs::path& dir) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file())
      out.emplace_back(fs::relative(entry.path(), dir).string(), read_text(entry.path()));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(dir))
    out.push_back(entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

struct ExportRun {
  int status;
  std::string out, err;
};

class ExportSafety : public ::testing::Test {
 protected:
  void SetUp() override {
    repo_ = repository().string();
    bin_ = build_bin().string();
  }

  // A copy of everything judge export reads, with the first few secret tests only.
  void copy_package(const fs::path& to) {
    fs::create_directories(to);
    fs::copy_file(repo_ / "problem.yaml", to / "problem.yaml");
    fs::copy_file(repo_ / "judge.yaml", to / "judge.yaml");
    for (const char* dir : {"judge", "validators", "statement", "solutions", "attachments",
                            "export", "testdata/sample", "testdata/invalid_input"}) {
      fs::create_directories((to / dir).parent_path());
      fs::copy(repo_ / dir, to / dir, fs::copy_options::recursive);
    }
    std::vector<fs::path> secret;
    for (const auto& entry : fs::recursive_directory_iterator(repo_ / "testdata" / "secret"))
      if (entry.path().extension() == ".in") secret.push_back(entry.path());
    std::sort(secret.begin(), secret.end());
    secret.resize(std::min<std::size_t>(secret.size(), 3));
    for (const fs::path& in : secret)
      for (const char* ext : {".in", ".ans"})
        if (fs::exists(fs::path(in).replace_extension(ext))) {
          const fs::path target = to / fs::relative(fs::path(in).replace_extension(ext), repo_);
          fs::create_directories(target.parent_path());
          fs::copy_file(fs::path(in).replace_extension(ext), target);
        }
  }

  ExportRun judge_export(const fs::path& root, const std::string& arguments,
                         const fs::path& build = {}) {
    const fs::path out = tmp_ / "stdout", err = tmp_ / "stderr";
    const int status =
        shell(shell_quote((bin_ / "judge").string()) + " --root " + shell_quote(root.string()) +
              " export " + arguments + " --build-dir " +
              shell_quote((build.empty() ? bin_.parent_path() : build).string()) + " > " +
              shell_quote(out.string()) + " 2> " + shell_quote(err.string()));
    return {status, read_text(out), read_text(err)};
  }

  const TempDir scratch_{"entrapment safety"};
  const fs::path tmp_ = scratch_.path;
  fs::path repo_, bin_;
};

// The accident of issue 11: the checkout is named entrapment and OUTDIR is its parent.
TEST_F(ExportSafety, ExportOverTheCheckoutItselfIsRefused) {
  const fs::path checkout = tmp_ / "entrapment";
  copy_package(checkout);
  write_text(checkout / ".git" / "HEAD", "ref: refs/heads/main\n");
  const auto before = snapshot(checkout);
  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    const ExportRun run = judge_export(
        checkout, std::string("--format ") + format + " --zip " + shell_quote(tmp_.string()));
    EXPECT_EQ(run.status, 2) << format;
    EXPECT_NE(run.err.find("refusing to export there"), std::string::npos) << run.err;
    EXPECT_EQ(snapshot(checkout), before) << format;
    EXPECT_FALSE(fs::exists(tmp_ / "entrapment.zip"));
  }
  // --force does not lift it.
  EXPECT_EQ(judge_export(checkout, "--format legacy --force " + shell_quote(tmp_.string())).status,
            2);
  EXPECT_EQ(snapshot(checkout), before);
}

TEST_F(ExportSafety, OutputInsideOrAroundTheRootIsRefused) {
  const fs::path root = tmp_ / "work" / "entrapment" / "package";
  copy_package(root);
  const auto before = snapshot(root);
  // Inside: OUTDIR/entrapment would lie in the package.
  ExportRun run = judge_export(root, "--format 2025-09 " + shell_quote((root / "out").string()));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("lies inside"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(root / "out"));
  // Around: OUTDIR/entrapment would hold the package.
  run = judge_export(root, "--format 2025-09 " + shell_quote((tmp_ / "work").string()));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("contains"), std::string::npos) << run.err;
  // Through a symbolic link to the package's parent: the same directory.
  fs::create_directory_symlink(tmp_ / "work", tmp_ / "link");
  run = judge_export(root, "--format legacy " + shell_quote((tmp_ / "link").string()));
  EXPECT_EQ(run.status, 2) << run.err;
  EXPECT_EQ(snapshot(root), before);
}

TEST_F(ExportSafety, TheBuildDirectoryIsProtected) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  const fs::path build = tmp_ / "builds" / "entrapment";  // a build directory named entrapment
  fs::create_directories(build);
  fs::copy(bin_.parent_path() / "interactor", build / "interactor", fs::copy_options::recursive);
  const auto before = snapshot(build);
  const ExportRun run =
      judge_export(root, "--format legacy " + shell_quote((tmp_ / "builds").string()), build);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("refusing to export there"), std::string::npos) << run.err;
  EXPECT_EQ(snapshot(build), before);
}

TEST_F(ExportSafety, ADirectoryExportDidNotWriteIsKeptUnlessForced) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  write_text(tmp_ / "out" / "entrapment" / "my notes.txt", "precious\n");
  ExportRun run = judge_export(root, "--format legacy " + shell_quote((tmp_ / "out").string()));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("was not written by judge export"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("--force"), std::string::npos) << run.err;
  EXPECT_EQ(read_text(tmp_ / "out" / "entrapment" / "my notes.txt"), "precious\n");
  EXPECT_EQ(names_in(tmp_ / "out"), std::vector<std::string>{"entrapment"});

  run = judge_export(root, "--format legacy --force " + shell_quote((tmp_ / "out").string()));
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_FALSE(fs::exists(tmp_ / "out" / "entrapment" / "my notes.txt"));
  EXPECT_TRUE(fs::exists(tmp_ / "out" / "entrapment" / "problem.yaml"));
}

TEST_F(ExportSafety, APreviousExportIsReplacedAndNothingIsLeftBehind) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  const std::string out = shell_quote((tmp_ / "out").string());
  ASSERT_EQ(judge_export(root, "--format polygon --zip " + out).status, 0);
  write_text(tmp_ / "out" / "entrapment" / "from before.txt", "old\n");
  const ExportRun run = judge_export(root, "--format 2025-09 --zip " + out);  // another format, too
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_FALSE(fs::exists(tmp_ / "out" / "entrapment" / "from before.txt"));
  EXPECT_FALSE(fs::exists(tmp_ / "out" / "entrapment" / "problem.xml"));
  EXPECT_TRUE(fs::exists(tmp_ / "out" / "entrapment" / "output_validator" / "interactor.cpp"));
  EXPECT_EQ(names_in(tmp_ / "out"), (std::vector<std::string>{"entrapment", "entrapment.zip"}));
}

TEST_F(ExportSafety, AFailedExportLeavesThePreviousOneWhole) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  const std::string out = shell_quote((tmp_ / "out").string());
  ASSERT_EQ(judge_export(root, "--format legacy --zip " + out).status, 0);
  const auto before = snapshot(tmp_ / "out");
  // A test whose name no package may hold: found while the files are written, half-way.
  fs::path any_in;
  for (const auto& entry : fs::recursive_directory_iterator(root / "testdata" / "secret"))
    if (entry.path().extension() == ".in") any_in = entry.path();
  fs::copy_file(any_in, root / "testdata" / "secret" / "zz bad name.in");
  const ExportRun run = judge_export(root, "--format legacy --zip " + out);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("not a valid file name"), std::string::npos) << run.err;
  EXPECT_EQ(snapshot(tmp_ / "out"), before);  // the previous export and zip, byte for byte
  EXPECT_EQ(names_in(tmp_ / "out"), (std::vector<std::string>{"entrapment", "entrapment.zip"}));
}

TEST_F(ExportSafety, AZipExportDidNotWriteIsKeptUnlessForced) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  write_text(tmp_ / "out" / "entrapment.zip", "my own archive\n");
  const std::string out = shell_quote((tmp_ / "out").string());
  ExportRun run = judge_export(root, "--format legacy --zip " + out);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("entrapment.zip: exists and was not written by judge export"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(read_text(tmp_ / "out" / "entrapment.zip"), "my own archive\n");
  EXPECT_FALSE(fs::exists(tmp_ / "out" / "entrapment"));
  run = judge_export(root, "--format legacy --zip --force " + out);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_EQ(read_text(tmp_ / "out" / "entrapment.zip").substr(0, 2), "PK");
  // Ours now: replaced without --force.
  EXPECT_EQ(judge_export(root, "--format legacy --zip " + out).status, 0);
}

TEST_F(ExportSafety, AnInteractorOlderThanTheSourcesIsRefused) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  std::ofstream(root / "judge" / "problems" / "entrapment" / "game" / "board.cpp", std::ios::app)
      << "// changed\n";
  const ExportRun run =
      judge_export(root, "--format 2025-09 " + shell_quote((tmp_ / "out").string()));
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("stale"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("judge/problems/entrapment/game/board.cpp"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("cmake --build"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(tmp_ / "out"));
}

TEST_F(ExportSafety, ASubmissionNoOneHereCanRunIsLeftOutWithAWarning) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  write_text(root / "solutions" / "accepted" / "extra.kt", "fun main() { println(\"Runner\") }\n");
  for (const char* format : {"legacy", "2025-09", "polygon"}) {
    const fs::path out = tmp_ / format;
    const ExportRun run =
        judge_export(root, std::string("--format ") + format + " " + shell_quote(out.string()));
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("solutions/accepted/extra.kt: left out"), std::string::npos) << run.err;
    for (const auto& entry : fs::recursive_directory_iterator(out))
      EXPECT_NE(entry.path().filename(), "extra.kt") << entry.path();
    EXPECT_NE(read_text(out / "entrapment" / "README.md").find("extra.kt"), std::string::npos);
  }
  EXPECT_EQ(read_text(tmp_ / "polygon" / "entrapment" / "problem.xml").find("kotlin"),
            std::string::npos);
}

TEST_F(ExportSafety, TheExhaustiveTierShipsOnlyOnRequest) {
  const fs::path root = tmp_ / "package";
  copy_package(root);
  const std::string out = shell_quote((tmp_ / "out").string());
  ExportRun run = judge_export(root, "--format legacy --exhaustive " + out);
  EXPECT_EQ(run.status, 2);
  EXPECT_NE(run.err.find("testdata/exhaustive"), std::string::npos) << run.err;

  fs::path any_in;
  for (const auto& entry : fs::recursive_directory_iterator(root / "testdata" / "secret"))
    if (entry.path().extension() == ".in") any_in = entry.path();
  write_text(root / "testdata" / "exhaustive" / "boards" / "x1.in", read_text(any_in));
  ASSERT_EQ(judge_export(root, "--format legacy " + out).status, 0);
  EXPECT_FALSE(fs::exists(tmp_ / "out" / "entrapment" / "data" / "secret" / "exhaustive"));
  std::size_t secret = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root / "testdata" / "secret"))
    secret += entry.path().extension() == ".in";
  for (const char* format : {"legacy", "2025-09"}) {
    run = judge_export(root, std::string("--format ") + format + " --exhaustive " + out);
    EXPECT_EQ(run.status, 0) << run.err;
    const fs::path data = tmp_ / "out" / "entrapment" / "data" / "secret";
    const fs::path shipped = data / "exhaustive" / "boards" / "x1.in";
    EXPECT_EQ(read_text(shipped), read_text(any_in)) << format;
    EXPECT_TRUE(fs::exists(fs::path(shipped).replace_extension(".ans"))) << format;
    // The whole contest set, and the tier's one test beside it.
    std::size_t shipped_in = 0;
    for (const auto& entry : fs::recursive_directory_iterator(data))
      shipped_in += entry.path().extension() == ".in";
    EXPECT_EQ(shipped_in, secret + 1) << format;
  }
  run = judge_export(root, "--format polygon --exhaustive " + out);
  EXPECT_EQ(run.status, 0) << run.err;
  EXPECT_NE(
      read_text(tmp_ / "out" / "entrapment" / "tests-origin.txt").find("exhaustive/boards/x1"),
      std::string::npos);
}

// Red team, issue 27: an export interrupted (Ctrl-C) while it copied the exhaustive tests left
// OUTDIR/.entrapment.export-XXXXXX (4 of 4 under load, each saying "1 directory removed"):
// its thread went on copying while the clean-up removed the directory, and a file added
// meanwhile made that removal fail half-way. Interrupted while it copies, it leaves nothing.
TEST_F(ExportSafety, AnExportInterruptedWhileItCopiesLeavesNothing) {
  for (int attempt = 0; attempt < 4; ++attempt) {
    const fs::path out = tmp_ / ("out-" + std::to_string(attempt));
    fs::create_directories(out);
    ProcessOptions options;
    options.env = {{"ENTRAPMENT_ROOT", std::nullopt}};
    Process judge(
        {(bin_ / "judge").string(), "--root", repo_.string(), "export", "--format", "kattis",
         "--exhaustive", "--build-dir", bin_.parent_path().string(), out.string()},
        options);
    // Until it copies the exhaustive tests (a staging directory with data/secret/exhaustive).
    bool copying = false;
    for (int look = 0; look < 6000 && !copying && judge.running(); ++look) {
      std::error_code error;
      for (const auto& entry : fs::directory_iterator(out, error))
        copying = copying || fs::exists(entry.path() / "data" / "secret" / "exhaustive", error);
      if (!copying) ::usleep(5000);
    }
    if (!copying) continue;  // it was done first: nothing to interrupt
    ::kill(judge.pid(), SIGINT);
    EXPECT_EQ(judge.wait(), 130) << judge.err();
    EXPECT_EQ(names_in(out), std::vector<std::string>{}) << "attempt " << attempt << "\n"
                                                         << judge.err();
  }
}

}  // namespace
}  // namespace entrapment::testing
