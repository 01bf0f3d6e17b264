#include "scratch_package.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <vector>

namespace entrapment::testing {

namespace fs = std::filesystem;

ScratchPackage::ScratchPackage(int secret_tests) {
  root_ = home_.path / "my package";
  outside_ = home_.path / "elsewhere";
  fs::create_directories(outside_);
  const fs::path checkout = repository();
  fs::create_directories(root_ / "testdata" / "secret");
  fs::create_directories(root_ / "solutions");
  fs::copy_file(checkout / "problem.yaml", root_ / "problem.yaml");
  fs::copy_file(checkout / "judge.yaml", root_ / "judge.yaml");
  fs::copy(checkout / "testdata" / "sample", root_ / "testdata" / "sample",
           fs::copy_options::recursive);
  std::vector<fs::path> boards;
  for (const auto& entry : fs::directory_iterator(checkout / "testdata" / "exhaustive" / "boards"))
    if (entry.path().extension() == ".in") boards.push_back(entry.path());
  std::sort(boards.begin(), boards.end());
  fs::create_directories(root_ / "testdata" / "invalid_input");
  int invalid = 0;
  for (const auto& entry : fs::directory_iterator(checkout / "testdata" / "invalid_input"))
    if (entry.path().extension() == ".in" && invalid++ < 2)
      fs::copy_file(entry.path(), root_ / "testdata" / "invalid_input" / entry.path().filename());
  for (int i = 0; i < secret_tests && i < static_cast<int>(boards.size()); ++i) {
    fs::copy_file(boards[i], root_ / "testdata" / "secret" / boards[i].filename());
    fs::path answer = boards[i];
    answer.replace_extension(".ans");
    if (fs::exists(answer))
      fs::copy_file(answer, root_ / "testdata" / "secret" / answer.filename());
  }
}

fs::path ScratchPackage::write(const std::string& relative, const std::string& text) const {
  const fs::path path = root_ / relative;
  write_text(path, text);
  return path;
}

const char* const kClaimsRunnerAndStops = "print('Runner', flush=True)\n";

std::string sleepy_claim(double seconds) {
  return "import time\ntime.sleep(" + std::to_string(seconds) + ")\nprint('Runner', flush=True)\n";
}

std::string reference_python() {
  return read_text(repository() / "solutions" / "accepted" / "reference.py");
}

}  // namespace entrapment::testing
