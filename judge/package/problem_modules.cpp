#include "problem_modules.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <stdexcept>

#include "yaml_reader.hpp"

namespace entrapment {

namespace {

// Filled by static initializers (judge/problems/built_in.cpp) before main, read after.
std::map<std::string, const ProblemModule*>& registry() {
  static std::map<std::string, const ProblemModule*> modules;
  return modules;
}

std::string known_names() {
  std::string names;
  for (const auto& entry : registry()) names += (names.empty() ? "" : ", ") + entry.first;
  return names.empty() ? "none (this judge was built without problem modules)" : names;
}

}  // namespace

void register_problem_module(const ProblemModule& module) {
  if (!registry().emplace(module.name(), &module).second)
    throw std::logic_error("two problem modules are named " + module.name());
}

std::vector<const ProblemModule*> problem_modules() {
  std::vector<const ProblemModule*> modules;
  for (const auto& entry : registry()) modules.push_back(entry.second);
  return modules;
}

const ProblemModule* find_problem_module(const std::string& name) {
  const auto found = registry().find(name);
  return found == registry().end() ? nullptr : found->second;
}

const ProblemModule& package_problem_module(const std::filesystem::path& root) {
  const YamlReader reader("judge.yaml");
  const YAML::Node yaml = reader.load(
      root / "judge.yaml",
      " (a package names the module that plays its games in judge.yaml, as `module: NAME`; "
      "this judge knows: " +
          known_names() + ")");
  if (!yaml.IsMap())
    reader.fail("expected a map with the key `module`, found " + YamlReader::kind(yaml));
  reader.only_known(yaml, "", {"module", "short_name"});
  const YAML::Node module = YamlReader::child(yaml, "module");
  if (!module)
    reader.fail("no `module` key: name the module that plays this package's games (" +
                known_names() + ")");
  if (!module.IsScalar())
    reader.fail(module, "module", "expected a module's name, found " + YamlReader::kind(module));
  const ProblemModule* found = find_problem_module(module.Scalar());
  if (!found)
    reader.fail(
        module, "module",
        "no problem module named '" + module.Scalar() + "'; this judge knows: " + known_names());
  return *found;
}

std::string package_short_name(const std::filesystem::path& root, const std::string& problem_name) {
  const YamlReader reader("judge.yaml");
  const YAML::Node yaml = reader.load(root / "judge.yaml");
  const YAML::Node given = yaml.IsMap() ? YamlReader::child(yaml, "short_name") : YAML::Node();
  if (given) {
    const std::string name = given.IsScalar() ? given.Scalar() : "";
    const bool usable = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    });
    if (!usable)
      reader.fail(given, "short_name",
                  "expected a name of lowercase letters and digits ([a-z0-9]+, what problemtools "
                  "accepts), found " +
                      (given.IsScalar() ? "'" + name + "'" : YamlReader::kind(given)));
    return name;
  }
  std::string name;
  for (const char c : problem_name)
    if (std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 0x80)
      name += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (name.empty())
    reader.fail("no `short_name` key, and problem.yaml's name '" + problem_name +
                "' has no letter or digit to make one of: add `short_name: NAME` ([a-z0-9]+)");
  return name;
}

}  // namespace entrapment
