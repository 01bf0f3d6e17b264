// Issue 27's holes in the runner's containment, each re-tried as the reviewer tried it, through
// build/bin/judge: the user id registry a local user could point at any file, an interpreter
// whose whole home was bound into the sandbox, `judge verify` running solutions/ unisolated
// as a user where bwrap works, and the smaller ones.
#include <gtest/gtest.h>
#include <pwd.h>
#include <unistd.h>

#include <string>

#include "execution_fixture.hpp"
#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Why `unshare` cannot give a judge a mount and PID namespace of its own here, or "".
std::string why_no_namespaces() {
  if (::geteuid() != 0) return "not root: cannot make a mount namespace for the judge";
  const JudgeRun probe = run_process({"unshare", "-m", "-p", "-f", "--mount-proc", "true"});
  if (probe.status != 0) return "unshare -m -p fails here: " + probe.err;
  return "";
}

// The reviewer's attack, in a mount namespace with a /tmp of its own (and a PID namespace, so
// that nothing the judge kills reaches other judges on this machine): as `nobody`, a
// registry of mode 0777 in /tmp whose lock files lead to a file of root's; then root judges a
// correct program. The judge used to write its mark into that file and truncate it.
TEST(Containment, ALocalUsersLinkInTmpNeverMakesTheJudgeWriteAFile) {
  const std::string why = why_no_namespaces();
  if (!why.empty()) GTEST_SKIP() << why;
  if (!::getpwnam("nobody")) GTEST_SKIP() << "no user nobody here";
  const std::string script = R"sh(
    set -e
    mount -t tmpfs -o size=64m tmpfs /tmp
    printf 'precious\n' > /tmp/precious.txt
    chmod 600 /tmp/precious.txt
    setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c '
      mkdir -m 0777 /tmp/entrapment-ids
      for i in $(seq 61000 61511); do ln -s /tmp/precious.txt /tmp/entrapment-ids/$i.lock; done'
    "$1" run "$2" -- "$3" correct x > /tmp/judge.out 2>&1 || true
    echo "precious.txt: $(cat /tmp/precious.txt)"
    cat /tmp/judge.out
  )sh";
  const JudgeRun run =
      run_process({"unshare", "-m", "-p", "-f", "--mount-proc", "sh", "-c", script, "sh",
                   judge_binary().string(), (package_root() / "testdata/sample/1.in").string(),
                   fs::absolute(bin_dir() / "test_player").string()},
                  in_package({{"ENTRAPMENT_CACHE_DIR", "off"}}));
  ASSERT_EQ(run.status, 0) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "precious.txt: precious\n")) << run.out;
  EXPECT_TRUE(has(run.out, "Verdict: AC")) << run.out;
}

}  // namespace
}  // namespace entrapment::testing
