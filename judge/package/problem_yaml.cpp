#include "problem_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

#include "support/files.hpp"
#include "yaml_reader.hpp"

namespace entrapment {

namespace {

using Keys = std::vector<std::string>;

// The keys the specification defines, per map.
const Keys kTopKeys = {"problem_format_version",
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
const Keys kLimitKeys = {"time_multipliers",
                         "time_limit",
                         "time_resolution",
                         "memory",
                         "output",
                         "code",
                         "compilation_time",
                         "compilation_memory",
                         "validation_time",
                         "validation_memory",
                         "validation_output",
                         "validation_passes"};
const Keys kMultiplierKeys = {"ac_to_time_limit", "time_limit_to_tle"};
const Keys kCreditKeys = {"authors",     "contributors", "testers",
                          "translators", "packagers",    "acknowledgements"};
const Keys kPersonKeys = {"name", "email", "orcid", "kattis"};
const Keys kSourceKeys = {"name", "url"};
const Keys kTypes = {"pass-fail", "scoring", "multi-pass", "interactive", "submit-answer"};
const Keys kLicenses = {"unknown",  "public domain", "cc0",       "cc by",
                        "cc by-sa", "educational",   "permission"};

// The shapes of values, written out by hand: GCC 12 warns inside <regex> under the
// sanitizers, and these are short.
bool digit(char c) { return c >= '0' && c <= '9'; }
bool lower(char c) { return c >= 'a' && c <= 'z'; }
bool upper(char c) { return c >= 'A' && c <= 'Z'; }

// [+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?
bool is_number_text(const std::string& text) {
  std::size_t i = text.size() > 0 && text[0] == '+' ? 1 : 0;
  std::size_t digits = 0;
  while (i < text.size() && digit(text[i])) ++i, ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && digit(text[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t exponent = 0;
    while (i < text.size() && digit(text[i])) ++i, ++exponent;
    if (exponent == 0) return false;
  }
  return i == text.size();
}

// [+]?[0-9]{1,15}
bool is_integer_text(const std::string& text) {
  const std::size_t start = text.size() > 0 && text[0] == '+' ? 1 : 0;
  const std::size_t digits = text.size() - start;
  return digits >= 1 && digits <= 15 &&
         std::all_of(text.begin() + static_cast<long>(start), text.end(), digit);
}

// `text` has the shape of `pattern`, where '9' stands for a digit.
bool matches_shape(const std::string& text, const std::string& pattern) {
  if (text.size() != pattern.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (pattern[i] == '9' ? !digit(text[i]) : text[i] != pattern[i]) return false;
  return true;
}

std::string joined(const Keys& keys) {
  std::string out;
  for (const std::string& key : keys) out += (out.empty() ? "" : ", ") + key;
  return out;
}

bool contains(const Keys& keys, const std::string& key) {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

// Reads one file's keys, each error naming the file, its line and the key's dotted path
// (yaml_reader.hpp).
class Reader : public YamlReader {
 public:
  using YamlReader::YamlReader;

  std::string scalar(const std::string& key, const YAML::Node& node,
                     const std::string& what) const {
    if (!node.IsDefined() || node.IsNull()) fail(node, key, "missing; expected " + what);
    if (!node.IsScalar()) fail(node, key, "expected " + what + ", got " + kind(node));
    return node.Scalar();
  }

  double number(const std::string& key, const YAML::Node& node, const std::string& what,
                double minimum, bool strictly) const {
    const std::string text = scalar(key, node, what);
    if (is_number_text(text)) {
      const double value = std::strtod(text.c_str(), nullptr);
      if (std::isfinite(value) && (strictly ? value > minimum : value >= minimum)) return value;
    }
    fail(node, key, "expected " + what + ", got '" + text + "'");
  }

  long long integer(const std::string& key, const YAML::Node& node, const std::string& what,
                    long long minimum) const {
    const std::string text = scalar(key, node, what);
    if (is_integer_text(text)) {
      const long long value = std::stoll(text);
      if (value >= minimum) return value;
    }
    fail(node, key, "expected " + what + ", got '" + text + "'");
  }

  // A string, or a non-empty list of strings.
  Keys strings(const std::string& key, const YAML::Node& node, const std::string& what) const {
    if (node.IsScalar()) return {node.Scalar()};
    if (!node.IsSequence() || node.size() == 0)
      fail(node, key, "expected " + what + " (a string or a non-empty list), got " + kind(node));
    Keys out;
    for (std::size_t i = 0; i < node.size(); ++i)
      out.push_back(scalar(key + "[" + std::to_string(i) + "]", node[i], what));
    return out;
  }

  // A person: "Name <email>", or a map with name and optional email, orcid, kattis.
  void person(const std::string& key, const YAML::Node& node) const {
    if (node.IsScalar()) return;
    if (!node.IsMap()) fail(node, key, "expected a person (a name, or a map), got " + kind(node));
    only_known(node, key, kPersonKeys);
    scalar(key + ".name", child(node, "name"), "the person's name");
    for (const char* optional : {"email", "orcid", "kattis"})
      if (const YAML::Node value = child(node, optional); value.IsDefined())
        scalar(key + "." + optional, value, "a string");
  }

  void persons(const std::string& key, const YAML::Node& node) const {
    if (!node.IsSequence()) return person(key, node);
    if (node.size() == 0) fail(node, key, "expected a person or a non-empty list of persons");
    for (std::size_t i = 0; i < node.size(); ++i)
      person(key + "[" + std::to_string(i) + "]", node[i]);
  }
};

std::string seconds_text(double seconds) {
  std::ostringstream out;
  out << seconds;
  return out.str();
}

// Language codes as the specification uses them: "en", "pt-BR", "fil".
bool is_language_code(const std::string& code) {
  const std::size_t dash = code.find('-');
  const std::string language = code.substr(0, dash);
  if (language.size() < 2 || language.size() > 3 ||
      !std::all_of(language.begin(), language.end(), lower))
    return false;
  if (dash == std::string::npos) return true;
  const std::string region = code.substr(dash + 1);
  return region.size() == 2 && std::all_of(region.begin(), region.end(), upper);
}

void read_name(const Reader& r, const YAML::Node& node, ProblemConfig& config) {
  const std::string what = "the problem name (a string, or a map from language to name)";
  if (!node.IsDefined() || node.IsNull()) r.fail(node, "name", "missing; expected " + what);
  if (node.IsScalar()) {
    config.name = node.Scalar();
    config.names = {{"en", config.name}};
    return;
  }
  if (!node.IsMap() || node.size() == 0)
    r.fail(node, "name", "expected " + what + ", got " + Reader::kind(node));
  for (const auto& item : node) {
    const std::string code = item.first.IsScalar() ? item.first.Scalar() : "?";
    if (!is_language_code(code))
      r.fail(item.first, "name." + code, "expected a language code such as en or pt-BR");
    config.names[code] = r.scalar("name." + code, item.second, "the problem name in " + code);
  }
  config.name = config.names.count("en") ? config.names["en"] : config.names.begin()->second;
}

void read_type(const Reader& r, const YAML::Node& node, ProblemConfig& config) {
  if (!node.IsDefined() || node.IsNull())
    r.fail(node, "type",
           "missing; expected interactive (Entrapment is interactive; the specification's "
           "default is pass-fail)");
  const Keys types = r.strings("type", node, "the problem type");
  std::set<std::string> seen;
  for (const std::string& type : types) {
    if (!contains(kTypes, type))
      r.fail(node, "type", "unknown type '" + type + "'; expected one of: " + joined(kTypes));
    if (!seen.insert(type).second) r.fail(node, "type", "'" + type + "' is listed twice");
  }
  if (!seen.count("interactive"))
    r.fail(node, "type",
           "expected interactive (Entrapment is interactive), got '" + joined(types) + "'");
  for (const char* other : {"scoring", "multi-pass", "submit-answer"})
    if (seen.count(other))
      r.fail(node, "type",
             std::string("'") + other + "' does not fit this judge, which plays one pass-fail " +
                 "interactive game per test");
  config.type = "interactive";
}

// A person's name: "Name <email>" as written, or the map's name.
std::string person_name(const YAML::Node& node) {
  return node.IsMap() ? Reader::child(node, "name").Scalar() : node.Scalar();
}

void read_credits(const Reader& r, const YAML::Node& node, ProblemConfig& config) {
  if (node.IsScalar()) {  // one author
    config.authors = {node.Scalar()};
    return;
  }
  if (!node.IsMap())
    r.fail(node, "credits", "expected a person or a map, got " + Reader::kind(node));
  r.only_known(node, "credits", kCreditKeys);
  for (const auto& item : node) {
    const std::string key = "credits." + item.first.Scalar();
    if (item.first.Scalar() != "translators") {
      r.persons(key, item.second);
      if (item.first.Scalar() == "authors") {
        if (!item.second.IsSequence()) config.authors = {person_name(item.second)};
        for (std::size_t i = 0; item.second.IsSequence() && i < item.second.size(); ++i)
          config.authors.push_back(person_name(item.second[i]));
      }
      continue;
    }
    if (!item.second.IsMap())
      r.fail(item.second, key,
             "expected a map from language to persons, got " + Reader::kind(item.second));
    for (const auto& translation : item.second) {
      const std::string code = translation.first.IsScalar() ? translation.first.Scalar() : "?";
      if (!is_language_code(code))
        r.fail(translation.first, key + "." + code, "expected a language code such as en");
      r.persons(key + "." + code, translation.second);
    }
  }
}

// One source entry: a name, or a map with name and optional url. Returns the name and url.
std::pair<std::string, std::string> read_source_entry(const Reader& r, const std::string& key,
                                                      const YAML::Node& node) {
  if (node.IsScalar()) return {node.Scalar(), ""};
  if (!node.IsMap())
    r.fail(node, key,
           "expected the source's name or a map with name and url, got " + Reader::kind(node));
  r.only_known(node, key, kSourceKeys);
  std::string url;
  if (const YAML::Node v = Reader::child(node, "url"); v.IsDefined())
    url = r.scalar(key + ".url", v, "a URL");
  return {r.scalar(key + ".name", Reader::child(node, "name"), "the contest's name"), url};
}

void read_source(const Reader& r, const YAML::Node& node, ProblemConfig& config) {
  if (!node.IsSequence()) {
    std::tie(config.source, config.source_url) = read_source_entry(r, "source", node);
    return;
  }
  if (node.size() == 0) r.fail(node, "source", "expected at least one source");
  for (std::size_t i = 0; i < node.size(); ++i) {
    const auto entry = read_source_entry(r, "source[" + std::to_string(i) + "]", node[i]);
    if (i == 0) std::tie(config.source, config.source_url) = entry;
  }
}

// The ranges a judge can work with (beyond them every test would time out, no program could
// start, or the figures would overflow): errors, not judge errors on every test.
constexpr double kMaxSeconds = 3600;          // an hour
constexpr long long kMinMemoryMib = 32;       // a static C program, Python, a small JVM
constexpr long long kMaxMemoryMib = 1 << 20;  // 1 TiB
constexpr long long kMaxOutputMib = 1 << 16;  // 64 GiB
constexpr long long kMaxCodeKib = 1 << 16;    // 64 MiB; contest systems allow 64 KiB to a few MiB
constexpr double kMaxMultiplier = 100;

double at_most_seconds(const Reader& r, const std::string& key, const YAML::Node& node,
                       double value) {
  if (value > kMaxSeconds)
    r.fail(node, key,
           "expected at most " + seconds_text(kMaxSeconds) + " seconds, got " + node.Scalar());
  return value;
}

long long memory_in_range(const Reader& r, const std::string& key, const YAML::Node& node,
                          long long value) {
  if (value < kMinMemoryMib || value > kMaxMemoryMib)
    r.fail(node, key,
           "expected " + std::to_string(kMinMemoryMib) + " to " + std::to_string(kMaxMemoryMib) +
               " MiB, got " + node.Scalar());
  return value;
}

void read_limits(const Reader& r, const YAML::Node& node, ProblemConfig& config) {
  if (!node.IsMap()) r.fail(node, "limits", "expected a map of limits, got " + Reader::kind(node));
  r.only_known(node, "limits", kLimitKeys);
  const auto get = [&](const char* key) { return Reader::child(node, key); };
  if (const YAML::Node m = get("time_multipliers"); m.IsDefined()) {
    if (!m.IsMap()) r.fail(m, "limits.time_multipliers", "expected a map, got " + Reader::kind(m));
    r.only_known(m, "limits.time_multipliers", kMultiplierKeys);
    for (const char* name : {"ac_to_time_limit", "time_limit_to_tle"}) {
      const YAML::Node v = Reader::child(m, name);
      if (!v.IsDefined()) continue;
      const std::string key = std::string("limits.time_multipliers.") + name;
      const double value = r.number(key, v, "a number >= 1", 1, false);
      if (value > kMaxMultiplier)
        r.fail(v, key, "expected at most " + seconds_text(kMaxMultiplier) + ", got " + v.Scalar());
      (std::string(name) == "ac_to_time_limit" ? config.ac_to_time_limit
                                               : config.time_limit_to_tle) = value;
    }
  }
  if (const YAML::Node v = get("time_resolution"); v.IsDefined())
    config.time_resolution_s = at_most_seconds(
        r, "limits.time_resolution", v,
        r.number("limits.time_resolution", v, "a positive number of seconds", 0, true));
  config.time_limit_s = config.time_resolution_s;
  if (const YAML::Node v = get("time_limit"); v.IsDefined()) {
    config.time_limit_s =
        at_most_seconds(r, "limits.time_limit", v,
                        r.number("limits.time_limit", v, "a positive number of seconds", 0, true));
    config.time_limit_given = true;
    const double steps = config.time_limit_s / config.time_resolution_s;
    if (std::fabs(steps - std::round(steps)) > 1e-9 * std::max(1.0, steps))
      r.fail(v, "limits.time_limit",
             "expected a multiple of limits.time_resolution (" +
                 seconds_text(config.time_resolution_s) + " s), got " +
                 seconds_text(config.time_limit_s) + " s");
  }
  if (const YAML::Node v = get("memory"); v.IsDefined()) {
    config.memory_mib = memory_in_range(
        r, "limits.memory", v, r.integer("limits.memory", v, "a positive integer (MiB)", 1));
    config.memory_given = true;
  }
  for (const char* key : {"output", "validation_output"})
    if (const YAML::Node v = get(key); v.IsDefined()) {
      const long long value =
          r.integer(std::string("limits.") + key, v, "a positive integer (MiB)", 1);
      if (value > kMaxOutputMib)
        r.fail(v, std::string("limits.") + key,
               "expected 1 to " + std::to_string(kMaxOutputMib) + " MiB, got " + v.Scalar());
      if (std::string(key) == "output") config.output_mib = value;
    }
  if (const YAML::Node v = get("code"); v.IsDefined()) {
    config.code_kib = r.integer("limits.code", v, "a positive integer (KiB)", 1);
    if (config.code_kib > kMaxCodeKib)
      r.fail(v, "limits.code",
             "expected 1 to " + std::to_string(kMaxCodeKib) + " KiB, got " + v.Scalar());
  }
  for (const char* key : {"compilation_time", "validation_time"})
    if (const YAML::Node v = get(key); v.IsDefined()) {
      const std::string name = std::string("limits.") + key;
      const long long value = r.integer(name, v, "a positive integer (seconds)", 1);
      at_most_seconds(r, name, v, static_cast<double>(value));
      if (std::string(key) == "compilation_time") config.compilation_time_s = value;
    }
  for (const char* key : {"compilation_memory", "validation_memory"})
    if (const YAML::Node v = get(key); v.IsDefined()) {
      const std::string name = std::string("limits.") + key;
      const long long value =
          memory_in_range(r, name, v, r.integer(name, v, "a positive integer (MiB)", 1));
      if (std::string(key) == "compilation_memory") config.compilation_memory_mib = value;
    }
  if (const YAML::Node v = get("validation_passes"); v.IsDefined())
    r.integer("limits.validation_passes", v, "an integer >= 2", 2);
}

void read_constants(const Reader& r, const YAML::Node& node) {
  if (!node.IsMap()) r.fail(node, "constants", "expected a map of names to values");
  for (const auto& item : node) {
    const std::string name = item.first.IsScalar() ? item.first.Scalar() : "?";
    const std::string key = "constants." + name;
    const auto word = [](char c) { return lower(c) || upper(c) || digit(c) || c == '_'; };
    if (name.empty() || digit(name[0]) || !std::all_of(name.begin(), name.end(), word))
      r.fail(item.first, key, "a constant's name must match [a-zA-Z_][a-zA-Z0-9_]*");
    if (item.second.IsScalar()) continue;
    if (!item.second.IsMap())
      r.fail(item.second, key, "expected a value, or a map with a value and its variants");
    r.scalar(key + ".value", Reader::child(item.second, "value"), "the constant's value");
    for (const auto& variant : item.second)
      r.scalar(key + "." + variant.first.as<std::string>("?"), variant.second, "a scalar");
  }
}

}  // namespace

ProblemConfig parse_problem_yaml(const std::string& text, const std::string& name) {
  const Reader r(name);
  const YAML::Node root = r.parse(text);
  if (!root.IsMap()) r.fail("expected a map of keys at the top level");
  r.only_known(root, "", kTopKeys);
  const auto get = [&](const char* key) { return Reader::child(root, key); };

  ProblemConfig config;
  const YAML::Node version_node = get("problem_format_version");
  config.problem_format_version =
      r.scalar("problem_format_version", version_node, "the format version");
  if (config.problem_format_version != "2025-09")
    r.fail(version_node, "problem_format_version",
           "expected 2025-09, got '" + config.problem_format_version + "'");
  read_type(r, get("type"), config);
  read_name(r, get("name"), config);
  config.uuid = r.scalar("uuid", get("uuid"), "the problem's UUID");
  if (const YAML::Node v = get("version"); v.IsDefined())
    config.version = r.scalar("version", v, "a version string");
  if (const YAML::Node v = get("credits"); v.IsDefined()) read_credits(r, v, config);
  if (const YAML::Node v = get("source"); v.IsDefined()) read_source(r, v, config);
  if (const YAML::Node v = get("license"); v.IsDefined()) {
    config.license = r.scalar("license", v, "a license");
    config.license_given = true;
    if (!contains(kLicenses, config.license))
      r.fail(v, "license",
             "expected one of: " + joined(kLicenses) + ", got '" + config.license + "'");
  }
  if (const YAML::Node v = get("rights_owner"); v.IsDefined()) {
    config.rights_owner = r.scalar("rights_owner", v, "the rights owner");
    if (config.license == "public domain")
      r.fail(v, "rights_owner", "must not be set when the license is public domain");
  } else if (config.license != "unknown" && config.license != "public domain" &&
             !Reader::child(get("credits"), "authors").IsDefined() && !get("credits").IsScalar() &&
             !get("source").IsDefined()) {
    r.fail(get("license"), "rights_owner",
           "missing; the license '" + config.license +
               "' needs a rights owner (rights_owner, credits.authors or source)");
  }
  if (const YAML::Node v = get("embargo_until"); v.IsDefined()) {
    const std::string date = r.scalar("embargo_until", v, "a date");
    if (!matches_shape(date, "9999-99-99") && !matches_shape(date, "9999-99-99T99:99:99Z"))
      r.fail(v, "embargo_until",
             "expected a date YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, got '" + date + "'");
  }
  if (const YAML::Node v = get("limits"); v.IsDefined() && !v.IsNull()) read_limits(r, v, config);
  if (const YAML::Node v = get("keywords"); v.IsDefined()) {
    if (!v.IsSequence())
      r.fail(v, "keywords", "expected a list of strings, got " + Reader::kind(v));
    for (std::size_t i = 0; i < v.size(); ++i)
      config.keywords.push_back(r.scalar("keywords[" + std::to_string(i) + "]", v[i], "a keyword"));
  }
  if (const YAML::Node v = get("languages"); v.IsDefined())
    r.strings("languages", v, "all, or language codes");
  if (const YAML::Node v = get("allow_file_writing"); v.IsDefined()) {
    const std::string flag = r.scalar("allow_file_writing", v, "true or false");
    if (flag != "true" && flag != "false")
      r.fail(v, "allow_file_writing", "expected true or false, got '" + flag + "'");
  }
  if (const YAML::Node v = get("constants"); v.IsDefined()) read_constants(r, v);
  return config;
}

ProblemConfig load_problem_yaml(const std::filesystem::path& path) {
  const SmallFile file = read_small_file(path);
  if (!file.text) Reader(path.string()).fail(file.why_not());
  return parse_problem_yaml(*file.text, path.string());
}

}  // namespace entrapment
