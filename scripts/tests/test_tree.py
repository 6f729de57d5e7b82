# SPDX-License-Identifier: GPL-2.0
"""tree.py: the series and the overlay become commits, or a clear error."""

import os
import shutil
import subprocess
import tempfile
import unittest

from b43kunit import tree
from b43kunit.util import StepError

PATCH = """\
From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: A Developer <dev@example.org>
Date: Thu, 3 Dec 2026 10:00:00 +0000
Subject: [PATCH] b43: build the new unit

Add unit.o to the Makefile.

Signed-off-by: A Developer <dev@example.org>
---
 drivers/b43/Makefile | 1 +
 1 file changed, 1 insertion(+)

diff --git a/drivers/b43/Makefile b/drivers/b43/Makefile
--- a/drivers/b43/Makefile
+++ b/drivers/b43/Makefile
@@ -1 +1,2 @@
 b43-y += main.o
+b43-y += unit.o
"""


def sh(*args, cwd=None):
    return subprocess.run(args, cwd=cwd, check=True, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE).stdout


class Series(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        self.repo = os.path.join(self.tmp, "linux")
        os.makedirs(os.path.join(self.repo, "drivers/b43"))
        with open(os.path.join(self.repo, "drivers/b43/Makefile"), "w") as f:
            f.write("b43-y += main.o\n")
        sh("git", "init", "-q", self.repo)
        sh("git", "-C", self.repo, "add", "-A")
        sh("git", "-C", self.repo, "-c", "user.name=t", "-c", "user.email=t@t",
           "commit", "-qm", "pristine")
        self.pristine = sh("git", "-C", self.repo, "rev-parse", "HEAD").strip()
        self.top = os.path.join(self.tmp, "top")
        os.makedirs(os.path.join(self.top, "patches"))
        with open(os.path.join(self.top, "patches", "series"), "w") as f:
            f.write("#topic t-fixes wireless fixes\n"
                    "0007-b43-build-dma.o.patch\n")
        os.makedirs(os.path.join(self.top, "drivers/b43"))
        self.write("patches/0001-unit.patch", PATCH)
        self.write("patches/series", "# comment\n0001-unit.patch\n")
        self.write("drivers/b43/unit.c", "int unit;\n")
        self.write("patches/new-files", "0001-unit.patch drivers/b43/unit.c\n")

    def write(self, rel, text):
        with open(os.path.join(self.top, rel), "w") as f:
            f.write(text)

    def build(self):
        series = tree.read_series(self.top)
        mapping = tree.read_new_files(self.top, series)
        return tree.build_series(self.repo, self.pristine, self.top, series,
                                 mapping, self.tmp)

    def test_commit_holds_patch_and_new_file(self):
        (name, commit), = self.build()
        self.assertEqual(name, "0001-unit.patch")
        files = sh("git", "-C", self.repo, "show", "--name-only",
                   "--format=", commit).split()
        self.assertEqual(sorted(files), ["drivers/b43/Makefile",
                                         "drivers/b43/unit.c"])
        self.assertEqual(sh("git", "-C", self.repo, "log", "-1", "--format=%an",
                            commit).strip(), "A Developer")

    def test_same_inputs_same_commit(self):
        self.assertEqual(self.build(), self.build())

    def test_worktree_untouched(self):
        self.build()
        self.assertEqual(sh("git", "-C", self.repo, "status", "--porcelain"), "")

    def test_patch_that_does_not_apply_names_the_file(self):
        self.write("patches/0001-unit.patch", PATCH.replace("b43-y += main.o",
                                                           "b43-y += other.o"))
        with self.assertRaises(StepError) as e:
            self.build()
        self.assertTrue(e.exception.path.endswith("0001-unit.patch"))
        self.assertIn("does not apply", e.exception.msg)

    def test_patch_with_only_new_files(self):
        # The header of a patch whose commit only adds overlay files.
        header = PATCH[:PATCH.index("---\n") + 4]
        self.write("patches/0001-unit.patch", header)
        (name, commit), = self.build()
        files = sh("git", "-C", self.repo, "show", "--name-only",
                   "--format=", commit).split()
        self.assertEqual(files, ["drivers/b43/unit.c"])

    def test_patch_with_nothing_is_refused(self):
        header = PATCH[:PATCH.index("---\n") + 4]
        self.write("patches/0001-unit.patch", header)
        self.write("patches/new-files", "")
        os.unlink(os.path.join(self.top, "drivers/b43/unit.c"))
        with self.assertRaises(StepError) as e:
            self.build()
        self.assertTrue(e.exception.path.endswith("0001-unit.patch"))

    def test_missing_patch_in_series(self):
        self.write("patches/series", "0001-unit.patch\n0002-gone.patch\n")
        with self.assertRaises(StepError) as e:
            tree.read_series(self.top)
        self.assertIn("0002-gone.patch", e.exception.msg)

    def test_new_file_no_patch_brings(self):
        self.write("drivers/b43/stray.c", "int stray;\n")
        with self.assertRaises(StepError) as e:
            self.build()
        self.assertIn("drivers/b43/stray.c", e.exception.msg)

    def test_new_file_that_exists_upstream(self):
        self.write("drivers/b43/Makefile", "x\n")
        self.write("patches/new-files", "0001-unit.patch drivers/b43/unit.c\n"
                   "0001-unit.patch drivers/b43/Makefile\n")
        with self.assertRaises(StepError) as e:
            self.build()
        self.assertIn("already exists", e.exception.msg)

    def test_new_files_names_unknown_patch(self):
        self.write("patches/new-files", "0009-nope.patch drivers/b43/unit.c\n")
        with self.assertRaises(StepError):
            self.build()

    def test_checkout_recovers_a_dirty_tree(self):
        (_, commit), = self.build()
        state = tree.State(self.tmp)
        work = self.tmp  # checkout() expects <work>/linux
        self.assertTrue(tree.checkout(work, state, commit))
        with open(os.path.join(self.repo, "drivers/b43/unit.c"), "w") as f:
            f.write("half written")
        state.set("checked_out", None)      # as after an interrupted run
        self.assertTrue(tree.checkout(work, state, commit))
        with open(os.path.join(self.repo, "drivers/b43/unit.c")) as f:
            self.assertEqual(f.read(), "int unit;\n")
        self.assertFalse(tree.checkout(work, state, commit))

    def test_missing_tarball_is_named(self):
        os.environ["B43_KUNIT_TARBALL"] = os.path.join(self.tmp, "nope.tar.xz")
        self.addCleanup(os.environ.pop, "B43_KUNIT_TARBALL")
        with self.assertRaises(StepError) as e:
            tree.extract(self.tmp, tree.State(self.tmp))
        self.assertIn("nope.tar.xz", str(e.exception))


class RealSeries(unittest.TestCase):
    def test_repository_series_and_new_files_are_consistent(self):
        series = tree.read_series(tree.top())
        mapping = tree.read_new_files(tree.top(), series)
        self.assertTrue(series)
        for p in series:
            info = tree.mailinfo(os.path.join(tree.top(), "patches", p))
            # The exporter signs off as whoever posts; the repository's
            # patches carry no placeholder identity.
            self.assertNotIn("B43 KUnit Team", info["message"], p)
            self.assertNotIn(".example>", info["message"], p)
            self.assertTrue(info["Subject"].startswith("wifi: b43"), p)
        self.assertTrue(any(mapping.values()))


if __name__ == "__main__":
    unittest.main()


class Refresh(unittest.TestCase):
    """series.refresh(): a commit that only adds a new file keeps its patch."""

    def setUp(self):
        from b43kunit import series
        self.series = series
        self.tmp = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        self.repo = os.path.join(self.tmp, "linux")
        os.makedirs(os.path.join(self.repo, "drivers/b43"))
        self.commit_file("drivers/b43/Makefile", "b43-y += main.o\n",
                         "pristine", init=True)
        self.pristine = sh("git", "-C", self.repo, "rev-parse", "HEAD").strip()
        self.commit_file("drivers/b43/Makefile",
                         "b43-y += main.o\nb43-y += dma.o\n",
                         "b43: build dma.o")
        self.commit_file("drivers/b43/unit.h", "int unit(void);\n",
                         "b43: add the unit header")
        self.top = os.path.join(self.tmp, "top")
        os.makedirs(os.path.join(self.top, "patches"))
        with open(os.path.join(self.top, "patches", "series"), "w") as f:
            f.write("#topic t-fixes wireless fixes\n"
                    "0007-b43-build-dma.o.patch\n")
        self.orig_top = series.top
        series.top = lambda: self.top
        self.addCleanup(setattr, series, "top", self.orig_top)

    def commit_file(self, rel, text, msg, init=False):
        if init:
            sh("git", "init", "-q", self.repo)
        with open(os.path.join(self.repo, rel), "w") as f:
            f.write(text)
        sh("git", "-C", self.repo, "add", "-A")
        sh("git", "-C", self.repo, "-c", "user.name=t", "-c", "user.email=t@t",
           "commit", "-qm", msg)

    def test_overlay_only_commit(self):
        names = self.series.refresh({"repo": self.repo,
                                     "pristine": self.pristine}, "HEAD")
        self.assertEqual([n for n, _ in names],
                         ["0001-b43-build-dma.o.patch",
                          "0002-b43-add-the-unit-header.patch"])
        with open(os.path.join(self.top, "patches", names[1][0])) as f:
            second = f.read()
        self.assertIn("Subject: [PATCH] b43: add the unit header", second)
        self.assertNotIn("diff --git", second)
        with open(os.path.join(self.top, "patches", names[0][0])) as f:
            self.assertIn("+b43-y += dma.o", f.read())
        with open(os.path.join(self.top, "patches", "new-files")) as f:
            self.assertIn("0002-b43-add-the-unit-header.patch "
                          "drivers/b43/unit.h", f.read())
        # The patch keeps its topic by subject, the new one joins it.
        tps = self.series.topics(self.top)
        self.assertEqual([(t["name"], t["fixes"], t["patches"]) for t in tps],
                         [("t-fixes", True, [n for n, _ in names])])
        # The result assembles again to the same tree.
        s = tree.read_series(self.top)
        built = tree.build_series(self.repo, self.pristine, self.top, s,
                                  tree.read_new_files(self.top, s), self.tmp)
        self.assertEqual(
            sh("git", "-C", self.repo, "rev-parse", built[-1][1] + "^{tree}"),
            sh("git", "-C", self.repo, "rev-parse", "HEAD^{tree}"))

    def test_patch_with_no_topic_is_refused(self):
        with open(os.path.join(self.top, "patches", "series"), "w") as f:
            f.write("# no topic lines\n")
        with self.assertRaises(StepError) as e:
            self.series.refresh({"repo": self.repo,
                                 "pristine": self.pristine}, "HEAD")
        self.assertIn("no topic", str(e.exception))
