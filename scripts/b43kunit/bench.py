# SPDX-License-Identifier: GPL-2.0
"""Benchmarks: figures, not tests.  Nothing here passes or fails.

size   b43/b43legacy text/data of the assembled tree against pristine 6.12,
       built with a production-like configuration (the KUnit .config without
       sanitizers, KUnit or B43_DEBUG), whole-driver and per hot function
       (scripts/bloat-o-meter).

verdict
       how long a developer waits, in one run: the main job rerun with no
       change; touch xmit.c (an upstream file) and dma_ring.h (a unit), then
       kunit.py with ccache (what the tree's users see) and without it
       (what a real code edit costs); beside the floor for each edit: the
       object compiled alone, the kernel relinked and the guest booted with
       the suites (kunit.py exec).  The unit is header-only: its floor
       compiles the two objects that include it.

fulltest
       scripts/b43-kunit check in an empty work folder (cold: extraction,
       kernel build with an empty ccache, every check) and then again with
       no change (warm); only when named, it takes a cold run's time.

guest
       guest time of all b43 suites from the kernel's timestamps, beside
       the whole guest boot (kunit.py exec with printk.time=1).

targets
       each guest target ($B43_KUNIT_TARGETS, default all) cold (fresh
       build folder, no ccache) and warm (rerun, no change); only when
       named, it takes a cold build per target.

kernels
       each guest kernel cold (fresh build folder, no ccache): kunit.py
       build time, objects built, guest boot and suite time, without the
       trims of kunit/small.config (kunit.py's Kconfig defaults, as before
       them) and with them, and on x86_64 with KASAN outline instead of
       inline; only when named, it takes five cold builds.

bisect
       the full test's bisect stage cold (empty build folder, an empty
       cache, ccache off): seconds, and seconds a step (what each added
       patch adds to a cold full test); only when named, it builds every
       step of the series.

Figures are printed as ratios to the pristine build of the same run, so a
noisy, shared machine still gives comparable numbers.
"""

import glob
import os
import re
import shutil
import subprocess
import time

from . import checks, deps, kunitrun
from .tree import B43_DIRS
from .util import StepError, Tally, log, run

# The functions a frame goes through on its way out and back in.
HOT = ("b43_generate_txhdr", "b43_generate_plcp_hdr", "b43_dma_tx",
       "dma_tx_fragment", "b43_dma_handle_txstatus", "b43_dma_rx",
       "dma_rx", "b43_rx", "b43_handle_txstatus", "op32_fill_descriptor",
       "op64_fill_descriptor")

OFF = ("KUNIT", "B43_DEBUG", "B43LEGACY_DEBUG")


def size_config(t):
    """check.config (no sanitizers) with KUnit and driver debugging off."""
    src = checks.base_config(t)
    dst = os.path.join(t["work"], "build", "size.config")
    shutil.copy(src, dst)
    args = [os.path.join(t["repo"], "scripts", "config"), "--file", dst]
    for s in OFF:
        args += ["-d", s]
    run(args, "bench", quiet=True)
    return dst


def build(t, tree_dir, name, config):
    bdir = os.path.join(t["work"], "build", name)
    checks.configure(tree_dir, bdir, config, t, "bench")
    cmd = ["make", "-s", "-C", tree_dir, f"O={bdir}",
           f"-j{os.cpu_count() or 2}", "CC=ccache gcc"]
    cmd += [d + "/" for d in B43_DIRS]
    run(cmd, "bench", env=checks.make_env(t), quiet=True)
    return bdir


def combine(bdir, d, out):
    """One relocatable object of the objects a driver directory links.

    The list comes from the directory's built-in.a (a thin archive), not
    from the *.o files there: a build folder keeps the object of a file
    the series has since removed.
    """
    cp = run(["ar", "t", os.path.join(bdir, d, "built-in.a")], "bench",
             capture=True, quiet=True)
    objs = [os.path.abspath(o) for o in cp.stdout.split()]
    objs = [o for o in objs if os.path.dirname(o) == os.path.join(bdir, d)]
    if not objs:
        raise StepError("bench", "no objects built", os.path.join(bdir, d))
    run(["ld", "-r", "-o", out] + objs, "bench", quiet=True)
    return out


def sizes(obj):
    cp = run(["size", obj], "bench", capture=True, quiet=True)
    text, data, bss = cp.stdout.splitlines()[1].split()[:3]
    return int(text), int(data), int(bss)


def symbol_sizes(obj):
    cp = run(["nm", "--size-sort", "-S", obj], "bench", capture=True,
             quiet=True)
    out = {}
    for line in cp.stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tT":
            out[parts[3]] = out.get(parts[3], 0) + int(parts[1], 16)
    return out


def ratio(new, old):
    return f"{new / old:.4f}" if old else "n/a"


def size(t):
    config = size_config(t)
    pdir = checks.worktree(t, "pristine", t["pristine"])
    log("size: building b43/b43legacy (pristine and assembled, no KUnit, "
        "no sanitizers, no B43_DEBUG)")
    pb = build(t, pdir, "size-pristine", config)
    ab = build(t, t["repo"], "size", config)
    bom = os.path.join(t["repo"], "scripts", "bloat-o-meter")
    tmp = os.path.join(t["work"], "build")
    print("\n# size: assembled / pristine, same configuration, same run")
    print(f"{'object':<12} {'text':>9} {'pristine':>9} {'ratio':>7} "
          f"{'data':>7} {'pristine':>9} {'ratio':>7}")
    hot = []
    bloat = {}
    for d in B43_DIRS:
        name = os.path.basename(d)
        old = combine(pb, d, os.path.join(tmp, f"size-{name}-pristine.o"))
        new = combine(ab, d, os.path.join(tmp, f"size-{name}.o"))
        (ot, od, _), (nt, nd, _) = sizes(old), sizes(new)
        print(f"{name:<12} {nt:>9} {ot:>9} {ratio(nt, ot):>7} "
              f"{nd:>7} {od:>9} {ratio(nd, od):>7}")
        if name == "b43":
            so, sn = symbol_sizes(old), symbol_sizes(new)
            hot = [(f, so.get(f), sn.get(f)) for f in HOT]
        cp = subprocess.run(["python3", bom, old, new],
                            stdout=subprocess.PIPE, text=True, check=False)
        bloat[name] = cp.stdout
    print("\n# hot functions of b43 (bytes of text; - = not a symbol, "
          "e.g. inlined)")
    for f, o, n in hot:
        r = ratio(n, o) if o and n else "n/a"
        print(f"{f:<28} {n if n else '-':>7} {o if o else '-':>9} {r:>7}")
    for name, text in bloat.items():
        print(f"\n# scripts/bloat-o-meter {name} pristine -> assembled")
        print(text.rstrip())
    return 0


# One upstream file the series changes, and one unit file of our own, each
# with the objects an edit of it recompiles.
B43 = "drivers/net/wireless/broadcom/b43/"
EDITED = ((B43 + "xmit.c", [B43 + "xmit.o"]),
          (B43 + "dma_ring.h", [B43 + "dma.o", B43 + "tests/dma_ring_kunit.o"]))


def timed(cmd, cwd, env=None, step="bench"):
    """Seconds `cmd` took; its output is kept out of the figures."""
    full = dict(os.environ)
    full.update(env or {})
    start = time.monotonic()
    cp = subprocess.run(cmd, cwd=cwd, env=full, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True, errors="replace",
                        check=False)
    took = time.monotonic() - start
    if cp.returncode != 0:
        raise StepError(step, f"{' '.join(cmd[:4])}... exited "
                        f"{cp.returncode}:\n" + cp.stdout[-2000:], cwd)
    return took


def edit_rows(t, kargs, env, rel, objs):
    """touch one file: kunit.py with and without ccache, and the floor."""
    repo = t["repo"]
    bdir = os.path.join(t["work"], "build", "x86_64")
    path = os.path.join(repo, rel)
    name = os.path.basename(rel)
    rows = []
    os.utime(path)
    rows.append((f"touch {name}, kunit.py run (ccache on)",
                 timed(kargs, repo, env)))
    os.utime(path)
    off = dict(env, CCACHE_DISABLE="1")
    rows.append((f"touch {name}, kunit.py run (ccache off: a real edit)",
                 timed(kargs, repo, off)))
    # scripts/b43-kunit quick: kunit.py run less its olddefconfig and
    # compile_commands.json (kunitrun.quick()).
    os.utime(path)
    quick = [os.path.join(kunitrun.top(), "scripts", "b43-kunit"), "quick",
             "b43*"]
    rows.append((f"touch {name}, b43-kunit quick (ccache off)",
                 timed(quick, kunitrun.top(), off)))
    # The floor: the least any tool could do for that edit.
    os.utime(path)
    mk = kunitrun.guest_make(t, "x86_64", bdir) + ["-s", "-C", repo]
    compile_s = timed(mk + objs, repo, off)
    link_s = timed(mk, repo, off)
    boot_s = timed(kunitrun.exec_args("x86_64", bdir, ["b43*"]), repo)
    floor = compile_s + link_s + boot_s
    what = " + ".join(os.path.basename(o) for o in objs)
    rows += [(f"floor: {what} alone", compile_s),
             ("floor: relink vmlinux + bzImage", link_s),
             ("floor: guest boot + suites (kunit.py exec)", boot_s),
             ("floor: total", floor)]
    return rows, floor


def verdict(t):
    target = "x86_64"
    repo = t["repo"]
    bdir = os.path.join(t["work"], "build", target)
    env = kunitrun.ccache_env(t["work"])
    kargs = kunitrun.kunit_args(t, target, bdir) + ["b43*"]
    log("verdict: warming the build folder once (not counted)")
    timed(kargs, repo, env)

    main_job = [os.path.join(kunitrun.top(), "scripts", "b43-kunit"), "run"]
    nochange = [("main job rerun, no change (scripts/b43-kunit run)",
                 timed(main_job, kunitrun.top())),
                ("kunit.py run, no change", timed(kargs, repo, env))]
    for i, (rel, objs) in enumerate(EDITED):
        rows, floor = edit_rows(t, kargs, env, rel, objs)
        if i == 0:
            rows = nochange + rows
        print(f"\n# verdict: seconds, and ratio to the floor of one "
              f"{os.path.basename(rel)} edit (same run)")
        for name, secs in rows:
            print(f"{name:<58} {secs:8.1f} {secs / floor:7.2f}")
    return 0


STAMP = re.compile(r"^\[\s*(\d+\.\d+)\]\s?(.*)$")


def guest_times(log_text):
    """(start of the first b43 suite, end of the last, last stamp) in s."""
    first = last = end = None
    for line in log_text.splitlines():
        m = STAMP.match(line)
        if not m:
            continue
        ts, msg = float(m.group(1)), m.group(2)
        end = ts
        if first is None and re.match(r"\s*# Subtest: b43", msg):
            first = ts
        if re.match(r"(not )?ok \d+ b43", msg):
            last = ts
    if first is None or last is None:
        raise StepError("bench", "no timestamped b43 suite in the guest log")
    return first, last, end


def suite_times(log_text):
    """{suite: seconds} of every b43 suite, from its "# Subtest:" line to
    its result line, by the kernel's own timestamps."""
    start, out = {}, {}
    for line in log_text.splitlines():
        m = STAMP.match(line)
        if not m:
            continue
        ts, msg = float(m.group(1)), m.group(2)
        s = re.match(r"\s{0,4}# Subtest: (b43\w*)$", msg)
        if s and s.group(1) not in start:
            start[s.group(1)] = ts
        e = re.match(r"(?:not )?ok \d+ (b43\w*)$", msg)
        if e and e.group(1) in start:
            out[e.group(1)] = ts - start[e.group(1)]
    return out


def guest(t, runs=3):
    """Guest time of all b43 suites, from the kernel's own timestamps."""
    repo = t["repo"]
    bdir = os.path.join(t["work"], "build", "x86_64")
    log_path = os.path.join(bdir, "test.log")
    log("guest: building the assembled tree's kernel first (not counted)")
    timed(kunitrun.kunit_args(t, "x86_64", bdir) + ["b43*"], repo,
          kunitrun.ccache_env(t["work"]))
    print("\n# guest: seconds of guest time (printk.time=1), "
          f"{runs} boots of the built kernel")
    print(f"{'boot':<6} {'b43 suites':>11} {'whole boot':>11} {'ratio':>7}")
    for n in range(1, runs + 1):
        timed(kunitrun.exec_args("x86_64", bdir, [
            "--kernel_args=printk.time=1", "b43*"]), repo)
        with open(log_path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        first, last, end = guest_times(text)
        print(f"{n:<6} {last - first:>11.3f} {end:>11.3f} "
              f"{(last - first) / end:>7.3f}")
        per = suite_times(text)
    drv = sum(v for k, v in per.items() if k.startswith("b43_drv"))
    print("\n# guest: seconds per suite, last boot (driver-level suites: "
          "b43_drv*, on the virtual core)")
    for k in sorted(per):
        print(f"{k:<28} {per[k]:>8.3f}")
    print(f"{'b43_drv* together':<28} {drv:>8.3f}")
    print(f"{'the unit suites together':<28} "
          f"{sum(per.values()) - drv:>8.3f}")
    return 0


def fulltest(t):
    """The full test cold (an empty work folder, no ccache) and warm."""
    import tempfile
    work = tempfile.mkdtemp(prefix="b43-kunit-bench-",
                            dir=os.path.dirname(t["work"]))
    cmd = [os.path.join(kunitrun.top(), "scripts", "b43-kunit"), "check"]
    env = {"B43_KUNIT_WORK": work}
    try:
        log(f"fulltest: cold run in {work} (packages are installed already)")
        cold = timed(cmd, kunitrun.top(), env)
        log("fulltest: warm run, no change")
        warm = timed(cmd, kunitrun.top(), env)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("\n# fulltest: seconds of scripts/b43-kunit check, same run")
    print(f"{'cold (empty work folder)':<40} {cold:8.1f} {1:7.3f}")
    print(f"{'warm rerun, no change':<40} {warm:8.1f} {warm / cold:7.3f}")
    return 0


def targets(t):
    """Cold and warm kunit.py runs of each guest target, in one run.

    Cold: a fresh build folder and no ccache (a first build on a new
    machine, whose ccache is empty).  Warm: the same command again with no
    change.  Ratios are to the x86_64 cold run of the same bench.
    """
    import tempfile
    repo = t["repo"]
    rows = []
    for target in kunitrun.selected_targets():
        deps.ensure("build", *kunitrun.TARGETS[target]["packages"])
        bdir = tempfile.mkdtemp(prefix=f"bench-{target}-",
                                dir=os.path.join(t["work"], "build"))
        env = dict(kunitrun.ccache_env(t["work"]), CCACHE_DISABLE="1")
        args = kunitrun.kunit_args(t, target, bdir) + ["b43*"]
        try:
            log(f"targets: {target} cold, fresh build folder, no ccache")
            cold = timed(args, repo, env)
            log(f"targets: {target} warm rerun, no change")
            warm = timed(args, repo, env)
        finally:
            shutil.rmtree(bdir, ignore_errors=True)
        rows.append((target, cold, warm))
    base = rows[0][1]
    print("\n# targets: seconds of kunit.py run (build + guest), same run; "
          f"ratio to {rows[0][0]} cold")
    print(f"{'target':<12} {'cold':>8} {'ratio':>7} {'warm':>8} {'ratio':>7}")
    for target, cold, warm in rows:
        print(f"{target:<12} {cold:8.1f} {cold / base:7.3f} "
              f"{warm:8.1f} {warm / base:7.3f}")
    return 0


def _strip_trims(text):
    return "".join(line for line in text.splitlines(True)
                   if not re.match(r"# CONFIG_\w+ is not set", line))


VARIANT_KEYS = {"untrimmed": "untrimmed (Kconfig defaults)",
                "trimmed": "trimmed (kunit/small.config)",
                "outline": "trimmed, KASAN outline"}


def kernel_variants(only=None):
    """(target, label, {fragment name: text}) of the kernels bench.

    @only: keys of VARIANT_KEYS to keep (B43_KUNIT_BENCH_VARIANTS, comma
    separated), all by default; each cold build takes minutes.
    """
    if only is None:
        env = os.environ.get("B43_KUNIT_BENCH_VARIANTS", "")
        only = [v.strip() for v in env.split(",") if v.strip()] or \
            list(VARIANT_KEYS)
    unknown = [v for v in only if v not in VARIANT_KEYS]
    if unknown:
        raise StepError("bench", f"unknown kernel variant(s) {unknown}: "
                        f"choose from {', '.join(VARIANT_KEYS)}")
    keep = {VARIANT_KEYS[v] for v in only}
    out = []
    top = kunitrun.top()
    for target in kunitrun.selected_targets():
        frags = {}
        for f in kunitrun.TARGETS[target]["fragments"]:
            with open(os.path.join(top, f), encoding="utf-8") as fh:
                frags[f] = fh.read()
        untrimmed = {f: _strip_trims(x) for f, x in frags.items()
                     if f != "kunit/small.config"}
        out.append((target, "untrimmed (Kconfig defaults)", untrimmed))
        out.append((target, "trimmed (kunit/small.config)", frags))
        if target == "x86_64":
            outline = {f: x.replace("CONFIG_KASAN_INLINE=y",
                                    "CONFIG_KASAN_OUTLINE=y")
                       for f, x in frags.items()}
            out.append((target, "trimmed, KASAN outline", outline))
    return [v for v in out if v[1] in keep]


def kernels(t):
    """Cold build, size and guest time of each variant of each guest."""
    import tempfile
    repo = t["repo"]
    rows = []
    for target, label, frags in kernel_variants():
        tt = kunitrun.TARGETS[target]
        deps.ensure("build", *tt["packages"])
        tmp = tempfile.mkdtemp(prefix=f"bench-{target}-",
                               dir=os.path.join(t["work"], "build"))
        bdir = os.path.join(tmp, "build")
        common = [f"--arch={tt['arch']}", f"--build_dir={bdir}",
                  f"--kunitconfig={kunitrun.B43_KUNITCONFIG}"]
        for name, text in frags.items():
            path = os.path.join(tmp, os.path.basename(name))
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            common.append(f"--kunitconfig={path}")
        if tt["cross"]:
            common.append(f"--cross_compile={tt['cross']}")
        env = dict(kunitrun.ccache_env(t["work"]), CCACHE_DISABLE="1")
        kit = ["python3", "tools/testing/kunit/kunit.py"]
        try:
            log(f"kernels: {target}, {label}: cold build")
            build_s = timed(kit + ["build"] + common + [
                f"--make_options=CC={kunitrun.cross_cc(target)}",
                f"--jobs={kunitrun.jobs()}"], repo, env)
            objs = sum(1 for _, _, fs in os.walk(bdir)
                       for f in fs if f.endswith(".o"))
            log(f"kernels: {target}, {label}: guest")
            exec_s = timed(kit + ["exec"] + common + [
                "--timeout=600", "--kernel_args=printk.time=1"]
                + kunitrun.GUEST_KERNEL_ARGS + ["b43*"], repo, env)
            with open(os.path.join(bdir, "test.log"), encoding="utf-8",
                      errors="replace") as fh:
                first, last, end = guest_times(fh.read())
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        rows.append((target, label, build_s, objs, exec_s, last - first, end))
    print("\n# kernels: cold kunit.py build (no ccache), objects, kunit.py "
          "exec and guest time (printk.time), same run; ratio to the first "
          "row of the target")
    print(f"{'target':<10} {'variant':<30} {'build s':>8} {'ratio':>6} "
          f"{'objects':>8} {'exec s':>7} {'suites s':>9} {'boot s':>7}")
    base = {}
    for target, label, build_s, objs, exec_s, suites, end in rows:
        b = base.setdefault(target, build_s)
        print(f"{target:<10} {label:<30} {build_s:8.1f} {build_s / b:6.3f} "
              f"{objs:8d} {exec_s:7.1f} {suites:9.3f} {end:7.3f}")
    return 0


def bisect(t):
    """The full test's bisect stage cold: seconds, and seconds a step.

    An empty build folder and an empty cache, with ccache off, as on a
    machine that has never built the series; the worktree and build folder
    are the bench's own (bench-bisect), so the full test's stay warm.
    """
    saved = os.environ.get("CCACHE_DISABLE")
    os.environ["CCACHE_DISABLE"] = "1"
    try:
        for d in glob.glob(os.path.join(t["work"], "build", "bench-bisect*")):
            shutil.rmtree(d)
        cache = checks.Cache(t["work"], os.path.join(
            t["work"], "build", "bench-bisect-cache"))
        steps = len(t["commits"])
        log(f"bisect: {steps} steps, cold")
        tally = Tally()
        start = time.monotonic()
        checks.bisect(t, tally, cache, name="bench-bisect")
        took = time.monotonic() - start
        if tally.failed:
            raise StepError("bench", "a step of the bisect failed")
    finally:
        if saved is None:
            os.environ.pop("CCACHE_DISABLE", None)
        else:
            os.environ["CCACHE_DISABLE"] = saved
    print(f"\n# bisect: {steps} steps, cold (empty build folder and cache, "
          f"ccache off)")
    print(f"{'seconds':>8} {'s/step':>7}")
    print(f"{took:8.1f} {took / steps:7.2f}")
    return 0


BENCHES = {"size": size, "verdict": verdict, "guest": guest,
           "fulltest": fulltest, "targets": targets, "kernels": kernels,
           "bisect": bisect}
SLOW = ("fulltest", "targets", "kernels", "bisect")


def main(t, what):
    # fulltest and targets take cold builds: only when asked for.
    todo = what or [b for b in BENCHES if b not in SLOW]
    for w in todo:
        if w not in BENCHES:
            raise StepError("bench", f"unknown benchmark '{w}'",
                            ", ".join(BENCHES))
        BENCHES[w](t)
    return 0

