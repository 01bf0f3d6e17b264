#include "any_problem.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "generator_programs.hpp"
#include "interaction_file.hpp"
#include "package/yaml_reader.hpp"
#include "submissions/compile_cache.hpp"
#include "submissions/work_dir.hpp"
#include "support/files.hpp"
#include "support/parallel_for.hpp"

namespace entrapment {

namespace fs = std::filesystem;

namespace {

enum class TestKind { Sample, Secret, InvalidInput };

// One test of the description, as read: its file's bytes (`in:`), or the program and
// arguments that print them (`generate:`).
struct ListedTest {
  YAML::Node node;    // the entry, for messages
  std::string entry;  // "data.secret.data.gen-x"
  std::string path;   // "testdata/secret/gen-x" (no extension)
  TestKind kind = TestKind::Secret;
  std::string in;  // in: (or, once run, the program's output)
  std::string program;
  std::vector<std::string> args;
  std::vector<std::string> contestant;  // a sample's lines
};

bool is_file_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
  });
}

// The words of `generate:`, split at white space (no quoting, as BAPCtools).
std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

// A path under the package root, relative and going nowhere above it.
bool inside_package(const std::string& path) {
  const fs::path p(path);
  if (path.empty() || p.is_absolute()) return false;
  for (const fs::path& part : p)
    if (part == "..") return false;
  return true;
}

class AnyProblemReader : public YamlReader {
 public:
  AnyProblemReader(fs::path root, const ProblemModule& module)
      : YamlReader("testdata/generators.yaml"), root_(std::move(root)), module_(module) {}

  FileSet read() {
    const YAML::Node top = load(root_ / "testdata" / "generators.yaml");
    if (!top.IsMap()) fail(top, "", "expected a mapping with the key \"data\"");
    only_known(top, "", {"generators", "data"});
    if (const YAML::Node named = child(top, "generators")) programs_named(named);
    const YAML::Node data = child(top, "data");
    if (!data || !data.IsMap())
      fail(top, "", "expected \"data:\", a mapping of sample, secret and invalid_input");
    only_known(data, "data", {"sample", "secret", "invalid_input"});
    if (!child(data, "secret")) fail(data, "data", "missing \"secret\": the secret test cases");
    const std::pair<const char*, TestKind> top_directories[] = {
        {"sample", TestKind::Sample},
        {"secret", TestKind::Secret},
        {"invalid_input", TestKind::InvalidInput}};
    for (const auto& [name, kind] : top_directories)
      if (const YAML::Node dir = child(data, name))
        directory(dir, std::string("data.") + name, std::string("testdata/") + name, kind);
    run_programs();
    for (ListedTest& test : tests_) write_test(test);
    return std::move(files_);
  }

 private:
  // generators: NAME -> [FILE, ...]
  void programs_named(const YAML::Node& node) {
    if (!node.IsMap())
      fail(node, "generators", "expected a mapping from a program's name to the list of its files");
    for (const auto& item : node) {
      const std::string name = item.first.IsScalar() ? item.first.Scalar() : "?";
      const std::string entry = join("generators", name);
      if (!is_file_name(name))
        fail(item.first, entry, "a program's name is letters, digits, '-', '_' and '.' only");
      if (!item.second.IsSequence() || item.second.size() == 0)
        fail(item.second, entry,
             "expected the list of the program's files (paths from the package root)");
      std::vector<std::string> files;
      std::set<std::string> names;
      for (const YAML::Node& file : item.second) {
        if (!file.IsScalar() || !inside_package(file.Scalar()))
          fail(file, entry, "expected a file's path from the package root (no '..')");
        if (!fs::is_regular_file(root_ / file.Scalar()))
          fail(file, entry, "no such file: " + file.Scalar());
        if (!names.insert(fs::path(file.Scalar()).filename().string()).second)
          fail(file, entry,
               "two files named " + fs::path(file.Scalar()).filename().string() +
                   ": they are copied side by side");
        files.push_back(file.Scalar());
      }
      named_[name] = files;
    }
  }

  void directory(const YAML::Node& node, const std::string& entry, const std::string& path,
                 TestKind kind) {
    if (!node.IsMap() || !child(node, "data"))
      fail(node, entry, "expected a directory: a mapping with \"data:\"");
    only_known(node, entry, {"data", "desc"});
    const YAML::Node data = child(node, "data");
    if (!data.IsMap()) fail(data, entry + ".data", "expected a mapping from names to test cases");
    for (const auto& item : data) {
      const std::string name = item.first.IsScalar() ? item.first.Scalar() : "?";
      const std::string test_entry = entry + ".data." + name;
      if (!is_file_name(name) || name.find('.') != std::string::npos)
        fail(item.first, test_entry,
             "a name is letters, digits, '-' and '_' only (it becomes a file name)");
      const YAML::Node value = item.second;
      if (!value.IsMap())
        fail(value, test_entry, "expected a mapping (\"in:\", \"generate:\" or \"data:\")");
      if (child(value, "data"))
        directory(value, test_entry, path + "/" + name, kind);
      else
        test(value, test_entry, path + "/" + name, kind);
    }
  }

  void test(const YAML::Node& node, const std::string& entry, const std::string& path,
            TestKind kind) {
    std::vector<std::string> keys = {"in", "generate", "desc"};
    if (kind == TestKind::Sample) keys.push_back("contestant");
    only_known(node, entry, keys);
    const YAML::Node in = child(node, "in"), generate = child(node, "generate");
    if (!in == !generate)
      fail(node, entry,
           in ? "both \"in:\" and \"generate:\": give the test one way"
              : "expected \"in:\" (a test file), \"generate:\" (a program and its arguments) or "
                "\"data:\" (a directory)");
    ListedTest test;
    test.node = node;
    test.entry = entry;
    test.path = path;
    test.kind = kind;
    if (in) {
      if (!in.IsScalar()) fail(in, entry + ".in", "expected the test file as a string");
      test.in = in.Scalar();
    } else {
      if (!generate.IsScalar())
        fail(generate, entry + ".generate", "expected a program and its arguments, as a string");
      std::vector<std::string> words = words_of(generate.Scalar());
      if (words.empty()) fail(generate, entry + ".generate", "expected a program");
      test.program = words.front();
      test.args.assign(words.begin() + 1, words.end());
      if (!named_.count(test.program)) {
        if (!inside_package(test.program) || !fs::exists(root_ / test.program))
          fail(generate, entry + ".generate",
               "no program " + test.program +
                   ": expected a name under \"generators:\" or a path from the package root");
      }
    }
    if (kind == TestKind::Sample) {
      const YAML::Node lines = child(node, "contestant");
      if (!lines || !lines.IsSequence())
        fail(node, entry, "a sample needs \"contestant:\", the list of the contestant's lines");
      for (const YAML::Node& line : lines) {
        if (!line.IsScalar())
          fail(line, entry + ".contestant", "expected one line of the contestant as a string");
        test.contestant.push_back(line.Scalar());
      }
    }
    tests_.push_back(std::move(test));
  }

  // Compiles each program once, then runs every `generate:` (on every core: each run is a box
  // of its own).
  void run_programs() {
    std::vector<ListedTest*> runs;
    for (ListedTest& test : tests_)
      if (!test.program.empty()) runs.push_back(&test);
    if (runs.empty()) return;
    // The outputs of these programs' sources with these arguments, kept from an earlier run:
    // `judge run` checks the data against generators.yaml before every run, and compiling and
    // running a hundred generators each time cost seconds.
    const CompileCache cache;
    const std::string key = outputs_key(runs);
    if (!key.empty() && fetch_outputs(cache, key, runs)) return;
    GeneratorPrograms programs(root_, named_);
    for (ListedTest* test : runs) {
      try {
        programs.prepare(test->program);
      } catch (const GeneratorError& e) {
        fail(child(test->node, "generate"), test->entry + ".generate", e.what());
      }
    }
    std::vector<std::string> faults(runs.size());
    parallel_for(runs.size(), 0, [&](std::size_t i, int) {
      try {
        runs[i]->in = programs.run(runs[i]->program, runs[i]->args);
      } catch (const GeneratorError& e) {
        faults[i] = e.what();
      }
    });
    for (std::size_t i = 0; i < runs.size(); ++i)
      if (!faults[i].empty())
        fail(child(runs[i]->node, "generate"), runs[i]->entry + ".generate",
             "`" + command_text(*runs[i]) + "` " + faults[i]);
    if (!key.empty()) store_outputs(cache, key, runs);
  }

  // What every run's output depends on: each program's source files, byte for byte, and each
  // run's command line, in order; "" when a source cannot be read (then nothing is cached).
  std::string outputs_key(const std::vector<ListedTest*>& runs) const {
    std::string key = "generated tests 1\n";
    std::set<std::string> programs;
    for (const ListedTest* test : runs) programs.insert(test->program);
    for (const std::string& program : programs) {
      const auto named = named_.find(program);
      const std::vector<std::string> files =
          named != named_.end() ? named->second : std::vector<std::string>{program};
      for (const std::string& file : files) {
        const std::optional<std::string> bytes = read_file(root_ / file);
        if (!bytes) return "";
        key += program + "\n" + file + "\n" + std::to_string(bytes->size()) + "\n" + *bytes;
      }
    }
    for (const ListedTest* test : runs) key += "\nrun " + command_text(*test);
    return key;
  }

  bool fetch_outputs(const CompileCache& cache, const std::string& key,
                     const std::vector<ListedTest*>& runs) const {
    const WorkDir work("generated");
    if (!cache.fetch(key, work.path() / "outputs")) return false;
    std::vector<std::string> outputs;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      std::optional<std::string> bytes = read_file(work.path() / "outputs" / std::to_string(i));
      if (!bytes) return false;
      outputs.push_back(std::move(*bytes));
    }
    for (std::size_t i = 0; i < runs.size(); ++i) runs[i]->in = std::move(outputs[i]);
    return true;
  }

  void store_outputs(const CompileCache& cache, const std::string& key,
                     const std::vector<ListedTest*>& runs) const {
    try {
      const WorkDir work("generated");
      fs::create_directories(work.path() / "outputs");
      for (std::size_t i = 0; i < runs.size(); ++i)
        write_file(work.path() / "outputs" / std::to_string(i), runs[i]->in);
      cache.store(key, work.path() / "outputs");
    } catch (const std::exception&) {
      // Failing to cache is never an error: the next check runs the programs again.
    }
  }

  static std::string command_text(const ListedTest& test) {
    std::string text = test.program;
    for (const std::string& arg : test.args) text += " " + arg;
    return text;
  }

  // What the test's bytes are, for messages: "is" (in:) or "`generate --pins 4` printed".
  static std::string origin(const ListedTest& test) {
    return test.program.empty() ? "is" : "`" + command_text(test) + "` printed";
  }

  void add(const ListedTest& test, const std::string& path, std::string bytes) {
    const auto [producer, fresh] = producers_.emplace(path, test.entry);
    if (!fresh)
      fail(test.node, test.entry,
           "produces " + path + ", which " + producer->second + " produces too");
    files_.emplace(path, std::move(bytes));
  }

  void write_test(const ListedTest& test) {
    const YAML::Node at =
        test.program.empty() ? child(test.node, "in") : child(test.node, "generate");
    const std::string key = test.entry + (test.program.empty() ? ".in" : ".generate");
    if (test.kind == TestKind::InvalidInput) {
      try {
        module_.parse_test(test.in, "");
      } catch (const TestFileError&) {
        add(test, test.path + ".in", test.in);
        return;
      }
      fail(at, key,
           origin(test) + " a valid test file, but invalid_input holds only files the " +
               module_.name() + " module rejects");
    }
    std::shared_ptr<const PreparedTest> prepared;
    std::string answer;
    try {
      prepared = module_.parse_test(test.in, "");
      answer = module_.answer_file(*prepared);
      module_.parse_test(test.in, answer);  // as the judge reads them, side by side
    } catch (const TestFileError& e) {
      fail(at, key,
           (test.program.empty() ? std::string("not a test") : origin(test) + " no test") +
               " of the " + module_.name() + " module (" + test.path + ".in" +
               (e.file() == TestFileError::File::Answer ? ", its answer file" : "") + " " +
               e.what() + ")");
    }
    add(test, test.path + ".in", test.in);
    add(test, test.path + ".ans", answer);
    if (test.kind != TestKind::Sample) return;
    const PlayedSample played = play_sample(module_, *prepared, test.contestant);
    if (!played.outcome.accepted())
      fail(child(test.node, "contestant"), test.entry + ".contestant",
           "these lines do not win the sample: " + played.outcome.message);
    add(test, test.path + ".interaction", played.interaction);
    add(test, test.path + ".in.download", module_.contestant_view(*prepared));
    add(test, test.path + ".ans.download", answer);
  }

  fs::path root_;
  const ProblemModule& module_;
  std::map<std::string, std::vector<std::string>> named_;
  std::vector<ListedTest> tests_;
  FileSet files_;
  std::map<std::string, std::string> producers_;  // file -> the entry that produces it
};

}  // namespace

FileSet describe_any_problem_testdata(const fs::path& root, const ProblemModule& module) {
  return AnyProblemReader(root, module).read();
}

}  // namespace entrapment
