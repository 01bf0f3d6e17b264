// yaml-cpp keeps both entries of a mapping that repeats a key, and node["key"] quietly returns
// the first, so a repeated key in a hand-edited file would silently drop data. This check
// walks a loaded document and names every repeated key. Depends on yaml-cpp only, so any
// reader of a YAML file can share it.
#pragma once

#include <optional>
#include <string>

namespace YAML {
class Node;
}

namespace entrapment {

// "line 12: key \"boards\" repeats the key of line 7 (in data.secret.data)" for the first
// repeated key of any mapping in `root` (in document order), or nothing. Keys are compared as
// written (scalars); lines are 1-based.
std::optional<std::string> repeated_key(const YAML::Node& root);

}  // namespace entrapment
