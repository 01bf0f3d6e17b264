#include "problem_modules.hpp"

#include <algorithm>
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
  reader.only_known(yaml, "", {"module"});
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

}  // namespace entrapment
