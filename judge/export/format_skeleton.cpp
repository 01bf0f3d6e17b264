// Writes what a format's skeleton holds (format_skeleton.hpp).
#include "format_skeleton.hpp"

#include <fmt/format.h>

namespace entrapment {

namespace {

constexpr const char* kReadmeHead =
    "# {name} — {title}\n\n"
    "Written by `judge export --format {format}` from the {name} judging package; do not "
    "edit it here.{intro}\n\n"
    "{body}{settings}";

constexpr const char* kSolutionsLeftOut =
    "solutions/ is not exported: {why}; submit the reference solutions yourself to check.";

}  // namespace

std::vector<NumberedTest> number_tests(const SourcePackage& source, const TestLayout& layout) {
  const std::vector<const SourceTest*> tests = judged_tests(source);
  const int width = layout.zero_padded ? width_for(layout.first + tests.size() - 1) : 1;
  std::vector<NumberedTest> out;
  for (std::size_t i = 0; i < tests.size(); ++i)
    out.push_back({padded(layout.first + i, width), tests[i]});
  return out;
}

FormatSkeleton::FormatSkeleton(const SourcePackage& source, std::string format, TestLayout tests,
                               std::vector<CopiedFile> copies, std::string attachments)
    : format(std::move(format)),
      tests(std::move(tests)),
      numbered(this->tests.input.empty() ? std::vector<NumberedTest>{}
                                         : number_tests(source, this->tests)),
      limits(official_limits(source)),
      copies(std::move(copies)),
      attachments(std::move(attachments)) {}

FormatResult write_format(const SourcePackage& source, PackageWriter& out,
                          const FormatSkeleton& skeleton, std::vector<std::string>& notes) {
  if (!skeleton.tests.input.empty()) {
    const TestLayout& layout = skeleton.tests;
    std::string origin;
    for (const NumberedTest& numbered : skeleton.numbered) {
      const auto name = [&](const std::string& pattern) {
        return fmt::format(fmt::runtime(pattern), fmt::arg("number", numbered.number),
                           fmt::arg("package", source.short_name));
      };
      const std::filesystem::path& in = numbered.test->files.at(".in");
      out.copy(name(layout.input), in);
      if (!layout.answer.empty()) out.write(name(layout.answer), answer_text(source, in));
      origin += fmt::format("{} {}/{}\n", name(layout.origin_number), numbered.test->group,
                            numbered.test->name);
    }
    out.write(layout.origin, origin);
  }
  for (const CopiedFile& copy : skeleton.copies) out.copy(copy.path, copy.from);
  for (const auto& attachment : source.attachments)
    out.copy(skeleton.attachments + "/" + attachment.filename().string(), attachment);
  for (const WrittenFile& file : skeleton.files) out.write(file.path, file.text);

  notes.insert(notes.end(), skeleton.notes.begin(), skeleton.notes.end());
  if (!skeleton.solutions_left_out.empty() && !source.submissions.empty())
    notes.push_back(fmt::format(kSolutionsLeftOut, fmt::arg("why", skeleton.solutions_left_out)));
  const ReadmeText& readme = skeleton.readme;
  write_package_readme(
      out,
      fmt::format(kReadmeHead, fmt::arg("name", source.config.name),
                  fmt::arg("title", readme.title), fmt::arg("format", skeleton.format),
                  fmt::arg("intro", readme.intro), fmt::arg("body", readme.body),
                  fmt::arg("settings", settings_section(readme.settings))),
      notes, skeleton.result.differences);
  return skeleton.result;
}

std::string markdown_statement(const SourcePackage& source, const MarkdownStatement& layout) {
  std::string samples = layout.samples;
  const std::vector<PolygonExample> examples = sample_examples(source);
  for (std::size_t i = 0; i < examples.size(); ++i)
    samples +=
        fmt::format(fmt::runtime(layout.sample), fmt::arg("n", i + 1),
                    fmt::arg("input", examples[i].input), fmt::arg("output", examples[i].output));
  const std::string exchange = examples_exchange_markdown(source);
  return fmt::format(
      "{header}{legend_heading}{legend}{input_heading}{input}{output_heading}{output}"
      "{interaction}{samples}{notes_heading}{notes}{exchange}",
      fmt::arg("header", layout.header), fmt::arg("legend_heading", layout.legend),
      fmt::arg("legend", section_markdown(source, "Legend")),
      fmt::arg("input_heading", layout.input), fmt::arg("input", section_markdown(source, "Input")),
      fmt::arg("output_heading", layout.output),
      fmt::arg("output", section_markdown(source, "Output")),
      fmt::arg("interaction", section_markdown(source, "Interaction")),
      fmt::arg("samples", samples), fmt::arg("notes_heading", layout.notes),
      fmt::arg("notes", section_markdown(source, "Notes")),
      fmt::arg("exchange", exchange.empty() ? "" : "\n" + exchange));
}

}  // namespace entrapment
