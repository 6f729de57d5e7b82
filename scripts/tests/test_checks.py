# SPDX-License-Identifier: GPL-2.0
"""checks.py helpers: kernel-doc presence, checkpatch ignores, slugs."""

import os
import tempfile
import unittest

from b43kunit import checks, credit, series

SRC = """\
/**
 * b43_documented() - has kernel-doc
 * @x: a value
 *
 * Return: x
 */
int b43_documented(int x)
{
	return x;
}

static int helper(int x)
{
	return x;
}

VISIBLE_IF_B43_KUNIT
int b43_bare(int x)
{
	return x;
}

int b43_declared(int x);
"""


class KernelDoc(unittest.TestCase):
    def test_undocumented_non_static_functions(self):
        fd, path = tempfile.mkstemp(suffix=".c")
        with os.fdopen(fd, "w") as f:
            f.write(SRC)
        self.addCleanup(os.unlink, path)
        miss = checks.undocumented(path)
        self.assertEqual(len(miss), 1, miss)
        self.assertIn("b43_bare()", miss[0])


class Ignores(unittest.TestCase):
    def test_every_ignore_has_a_reason(self):
        rules = checks.checkpatch_ignores()
        self.assertTrue(rules)
        for glob_, typ in rules:
            self.assertRegex(typ, r"^[A-Z_]+$")


class Names(unittest.TestCase):
    def test_slug_like_format_patch(self):
        self.assertEqual(series.slug("b43: xmit: fix the thing"),
                         "b43-xmit-fix-the-thing")
        self.assertLessEqual(len(series.slug("x" * 200)), 52)

    def test_credit_diff_sorted_by_file(self):
        d = "--- a/b.c\n+++ b/b.c\n@@\n--- a/a.c\n+++ b/a.c\n@@\n"
        self.assertTrue(credit.sort_diff(d).startswith("--- a/a.c"))

    def test_patch_body_starts_at_first_diff(self):
        self.assertEqual(credit.body("From x\nSubject: y\n\ndiff --git a b\n+z"),
                         "\ndiff --git a b\n+z")


if __name__ == "__main__":
    unittest.main()
