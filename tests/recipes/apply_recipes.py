#!/usr/bin/env python3
"""Follows every "How to add" recipe of doc/development.md and doc/new-problem.md on a scratch
copy of the checkout.

A recipe is a level-3 section "### How to add <thing>". Its prose is for the reader; the steps
a machine applies are fenced blocks whose info string starts with `recipe`:

  ```recipe new PATH      create PATH (it must not exist) with the block's content
  ```recipe edit PATH     one or more hunks: a line "<<<<", the old lines, "====", the new lines,
                          ">>>>"; each old text must occur exactly once in the file
  ```recipe check         shell commands, one a line (a line ending in "\\" goes on), run by bash
                          from the copy's root once every recipe is applied and the copy is built;
                          each must exit 0. A line "# needs: TARGET ..." names build targets
                          the checks need beyond the programs they run as build/bin/NAME

A fence of more backticks holds a block that itself contains ``` lines. Every recipe needs at
least one step that changes a file and one check.

The tool copies the checkout (the files `git ls-files` lists, tracked or not ignored; without
git, the source tree but its build directories; never testdata/exhaustive, which no check
reads) into a new directory inside the build directory, applies every step of every recipe in
page order, configures the copy like the build (same generator, compiler, launcher, build type,
ccache or not), builds once the programs the checks
name (`build/bin/NAME`, always `judge`) and nothing else, and runs the checks. The copy's build
directory lies where the build lies relative to the checkout, and ccache sees both trees alike
(its base directory is the tree's root, CMakeLists.txt's ENTRAPMENT_CCACHE; for a launcher given
on the build's command line, the checkout, which holds the copy), so the copy's compiles of the
files the recipes leave unchanged hit the objects the build left in the cache: only the files
the recipes change, and those that include them, are compiled. A build without ccache leaves
nothing to reuse, and the tool says so. On any failure it names the recipe, the step and the
file, and exits 1; 2 is a mistake in its own arguments. The scratch directory is removed at the
end (--keep keeps it).

Usage: apply_recipes.py --build BUILD_DIR [--checkout DIR] [--page PAGE]...
                        [--jobs N] [--keep] [--no-build]
Python 3 standard library only.
"""

import argparse
import os
import resource
import re
import shutil
import subprocess
import sys
import tempfile
import time


class RecipeError(Exception):
    """A recipe that cannot be followed: the message names the recipe, the step and the file."""


class Step:
    def __init__(self, kind, path, lines, line_number):
        self.kind = kind  # "new", "edit" or "check"
        self.path = path  # None for a check
        self.lines = lines  # the block's content, without the fences
        self.line_number = line_number  # of the opening fence in the page

    def describe(self, recipe, index):
        what = "%s %s" % (self.kind, self.path) if self.path else self.kind
        return "recipe %r, step %d (%s, %s line %d)" % (recipe.title, index, what, recipe.page,
                                                        self.line_number)


class Recipe:
    def __init__(self, title, page, line_number):
        self.title = title
        self.page = page
        self.line_number = line_number
        self.steps = []


FENCE = re.compile(r"^(`{3,})\s*(.*)$")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")


def parse_page(text, page):
    """The recipes of the page, in order. Raises RecipeError for a malformed one."""
    recipes = []
    current = None
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        heading = HEADING.match(line)
        if heading and len(heading.group(1)) <= 3:
            current = None
            if len(heading.group(1)) == 3 and heading.group(2).startswith("How to add "):
                current = Recipe(heading.group(2), page, i + 1)
                recipes.append(current)
            i += 1
            continue
        fence = FENCE.match(line)
        if not fence:
            i += 1
            continue
        ticks, info = fence.group(1), fence.group(2)
        end = i + 1
        while end < len(lines) and not (lines[end].startswith(ticks) and
                                        lines[end].strip() == "`" * len(lines[end].strip())):
            end += 1
        if end == len(lines):
            raise RecipeError("%s line %d: a fenced block that never closes" % (page, i + 1))
        body = lines[i + 1:end]
        words = info.split(None, 2)
        if words and words[0] == "recipe":
            if current is None:
                raise RecipeError("%s line %d: a recipe block outside a \"### How to add\" section"
                                  % (page, i + 1))
            kind = words[1] if len(words) > 1 else ""
            path = words[2].strip() if len(words) > 2 else None
            if kind not in ("new", "edit", "check"):
                raise RecipeError("%s line %d: recipe %r: unknown step %r (new PATH, edit PATH or "
                                  "check)" % (page, i + 1, current.title, kind))
            if (kind == "check") != (path is None):
                raise RecipeError("%s line %d: recipe %r: %s" % (
                    page, i + 1, current.title,
                    "a check names no file" if kind == "check" else "a %s step needs a PATH" % kind))
            current.steps.append(Step(kind, path, body, i + 1))
        i = end + 1
    for recipe in recipes:
        kinds = [step.kind for step in recipe.steps]
        if not kinds:
            raise RecipeError("recipe %r (%s line %d) has no steps (no ```recipe blocks)"
                              % (recipe.title, page, recipe.line_number))
        if "check" not in kinds:
            raise RecipeError("recipe %r (%s line %d) has no ```recipe check block: nothing "
                              "shows that it works" % (recipe.title, page, recipe.line_number))
        if kinds == ["check"] * len(kinds):
            raise RecipeError("recipe %r (%s line %d) changes no file (no ```recipe new or edit "
                              "block)" % (recipe.title, page, recipe.line_number))
    return recipes


def hunks_of(step, recipe, index):
    """The (old, new) texts of an edit step."""
    hunks, state, old, new = [], "outside", [], []
    for number, line in enumerate(step.lines, 1):
        if state == "outside":
            if line == "<<<<":
                state, old, new = "old", [], []
            elif line.strip():
                raise RecipeError("%s: block line %d: %r outside a <<<< ==== >>>> hunk"
                                  % (step.describe(recipe, index), number, line))
        elif state == "old":
            if line == "====":
                state = "new"
            else:
                old.append(line)
        elif line == ">>>>":
            hunks.append(("\n".join(old) + "\n", "\n".join(new) + "\n" if new else ""))
            state = "outside"
        else:
            new.append(line)
    if state != "outside":
        raise RecipeError("%s: a hunk without its %s line"
                          % (step.describe(recipe, index), "====" if state == "old" else ">>>>"))
    if not hunks:
        raise RecipeError("%s: no <<<< ==== >>>> hunk" % step.describe(recipe, index))
    return hunks


def inside(root, relative, what):
    """root/relative, refused when it leaves root."""
    path = os.path.normpath(os.path.join(root, relative))
    if os.path.isabs(relative) or not path.startswith(os.path.join(root, "")):
        raise RecipeError("%s: the path %r is not inside the checkout" % (what, relative))
    return path


def apply_step(root, recipe, index, step):
    what = step.describe(recipe, index)
    path = inside(root, step.path, what)
    if step.kind == "new":
        if os.path.lexists(path):
            raise RecipeError("%s: %s exists already (a new step creates a file)" % (what, step.path))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(step.lines) + "\n")
        return
    if not os.path.isfile(path):
        raise RecipeError("%s: %s does not exist" % (what, step.path))
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for number, (old, new) in enumerate(hunks_of(step, recipe, index), 1):
        # Whole lines only: an old line matches a line of the file, not the end of one.
        found = [at for at in range(len(text)) if (at == 0 or text[at - 1] == "\n")
                 and text.startswith(old, at)]
        if len(found) != 1:
            first = old.split("\n", 1)[0]
            raise RecipeError("%s: hunk %d: its old text occurs %d times in %s, not once (it "
                              "starts %r)" % (what, number, len(found), step.path, first))
        text = text[:found[0]] + new + text[found[0] + len(old):]
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def checkout_files(checkout):
    """The checkout's files, relative: git's list (tracked, or untracked and not ignored) when
    it is a git checkout, else every file but those under build* and .git."""
    try:
        listed = subprocess.run(
            ["git", "-C", checkout, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True).stdout
        return [name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for directory, subdirectories, names in os.walk(checkout):
        subdirectories[:] = [d for d in subdirectories
                             if d != ".git" and not (directory == checkout and d.startswith("build"))]
        files += [os.path.relpath(os.path.join(directory, n), checkout) for n in names]
    return files


# Left out of the copy: the exhaustive tier, most of the checkout's files, which no check reads
# (`judge run` checks against generators.yaml only the tiers it judges, and judges this one
# only with --exhaustive).
NOT_COPIED = ("testdata/exhaustive/",)


def copy_checkout(checkout, copy):
    for name in checkout_files(checkout):
        if name.startswith(NOT_COPIED):
            continue
        source = os.path.join(checkout, name)
        if not os.path.lexists(source):  # deleted in the work tree, not yet in git
            continue
        target = os.path.join(copy, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)


def cache_entries(build):
    """The build's CMakeCache.txt as a dict (NAME -> value)."""
    entries = {}
    path = os.path.join(build, "CMakeCache.txt")
    with open(path, encoding="utf-8") as f:
        for line in f:
            match = re.match(r"^([A-Za-z_0-9]+):[A-Z]+=(.*)$", line.rstrip("\n"))
            if match:
                entries[match.group(1)] = match.group(2)
    return entries


def check_commands(step):
    """A check block's commands: one a line, a line ending in a backslash goes on."""
    commands, pending = [], ""
    for line in step.lines:
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            commands.append(command)
    if pending.strip():
        commands.append(pending.strip())
    return commands


def ccache_outcomes(log):
    """From ccache's stats log (CCACHE_STATSLOG): the files it found in the cache, those it
    compiled, and those it could not cache, each a list."""
    hits, misses, uncached, current, counters = [], [], [], None, []

    def close():
        if current is None:
            return
        if any(c in ("direct_cache_hit", "preprocessed_cache_hit") for c in counters):
            hits.append(current)
        elif "cache_miss" in counters:
            misses.append(current)
        else:
            uncached.append("%s (%s)" % (current, ", ".join(counters)))

    try:
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("# "):
                    close()
                    current, counters = line[2:], []
                elif line:
                    counters.append(line)
        close()
    except OSError:
        pass
    return hits, misses, uncached


def children_cpu():
    """CPU time (user and system) of the programs this process started and waited for."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(argv, what, cwd=None, env=None):
    result = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, universal_newlines=True)
    if result.returncode != 0:
        raise RecipeError("%s failed (exit %d): %s\n%s" % (
            what, result.returncode, " ".join(argv), result.stdout[-6000:]))
    return result.stdout


def build_copy(copy, checkout, build, targets, jobs, stats_log):
    """Configures and builds `targets` in the copy, where the build lies relative to the
    checkout; returns the copy's build directory."""
    relative = os.path.relpath(build, checkout)
    if relative.startswith(os.pardir):  # a build outside the checkout: beside the copy's files
        relative = "build"
    copy_build = os.path.join(copy, relative)
    cache = cache_entries(build)
    configure = ["cmake", "-S", copy, "-B", copy_build]
    if cache.get("CMAKE_GENERATOR"):
        configure += ["-G", cache["CMAKE_GENERATOR"]]
    for name in ("CMAKE_CXX_COMPILER", "CMAKE_CXX_COMPILER_LAUNCHER", "CMAKE_BUILD_TYPE",
                 "CMAKE_CXX_FLAGS", "ENTRAPMENT_SANITIZE", "ENTRAPMENT_TESTS", "ENTRAPMENT_CCACHE"):
        if name in cache:
            configure.append("-D%s=%s" % (name, cache[name]))
    env = dict(os.environ)
    # The copy lies inside the checkout (in the build directory): with the checkout as base
    # directory, and the working directory left out of the hash, its compiles are the build's.
    env["CCACHE_BASEDIR"] = checkout
    env["CCACHE_NOHASHDIR"] = "1"
    env["CCACHE_STATSLOG"] = stats_log
    # The command-line files are compiled with a precompiled header (CLI11), which ccache caches
    # only when told that the header's macros and time stamps may be trusted.
    env["CCACHE_SLOPPINESS"] = "pch_defines,time_macros,include_file_mtime,include_file_ctime"
    run(configure, "configuring the copy", env=env)
    run(["cmake", "--build", copy_build, "-j", str(jobs), "--target"] + sorted(targets),
        "building the copy (targets %s)" % ", ".join(sorted(targets)), env=env)
    return copy_build


def main():
    parser = argparse.ArgumentParser(description="Follow the docs' recipes on a copy.")
    parser.add_argument("--checkout", default=os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))), help="the checkout (default: this file's)")
    parser.add_argument("--build", required=True, help="the checkout's build directory")
    parser.add_argument("--page", action="append",
                        help="a page of recipes, repeated (default: doc/development.md and "
                             "doc/new-problem.md)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory")
    parser.add_argument("--no-build", action="store_true",
                        help="apply the recipes only: no build, no checks")
    args = parser.parse_args()
    checkout = os.path.realpath(args.checkout)
    build = os.path.realpath(args.build)
    if not os.path.isfile(os.path.join(build, "CMakeCache.txt")):
        parser.error("%s is not a configured build directory (no CMakeCache.txt)" % build)

    started = time.monotonic()
    scratch = None
    try:
        recipes = []
        # By default the pages of recipes the checkout has (a small one, as the tool's own
        # tests make, may hold development.md alone).
        pages = args.page or [page for page in (os.path.join("doc", "development.md"),
                                                os.path.join("doc", "new-problem.md"))
                              if os.path.isfile(os.path.join(checkout, page))]
        if not pages:
            raise RecipeError("%s has no doc/development.md" % checkout)
        for page in pages:
            with open(os.path.join(checkout, page), encoding="utf-8") as f:
                found = parse_page(f.read(), page)
            if not found:
                raise RecipeError("%s has no \"### How to add\" section" % page)
            recipes += found
        parent = os.path.join(build, "recipes")
        os.makedirs(parent, exist_ok=True)
        scratch = tempfile.mkdtemp(prefix="copy-", dir=parent)
        copy = os.path.join(scratch, "checkout")
        copy_checkout(checkout, copy)
        targets = {"judge"}
        for recipe in recipes:
            for index, step in enumerate(recipe.steps, 1):
                if step.kind == "check":
                    for command in check_commands(step):
                        targets.update(re.findall(r"\bbuild/bin/([A-Za-z0-9_]+)", command))
                    for line in step.lines:
                        if line.strip().startswith("# needs:"):
                            targets.update(line.split(":", 1)[1].split())
                else:
                    apply_step(copy, recipe, index, step)
            print("applied: %s" % recipe.title, flush=True)
        if args.no_build:
            return 0
        build_started, build_cpu = time.monotonic(), children_cpu()
        stats_log = os.path.join(scratch, "ccache-stats.log")
        copy_build = build_copy(copy, checkout, build, targets, args.jobs, stats_log)
        hits, misses, uncached = ccache_outcomes(stats_log)
        print("built %s: %.0f s of CPU, %.0f s of wall-clock time; ccache: %d hits, %d compiled, "
              "%d not cacheable" % (", ".join(sorted(targets)), children_cpu() - build_cpu,
                                    time.monotonic() - build_started, len(hits), len(misses),
                                    len(uncached)), flush=True)
        for name in misses:
            print("  compiled: %s" % name)
        for name in uncached:
            print("  not cacheable: %s" % name)
        if not hits and not misses and not uncached:
            print("  (no ccache: the copy compiled every file; a build through ccache, as "
                  "CMakeLists.txt does when it is installed, lets the copy reuse its objects)")
        env = dict(os.environ)
        env.pop("ENTRAPMENT_ROOT", None)  # the judge finds the copy from its working directory
        env["ENTRAPMENT_BIN"] = os.path.join(copy_build, "bin")
        for recipe in recipes:
            for index, step in enumerate(recipe.steps, 1):
                if step.kind != "check":
                    continue
                for command in check_commands(step):
                    result = subprocess.run(["bash", "-o", "pipefail", "-c", command], cwd=copy,
                                            env=env, stdout=subprocess.PIPE,
                                            stderr=subprocess.STDOUT, universal_newlines=True)
                    if result.returncode != 0:
                        raise RecipeError("%s: the command\n  %s\nexited %d:\n%s" % (
                            step.describe(recipe, index), command, result.returncode,
                            result.stdout[-6000:]))
            print("checked: %s" % recipe.title, flush=True)
        print("every recipe works (%d recipes; in all %.0f s of CPU, %.0f s of wall-clock time)"
              % (len(recipes), children_cpu(), time.monotonic() - started))
        return 0
    except RecipeError as e:
        print("apply_recipes: %s" % e, file=sys.stderr)
        return 1
    finally:
        if scratch and not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
        elif scratch:
            print("kept %s" % scratch)


if __name__ == "__main__":
    sys.exit(main())
