// The layers of judge/ (the diagram at the top of judge/CMakeLists.txt): a folder includes only
// folders of lower layers, and the core's sources are listed for the single files in an order
// where every file comes after what it includes. Both are read from judge/CMakeLists.txt itself,
// so the diagram cannot drift from the code.
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

std::string read(const fs::path& path) { return entrapment::testing::read_text(path); }

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

TEST(Layers, TheCoreIsListedAfterWhatItIncludes) {
  const std::string cmake = read(judge_dir() / "CMakeLists.txt");
  const auto begin = cmake.find("set(CORE_SOURCES_IN_ORDER");
  ASSERT_NE(begin, std::string::npos);
  const std::string list = cmake.substr(begin, cmake.find(')', begin) - begin);
  std::vector<std::string> order;
  const std::regex name(R"(([a-z_]+/[a-z_]+\.[ch]pp))");
  for (auto it = std::sregex_iterator(list.begin(), list.end(), name); it != std::sregex_iterator();
       ++it)
    order.push_back((*it)[1]);
  ASSERT_GT(order.size(), 10u);
  std::set<std::string> seen;
  const std::regex include(R"re(#include "([^"]+)")re");
  for (const std::string& file : order) {
    const std::string text = read(judge_dir() / file);
    const fs::path dir = fs::path(file).parent_path();
    for (auto it = std::sregex_iterator(text.begin(), text.end(), include);
         it != std::sregex_iterator(); ++it) {
      const std::string target = (dir / std::string((*it)[1])).lexically_normal().string();
      EXPECT_TRUE(seen.count(target)) << file << " includes " << target
                                      << ", which the core list puts after it (or leaves out)";
    }
    seen.insert(file);
  }
}

}  // namespace

namespace {

// The limits' seam (box/limiter.hpp): which mechanism is in force, and what each covers, is the
// box's to say (`judge-box --describe`, the record). No file of judge/ outside box/ includes
// the limiter or the control groups, or asks which mechanism is chosen.
// The toolkit knows no problem (issue 46): no file of judge/ outside problems/ includes a
// problem's module, Entrapment's (problems/) or another package's (examples/); the toolkit
// finds a package's module by the name in its judge.yaml (package/problem_modules.hpp).
TEST(Layers, TheToolkitIncludesNoProblemsModule) {
  const std::regex problem_include(
      R"re(#include "(?:\.\./)*(?:problems/|examples/|module\.hpp|game\.hpp"))re");
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(judge_dir())) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    if (fs::relative(entry.path(), judge_dir()).begin()->string() == "problems") continue;
    ++files;
    const std::string text = read(entry.path());
    std::smatch m;
    EXPECT_FALSE(std::regex_search(text, m, problem_include))
        << fs::relative(entry.path(), judge_dir().parent_path()).string() << ": " << m.str()
        << " (a toolkit file holds a ProblemModule, found by package_problem_module())";
  }
  EXPECT_GT(files, 50);
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
