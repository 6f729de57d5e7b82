# SPDX-License-Identifier: GPL-2.0
"""Command line of scripts/b43-kunit."""

import concurrent.futures
import os
import sys
import threading

from . import deps, kunitrun, regdb, tree
from .util import StepError, Tally, die, log, stage

HELP = """usage: scripts/b43-kunit <command>

commands:
  run        main job: prepare the tree, run every b43 KUnit suite on QEMU
  check      full test: run, then static analysis, Coccinelle, series and
             bisect checks and the scripts' own tests; ends 'N passed, N failed'
  prepare    extract and assemble the tree only; prints its path
  export DIR write the series as topic series for posting: DIR/NN-<topic>/
             with a cover letter and git format-patch files, signed off by
             your git identity (user.name, user.email)
  selftest   the scripts' own tests only
  quick [GLOB]
             edit -> verdict: build the x86_64 guest from the work tree as
             it is (your edits, nothing reassembled) and run the suites
             matching GLOB (default b43*); kunit.py run without its
             olddefconfig and compile_commands.json
  coverage   run the suites, then boot the same kernel to collect gcov data:
             HTML report and a table per unit file, checked against
             kunit/coverage.conf
  cocci      the full test's Coccinelle stages only (credit rule, the rules
             in coccinelle/ and their fixtures); ends 'N passed, N failed'
  bench [size] [verdict] [guest] [fulltest] [targets] [kernels] [bisect]
             benchmarks, figures only: size (against pristine 6.12),
             verdict (edit-to-verdict times against their floor), guest
             (suite time from the guest kernel's timestamps), fulltest (cold and
             warm full test), targets (cold and warm build + run of each
             guest), kernels (each guest kernel cold with and without
             kunit/small.config, KASAN inline and outline), bisect (every
             step of the series built cold, seconds a step); default all
             but fulltest, targets, kernels and bisect
  refresh [BRANCH]
             rewrite patches/ and drivers/ from the commits pristine..BRANCH
             of the work tree (default branch: dev)
  baseline   derive kunit/baseline.json: what pristine 6.12 gives W=1,
             sparse, kernel-doc and make coccicheck for b43/b43legacy on
             each guest's configuration, with the toolchain's versions
  credit-patches
             regenerate the two credit patches with
             coccinelle/credit-header.cocci
  txhdr612   record tests/txhdr612_vectors.h: build pristine 6.12 with
             kunit/txhdr612-record.c and run it on QEMU
  txpower612 [fixes [PATCH...]]
             record tests/txpower612_vectors.h: build pristine 6.12 with
             kunit/txpower612-seams.patch and kunit/txpower612-record.c and
             run it on QEMU; with "fixes", record pristine with each patch
             (default: the TX power topics, and b43-txpower-fixes at once;
             "a.patch+b.patch" applies b after a) and print which ones
             program more power than 6.12, for which vectors
  help       this text

environment:
  B43_KUNIT_WORK     work folder (default ~/.cache/b43-kunit)
  B43_KUNIT_TARBALL  kernel tarball (default /usr/src/linux-source-6.12.tar.xz)
  B43_KUNIT_JOBS     make -j (default: number of CPUs)
  B43_KUNIT_KVM=1    try KVM for the x86_64 guest (probed first; TCG otherwise)
  B43_KUNIT_TARGETS  guests to run, comma-separated: x86_64, powerpc64
                     (64-bit big endian), x86_64-kmsan (clang, KMSAN);
                     default x86_64 and powerpc64; they run in that order
"""


def cmd_prepare(_args):
    stage("prepare tree")
    deps.ensure("tree")
    t = tree.prepare()
    print(t["repo"])
    return 0


def run_kunit(t, tally, configured=None):
    """Every guest's kunit.py run, each guest's build beside the guest
    before it.

    A guest runs on one CPU under TCG for half a minute: the next target's
    kunit.py starts as soon as the previous one's kernel is built and its
    guest boots, so that build uses the CPUs the guest leaves idle.  The
    builds themselves stay one after the other, each with make -jJOBS:
    two at once would only share the same CPUs.  The first guest's output
    comes as it runs; each later guest's is printed whole when the ones
    before it have finished, so the log reads as if they had run one after
    the other.  @configured (a threading.Event), if given, is set once
    x86_64's kunit.py has laid down its .config, or when this ends.
    """
    targets = kunitrun.selected_targets()
    # apt-get takes a lock: install for every guest before they start.
    deps.ensure("build", *[p for target in targets
                           for p in kunitrun.TARGETS[target]["packages"]])
    outs = [None] + [[] for _ in targets[1:]]
    built = [threading.Event() for _ in targets]
    stage(f"KUnit on QEMU: {targets[0]}"
          + "".join(f" (then {x}, built beside it)" for x in targets[1:]))
    with concurrent.futures.ThreadPoolExecutor(len(targets)) as ex:
        futs = [ex.submit(kunitrun.run_target, t, target, out=outs[i],
                          after=built[i - 1] if i else None,
                          built=built[i],
                          configured=configured if target == "x86_64"
                          else None)
                for i, target in enumerate(targets)]
        concurrent.futures.wait(futs)
    if configured is not None:
        configured.set()
    failed = None
    for i, (target, fut) in enumerate(zip(targets, futs)):
        if i:
            stage(f"KUnit on QEMU: {target}")
            print("".join(outs[i]), end="", flush=True)
        if fut.exception():
            failed = failed or fut.exception()
            continue
        p, f, s, names = fut.result()
        tally.add_counts(p, f, [f"{target}: {n}" for n in names])
        log(f"{target}: {p} cases passed, {f} failed, {s} skipped")
        for n in names:
            log(f"FAIL {target}: {n}")
        regdb.cross_check(tally, target,
                          os.path.join(t["work"], "build", target,
                                       "test.log"))
    if failed:
        raise failed


def cmd_run(_args):
    stage("prepare tree")
    deps.ensure("tree", "build")
    t = tree.prepare()
    tally = Tally()
    run_kunit(t, tally)
    print(tally.summary(), flush=True)
    return 0 if tally.failed == 0 else 1


def cmd_quick(args):
    """Edit -> verdict: rebuild the x86_64 guest from the work tree as it
    is (edits included, nothing reassembled) and run the suites."""
    if len(args) > 1:
        print(HELP, end="", file=sys.stderr)
        return 2
    t = tree.locate()
    target = "x86_64"
    passed, failed, skipped, names = kunitrun.quick(
        t, target, args[0] if args else "b43*")
    for n in names:
        log(f"FAIL {n}")
    log(f"{target}: {passed} cases passed, {failed} failed, {skipped} "
        "skipped")
    return 0 if failed == 0 else 1


def configure_first(t, configured):
    """Lay down the x86_64 guest's .config now (kunit.py config, which the
    KUnit stage's kunit.py run then finds as it wants it) and set
    @configured: the series' builds start behind the cheap checks, whose
    git am and licence checks leave a CPU idle on a cold run.  On an error
    the KUnit stage reports it, and sets @configured when it ends."""
    if "x86_64" not in kunitrun.selected_targets():
        return
    try:
        kunitrun.configure_target(t, "x86_64")
    except StepError as e:
        log(f"the series' builds wait for the KUnit stage: {e}")
        return
    configured.set()


def cmd_check(_args):
    from . import checks
    tally = Tally()
    stage("prepare tree")
    deps.ensure("tree", "build", "static")
    t = tree.prepare()
    tally.ok("series applies to pristine Linux " + t["version"],
             f"{len(t['commits'])} patches")
    checks.selftest(tally)
    configured = threading.Event()
    builds = checks.SeriesBuilds(t, checks.Cache(t["work"]), configured)
    # After the selftests, which stand in for SeriesBuilds' steps.
    builds.start()
    try:
        configure_first(t, configured)
        checks.early(t, tally)
        run_kunit(t, tally, configured)
        checks.run_all(t, tally, builds)
    finally:
        builds.stop()
    if tally.failures:
        print("\nfailures:")
        for n in tally.failures:
            print(f"  {n}")
    print(tally.summary(), flush=True)
    return 0 if tally.failed == 0 else 1


def cmd_export(args):
    from . import series
    if not args:
        die("export needs a destination folder")
    stage("prepare tree")
    deps.ensure("tree")
    t = tree.prepare()
    files = series.export(t, os.path.abspath(args[0]))
    for f in files:
        print(f)
    return 0


def cmd_txhdr612(_args):
    from . import kunitrun, txhdr612
    stage("TX header vectors from pristine 6.12")
    deps.ensure("tree", "build", "qemu-x86_64")
    t = tree.prepare()
    print(txhdr612.record(t, kunitrun.jobs()))
    return 0


def cmd_txpower612(args):
    from . import txpower612
    if args and args[0] != "fixes":
        print(HELP, end="", file=sys.stderr)
        return 2
    stage("TX power vectors from pristine 6.12")
    deps.ensure("tree", "build", "qemu-x86_64")
    t = tree.prepare()
    if not args:
        print(txpower612.record(t, kunitrun.jobs()))
        return 0
    patches = (["+".join(os.path.abspath(x) for x in p.split("+"))
                for p in args[1:]] or
               txpower612.txpower_patches() + [txpower612.topic_at_once()])
    txpower612.fixes(t, kunitrun.jobs(), patches)
    return 0


def cmd_baseline(_args):
    from . import baseline, checks
    from .checks import Cache
    stage("pristine 6.12's analysis baseline (kunit/baseline.json)")
    deps.ensure("tree", "build", "static")
    t = tree.prepare()
    targets = [x for x in kunitrun.TARGETS if kunitrun.has_analysis(x)]
    for target in targets:
        if not os.path.exists(os.path.join(t["work"], "build", target,
                                           ".config")):
            kunitrun.configure_target(t, target)
    data = checks.derive_baseline(t, Cache(t["work"]), targets)
    print(baseline.write(data))
    return 0


def cmd_credit_patches(_args):
    from . import checks, credit
    stage("credit patches from " + credit.RULE)
    deps.ensure("tree", "static")
    t = tree.prepare()
    base = credit.base_commit(t)
    pdir = checks.worktree(t, "credit-base", base, sparse=True)
    patches = credit.generate(t["repo"], pdir, base)
    credit.write(patches)
    for name, _ in patches:
        print("patches/" + name)
    return 0


def cmd_refresh(args):
    from . import series
    stage("refresh patches/ and drivers/ from a work-tree branch")
    series.refresh(tree.locate(), args[0] if args else "dev")
    return 0


def cmd_bench(args):
    from . import bench
    stage("benchmarks")
    # verdict, guest, targets and kernels build and boot the x86_64 guest
    deps.ensure("tree", "build", "qemu-x86_64")
    t = tree.prepare()
    return bench.main(t, args)


def finish(tally):
    """List the failures again, print 'N passed, N failed', give the rc."""
    for n in tally.failures:
        log(f"FAIL {n}")
    print(tally.summary(), flush=True)
    return 0 if tally.failed == 0 else 1


def cmd_coverage(_args):
    from . import coverage
    stage("prepare tree")
    deps.ensure("tree", "build", "coverage")
    t = tree.prepare()
    tally = Tally()
    run_kunit(t, tally)
    stage("coverage per unit on the x86_64 guest")
    coverage.check(t, tally)
    return finish(tally)


def cmd_cocci(_args):
    from . import checks
    tally = Tally()
    stage("prepare tree")
    deps.ensure("tree", "static")
    t = tree.prepare()
    checks.cocci_stages(t, tally)
    return finish(tally)


def cmd_selftest(_args):
    from . import checks
    tally = Tally()
    checks.selftest(tally)
    print(tally.summary(), flush=True)
    return 0 if tally.failed == 0 else 1


COMMANDS = {"run": cmd_run, "check": cmd_check, "prepare": cmd_prepare,
            "export": cmd_export, "selftest": cmd_selftest, "credit-patches": cmd_credit_patches,
            "refresh": cmd_refresh, "bench": cmd_bench, "cocci": cmd_cocci,
            "coverage": cmd_coverage, "txhdr612": cmd_txhdr612,
            "txpower612": cmd_txpower612,
            "quick": cmd_quick,
            "baseline": cmd_baseline}


def main(argv):
    if not argv or argv[0] in ("help", "-h", "--help"):
        print(HELP, end="")
        return 0
    fn = COMMANDS.get(argv[0])
    if not fn:
        print(HELP, end="", file=sys.stderr)
        return 2
    try:
        return fn(argv[1:])
    except StepError as e:
        die(e)
    except KeyboardInterrupt:
        die("interrupted: the next run picks up from here")
    return 1


sys.exit(main(sys.argv[1:]))
