// The layers of judge/ (the diagram at the top of judge/CMakeLists.txt) and of Entrapment's
// folders (judge/problems/entrapment/CMakeLists.txt): a folder includes only folders of lower
// layers, and the sources of the single files are listed in an order where every file comes
// after what it includes. Both are read from the CMakeLists.txt files themselves, so the
// diagrams cannot drift from the code. And the toolkit knows no problem: nothing of judge/
// outside problems/ includes a problem's code or names Entrapment's sides.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/files.hpp"
#include "tests/support/repository.hpp"

namespace fs = std::filesystem;

namespace {

fs::path judge_dir() { return entrapment::testing::repository() / "judge"; }

fs::path entrapment_dir() { return judge_dir() / "problems" / "entrapment"; }

std::string read(const fs::path& path) { return entrapment::testing::read_text(path); }

bool is_source(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".cpp" || ext == ".hpp";
}

// Whether `path` lies in `dir` (both normal).
bool lies_in(const fs::path& path, const fs::path& dir) {
  const fs::path rel = path.lexically_relative(dir);
  return !rel.empty() && *rel.begin() != "..";
}

// The files `#include "..."` names in `source`, as written.
std::vector<std::string> quoted_includes(const std::string& source) {
  std::vector<std::string> out;
  const std::regex include(R"re(#include "([^"]+)")re");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), include);
       it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
}

// The file `#include "spelled"` in `file` reads, as the compiler and cmake/amalgamate.cmake
// find it: beside `file`, else from judge/ (every library of judge/ has it as an include
// directory); empty when neither holds it.
fs::path resolve(const fs::path& file, const std::string& spelled) {
  const fs::path near = (file.parent_path() / spelled).lexically_normal();
  if (fs::is_regular_file(near)) return near;
  const fs::path from_judge = (judge_dir() / spelled).lexically_normal();
  if (fs::is_regular_file(from_judge)) return from_judge;
  return {};
}

// "#     1 game          the pure game" -> game: 1; an unnumbered line shares the layer above.
std::map<std::string, int> layers_from_diagram(const std::string& cmake) {
  std::map<std::string, int> layers;
  const std::regex line(R"(^#\s+(\d+)?\s+([a-z]+)\s{2,}\S)");
  std::istringstream in(cmake);
  std::string text;
  int layer = 0;
  bool in_diagram = false;
  while (std::getline(in, text)) {
    if (text.rfind("# The layers of judge/", 0) == 0) in_diagram = true;
    if (!in_diagram) continue;
    if (text.empty() || text[0] != '#') break;
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    if (m[1].matched) layer = std::stoi(m[1]);
    if (layer > 0) layers[m[2]] = layer;
  }
  return layers;
}

// The judge/ folders a source includes: "folder/..." or "../folder/...".
std::set<std::string> included_folders(const std::string& source) {
  std::set<std::string> folders;
  const std::regex include(R"re(#include "(?:\.\./)?([a-z_]+)/[^"]+")re");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), include);
       it != std::sregex_iterator(); ++it)
    folders.insert((*it)[1]);
  return folders;
}

TEST(Layers, TheDiagramNamesEveryFolderOfJudge) {
  const auto layers = layers_from_diagram(read(judge_dir() / "CMakeLists.txt"));
  ASSERT_GE(layers.size(), 5u) << "no layer diagram at the top of judge/CMakeLists.txt";
  for (const auto& entry : fs::directory_iterator(judge_dir())) {
    if (!entry.is_directory()) continue;
    EXPECT_TRUE(layers.count(entry.path().filename().string()))
        << "judge/" << entry.path().filename().string()
        << " is not in the layer diagram of judge/CMakeLists.txt";
  }
}

TEST(Layers, EveryFolderIncludesOnlyLowerLayers) {
  const auto layers = layers_from_diagram(read(judge_dir() / "CMakeLists.txt"));
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(judge_dir())) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    const std::string folder = fs::relative(entry.path(), judge_dir()).begin()->string();
    if (!layers.count(folder)) continue;  // reported by the test above
    ++files;
    for (const std::string& used : included_folders(read(entry.path()))) {
      if (used == folder || !layers.count(used)) continue;  // e.g. "generated/..."
      EXPECT_LT(layers.at(used), layers.at(folder))
          << fs::relative(entry.path(), judge_dir().parent_path()).string() << " (layer "
          << layers.at(folder) << ") includes " << used << "/ (layer " << layers.at(used)
          << "): a folder may include only folders of lower layers";
    }
  }
  EXPECT_GT(files, 50);
}

// The sources `list_name` (a set() of `cmake`) lists, relative to `base`, each after every
// listed file it includes, as cmake/amalgamate.cmake concatenates them. Returns how many.
std::size_t expect_listed_after_includes(const std::string& cmake, const std::string& list_name,
                                         const fs::path& base) {
  const auto begin = cmake.find("set(" + list_name);
  EXPECT_NE(begin, std::string::npos) << list_name;
  if (begin == std::string::npos) return 0;
  const std::string list = cmake.substr(begin, cmake.find(')', begin) - begin);
  std::vector<fs::path> order;
  const std::regex name(R"(((?:[a-z_]+/)+[a-z_]+\.[ch]pp))");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), name); it != std::sregex_iterator();
       ++it)
    order.push_back((base / std::string((*it)[1])).lexically_normal());
  std::set<fs::path> seen;
  for (const fs::path& file : order) {
    for (const std::string& spelled : quoted_includes(read(file))) {
      const fs::path target = resolve(file, spelled);
      EXPECT_TRUE(!target.empty() && seen.count(target))
          << fs::relative(file, judge_dir().parent_path()).string() << " includes " << spelled
          << ", which " << list_name << " puts after it (or leaves out)";
    }
    seen.insert(file);
  }
  return order.size();
}

TEST(Layers, TheCoreIsListedAfterWhatItIncludes) {
  EXPECT_GT(expect_listed_after_includes(read(judge_dir() / "CMakeLists.txt"),
                                         "CORE_SOURCES_IN_ORDER", judge_dir()),
            10u);
  // Entrapment's single files: the core, its game and its module, from the repository's root.
  EXPECT_GT(expect_listed_after_includes(read(entrapment_dir() / "CMakeLists.txt"),
                                         "ENTRAPMENT_SOURCES_IN_ORDER", judge_dir().parent_path()),
            20u);
}

}  // namespace

namespace {

// The toolkit knows no problem (issue 46): no file of judge/ outside problems/ includes a
// problem's code, Entrapment's (judge/problems/) or another package's (examples/), whether
// it names it or reaches it through an include directory a problem's library gives. A problem
// reaches the toolkit only through two bridges, both its own and both in judge/problems/:
//   - problems/built_in.cpp registers every module and its hooks when build/bin/judge starts
//     (package/problem_modules.hpp; report/game_view.hpp, generate/generator_families.hpp,
//     workflow/terminal_game.hpp), so the toolkit finds a package's module by the name in its
//     judge.yaml and a hook by the module;
//   - each problem's the_problem.cpp defines contract/the_problem.hpp's the_problem_module(),
//     the one problem of its contest-system programs and single files (Entrapment's here,
//     examples/mastermind/game/the_problem.cpp).
const char* const kBridges[] = {"problems/built_in.cpp", "problems/entrapment/the_problem.cpp"};

TEST(Layers, TheToolkitIncludesNoProblemsModule) {
  for (const char* bridge : kBridges)
    EXPECT_TRUE(fs::is_regular_file(judge_dir() / bridge))
        << "judge/" << bridge << " is gone: say here which files bridge the toolkit and a problem";
  // Where a problem's headers are found other than from judge/: its package's directories.
  std::vector<fs::path> problem_dirs = {judge_dir() / "problems"};
  for (const auto& package : fs::directory_iterator(judge_dir().parent_path() / "examples")) {
    if (!package.is_directory()) continue;
    problem_dirs.push_back(package.path());
    for (const auto& part : fs::directory_iterator(package.path()))
      if (part.is_directory()) problem_dirs.push_back(part.path());
  }
  const std::regex problem_include(
      R"re(#include "(?:\.\./)*(?:problems/|examples/|module\.hpp|game\.hpp"))re");
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(judge_dir())) {
    if (!is_source(entry.path()) || lies_in(entry.path(), judge_dir() / "problems")) continue;
    ++files;
    const std::string shown = fs::relative(entry.path(), judge_dir().parent_path()).string();
    const std::string text = read(entry.path());
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, problem_include))
        << shown << ": " << m.str()
        << " (a toolkit file holds a ProblemModule, found by package_problem_module())";
    for (const std::string& spelled : quoted_includes(text)) {
      const fs::path target = resolve(entry.path(), spelled);
      if (!target.empty()) {
        EXPECT_FALSE(lies_in(target, judge_dir() / "problems"))
            << shown << " includes " << fs::relative(target, judge_dir()).string()
            << ", a problem's: the toolkit reaches a problem through a hook it registers";
        continue;
      }
      for (const fs::path& dir : problem_dirs)
        EXPECT_FALSE(fs::is_regular_file(dir / spelled))
            << shown << " includes \"" << spelled << "\", found only in a problem's "
            << fs::relative(dir, judge_dir().parent_path()).string() << "/";
    }
  }
  EXPECT_GT(files, 50);
}

// Entrapment's sides are its own words: a file of judge/ that names the Runner or the Trapper
// is Entrapment's and lies in judge/problems/entrapment/. The toolkit speaks of a judge and a
// contestant, whatever the game.
TEST(Layers, NoFileOutsideEntrapmentNamesItsSides) {
  const std::regex sides("runner|trapper", std::regex::icase);
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(judge_dir())) {
    if (!entry.is_regular_file() || lies_in(entry.path(), entrapment_dir())) continue;
    ++files;
    std::istringstream in(read(entry.path()));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      EXPECT_FALSE(std::regex_search(line, sides))
          << fs::relative(entry.path(), judge_dir().parent_path()).string() << ":" << number << ": "
          << line << "\n(Entrapment's words: move this into judge/problems/entrapment/, "
          << "or say it of any game)";
    }
  }
  EXPECT_GT(files, 100);
}

// Entrapment's folders are layered as judge/'s are (the diagram at the top of
// judge/problems/entrapment/CMakeLists.txt): its game first, then what is built on it. The
// files at its root (the module, its view, the transports' problem, the testlib validator) are
// above its game: only folders above interaction include them.
TEST(Layers, EntrapmentsFoldersIncludeOnlyLowerLayers) {
  const auto layers = layers_from_diagram(read(entrapment_dir() / "CMakeLists.txt"));
  ASSERT_GE(layers.size(), 5u) << "no layer diagram at the top of "
                               << entrapment_dir() / "CMakeLists.txt";
  ASSERT_TRUE(layers.count("interaction"));
  for (const auto& entry : fs::directory_iterator(entrapment_dir())) {
    if (!entry.is_directory()) continue;
    EXPECT_TRUE(layers.count(entry.path().filename().string()))
        << "judge/problems/entrapment/" << entry.path().filename().string()
        << " is not in the layer diagram of judge/problems/entrapment/CMakeLists.txt";
  }
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(entrapment_dir())) {
    if (!is_source(entry.path())) continue;
    const fs::path rel = fs::relative(entry.path(), entrapment_dir());
    const std::string folder = rel.begin()->string();
    if (std::distance(rel.begin(), rel.end()) < 2 || !layers.count(folder)) continue;
    ++files;
    const std::string shown = "judge/problems/entrapment/" + rel.generic_string();
    for (const std::string& spelled : quoted_includes(read(entry.path()))) {
      const fs::path target = resolve(entry.path(), spelled);
      if (target.empty() || !lies_in(target, entrapment_dir())) continue;
      const fs::path used_rel = target.lexically_relative(entrapment_dir());
      if (std::distance(used_rel.begin(), used_rel.end()) < 2) {
        EXPECT_GT(layers.at(folder), layers.at("interaction"))
            << shown << " (layer " << layers.at(folder) << ") includes " << used_rel.string()
            << ", of the root: the game below it includes none of the root's files";
        continue;
      }
      const std::string used = used_rel.begin()->string();
      if (used == folder || !layers.count(used)) continue;
      EXPECT_LT(layers.at(used), layers.at(folder))
          << shown << " (layer " << layers.at(folder) << ") includes " << used << "/ (layer "
          << layers.at(used) << "): a folder may include only folders of lower layers";
    }
  }
  EXPECT_GT(files, 40);
}

// A second problem's module uses nothing of judge/ but the contract: it would be amalgamated
// into its contest systems' single files with the contract alone.
TEST(Layers, MasterMindUsesOnlyTheContract) {
  const fs::path game = entrapment::testing::repository() / "examples" / "mastermind" / "game";
  int files = 0;
  for (const auto& entry : fs::directory_iterator(game)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    ++files;
    for (const std::string& used : included_folders(read(entry.path())))
      EXPECT_EQ(used, "contract") << "examples/mastermind/game/" << entry.path().filename().string()
                                  << " includes " << used << "/ of judge/";
  }
  EXPECT_GT(files, 10);
}

// The limits' seam (box/limiter.hpp): which mechanism is in force, and what each covers, is the
// box's to say (`judge-box --describe`, the record). No file of judge/ outside box/ includes
// the limiter or the control groups, or asks which mechanism is chosen.
TEST(Layers, OnlyTheBoxKnowsWhichLimitMechanismIsInForce) {
  const std::vector<std::string> asks = {"box/limiter.hpp\"", "box/limiter_kinds.hpp\"",
                                         "box/cgroup.hpp\"",  "box/limit_scope.hpp\"",
                                         "limits_here(",      "LimitsHere",
                                         "make_limiter(",     "layout_for_boxes("};
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(judge_dir())) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    if (fs::relative(entry.path(), judge_dir()).begin()->string() == "box") continue;
    ++files;
    const std::string text = read(entry.path());
    for (const std::string& ask : asks)
      EXPECT_EQ(text.find(ask), std::string::npos)
          << fs::relative(entry.path(), judge_dir().parent_path()).string() << ": " << ask
          << " (ask the box: containment/box_description.hpp, or read its record)";
  }
  EXPECT_GT(files, 50);
}

}  // namespace
