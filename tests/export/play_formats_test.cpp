// Every format, judged as its system judges: each exported test played through each format's own
// invocation (its argument order, its streams, its verdict channel), by the reference solution
// and by wrong ones, with the programs compiled by the systems' commands (export_fixture.hpp):
//
//   legacy, domjudge  interactor IN ANS FEEDBACK/          exit 42 / 43 (Kattis)
//   2025-09           the same, whole .in and empty .ans
//   polygon           interactor IN LOG ANS, then check IN LOG ANS     exit 0 / 1 (testlib)
//   luogu             checker.cpp IN OUT ANS (testlib's interactor order)  exit and stderr
//   hydro             interactor /w/in /w/tout /w/out      stderr, parsed as hydrojudge's
//                                                          testlib.ts does
//   uoj               interactor IN /dev/stdin ANS         first word of stderr ("ok")
//   cms               manager FROM_USER TO_USER < input    FIFOs; stdout's first line 1.0 / 0.0
//   libreoj           interactor IN /dev/null              stderr, parsed as Lyrio's
//                                                          parseTestlibMessage() does
//
// Each format must reach, on every test, the verdict the 2025-09 build reaches; the reference
// solution must be accepted everywhere and each wrong one rejected somewhere. The kattis
// package holds the legacy package's files exactly.
#include "export_fixture.hpp"

namespace entrapment::export_test {
namespace {

enum class Verdict { AC, WA, JE };

const char* name(Verdict v) { return v == Verdict::AC ? "AC" : v == Verdict::WA ? "WA" : "JE"; }

// One exported test: its place below data/ in the Kattis packages (group/name), and its number
// (from 0) in the formats that number tests, samples first.
struct ExportedTest {
  std::string data_name;
  std::size_t index = 0;
};

std::vector<ExportedTest> exported_tests(const fs::path& testdata) {
  std::vector<ExportedTest> out;
  for (const char* group : {"sample", "secret"})
    for (const fs::path& in : files_with(testdata / group, ".in")) {
      const std::string relative = fs::relative(in, testdata).generic_string();
      out.push_back({relative.substr(0, relative.size() - 3), out.size()});
    }
  return out;
}

std::string number(std::size_t n, std::size_t count) {
  std::string text = std::to_string(n);
  const std::size_t width = std::max<std::size_t>(2, std::to_string(count).size());
  while (text.size() < width) text = "0" + text;
  return text;
}

bool starts(const std::string& text, const std::string& prefix) {
  return text.compare(0, prefix.size(), prefix) == 0;
}

class EveryFormat : public ExportedPrograms {
 protected:
  // Each game's files go to `scratch`, so that games in different directories can run at once.
  static Verdict kattis_verdict(const std::string& interactor, const fs::path& in,
                                const std::vector<std::string>& contestant,
                                const fs::path& scratch) {
    const fs::path feedback = scratch / "feedback";
    fs::create_directories(feedback);
    const int code = run_pair({program(interactor).string(), in.string(), with(in, ".ans").string(),
                               feedback.string() + "/"},
                              contestant, scratch / "judge.err")
                         .code;
    return code == 42 ? Verdict::AC : code == 43 ? Verdict::WA : Verdict::JE;
  }
  // A judge run as Luogu, Hydro or UOJ run it: its exit code and stderr.
  static std::pair<int, std::string> stderr_verdict(const std::vector<std::string>& judge,
                                                    const std::vector<std::string>& contestant,
                                                    const fs::path& scratch) {
    const fs::path err = scratch / "judge.err";
    const int code = run_pair(judge, contestant, err).code;
    return {code, read_text(err)};
  }

  static Verdict polygon(const fs::path& test, const std::vector<std::string>& contestant,
                         const fs::path& scratch) {
    const fs::path log = scratch / "testlib.log", answer = test.string() + ".a";
    const int interactor = run_pair({program("testlib_interactor").string(), test.string(),
                                     log.string(), answer.string()},
                                    contestant, scratch / "judge.err")
                               .code;
    const int checker =
        shell(shell_quote(program("checker").string()) + " " + shell_quote(test.string()) + " " +
              shell_quote(log.string()) + " " + shell_quote(answer.string()) + " 2> /dev/null");
    if (interactor == 0 && checker == 0) return Verdict::AC;
    if (interactor == 1 && checker == 1) return Verdict::WA;
    return Verdict::JE;
  }
  static Verdict luogu(const fs::path& in, const std::vector<std::string>& contestant,
                       const fs::path& scratch) {
    const auto r = stderr_verdict({program("luogu_checker").string(), in.string(),
                                   (scratch / "luogu.out").string(), with(in, ".out").string()},
                                  contestant, scratch);
    if (r.first == 0 && starts(r.second, "ok ")) return Verdict::AC;
    if (r.first == 1 && starts(r.second, "wrong answer ")) return Verdict::WA;
    return Verdict::JE;
  }
  // hydrojudge's testlib.ts: "ok " accepted; anything else wrong answer (FAIL included, which
  // is told apart here as a judge error).
  static Verdict hydro(const fs::path& in, const std::vector<std::string>& contestant,
                       const fs::path& scratch) {
    const auto r = stderr_verdict({program("hydro_interactor").string(), in.string(),
                                   (scratch / "tout").string(), with(in, ".out").string()},
                                  contestant, scratch);
    if (starts(r.second, "ok ")) return Verdict::AC;
    return starts(r.second, "FAIL") ? Verdict::JE : Verdict::WA;
  }
  // UOJ's RunCheckerResult::from_file: the first word of stderr; "ok" is full points.
  static Verdict uoj(const std::string& interactor, const fs::path& in,
                     const std::vector<std::string>& contestant, const fs::path& scratch) {
    const auto r = stderr_verdict(
        {program(interactor).string(), in.string(), "/dev/stdin", with(in, ".out").string()},
        contestant, scratch);
    std::istringstream words(r.second);
    std::string first;
    words >> first;
    return first == "ok" ? Verdict::AC : first == "wrong" ? Verdict::WA : Verdict::JE;
  }
  // Lyrio (lyrio-dev/judge src/task/submission/interaction/index.ts): `interactor INPUT
  // /dev/null`, its exit code unread; src/checkers/index.ts parseTestlibMessage(): stderr
  // starting "ok" 100 points, "wrong answer" or "wrong output format" 0, "FAIL" a judgement
  // failure, anything else a system error.
  static Verdict libreoj(const fs::path& in, const std::vector<std::string>& contestant,
                         const fs::path& scratch) {
    const auto r = stderr_verdict(
        {program("libreoj_interactor").string(), in.string(), "/dev/null"}, contestant, scratch);
    if (starts(r.second, "ok")) return Verdict::AC;
    if (starts(r.second, "wrong answer") || starts(r.second, "wrong output format"))
      return Verdict::WA;
    return Verdict::JE;
  }
  static Verdict cms(const fs::path& manager, const fs::path& input,
                     const std::vector<std::string>& contestant, const fs::path& scratch) {
    const int code = run_cms(manager, input, contestant, scratch).code;
    const std::string outcome = read_text(scratch / "manager.out");
    if (code != 0) return Verdict::JE;
    return outcome == "1.0\n" ? Verdict::AC : outcome == "0.0\n" ? Verdict::WA : Verdict::JE;
  }

  // Plays every test with one contestant in every format; returns the failures (as messages),
  // how many tests rejected it and how many games were played. `every_build`: also the
  // builds that differ only by compiler flags (UOJ's community edition, the CMS manager
  // compiled from its source).
  struct Played {
    std::vector<std::string> failures;
    std::size_t rejected = 0, games = 0;
    std::map<std::string, bool> luogu_passed;  // by the test's name in Luogu's data (NN.in)
  };

  // The score Luogu gives from data/config.yml and each test's verdict: a test in no subtask
  // scores its `score` when passed; a subtask (`subtaskId`) scores the least of its tests'
  // scores, a failed test counting 0 (the "minimum score" subtask scoring the export's README
  // tells the admin to keep). luogu-dev/docs documents the keys, testcase-config.md.
  static long long luogu_score(const std::map<std::string, bool>& passed) {
    const YAML::Node config = YAML::LoadFile((package("luogu") / "data" / "config.yml").string());
    long long total = 0;
    std::map<long long, long long> subtask_score;
    for (const auto& entry : config) {
      const std::string test = entry.first.as<std::string>();
      const long long score =
          passed.count(test) && passed.at(test) ? entry.second["score"].as<long long>() : 0;
      if (!entry.second["subtaskId"]) {
        total += score;
        continue;
      }
      const long long id = entry.second["subtaskId"].as<long long>();
      subtask_score[id] = subtask_score.count(id) ? std::min(subtask_score[id], score) : score;
    }
    for (const auto& entry : subtask_score) total += entry.second;
    return total;
  }
  static Played play(const std::string& contestant_name, bool every_build) {
    Played out;
    const fs::path scratch = tmp_ / ("play " + contestant_name);
    fs::create_directories(scratch);
    const std::vector<std::string> contestant = {program(contestant_name).string()};
    const std::vector<ExportedTest> tests = exported_tests(testdata());
    for (const ExportedTest& t : tests) {
      const std::string n = number(t.index + 1, tests.size());
      const Verdict truth =
          kattis_verdict("kattis_interactor", package("2025-09") / "data" / (t.data_name + ".in"),
                         contestant, scratch);
      std::map<std::string, Verdict> got;
      got["legacy"] =
          kattis_verdict("legacy_interactor", package("legacy") / "data" / (t.data_name + ".in"),
                         contestant, scratch);
      got["domjudge"] =
          kattis_verdict("domjudge_interactor",
                         package("domjudge") / "data" / (t.data_name + ".in"), contestant, scratch);
      got["polygon"] = polygon(package("polygon") / "tests" / n, contestant, scratch);
      got["luogu"] = luogu(package("luogu") / "data" / (n + ".in"), contestant, scratch);
      out.luogu_passed[n + ".in"] = got["luogu"] == Verdict::AC;
      got["hydro"] = hydro(package("hydro") / "testdata" / (n + ".in"), contestant, scratch);
      const fs::path uoj_in =
          package("uoj") / "data" / ("entrapment" + std::to_string(t.index + 1) + ".in");
      got["uoj.ac"] = uoj("uoj_interactor", uoj_in, contestant, scratch);
      const fs::path cms_in =
          package("cms") / "input" / ("input" + std::to_string(t.index) + ".txt");
      got["cms"] = cms(package("cms") / "check" / "manager", cms_in, contestant, scratch);
      got["libreoj"] = libreoj(package("libreoj") / "testdata" / (n + ".in"), contestant, scratch);
      if (every_build) {
        got["uoj community"] = uoj("uoj_community_interactor", uoj_in, contestant, scratch);
        got["cms rebuilt"] = cms(program("cms_manager_rebuilt"), cms_in, contestant, scratch);
      }
      if (truth == Verdict::JE) out.failures.push_back(t.data_name + ": the 2025-09 build: JE");
      for (const auto& entry : got)
        if (entry.second != truth)
          out.failures.push_back(contestant_name + " on " + t.data_name + " (test " + n + ") in " +
                                 entry.first + ": " + name(entry.second) + ", the 2025-09 build " +
                                 name(truth));
      out.games += 1 + got.size();
      out.rejected += truth != Verdict::AC;
    }
    return out;
  }
};

TEST_F(EveryFormat, KattisHoldsTheLegacyPackage) {
  std::vector<std::string> legacy, kattis;
  for (const fs::path& f : all_files(package("legacy")))
    legacy.push_back(fs::relative(f, package("legacy")).string() + "\n" + read_text(f));
  for (const fs::path& f : all_files(package("kattis")))
    kattis.push_back(fs::relative(f, package("kattis")).string() + "\n" + read_text(f));
  // Only the README differs: it says which format it is.
  const auto without_readme = [](std::vector<std::string> files) {
    files.erase(std::remove_if(files.begin(), files.end(),
                               [](const std::string& f) { return starts(f, "README.md\n"); }),
                files.end());
    return files;
  };
  ASSERT_FALSE(legacy.empty());
  EXPECT_EQ(without_readme(legacy), without_readme(kattis));
}

TEST_F(EveryFormat, EveryTestPlaysAsItsSystemRunsIt) {
  for (const char* needed : {"kattis_interactor", "legacy_interactor", "domjudge_interactor",
                             "testlib_interactor", "checker", "luogu_checker", "hydro_interactor",
                             "uoj_interactor", "uoj_community_interactor", "cms_manager_rebuilt",
                             "libreoj_interactor", "reference", "list_split", "greedy_runner"})
    ASSERT_EQ(logs_[needed], "") << needed;
  // The three contestants at once, each in a scratch directory of its own.
  const std::vector<std::string> contestants = {"reference", "list_split", "greedy_runner"};
  std::vector<Played> plays(contestants.size());
  parallel_for(contestants.size(), static_cast<int>(contestants.size()), [&](std::size_t i, int) {
    plays[i] = play(contestants[i], contestants[i] == "reference");
  });
  std::size_t games = 0;
  for (std::size_t i = 0; i < contestants.size(); ++i) {
    const std::string& contestant = contestants[i];
    const Played& played = plays[i];
    games += played.games;
    for (const std::string& failure : played.failures) ADD_FAILURE() << failure;
    // All or nothing on Luogu too: a wrong program that passes most tests scores 0 (with a
    // score per test, greedy_runner.cpp scored 87 of 100).
    if (contestant == "reference") {
      EXPECT_EQ(played.rejected, 0u) << "the reference solution";
      EXPECT_EQ(luogu_score(played.luogu_passed), 100) << "the reference solution on Luogu";
    } else {
      EXPECT_GT(played.rejected, 0u) << contestant << " is never rejected";
      EXPECT_EQ(luogu_score(played.luogu_passed), 0) << contestant << " on Luogu";
    }
  }
  EXPECT_GT(games, 0u);
  std::cout << "[ played ] " << games << " games, every test in every format\n";
}

}  // namespace
}  // namespace entrapment::export_test
