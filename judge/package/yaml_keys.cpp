#include "yaml_keys.hpp"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <sstream>

namespace entrapment {

namespace {

// Follows the parser's events with a stack of open collections. In a map, nodes alternate
// key, value; a scalar key is checked against the keys seen so far in that map.
class DuplicateFinder : public YAML::EventHandler {
 public:
  std::vector<DuplicateKey> found;

  void OnDocumentStart(const YAML::Mark&) override { stack_.clear(); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { leaf(mark, "~"); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { leaf(mark, "*alias"); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string& value) override {
    leaf(mark, value);
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    open(false);
  }
  void OnSequenceEnd() override { stack_.pop_back(); }
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    open(true);
  }
  void OnMapEnd() override { stack_.pop_back(); }

 private:
  struct Frame {
    bool map = false;
    bool expect_key = true;
    std::string path;
    std::string key;  // the map's current key, once read
    std::size_t index = 0;
    std::map<std::string, int> lines;  // key -> line of its first occurrence
  };

  static std::string join(const std::string& path, const std::string& key) {
    return path.empty() ? key : path + "." + key;
  }

  // The path of the node that comes next in the innermost collection, and advances it.
  std::string next_path(bool is_key_scalar, const std::string& value, const YAML::Mark& mark) {
    if (stack_.empty()) return "";
    Frame& top = stack_.back();
    if (!top.map) return top.path + "[" + std::to_string(top.index++) + "]";
    if (top.expect_key) {
      top.expect_key = false;
      top.key = is_key_scalar ? value : "(a complex key)";
      if (is_key_scalar) {
        const int line = mark.line + 1;
        const auto [it, inserted] = top.lines.emplace(value, line);
        if (!inserted) found.push_back({join(top.path, value), line, it->second});
      }
      return join(top.path, top.key);
    }
    top.expect_key = true;
    return join(top.path, top.key);
  }

  void leaf(const YAML::Mark& mark, const std::string& value) { next_path(true, value, mark); }

  void open(bool map) {
    Frame frame;
    frame.map = map;
    frame.path = next_path(false, "", YAML::Mark());
    stack_.push_back(std::move(frame));
  }

  std::vector<Frame> stack_;
};

}  // namespace

std::vector<DuplicateKey> find_duplicate_keys(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DuplicateFinder finder;
  while (parser.HandleNextDocument(finder)) {
  }
  return finder.found;
}

std::string describe(const DuplicateKey& duplicate, const std::string& file) {
  return file + ":" + std::to_string(duplicate.line) + ": duplicate key '" + duplicate.path +
         "' (first at line " + std::to_string(duplicate.first_line) + ")";
}

}  // namespace entrapment
