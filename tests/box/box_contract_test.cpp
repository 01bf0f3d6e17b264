// The box's contract (judge/box/request.hpp, record.hpp): the judge builds the box's command
// line from a request and the box reads the same request back; a record is written and read
// back the same; what is malformed on either side is an error that names what and where.
#include <gtest/gtest.h>

#include <vector>

#include "box/record.hpp"
#include "box/request.hpp"
#include "tests/support/text.hpp"

namespace entrapment::testing {
namespace {

BoxRequest parsed(const std::vector<std::string>& args) {
  std::vector<const char*> argv = {"judge-box"};
  for (const std::string& arg : args) argv.push_back(arg.c_str());
  return parse_request(static_cast<int>(argv.size()), argv.data());
}

BoxRequest a_request() {
  BoxRequest r;
  r.limits.cpu_s = 1.25;
  r.limits.wall_s = 7.5;
  r.limits.memory_mib = 300;
  r.limits.max_processes = 17;
  r.limits.max_output_bytes = 12345;
  r.limits.max_scratch_bytes = 3 << 20;
  r.limits.limit_address_space = false;
  r.limits.mechanism = LimitChoice::Rlimit;
  r.limits.cpu = 3;
  r.isolation = Isolation::None;
  r.dir = "/tmp/a dir with spaces";
  r.writable_dir = true;
  r.read_only = {"/opt/python/bin", "/opt/python/lib"};
  r.env = {"A=1", "B=two words"};
  r.meta = "/tmp/meta file";
  r.lifeline = 3;
  r.credit_waits_of = 4242;
  r.ids = IdRange{62000, 62010};
  r.command = {"/bin/echo", "--", "-x", "a b"};
  return r;
}

TEST(BoxRequest, WhatTheJudgeAsksIsWhatTheBoxReads) {
  const BoxRequest sent = a_request();
  const BoxRequest got = parsed(to_arguments(sent));
  EXPECT_EQ(got.limits.cpu_s, sent.limits.cpu_s);
  EXPECT_EQ(got.limits.wall_s, sent.limits.wall_s);
  EXPECT_EQ(got.limits.memory_mib, sent.limits.memory_mib);
  EXPECT_EQ(got.limits.max_processes, sent.limits.max_processes);
  EXPECT_EQ(got.limits.max_output_bytes, sent.limits.max_output_bytes);
  EXPECT_EQ(got.limits.max_scratch_bytes, sent.limits.max_scratch_bytes);
  EXPECT_EQ(got.limits.limit_address_space, sent.limits.limit_address_space);
  EXPECT_EQ(got.limits.mechanism, sent.limits.mechanism);
  EXPECT_EQ(got.limits.cpu, sent.limits.cpu);
  EXPECT_EQ(got.isolation, sent.isolation);
  EXPECT_EQ(got.dir, sent.dir);
  EXPECT_EQ(got.writable_dir, sent.writable_dir);
  EXPECT_EQ(got.read_only, sent.read_only);
  EXPECT_EQ(got.env, sent.env);
  EXPECT_EQ(got.meta, sent.meta);
  EXPECT_EQ(got.lifeline, sent.lifeline);
  EXPECT_EQ(got.credit_waits_of, sent.credit_waits_of);
  EXPECT_EQ(got.ids, sent.ids);
  EXPECT_EQ(got.command, sent.command);
}

TEST(BoxRequest, TheWallClockFollowsTheTimeUnlessGiven) {
  const BoxRequest r = parsed({"--time", "2", "--meta", "m", "--dir", "/tmp", "--", "/bin/true"});
  EXPECT_EQ(r.limits.wall_s, wall_limit_for(2));
}

TEST(BoxRequest, WhatIsMissingOrWrongIsNamed) {
  const auto refusal = [](const std::vector<std::string>& args) {
    try {
      parsed(args);
    } catch (const BoxUsageError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_TRUE(has(refusal({"--dir", "/tmp", "--", "/bin/true"}), "--meta")) << "no record file";
  EXPECT_TRUE(has(refusal({"--meta", "m", "--", "/bin/true"}), "--dir")) << "no directory";
  EXPECT_TRUE(has(refusal({"--meta", "m", "--dir", "/tmp"}), "after --")) << "no program";
  EXPECT_TRUE(has(refusal({"--time", "-1", "--meta", "m", "--dir", "/tmp", "--", "x"}), "--time"));
  // Every comparison with NaN is false: CLI11's range took it (red team: every run TLE).
  for (const char* nan : {"nan", "NaN", "-nan", "inf"}) {
    EXPECT_TRUE(has(refusal({"--time", nan, "--meta", "m", "--dir", "/tmp", "--", "x"}), "--time"))
        << nan;
    EXPECT_TRUE(has(refusal({"--wall", nan, "--meta", "m", "--dir", "/tmp", "--", "x"}), "--wall"))
        << nan;
  }
  EXPECT_TRUE(
      has(refusal({"--limits", "magic", "--meta", "m", "--dir", "/tmp", "--", "x"}), "--limits"));
  EXPECT_TRUE(
      has(refusal({"--env", "NOVALUE", "--meta", "m", "--dir", "/tmp", "--", "x"}), "NAME=VALUE"));
  EXPECT_TRUE(
      has(refusal({"--ids", "100-200", "--meta", "m", "--dir", "/tmp", "--", "x"}), "below 1000"));
  EXPECT_TRUE(has(refusal({"--sweep", "--", "x"}), "take no program"));
  EXPECT_TRUE(has(refusal({"--frobnicate"}), "frobnicate"));
}

TEST(IdRanges, OnlyRangesOfUnprivilegedIdsAreTaken) {
  EXPECT_EQ(parse_id_range("61512-62023"), (IdRange{61512, 62023}));
  EXPECT_EQ(parse_id_range("70000-70000"), (IdRange{70000, 70000}));
  std::string why;
  EXPECT_FALSE(parse_id_range("0-100", &why));
  EXPECT_TRUE(has(why, "below 1000")) << why;
  EXPECT_FALSE(parse_id_range("62000-61000", &why));
  EXPECT_TRUE(has(why, "below the first")) << why;
  EXPECT_FALSE(parse_id_range("65000-66000", &why));
  EXPECT_TRUE(has(why, "nobody")) << why;
  EXPECT_FALSE(parse_id_range("62000", &why));
  EXPECT_FALSE(parse_id_range("a-b", &why));
  EXPECT_FALSE(parse_id_range("100000-300000", &why));
  EXPECT_TRUE(has(why, "65536")) << why;
}

TEST(BoxRecord, WhatTheBoxWritesIsWhatTheJudgeReads) {
  BoxRecord sent;
  sent.ending = BoxRecord::Ending::Signaled;
  sent.signal = 9;
  sent.stopped_by = BoxRecord::Stop::OutOfMemory;
  sent.cpu_s = 0.25;
  sent.wall_s = 1.5;
  sent.waited_for_cpu_s = 0.125;
  sent.memory_kib = 262144;
  sent.limits = "cgroup v1 (memory, pids, cpuacct)";
  sent.memory_exact = false;
  sent.oom_killed = true;
  sent.isolation = "bwrap";
  sent.uid = 61600;
  sent.message = "killed by signal 9 (Killed)\nafter using 256 MiB";
  const BoxRecord got = parse_record(format_record(sent));
  EXPECT_EQ(got.ending, sent.ending);
  EXPECT_EQ(got.signal, sent.signal);
  EXPECT_EQ(got.stopped_by, sent.stopped_by);
  EXPECT_DOUBLE_EQ(got.cpu_s, sent.cpu_s);
  EXPECT_DOUBLE_EQ(got.wall_s, sent.wall_s);
  EXPECT_DOUBLE_EQ(got.waited_for_cpu_s, sent.waited_for_cpu_s);
  EXPECT_EQ(got.memory_kib, sent.memory_kib);
  EXPECT_EQ(got.limits, sent.limits);
  EXPECT_EQ(got.memory_exact, sent.memory_exact);
  EXPECT_EQ(got.oom_killed, sent.oom_killed);
  EXPECT_TRUE(has(format_record(sent), "\noom-killed: yes\n")) << format_record(sent);
  EXPECT_FALSE(parse_record(format_record(BoxRecord{})).oom_killed);
  EXPECT_EQ(got.isolation, sent.isolation);
  EXPECT_EQ(got.uid, sent.uid);
  EXPECT_EQ(got.message, "killed by signal 9 (Killed) after using 256 MiB") << "one line";
  EXPECT_TRUE(got.failed());
}

TEST(BoxRecord, AMalformedRecordIsAnErrorNamingItsLine) {
  const std::string whole = format_record(BoxRecord{});
  const auto refusal = [](const std::string& text) {
    try {
      parse_record(text);
    } catch (const RecordError& e) {
      return std::string(e.what());
    }
    return std::string("(accepted)");
  };
  EXPECT_TRUE(has(refusal("ending exited\n"), "line 1")) << "no 'key: value'";
  EXPECT_TRUE(has(refusal(whole + "cpu-s: 1\n"), "'cpu-s' twice"));
  EXPECT_TRUE(has(refusal("ending: exited\nexit-code: 0\n"), "no 'stopped-by'"));
  std::string bad = whole;
  bad.replace(bad.find("cpu-s: "), 7, "cpu-s: x");
  EXPECT_TRUE(has(refusal(bad), "cpu-s")) << refusal(bad);
  EXPECT_TRUE(has(refusal("ending: vanished\n"), "vanished"));
  EXPECT_EQ(refusal(""), "the box's record has no 'ending'");
}

}  // namespace
}  // namespace entrapment::testing
