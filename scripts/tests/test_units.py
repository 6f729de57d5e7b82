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
        """Each unit file is in the overlay or created by a patch.

        A new file that a later patch changes is not in drivers/ (the
        refresh rule keeps it in the patches), so a patch that creates it
        (--- /dev/null, +++ b/<path>) counts as well.
        """
        got = units.load()
        self.assertTrue(got)
        top = os.path.join(os.path.dirname(__file__), "..", "..")
        pdir = os.path.join(top, "patches")
        created = set()
        for name in os.listdir(pdir):
            if not name.endswith(".patch"):
                continue
            with open(os.path.join(pdir, name), encoding="utf-8") as f:
                prev = ""
                for line in f:
                    if prev.startswith("--- /dev/null") and \
                            line.startswith("+++ b/"):
                        created.add(line[6:].strip())
                    prev = line
        for f in units.files(got):
            self.assertTrue(os.path.exists(os.path.join(top, f)) or
                            f in created, f)


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


D = "drivers/net/wireless/broadcom/b43/"


class UnitIncludes(unittest.TestCase):
    UNITS = {"fwfile": [D + "fwfile.c", D + "fwfile.h"],
             "phytab": [D + "phytab.h"]}

    def problems(self, **texts):
        def read(path):
            return texts.get(os.path.basename(path).replace(".", "_"), "")
        return units.include_problems(self.UNITS, read)

    def test_kernel_unit_and_support_headers_pass(self):
        self.assertEqual(self.problems(fwfile_c=(
            "#include <linux/errno.h>\n#include <net/mac80211.h>\n"
            "#include <kunit/visibility.h>\n#include <asm/byteorder.h>\n"
            '#include "fwfile.h"\n#include "kunit.h"\n'
            '#include "phytab.h"\n')), [])

    def test_driver_header_fails(self):
        probs = self.problems(fwfile_h='#include <linux/types.h>\n\n'
                              '#include "b43.h"\n')
        self.assertEqual(len(probs), 1, probs)
        self.assertTrue(probs[0].startswith(D + 'fwfile.h:3: "b43.h" is a '
                                            "driver header"), probs)

    def test_other_forms_fail(self):
        probs = self.problems(fwfile_c='# include "xmit.h"\n'
                              '#include "../b43legacy/b43legacy.h"\n'
                              "#include <sound/core.h>\n")
        self.assertEqual(len(probs), 3, probs)
