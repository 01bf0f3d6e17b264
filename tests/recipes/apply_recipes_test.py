#!/usr/bin/env python3
"""apply_recipes.py on small pages of its own: what it applies, and what it refuses, naming the
recipe, the step and the file. No build: the copy is only applied (--no-build), or the parser
and the steps are called directly. Python 3 standard library only."""

import os
import runpy
import shutil
import subprocess
import sys
import tempfile
import unittest

TOOL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apply_recipes.py")
tool = runpy.run_path(TOOL)
RecipeError = tool["RecipeError"]
parse_page = tool["parse_page"]
apply_step = tool["apply_step"]

GOOD = """# Page

### How to add a greeting

Prose.

```recipe edit hello.txt
<<<<
hello
====
hello, world
>>>>
```

````recipe new notes/new file.md
a file that shows a fence:
```
inside
```
````

```recipe check
grep -q 'hello, world' hello.txt
```

## Elsewhere

```sh
not a recipe
```
"""


def page_with(body):
    return "### How to add a thing\n\n" + body


class ParseTest(unittest.TestCase):
    def test_the_steps_of_a_recipe_in_order(self):
        recipes = parse_page(GOOD, "page.md")
        self.assertEqual([r.title for r in recipes], ["How to add a greeting"])
        steps = recipes[0].steps
        self.assertEqual([(s.kind, s.path) for s in steps],
                         [("edit", "hello.txt"), ("new", "notes/new file.md"), ("check", None)])
        self.assertEqual(steps[1].lines, ["a file that shows a fence:", "```", "inside", "```"])

    def test_check_commands_join_continued_lines_and_skip_comments(self):
        step = tool["Step"]("check", None, ["# needs: single_files", "a \\", "  b", "", "c"], 1)
        self.assertEqual(tool["check_commands"](step), ["a    b", "c"])

    def test_a_section_without_steps_is_refused(self):
        with self.assertRaisesRegex(RecipeError, r"recipe 'How to add a thing' \(page.md line 1\) "
                                                 r"has no steps"):
            parse_page(page_with("Only prose.\n\n```sh\nls\n```\n"), "page.md")

    def test_a_recipe_without_a_check_is_refused(self):
        with self.assertRaisesRegex(RecipeError, "has no ```recipe check block"):
            parse_page(page_with("```recipe new a.txt\nx\n```\n"), "page.md")

    def test_a_recipe_that_changes_nothing_is_refused(self):
        with self.assertRaisesRegex(RecipeError, "changes no file"):
            parse_page(page_with("```recipe check\ntrue\n```\n"), "page.md")

    def test_an_unknown_step_is_refused(self):
        with self.assertRaisesRegex(RecipeError, "page.md line 3: recipe 'How to add a thing': "
                                                 "unknown step 'delete'"):
            parse_page(page_with("```recipe delete a.txt\n```\n"), "page.md")

    def test_a_block_that_never_closes_is_refused(self):
        with self.assertRaisesRegex(RecipeError, "page.md line 3: a fenced block that never closes"):
            parse_page(page_with("```recipe new a.txt\nx\n"), "page.md")


class ApplyTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="apply recipes test ")
        with open(os.path.join(self.root, "hello.txt"), "w") as f:
            f.write("hello\nhello again\n")

    def tearDown(self):
        shutil.rmtree(self.root)

    def apply(self, body):
        recipe = parse_page(page_with(body + "```recipe check\ntrue\n```\n"), "page.md")[0]
        for index, step in enumerate(recipe.steps, 1):
            if step.kind != "check":
                apply_step(self.root, recipe, index, step)

    def read(self, name):
        with open(os.path.join(self.root, name)) as f:
            return f.read()

    def test_an_edit_replaces_its_old_lines(self):
        self.apply("```recipe edit hello.txt\n<<<<\nhello again\n====\nbye\n>>>>\n```\n")
        self.assertEqual(self.read("hello.txt"), "hello\nbye\n")

    def test_an_old_text_that_is_not_there_names_recipe_step_and_file(self):
        with self.assertRaisesRegex(RecipeError,
                                    r"recipe 'How to add a thing', step 1 \(edit hello.txt, page.md "
                                    r"line 3\): hunk 1: its old text occurs 0 times in hello.txt"):
            self.apply("```recipe edit hello.txt\n<<<<\ngoodbye\n====\nbye\n>>>>\n```\n")
        self.assertEqual(self.read("hello.txt"), "hello\nhello again\n")

    def test_an_old_text_found_twice_is_refused(self):
        with open(os.path.join(self.root, "hello.txt"), "a") as f:
            f.write("hello again\n")
        with self.assertRaisesRegex(RecipeError, "occurs 2 times in hello.txt"):
            self.apply("```recipe edit hello.txt\n<<<<\nhello again\n====\nbye\n>>>>\n```\n")

    def test_old_lines_match_whole_lines(self):
        with self.assertRaisesRegex(RecipeError, "occurs 0 times in hello.txt"):
            self.apply("```recipe edit hello.txt\n<<<<\nlo again\n====\nbye\n>>>>\n```\n")

    def test_a_new_file_never_overwrites(self):
        with self.assertRaisesRegex(RecipeError, r"step 1 \(new hello.txt, page.md line 3\): "
                                                 r"hello.txt exists"):
            self.apply("```recipe new hello.txt\nx\n```\n")
        self.assertEqual(self.read("hello.txt"), "hello\nhello again\n")

    def test_a_path_outside_the_checkout_is_refused(self):
        with self.assertRaisesRegex(RecipeError, "is not inside the checkout"):
            self.apply("```recipe new ../escaped.txt\nx\n```\n")
        self.assertFalse(os.path.exists(os.path.join(os.path.dirname(self.root), "escaped.txt")))


class CommandLineTest(unittest.TestCase):
    """The tool as ctest runs it, on a checkout without git, stopping before the build."""

    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="apply recipes test ")
        self.checkout = os.path.join(self.root, "checkout")
        os.makedirs(os.path.join(self.checkout, "doc"))
        os.makedirs(os.path.join(self.checkout, "build"))
        with open(os.path.join(self.checkout, "build", "CMakeCache.txt"), "w") as f:
            f.write("CMAKE_BUILD_TYPE:STRING=Release\n")
        with open(os.path.join(self.checkout, "hello.txt"), "w") as f:
            f.write("hello\n")

    def tearDown(self):
        shutil.rmtree(self.root)

    def run_tool(self, page):
        with open(os.path.join(self.checkout, "doc", "development.md"), "w") as f:
            f.write(page)
        return subprocess.run([sys.executable, TOOL, "--checkout", self.checkout, "--build",
                               os.path.join(self.checkout, "build"), "--no-build"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              universal_newlines=True)

    def test_a_good_page_applies_and_leaves_the_checkout_alone(self):
        result = self.run_tool(GOOD)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("applied: How to add a greeting", result.stdout)
        with open(os.path.join(self.checkout, "hello.txt")) as f:
            self.assertEqual(f.read(), "hello\n")
        self.assertEqual(os.listdir(os.path.join(self.checkout, "build", "recipes")), [])

    def test_a_broken_recipe_fails_naming_it(self):
        result = self.run_tool(GOOD.replace("<<<<\nhello\n", "<<<<\nhullo\n"))
        self.assertEqual(result.returncode, 1)
        self.assertIn("recipe 'How to add a greeting', step 1 (edit hello.txt, doc/development.md "
                      "line 7): hunk 1: its old text occurs 0 times in hello.txt",
                      result.stderr)

    def test_an_empty_recipe_fails_naming_it(self):
        result = self.run_tool(GOOD + "\n### How to add nothing\n\nTo do.\n")
        self.assertEqual(result.returncode, 1)
        self.assertIn("recipe 'How to add nothing'", result.stderr)
        self.assertIn("has no steps", result.stderr)


if __name__ == "__main__":
    unittest.main()
