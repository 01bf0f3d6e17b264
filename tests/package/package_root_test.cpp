// Which package a command works on: --root, else ENTRAPMENT_ROOT, else the nearest directory at
// or above the working directory with problem.yaml and testdata/ -- never the source tree the
// judge was built from. Checked in a scratch tree whose path has spaces.
#include "package/package_root.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "tests/support/temp_dir.hpp"

namespace entrapment {
namespace {

namespace fs = std::filesystem;

class PackageRootTest : public ::testing::Test {
 protected:
  void SetUp() override {
    package_ = scratch_ / "my package";
    fs::create_directories(package_ / "testdata" / "secret");
    fs::create_directories(package_ / "solutions" / "accepted");
    std::ofstream(package_ / "problem.yaml") << "name: x\n";
    fs::create_directories(scratch_ / "elsewhere");
  }

  std::string error_of(const std::string& option, const char* environment, const fs::path& cwd) {
    try {
      find_package_root(option, environment, cwd);
    } catch (const PackageRootError& e) {
      return e.what();
    }
    return "";
  }

  const testing::TempDir temp_{"entrapment root test"};
  const fs::path scratch_ = temp_.path;
  fs::path package_;
};

TEST_F(PackageRootTest, FoundAtOrAboveTheWorkingDirectory) {
  EXPECT_EQ(find_package_root("", nullptr, package_).path, package_);
  const PackageRoot below = find_package_root("", nullptr, package_ / "solutions" / "accepted");
  EXPECT_EQ(below.path, package_);
  EXPECT_EQ(below.origin, "found upward from the working directory");
  EXPECT_EQ(find_package_root("", "", package_ / "testdata").path, package_)
      << "an empty ENTRAPMENT_ROOT is unset";
}

// Red team, issue 27: a directory everyone may write to (/tmp) was taken for the package when
// it held problem.yaml and testdata/, which any local user may put there: root's judge,
// started in a directory of its own under /tmp, judged (and without bwrap ran) what they
// planted. The search passes over such a directory; named with --root it is still taken.
TEST_F(PackageRootTest, ADirectoryEveryoneMayWriteToIsNeverFoundUpward) {
  const fs::path shared = scratch_ / "shared";
  fs::create_directories(shared / "testdata");
  std::ofstream(shared / "problem.yaml") << "name: planted\n";
  fs::create_directories(shared / "mine");
  fs::permissions(shared, fs::perms::all | fs::perms::sticky_bit);
  const std::string error = error_of("", nullptr, shared / "mine");
  EXPECT_NE(error.find("no package here"), std::string::npos) << error;
  EXPECT_NE(error.find(shared.string() + " does, but everyone may write to it"), std::string::npos)
      << error;
  EXPECT_EQ(find_package_root(shared.string(), nullptr, shared / "mine").path, shared);
}

TEST_F(PackageRootTest, TheNearestWins) {
  const fs::path inner = package_ / "solutions" / "copy";
  fs::create_directories(inner / "testdata");
  std::ofstream(inner / "problem.yaml") << "name: y\n";
  EXPECT_EQ(find_package_root("", nullptr, inner / "testdata").path, inner);
}

TEST_F(PackageRootTest, ProblemYamlAloneIsNotAPackageWhenSearching) {
  std::ofstream(scratch_ / "elsewhere" / "problem.yaml") << "name: z\n";
  const std::string error = error_of("", nullptr, scratch_ / "elsewhere");
  EXPECT_NE(error.find("no package here: neither " + (scratch_ / "elsewhere").string()),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("--root DIR or ENTRAPMENT_ROOT=DIR"), std::string::npos) << error;
}

TEST_F(PackageRootTest, RootOptionThenEnvironmentWin) {
  const PackageRoot option =
      find_package_root(package_.string(), "/nonexistent", scratch_ / "elsewhere");
  EXPECT_EQ(option.path, package_);
  EXPECT_EQ(option.origin, "--root");
  const PackageRoot environment = find_package_root("", package_.c_str(), scratch_ / "elsewhere");
  EXPECT_EQ(environment.path, package_);
  EXPECT_EQ(environment.origin, "ENTRAPMENT_ROOT");
  // Relative to the working directory, and normalised.
  EXPECT_EQ(find_package_root("../my package/./", nullptr, scratch_ / "elsewhere").path, package_);
}

TEST_F(PackageRootTest, ANamedRootMustBeAPackage) {
  EXPECT_EQ(error_of("/nonexistent/pkg", nullptr, package_),
            "--root /nonexistent/pkg: no such directory");
  EXPECT_EQ(error_of("", (scratch_ / "elsewhere").c_str(), package_),
            "ENTRAPMENT_ROOT=" + (scratch_ / "elsewhere").string() +
                ": not a package root: it holds neither problem.yaml nor testdata/");
  fs::create_directories(scratch_ / "elsewhere" / "testdata");
  EXPECT_EQ(find_package_root("", (scratch_ / "elsewhere").c_str(), package_).path,
            scratch_ / "elsewhere")
      << "a package being set up may have testdata/ before problem.yaml";
}

// build/bin/judge run from elsewhere, on a file kept elsewhere, finds the package it was built
// in (issue 29); the working directory's own package comes first.
TEST_F(PackageRootTest, TheJudgeProgramsOwnPackageWhenTheWorkingDirectoryHasNone) {
  const fs::path judge = package_ / "build" / "bin" / "judge";
  const PackageRoot found = find_package_root("", nullptr, scratch_ / "elsewhere", judge);
  EXPECT_EQ(found.path, package_);
  EXPECT_NE(found.origin.find("judge was built in"), std::string::npos) << found.origin;
  const fs::path other = scratch_ / "elsewhere" / "other package";
  fs::create_directories(other / "testdata");
  std::ofstream(other / "problem.yaml") << "name: y\n";
  EXPECT_EQ(find_package_root("", nullptr, other, judge).path, other);
  EXPECT_NE(error_of("", nullptr, scratch_ / "elsewhere").find("no package here"),
            std::string::npos);
}

}  // namespace
}  // namespace entrapment
