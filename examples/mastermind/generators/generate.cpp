// generate: writes the generated tests of Interactive Master-Mind, testdata/secret/gen-*.in
// (and an empty gen-*.ans beside each), the same bytes on every run and every machine.
//
//   generate [--seed N] [--check] DIR
//
// For every shape (P = 1..4, C = 1..6), with G the table's value for it (the fewest guesses a
// test may allow, solver.hpp's minimum_guesses):
//   gen-pP-cC-lexicographic-worst.in  the adversary that makes the lexicographic strategy longest
//   gen-pP-cC-largest.in              the adversary that keeps the most codes
//   gen-pP-cC-random.in               a code drawn by the judge from a SEED drawn here
//   gen-pP-cC-fixed-<code>.in         a code drawn here, with a repeated colour when P > 1
//
// Every draw comes from one mastermind::Random (std::mt19937_64's raw output, which the
// standard fixes for every library) seeded with N (default 2000), in the order above, shape by
// shape. Each file is checked with parse_testcase before it is written.
//
// --check writes nothing: it compares DIR with what would be written and exits 1 naming every
// difference (a gen-* file missing, different or not generated), 0 when DIR matches.
// Hand-written tests (any other name) are left alone in both modes.
// C++17, standard library only, and the game module (../game).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>

#include "../game/random.hpp"
#include "../game/solver.hpp"
#include "../game/testcase.hpp"

namespace fs = std::filesystem;
using namespace mastermind;

namespace {

constexpr std::uint64_t kDefaultSeed = 2000;

Code draw_code(Random& random, int pins, int colours) {
  Code code;
  for (int i = 0; i < pins; ++i)
    code.push_back(1 + static_cast<int>(random.below(static_cast<std::uint64_t>(colours))));
  return code;
}

bool has_repeat(const Code& code) {
  for (std::size_t i = 0; i < code.size(); ++i)
    for (std::size_t j = i + 1; j < code.size(); ++j)
      if (code[i] == code[j]) return true;
  return false;
}

std::string dashed(const Code& code) {
  std::string out;
  for (std::size_t i = 0; i < code.size(); ++i) out += (i ? "-" : "") + std::to_string(code[i]);
  return out;
}

// Name -> contents of every file generated: each test's .in and its empty .ans.
std::map<std::string, std::string> generate(std::uint64_t seed) {
  Random random(seed);
  std::map<std::string, std::string> files;
  for (int pins = kMinPins; pins <= kMaxPins; ++pins) {
    for (int colours = kMinColours; colours <= kMaxColours; ++colours) {
      const std::string stem = "gen-p" + std::to_string(pins) + "-c" + std::to_string(colours);
      TestCase test;
      test.pins = pins;
      test.colours = colours;
      test.guesses = minimum_guesses(pins, colours);
      auto add = [&](const std::string& name, const AdversarySpec& spec) {
        test.adversary = spec;
        const std::string text = format_testcase(test);
        const ParseResult check = parse_testcase(text);
        if (!check.ok) {
          std::cerr << "generate: " << name << ".in would be invalid: " << check.message() << "\n";
          std::exit(1);
        }
        files[name + ".in"] = text;
        files[name + ".ans"] = "";
      };
      AdversarySpec spec;
      spec.kind = AdversaryKind::LexicographicWorst;
      add(stem + "-lexicographic-worst", spec);
      spec.kind = AdversaryKind::Largest;
      add(stem + "-largest", spec);
      spec.kind = AdversaryKind::Random;
      spec.seed = random.below(kSeedLimit);
      add(stem + "-random", spec);
      spec = AdversarySpec();
      spec.kind = AdversaryKind::Fixed;
      // With one colour every code repeats it; with one pin none can.
      do spec.code = draw_code(random, pins, colours);
      while (pins > 1 && !has_repeat(spec.code));
      add(stem + "-fixed-" + dashed(spec.code), spec);
    }
  }
  return files;
}

bool read_file(const fs::path& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

int usage() {
  std::cerr << "usage: generate [--seed N] [--check] DIR\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint64_t seed = kDefaultSeed;
  bool check = false;
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--check") {
      check = true;
    } else if (arg == "--seed" && i + 1 < argc) {
      char* end = nullptr;
      seed = std::strtoull(argv[++i], &end, 10);
      if (*argv[i] == '\0' || *end != '\0') return usage();
    } else if (dir.empty() && !arg.empty() && arg[0] != '-') {
      dir = arg;
    } else {
      return usage();
    }
  }
  if (dir.empty()) return usage();
  const std::map<std::string, std::string> files = generate(seed);
  std::error_code error;
  if (!fs::is_directory(dir, error)) {
    std::cerr << "generate: " << dir << " is not a directory\n";
    return 1;
  }
  if (check) {
    int differences = 0;
    for (const auto& file : files) {
      std::string text;
      if (!read_file(fs::path(dir) / file.first, text)) {
        std::cerr << "missing: " << file.first << "\n";
        ++differences;
      } else if (text != file.second) {
        std::cerr << "differs: " << file.first << "\n";
        ++differences;
      }
    }
    for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
      const std::string name = entry.path().filename().string();
      if (name.rfind("gen-", 0) == 0 && files.count(name) == 0) {
        std::cerr << "not generated: " << name << "\n";
        ++differences;
      }
    }
    if (differences) {
      std::cerr << "generate --check: " << differences << " difference(s) in " << dir << "\n";
      return 1;
    }
    std::cout << "generate --check: " << files.size() << " files match in " << dir << "\n";
    return 0;
  }
  for (const auto& file : files) {
    std::ofstream out(fs::path(dir) / file.first, std::ios::binary | std::ios::trunc);
    out << file.second;
    if (!out) {
      std::cerr << "generate: cannot write " << file.first << "\n";
      return 1;
    }
  }
  std::cout << "generate: wrote " << files.size() << " files to " << dir << "\n";
  return 0;
}
