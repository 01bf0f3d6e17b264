#include "selection_file.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <stdexcept>

#include "../adversary/kind.hpp"
#include "boards.hpp"
#include "package/yaml_reader.hpp"
#include "protocol/tokens.hpp"
#include "situations.hpp"

namespace entrapment {

namespace {

// A YAML double-quoted scalar (the texts here are printable ASCII).
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string names(const Selection& selection, const std::vector<int>& indices) {
  std::string out;
  for (int s : indices) out += (out.empty() ? "" : ", ") + selection.strategies[s]->name;
  return out;
}

// "2 written by hand in generators.yaml (data.secret.data), the others " or "".
std::string hand_sentence(const Selection& selection) {
  std::size_t hand = 0;
  for (const SelectedTest& t : selection.tests) hand += t.hand;
  if (hand == 0) return "";
  return std::to_string(hand) +
         " written by hand in `testdata/generators.yaml` (`data.secret.data`) and counted first, "
         "the others ";
}

std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

}  // namespace

std::string fingerprint(const std::string& text) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ULL;
  static const char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<std::size_t>(i)] = kHex[hash & 15];
  return out;
}

std::string selection_yaml(const Selection& selection, const SelectParams& params,
                           const std::vector<HandTest>& hand) {
  std::size_t hand_count = 0;
  for (const SelectedTest& t : selection.tests) hand_count += t.hand;
  std::string out =
      "# The contest set, testdata/secret/: written by `judge generate --select` from the kill\n"
      "# matrix of the candidate tests against the corpus of wrong strategies\n"
      "# (judge/problems/entrapment/corpus; parameters in generators.yaml, data.secret.select;\n"
      "# what each test rejects in secret.kills.md). `judge generate` writes each test below as\n"
      "# testdata/secret/NAME.in and NAME.ans. Do not edit by hand: change generators.yaml or\n"
      "# the corpus and rerun `judge generate --select`.\n"
      "#\n"
      "# Each test: its file name, the board as the contestant reads it (R, U, the unavailable\n"
      "# squares in the order sent), the adversary the judge plays and its seed (and the kind of\n"
      "# script of a scripted one, drawn from the seed), and why it is in the set.\n"
      "#\n"
      "# " +
      std::to_string(selection.candidates) + " candidates (" +
      std::to_string(selection.exhaustive_candidates) + " from the exhaustive tier), " +
      std::to_string(selection.strategies.size()) +
      " wrong strategies: " + std::to_string(selection.tests.size()) +
      (selection.tests.size() == 1 ? " test" : " tests") + " (budget " +
      std::to_string(params.budget) +
      (hand_count ? ", " + std::to_string(hand_count) + " of them written by hand" : "") +
      "), each rejectable strategy rejected by at least " + std::to_string(params.kills) + ".\n";
  if (!hand.empty()) {
    out +=
        "# The tests written by hand (generators.yaml, data.secret.data) that this selection\n"
        "# counted, with a fingerprint of each file: when they change, `judge generate` asks for\n"
        "# `judge generate --select` again.\n"
        "hand:\n";
    for (const HandTest& h : hand)
      out +=
          "  - {name: " + quoted(h.name) + ", fingerprint: " + quoted(fingerprint(h.text)) + "}\n";
  }
  out += hand_count == selection.tests.size() ? "tests: []\n" : "tests:\n";
  for (const SelectedTest& t : selection.tests) {
    if (t.hand) continue;
    out += "  - {name: " + t.name + ", board: " + quoted(t.line.board()) +
           ", adversary: " + to_string(t.line.adversary);
    if (!t.line.queries.empty()) out += ", queries: " + t.line.queries;
    if (!t.line.answers.empty()) out += ", answers: " + t.line.answers;
    out += ", seed: " + std::to_string(t.line.seed) + ",\n     desc: " + quoted(t.desc) + "}\n";
  }
  return out;
}

SelectionFileContents read_selection(const std::filesystem::path& file, const std::string& shown) {
  const YamlReader reader(shown);
  const YAML::Node root = reader.load(file, " (run `judge generate --select`)");
  if (!root.IsMap() || !root["tests"] || !root["tests"].IsSequence())
    reader.fail("expected a mapping with the key \"tests\", a list");
  reader.only_known(root, "", {"tests", "hand"});
  SelectionFileContents contents;
  if (root["hand"]) {
    if (!root["hand"].IsSequence()) reader.fail(root["hand"], "hand", "expected a list");
    for (const YAML::Node& item : root["hand"]) {
      const std::string at = "hand[" + std::to_string(contents.hand.size()) + "]";
      if (!item.IsMap() || !item["name"] || !item["fingerprint"] || !item["name"].IsScalar() ||
          !item["fingerprint"].IsScalar())
        reader.fail(item, at, "expected {name: ..., fingerprint: ...}");
      reader.only_known(item, at, {"name", "fingerprint"});
      contents.hand.push_back({item["name"].Scalar(), item["fingerprint"].Scalar()});
    }
  }
  std::vector<SelectionEntry>& out = contents.tests;
  for (const YAML::Node& item : root["tests"]) {
    const std::string at = "tests[" + std::to_string(out.size()) + "]";
    const auto fail = [&](const YAML::Node& node, const std::string& key, const std::string& what) {
      reader.fail(node, YamlReader::join(at, key), what);
    };
    if (!item.IsMap()) reader.fail(item, at, "expected a test: {name: ..., board: ..., ...}");
    reader.only_known(item, at,
                      {"name", "board", "adversary", "seed", "queries", "answers", "desc"});
    for (const auto& kv : item)
      if (!kv.second.IsScalar()) fail(kv.second, kv.first.Scalar(), "expected a single value");
    for (const char* key : {"name", "board", "adversary", "seed"})
      if (!item[key]) reader.fail(item, at, std::string("missing \"") + key + "\"");
    SelectionEntry entry;
    entry.line_number = item.Mark().line + 1;
    entry.name = item["name"].Scalar();
    const bool good_name =
        !entry.name.empty() && std::all_of(entry.name.begin(), entry.name.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
        });
    if (!good_name) fail(item["name"], "name", "a name is letters, digits, '-' and '_' only");
    for (const SelectionEntry& e : out)
      if (e.name == entry.name)
        fail(item["name"], "name",
             "the name " + entry.name + " is used by the test of line " +
                 std::to_string(e.line_number) + " too");
    try {
      entry.line = line_on_board(item["board"].Scalar());
      const std::string adversary = item["adversary"].Scalar();
      bool known = false;
      for (AdversaryKind s : {AdversaryKind::Adaptive, AdversaryKind::Random,
                              AdversaryKind::Committed, AdversaryKind::Scripted})
        if (adversary == to_string(s)) {
          entry.line.adversary = s;
          known = true;
        }
      if (!known)
        fail(item["adversary"], "adversary",
             "unknown adversary \"" + adversary +
                 "\" (expected adaptive, random, committed or scripted)");
      const std::optional<long long> seed = parse_integer(item["seed"].Scalar());
      if (!seed || *seed < 0 || static_cast<std::uint64_t>(*seed) >= kTestSeedLimit)
        fail(item["seed"], "seed", "expected an integer 0 <= seed < 10^18");
      entry.line.seed = static_cast<std::uint64_t>(*seed);
      if (item["queries"]) entry.line.queries = item["queries"].Scalar();
      if (item["answers"]) entry.line.answers = item["answers"].Scalar();
      if (item["desc"]) entry.desc = item["desc"].Scalar();
      make_test(entry.line);  // a script that does not fit the board is reported here
    } catch (const std::invalid_argument& e) {
      reader.fail(item, at, "test " + entry.name + ": " + e.what());
    }
    out.push_back(std::move(entry));
  }
  return contents;
}

std::string kill_table_markdown(const Selection& selection, const SelectParams& params) {
  std::string out = "# What the contest tests reject\n\n";
  out +=
      "Generated by `judge generate --select` (parameters in `testdata/generators.yaml`,\n"
      "`data.secret.select`); do not edit by hand. " +
      std::to_string(selection.candidates) + " candidate tests (" +
      std::to_string(selection.exhaustive_candidates) +
      " of them the exhaustive tier, `testdata/exhaustive/`) were played in process against "
      "the " +
      std::to_string(selection.strategies.size()) +
      " wrong strategies of `judge/problems/entrapment/corpus`; the " +
      std::to_string(selection.tests.size()) + " tests of `testdata/secret/` (" +
      hand_sentence(selection) +
      "listed with their reasons in `testdata/secret.yaml`) are "
      "chosen so that every strategy some candidate rejects is rejected by at least " +
      std::to_string(params.kills) + " of them.\n\n";
  out += "## Per strategy\n\n";
  out += "Contest tests, exhaustive-tier tests and candidates that reject each strategy.\n\n";
  out += "| Strategy | Kind | Its mistake | Contest set | Exhaustive tier | Candidates |\n";
  out += "|---|---|---|---:|---:|---:|\n";
  std::vector<std::string> never;
  for (std::size_t s = 0; s < selection.strategies.size(); ++s) {
    const corpus::StrategyInfo& info = *selection.strategies[s];
    if (selection.candidate_kills[s] == 0) never.push_back(info.name);
    std::string name = "`" + info.name + "`";
    if (!info.models.empty()) name += " (models `" + info.models + "`)";
    out += "| " + name + " | " + info.kind + " | " + cell(info.mistake) + " | " +
           std::to_string(selection.contest_kills[s]) + " | " +
           std::to_string(selection.exhaustive_kills[s]) + " | " +
           std::to_string(selection.candidate_kills[s]) + " |\n";
  }
  if (!never.empty()) {
    out += "\nNever rejected by any candidate, so correct as far as these tests tell:";
    for (const std::string& n : never) out += " `" + n + "`";
    out += ".\n";
  }
  out += "\n## Per situation\n\n";
  out += "Protocol situations each contest set shows at least " + std::to_string(params.kills) +
         " times (when that many candidates show them), read off the reference player's game.\n\n";
  out += "| Situation | What happens | Contest set | Candidates |\n|---|---|---:|---:|\n";
  for (std::size_t s = 0; s < situations().size(); ++s)
    out += "| `" + situations()[s].name + "` | " + cell(situations()[s].what) + " | " +
           std::to_string(selection.contest_situations[s]) + " | " +
           std::to_string(selection.candidate_situations[s]) + " |\n";
  out += "\n## Per test\n\n";
  out += "| Test | Board | Adversary | Seed | Situations | Rejects | Strategies rejected |\n";
  out += "|---|---|---|---:|---|---:|---|\n";
  for (const SelectedTest& t : selection.tests) {
    std::string shown;
    for (int s : t.situations) shown += (shown.empty() ? "" : ", ") + situations()[s].name;
    out += "| `" + t.name + "`" + (t.hand ? " (written by hand)" : "") + " | `" + t.line.board() +
           "` | " + t.line.adversary_text() + " | " + std::to_string(t.line.seed) + " | " + shown +
           " | " + std::to_string(t.kills.size()) + " | " + names(selection, t.kills) + " |\n";
  }
  return out;
}

}  // namespace entrapment
