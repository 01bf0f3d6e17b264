// The layouts of the exports for the systems where the problem is hosted and for DOMjudge, each
// against what that system's importer and judge read (the sources are named in
// judge/export/*_format.cpp and doc/exports.md). No count is assumed: every expectation is
// derived from testdata/, solutions/ and problem.yaml.
#include "export_fixture.hpp"

namespace entrapment::export_test {
namespace {

std::size_t judged_test_count(const fs::path& testdata) {
  return files_with(testdata / "sample", ".in").size() +
         files_with(testdata / "secret", ".in").size();
}

// The Kattis packages' tests in the order the numbering formats use: samples first.
std::vector<fs::path> ordered_tests(const fs::path& testdata) {
  std::vector<fs::path> out = files_with(testdata / "sample", ".in");
  for (const fs::path& in : files_with(testdata / "secret", ".in")) out.push_back(in);
  return out;
}

std::string winner(const fs::path& in) { return read_text(with(in, ".ans")); }

// A name holds exactly one run of digits (Luogu's rule for test files).
bool one_run_of_digits(const std::string& name) {
  int runs = 0;
  for (std::size_t i = 0; i < name.size(); ++i)
    if (std::isdigit(static_cast<unsigned char>(name[i])) &&
        (i == 0 || !std::isdigit(static_cast<unsigned char>(name[i - 1]))))
      ++runs;
  return runs == 1;
}

// The tokens UOJ's compiler refuses anywhere in a C++ source (run/compile.cpp,
// has_illegal_keywords_in_file: runs of letters, digits and underscores).
bool has_assembly_keyword(const std::string& text) {
  std::string token;
  for (const char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      token += c;
      continue;
    }
    if (token == "asm" || token == "__asm" || token == "__asm__") return true;
    token.clear();
  }
  return false;
}

TEST_F(ExportTest, DomjudgeDeclaresTheRacesOutsideTheVerdictDirectories) {
  const fs::path p = package("domjudge");
  EXPECT_TRUE(fs::is_regular_file(p / "problem.yaml"));
  EXPECT_TRUE(fs::is_regular_file(p / ".timelimit"));
  EXPECT_TRUE(
      fs::is_regular_file(p / "output_validators" / "entrapment_interactor" / "interactor.cpp"));
  std::size_t mixed = 0;
  for (const std::string& solution : solutions(root_)) {
    const std::string verdict = solution.substr(0, solution.find('/'));
    const std::string name = solution.substr(solution.find('/') + 1);
    const bool stops = verdict == "run_time_error" || verdict == "time_limit_exceeded";
    const fs::path expected = p / "submissions" / (stops ? "mixed" : verdict) / name;
    ASSERT_TRUE(fs::exists(expected)) << solution;
    const std::string text = read_text(expected);
    // DOMjudge reads one annotation, case-insensitively, anywhere in the file.
    std::string upper = text;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_EQ(count(upper, "@EXPECTED_RESULTS@: "), stops ? 1u : 0u) << solution;
    if (!stops) {
      EXPECT_EQ(text, read_text(root_ / "solutions" / solution)) << solution;
      continue;
    }
    ++mixed;
    const std::string source = read_text(root_ / "solutions" / solution);
    const bool by_memory = source.rfind("// RUN TIME ERROR (memory)", 0) == 0;
    const std::string result = by_memory                     ? "RUN-ERROR, TIMELIMIT"
                               : verdict == "run_time_error" ? "RUN-ERROR"
                                                             : "TIMELIMIT";
    const std::string comment =
        name.size() > 3 && name.substr(name.size() - 3) == ".py" ? "#" : "//";
    const std::string line = comment + " @EXPECTED_RESULTS@: " + result + ", WRONG-ANSWER\n";
    EXPECT_EQ(text, line + source) << solution;
  }
  EXPECT_GT(mixed, 0u);
  EXPECT_NE(read_text(p / "README.md").find("submissions/mixed/"), std::string::npos);
  // The 2025-09 package declares the same in its own way, and keeps the directories.
  const std::string yaml = read_text(package("2025-09") / "submissions" / "submissions.yaml");
  EXPECT_NE(yaml.find("run_time_error:\n  permitted: [AC, RTE, WA]\n  required: [RTE, WA]\n"),
            std::string::npos)
      << yaml;
  EXPECT_NE(yaml.find("time_limit_exceeded:\n  permitted: [AC, TLE, WA]\n  required: [TLE, WA]\n"),
            std::string::npos)
      << yaml;
  const YAML::Node parsed = YAML::Load(yaml);
  EXPECT_TRUE(parsed.IsMap());
}

TEST_F(ExportTest, LuoguLayout) {
  const fs::path p = package("luogu");
  const fs::path data = p / "data";
  const std::vector<fs::path> tests = ordered_tests(package("2025-09") / "data");
  ASSERT_EQ(tests.size(), judged_test_count(testdata()));
  // Flat: no folders in the data, names with one run of digits, an .out for every .in.
  for (const auto& entry : fs::directory_iterator(data)) {
    EXPECT_TRUE(entry.is_regular_file()) << entry.path();
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".in" || entry.path().extension() == ".out") {
      EXPECT_TRUE(one_run_of_digits(name)) << name;
    }
  }
  EXPECT_EQ(files_with(data, ".in").size(), tests.size());
  EXPECT_EQ(files_with(data, ".out").size(), tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const std::string n = (i < 9 ? "0" : "") + std::to_string(i + 1);
    EXPECT_EQ(read_text(data / (n + ".in")),
              read_text(testdata() / fs::relative(tests[i], package("2025-09") / "data")))
        << n;
    EXPECT_EQ(read_text(data / (n + ".out")),
              winner(testdata() / fs::relative(tests[i], package("2025-09") / "data")))
        << n;
  }
  EXPECT_TRUE(fs::is_regular_file(data / "interactive_lib.cpp"));
  EXPECT_EQ(fs::file_size(data / "interactive_lib.cpp"), 0u);
  EXPECT_EQ(read_text(data / "checker.cpp"),
            read_text(bin_.parent_path() / "interactor" / "interactor_testlib.cpp"));
  // config.yml: every test, the official limits in ms and KiB; all or nothing: every test in
  // one subtask, worth the whole 100 (a subtask scores the least of its tests' scores).
  const YAML::Node config = YAML::LoadFile((data / "config.yml").string());
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  ASSERT_EQ(config.size(), tests.size());
  for (const auto& entry : config) {
    EXPECT_TRUE(fs::is_regular_file(data / entry.first.as<std::string>()));
    EXPECT_EQ(entry.second["timeLimit"].as<double>(),
              repo["limits"]["time_limit"].as<double>() * 1000);
    EXPECT_EQ(entry.second["memoryLimit"].as<long long>(),
              repo["limits"]["memory"].as<long long>() * 1024);
    EXPECT_EQ(entry.second["score"].as<long long>(), 100) << entry.first;
    EXPECT_EQ(entry.second["subtaskId"].as<long long>(), 1) << entry.first;
  }
  // The statement: Luogu's fields, the samples split into what the program reads and prints.
  const std::string md = read_text(p / "statement.md");
  for (const char* field :
       {"## 题目描述", "## 输入格式", "## 输出格式", "## 输入输出样例", "## 说明/提示"})
    EXPECT_NE(md.find(field), std::string::npos) << field;
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  EXPECT_FALSE(fs::exists(data / "README.md"));
}

TEST_F(ExportTest, HydroLayoutFitsADefaultJudge) {
  const fs::path p = package("hydro");
  const YAML::Node problem = YAML::LoadFile((p / "problem.yaml").string());
  EXPECT_EQ(problem["title"].as<std::string>(),
            YAML::LoadFile((root_ / "problem.yaml").string())["name"].as<std::string>());
  EXPECT_TRUE(fs::is_regular_file(p / "problem_en.md"));
  EXPECT_TRUE(fs::is_regular_file(p / "additional_file" / "testing_tool.py"));
  const fs::path data = p / "testdata";
  const YAML::Node config = YAML::LoadFile((data / "config.yaml").string());
  EXPECT_EQ(config["type"].as<std::string>(), "interactive");
  ASSERT_TRUE(fs::is_regular_file(data / config["interactor"].as<std::string>()));
  EXPECT_EQ(fs::path(config["interactor"].as<std::string>()).extension(), ".cc");  // Hydro's cc
  const YAML::Node cases = config["subtasks"][0]["cases"];
  EXPECT_EQ(config["subtasks"][0]["type"].as<std::string>(), "min");
  EXPECT_EQ(config["subtasks"][0]["score"].as<int>(), 100);
  ASSERT_EQ(cases.size(), judged_test_count(testdata()));
  for (const auto& c : cases) {
    EXPECT_TRUE(fs::is_regular_file(data / c["input"].as<std::string>()));
    EXPECT_TRUE(fs::is_regular_file(data / c["output"].as<std::string>()));
  }
  // A default judge (hydrojudge config.ts): at most 100 cases, 60 s of limits in all for every
  // language (each test's limit times the language's rate), 512 MB.
  const std::string time = config["time"].as<std::string>();
  ASSERT_EQ(time.substr(time.size() - 2), "ms") << time;
  const long long time_ms = std::stoll(time.substr(0, time.size() - 2));
  double largest_rate = 1;
  for (const auto& rate : config["time_limit_rate"])
    largest_rate = std::max(largest_rate, rate.second.as<double>());
  EXPECT_LE(static_cast<double>(time_ms) * cases.size() * largest_rate, 60000.0);
  EXPECT_LE(cases.size(), 100u);
  const std::string memory = config["memory"].as<std::string>();
  EXPECT_LE(std::stoll(memory), 512) << memory;
  // The languages a default install rates at 2 (packages/hydrooj/setting.yaml) run at 1 here.
  EXPECT_EQ(config["time_limit_rate"]["java"].as<double>(), 1);
  EXPECT_EQ(config["time_limit_rate"]["kt.jvm"].as<double>(), 1);
  // Said in the README (and on the terminal: the export's notes).
  EXPECT_NE(read_text(p / "README.md").find("--official-limits"), std::string::npos);
  EXPECT_NE(read_text(tmp_ / "hydro.err").find("Limits chosen to fit a default Hydro judge"),
            std::string::npos);
}

TEST_F(ExportTest, HydroOfficialLimitsOnRequest) {
  const fs::path out = tmp_ / "hydro official";
  ASSERT_EQ(judge_export({"--format", "hydro", "--official-limits", out.string()}).status, 0);
  const YAML::Node config =
      YAML::LoadFile((out / "entrapment" / "testdata" / "config.yaml").string());
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  EXPECT_EQ(
      config["time"].as<std::string>(),
      std::to_string(static_cast<long long>(repo["limits"]["time_limit"].as<double>() * 1000)) +
          "ms");
  EXPECT_EQ(config["memory"].as<std::string>(), repo["limits"]["memory"].as<std::string>() + "m");
  EXPECT_FALSE(config["time_limit_rate"]);
  // Only hydro takes the option.
  EXPECT_EQ(
      judge_export({"--format", "luogu", "--official-limits", (tmp_ / "luogu official").string()},
                   false)
          .status,
      2);
  fs::remove_all(out);
}

TEST_F(ExportTest, UojLayout) {
  const fs::path data = package("uoj") / "data";
  const std::size_t n = judged_test_count(testdata());
  std::map<std::string, std::string> conf;
  std::istringstream lines(read_text(data / "problem.conf"));
  for (std::string key, value; lines >> key >> value;) {
    EXPECT_EQ(conf.count(key), 0u) << "duplicate key " << key;  // UOJ refuses them
    conf[key] = value;
  }
  EXPECT_EQ(conf["use_builtin_judger"], "on");
  EXPECT_EQ(conf["interaction_mode"], "on");
  EXPECT_EQ(conf["n_tests"], std::to_string(n));
  EXPECT_EQ(conf["n_ex_tests"], "0");
  EXPECT_EQ(conf["n_sample_tests"], "0");
  for (std::size_t i = 1; i <= n; ++i)
    for (const char* side : {"input", "output"}) {
      const std::string suffix = conf[std::string(side) + "_suf"];
      EXPECT_TRUE(fs::is_regular_file(
          data / (conf[std::string(side) + "_pre"] + std::to_string(i) + "." + suffix)))
          << side << " " << i;
    }
  // uoj.ac picks interactor14.cpp (C++14) before interactor.cpp (C++03); the community
  // edition reads interactor.cpp only. The same source.
  EXPECT_EQ(read_text(data / "interactor14.cpp"), read_text(data / "interactor.cpp"));
  EXPECT_EQ(read_text(data / "interactor.cpp"),
            read_text(bin_.parent_path() / "interactor" / "interactor_uoj.cpp"));
  EXPECT_FALSE(has_assembly_keyword(read_text(data / "interactor.cpp")));
  EXPECT_TRUE(fs::is_regular_file(data / "download" / "testing_tool.py"));
  EXPECT_TRUE(fs::is_regular_file(package("uoj") / "statement.md"));
}

// UOJ's compiler refuses a C++ source holding the inline-assembly keyword anywhere (a comment
// included); every single file is a C++ source some system may hand to it.
TEST_F(ExportTest, NoSingleFileHoldsTheWordUojRefuses) {
  std::size_t files = 0;
  for (const fs::path& file : all_files(bin_.parent_path() / "interactor"))
    if (file.extension() == ".cpp") {
      EXPECT_FALSE(has_assembly_keyword(read_text(file))) << file;
      ++files;
    }
  EXPECT_GE(files, 6u);
  EXPECT_TRUE(has_assembly_keyword("int x; __asm__(\"nop\");"));  // the check can fail
}

TEST_F(ExportTest, CmsItalyYamlLayout) {
  const fs::path p = package("cms");
  const std::size_t n = judged_test_count(testdata());
  const YAML::Node task = YAML::LoadFile((p / "task.yaml").string());
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  EXPECT_EQ(task["name"].as<std::string>(), "entrapment");
  EXPECT_EQ(task["n_input"].as<std::size_t>(), n);
  EXPECT_EQ(task["time_limit"].as<double>(), repo["limits"]["time_limit"].as<double>());
  EXPECT_EQ(task["memory_limit"].as<long long>(), repo["limits"]["memory"].as<long long>());
  EXPECT_EQ(task["score_type"].as<std::string>(), "GroupMin");
  EXPECT_EQ(task["score_type_parameters"][0][0].as<int>(), 100);
  EXPECT_EQ(task["score_type_parameters"][0][1].as<std::size_t>(), n);
  EXPECT_EQ(task["token_mode"].as<std::string>(), "disabled");
  for (std::size_t i = 0; i < n; ++i) {
    EXPECT_TRUE(fs::is_regular_file(p / "input" / ("input" + std::to_string(i) + ".txt")));
    EXPECT_TRUE(fs::is_regular_file(p / "output" / ("output" + std::to_string(i) + ".txt")));
  }
  EXPECT_FALSE(fs::exists(p / "input" / ("input" + std::to_string(n) + ".txt")));
  // A compiled manager (executable), the single file it was compiled from, and sol/.
  const fs::perms perms = fs::status(p / "check" / "manager").permissions();
  EXPECT_NE(perms & fs::perms::owner_exec, fs::perms::none);
  EXPECT_EQ(read_text(p / "check" / "manager.cpp"),
            read_text(bin_.parent_path() / "interactor" / "cms_manager.cpp"));
  EXPECT_FALSE(fs::exists(p / "check" / "checker"));  // that would make it a Batch task
  EXPECT_TRUE(fs::is_directory(p / "sol"));
  // No sol/stub.*: one would make the task ["stub", "fifo_io"] (the program compiled with the
  // stub, talking over FIFOs). Without it CMS's loader (c3659b8) logs "Stub for language ...
  // not found." once per language it knows: the README must say that is expected.
  for (const fs::directory_entry& e : fs::directory_iterator(p / "sol"))
    EXPECT_NE(e.path().stem().string(), "stub") << e.path();
  EXPECT_NE(read_text(p / "README.md").find("`Stub for language ... not found.`"),
            std::string::npos);
  EXPECT_TRUE(fs::is_regular_file(p / "att" / "testing_tool.py"));
  // The statement: a PDF (the loader takes no other), showing the problem's sentences.
  const std::string pdf = read_text(p / "statement" / "statement.pdf");
  EXPECT_EQ(pdf.rfind("%PDF-1.4\n", 0), 0u);
  EXPECT_NE(pdf.find("%%EOF"), std::string::npos);
  EXPECT_NE(pdf.find("(" + repo["name"].as<std::string>() + ")"), std::string::npos);
  EXPECT_NE(pdf.find("(Interaction)"), std::string::npos);
  // The xref table points at each object.
  const std::size_t xref = std::stoul(pdf.substr(pdf.rfind("startxref\n") + 10));
  EXPECT_EQ(pdf.compare(xref, 5, "xref\n"), 0);
}

// LibreOJ (Lyrio): the test data to upload and judgeInfo.json, the interaction type's judge
// settings with every field filled, as Lyrio's server validates them
// (src/problem-type/types/interaction/problem-type.service.ts, validateAndFilterJudgeInfo, and
// common/meta-and-subtasks.ts): integer limits in ms and MiB, the official ones; subtasks with
// a scoringType and points up to 100, every inputFile among the uploaded files; the interactor
// stdio, cpp with valid compileAndRunOptions, its file uploaded; no other property (Lyrio
// strips unknown ones). JSON is YAML, so yaml-cpp reads it.
TEST_F(ExportTest, LibreojLayout) {
  ASSERT_EQ(export_status_["libreoj"], 0) << read_text(tmp_ / "libreoj.err");
  const fs::path p = package("libreoj");
  const fs::path data = p / "testdata";
  const YAML::Node info = YAML::LoadFile((p / "judgeInfo.json").string());
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  EXPECT_EQ(info["timeLimit"].as<long long>(),
            static_cast<long long>(repo["limits"]["time_limit"].as<double>() * 1000));
  EXPECT_EQ(info["memoryLimit"].as<long long>(), repo["limits"]["memory"].as<long long>());
  EXPECT_FALSE(info["runSamples"].as<bool>());
  for (const auto& key : info)
    EXPECT_TRUE(std::set<std::string>({"timeLimit", "memoryLimit", "runSamples", "subtasks",
                                       "interactor", "extraSourceFiles"})
                    .count(key.first.as<std::string>()))
        << key.first;
  // All or nothing: one subtask of every test, GroupMin, 100 points; the tests in order.
  ASSERT_EQ(info["subtasks"].size(), 1u);
  const YAML::Node subtask = info["subtasks"][0];
  EXPECT_EQ(subtask["scoringType"].as<std::string>(), "GroupMin");
  EXPECT_EQ(subtask["points"].as<int>(), 100);
  const std::vector<fs::path> tests = ordered_tests(testdata());
  ASSERT_EQ(subtask["testcases"].size(), tests.size());
  for (std::size_t i = 0; i < tests.size(); ++i) {
    const std::string input = subtask["testcases"][i]["inputFile"].as<std::string>();
    EXPECT_EQ(read_text(data / input), read_text(tests[i])) << input;
  }
  const YAML::Node interactor = info["interactor"];
  EXPECT_EQ(interactor["interface"].as<std::string>(), "stdio");
  EXPECT_EQ(interactor["language"].as<std::string>(), "cpp");
  const YAML::Node options = interactor["compileAndRunOptions"];
  EXPECT_EQ(options["compiler"].as<std::string>(), "g++");
  EXPECT_EQ(options["std"].as<std::string>(), "c++14");
  EXPECT_EQ(options["O"].as<std::string>(), "2");
  EXPECT_EQ(options["m"].as<std::string>(), "64");
  EXPECT_EQ(read_text(data / interactor["filename"].as<std::string>()),
            read_text(bin_.parent_path() / "interactor" / "interactor_testlib.cpp"));
  // What is uploaded is exactly the tests and the interactor.
  EXPECT_EQ(all_files(data).size(), tests.size() + 1);
  EXPECT_TRUE(fs::is_regular_file(p / "attachments" / "testing_tool.py"));
  EXPECT_FALSE(has_judge_line(read_text(p / "statement.md")));
}

// The files every hosted format shows contestants hold no judge line.
TEST_F(ExportTest, HostedStatementsHoldNoJudgeLines) {
  for (const fs::path& file :
       {package("luogu") / "statement.md", package("hydro") / "problem_en.md",
        package("uoj") / "statement.md", package("libreoj") / "statement.md"}) {
    const std::string text = read_text(file);
    EXPECT_FALSE(has_judge_line(text)) << file;
    EXPECT_NE(text.find("Runner"), std::string::npos) << file;
  }
}

// What an export changes from problem.yaml comes first (issue 29): a `warning:` line before
// anything else judge export prints, and at the top of the package's README (after the marker
// line), naming the official value, the option that keeps it and the system's settings it then
// needs. Hydro's default limits are such a change, and so is the legacy format's time limit,
// which problemtools and Kattis derive from the accepted submissions (the format has no key for
// it); the other formats keep the official limits and all-or-nothing scoring, and warn of
// nothing.
TEST_F(ExportTest, WhatAnExportChangesIsAWarningFirst) {
  const YAML::Node repo = YAML::LoadFile((root_ / "problem.yaml").string());
  const std::string official_time = repo["limits"]["time_limit"].as<std::string>() + " s";
  const std::string official_memory = repo["limits"]["memory"].as<std::string>() + " MB";
  for (const std::string& format : all_formats()) {
    const std::string err = read_text(tmp_ / (format + ".err"));
    const std::string readme = read_text(package(format) / "README.md");
    const std::size_t marker_end = readme.find('\n');
    ASSERT_NE(marker_end, std::string::npos) << format;
    const std::string after_marker = readme.substr(marker_end + 1);
    std::vector<std::string> needed;
    if (format == "hydro")
      needed = {official_time,      official_memory, "--official-limits",
                "total_time_limit", "memoryMax",     "100"};
    else if (format == "legacy" || format == "kattis")
      needed = {official_time, "--fixed_timelim", "--format 2025-09"};
    if (needed.empty()) {
      EXPECT_EQ(err.find("warning:"), std::string::npos) << format << ": " << err;
      EXPECT_EQ(readme.find("warning:"), std::string::npos) << format;
      continue;
    }
    const std::string prefix = "judge export: warning: " + format + ": ";
    EXPECT_EQ(err.rfind(prefix, 0), 0u) << format << ": " << err;
    const std::string first_line = err.substr(0, err.find('\n'));
    for (const std::string& word : needed)
      EXPECT_NE(first_line.find(word), std::string::npos) << word << " in: " << first_line;
    // In the README: the first thing after the marker line, with the same text.
    EXPECT_EQ(after_marker.find_first_not_of('\n'), after_marker.find("**warning:**"))
        << readme.substr(0, 400);
    EXPECT_NE(readme.find("**warning:** " +
                          first_line.substr(std::min(prefix.size(), first_line.size()))),
              std::string::npos)
        << readme.substr(0, 800);
  }
}

// DOMjudge's README calls the limits what they are, the ones in problem.yaml (which the setter
// may have changed), and says how to get the PDF statement DOMjudge shows: `judge export
// --format cms` writes it where the README says.
TEST_F(ExportTest, DomjudgeReadmeNamesTheLimitsInProblemYamlAndWhereThePdfIs) {
  const std::string readme = read_text(package("domjudge") / "README.md");
  EXPECT_NE(readme.find("the limits in `problem.yaml`"), std::string::npos) << readme;
  EXPECT_EQ(readme.find("official limits"), std::string::npos) << readme;
  EXPECT_NE(readme.find("`judge export --format cms DIR` writes "
                        "`DIR/entrapment/statement/statement.pdf`"),
            std::string::npos)
      << readme;
  const std::string pdf = read_text(package("cms") / "statement" / "statement.pdf");
  EXPECT_EQ(pdf.rfind("%PDF-", 0), 0u) << "the cms export's statement is not a PDF";
}

// Every export's README says what to check in the system it goes to: the limits and where they
// come from, how the interactor is compiled, the scoring, what contestants may download.
TEST_F(ExportTest, EveryReadmeHasTheSettingsToCheck) {
  const std::map<std::string, std::string> system = {{"legacy", "problemtools and Kattis"},
                                                     {"kattis", "Kattis"},
                                                     {"2025-09", "BAPCtools and DOMjudge"},
                                                     {"domjudge", "DOMjudge"},
                                                     {"polygon", "Polygon"},
                                                     {"luogu", "Luogu"},
                                                     {"hydro", "Hydro"},
                                                     {"uoj", "UOJ"},
                                                     {"cms", "CMS"},
                                                     {"libreoj", "LibreOJ"}};
  for (const std::string& format : all_formats()) {
    const std::string readme = read_text(package(format) / "README.md");
    const std::size_t section =
        readme.find("\n## Settings to check in " + system.at(format) + "\n");
    ASSERT_NE(section, std::string::npos) << format << "\n" << readme;
    const std::string text = readme.substr(section, readme.find("\n## ", section + 1) - section);
    for (const char* item : {"- **Limits:**", "- **The interactor's compile command:**",
                             "- **Scoring:**", "- **What contestants may download:**"})
      EXPECT_NE(text.find(item), std::string::npos) << format << ": " << item << "\n" << text;
  }
}

}  // namespace
}  // namespace entrapment::export_test
