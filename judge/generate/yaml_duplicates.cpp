#include "yaml_duplicates.hpp"

#include <yaml-cpp/yaml.h>

#include <map>

namespace entrapment {

namespace {

std::string line_of(const YAML::Node& node) { return std::to_string(node.Mark().line + 1); }

std::optional<std::string> check(const YAML::Node& node, const std::string& where) {
  if (node.IsSequence()) {
    std::size_t index = 0;
    for (const YAML::Node& item : node) {
      if (auto found = check(item, where + "[" + std::to_string(index++) + "]")) return found;
    }
  } else if (node.IsMap()) {
    std::map<std::string, YAML::Node> seen;
    for (const auto& item : node) {
      const std::string key = item.first.IsScalar() ? item.first.Scalar() : "";
      if (item.first.IsScalar()) {
        const auto [at, fresh] = seen.emplace(key, item.first);
        if (!fresh)
          return "line " + line_of(item.first) + ": key \"" + key + "\" repeats the key of line " +
                 line_of(at->second) + (where.empty() ? "" : " (in " + where + ")");
      }
      const std::string child = where.empty() ? key : where + "." + key;
      if (auto found = check(item.second, child)) return found;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> repeated_key(const YAML::Node& root) { return check(root, ""); }

}  // namespace entrapment
