# SPDX-License-Identifier: GPL-2.0
"""checks.py helpers: kernel-doc presence, checkpatch ignores, slugs."""

import os
import tempfile
import threading
import unittest

from b43kunit import checks, credit, series, tree

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


GUEST = """\
CONFIG_FOO=y
CONFIG_KASAN=y
CONFIG_KERNEL_LZ4=y
# CONFIG_KERNEL_GZIP is not set
CONFIG_CMDLINE_BOOL=y
CONFIG_CMDLINE="lpj=1"
# CONFIG_CMDLINE_OVERRIDE is not set
CONFIG_BAR=m
"""


class AnalysisConfig(unittest.TestCase):
    """base_config(): the analysis configuration leaves out what only a
    booted guest needs, so that it, and the caches keyed by it, are what
    they were before the guest needed it."""

    def setUp(self):
        linux = os.path.join(tree.work_dir(), "linux")
        if not os.path.exists(os.path.join(linux, "scripts", "config")):
            self.skipTest("no kernel tree in the work folder (scripts/config)")
        self.tmp = tempfile.mkdtemp()
        self.t = {"work": self.tmp, "repo": linux}
        os.makedirs(os.path.join(self.tmp, "build", "x86_64"))

    def tearDown(self):
        import shutil
        shutil.rmtree(self.tmp)

    def made(self, guest, name):
        with open(os.path.join(self.tmp, "build", "x86_64", ".config"),
                  "w", encoding="utf-8") as f:
            f.write(guest)
        with open(checks.base_config(self.t, name=name),
                  encoding="utf-8") as f:
            return f.read()

    def test_no_sanitizer_no_lz4_no_command_line(self):
        got = self.made(GUEST, "with")
        self.assertIn("# CONFIG_KASAN is not set\n", got)
        self.assertIn("CONFIG_KERNEL_GZIP=y\n", got)
        self.assertIn("# CONFIG_CMDLINE_BOOL is not set\n", got)
        self.assertNotIn("CONFIG_CMDLINE=", got)
        self.assertNotIn("CMDLINE_OVERRIDE", got)
        before = "".join(line + "\n" for line in GUEST.splitlines()
                         if "CMDLINE" not in line or "_BOOL" in line)
        before = before.replace("CONFIG_CMDLINE_BOOL=y",
                                "# CONFIG_CMDLINE_BOOL is not set")
        self.assertEqual(got, self.made(before, "without"))


class SeriesBuildsInBackground(unittest.TestCase):
    """checks.SeriesBuilds: waits for the guest's configuration, fills the
    cache, never reports, stops early."""

    def setUp(self):
        self.saved = (checks.fix_alone_steps, checks.bisect_steps,
                      checks.base_config)
        self.calls = []
        checks.base_config = lambda t, name=None: f"build/{name}.config"

    def tearDown(self):
        (checks.fix_alone_steps, checks.bisect_steps,
         checks.base_config) = self.saved

    def fake(self, name, results, fail=None):
        def steps(t, cache, quiet=False, background=False, config=None):
            self.calls.append((name, quiet, background, config))
            for i, built in enumerate(results):
                yield f"{name}{i}", {"rc": 0}, built
            if fail:
                raise fail
        return steps

    def started(self, configured=True):
        ev = threading.Event()
        if configured:
            ev.set()
        b = checks.SeriesBuilds({}, None, ev)
        b.start()
        return b

    def test_quiet_in_background_own_config_and_counted(self):
        checks.fix_alone_steps = self.fake("fix", [True, False])
        checks.bisect_steps = self.fake("step", [False, True, True])
        b = self.started()
        b.finish()
        cfg = "build/series-builds.config"
        self.assertEqual(self.calls, [("fix", True, True, cfg),
                                      ("step", True, True, cfg)])
        self.assertEqual((b.built, b.cached, b.error), (3, 2, None))

    def test_nothing_before_the_guest_is_configured(self):
        checks.fix_alone_steps = self.fake("fix", [True])
        checks.bisect_steps = self.fake("step", [True])
        b = self.started(configured=False)
        b.stop()
        self.assertFalse(b.is_alive())
        self.assertEqual((self.calls, b.built, b.error), ([], 0, None))

    def test_an_error_is_kept_for_the_stages(self):
        err = checks.StepError("build", "boom")
        checks.fix_alone_steps = self.fake("fix", [True], fail=err)
        checks.bisect_steps = self.fake("step", [True])
        b = self.started()
        b.finish()
        self.assertIs(b.error, err)
        self.assertEqual([c[0] for c in self.calls], ["fix"])

    def test_stop_ends_after_the_step_being_built(self):
        checks.fix_alone_steps = self.fake("fix", [True] * 5)
        checks.bisect_steps = self.fake("step", [True] * 5)
        b = checks.SeriesBuilds({}, None, threading.Event())
        b.configured.set()
        b.stopping.set()
        b.start()
        b.stop()
        self.assertFalse(b.is_alive())
        self.assertEqual(b.built, 1)



class SparseWorktree(unittest.TestCase):
    """worktree(sparse=True): the b43 directories and what the series
    touches, the whole tree once a caller needs it."""

    def setUp(self):
        import shutil
        import subprocess
        self.tmp = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.tmp)
        repo = os.path.join(self.tmp, "linux")

        def sh(*args):
            return subprocess.run(args, cwd=repo, check=True, text=True,
                                  stdout=subprocess.PIPE).stdout.strip()

        def put(rel, text):
            os.makedirs(os.path.join(repo, os.path.dirname(rel)),
                        exist_ok=True)
            with open(os.path.join(repo, rel), "w", encoding="utf-8") as f:
                f.write(text)
        os.makedirs(repo)
        sh("git", "init", "-q")
        sh("git", "config", "user.name", "t")
        sh("git", "config", "user.email", "t@example.invalid")
        self.b43 = checks.B43_DIRS[0] + "/main.c"
        self.legacy = checks.B43_DIRS[1] + "/main.c"
        put(self.b43, "a\n")
        put(self.legacy, "a\n")
        put("Makefile", "all:\n")
        put("fs/inode.c", "a\n")
        put("include/linux/ssb/ssb.h", "a\n")
        sh("git", "add", "-A")
        sh("git", "commit", "-qm", "pristine")
        pristine = sh("git", "rev-parse", "HEAD")
        put("include/linux/ssb/ssb.h", "b\n")
        sh("git", "commit", "-qam", "a patch outside b43")
        self.t = {"work": self.tmp, "repo": repo, "pristine": pristine,
                  "head": sh("git", "rev-parse", "HEAD")}

    def has(self, path, rel):
        return os.path.exists(os.path.join(path, rel))

    def test_cone_is_b43_and_the_series(self):
        self.assertEqual(checks.series_cone(self.t), sorted(
            list(checks.B43_DIRS) + ["include/linux/ssb"]))
        path = checks.worktree(self.t, "pristine", self.t["pristine"],
                               sparse=True)
        for rel in (self.b43, self.legacy, "include/linux/ssb/ssb.h",
                    "Makefile"):
            self.assertTrue(self.has(path, rel), rel)
        self.assertFalse(self.has(path, "fs/inode.c"))
        self.assertTrue(checks.sparse_checkout(path))
        self.assertFalse(checks.sparse_checkout(self.t["repo"]))

    def test_whole_tree_when_asked(self):
        checks.worktree(self.t, "pristine", self.t["pristine"], sparse=True)
        path = checks.worktree(self.t, "pristine", self.t["head"])
        self.assertTrue(self.has(path, "fs/inode.c"))
        self.assertFalse(checks.sparse_checkout(path))
        with open(os.path.join(path, "include/linux/ssb/ssb.h"),
                  encoding="utf-8") as f:
            self.assertEqual(f.read(), "b\n")
        # A sparse caller after it keeps the whole tree.
        path = checks.worktree(self.t, "pristine", self.t["pristine"],
                               sparse=True)
        self.assertTrue(self.has(path, "fs/inode.c"))


if __name__ == "__main__":
    unittest.main()


class FixBatches(unittest.TestCase):
    """checks.fix_batches(): fixes share a build only when it checks each
    of them as if alone."""

    def test_disjoint_sources_share_overlapping_do_not(self):
        got = checks.fix_batches({
            "0001": {"b43/dma.c"}, "0002": {"b43/dma.c"},
            "0003": {"b43/main.c", "b43/xmit.c"}, "0004": {"b43/xmit.c"}})
        self.assertEqual(got, [["0001", "0003"], ["0002", "0004"]])

    def test_header_kconfig_or_nothing_builds_alone(self):
        got = checks.fix_batches({
            "0001": {"b43/dma.c"}, "0002": {"b43/dma.h", "b43/main.c"},
            "0003": {"b43/Kconfig"}, "0004": set(), "0005": {"b43/xmit.c"}})
        self.assertEqual(got, [["0001", "0005"], ["0002"], ["0003"],
                               ["0004"]])

    def test_every_fix_in_exactly_one_batch(self):
        files = {f"{i:04}": {f"f{i % 3}.c"} for i in range(1, 10)}
        got = checks.fix_batches(files)
        self.assertEqual(sorted(n for b in got for n in b), sorted(files))
        for b in got:
            fs = [f for n in b for f in files[n]]
            self.assertEqual(len(fs), len(set(fs)))


class FixAloneSteps(unittest.TestCase):
    """checks.fix_alone_steps(): a failed batch is built again fix by fix,
    so the result names the fix that fails."""

    def setUp(self):
        self.saved = {k: getattr(checks, k) for k in (
            "worktree", "git", "run", "incremental_build", "patch_files",
            "file_hash", "top")}
        self.saved_fixes = series.fix_patches
        self.tree = set()
        self.builds = []
        checks.worktree = lambda t, name, commit: "wt"
        checks.top = lambda: "/repo"
        checks.file_hash = lambda p: p
        series.fix_patches = lambda: ["0001-a", "0002-b", "0003-c"]
        checks.patch_files = lambda p: {p.rsplit("-", 1)[1] + ".c"}

        def git(*args, **kw):
            self.tree.clear()

        def run(cmd, step, **kw):
            if "--check" not in cmd:
                self.tree.add(os.path.basename(cmd[-1]))
            return type("CP", (), {"returncode": 0, "stderr": ""})()

        def build(t, wt, bdir, config, background=False):
            self.builds.append(sorted(self.tree))
            return (1, "error: bad") if "0002-b" in self.tree else (0, "")
        checks.git, checks.run, checks.incremental_build = git, run, build

    def tearDown(self):
        for k, v in self.saved.items():
            setattr(checks, k, v)
        series.fix_patches = self.saved_fixes

    def test_failed_batch_rebuilt_one_by_one(self):
        with tempfile.TemporaryDirectory() as d:
            cache = checks.Cache(d, folder=d)
            got = {n: r["rc"] for n, r, _ in checks.fix_alone_steps(
                {"pristine": "p", "work": d}, cache, quiet=True,
                config="cfg")}
            self.assertEqual(got, {"0001-a": 0, "0002-b": 1, "0003-c": 0})
            self.assertEqual(self.builds[0], ["0001-a", "0002-b", "0003-c"])
            self.assertEqual(self.builds[1:], [["0001-a"], ["0002-b"],
                                               ["0003-c"]])
            # passed fixes are cached, the failed one is built again
            self.builds.clear()
            again = {n: built for n, _, built in checks.fix_alone_steps(
                {"pristine": "p", "work": d}, cache, quiet=True,
                config="cfg")}
            self.assertEqual(again, {"0001-a": False, "0002-b": True,
                                     "0003-c": False})
            self.assertEqual(self.builds, [["0002-b"]])


class ProseHistory(unittest.TestCase):
    """checks.prose_history(): an issue or stop number or a date in the
    prose is found, with its file and line; other numbers are not."""

    def test_found_where_planted(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "Documentation"))
            os.makedirs(os.path.join(d, "scripts", "b43kunit"))
            os.makedirs(os.path.join(d, "kunit"))
            num = "4" + "2"
            with open(os.path.join(d, "README.md"), "w") as f:
                f.write("# b43-kunit\nThe " + "issue " + num + " fix.\n")
            with open(os.path.join(d, "Documentation", "a.rst"), "w") as f:
                f.write("Measured at " + "Stop " + num + ".\n"
                        "Kernel 6.12, 2.6.24, 802.11-2020, 0x1234.\n")
            with open(os.path.join(d, "scripts", "b43kunit", "m.py"),
                      "w") as f:
                f.write('"""Run on ' + "2026" + '-12-06."""\n')
            with open(os.path.join(d, "kunit", "x.config"), "w") as f:
                f.write("# see " + "issues #" + num + "\nCONFIG_X=y\n")
            got = checks.prose_history(d)
        self.assertEqual([g.split(": ", 1)[0] for g in got],
                         ["README.md:2", "Documentation/a.rst:1",
                          "scripts/b43kunit/m.py:1", "kunit/x.config:1"])
