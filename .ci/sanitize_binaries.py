#!/usr/bin/env python3
"""No test lost in the sanitizer pass: every test binary whose tests the plain tree labels
`sanitize` is built in the sanitizer tree too. (A binary missing there would show only as an
unlabelled NAME_NOT_BUILT test, outside `ctest -L sanitize`, and its tests would vanish.) The
tests themselves may differ: a few are compiled only without ASan, whose shadow memory cannot
live under an address-space cap; they run in the plain pass.

Usage: sanitize_binaries.py PLAIN_BUILD SANITIZER_BUILD
"""
import json
import os
import subprocess
import sys


def sanitize_binaries(build):
    listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1"],
                             check=True, capture_output=True, text=True).stdout
    binaries = set()
    for test in json.loads(listing)["tests"]:
        labels = [p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"]
        if labels and "sanitize" in labels[0] and test.get("command"):
            binaries.add(os.path.basename(test["command"][0]))
    return binaries


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.splitlines()[-1])
    plain, sanitizer = sys.argv[1:]
    wanted = sanitize_binaries(plain)
    if not wanted:
        sys.exit(f"sanitize_binaries: {plain} labels no test sanitize: is it configured?")
    missing = sorted(b for b in wanted if not os.path.isfile(os.path.join(sanitizer, "bin", b)))
    print(f"sanitize label: {len(wanted)} test binaries, "
          f"{len(wanted) - len(missing)} built in {sanitizer}")
    if missing:
        print(f"not built in {sanitizer}: {' '.join(missing)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
