// The table of export formats (judge/export/export.cpp): every canonical name and the other
// names people type find their format, in any case; a name that is none is refused with the
// closest one; and export_package() refuses an unknown format, or an option its format does not
// read, naming the formats that do, before it reads or writes anything.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>

#include "export/export.hpp"
#include "tests/support/temp_dir.hpp"

namespace entrapment {
namespace {

namespace fs = std::filesystem;

TEST(ExportFormats, EveryNameFindsItsFormat) {
  ASSERT_GE(export_format_names().size(), 10u);
  for (const std::string& name : export_format_names())
    EXPECT_EQ(parse_export_format(name), std::optional<std::string>(name));
  EXPECT_EQ(parse_export_format("LOJ"), std::optional<std::string>("libreoj"));
  EXPECT_EQ(parse_export_format("problemtools"), std::optional<std::string>("legacy"));
  EXPECT_EQ(parse_export_format("BAPCtools"), std::optional<std::string>("2025-09"));
  EXPECT_EQ(parse_export_format("qoj"), std::optional<std::string>("uoj"));
  EXPECT_EQ(parse_export_format("toy"), std::nullopt);
  const std::string error = export_format_error("lyrio2");
  EXPECT_NE(error.find("did you mean lyrio (--format libreoj)?"), std::string::npos) << error;
  EXPECT_NE(error.find("legacy, kattis, 2025-09"), std::string::npos) << error;
}

// Refused before anything is read: the options name a package root that does not exist.
ExportReport export_with(const std::string& format, const fs::path& out,
                         StatementFormat statement = StatementFormat::Latex,
                         bool official_limits = false) {
  ExportOptions options;
  options.root = out / "no package here";
  options.build_dir = out / "no build here";
  options.out_dir = out;
  options.format = format;
  options.statement = statement;
  options.official_limits = official_limits;
  return export_package(options);
}

std::string refusal(const std::function<void()>& action) {
  try {
    action();
  } catch (const ExportError& e) {
    return e.what();
  }
  return "(not refused)";
}

TEST(ExportFormats, AnUnknownFormatOrAnOptionItDoesNotReadIsRefusedFirst) {
  const testing::TempDir temp("entrapment-format-table");
  const fs::path& out = temp.path;
  const std::string unknown = refusal([&] { export_with("toy", out); });
  EXPECT_NE(unknown.find("no export format is called 'toy'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("libreoj"), std::string::npos) << unknown;
  const std::string markdown =
      refusal([&] { export_with("legacy", out, StatementFormat::Markdown); });
  EXPECT_NE(markdown.find("the legacy format takes LaTeX statements only (Markdown is for "
                          "2025-09)"),
            std::string::npos)
      << markdown;
  const std::string limits =
      refusal([&] { export_with("kattis", out, StatementFormat::Latex, true); });
  EXPECT_NE(limits.find("the kattis format always has the official limits (the option is for "
                        "hydro)"),
            std::string::npos)
      << limits;
  EXPECT_FALSE(fs::exists(out / "entrapment")) << "a refused export wrote the package";
}

}  // namespace
}  // namespace entrapment
