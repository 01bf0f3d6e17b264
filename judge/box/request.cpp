#include "request.hpp"

#include <sched.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "support/finite_range.hpp"
#include "sweep.hpp"

namespace entrapment {

namespace {

// Shortest text that reads back as the same double.
std::string number(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

const char* environment(const char* name) {
  const char* value = std::getenv(name);
  return value && *value ? value : nullptr;
}

std::string choice_name(LimitChoice choice) {
  return choice == LimitChoice::Cgroup   ? "cgroup"
         : choice == LimitChoice::Rlimit ? "rlimit"
                                         : "auto";
}

}  // namespace

std::optional<IdRange> parse_id_range(const std::string& text, std::string* why) {
  const auto fail = [&](const std::string& what) -> std::optional<IdRange> {
    if (why) *why = "'" + text + "': " + what;
    return std::nullopt;
  };
  const std::size_t dash = text.find('-');
  if (dash == std::string::npos) return fail("expected FIRST-LAST, two user ids");
  const std::string first = text.substr(0, dash), last = text.substr(dash + 1);
  for (const std::string& part : {first, last})
    if (part.empty() || part.size() > 9 ||
        part.find_first_not_of("0123456789") != std::string::npos)
      return fail("expected FIRST-LAST, two user ids");
  IdRange range{static_cast<uid_t>(std::stoul(first)), static_cast<uid_t>(std::stoul(last))};
  // Below 1000 are the system's accounts; 65534 is nobody; the range must hold one id at least.
  if (range.first < 1000) return fail("the first id is below 1000 (the system's own accounts)");
  if (range.last < range.first) return fail("the last id is below the first");
  if (range.first <= 65534 && range.last >= 65534) return fail("it holds 65534 (nobody)");
  if (range.last - range.first >= 65536) return fail("more than 65536 ids");
  return range;
}

std::vector<std::string> to_arguments(const BoxRequest& r) {
  if (r.mode == BoxRequest::Mode::Sweep) {
    std::vector<std::string> args = {"--sweep"};
    if (r.lifeline >= 0) args.insert(args.end(), {"--lifeline", std::to_string(r.lifeline)});
    if (!r.dir.empty()) args.insert(args.end(), {"--dir", r.dir.string()});
    return args;
  }
  if (r.mode == BoxRequest::Mode::PrepareCgroups) return {"--prepare-cgroups"};
  const BoxLimits& l = r.limits;
  std::vector<std::string> args;
  if (r.mode == BoxRequest::Mode::Describe) args.push_back("--describe");
  args.insert(args.end(),
              {"--time", number(l.cpu_s), "--wall", number(l.wall_s), "--memory",
               std::to_string(l.memory_mib), "--processes", std::to_string(l.max_processes),
               "--file-size", std::to_string(l.max_output_bytes), "--tmp-size",
               std::to_string(l.max_scratch_bytes), "--limits", choice_name(l.mechanism),
               "--sandbox", r.isolation == Isolation::Bwrap ? "bwrap" : "none"});
  if (!l.limit_address_space) args.push_back("--no-address-space-limit");
  if (!r.dir.empty()) args.insert(args.end(), {"--dir", r.dir.string()});
  if (r.writable_dir) args.push_back("--writable-dir");
  for (const std::string& path : r.read_only) args.insert(args.end(), {"--read-only", path});
  for (const std::string& variable : r.env) args.insert(args.end(), {"--env", variable});
  if (!r.meta.empty()) args.insert(args.end(), {"--meta", r.meta.string()});
  if (r.lifeline >= 0) args.insert(args.end(), {"--lifeline", std::to_string(r.lifeline)});
  if (r.credit_waits_of > 0)
    args.insert(args.end(), {"--credit-waits-of", std::to_string(r.credit_waits_of)});
  if (r.ids)
    args.insert(args.end(),
                {"--ids", std::to_string(r.ids->first) + "-" + std::to_string(r.ids->last)});
  if (l.cpu >= 0) args.insert(args.end(), {"--cpu", std::to_string(l.cpu)});
  if (r.mode == BoxRequest::Mode::Run) {
    args.push_back("--");
    args.insert(args.end(), r.command.begin(), r.command.end());
  }
  return args;
}

BoxRequest parse_request(int argc, const char* const* argv) {
  BoxRequest r;
  BoxLimits& l = r.limits;
  CLI::App app{
      "judge-box: runs one program under limits, isolated, and writes what happened to a "
      "record (doc/execution.md)",
      "judge-box"};
  bool sweep = false, describe = false, prepare = false, no_address_space = false;
  std::string limits = "auto";  // ENTRAPMENT_LIMITS then decides (limiter.hpp)
  const char* bwrap_env = environment("ENTRAPMENT_BWRAP");
  std::string sandbox = bwrap_env && std::string(bwrap_env) == "off" ? "none" : "bwrap";
  std::string ids = environment("ENTRAPMENT_UID_RANGE") ? environment("ENTRAPMENT_UID_RANGE") : "";
  std::string meta, dir;
  app.add_flag("--sweep", sweep, "remove what killed judges and boxes left, then exit");
  app.add_flag("--describe", describe, "say how limits and isolation work here, then exit");
  app.add_flag("--prepare-cgroups", prepare,
               "ready the caller's control groups for its boxes' groups (once per judge), then "
               "exit");
  app.add_option("--time", l.cpu_s, "CPU time of the whole run, seconds")
      ->check(finite_range(0.001, 3600.0));
  app.add_option("--wall", l.wall_s, "wall clock, seconds (default 2 x time + 1)")
      ->check(finite_range(0.001, 36000.0));
  app.add_option("--memory", l.memory_mib, "memory of the whole run, MiB")
      ->check(CLI::Range(1ll, 1ll << 20));
  app.add_option("--processes", l.max_processes, "processes and threads")
      ->check(CLI::Range(1, 65536));
  app.add_option("--file-size", l.max_output_bytes, "largest file it may write, bytes")
      ->check(CLI::Range(0ll, 1ll << 40));
  app.add_option("--tmp-size", l.max_scratch_bytes, "its /tmp and /dev/shm in the sandbox, bytes")
      ->check(CLI::Range(1ll << 20, 1ll << 40));
  app.add_flag("--no-address-space-limit", no_address_space,
               "no RLIMIT_AS or RLIMIT_DATA (the JVM)");
  app.add_option("--limits", limits,
                 "auto (ENTRAPMENT_LIMITS, else a control group where usable), cgroup or rlimit")
      ->check(CLI::IsMember({"auto", "cgroup", "rlimit"}));
  app.add_option("--sandbox", sandbox,
                 "bwrap (the sandbox: namespaces of the box's own as root, else bwrap) or none "
                 "(ENTRAPMENT_BWRAP=off: none)")
      ->check(CLI::IsMember({"bwrap", "none"}));
  app.add_option("--dir", dir, "its working directory (made by the caller)");
  app.add_flag("--writable-dir", r.writable_dir, "the directory is writable (a compiler's)");
  app.add_option("--read-only", r.read_only, "a path shown read-only at its own place");
  app.add_option("--env", r.env, "NAME=VALUE for the program");
  app.add_option("--meta", meta, "the file the result record is written to");
  app.add_option("--lifeline", r.lifeline, "a descriptor that breaks when the caller is gone")
      ->check(CLI::Range(3, 1 << 20));
  app.add_option("--credit-waits-of", r.credit_waits_of,
                 "a thread of the caller whose waits for a CPU the wall clock credits")
      ->check(CLI::Range(1, 1 << 30));
  app.add_option("--cpu", l.cpu,
                 "the one CPU the run may use (a cpuset under cgroup, and its affinity)")
      ->check(CLI::Range(0, CPU_SETSIZE - 1));
  app.add_option("--ids", ids,
                 "user ids for runs of a root box, FIRST-LAST (ENTRAPMENT_UID_RANGE)");
  app.add_option("command", r.command, "the program and its arguments, after --");
  bool wall_given = false;
  try {
    app.parse(argc, argv);
    wall_given = app.count("--wall") > 0;
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    throw BoxUsageError("");
  } catch (const CLI::ParseError& e) {
    throw BoxUsageError(e.what());
  }
  if (sweep + describe + prepare > 1)
    throw BoxUsageError("--sweep, --describe and --prepare-cgroups are each a mode of their own");
  r.mode = sweep      ? BoxRequest::Mode::Sweep
           : describe ? BoxRequest::Mode::Describe
           : prepare  ? BoxRequest::Mode::PrepareCgroups
                      : BoxRequest::Mode::Run;
  l.mechanism = limits == "cgroup"   ? LimitChoice::Cgroup
                : limits == "rlimit" ? LimitChoice::Rlimit
                                     : LimitChoice::Auto;
  l.limit_address_space = !no_address_space;
  if (!wall_given) l.wall_s = wall_limit_for(l.cpu_s);
  r.isolation = sandbox == "none" ? Isolation::None : Isolation::Bwrap;
  r.meta = meta;
  r.dir = dir;
  if (!ids.empty()) {
    std::string why;
    r.ids = parse_id_range(ids, &why);
    if (!r.ids) throw BoxUsageError("--ids " + why);
  }
  for (const std::string& variable : r.env)
    if (variable.find('=') == std::string::npos || variable[0] == '=')
      throw BoxUsageError("--env " + variable + ": expected NAME=VALUE");
  if (r.mode == BoxRequest::Mode::Run) {
    if (r.command.empty()) throw BoxUsageError("no program to run: give it after --");
    if (r.meta.empty()) throw BoxUsageError("--meta FILE is required: the record goes there");
    if (r.dir.empty()) throw BoxUsageError("--dir DIR is required: the run's working directory");
  } else if (!r.command.empty()) {
    throw BoxUsageError("--sweep, --describe and --prepare-cgroups take no program");
  }
  // The sweeper removes its --dir once its lifeline breaks: only a judge's own temporary
  // directory (red team: `--sweep --lifeline 3 --dir ~` removed a home directory).
  const std::string name = r.dir.filename().string();
  if (r.mode == BoxRequest::Mode::Sweep && !r.dir.empty() &&
      (r.dir.parent_path() != "/tmp" || name.rfind(kJudgeTempPrefix, 0) != 0))
    throw BoxUsageError("--sweep --dir " + dir + ": not a judge's temporary directory (/tmp/" +
                        kJudgeTempPrefix + "*)");
  return r;
}

}  // namespace entrapment
