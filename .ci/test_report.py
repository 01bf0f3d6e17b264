#!/usr/bin/env python3
"""What CI's test passes skipped, against the skips this machine is expected to make, and the
slowest tests.

Reads the output of `ctest` (one log per pass, as .ci/run tees it). A skipped test passes in
ctest's count, so a machine that loses bwrap, a compiler or Chromium would silently test less:
every skip must match a line of the allow-list, or this exits 1 naming it. A line is
`[PASS:] REGEX  # why`: PASS (optional) is a log's name without `.log` (plain, sanitize), REGEX
a Python regular expression matched against the whole test name. A test disabled in the source
(`DISABLED_`: a known hole, its test failing until it is fixed) is listed at every run, and must
match a line `disabled: REGEX  # why` (any pass) the same way.

Usage: test_report.py --expected-skips FILE [--slowest N] LOG...
"""
import argparse
import os
import re
import sys

# "  12/746 Test  #31: Suite.Name/param .........***Skipped   0.01 sec" (a name may be followed by
# "  # GetParam() = ...": the name is its first word)
RESULT = re.compile(r"^\s*\d+/\d+ Test\s+#\d+: (?P<name>\S+).*?[\s.](?:\*{3})?"
                    r"(?P<status>Passed|Failed|Skipped|Timeout|Not Run \(Disabled\)|Not Run|"
                    r"Exception)(?!\w).*?\s(?P<seconds>[\d.]+) sec\s*$")


def read_allow_list(path):
    patterns = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            only_pass = None
            m = re.match(r"^(\w+):\s+(.*)$", text)
            if m:
                only_pass, text = m[1], m[2]
            try:
                patterns.append((only_pass, re.compile(text), f"{path}:{number}"))
            except re.error as e:
                sys.exit(f"test_report: {path}:{number}: not a regular expression: {e}")
    return patterns


def read_log(path):
    results = []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = RESULT.match(line)
                if m:
                    results.append((m["name"], m["status"], float(m["seconds"])))
    except OSError as e:
        sys.exit(f"test_report: cannot read {path}: {e.strerror}")
    if not results:
        sys.exit(f"test_report: {path} holds no ctest result line: did the pass run?")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expected-skips", required=True)
    parser.add_argument("--slowest", type=int, default=15)
    parser.add_argument("logs", nargs="+")
    args = parser.parse_args()

    allow = read_allow_list(args.expected_skips)
    unexpected = []
    timed = []
    for log in args.logs:
        results = read_log(log)
        this_pass = os.path.basename(log).removesuffix(".log")
        skipped = [name for name, status, _ in results if status == "Skipped"]
        disabled = [name for name, status, _ in results if status == "Not Run (Disabled)"]
        print(f"{log}: {len(results)} tests, {len(skipped)} skipped, {len(disabled)} disabled "
              "(known holes)")
        for kind, names, passes in (("skipped", skipped, (None, this_pass)),
                                    ("disabled", disabled, ("disabled",))):
            for name in names:
                reason = next((where for only_pass, pattern, where in allow
                               if only_pass in passes and pattern.fullmatch(name)), None)
                print(f"  {kind} {name}: " + (f"expected ({reason})" if reason else "NOT EXPECTED"))
                if not reason:
                    unexpected.append(f"{log}: {kind} {name}")
        timed += [(seconds, name, log) for name, _, seconds in results]

    print(f"\nthe {args.slowest} slowest tests:")
    for seconds, name, log in sorted(timed, reverse=True)[: args.slowest]:
        print(f"  {seconds:8.1f} s  {name}  ({log})")

    if unexpected:
        print(f"\ntest_report: {len(unexpected)} skipped or disabled test(s) not in "
              f"{args.expected_skips}: this machine tests less than CI expects (install what "
              "they need, or add them to the list with the reason):")
        for entry in unexpected:
            print(f"  {entry}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
