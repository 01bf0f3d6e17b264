// Stale single-file programs are refused: cmake/amalgamate.cmake records the SHA-256 of every
// source and of the generated body, judge export recomputes them (judge/export/single_file.hpp,
// sha256.hpp). SHA-256 against the standard's vectors and sha256sum; the header written by the
// real amalgamate.cmake accepted as is, and refused once a source or the body changes.
#include "export/single_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "export/export.hpp"
#include "export/sha256.hpp"
#include "tests/support/files.hpp"
#include "tests/support/process.hpp"
#include "tests/support/repository.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::shell;
using testing::shell_quote;
using testing::write_text;

TEST(Sha256, StandardVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Every length around the padding boundaries, and bytes of every value, against sha256sum.
TEST(Sha256, AgreesWithSha256sum) {
  const testing::TempDir dir("entrapment single file");
  std::mt19937 random(12345);
  for (std::size_t length : {1u, 55u, 56u, 57u, 63u, 64u, 65u, 119u, 120u, 128u, 1000u}) {
    std::string data(length, '\0');
    for (char& c : data) c = static_cast<char>(random() & 0xff);
    const fs::path file = dir.path / ("data-" + std::to_string(length));
    write_text(file, data);
    const fs::path out = dir.path / "sum";
    ASSERT_EQ(shell("sha256sum " + shell_quote(file.string()) + " > " + shell_quote(out.string())),
              0);
    EXPECT_EQ(sha256_hex(data), read_text(out).substr(0, 64)) << length;
  }
}

// The real cmake/amalgamate.cmake on sources of a scratch repository: its header is accepted,
// and every change after it is refused with a message that names what changed.
class Amalgamated : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = dir_.path / "repo";
    write_text(root_ / "judge" / "a.hpp", "#pragma once\nint a();\n");
    write_text(root_ / "judge" / "a.cpp", "#include \"a.hpp\"\nint a() { return 42; }\n");
    write_text(root_ / "cmake" / "amalgamate.cmake",
               read_text(testing::repository() / "cmake" / "amalgamate.cmake"));
    generated_ = dir_.path / "build" / "interactor" / "x.cpp";
    fs::create_directories(generated_.parent_path());
    const std::string sources =
        (root_ / "judge" / "a.hpp").string() + "|" + (root_ / "judge" / "a.cpp").string();
    ASSERT_EQ(shell(shell_quote(ENTRAPMENT_CMAKE) + " -DOUTPUT=" +
                    shell_quote(generated_.string()) + " " + shell_quote("-DSOURCES=" + sources) +
                    " -P " + shell_quote((root_ / "cmake" / "amalgamate.cmake").string())),
              0);
  }

  std::string refusal() {
    try {
      check_single_file(generated_, root_, dir_.path / "build");
    } catch (const ExportError& e) {
      return e.what();
    }
    return "";
  }

  const testing::TempDir dir_{"entrapment single file"};
  fs::path root_, generated_;
};

TEST_F(Amalgamated, FreshFileIsAccepted) {
  const std::string text = read_text(generated_);
  const SingleFileHeader header = parse_single_file_header(text, "x.cpp");
  ASSERT_EQ(header.sources.size(), 2u);
  EXPECT_EQ(header.sources[0].path, "judge/a.hpp");
  EXPECT_EQ(header.sources[1].sha256, sha256_hex(read_text(root_ / "judge" / "a.cpp")));
  EXPECT_NE(text.find("int a() { return 42; }"), std::string::npos);
  EXPECT_EQ(text.find("#include \"a.hpp\""), std::string::npos);
  EXPECT_EQ(refusal(), "");
}

TEST_F(Amalgamated, ChangedSourceIsStale) {
  write_text(root_ / "judge" / "a.cpp", "#include \"a.hpp\"\nint a() { return 43; }\n");
  const std::string message = refusal();
  EXPECT_NE(message.find("stale"), std::string::npos) << message;
  EXPECT_NE(message.find("judge/a.cpp"), std::string::npos) << message;
  EXPECT_NE(message.find("cmake --build"), std::string::npos) << message;
}

TEST_F(Amalgamated, MissingSourceIsStale) {
  fs::remove(root_ / "judge" / "a.hpp");
  EXPECT_NE(refusal().find("judge/a.hpp, which no longer exists"), std::string::npos) << refusal();
}

TEST_F(Amalgamated, HandEditIsRefused) {
  std::string text = read_text(generated_);
  text.replace(text.find("return 42"), 9, "return 41");
  write_text(generated_, text);
  EXPECT_NE(refusal().find("edited"), std::string::npos) << refusal();
}

TEST_F(Amalgamated, FileWithoutHeaderIsRefused) {
  write_text(generated_, "// an interactor written by hand\nint main() {}\n");
  EXPECT_NE(refusal().find("no source hashes"), std::string::npos) << refusal();
  write_text(generated_, "// entrapment-source nothex judge/a.cpp\n");
  EXPECT_NE(refusal().find("malformed"), std::string::npos) << refusal();
}

// A program's single file holds what its entry point (the last source) includes, directly or
// through the .cpp files of the headers it reaches (a .cpp implements the header listed last
// before it), and nothing else: the input validators leave out the interaction.
TEST(AmalgamatedProgram, HoldsWhatItsEntryPointReachesAndNothingElse) {
  const testing::TempDir dir("entrapment single file");
  const fs::path root = dir.path / "repo";
  write_text(root / "judge" / "used.hpp", "#pragma once\n#include \"deep.hpp\"\nint used();\n");
  write_text(root / "judge" / "deep.hpp", "#pragma once\nint deep();\n");
  write_text(root / "judge" / "deep.cpp", "#include \"deep.hpp\"\nint deep() { return 1; }\n");
  write_text(root / "judge" / "used_one.cpp",
             "#include \"used.hpp\"\nint used() { return deep() + 1; }\n");
  write_text(root / "judge" / "used_two.cpp",
             "#include \"deep.hpp\"\nint used_too() { return 3; }\n");
  write_text(root / "judge" / "unused.hpp", "#pragma once\nint unused();\n");
  write_text(root / "judge" / "unused.cpp",
             "#include \"unused.hpp\"\nint unused() { return 4; }\n");
  // From judge/ (validators/ includes as "testcase/testcase.hpp" does).
  write_text(root / "validators" / "main.cpp",
             "#include \"used.hpp\"\nint main() { return used(); }\n");
  write_text(root / "cmake" / "amalgamate.cmake",
             read_text(testing::repository() / "cmake" / "amalgamate.cmake"));
  const fs::path generated = dir.path / "build" / "interactor" / "main.cpp";
  fs::create_directories(generated.parent_path());
  std::string sources;
  for (const char* name :
       {"judge/deep.hpp", "judge/deep.cpp", "judge/unused.hpp", "judge/unused.cpp",
        "judge/used.hpp", "judge/used_one.cpp", "judge/used_two.cpp", "validators/main.cpp"})
    sources += (sources.empty() ? "" : "|") + (root / name).string();
  ASSERT_EQ(shell(shell_quote(ENTRAPMENT_CMAKE) + " -DOUTPUT=" + shell_quote(generated.string()) +
                  " " + shell_quote("-DSOURCES=" + sources) + " -P " +
                  shell_quote((root / "cmake" / "amalgamate.cmake").string())),
            0);
  const std::string text = read_text(generated);
  std::vector<std::string> listed;
  for (const SingleFileSource& source : parse_single_file_header(text, "main.cpp").sources)
    listed.push_back(source.path);
  EXPECT_EQ(listed, (std::vector<std::string>{"judge/deep.hpp", "judge/deep.cpp", "judge/used.hpp",
                                              "judge/used_one.cpp", "judge/used_two.cpp",
                                              "validators/main.cpp"}));
  EXPECT_EQ(text.find("int unused"), std::string::npos) << text;
  EXPECT_NE(text.find("int used_too() { return 3; }"), std::string::npos) << text;
  EXPECT_EQ(shell("g++ -std=c++14 -Wall -Wextra -o " + shell_quote((dir.path / "main").string()) +
                  " " + shell_quote(generated.string())),
            0)
      << text;
}

}  // namespace
}  // namespace entrapment
