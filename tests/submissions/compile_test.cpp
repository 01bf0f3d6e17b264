// Compiling is running the contestant's code: a source that embeds a file at compile time
// (asm(".incbin")), includes /dev/zero, or instantiates templates without end is a compile
// error with a message, never a compiled program holding the test data, and never a compiler
// that eats the machine (it runs as the contestant, isolated, under the compile limits). Each
// in every isolation the machine offers: bwrap, and the namespaces the judge makes as root.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>

#include "containment/box_process.hpp"
#include "containment/spawn.hpp"
#include "submissions/submission.hpp"
#include "submissions/work_dir.hpp"
#include "tests/support/runs.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

// A secret test of the package this checkout is: readable by everyone here, as a package on a
// shared machine may be.
fs::path a_secret_test() {
  for (const auto& entry : fs::directory_iterator(package_root() / "testdata" / "secret"))
    if (entry.path().extension() == ".in") return fs::absolute(entry.path());
  return {};
}

class HostileCompile : public ModeTest {
 protected:
  void SetUp() override {
    ModeTest::SetUp();
    if (IsSkipped()) return;
    if (find_program("g++").empty()) GTEST_SKIP() << "no g++ here";
    saved_ = compile_options();
    CompileOptions options;
    options.sandbox = sandbox();
    options.mechanism = mechanism();
    options.memory_mib = 512;  // gentle on a shared machine; the compiles below need far less
    options.time_s = 60;
    set_compile_options(options);
  }
  void TearDown() override { set_compile_options(saved_); }

  // The CompileError's message for `source`, or "" (with a failure) when it compiled.
  std::string compile_error_of(const std::string& source) {
    const fs::path file = dir_.path / "hostile.cpp";
    std::ofstream(file) << source;
    WorkDir work("compile-test");
    try {
      const Submission compiled = prepare_submission(file, work.path() / "0");
      ADD_FAILURE() << "it compiled: " << compiled.command.front();
    } catch (const CompileError& e) {
      return e.what();
    } catch (const std::exception& e) {
      ADD_FAILURE() << "not a compile error: " << e.what();
    }
    return "";
  }

  TempDir dir_{"entrapment-test-compile", 0755};
  CompileOptions saved_;
};

TEST_P(HostileCompile, EmbeddingASecretTestIsACompileError) {
  const fs::path secret = a_secret_test();
  ASSERT_FALSE(secret.empty());
  const std::string message = compile_error_of(
      "asm(\".section .rodata\\n.global leak\\nleak: .incbin \\\"" + secret.string() +
      "\\\"\\n.byte 0\\n.text\");\n#include <cstdio>\nextern const char leak[];\n"
      "int main() { std::puts(leak); }\n");
  EXPECT_NE(message.find(secret.filename().string()), std::string::npos) << message;
  EXPECT_EQ(leftovers(), std::vector<std::string>{});
}

TEST_P(HostileCompile, IncludingDevZeroIsACompileErrorWithinTheLimits) {
  const std::string message = compile_error_of("#include \"/dev/zero\"\nint main() {}\n");
  EXPECT_NE(message.find("compile error"), std::string::npos) << message;
  EXPECT_EQ(leftovers(), std::vector<std::string>{});
}

TEST_P(HostileCompile, EmbeddingDevZeroIsACompileErrorWithinTheLimits) {
  const std::string message = compile_error_of(
      "asm(\".section .rodata\\n.incbin \\\"/dev/zero\\\"\\n.text\");\nint main() {}\n");
  EXPECT_NE(message.find("compile error"), std::string::npos) << message;
  EXPECT_EQ(leftovers(), std::vector<std::string>{});
}

TEST_P(HostileCompile, ATemplateWithoutEndIsACompileError) {
  const std::string message = compile_error_of(
      "template <int N> struct Deeper { static const int value = Deeper<N + 1>::value; };\n"
      "int main() { return Deeper<0>::value; }\n");
  EXPECT_NE(message.find("template instantiation depth"), std::string::npos) << message;
}

// Nothing the compiler writes goes anywhere but its scratch directory: a source cannot make
// it write the package (-o is the judge's), and what it leaves is removed.
TEST_P(HostileCompile, ACorrectSourceStillCompilesAndRuns) {
  const fs::path file = dir_.path / "claim.cpp";
  std::ofstream(file) << "#include <cstdio>\nint main() { std::puts(\"Runner\"); }\n";
  WorkDir work("compile-test");
  const Submission compiled = prepare_submission(file, work.path() / "0");
  const TestResult result =
      judge_test(compiled, echo_module(), echo_test(), "claim",
                 small_limits(std::get<1>(GetParam())), std::get<0>(GetParam()));
  EXPECT_EQ(to_string(result.verdict), std::string("WA")) << result.message;
  EXPECT_NE(result.message.find("Runner"), std::string::npos) << result.message;
}

INSTANTIATE_TEST_SUITE_P(
    Compile, HostileCompile,
    // In bwrap alone: without it the compiler (contestant code) has the machine's files in
    // reach, and only trusted code is compiled there (doc/execution.md).
    ::testing::Combine(::testing::Values(true),
                       ::testing::Values(LimitChoice::Cgroup, LimitChoice::Rlimit)),
    ModeName());

}  // namespace
}  // namespace entrapment::testing
