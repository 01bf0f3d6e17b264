#include "problem_yaml.hpp"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>

namespace entrapment {

namespace {

class Reader {
 public:
  Reader(const YAML::Node& root, std::string file) : root_(root), file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& key, const std::string& message) const {
    throw ProblemYamlError(file_ + ": " + key + ": " + message);
  }

  YAML::Node find(const std::string& dotted) const {
    YAML::Node node = YAML::Clone(root_);
    std::stringstream parts(dotted);
    std::string part;
    while (std::getline(parts, part, '.')) {
      if (!node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
      node = node[part];
      if (!node.IsDefined()) return node;
    }
    return node;
  }

  std::string scalar(const std::string& key, const std::string& what) const {
    const YAML::Node node = find(key);
    if (!node.IsDefined() || node.IsNull()) fail(key, "missing; expected " + what);
    if (!node.IsScalar()) fail(key, "expected " + what + ", got a list or a map");
    return node.Scalar();
  }

  double positive_number(const std::string& key, const std::string& what) const {
    const std::string text = scalar(key, what);
    try {
      std::size_t used = 0;
      const double value = std::stod(text, &used);
      if (used == text.size() && value > 0) return value;
    } catch (const std::exception&) {
    }
    fail(key, "expected " + what + ", got '" + text + "'");
  }

  long long positive_integer(const std::string& key, const std::string& what) const {
    const std::string text = scalar(key, what);
    try {
      std::size_t used = 0;
      const long long value = std::stoll(text, &used);
      if (used == text.size() && value > 0) return value;
    } catch (const std::exception&) {
    }
    fail(key, "expected " + what + ", got '" + text + "'");
  }

 private:
  YAML::Node root_;
  std::string file_;
};

}  // namespace

ProblemConfig parse_problem_yaml(const std::string& text, const std::string& name) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ProblemYamlError(name + ": not valid YAML: line " + std::to_string(e.mark.line + 1) +
                           ", column " + std::to_string(e.mark.column + 1) + ": " + e.msg);
  }
  if (!root.IsMap()) throw ProblemYamlError(name + ": expected a map of keys at the top level");
  const Reader reader(root, name);

  ProblemConfig config;
  config.problem_format_version = reader.scalar("problem_format_version", "the format version");
  if (config.problem_format_version != "2025-09")
    reader.fail("problem_format_version",
                "expected 2025-09, got '" + config.problem_format_version + "'");
  config.type = reader.scalar("type", "the problem type");
  if (config.type != "interactive")
    reader.fail("type", "expected interactive (Entrapment is interactive), got '" + config.type + "'");
  config.name = reader.scalar("name", "the problem name");
  config.uuid = reader.scalar("uuid", "the problem's UUID");
  const YAML::Node source = reader.find("source");
  config.source = source.IsMap() ? reader.scalar("source.name", "the contest's name")
                                 : reader.scalar("source", "the contest's name");
  config.time_limit_s = reader.positive_number("limits.time_limit", "a positive number of seconds");
  config.memory_mib = reader.positive_integer("limits.memory", "a positive integer (MiB)");
  return config;
}

ProblemConfig load_problem_yaml(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ProblemYamlError(path.string() + ": cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_problem_yaml(text.str(), path.string());
}

}  // namespace entrapment
