# SPDX-License-Identifier: GPL-2.0
"""Run the b43 KUnit suites with kunit.py on QEMU and read the results."""

import hashlib
import json
import os
import re
import subprocess

from . import deps
from .tree import top, work_dir
from .util import StepError, elapsed, log, run

B43_KUNITCONFIG = "drivers/net/wireless/broadcom/b43"

# One entry per guest, in the order they run.  Fragments are passed to
# kunit.py in this order after the driver's own .kunitconfig (from the
# series).  "make" is what a plain make of the same tree needs for the target
# (ARCH and CROSS_COMPILE), for the builds beside kunit.py's.
TARGETS = {
    "x86_64": {
        "arch": "x86_64",
        "cross": None,
        "fragments": [".kunitconfig", "kunit/small.config",
                      "kunit/x86_64.config", "kunit/coverage.config",
                      "kunit/debug.config"],
        # Two CPUs: the driver's interrupt thread, its work items and
        # mac80211's callers can run at once, and lockdep sees them do so.
        "qemu": ["-smp", "2"],
        "packages": ["qemu-x86_64"],
        "make": ["ARCH=x86_64"],
    },
    # 64-bit big-endian powerpc: QEMU pseries, POWER8.
    "powerpc64": {
        "arch": "powerpc",
        "cross": "powerpc64-linux-gnu-",
        "fragments": [".kunitconfig", "kunit/small.config",
                      "kunit/powerpc64.config", "kunit/debug.config"],
        "qemu": [],
        "packages": ["qemu-powerpc64", "cross-powerpc64"],
        "make": ["ARCH=powerpc", "CROSS_COMPILE=powerpc64-linux-gnu-"],
    },
    # x86_64 built with clang and KMSAN in place of KASAN (the two cannot
    # share a kernel): uninitialised bytes that reach a branch, the device
    # or mac80211.  Two CPUs, as the x86_64 guest.  No analysis builds of
    # its own ("analysis"): the W=1, sparse and header checks are gcc's, on
    # the targets above.
    "x86_64-kmsan": {
        "arch": "x86_64",
        "cross": None,
        "cc": "clang-14",
        "fragments": [".kunitconfig", "kunit/small.config",
                      "kunit/kmsan.config"],
        "qemu": ["-smp", "2"],
        "packages": ["qemu-x86_64", "clang"],
        "make": ["ARCH=x86_64"],
        "analysis": False,
        # Its suites run about twice as long as under KASAN.
        "timeout": 1200,
        # Only when named in $B43_KUNIT_TARGETS: a third kernel, built cold
        # with clang, does not fit the full test's budget on a cold machine.
        "default": False,
    },
}

TARGETS_ENV = "B43_KUNIT_TARGETS"


def selected_targets():
    """The targets to run: $B43_KUNIT_TARGETS (comma-separated), or every
    target whose "default" is not False.

    They always run in TARGETS' order, x86_64 first.
    """
    want = os.environ.get(TARGETS_ENV, "").replace(",", " ").split()
    if not want:
        return [t for t in TARGETS if TARGETS[t].get("default", True)]
    unknown = [w for w in want if w not in TARGETS]
    if unknown:
        raise StepError("targets", f"unknown target {' '.join(unknown)} in "
                        f"${TARGETS_ENV}; known: {' '.join(TARGETS)}")
    return [t for t in TARGETS if t in want]


def has_analysis(target):
    """Whether @target has analysis builds (W=1, sparse, the units'
    headers, the baseline): its "analysis" is not False."""
    return TARGETS[target].get("analysis", True)


def analysis_targets():
    """The selected targets that have analysis builds."""
    return [t for t in selected_targets() if has_analysis(t)]


def compiler(target):
    """@target's C compiler: its "cc", or its (cross) gcc."""
    t = TARGETS[target]
    return t.get("cc") or f"{t['cross'] or ''}gcc"


def cross_cc(target):
    return f"ccache {compiler(target)}"


# The guests' compiler: ccache in depend mode for a C file, in its own
# (preprocessing) mode for anything else.  See ccache_env() for why depend
# mode saves a miss's second preprocessing and why it must not see a file
# that pulls a binary in with .incbin: those are assembler files
# (piggy.S, the initramfs, the certificates, the powerpc vDSO) and, of the
# C files, kernel/configs.c and kernel/kheaders.c, which say "incbin" in
# their own text.  The preprocessing mode sees the .incbin and leaves the
# file uncached.  No header of the tree says it (git grep), so a C file
# that does not is safe in depend mode.
GUEST_CCACHE = """#!/bin/sh
# Written by b43-kunit (scripts/b43kunit/kunitrun.py, GUEST_CCACHE).
# ccache for the guests' kernels: depend mode for a C file whose text
# does not say incbin, ccache's own mode for every other command.
unset CCACHE_DEPEND
for a do
	case $a in
	*.c)
		if [ -f "$a" ] && ! grep -q incbin "$a"; then
			CCACHE_DEPEND=1
			export CCACHE_DEPEND
		fi
		;;
	esac
done
exec ccache "$@"
"""


def guest_cc(work, target):
    """CC for a guest's kernel: GUEST_CCACHE, written to the work folder
    (the path must not change between runs, or kbuild rebuilds every
    object for a new command line), then the target's compiler: its "cc",
    or its gcc."""
    path = os.path.join(work, "bin", "ccache-guest")
    try:
        with open(path, encoding="utf-8") as f:
            same = f.read() == GUEST_CCACHE
    except OSError:
        same = False
    if not same:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.tmp.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(GUEST_CCACHE)
        os.chmod(tmp, 0o755)
        os.replace(tmp, path)
    return f"{path} {compiler(target)}"


def ccache_env(work, depend=False):
    """ccache's environment for a build of the work folder.

    @depend: ccache's depend mode (CCACHE_DEPEND), for builds of the b43
    and b43legacy directories only (checks.make_env(): the analysis
    builds, the series' steps).  On a miss it compiles once and takes the
    object's headers from the dependency file kbuild has gcc write
    (-Wp,-MMD), where ccache's default mode runs the preprocessor to hash
    its output and then the compiler, which preprocesses again.  It is
    wrong for a whole kernel: an assembler file that pulls a binary in
    with .incbin (x86's compressed-kernel piggy.S, the initramfs, built-in
    firmware, the powerpc vDSO) names no header, so depend mode would hit
    on the source alone and hand back an object that carries an older
    binary.  The preprocessing mode sees the .incbin and does not cache
    such a file.

    The guests' builds (depend=False) go through guest_cc(), which asks
    for depend mode file by file: for C files without an .incbin, never
    for an assembler file.  They keep a namespace of their own
    (CCACHE_NAMESPACE), so that no entry made under another choice of
    mode serves them.
    """
    d = os.path.join(work, "ccache")
    os.makedirs(d, exist_ok=True)
    env = {"CCACHE_DIR": d, "CCACHE_MAXSIZE": os.environ.get(
        "B43_KUNIT_CCACHE_SIZE", "8G")}
    if depend:
        env["CCACHE_DEPEND"] = "1"
    else:
        env["CCACHE_NAMESPACE"] = "guest-c-depend"
    return env


def jobs():
    return str(os.environ.get("B43_KUNIT_JOBS") or os.cpu_count() or 2)


# A WARN or a sanitizer report panics the guest (panic_on_warn), and the
# panic reboots it at once (panic=-1; QEMU runs with -no-reboot, so it
# exits): kunit.py reports the crash in seconds, not after --timeout.
GUEST_KERNEL_ARGS = ["--kernel_args=panic_on_warn=1",
                     "--kernel_args=panic=-1"]


def timeout(target):
    """kunit.py's --timeout for @target's guest, in seconds: the whole
    boot and every suite.  A guest that stops reporting is killed then."""
    return TARGETS[target].get("timeout", 600)


def kunit_args(tree, target, build_dir, extra=()):
    t = TARGETS[target]
    rt = top()
    cc = guest_cc(tree.get("work") or work_dir(), target)
    args = ["python3", "tools/testing/kunit/kunit.py", "run",
            f"--arch={t['arch']}", f"--build_dir={build_dir}",
            f"--kunitconfig={B43_KUNITCONFIG}"]
    for frag in t["fragments"]:
        args.append(f"--kunitconfig={os.path.join(rt, frag)}")
    if t["cross"]:
        args.append(f"--cross_compile={t['cross']}")
    args += [f"--make_options=CC={cc}", f"--jobs={jobs()}",
             f"--timeout={timeout(target)}"] + GUEST_KERNEL_ARGS
    args += list(extra)
    return args


def kvm_wanted():
    return os.environ.get("B43_KUNIT_KVM") == "1"


def kvm_probe(build_dir):
    """KVM only on request, and only if a guest really boots with it.

    On this kind of machine /dev/kvm exists but a KVM guest was seen to hang,
    so the probe boots the built kernel with no suites and a short timeout.
    """
    kernel = os.path.join(build_dir, "arch/x86/boot/bzImage")
    if not os.access("/dev/kvm", os.R_OK | os.W_OK) or not os.path.exists(kernel):
        return False
    cmd = ["timeout", "45", "qemu-system-x86_64", "-nodefaults", "-m", "512",
           "-accel", "kvm", "-kernel", kernel, "-append",
           "console=ttyS0 kunit.filter_glob=b43_kvm_probe_none kunit_shutdown=reboot",
           "-no-reboot", "-nographic", "-serial", "stdio"]
    cp = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        text=True, errors="replace", check=False)
    good = cp.returncode == 0 and "KTAP version" in cp.stdout
    log("KVM probe: " + ("guest booted, using KVM" if good else
                         "guest did not finish, staying on TCG"))
    return good


def parse_results(path):
    """(passed, failed, skipped, failed names) from kunit.py's --json file."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        raise StepError("kunit", f"no readable results: {e}", path) from e
    counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
    failed = []

    def walk(group, prefix):
        name = group.get("name", "")
        here = prefix if name == "KUnit Test Group" else (
            f"{prefix}.{name}" if prefix else name)
        for case in group.get("test_cases", []):
            st = case.get("status")
            cname = f"{here}.{case.get('name')}"
            if st == "PASS":
                counts["PASS"] += 1
            elif st == "SKIP":
                counts["SKIP"] += 1
            else:
                counts["FAIL"] += 1
                failed.append(cname)
        for sub in group.get("sub_groups", []):
            walk(sub, here)

    walk(data, "")
    return counts["PASS"], counts["FAIL"], counts["SKIP"], failed


# The headers the kernel's checkers print when they find something:
# lockdep ("WARNING: possible circular locking dependency detected"),
# might_sleep() ("BUG: sleeping function called from invalid context"),
# KASAN ("BUG: KASAN: ..."), a WARN() ("WARNING: CPU: 0 PID: 1 at ..."),
# RCU and hung-task reports ("INFO: ..."), debugobjects ("ODEBUG: ..."),
# list debugging ("list_add corruption"), UBSAN ("UBSAN: ..."), DMA-API
# debugging ("DMA-API: <device>: ...") and kmemleak ("kmemleak: N new
# suspected memory leaks", "unreferenced object ...").  Only some of them
# WARN (which panic_on_warn turns into a failed run): lockdep, might_sleep()
# and kmemleak print and carry on, so the console is read for all of them.
REPORT = re.compile(
    r"(?:^|\] |: )((?:WARNING|BUG|INFO): .*|ODEBUG: .*|UBSAN: .*|"
    r"list_(?:add|del) corruption.*|DMA-API: .*|"
    r"kmemleak: \d+ new suspected memory leaks.*|unreferenced object .*)$")
# What DMA-API debugging and kmemleak say when they start: not reports.
NOT_REPORT = re.compile(r"DMA-API: (preallocated \d+ debug entries|"
                        r"debugging enabled by kernel config)")


def kernel_reports(text):
    """The reports of the kernel's checkers in a guest's console @text,
    first line of each, in order, without repeats."""
    seen = []
    for line in text.splitlines():
        m = REPORT.search(line.rstrip())
        if not m or NOT_REPORT.search(line):
            continue
        what = re.sub(r"\s+", " ", m.group(1)).strip()
        if what not in seen:
            seen.append(what)
    return seen


def suites_unfinished(text):
    """(suites the top-level KTAP plan of a guest's console @text announces,
    how many of them printed no result line): a guest stopped by a timeout
    or a panic before a suite ended, which kunit.py's results show only as
    a case missing from a parameterised case's list."""
    m = re.search(r"^KTAP version \d+\s*\n1\.\.(\d+)\s*$", text, re.M)
    if not m:
        return 0, 0
    planned = int(m.group(1))
    done = len(re.findall(r"^(?:not )?ok \d+ ", text[m.end():], re.M))
    return planned, max(planned - done, 0)


def judge_console(res, target, log_path):
    """@res with one failure more for each kernel report in the guest's
    console log @log_path, and one for suites that never ended."""
    try:
        with open(log_path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        return res
    reports = kernel_reports(text)
    planned, unfinished = suites_unfinished(text)
    if unfinished:
        what = (f"{target}: {unfinished} of {planned} suites printed no "
                "result (the guest stopped)")
        print(f"[b43-kunit {elapsed()}] {what}", flush=True)
        res = (res[0], res[1] + 1, res[2], list(res[3]) + [what])
    if not reports:
        return res
    for r in reports[:10]:
        print(f"[b43-kunit {elapsed()}] {target}: kernel report: {r}",
              flush=True)
    return (res[0], res[1] + len(reports), res[2],
            list(res[3]) + [f"{target}: kernel report: {r}" for r in reports])


def missing_options(lines):
    for line in lines:
        m = re.match(r"Missing: (.*)", line.strip())
        if m:
            return m.group(1)
    return None


def config_args(tree, target, build_dir):
    """kunit.py config with the fragments and options kunit.py run gets."""
    args = [a for a in kunit_args(tree, target, build_dir)
            if not a.startswith(("--jobs", "--timeout", "--kernel_args"))]
    args[args.index("run")] = "config"
    return args


def exec_args(target, build_dir, extra=()):
    """kunit.py exec of a built guest, with the guest's kernel arguments;
    @extra (the filter glob last) is appended."""
    return (["python3", "tools/testing/kunit/kunit.py", "exec",
             f"--arch={TARGETS[target]['arch']}", f"--build_dir={build_dir}",
             f"--timeout={timeout(target)}"] + GUEST_KERNEL_ARGS
            + list(extra))


def kvm_args(target, build_dir):
    """kunit.py's QEMU arguments for KVM, when asked for and it boots."""
    if target == "x86_64" and kvm_wanted() and kvm_probe(build_dir):
        return ["--qemu_args=-accel kvm"]
    return []


def qemu_args(target, build_dir):
    """kunit.py's QEMU arguments for @target: its own, then KVM's."""
    own = TARGETS[target]["qemu"]
    return ([f"--qemu_args={' '.join(own)}"] if own else []) + \
        kvm_args(target, build_dir)


def configure_target(tree, target):
    """kunit.py config alone: the target's .config in its build folder, as
    the KUnit stage makes it, without building."""
    t = TARGETS[target]
    deps.ensure("build", *t["packages"])
    build_dir = os.path.join(tree["work"], "build", target)
    os.makedirs(build_dir, exist_ok=True)
    args = config_args(tree, target, build_dir)
    env = dict(os.environ)
    env.update(ccache_env(tree["work"]))
    cp = subprocess.run(args, cwd=tree["repo"], env=env, text=True,
                        errors="replace", stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, check=False)
    miss = missing_options(cp.stdout.splitlines())
    if cp.returncode or miss:
        raise StepError(f"kunit-{target}", "kunit.py config failed: "
                        + (miss or cp.stdout[-1500:]), build_dir)
    return os.path.join(build_dir, ".config")


def run_target(tree, target, filter_glob="b43*", results_dir=None, tag=None,
               out=None, after=None, built=None, configured=None):
    """Build and run one target; return (passed, failed, skipped, names).

    kunit.py's output goes to standard output as it comes, or, with @out
    (a list), is appended to @out for the caller to print later.  With
    @after (a threading.Event), kunit.py starts only once it is set; @built
    (another) is set as soon as this target's kernel is built and its guest
    starts, or kunit.py has ended; @configured (another) as soon as
    kunit.py starts building, its .config written, or it has ended.
    """
    try:
        if after is not None:
            after.wait()
        return _run_target(tree, target, filter_glob, results_dir, tag, out,
                           built, configured)
    finally:
        for ev in (built, configured):
            if ev is not None:
                ev.set()


def fresh_results(results_dir, name):
    """The path of kunit.py's --json file @name in @results_dir, last run's
    file removed: a run that ends before writing it leaves none."""
    os.makedirs(results_dir, exist_ok=True)
    json_path = os.path.join(results_dir, f"{name}.json")
    try:
        os.unlink(json_path)
    except FileNotFoundError:
        pass
    return json_path


def _run_target(tree, target, filter_glob, results_dir, tag, out, built,
                configured):
    t = TARGETS[target]
    work = tree["work"]
    deps.ensure("build", *t["packages"])
    build_dir = os.path.join(work, "build", tag or target)
    os.makedirs(build_dir, exist_ok=True)
    json_path = fresh_results(results_dir or os.path.join(work, "results"),
                              tag or target)
    extra = [f"--json={json_path}"] + qemu_args(target, build_dir)
    args = kunit_args(tree, target, build_dir, extra) + [filter_glob]

    def say(line):
        if out is None:
            print(line, end="", flush=True)
        else:
            out.append(line)

    say(f"[b43-kunit {elapsed()}] kunit.py for {target}, build folder "
        f"{build_dir}\n")
    say(f"[b43-kunit {elapsed()}] $ " + " ".join(args) + "\n")
    env = dict(os.environ)
    env.update(ccache_env(work))
    lines = []
    try:
        with subprocess.Popen(args, cwd=tree["repo"], env=env, text=True,
                              errors="replace", stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT) as p:
            for line in p.stdout:
                say(line)
                lines.append(line)
                if configured is not None and \
                        "Building KUnit Kernel" in line:
                    configured.set()
                if built is not None and "Starting KUnit Kernel" in line:
                    built.set()
            rc = p.wait()
    except OSError as e:
        raise StepError(f"kunit-{target}", str(e)) from e
    miss = missing_options(lines)
    if miss:
        frags = ", ".join([B43_KUNITCONFIG + "/.kunitconfig"] + t["fragments"])
        raise StepError(f"kunit-{target}", "kunit.py dropped options the "
                        f"kunitconfig asks for (unmet dependencies): {miss}",
                        frags)
    text = "".join(lines)
    if "No space left on device" in text:
        raise StepError(f"kunit-{target}", "the disk is full", build_dir)
    if not os.path.exists(json_path):
        raise StepError(f"kunit-{target}", f"kunit.py exited {rc} before any "
                        "results (see its output above)", build_dir)
    res = parse_results(json_path)
    if rc != 0 and res[1] == 0:
        # kunit.py failed although no case did: a crash, a timeout or a
        # suite that never reported.  Count it as one failure.
        res = (res[0], 1, res[2], [f"{target}: kunit.py exited {rc}"])
    if res[0] + res[1] == 0:
        res = (0, 1, res[2], [f"{target}: no b43 KUnit case ran"])
    return judge_console(res, target, os.path.join(build_dir, "test.log"))


def guest_make(tree, target, build_dir):
    """make of a guest's build folder as kunit.py run calls it (the same
    CC: another command line makes kbuild build every object again)."""
    t = TARGETS[target]
    make = ["make", f"ARCH={t['arch']}", f"O={build_dir}", f"--jobs={jobs()}",
            f"CC={guest_cc(tree.get('work') or work_dir(), target)}"]
    if t["cross"]:
        make.append(f"CROSS_COMPILE={t['cross']}")
    return make


def quick_steps(tree, target, build_dir, filter_glob, json_path):
    """The commands of quick(), in order: kunit.py config, make, kunit.py
    exec."""
    config = config_args(tree, target, build_dir)
    make = guest_make(tree, target, build_dir)
    exe = exec_args(target, build_dir, [f"--json={json_path}"]
                    + qemu_args(target, build_dir) + [filter_glob])
    return config, make, exe


def quick(tree, target="x86_64", filter_glob="b43*"):
    """Edit -> verdict on one guest: (passed, failed, skipped, names).

    `kunit.py run` in three steps, less what an edited source file does not
    need.  kunit.py run starts every build with `make olddefconfig` and
    builds compile_commands.json beside the kernel, about two seconds of a
    35-second edit -> verdict; here `kunit.py config` decides about the
    configuration as kunit.py run does (it lays it down again only when a
    fragment asks for what the .config lacks), make builds the kernel (kbuild
    runs syncconfig itself when a Kconfig file changed), and `kunit.py
    exec` boots the guest.  Should make change the .config (a Kconfig edit),
    kunit.py config checks it again, as kunit.py run's own check after its
    build would, and make runs once more if it had to lay it down anew.
    """
    deps.ensure("build", *TARGETS[target]["packages"])
    build_dir = os.path.join(tree["work"], "build", target)
    kconfig = os.path.join(build_dir, ".config")
    json_path = fresh_results(os.path.join(tree["work"], "results"),
                              f"{target}-quick")
    config, make, exe = quick_steps(tree, target, build_dir, filter_glob,
                                    json_path)
    env = dict(os.environ)
    env.update(ccache_env(tree["work"]))

    def step(args, what):
        log(f"{what}: " + " ".join(args))
        cp = subprocess.run(args, cwd=tree["repo"], env=env, text=True,
                            errors="replace", stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, check=False)
        return cp.returncode, cp.stdout

    def configure():
        log("configuration: " + " ".join(config))
        configure_target(tree, target)

    def digest():
        try:
            with open(kconfig, "rb") as f:
                return hashlib.sha256(f.read()).hexdigest()
        except FileNotFoundError:
            return None

    configure()
    for _ in range(2):
        before = digest()
        rc, text = step(make, "build")
        if rc:
            raise StepError(f"kunit-{target}", "make failed:\n" + text[-3000:],
                            build_dir)
        if digest() == before:
            break
        laid = digest()
        configure()
        if digest() == laid:
            break
    else:
        raise StepError(f"kunit-{target}", "the .config kept changing across "
                        "two builds", kconfig)
    log("guest: " + " ".join(exe))
    cp = subprocess.run(exe, cwd=tree["repo"], env=env, check=False)
    if not os.path.exists(json_path):
        raise StepError(f"kunit-{target}", f"kunit.py exec exited "
                        f"{cp.returncode} before any results", build_dir)
    res = parse_results(json_path)
    if res[0] + res[1] == 0:
        return (0, 1, res[2], [f"{target}: no KUnit case matched "
                               f"'{filter_glob}'"])
    if cp.returncode != 0 and res[1] == 0:
        res = (res[0], 1, res[2], [f"{target}: kunit.py exited "
                                   f"{cp.returncode}"])
    return judge_console(res, target, os.path.join(build_dir, "test.log"))
