# SPDX-License-Identifier: GPL-2.0
"""units.conf parsing and the Coccinelle rule bookkeeping in checks.py."""

import os
import tempfile
import unittest

from b43kunit import checks, units
from b43kunit.util import StepError


class UnitsConf(unittest.TestCase):
    def test_parse(self):
        got = units.parse("# comment\n\ndma_ring  a/b43/x.c a/b43/x.h  # tail\n"
                          "plcp a/b43/p.c\n")
        self.assertEqual(got, {"dma_ring": ["a/b43/x.c", "a/b43/x.h"],
                               "plcp": ["a/b43/p.c"]})
        self.assertEqual(units.files(got), ["a/b43/x.c", "a/b43/x.h",
                                            "a/b43/p.c"])

    def test_rejects(self):
        for bad in ("lonely\n", "a x.c\na y.c\n", "a /abs/x.c\n",
                    "a ../x.c\n", "a x.o\n"):
            with self.assertRaises(StepError, msg=bad):
                units.parse(bad)

    def test_repository_list_names_real_files(self):
        got = units.load()
        self.assertTrue(got)
        top = os.path.join(os.path.dirname(__file__), "..", "..")
        for f in units.files(got):
            self.assertTrue(os.path.exists(os.path.join(top, f)), f)


class RuleNotes(unittest.TestCase):
    def note(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".cocci",
                                         delete=False) as f:
            f.write(text)
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_noted_pristine(self):
        self.assertEqual(checks.noted_pristine(self.note(
            "//# pristine 6.12: b43/phy_n.c:1518, b43/a.c:2\n")),
            ["b43/a.c:2", "b43/phy_n.c:1518"])
        self.assertEqual(checks.noted_pristine(self.note(
            "//# pristine 6.12: none (no units)\n")), [])
        with self.assertRaises(StepError):
            checks.noted_pristine(self.note("// nothing noted\n"))

    def test_where(self):
        self.assertEqual(checks.where(
            "drivers/net/wireless/broadcom/b43/phy_n.c:1518:26-27: msg"),
            "b43/phy_n.c:1518")

    def test_every_rule_has_a_note(self):
        for rule in checks.rule_files():
            checks.noted_pristine(rule)
