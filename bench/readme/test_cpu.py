#!/usr/bin/env python3
"""Where the test command's CPU goes: every ctest test of a build, with its CPU and wall time.

ctest reports wall time only, and on a shared machine wall time says more about the neighbours
than about the test. This runs the tests ctest would run (`ctest --show-only=json-v1`, with the
same command, working directory, environment and DISABLED, RUN_SERIAL and TIMEOUT properties),
JOBS at a time as `ctest -j JOBS` does, and takes each test's user and system time from the
kernel (wait4: the test process and every process it waited for). It prints the slowest tests,
the sum per test binary, and the total; --json writes every test's figures.

Usage: test_cpu.py --build BUILD_DIR [--jobs 2] [--top 25] [--regex PATTERN] [--label PATTERN]
                   [--json FILE]
Python 3 standard library only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict


def load_tests(build, regex, label=None):
    listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                             check=True, capture_output=True, text=True).stdout
    tests = []
    for entry in json.loads(listing)["tests"]:
        properties = {p["name"]: p["value"] for p in entry.get("properties", [])}
        if properties.get("DISABLED") or "command" not in entry:
            continue
        if regex and not re.search(regex, entry["name"]):
            continue
        if label and not any(re.search(label, name)
                             for name in properties.get("LABELS", [])):
            continue
        tests.append((entry["name"], entry["command"], properties))
    return tests


def environment_of(properties):
    env = dict(os.environ)
    for assignment in properties.get("ENVIRONMENT", []):
        name, _, value = assignment.partition("=")
        env[name] = value
    for modification in properties.get("ENVIRONMENT_MODIFICATION", []):
        name, _, rest = modification.partition("=")
        operation, _, value = rest.partition(":")
        if operation == "set":
            env[name] = value
        elif operation == "unset":
            env.pop(name, None)
        elif operation == "path_list_prepend":
            env[name] = value + (":" + env[name] if env.get(name) else "")
        elif operation == "path_list_append":
            env[name] = (env[name] + ":" if env.get(name) else "") + value
    return env


def program_of(command):
    """The test's program: a script's name rather than its interpreter's."""
    interpreted = os.path.basename(command[0]).startswith("python") and len(command) > 1
    return os.path.basename(command[1] if interpreted else command[0])


def run_one(test):
    name, command, properties = test
    start = time.monotonic()
    process = subprocess.Popen(command, cwd=properties.get("WORKING_DIRECTORY"),
                               env=environment_of(properties), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    timeout = float(properties.get("TIMEOUT", 1500))
    timer = threading.Timer(timeout, process.kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    return {"name": name, "binary": program_of(command), "user": usage.ru_utime,
            "system": usage.ru_stime, "wall": time.monotonic() - start,
            "exit": process.returncode}


def run_all(tests, jobs):
    results = []
    lock = threading.Lock()
    queue = [t for t in tests if not t[2].get("RUN_SERIAL")]
    serial = [t for t in tests if t[2].get("RUN_SERIAL")]

    def worker():
        while True:
            with lock:
                if not queue:
                    return
                test = queue.pop(0)
            result = run_one(test)
            with lock:
                results.append(result)

    threads = [threading.Thread(target=worker) for _ in range(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for test in serial:
        results.append(run_one(test))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--regex")
    parser.add_argument("--label", help="only tests with a label this matches, as ctest -L")
    parser.add_argument("--json")
    args = parser.parse_args()
    tests = load_tests(args.build, args.regex, args.label)
    started = time.monotonic()
    results = run_all(tests, args.jobs)
    wall = time.monotonic() - started
    cpu = lambda r: r["user"] + r["system"]
    results.sort(key=cpu, reverse=True)
    print("%-90s %8s %8s %8s" % ("slowest tests (CPU)", "user", "system", "wall"))
    for r in results[:args.top]:
        print("%-90s %8.1f %8.1f %8.1f%s" % (r["name"][:90], r["user"], r["system"], r["wall"],
                                             "" if r["exit"] == 0 else "  exit %d" % r["exit"]))
    per_binary = defaultdict(lambda: [0.0, 0.0, 0])
    for r in results:
        per_binary[r["binary"]][0] += r["user"]
        per_binary[r["binary"]][1] += r["system"]
        per_binary[r["binary"]][2] += 1
    print("\n%-40s %6s %8s %8s" % ("per binary", "tests", "user", "system"))
    for binary, (user, system, count) in sorted(per_binary.items(), key=lambda i: -i[1][0] - i[1][1]):
        print("%-40s %6d %8.1f %8.1f" % (binary, count, user, system))
    failed = [r["name"] for r in results if r["exit"] != 0]
    print("\n%d tests, CPU %.0f s (user %.0f, system %.0f), wall %.0f s with %d jobs; %d failed%s"
          % (len(results), sum(map(cpu, results)), sum(r["user"] for r in results),
             sum(r["system"] for r in results), wall, args.jobs, len(failed),
             (": " + ", ".join(failed)) if failed else ""))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
