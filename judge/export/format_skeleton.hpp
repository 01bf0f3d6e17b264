// The shape every export format has, filled by each format with what differs (issue 30): its
// tests numbered as the system names them (each with the winning side as its answer file where
// the system wants one, and tests-origin.txt naming each number's test), the files it copies
// (the interactor in the system's convention, solutions), the attachments' directory, the files
// it writes (configuration, statement), its notes and its README. A format builds one
// FormatSkeleton, as data, and write_format() writes it: adding a format is filling one in
// (doc/development.md, "How to add an export format").
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "formats.hpp"

namespace entrapment {

// How a system names a package's tests. The patterns are fmt templates: {number} is the test's
// number, from `first`, zero-padded to the width of the largest (at least 2 digits) when
// `zero_padded`; {package} is the package's short name.
struct TestLayout {
  std::string input;   // the test file (all of it): "data/{number}.in"
  std::string answer;  // the winning side, or "" when the system takes no answer file
  std::string origin = "tests-origin.txt";  // each number's test, "NUMBER GROUP/NAME" a line
  std::string origin_number = "{number}";   // how tests-origin.txt writes the number
  std::size_t first = 1;
  bool zero_padded = true;
};

struct NumberedTest {
  std::string number;  // as the layout writes it: "07", "6"
  const SourceTest* test;
};

// The tests the system judges (judged_tests(): samples first) with their numbers.
std::vector<NumberedTest> number_tests(const SourcePackage& source, const TestLayout& layout);

struct CopiedFile {
  std::string path;  // in the package
  std::filesystem::path from;
};

struct WrittenFile {
  std::string path;  // in the package
  std::string text;
};

// README.md after its marker line and warnings (write_package_readme()):
//   # NAME — TITLE
//
//   Written by `judge export --format FORMAT` from the Entrapment judging package; do not edit
//   it here.INTRO
//
//   BODY
//   ## Settings to check in SYSTEM ...
struct ReadmeText {
  std::string title;  // "Luogu problem"
  std::string intro;  // the rest of the first paragraph, from its space: " For uoj.ac ..."
  std::string body;   // Markdown, ending in a newline
  SystemSettings settings;
};

struct FormatSkeleton {
  // Numbers the tests and reads the limits, which the format's files then name.
  FormatSkeleton(const SourcePackage& source, std::string format, TestLayout tests,
                 std::vector<CopiedFile> copies, std::string attachments);

  std::string format;  // the --format name the README gives
  TestLayout tests;    // no tests written when tests.input is empty (the Kattis layouts')
  std::vector<NumberedTest> numbered;  // the tests as `tests` numbers them
  OfficialLimits limits;
  std::vector<CopiedFile> copies;
  std::string attachments;  // the directory the contestants' attachments go to
  std::vector<WrittenFile> files;
  // What the package leaves out or adapts (FormatResult and formats.hpp say where they go).
  std::vector<std::string> notes;
  // Why solutions/ is left out, for the note "solutions/ is not exported: WHY; ...": "" when
  // the format exports solutions (as copies).
  std::string solutions_left_out;
  ReadmeText readme;
  FormatResult result;
};

// Writes the skeleton's tests, copies, attachments, files and README; appends its notes to
// `notes`; returns skeleton.result.
FormatResult write_format(const SourcePackage& source, PackageWriter& out,
                          const FormatSkeleton& skeleton, std::vector<std::string>& notes);

// A statement in Markdown for the systems that take one (a form's fields, a Markdown page):
// the header, then each section of statement.en.md under the system's heading, the samples
// (the lines the program reads and those it prints), then each sample's whole exchange.
struct MarkdownStatement {
  std::string header;  // the first lines: a comment saying where it comes from, a title
  std::string legend;  // each heading as the system writes it, blank lines included
  std::string input;   // (the output heading takes the Output and Interaction sections)
  std::string output;
  std::string samples;  // before the samples ("" for none)
  std::string sample;   // fmt template of one sample: {n}, {input}, {output}
  std::string notes;
};
std::string markdown_statement(const SourcePackage& source, const MarkdownStatement& layout);

}  // namespace entrapment
