# SPDX-License-Identifier: GPL-2.0
"""Topics, the exporter's identity, notes and the licence check."""

import os
import shutil
import subprocess
import tempfile
import unittest

from b43kunit import licence, series
from b43kunit.util import StepError


class Topics(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        os.makedirs(os.path.join(self.tmp, "patches"))

    def write(self, name, text):
        with open(os.path.join(self.tmp, "patches", name), "w") as f:
            f.write(text)

    def test_topics_and_fixes(self):
        self.write("series", "# head\n#topic a-fixes wireless fixes\n"
                   "0001-x.patch\n0002-y.patch  # a comment\n\n"
                   "#topic b wireless-next\n0003-z.patch\n")
        tps = series.topics(self.tmp)
        self.assertEqual([(t["name"], t["tree"], t["fixes"], t["patches"])
                          for t in tps],
                         [("a-fixes", "wireless", True,
                           ["0001-x.patch", "0002-y.patch"]),
                          ("b", "wireless-next", False, ["0003-z.patch"])])
        self.assertEqual(series.fix_patches(self.tmp),
                         ["0001-x.patch", "0002-y.patch"])

    def test_patch_before_any_topic_is_refused(self):
        self.write("series", "0001-x.patch\n#topic a wireless\n")
        with self.assertRaises(StepError) as e:
            series.topics(self.tmp)
        self.assertIn("line 1", str(e.exception))

    def test_no_series_no_topics(self):
        self.assertEqual(series.topics(self.tmp), [])

    def test_notes(self):
        self.write("notes", "# comment\n== b43: one\nNo Fixes: tag.\n\n"
                   "== b43: two\nsecond\nnote\n")
        self.assertEqual(series.notes(self.tmp),
                         {"b43: one": "No Fixes: tag.\n",
                          "b43: two": "second\nnote\n"})

    def test_personalise(self):
        text = ("From 0 Mon Sep 17 00:00:00 2001\n"
                "From: b43-kunit <b43-kunit@localhost>\nSubject: x\n\n"
                "body\n\nSigned-off-by: A B <a@b.org>\n---\n file | 1 +\n")
        out = series._personalise(text, ("A B", "a@b.org"), "a note\n")
        self.assertIn("\nFrom: A B <a@b.org>\n", out)
        self.assertNotIn("localhost", out)
        self.assertIn("\n---\na note\n\n file | 1 +\n", out)
        # Another author stays the author.
        other = text.replace("b43-kunit <b43-kunit@localhost>",
                             "David Woodhouse <dwmw2@infradead.org>")
        self.assertIn("From: David Woodhouse",
                      series._personalise(other, ("A B", "a@b.org"), ""))


class Place(unittest.TestCase):
    OLD = [{"name": "f", "tree": "w", "fixes": True,
            "patches": ["0001-b43-a.patch", "0002-b43-b.patch"]},
           {"name": "n", "tree": "w-next", "fixes": False,
            "patches": ["0003-b43-c.patch"]}]

    def names(self, placed):
        return [(n, tp["name"]) for n, tp in placed]

    def test_by_subject_and_new_joins_previous(self):
        got = series.place_in_topics(["0001-b43-a.patch", "0002-b43-new.patch",
                                      "0003-b43-c.patch", "0004-b43-b.patch"],
                                     self.OLD)
        self.assertEqual(self.names(got),
                         [("0001-b43-a.patch", "f"), ("0002-b43-new.patch", "f"),
                          ("0003-b43-c.patch", "n"), ("0004-b43-b.patch", "f")])

    def test_every_subject_reworded_keeps_places(self):
        got = series.place_in_topics(["0001-wifi-b43-a.patch",
                                      "0002-wifi-b43-b.patch",
                                      "0003-wifi-b43-c.patch"], self.OLD)
        self.assertEqual([tp for _, tp in self.names(got)], ["f", "f", "n"])

    def test_first_patch_without_topic(self):
        with self.assertRaises(StepError):
            series.place_in_topics(["0001-x.patch"], [])


class Identity(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        subprocess.run(["git", "init", "-q", self.tmp], check=True)
        self.orig = series.top
        series.top = lambda: self.tmp
        self.addCleanup(setattr, series, "top", self.orig)
        # No global identity leaks in.
        for k in ("HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL"):
            old = os.environ.get(k)
            self.addCleanup(self.restore, k, old)
        os.environ["HOME"] = self.tmp
        os.environ["GIT_CONFIG_GLOBAL"] = os.path.join(self.tmp, "none")
        os.environ.pop("XDG_CONFIG_HOME", None)

    @staticmethod
    def restore(k, old):
        if old is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = old

    def set(self, name, email):
        for k, v in (("user.name", name), ("user.email", email)):
            subprocess.run(["git", "-C", self.tmp, "config", k, v],
                           check=True)

    def test_missing(self):
        with self.assertRaises(StepError) as e:
            series.identity()
        self.assertIn("no git identity", str(e.exception))

    def test_refused(self):
        for name, email in (("B43 KUnit Team", "team@b43-kunit.example"),
                            ("x", "x@example.com"),
                            ("t", "t@b43-kunit.invalid"),
                            ("l", "l@localhost"),
                            series.INTERNAL):
            self.set(name, email)
            with self.assertRaises(StepError, msg=email):
                series.identity()

    def test_accepted(self):
        self.set("Ann Dev", "ann@kernel.org")
        self.assertEqual(series.identity(), ("Ann Dev", "ann@kernel.org"))


PRISTINE = """\
// SPDX-License-Identifier: GPL-2.0-or-later
/*
  Copyright (c) 2005 Some One <one@example.org>
*/
static int table_lookup_first(int index, int value)
{
	int result_of_the_lookup = index * 2;
	result_of_the_lookup += value_of_something(value);
	result_of_the_lookup -= another_value_of(index);
	return finish_the_lookup(result_of_the_lookup);
}
"""

BODY = PRISTINE.split("*/\n", 1)[1]


class Licence(unittest.TestCase):
    def setUp(self):
        self.pristine = {"b43/xmit.c": PRISTINE}
        self.idx, self.lines = licence.index(self.pristine)

    def problems(self, text):
        found = licence.moved_from(text, self.idx, self.lines)
        return found, licence.check_file("b43/new.c", text, set(found),
                                         self.pristine)

    def test_moved_code_is_found(self):
        found, _ = self.problems("// SPDX-License-Identifier: GPL-2.0\n"
                                 + BODY)
        self.assertEqual(list(found), ["b43/xmit.c"])

    def test_narrower_licence_and_lost_notice(self):
        _, probs = self.problems("// SPDX-License-Identifier: GPL-2.0\n"
                                 + BODY)
        self.assertTrue(any("narrower than GPL-2.0-or-later" in p
                            for p in probs), probs)
        self.assertTrue(any("Some One" in p for p in probs), probs)

    def test_only_code_cannot_go_to_an_or_later_file(self):
        only = PRISTINE.replace("GPL-2.0-or-later", "GPL-2.0")
        self.pristine = {"b43/xmit.h": only}
        self.idx, self.lines = licence.index(self.pristine)
        _, probs = self.problems(PRISTINE)
        self.assertTrue(any("wider than GPL-2.0 of b43/xmit.h" in p
                            for p in probs), probs)
        _, probs = self.problems(only)
        self.assertEqual(probs, [])

    def test_kept_licence_and_notice(self):
        _, probs = self.problems(PRISTINE.replace(
            "*/", "  Code here comes from b43/xmit.c.\n*/"))
        self.assertEqual(probs, [])

    def test_invented_holder(self):
        _, probs = self.problems(
            "// SPDX-License-Identifier: GPL-2.0\n"
            "/* Copyright (C) 2026 The b43-kunit developers */\n"
            "int new_code;\n")
        self.assertTrue(any("no legal person" in p for p in probs), probs)

    def test_new_code_has_no_source(self):
        found, probs = self.problems(
            "// SPDX-License-Identifier: GPL-2.0\nint our_own_words;\n")
        self.assertEqual((found, probs), ({}, []))


if __name__ == "__main__":
    unittest.main()
