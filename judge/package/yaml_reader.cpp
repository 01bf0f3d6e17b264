#include "yaml_reader.hpp"

#include <yaml-cpp/depthguard.h>

#include <algorithm>
#include <optional>

#include "support/files.hpp"
#include "yaml_keys.hpp"

namespace entrapment {

YAML::Node YamlReader::load(const std::filesystem::path& path,
                            const std::string& hint_if_missing) const {
  const SmallFile file = read_small_file(path);
  if (!file.text) fail(file.why_not() + (file.too_large ? "" : hint_if_missing));
  return parse(*file.text);
}

YAML::Node YamlReader::parse(const std::string& text) const {
  YAML::Node root;
  std::vector<DuplicateKey> duplicates;
  try {
    root = YAML::Load(text);
    duplicates = find_duplicate_keys(text);
  } catch (const YAML::DeepRecursion& e) {
    // yaml-cpp's own message for it is "bad file".
    throw YamlError(file_ + ":" + std::to_string(e.mark.line + 1) +
                    ": not valid YAML: nested more than " + std::to_string(e.depth() - 1) +
                    " levels deep (column " + std::to_string(e.mark.column + 1) + ")");
  } catch (const YAML::Exception& e) {
    throw YamlError(file_ + ":" + std::to_string(e.mark.line + 1) + ": not valid YAML: " + e.msg +
                    " (column " + std::to_string(e.mark.column + 1) + ")");
  }
  if (!duplicates.empty()) throw YamlError(describe(duplicates.front(), file_));
  return root;
}

void YamlReader::fail(const YAML::Node& at, const std::string& key, const std::string& what) const {
  std::string where = file_;
  if (at.IsDefined() && at.Mark().line >= 0) where += ":" + std::to_string(at.Mark().line + 1);
  throw YamlError(where + ": " + (key.empty() ? "" : key + ": ") + what);
}

void YamlReader::fail(const std::string& what) const { throw YamlError(file_ + ": " + what); }

void YamlReader::only_known(const YAML::Node& map, const std::string& path,
                            const std::vector<std::string>& known) const {
  for (const auto& item : map) {
    const std::string key = item.first.IsScalar() ? item.first.Scalar() : "?";
    if (std::find(known.begin(), known.end(), key) != known.end()) continue;
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "" : ", ") + k;
    fail(item.first, join(path, key), "unknown key; expected one of: " + list);
  }
}

YAML::Node YamlReader::child(const YAML::Node& map, const std::string& key) {
  for (const auto& item : map)
    if (item.first.IsScalar() && item.first.Scalar() == key) return item.second;
  return YAML::Node(YAML::NodeType::Undefined);
}

std::string YamlReader::kind(const YAML::Node& node) {
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a map";
  if (node.IsNull()) return "nothing";
  return "a scalar";
}

std::string YamlReader::join(const std::string& path, const std::string& key) {
  return path.empty() ? key : path + "." + key;
}

}  // namespace entrapment
