#!/usr/bin/env python3
"""Writes solutions/README.md: for every submission that must be rejected, how many contest tests
(testdata/secret) reject it and which one does first, from `judge run SUBMISSION testdata/secret
--json FILE`. `--tests testdata/exhaustive` makes the same table on the exhaustive tier.

    python3 tools/solutions_table.py [--judge build/bin/judge] [--jobs 2] [--reuse]
                                    [--only FILE ...] [--from-json DIR] [-v]

It prints one line at the end (what it wrote) unless something is wrong: a judge that wrote no
JSON is named with its command, quoted, and what it said. -v prints every judge command and
everything the judge says on stderr.

Each run's JSON is kept in build/solutions-table/ (--cache); --reuse skips submissions whose
JSON there is newer than the submission, so an interrupted run can be resumed. --from-json DIR
builds the table from existing JSON files only (named like the cache: DIRNAME__FILE.json); with
--only, the rows of those files alone (tests/corpus's solutions_strength_test writes the row of
what the judge says now, to compare it with the committed one).

--only FILE ... (a path such as solutions/wrong_answer/x.py, or a file name) judges those
submissions alone and leaves every other row of the table as it is, word for word: adding a
submission costs its own run, not the whole table's.

The table reads the same on every machine and under any limits: the judge's figures (CPU time,
wall-clock time, the time it waited for a CPU, memory) and the limits are left out of its
messages.
Python 3 standard library only.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOLUTIONS = os.path.join(ROOT, "solutions")
# A submission's expected verdict is its directory; MLE is a run_time_error in the package format.
EXPECTED = {
    "wrong_answer": {"WA"},
    "time_limit_exceeded": {"TLE"},
    "run_time_error": {"RTE", "MLE"},
}
SOURCE_EXTENSIONS = (".cpp", ".cc", ".c", ".py", ".java")


def submissions():
    out = []
    for directory in sorted(EXPECTED):
        folder = os.path.join(SOLUTIONS, directory)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(SOURCE_EXTENSIONS):
                out.append((directory, name))
    return out


def first_comment_line(path):
    """The first paragraph of the file's header comment: what the contestant did."""
    words = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.strip()
            prefix = next((p for p in ("//", "#") if text.startswith(p)), None)
            if prefix is None:
                break
            text = text[len(prefix):].strip()
            if not text:
                if words:
                    break
                continue
            words.append(text)
    return " ".join(words)


def cache_name(directory, name):
    return "%s__%s.json" % (directory, name)


def test_files(tests):
    """Every test file under `tests`, sorted as judge run sorts them."""
    out = []
    for folder, _, files in os.walk(tests):
        out += [os.path.join(folder, f) for f in files if f.endswith(".in")]
    return sorted(out)


def run_judge(judge, tests, source, json_path, jobs, verbose):
    # Without bwrap: the verdicts are the same (the limits hold without it), in a fraction of
    # the time, and the table needs every submission on every test (--all: `judge run` stops a
    # submission expected to fail at its first failing test).
    command = [judge, "run", source, *tests, "--json", json_path, "--no-color", "--no-sandbox",
               "--all", "-j", str(jobs)]
    shown = "$ " + shlex.join(command)
    if verbose:
        print(shown, file=sys.stderr, flush=True)
    # What the judge says on its way (its warning that --no-sandbox runs the program as this
    # user, once per submission) is kept back: the tool speaks only when something is wrong.
    # A rejected submission makes `judge run` exit non-zero: the JSON is what counts.
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            universal_newlines=True, check=False)
    if verbose and result.stderr:
        sys.stderr.write(result.stderr)
    if not os.path.exists(json_path):
        raise SystemExit("solutions_table: the judge wrote no JSON for %s (exit status %d)\n%s\n%s"
                         % (source, result.returncode, shown, result.stderr.rstrip("\n")))


def summarize(result):
    """(number of tests, rejecting tests, {verdict: count}, first rejecting test or None)."""
    tests = result["tests"]
    rejecting = [t for t in tests if t["verdict"] != "AC"]
    counts = {}
    for t in rejecting:
        counts[t["verdict"]] = counts.get(t["verdict"], 0) + 1
    return len(tests), rejecting, counts, (rejecting[0] if rejecting else None)


# The judge's figures in its messages, which differ from one machine or run to the next, and
# the limits, which are the setter's to change (problem.yaml): what the table says instead.
MACHINE_FIGURES = [
    (re.compile(r"still running after [0-9.]+ s of wall-clock time"
                r"(?: plus [0-9.]+ s it waited for a CPU)? \([0-9.]+ s of CPU time\)"),
     "still running at the wall-clock limit"),
    (re.compile(r"used [0-9.]+ s of CPU time \(limit [0-9.]+ s\)"), "over the CPU time limit"),
    (re.compile(r"after using [0-9]+ MiB \(limit [0-9]+ MiB\)"), "at the memory limit"),
]


def without_figures(message):
    """The judge's message with its machine-dependent figures left out."""
    for pattern, instead in MACHINE_FIGURES:
        message = pattern.sub(instead, message)
    return message


def existing_rows(path):
    """{submission: its table line} of the table in `path`, if there is one."""
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r"\| `([a-z_]+/[^`]+)` \| ", line)
            if match and not match.group(1).startswith("accepted/"):
                rows[match.group(1)] = line.rstrip("\n")
    return rows


def only_names(only):
    """--only's words as (directory, name) keys or bare names."""
    wanted = set()
    for word in only:
        parts = os.path.normpath(word).split(os.sep)
        if len(parts) >= 2 and parts[-2] in EXPECTED:
            wanted.add("%s/%s" % (parts[-2], parts[-1]))
        else:
            wanted.add(parts[-1])
    return wanted


def cell(text, limit=110):
    text = " ".join(str(text).split()).replace("|", "\\|")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def tier_name(tests_label):
    """What a table's tests are, for its heading."""
    known = {"testdata/secret": "contest", "testdata/exhaustive": "exhaustive-tier"}
    return known.get(tests_label.rstrip("/"), "`%s`" % tests_label)


def write_readme(rows, tests_label, path):
    lines = [
        "# Solutions",
        "",
        "A submission's expected verdict is its directory: `accepted/`, `wrong_answer/`,",
        "`time_limit_exceeded/`, `run_time_error/` (a program killed for its memory counts as",
        "`run_time_error` in the problem package format). Every file starts with a comment",
        "saying what the contestant did and, for the rejected ones, what should catch it; a",
        "rejected one names the accepted solution it copies (`BASE:`) and marks each line it",
        "changed (`MISTAKE:`), as doc/development.md describes and tests/solutions checks.",
        "",
        "## How the %s tests reject each wrong submission" % tier_name(tests_label),
        "",
        "Generated by `python3 tools/solutions_table.py` from `build/bin/judge run SUBMISSION",
        "%s --json FILE`; do not edit by hand. Regenerate after changing a submission or the" % tests_label,
        "test data (`--reuse` resumes an interrupted run; `--only FILE` redoes its row alone, the",
        "others stay as they are). The judge's figures (times, memory) and the limits are left",
        "out: the table reads the same on every machine and under any limits. How often",
        "the corpus of wrong strategies (judge/problems/entrapment/corpus) is rejected, and by which tests, is in",
        "`testdata/secret.kills.md`; tests/corpus checks that every submission below is rejected by",
        "at least three contest tests.",
        "",
        "| Submission | Expected | Verdict | Rejecting tests | By verdict | First rejecting test | The judge's message there | What is wrong |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        if "line" in r:  # kept as it was (--only another submission)
            lines.append(r["line"])
            continue
        lines.append(
            "| `%s` | %s | %s | %s | %s | %s | %s | %s |"
            % (
                r["submission"],
                r["expected"],
                r["verdict"] + ("" if r["ok"] or r["verdict"] == "not run" else " (**unexpected**)"),
                r["rejecting"],
                r["by_verdict"],
                ("`%s`" % r["first"]) if r["first"] else "none",
                cell(without_figures(r["message"])),
                cell(r["what"], 90),
            )
        )
    lines += [
        "",
        "## Accepted submissions",
        "",
        "| Submission | Style |",
        "|---|---|",
    ]
    for name in sorted(os.listdir(os.path.join(SOLUTIONS, "accepted"))):
        if name.endswith(SOURCE_EXTENSIONS):
            what = first_comment_line(os.path.join(SOLUTIONS, "accepted", name))
            lines.append("| `accepted/%s` | %s |" % (name, cell(what, 120)))
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judge", default=os.path.join(ROOT, "build", "bin", "judge"))
    parser.add_argument("--tests", default=os.path.join(ROOT, "testdata", "secret"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--cache", default=os.path.join(ROOT, "build", "solutions-table"))
    parser.add_argument("--reuse", action="store_true", help="keep cached JSON newer than the source")
    parser.add_argument("--only", nargs="*", default=None,
                        help="submissions (paths or file names) to judge; every other row of "
                             "the table stays as it is")
    parser.add_argument("--from-json", default=None, help="use the JSON files in DIR, run nothing")
    parser.add_argument("--output", default=os.path.join(SOLUTIONS, "README.md"))
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print each judge command, quoted, and what the judge says on stderr")
    parser.add_argument("--slow-sample", type=int, default=24,
                        help="time_limit_exceeded submissions run on this many evenly spaced "
                             "tests (each rejection costs the whole wall-clock limit)")
    args = parser.parse_args()
    every_test = test_files(args.tests)
    sample = [every_test[len(every_test) * k // args.slow_sample] for k in range(args.slow_sample)]

    cache = args.from_json or args.cache
    os.makedirs(cache, exist_ok=True)
    wanted_names = None if args.only is None else only_names(args.only)
    kept = {} if args.only is None else existing_rows(args.output)
    rows = []
    for directory, name in submissions():
        source = os.path.join(SOLUTIONS, directory, name)
        json_path = os.path.join(cache, cache_name(directory, name))
        fresh = os.path.exists(json_path) and os.path.getmtime(json_path) >= os.path.getmtime(source)
        key = "%s/%s" % (directory, name)
        wanted = wanted_names is None or key in wanted_names or name in wanted_names
        if not wanted and key in kept:
            rows.append({"submission": key, "line": kept[key],
                         "ok": "(**unexpected**)" not in kept[key] and "| not run |" not in kept[key]})
            continue
        if not args.from_json and wanted and not (args.reuse and fresh):
            if os.path.exists(json_path):
                os.remove(json_path)
            slow = directory == "time_limit_exceeded" and args.slow_sample < len(every_test)
            run_judge(args.judge, sample if slow else [args.tests], source, json_path, args.jobs,
                      args.verbose)
        row = {
            "submission": "%s/%s" % (directory, name),
            "expected": "/".join(sorted(EXPECTED[directory])),
            "what": first_comment_line(source),
        }
        if not os.path.exists(json_path):
            row.update(verdict="not run", ok=False, rejecting="", by_verdict="", first=None, message="")
        else:
            with open(json_path, encoding="utf-8") as f:
                result = json.load(f)
            total, rejecting, counts, first = summarize(result)
            row.update(
                verdict=result["verdict"],
                ok=result["verdict"] in EXPECTED[directory],
                rejecting="%d of %d%s" % (len(rejecting), total,
                                          "" if total >= len(every_test) else " (a selection)"),
                by_verdict=", ".join("%s %d" % (v, counts[v]) for v in sorted(counts)),
                first=first["name"] if first else None,
                message=first.get("message", "") if first else "",
            )
        rows.append(row)
    if wanted_names is not None:
        known = {r["submission"] for r in rows} | {r["submission"].split("/")[1] for r in rows}
        unknown = sorted(wanted_names - known)
        if unknown:
            raise SystemExit("solutions_table: --only: no submission %s under solutions/"
                             % ", ".join(unknown))
    tests_label = os.path.relpath(args.tests, ROOT)
    write_readme(rows, tests_label, args.output)
    bad = [r["submission"] for r in rows if not r["ok"]]
    print("wrote %s (%d submissions%s)" % (args.output, len(rows),
          "; not as expected: " + ", ".join(bad) if bad else ""), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
