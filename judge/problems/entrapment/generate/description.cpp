#include "description.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "../testcase/testcase.hpp"
#include "families.hpp"
#include "package/yaml_reader.hpp"
#include "protocol/tokens.hpp"
#include "sample_games.hpp"
#include "selection_file.hpp"

namespace entrapment {

namespace {

// Secret and Exhaustive hold the same kinds of tests; only secret/ may be a selection.
enum class Kind { Sample, Secret, Exhaustive, InvalidInput };

// Each error in the one format of the YAML files (package/yaml_reader.hpp): "FILE:LINE: ENTRY:
// what".
class Reader : public YamlReader {
 public:
  Reader(std::string shown_name, std::filesystem::path testdata, SelectionFile selection)
      : YamlReader(std::move(shown_name)), testdata_(std::move(testdata)), selection_(selection) {}

  Description read(const YAML::Node& root) {
    if (!root.IsMap()) fail(root, "", "expected a mapping with the key \"data\"");
    only_known(root, "", {"data"});
    const YAML::Node data = root["data"];
    if (!data || !data.IsMap())
      fail(root, "",
           "expected \"data:\", a mapping of sample, secret, exhaustive and invalid_input");
    only_known(data, "data", {"sample", "secret", "exhaustive", "invalid_input"});
    if (!data["secret"]) fail(data, "data", "missing \"secret\": the secret test cases");
    if (data["sample"]) directory(data["sample"], "data.sample", "testdata/sample", Kind::Sample);
    directory(data["secret"], "data.secret", "testdata/secret", Kind::Secret);
    if (data["exhaustive"])
      directory(data["exhaustive"], "data.exhaustive", "testdata/exhaustive", Kind::Exhaustive);
    if (data["invalid_input"])
      directory(data["invalid_input"], "data.invalid_input", "testdata/invalid_input",
                Kind::InvalidInput);
    return std::move(out_);
  }

 private:
  static std::string key_of(const YAML::const_iterator::value_type& item) {
    return item.first.IsScalar() ? item.first.Scalar() : std::string("?");
  }

  std::string scalar(const YAML::Node& node, const std::string& entry,
                     const std::string& what) const {
    if (!node.IsScalar()) fail(node, entry, "expected " + what);
    return node.Scalar();
  }

  long long integer(const YAML::Node& node, const std::string& entry, long long low, long long high,
                    const std::string& what) const {
    const std::string text = scalar(node, entry, what);
    const std::optional<long long> value = parse_integer(text);
    if (!value || *value < low || *value > high)
      fail(node, entry, "expected " + what + ", got " + quote(text));
    return *value;
  }

  void add(const YAML::Node& node, const std::string& entry, const std::string& path,
           std::string bytes) {
    const auto [producer, fresh] = producers_.emplace(path, entry);
    if (!fresh)
      fail(node, entry,
           "produces " + path + ", which " + producer->second + " produces too" +
               (producer->second == "data.secret.select"
                    ? " (a test of the selection, testdata/" + counted_file_ +
                          "): choose another name"
                    : ""));
    out_.files.emplace(path, std::move(bytes));
  }

  // A test written by hand beside the selection: the selection counts it.
  void note_hand(const std::string& path, const TestCase& test, const std::string& text) {
    if (!hand_) return;
    const std::string prefix = "testdata/secret/";
    out_.hand.push_back({path.substr(prefix.size()), test, text});
  }

  // Plain generation: the selection file must have counted exactly these hand-written tests,
  // or the contest set and its kill table are stale.
  void check_counted_hand_tests(const YAML::Node& select, const std::string& entry) {
    std::sort(out_.hand.begin(), out_.hand.end(),
              [](const HandTest& a, const HandTest& b) { return a.name < b.name; });
    if (!counted_read_) return;
    std::vector<CountedHandTest> now;
    for (const HandTest& h : out_.hand) now.push_back({h.name, fingerprint(h.text)});
    if (now == counted_) return;
    auto list = [](const std::vector<CountedHandTest>& tests) {
      std::string text;
      for (const CountedHandTest& t : tests) text += (text.empty() ? "" : ", ") + t.name;
      return text.empty() ? std::string("none") : text;
    };
    std::string changed;
    for (const CountedHandTest& t : now)
      for (const CountedHandTest& c : counted_)
        if (t.name == c.name && t.fingerprint != c.fingerprint)
          changed += (changed.empty() ? "" : ", ") + t.name;
    fail(select, entry + ".data",
         "the tests written by hand here (" + list(now) + ") are not the ones testdata/" +
             counted_file_ + " was selected with (" + list(counted_) + ")" +
             (changed.empty() ? "" : "; changed since: " + changed) +
             ": run `judge generate --select` so that the contest set and its kill table count "
             "them (about 15 s), then `judge generate`");
  }

  // A test made from one line of configuration: its .in and .ans, and the line.
  void add_line(const YAML::Node& node, const std::string& entry, const std::string& path,
                const TestLine& line, const TestCase& test) {
    const std::string text = format_testcase(test);
    try {
      parse_testcase(text);  // a generator bug must never reach the committed data
    } catch (const TestCaseError& e) {
      fail(node, entry, "generated an invalid test " + path + ": " + e.what());
    }
    add(node, entry, path + ".in", text);
    add(node, entry, path + ".ans", std::string(to_string(test.winner())) + "\n");
    out_.lines[path + ".in"] = line;
    note_hand(path, test, text);
  }

  void directory(const YAML::Node& node, const std::string& entry, const std::string& path,
                 Kind kind) {
    // The secret tests: a selection (`select:`), and beside it tests written by hand (`data:`),
    // which the selection counts first.
    if (kind == Kind::Secret && entry == "data.secret" && node.IsMap() && node["select"]) {
      only_known(node, entry, {"select", "data", "desc"});
      selection(node["select"], entry + ".select", path);
      if (node["data"]) {
        hand_ = true;
        entries(node["data"], entry, path, kind);
        hand_ = false;
      }
      check_counted_hand_tests(node["select"], entry);
      return;
    }
    if (!node.IsMap() || !node["data"])
      fail(node, entry,
           std::string("expected a directory: a mapping with \"data:\"") +
               (kind == Kind::Secret ? " (or, for secret, \"select:\")" : ""));
    only_known(node, entry, {"data", "desc"});
    entries(node["data"], entry, path, kind);
  }

  // A directory's `data:`: its test cases and subdirectories by name.
  void entries(const YAML::Node& data, const std::string& entry, const std::string& path,
               Kind kind) {
    if (!data.IsMap()) fail(data, entry + ".data", "expected a mapping from names to test cases");
    for (const auto& item : data) {
      const std::string name = key_of(item);
      const std::string child = entry + ".data." + name;
      const bool good_name = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
      });
      if (!good_name)
        fail(item.first, child,
             "a name is letters, digits, '-' and '_' only (it becomes a file name)");
      const YAML::Node value = item.second;
      if (!value.IsMap())
        fail(value, child, "expected a mapping (\"in:\", \"family:\" or \"data:\")");
      if (value["data"])
        directory(value, child, path + "/" + name, kind);
      else if (value["family"])
        family(value, child, path + "/" + name, kind);
      else if (value["in"])
        literal(value, child, path + "/" + name, kind);
      else
        fail(value, child,
             "expected \"in:\" (a test file), \"family:\" (generated tests) or \"data:\" (a "
             "directory)");
    }
  }

  // A test case written out in full, like BAPCtools' `in:`.
  void literal(const YAML::Node& node, const std::string& entry, const std::string& path,
               Kind kind) {
    only_known(node, entry,
               kind == Kind::Sample ? std::vector<std::string>{"in", "contestant", "desc"}
                                    : std::vector<std::string>{"in", "desc"});
    const std::string text = scalar(node["in"], entry + ".in", "the test file as a string");
    if (kind == Kind::InvalidInput) {
      try {
        parse_testcase(text);
      } catch (const TestCaseError&) {
        add(node, entry, path + ".in", text);
        return;
      }
      fail(node["in"], entry + ".in",
           "is a valid test file, but invalid_input holds only files the validator rejects");
    }
    TestCase test;
    try {
      test = parse_testcase(text);
    } catch (const TestCaseError& e) {
      fail(node["in"], entry + ".in", std::string("not a valid test file: ") + e.what());
    }
    add(node, entry, path + ".in", text);
    const std::string winner = std::string(to_string(test.winner())) + "\n";
    add(node, entry, path + ".ans", winner);
    note_hand(path, test, text);
    if (kind != Kind::Sample) return;

    const YAML::Node lines = node["contestant"];
    if (!lines || !lines.IsSequence())
      fail(node, entry, "a sample needs \"contestant:\", the list of the contestant's lines");
    std::vector<std::string> contestant;
    for (const YAML::Node& line : lines)
      contestant.push_back(
          scalar(line, entry + ".contestant", "one line of the contestant as a string"));
    const PlayedSample played = play_sample(test, contestant);
    if (!played.outcome.accepted())
      fail(lines, entry + ".contestant",
           "these lines do not win the sample: " + played.outcome.message);
    add(node, entry, path + ".interaction", played.interaction);
    std::string board;
    for (const std::string& line : test.board_lines()) board += line + "\n";
    add(node, entry, path + ".in.download", board);  // what a contestant reads: the board only
    add(node, entry, path + ".ans.download", winner);
  }

  // The contest selection: its parameters, and the tests of the selection file.
  void selection(const YAML::Node& node, const std::string& entry, const std::string& path) {
    if (!node.IsMap()) fail(node, entry, "expected a mapping of the selection's parameters");
    only_known(node, entry, {"file", "budget", "kills", "seeds", "seed"});
    for (const char* key : {"file", "budget", "kills", "seeds", "seed"})
      if (!node[key]) fail(node, entry, std::string("needs \"") + key + ":\"");
    SelectParams params;
    params.file = scalar(node["file"], entry + ".file", "a file name under testdata/");
    if (params.file.empty() || params.file.find('/') != std::string::npos ||
        params.file.find("..") != std::string::npos)
      fail(node["file"], entry + ".file", "expected a file name in testdata/ (no '/')");
    params.budget = static_cast<int>(
        integer(node["budget"], entry + ".budget", 1, 10000, "an integer 1..10000"));
    params.kills =
        static_cast<int>(integer(node["kills"], entry + ".kills", 1, 100, "an integer 1..100"));
    params.seeds =
        static_cast<int>(integer(node["seeds"], entry + ".seeds", 0, 100, "an integer 0..100"));
    params.seed =
        static_cast<std::uint64_t>(integer(node["seed"], entry + ".seed", 0, 999999999999999999LL,
                                           "a seed, an integer 0 <= seed < 10^18"));
    out_.select = params;
    counted_file_ = params.file;
    const std::filesystem::path file = testdata_ / params.file;
    if (selection_ == SelectionFile::Optional && !std::filesystem::exists(file)) return;
    // An error in the selection file names that file, its line and its entry.
    const SelectionFileContents contents = read_selection(file, "testdata/" + params.file);
    for (const SelectionEntry& e : contents.tests)
      add_line(node, entry, path + "/" + e.name, e.line, make_test(e.line));
    counted_ = contents.hand;
    counted_read_ = selection_ == SelectionFile::Required;
  }

  void family(const YAML::Node& node, const std::string& entry, const std::string& path,
              Kind kind) {
    if (kind != Kind::Secret && kind != Kind::Exhaustive)
      fail(node, entry,
           "families of generated tests belong in secret or exhaustive (samples and invalid inputs "
           "are written out with \"in:\")");
    FamilyParams params;
    params.family = scalar(node["family"], entry + ".family", "a family name");
    const FamilyInfo* info = nullptr;
    std::string names;
    for (const FamilyInfo& f : families()) {
      if (f.name == params.family) info = &f;
      names += "\n  " + f.name + ": " + f.what;
    }
    if (!info)
      fail(node["family"], entry + ".family",
           "unknown family " + quote(params.family) + "; the families are:" + names);
    std::vector<std::string> keys = info->keys;
    keys.insert(keys.begin(), {"family", "desc"});
    only_known(node, entry, keys);
    for (const std::string& key : info->keys)
      if (!node[key]) fail(node, entry, "family " + params.family + " needs \"" + key + ":\"");
    if (node["seed"])
      params.seed =
          static_cast<std::uint64_t>(integer(node["seed"], entry + ".seed", 0, 999999999999999999LL,
                                             "a seed, an integer 0 <= seed < 10^18"));
    if (node["count"])
      params.count = static_cast<int>(
          integer(node["count"], entry + ".count", 1, 10000, "a count, an integer 1..10000"));
    if (node["queries"]) params.queries = scalar(node["queries"], entry + ".queries", "a word");
    if (node["answers"]) params.answers = scalar(node["answers"], entry + ".answers", "a word");
    std::vector<NamedTest> tests;
    try {
      tests = make_family(params);
    } catch (const std::invalid_argument& e) {
      fail(node, entry, e.what());
    }
    for (const NamedTest& t : tests) add_line(node, entry, path + "/" + t.name, t.line, t.test);
  }

  std::filesystem::path testdata_;
  SelectionFile selection_;
  Description out_;
  std::map<std::string, std::string> producers_;  // file -> the entry that produces it
  bool hand_ = false;                             // reading data.secret.data beside select:
  std::vector<CountedHandTest> counted_;          // the hand tests the selection file counted
  bool counted_read_ = false;                     // ... read from it (plain generation)
  std::string counted_file_;                      // the selection file's name under testdata/
};

}  // namespace

Description describe_testdata(const std::filesystem::path& root, SelectionFile selection) {
  const std::string shown_name = "testdata/generators.yaml";
  const std::filesystem::path testdata = root / "testdata";
  Reader reader(shown_name, testdata, selection);
  return reader.read(reader.load(testdata / "generators.yaml"));
}

}  // namespace entrapment
