# SPDX-License-Identifier: GPL-2.0
"""kunitrun.py: counting kunit.py's KernelCI JSON."""

import contextlib
import io
import json
import os
import subprocess
import tempfile
import unittest

from b43kunit import kunitrun, tree
from b43kunit.util import StepError

RESULTS = {
    "name": "KUnit Test Group",
    "sub_groups": [
        {"name": "b43_plcp", "sub_groups": [
            {"name": "b43_generate_plcp_hdr_ofdm", "sub_groups": [],
             "test_cases": [{"name": "6M OFDM", "status": "PASS"},
                            {"name": "9M OFDM", "status": "FAIL"}]}],
         "test_cases": [{"name": "b43_plcp_round_trip", "status": "PASS"},
                        {"name": "skipped one", "status": "SKIP"},
                        {"name": "crashed", "status": "ERROR"}]}],
    "test_cases": [],
}


class Results(unittest.TestCase):
    def write(self, obj):
        fd, path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(fd, "w") as f:
            f.write(obj if isinstance(obj, str) else json.dumps(obj))
        self.addCleanup(os.unlink, path)
        return path

    def test_counts_and_names(self):
        p, f, s, names = kunitrun.parse_results(self.write(RESULTS))
        self.assertEqual((p, f, s), (2, 2, 1))
        self.assertIn("b43_plcp.b43_generate_plcp_hdr_ofdm.9M OFDM", names)
        self.assertIn("b43_plcp.crashed", names)

    def test_unreadable_results_name_the_file(self):
        path = self.write("{ not json")
        with self.assertRaises(StepError) as e:
            kunitrun.parse_results(path)
        self.assertEqual(e.exception.path, path)

    def test_dropped_options_are_found(self):
        lines = ["ERROR:root:Not all Kconfig options selected in kunitconfig "
                 "were in the generated .config.\n",
                 "Missing: CONFIG_B43=y, CONFIG_WLAN=y\n"]
        self.assertEqual(kunitrun.missing_options(lines),
                         "CONFIG_B43=y, CONFIG_WLAN=y")
        self.assertIsNone(kunitrun.missing_options(["all good\n"]))

    def test_kunit_args_carry_every_fragment(self):
        args = kunitrun.kunit_args({"repo": "/x"}, "x86_64", "/b")
        frags = [a for a in args if a.startswith("--kunitconfig=")]
        self.assertEqual(frags[0], "--kunitconfig=" + kunitrun.B43_KUNITCONFIG)
        self.assertEqual(len(frags), 1 + len(kunitrun.TARGETS["x86_64"]["fragments"]))
        for f in frags[1:]:
            self.assertTrue(os.path.exists(f.split("=", 1)[1]), f)


class Targets(unittest.TestCase):
    def setUp(self):
        self.old = os.environ.pop(kunitrun.TARGETS_ENV, None)
        self.addCleanup(self.restore)

    def restore(self):
        os.environ.pop(kunitrun.TARGETS_ENV, None)
        if self.old is not None:
            os.environ[kunitrun.TARGETS_ENV] = self.old

    def test_default_is_every_default_target_x86_64_first(self):
        self.assertEqual(kunitrun.selected_targets(), ["x86_64", "powerpc64"])
        os.environ[kunitrun.TARGETS_ENV] = "x86_64-kmsan,powerpc64,x86_64"
        self.assertEqual(kunitrun.selected_targets(),
                         ["x86_64", "powerpc64", "x86_64-kmsan"])

    def test_selection_keeps_the_order(self):
        os.environ[kunitrun.TARGETS_ENV] = "powerpc64,x86_64"
        self.assertEqual(kunitrun.selected_targets(), ["x86_64", "powerpc64"])
        os.environ[kunitrun.TARGETS_ENV] = "powerpc64"
        self.assertEqual(kunitrun.selected_targets(), ["powerpc64"])
        os.environ[kunitrun.TARGETS_ENV] = "x86_64-kmsan x86_64"
        self.assertEqual(kunitrun.selected_targets(),
                         ["x86_64", "x86_64-kmsan"])

    def test_analysis_targets_leave_the_kmsan_guest_out(self):
        self.assertEqual(kunitrun.analysis_targets(),
                         ["x86_64", "powerpc64"])
        os.environ[kunitrun.TARGETS_ENV] = "x86_64-kmsan"
        self.assertEqual(kunitrun.analysis_targets(), [])

    def test_kmsan_guest_is_clang_without_kasan(self):
        args = kunitrun.kunit_args({"repo": "/x"}, "x86_64-kmsan", "/b")
        self.assertIn("--arch=x86_64", args)
        self.assertIn("--make_options=CC=" + os.path.join(
            tree.work_dir(), "bin", "ccache-guest") + " clang-14", args)
        frags = [os.path.basename(a.split("=", 1)[1]) for a in args
                 if a.startswith("--kunitconfig=") and a.endswith(".config")]
        self.assertIn("kmsan.config", frags)
        self.assertNotIn("x86_64.config", frags)
        self.assertNotIn("coverage.config", frags)
        self.assertEqual(kunitrun.cross_cc("x86_64-kmsan"), "ccache clang-14")

    def test_unknown_target_is_named(self):
        os.environ[kunitrun.TARGETS_ENV] = "x86_64 mips"
        with self.assertRaises(StepError) as e:
            kunitrun.selected_targets()
        self.assertIn("mips", e.exception.msg)

    def test_big_endian_guest_is_cross_built_big_endian(self):
        args = kunitrun.kunit_args({"repo": "/x"}, "powerpc64", "/b")
        self.assertIn("--arch=powerpc", args)
        self.assertIn("--cross_compile=powerpc64-linux-gnu-", args)
        self.assertIn("--make_options=CC=" + os.path.join(
            tree.work_dir(), "bin", "ccache-guest") +
            " powerpc64-linux-gnu-gcc", args)
        frag = [a.split("=", 1)[1] for a in args
                if a.endswith("kunit/powerpc64.config")]
        self.assertEqual(len(frag), 1)
        with open(frag[0]) as f:
            self.assertIn("CONFIG_CPU_BIG_ENDIAN=y\n", f.read())


if __name__ == "__main__":
    unittest.main()


class Pipeline(unittest.TestCase):
    """run_target(after=, built=): a target's kunit.py waits for the one
    before it to have built, and signals its own build, even on failure."""

    def setUp(self):
        self.saved = kunitrun._run_target
        self.events = []

    def tearDown(self):
        kunitrun._run_target = self.saved

    def fake(self, fail=False):
        def run(tree, target, glob, results, tag, out, built, configured):
            self.events.append(("build", target))
            if fail:
                raise StepError("kunit", "build failed")
            built.set()
            self.events.append(("guest", target))
            return (1, 0, 0, [])
        kunitrun._run_target = run

    def test_after_waits_for_built(self):
        import threading
        self.fake()
        first, second = threading.Event(), threading.Event()
        th = threading.Thread(target=kunitrun.run_target,
                              args=({}, "powerpc64"),
                              kwargs={"after": first, "built": second})
        th.start()
        th.join(0.2)
        self.assertEqual(self.events, [])   # still waiting
        self.assertTrue(th.is_alive())
        self.assertEqual(kunitrun.run_target({}, "x86_64", built=first),
                         (1, 0, 0, []))
        th.join(5)
        self.assertEqual(self.events[:2], [("build", "x86_64"),
                                           ("guest", "x86_64")])
        self.assertEqual(self.events[2], ("build", "powerpc64"))
        self.assertTrue(second.is_set())

    def test_built_set_when_kunit_fails(self):
        import threading
        self.fake(fail=True)
        built, configured = threading.Event(), threading.Event()
        with self.assertRaises(StepError):
            kunitrun.run_target({}, "x86_64", built=built,
                                configured=configured)
        self.assertTrue(built.is_set())
        self.assertTrue(configured.is_set())


class CcacheModes(unittest.TestCase):
    """Depend mode for the b43 directories' builds; the guests' kernels
    through guest_cc(), depend mode for C files without .incbin only, in a
    namespace of their own."""

    def test_guest_builds_in_their_namespace(self):
        with tempfile.TemporaryDirectory() as work:
            env = kunitrun.ccache_env(work)
            self.assertNotIn("CCACHE_DEPEND", env)
            self.assertEqual(env["CCACHE_NAMESPACE"], "guest-c-depend")
            self.assertEqual(env["CCACHE_DIR"], os.path.join(work, "ccache"))

    def test_guest_cc_is_the_work_folders_and_the_same_everywhere(self):
        with tempfile.TemporaryDirectory() as work:
            t = {"repo": "/x", "work": work}
            cc = kunitrun.guest_cc(work, "powerpc64")
            self.assertEqual(cc, os.path.join(work, "bin", "ccache-guest")
                             + " powerpc64-linux-gnu-gcc")
            run = kunitrun.kunit_args(t, "x86_64", "/b")
            want = "--make_options=CC=" + kunitrun.guest_cc(work, "x86_64")
            self.assertIn(want, run)
            # quick's make must give kbuild the command line kunit.py run
            # gives it, or every object is built again
            _, make, _ = kunitrun.quick_steps(t, "x86_64", "/b", "b43*",
                                              "/r.json")
            self.assertIn(want.replace("--make_options=", ""), make)

    def depend_for(self, work, name, text):
        src = os.path.join(work, name)
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        fake = os.path.join(work, "fake")
        os.makedirs(fake, exist_ok=True)
        with open(os.path.join(fake, "ccache"), "w", encoding="utf-8") as f:
            f.write('#!/bin/sh\necho "${CCACHE_DEPEND:-none} $*"\n')
        os.chmod(os.path.join(fake, "ccache"), 0o755)
        wrapper = kunitrun.guest_cc(work, "x86_64").split()[0]
        env = dict(os.environ, PATH=fake + os.pathsep + os.environ["PATH"],
                   CCACHE_DEPEND="1")
        cp = subprocess.run([wrapper, "gcc", "-c", "-o", "x.o", src],
                            env=env, capture_output=True, text=True,
                            check=True)
        self.assertTrue(cp.stdout.endswith(f"gcc -c -o x.o {src}\n"))
        return cp.stdout.split()[0]

    def test_guest_cc_depend_mode_for_c_without_incbin_only(self):
        with tempfile.TemporaryDirectory() as work:
            self.assertEqual(self.depend_for(work, "a.c", "int a;\n"), "1")
            self.assertEqual(self.depend_for(
                work, "configs.c", 'asm(".incbin \\"x.gz\\"");\n'),
                "none")
            self.assertEqual(self.depend_for(work, "piggy.S",
                                             '.incbin "vmlinux.bin"\n'),
                             "none")
            self.assertEqual(self.depend_for(work, "head.S", "nop\n"),
                             "none")

    def test_analysis_builds_use_depend_mode(self):
        from b43kunit import checks
        with tempfile.TemporaryDirectory() as work:
            env = checks.make_env({"work": work})
            self.assertEqual(env["CCACHE_DEPEND"], "1")
            self.assertNotIn("CCACHE_NAMESPACE", env)


class Quick(unittest.TestCase):
    """quick(): kunit.py config, make, kunit.py exec; the configuration
    checked again only when make changed it."""

    def setUp(self):
        self.work = tempfile.mkdtemp()
        self.addCleanup(__import__("shutil").rmtree, self.work)
        self.bdir = os.path.join(self.work, "build", "x86_64")
        os.makedirs(self.bdir)
        self.kconfig = os.path.join(self.bdir, ".config")
        with open(self.kconfig, "w", encoding="utf-8") as f:
            f.write("CONFIG_B43=y\n")
        self.calls = []
        saved = (kunitrun.subprocess.run, kunitrun.deps.ensure)
        kunitrun.deps.ensure = lambda *a: None

        def restore():
            kunitrun.subprocess.run, kunitrun.deps.ensure = saved
        self.addCleanup(restore)

    def fake(self, make_rcs=(0,), make_changes=(), config_changes=(),
             status="PASS"):
        """make exits make_rcs[i] and rewrites the .config on the i-th
        build in make_changes; kunit.py config on the i-th call in
        config_changes; exec writes results with one case of @status."""
        counts = {"make": 0, "config": 0}

        def touch(what):
            with open(self.kconfig, "a", encoding="utf-8") as f:
                f.write(f"# {what}\n")

        def run(args, **_kw):
            if args[0] == "make":
                kind = "make"
            else:
                kind = args[2]
            self.calls.append(kind)
            rc = 0
            if kind == "make":
                i = counts["make"]
                rc = make_rcs[min(i, len(make_rcs) - 1)]
                if i in make_changes:
                    touch(f"make {i}")
                counts["make"] += 1
            elif kind == "config":
                if counts["config"] in config_changes:
                    touch(f"config {counts['config']}")
                counts["config"] += 1
            elif kind == "exec":
                path = next(a for a in args if a.startswith("--json="))[7:]
                cases = [{"name": "c", "status": status}] if status else []
                rc = 0 if status else 1
                with open(path, "w", encoding="utf-8") as f:
                    json.dump({"name": "KUnit Test Group", "sub_groups": [],
                               "test_cases": cases}, f)
            return kunitrun.subprocess.CompletedProcess(args, rc, "out", "")
        kunitrun.subprocess.run = run

    def quick(self):
        return kunitrun.quick({"work": self.work, "repo": "/x"})

    def test_steps_are_kunit_py_run_less_olddefconfig(self):
        config, make, exe = kunitrun.quick_steps(
            {"repo": "/x"}, "x86_64", self.bdir, "b43_drv*", "/r.json")
        run = kunitrun.kunit_args({"repo": "/x"}, "x86_64", self.bdir)
        self.assertEqual(config[2], "config")
        self.assertEqual([a for a in config if a.startswith("--kunitconfig")],
                         [a for a in run if a.startswith("--kunitconfig")])
        self.assertEqual(make[0], "make")
        self.assertNotIn("olddefconfig", make)
        self.assertNotIn("compile_commands.json", make)
        self.assertIn(f"O={self.bdir}", make)
        self.assertIn("CC=" + kunitrun.guest_cc(tree.work_dir(), "x86_64"),
                      make)
        self.assertEqual(exe[2], "exec")
        self.assertEqual(exe[-1], "b43_drv*")
        self.assertIn("--json=/r.json", exe)
        for a in kunitrun.GUEST_KERNEL_ARGS:
            self.assertIn(a, exe)

    def test_untouched_config_is_one_build(self):
        self.fake()
        self.assertEqual(self.quick(), (1, 0, 0, []))
        self.assertEqual(self.calls, ["config", "make", "exec"])

    def test_config_synced_by_make_is_checked_again(self):
        self.fake(make_changes={0})
        self.quick()
        self.assertEqual(self.calls, ["config", "make", "config", "exec"])

    def test_config_laid_down_again_builds_again(self):
        self.fake(make_changes={0}, config_changes={1})
        self.quick()
        self.assertEqual(self.calls, ["config", "make", "config", "make",
                                      "exec"])

    def test_no_case_matched_is_a_failure_that_says_so(self):
        self.fake(status=None)
        self.assertEqual(self.quick(), (0, 1, 0, [
            "x86_64: no KUnit case matched 'b43*'"]))

    def test_failed_case_and_failed_build(self):
        self.fake(status="FAIL")
        self.assertEqual(self.quick()[1], 1)
        self.calls.clear()
        self.fake(make_rcs=(2,))
        with self.assertRaises(StepError):
            self.quick()
        self.assertEqual(self.calls, ["config", "make"])


CONSOLE = """\
DMA-API: preallocated 65536 debug entries
DMA-API: debugging enabled by kernel config
b43-phy3 ERROR: Firmware file "b43/ucode16_mimo.fw" not found
b43-phy3 warning: 5GHz band is unsupported on this PHY
    # b43_dma_tx_ok: pass
======================================================
WARNING: possible circular locking dependency detected
6.12.118 #1 Not tainted
[    2.123456] BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585
b43-vcore0 b43_drv_dma.b43-vcore1: DMA-API: device driver has pending DMA allocations while released from device [count=1]
kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)
unreferenced object 0xffff888004a1c000 (size 2048):
WARNING: possible circular locking dependency detected
"""


class Unfinished(unittest.TestCase):
    DONE = ("KTAP version 1\n1..2\n    # Subtest: a\n    ok 1 x\nok 1 a\n"
            "[    1.0] b43-phy0: Broadcom 4318 WLAN found\n"
            "    # Subtest: b\n    ok 1 y\nnot ok 2 b\n")

    def test_every_suite_ended(self):
        self.assertEqual(kunitrun.suites_unfinished(self.DONE), (2, 0))

    def test_a_guest_stopped_in_a_suite(self):
        text = self.DONE.rsplit("not ok 2 b", 1)[0]
        self.assertEqual(kunitrun.suites_unfinished(text), (2, 1))
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w") as f:
            f.write(text)
        self.addCleanup(os.unlink, path)
        with contextlib.redirect_stdout(io.StringIO()):
            res = kunitrun.judge_console((3, 0, 0, []), "x86_64", path)
        self.assertEqual(res[:3], (3, 1, 0))
        self.assertIn("1 of 2 suites", res[3][0])

    def test_no_plan_no_verdict(self):
        self.assertEqual(kunitrun.suites_unfinished("boot\n"), (0, 0))


class Reports(unittest.TestCase):
    def test_checker_headers_are_reports_driver_messages_are_not(self):
        got = kunitrun.kernel_reports(CONSOLE)
        self.assertEqual(got, [
            "WARNING: possible circular locking dependency detected",
            "BUG: sleeping function called from invalid context at "
            "kernel/locking/mutex.c:585",
            "DMA-API: device driver has pending DMA allocations while "
            "released from device [count=1]",
            "kmemleak: 2 new suspected memory leaks (see "
            "/sys/kernel/debug/kmemleak)",
            "unreferenced object 0xffff888004a1c000 (size 2048):"])

    def test_a_clean_console_has_none(self):
        self.assertEqual(kunitrun.kernel_reports(CONSOLE.split("=====")[0]),
                         [])

    def test_each_report_fails_the_run(self):
        fd, path = tempfile.mkstemp()
        with os.fdopen(fd, "w") as f:
            f.write(CONSOLE)
        self.addCleanup(os.unlink, path)
        with contextlib.redirect_stdout(io.StringIO()) as out:
            res = kunitrun.judge_console((10, 0, 1, []), "x86_64", path)
        self.assertEqual(out.getvalue().count("x86_64: kernel report: "), 5)
        self.assertEqual(res[:3], (10, 5, 1))
        self.assertTrue(all(n.startswith("x86_64: kernel report: ")
                            for n in res[3]))
        self.assertEqual(kunitrun.judge_console((10, 0, 1, []), "x86_64",
                                                path + ".none"),
                         (10, 0, 1, []))
