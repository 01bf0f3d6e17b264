// Issue 27's holes in the containment, each re-tried as the reviewer tried it, through
// build/bin/judge: the user id registry a local user could point at any file, an interpreter
// whose whole home was bound into the sandbox, `judge verify` running solutions/ unisolated
// as a user where bwrap works, and the smaller ones.
#include <gtest/gtest.h>
#include <linux/keyctl.h>
#include <pwd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <string>

#include "tests/support/files.hpp"
#include "tests/support/judge.hpp"
#include "tests/support/runs.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

namespace fs = std::filesystem;

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
    # A /tmp of its own; what the test needs from the real one (a checkout kept under /tmp, with
    # its build) is bound back at the same paths.
    IFS='
'
    keep=$(for p in "$1" "$2" "$3" "$PWD"; do
      case "$p" in /tmp/*) echo "/tmp/${p#/tmp/}" | cut -d/ -f1-3;; esac; done | sort -u)
    [ -z "$keep" ] || mount --bind /tmp /mnt
    mount -t tmpfs -o size=64m tmpfs /tmp
    for top in $keep; do mkdir -p "$top"; mount --bind "/mnt${top#/tmp}" "$top"; done
    cd "$PWD"
    printf 'precious\n' > /tmp/precious.txt
    chmod 600 /tmp/precious.txt
    setpriv --reuid=nobody --regid=nogroup --clear-groups sh -c '
      mkdir -m 0777 /tmp/entrapment-ids
      for i in $(seq 61000 61511); do ln -s /tmp/precious.txt /tmp/entrapment-ids/$i.lock; done'
    "$1" run --trust "$2" -- "$3" correct x > /tmp/judge.out 2>&1 || true
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

// `judge run SAMPLE -- PYTHON SCRIPT` in this package, with $HOME at `home`.
JudgeRun judge_python(const fs::path& python, const fs::path& script, const fs::path& home) {
  return run_judge({"run", "--trust", "-v", (package_root() / "testdata/sample/1.in").string(),
                    "--", python.string(), script.string()},
                   in_package({{"ENTRAPMENT_CACHE_DIR", "off"}, {"HOME", home.string()}}));
}

// A shim named python3 in `shims` that, asked which Python it runs (`-c ...`), runs
// `when_asked` (a line of sh), and otherwise runs /usr/bin/python3; judged on a script that
// never plays (WA) unless the shim's answer makes the run another verdict.
JudgeRun judge_shim(const fs::path& shims, const std::string& when_asked, const fs::path& home) {
  const fs::path shim = shims / "python3";
  write_text(shim, "#!/bin/sh\nif [ \"$1\" = -c ]; then\n  " + when_asked +
                       "\n  exit 0\nfi\nexec /usr/bin/python3 \"$@\"\n");
  fs::permissions(shim, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  TempDir program("entrapment-test-program", 0755);
  const fs::path script = program.path / "quiet.py";
  write_text(script, "print('Trapper', flush=True)\n");
  return judge_python(shim, script, home);
}

// Issue 27: an interpreter at ~/bin/python3 bound the directory above bin/, the whole home,
// into the sandbox, where the contestant read what it holds. Only an installation is shown,
// never a home: here the interpreter's own file alone. The program exits 3 when it could read
// the home's file (RTE), 0 when not (WA: it never played).
// Not root, the contestant runs as the judge's own user, who may read the home's files: only
// what bwrap binds is in its sight, which is what this tries.
TEST(Containment, AnInterpreterInAHomesBinShowsNotTheHome) {
  if (const std::string why = why_unsupported(true, LimitChoice::Auto); !why.empty())
    GTEST_SKIP() << why;  // with no isolation, such a program is refused (not the package's)
  TempDir home("entrapment-test-home", 0755);
  TempDir program("entrapment-test-program", 0755);
  const fs::path secret = home.path / "secret.txt";
  write_text(secret, "the key\n");
  fs::create_directories(home.path / "bin");
  const fs::path python = home.path / "bin" / "python3";
  fs::copy_file(fs::canonical("/usr/bin/python3"), python);
  const fs::path script = program.path / "attack.py";
  write_text(script, "import sys\ntry:\n    open('" + secret.string() +
                         "').read()\n    sys.exit(3)\nexcept OSError:\n    sys.exit(0)\n");
  JudgeRun run = judge_python(python, script, home.path);
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
  EXPECT_FALSE(has(run.out, "exited with status 3")) << run.out;
  // Even with what an installation has beside bin/: a home is never shown whole.
  fs::create_directories(home.path / "lib" / "python3.11");
  run = judge_python(python, script, home.path);
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
}

// Issue 36: an interpreter at ~/.local/bin/python3 (with ~/.local/lib/python3.11, an
// installation) showed all of ~/.local, where the contestant read ~/.local/share/keyrings. Of
// an installation only its bin/, lib/ and include/ are shown, never its prefix: what else lies
// in it stays out of sight. The program exits 3 when it could read the keyring (RTE), 0 when
// not (WA: it never played).
TEST(Containment, AnInstallationShowsItsBinAndLibNeverItsPrefix) {
  if (const std::string why = why_unsupported(true, LimitChoice::Auto); !why.empty())
    GTEST_SKIP() << why;
  TempDir home("entrapment-test-home", 0755);    // $HOME: never shown whole
  TempDir local("entrapment-test-local", 0755);  // ~/.local, an installation's prefix
  TempDir program("entrapment-test-program", 0755);
  fs::create_directories(local.path / "bin");
  fs::create_directories(local.path / "lib" / "python3.11");
  fs::create_directories(local.path / "share" / "keyrings");
  const fs::path keyring = local.path / "share" / "keyrings" / "login.keyring";
  write_text(keyring, "the keys\n");
  const fs::path python = local.path / "bin" / "python3";
  fs::copy_file(fs::canonical("/usr/bin/python3"), python);
  const fs::path script = program.path / "attack.py";
  write_text(script, "import sys\ntry:\n    open('" + keyring.string() +
                         "').read()\n    sys.exit(3)\nexcept OSError:\n    sys.exit(0)\n");
  const JudgeRun run = judge_python(python, script, home.path);
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
  EXPECT_FALSE(has(run.out, "exited with status 3")) << "it read the keyring\n" << run.out;
}

// Issue 27: an interpreter named python* after `--` was run as root, outside any sandbox, to
// ask which Python it is (for pyenv's shims). A shim that leaves a mark wherever it can write
// never leaves one: it is asked inside bwrap, the machine read-only (or not asked at all).
TEST(Containment, AnInterpreterNamedPythonNeverRunsOutsideTheSandbox) {
  if (const std::string why = why_unsupported(true, LimitChoice::Auto); !why.empty())
    GTEST_SKIP() << why;  // with no sandbox, --trust runs the shim as the program it is
  TempDir shims("entrapment-test-shims", 0755);
  TempDir program("entrapment-test-program", 0755);
  const fs::path mark = shims.path / "ran-outside-the-sandbox";
  const fs::path shim = shims.path / "python3";
  write_text(shim,
             "#!/bin/sh\ntouch " + mark.string() + " 2>/dev/null\nexec /usr/bin/python3 \"$@\"\n");
  fs::permissions(shim, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                            fs::perms::others_read | fs::perms::others_exec);
  const fs::path script = program.path / "quiet.py";
  write_text(script, "print('Trapper', flush=True)\n");
  const JudgeRun run = judge_python(shim, script, shims.path);
  EXPECT_FALSE(fs::exists(mark)) << "the shim ran outside the sandbox\n" << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: ")) << run.out << run.err;
}

// Issue 27, point 4 (red team): the shim was asked inside bwrap, but as the judge's own user
// (uid 0 as root) with the whole machine bound read-only: a contestant's "python3" read a
// mode-600 key of root's (or the user's SSH key) and printed it as its sys.executable, which
// the judge then named in a judge error. The shim here answers with /usr/bin/false, an
// interpreter that makes the run RTE, only when it could read such a file; asked with only
// the system and its own directories in view, it cannot, and runs as itself (WA: it never
// plays).
TEST(Containment, AnInterpreterNamedPythonIsAskedWithoutTheMachinesFiles) {
  TempDir hidden("entrapment-test-hidden", 0700);
  TempDir shims("entrapment-test-shims", 0755);
  const fs::path secret = hidden.path / "key";
  write_text(secret, "the key\n");
  fs::permissions(secret, fs::perms::owner_read | fs::perms::owner_write);
  const JudgeRun run = judge_shim(
      shims.path, "cat " + secret.string() + " >/dev/null 2>&1 && echo /usr/bin/false", shims.path);
  EXPECT_FALSE(has(run.out, "exited with status 1")) << "the shim read " << secret << "\n"
                                                     << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
}

// Red team, issue 27: as root the shim was asked as uid 0 (bwrap's user namespace maps root's
// own id) with /etc in view, where it read /etc/shadow (root's, mode 640), and told it by its
// answer: /usr/bin/false here (RTE), or any program the machine has, a few bits a run. Asked
// without /etc, it cannot, and runs as itself (WA: it never plays).
TEST(Containment, AnInterpreterNamedPythonIsAskedWithoutEtc) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root may read /etc/shadow";
  TempDir shims("entrapment-test-shims", 0755);
  const JudgeRun run =
      judge_shim(shims.path, "cat /etc/shadow >/dev/null 2>&1 && echo /usr/bin/false", shims.path);
  EXPECT_FALSE(has(run.out, "exited with status 1")) << "the shim read /etc/shadow\n"
                                                     << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
}

// Red team, issue 27: the shim had the judge's session keyring (keys are in no file system),
// where it found a key of root's login and told it by its answer, as above. Every process the
// judge starts gets a session keyring of its own.
TEST(Containment, AnInterpreterNamedPythonIsAskedWithoutTheJudgesKeys) {
  const std::string token = "entrapment-shim-key-" + std::to_string(::getpid());
  ASSERT_GE(::syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, nullptr), 0);  // a login's
  ASSERT_GE(::syscall(SYS_add_key, "user", token.c_str(), "secret", 6, KEY_SPEC_SESSION_KEYRING),
            0);
  TempDir shims("entrapment-test-shims", 0755);
  TempDir home("entrapment-test-home", 0755);  // the shims' directory is not a home here
  fs::copy_file(bin_dir() / "test_player", shims.path / "test_player");
  const JudgeRun run =
      judge_shim(shims.path,
                 (shims.path / "test_player").string() + " keyring-find " + token +
                     " >/dev/null 2>&1 </dev/null; [ $? = 3 ] && echo /usr/bin/false",
                 home.path);
  EXPECT_FALSE(has(run.out, "exited with status 1")) << "the shim found the judge's key\n"
                                                     << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: WA")) << run.out << run.err;
}

// How a test runs the judge as a user: as `nobody` when the test is root (`nobody` not null),
// else as the test's own user; in `cwd`, with HOME `home`, without the checkout's
// ENTRAPMENT_ROOT (ctest's: nobody may not reach it, in a 0700 home) and without a cache.
JudgeOptions as_a_user(const passwd* nobody, const fs::path& cwd, const fs::path& home) {
  JudgeOptions options;
  if (nobody) {
    options.user = nobody->pw_uid;
    options.group = nobody->pw_gid;
  }
  options.cwd = cwd;
  options.env = {
      {"ENTRAPMENT_ROOT", std::nullopt}, {"HOME", home.string()}, {"ENTRAPMENT_CACHE_DIR", "off"}};
  return options;
}

// Red team, issue 27: a shim's answer is taken only when it names a program: a shim that said
// "/" made every run of a judge that is not root a judge error with bwrap's own words
// ("execvp /: Permission denied"). Now the answer is passed over and the shim runs as itself,
// which here plays correctly. As `nobody` when the test is root (a root judge gives the run
// an id of its own, for which "/" was never taken).
TEST(Containment, AShimWhoseAnswerIsNoProgramRunsAsItself) {
  const bool root = ::geteuid() == 0;
  const passwd* nobody = root ? ::getpwnam("nobody") : nullptr;
  if (root && !nobody) GTEST_SKIP() << "no user nobody here";
  TempDir dir("entrapment-test-shim-answer", 0755);
  fs::copy_file(bin_dir() / "judge", dir.path / "judge");
  fs::copy_file(bin_dir() / "judge-box", dir.path / "judge-box");  // it starts its runs
  for (const char* file : {"problem.yaml", "judge.yaml", "testdata/sample/1.in"})
    write_text(dir.path / "package" / file, read_text(package_root() / file));
  write_text(dir.path / "reference.py",
             read_text(package_root() / "solutions" / "accepted" / "reference.py"));
  const fs::path shim = dir.path / "shims" / "python3";
  write_text(shim,
             "#!/bin/sh\nif [ \"$1\" = -c ]; then echo /; exit 0; fi\n"
             "exec /usr/bin/python3 \"$@\"\n");
  for (const auto& entry : fs::recursive_directory_iterator(dir.path))
    fs::permissions(entry.path(),
                    fs::perms::others_read | fs::perms::others_exec | fs::perms::group_read |
                        fs::perms::group_exec,
                    fs::perm_options::add);
  fs::permissions(shim, fs::perms::owner_exec, fs::perm_options::add);
  const JudgeRun run =
      run_process({(dir.path / "judge").string(), "run", "-v", "testdata/sample/1.in", "--trust",
                   "--", shim.string(), (dir.path / "reference.py").string()},
                  as_a_user(nobody, dir.path / "package", dir.path));
  if (!has(run.out, "isolation: bwrap"))
    GTEST_SKIP() << "bwrap is not usable here, so no shim is asked:\n" << run.out << run.err;
  EXPECT_FALSE(has(run.out, "Verdict: JE")) << run.out << run.err;
  EXPECT_TRUE(has(run.out, "Verdict: AC")) << run.out << run.err;
}

// Issue 27: as a user, `judge verify` ran solutions/ with nothing isolating them although bwrap
// worked there: a program added to solutions/wrong_answer/ (a team's submission, checked
// against the data) wrote into the package, and verify still said ok. As `nobody` (or as the
// test's own user, when it is not root), in a package of that user's, such a program now
// reaches nothing.
TEST(Containment, VerifyAsAUserRunsSolutionsInBwrap) {
  const bool root = ::geteuid() == 0;
  const passwd* nobody = root ? ::getpwnam("nobody") : nullptr;
  if (root && !nobody) GTEST_SKIP() << "no user nobody here";
  TempDir tools("entrapment-test-nobody", 0755);
  fs::copy_file(bin_dir() / "judge", tools.path / "judge");
  fs::copy_file(bin_dir() / "judge-box", tools.path / "judge-box");  // it starts its runs
  TempDir package("entrapment-test-package", 0755);
  for (const char* file :
       {"problem.yaml", "judge.yaml", "testdata/sample/1.in", "solutions/accepted/reference.py"})
    write_text(package.path / file, read_text(package_root() / file));
  const fs::path attack = package.path / "ATTACK";
  write_text(package.path / "solutions/wrong_answer/attack.py",
             "try:\n    open('" + attack.string() +
                 "', 'w').write('reached')\nexcept OSError:\n"
                 "    pass\n");
  if (root) {
    for (const auto& entry : fs::recursive_directory_iterator(package.path))
      ASSERT_EQ(::chown(entry.path().c_str(), nobody->pw_uid, nobody->pw_gid), 0);
    ASSERT_EQ(::chown(package.path.c_str(), nobody->pw_uid, nobody->pw_gid), 0);
  }
  const JudgeOptions options = as_a_user(nobody, package.path, package.path);
  const JudgeRun probe =
      run_process({(tools.path / "judge").string(), "run", "-v", "testdata/sample/1.in",
                   "--sandbox", "--trust", "--", "/usr/bin/true"},
                  options);
  // Only bwrap's absence skips: a probe that did not get to run a program is a failure.
  ASSERT_TRUE(has(probe.out, "isolation: ")) << "the probe did not run:\n"
                                             << probe.out << probe.err;
  if (!has(probe.out, "isolation: bwrap"))
    GTEST_SKIP() << "bwrap is not usable for nobody here:\n" << probe.out << probe.err;
  const JudgeRun run = run_process(
      {(tools.path / "judge").string(), "verify", "-v", "--only", "submissions"}, options);
  EXPECT_TRUE(has(run.out, "isolation: bwrap")) << run.out << run.err;
  EXPECT_FALSE(fs::exists(attack)) << "a solution wrote into the package\n" << run.out << run.err;
}

}  // namespace
}  // namespace entrapment::testing
