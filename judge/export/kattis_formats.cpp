// The Kattis problem package formats: `legacy` (spec/legacy.md: problemtools, Kattis, DOMjudge)
// and `2025-09` (spec/2025-09.md: BAPCtools, DOMjudge). Both hold the same files in slightly
// different places; the differences are spelled out where they are made.
#include <set>
#include <sstream>

#include "export.hpp"
#include "formats.hpp"

namespace entrapment {

namespace {

// Keys problem.yaml may hold in 2025-09 ("Any unknown keys should be treated as an error").
const std::set<std::string> kKeys2025 = {"problem_format_version",
                                         "type",
                                         "name",
                                         "uuid",
                                         "version",
                                         "credits",
                                         "source",
                                         "license",
                                         "rights_owner",
                                         "embargo_until",
                                         "limits",
                                         "keywords",
                                         "languages",
                                         "allow_file_writing",
                                         "constants"};

std::string scalar(const YAML::Node& node) {
  return node && node.IsScalar() ? node.as<std::string>() : "";
}

// A person of `credits` ("Name <mail>" or {name: ...}) as a plain name list item.
std::string person(const YAML::Node& node) {
  if (node.IsMap()) return scalar(node["name"]);
  return scalar(node);
}

std::string persons(const YAML::Node& node) {
  if (!node) return "";
  if (!node.IsSequence()) return person(node);
  std::string out;
  for (const YAML::Node& item : node) out += (out.empty() ? "" : ", ") + person(item);
  return out;
}

// The test case files every Kattis format shares: .in, .ans (the winner when testdata has
// none: the interactor ignores it, the formats require it), and for samples .interaction.
void write_case_core(const SourceTest& test, const std::string& base, PackageWriter& out) {
  out.copy(base + ".in", test.files.at(".in"));
  if (test.group == "invalid_input") return;  // no .ans: nothing could answer them
  if (test.has(".ans"))
    out.copy(base + ".ans", test.files.at(".ans"));
  else
    out.write(base + ".ans", winner_line(test.files.at(".in")));
  if (test.has(".interaction")) out.copy(base + ".interaction", test.files.at(".interaction"));
}

void write_illustration(const SourceTest& test, const std::string& base, PackageWriter& out) {
  for (const char* ext : {".png", ".jpg", ".jpeg", ".svg"})
    if (test.has(ext)) out.copy(base + ext, test.files.at(ext));
}

void write_common(const SourcePackage& source, PackageWriter& out,
                  const std::string& statement_dir) {
  out.copy(statement_dir + "/problem.en.tex", source.statement);
  for (const auto& attachment : source.attachments)
    out.copy("attachments/" + attachment.filename().string(), attachment);
  out.copy("input_validators/input_validator/input_validator.cpp", source.input_validator);
  for (const SourceSubmission& submission : source.submissions)
    out.copy_tree("submissions/" + submission.verdict + "/" + submission.name(), submission.path);
}

}  // namespace

std::string format_seconds(double seconds) {
  std::ostringstream text;
  text << seconds;
  return text.str();
}

// legacy: problem.yaml with legacy keys only, the time limit in .timelimit (DOMjudge; the
// legacy format has no time-limit key), problem_statement/, output_validators/<name>/.
void write_legacy(const SourcePackage& source, PackageWriter& out) {
  const YAML::Node& yaml = source.problem_yaml;
  YAML::Emitter e;
  e << YAML::BeginMap;
  e << YAML::Key << "problem_format_version" << YAML::Value << "legacy";
  e << YAML::Key << "name" << YAML::Value << source.config.name;
  if (!source.config.uuid.empty()) e << YAML::Key << "uuid" << YAML::Value << source.config.uuid;
  const YAML::Node credits = yaml["credits"];
  const std::string author =
      credits && credits.IsMap() ? persons(credits["authors"]) : persons(credits);
  if (!author.empty()) e << YAML::Key << "author" << YAML::Value << author;
  if (!source.config.source.empty())
    e << YAML::Key << "source" << YAML::Value << source.config.source;
  const YAML::Node source_node = yaml["source"];
  if (source_node && source_node.IsMap() && source_node["url"])
    e << YAML::Key << "source_url" << YAML::Value << scalar(source_node["url"]);
  if (yaml["license"]) e << YAML::Key << "license" << YAML::Value << scalar(yaml["license"]);
  if (yaml["rights_owner"])
    e << YAML::Key << "rights_owner" << YAML::Value << scalar(yaml["rights_owner"]);
  if (source.config.memory_mib > 0) {
    e << YAML::Key << "limits" << YAML::Value << YAML::BeginMap;
    e << YAML::Key << "memory" << YAML::Value << source.config.memory_mib;
    e << YAML::EndMap;
  }
  e << YAML::Key << "validation" << YAML::Value << "custom interactive";
  const YAML::Node keywords = yaml["keywords"];
  if (keywords && keywords.IsSequence() && keywords.size() > 0) {
    std::string joined;
    for (const YAML::Node& word : keywords) joined += (joined.empty() ? "" : " ") + scalar(word);
    e << YAML::Key << "keywords" << YAML::Value << joined;
  }
  e << YAML::EndMap;
  out.write("problem.yaml", std::string(e.c_str()) + "\n");
  out.write(".timelimit", format_seconds(source.config.time_limit_s) + "\n");

  write_common(source, out, "problem_statement");
  out.copy("output_validators/entrapment_interactor/interactor.cpp", source.interactor);
  for (const SourceTest& test : source.tests) {
    // The legacy format has no invalid_input group (problemtools would take data/invalid_input
    // for a test group and demand .ans files): they travel beside data/.
    const std::string base =
        (test.group == "invalid_input" ? "invalid_input/" : "data/" + test.group + "/") + test.name;
    write_case_core(test, base, out);
    for (const char* ext : {".desc", ".hint"})
      if (test.has(ext)) out.copy(base + ext, test.files.at(ext));
    write_illustration(test, base, out);
  }
}

// 2025-09: problem.yaml as in the repository (it is written in this version), statement/,
// output_validator/, data/invalid_input/, samples with .in.download and .ans.download (required
// beside an .interaction), descriptions and hints in the test case's .yaml.
void write_kattis_2025(const SourcePackage& source, PackageWriter& out) {
  const YAML::Node& yaml = source.problem_yaml;
  for (const auto& entry : yaml) {
    const std::string key = entry.first.as<std::string>();
    if (!kKeys2025.count(key))
      throw ExportError("problem.yaml: " + key + ": not a key of the 2025-09 format");
  }
  if (source.config.problem_format_version != "2025-09")
    throw ExportError(
        "problem.yaml: problem_format_version: the 2025-09 export copies problem.yaml, "
        "which must then be written in 2025-09 (it is '" +
        source.config.problem_format_version + "')");
  if (source.config.time_limit_s <= 0)
    throw ExportError("problem.yaml: limits.time_limit: missing");
  out.copy("problem.yaml", source.root / "problem.yaml");

  write_common(source, out, "statement");
  out.copy("output_validator/interactor.cpp", source.interactor);
  for (const SourceTest& test : source.tests) {
    const std::string base = "data/" + test.group + "/" + test.name;
    write_case_core(test, base, out);
    if (test.group == "sample") {  // testdata/ may hold them already; else they are derived
      if (test.has(".in.download"))
        out.copy(base + ".in.download", test.files.at(".in.download"));
      else
        out.write(base + ".in.download", board_text(test.files.at(".in")));
      if (test.has(".ans.download"))
        out.copy(base + ".ans.download", test.files.at(".ans.download"));
      else
        out.write(base + ".ans.download", winner_line(test.files.at(".in")));
    }
    if (test.has(".desc") || test.has(".hint")) {
      YAML::Emitter e;
      e << YAML::BeginMap;
      if (test.has(".desc"))
        e << YAML::Key << "description" << YAML::Value << read_text(test.files.at(".desc"));
      if (test.has(".hint"))
        e << YAML::Key << "hint" << YAML::Value << read_text(test.files.at(".hint"));
      e << YAML::EndMap;
      out.write(base + ".yaml", std::string(e.c_str()) + "\n");
    }
    write_illustration(test, base, out);
  }
}

}  // namespace entrapment
