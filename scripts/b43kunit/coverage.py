# SPDX-License-Identifier: GPL-2.0
"""Per-unit line and function coverage from the x86_64 QEMU guest.

The x86_64 KUnit kernel profiles b43, b43legacy and the b43 suites
(kunit/coverage.config).  This module boots that same kernel once more with
a busybox initramfs whose /init, after the built-in suites ran, mounts
debugfs, prints every .gcda under /sys/kernel/debug/gcov in base64 on the
serial console (read with cat, as Documentation/dev-tools/gcov.rst says)
and powers off.  The host writes the files back beside their .gcno in the
build folder, and lcov/genhtml turn them into an HTML report and a table
per unit file (kunit/units.conf), checked against kunit/coverage.conf.
"""

import base64
import hashlib
import os
import re
import shutil
import stat
import subprocess

from . import kunitrun, units
from .tree import top
from .util import StepError, log, run

CONF = "kunit/coverage.conf"
PROFILED = "drivers/net/wireless/broadcom"
GCOV_FS = "/sys/kernel/debug/gcov"

INIT = """#!/bin/busybox sh
# b43-kunit coverage guest: the b43 suites ran as built-in initcalls before
# this /init; copy their gcov counters to the console, then reboot, which
# ends QEMU (-no-reboot): the kernel has no ACPI to power off with.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t debugfs debugfs /sys/kernel/debug
# Keep kernel messages off the console while the data goes out.
echo 1 > /proc/sys/kernel/printk
cd GCOV_FS
for f in $(find . -name '*.gcda'); do
	sum=$(cat "$f" | md5sum)
	echo "B43-GCDA-BEGIN ${f#./}"
	cat "$f" | base64
	echo "B43-GCDA-END ${sum%% *}"
done
echo "B43-GCDA-DONE"
# kmemleak (x86_64's debugging options): what the suites left behind.  An
# object counts once it is 5 s old; the suites' last ones are, after this.
if [ -e /sys/kernel/debug/kmemleak ]; then
	sleep 5
	echo scan > /sys/kernel/debug/kmemleak
	echo "B43-KMEMLEAK-BEGIN"
	cat /sys/kernel/debug/kmemleak
	echo "B43-KMEMLEAK-END"
fi
reboot -f
""".replace("GCOV_FS", GCOV_FS)


def thresholds(root=None):
    """The floors of kunit/coverage.conf.

    {"lines": N, "functions": N} for every unit file, "files": {kernel
    path: lines N} for driver files, "drivers": {"b43"|"b43legacy": lines
    N} for a driver's own files together.
    """
    path = os.path.join(root or top(), CONF)
    want = {"files": {}, "drivers": {}}
    bad = ("want 'lines N', 'functions N', 'file <kernel path> N' or "
           "'driver b43|b43legacy N'")
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                line = line.split("#", 1)[0].split()
                if not line:
                    continue
                try:
                    if len(line) == 2 and line[0] in ("lines", "functions"):
                        want[line[0]] = float(line[1])
                    elif len(line) == 3 and line[0] == "file":
                        want["files"][line[1]] = float(line[2])
                    elif len(line) == 3 and line[0] == "driver" and \
                            line[1] in ("b43", "b43legacy"):
                        want["drivers"][line[1]] = float(line[2])
                    else:
                        raise ValueError
                except ValueError:
                    raise StepError("coverage", f"line {n}: {bad}",
                                    path) from None
    except OSError as e:
        raise StepError("coverage", str(e), path) from e
    return want


def initramfs(out_dir):
    """An uncompressed newc cpio with busybox and INIT as /init."""
    root = os.path.join(out_dir, "initramfs")
    shutil.rmtree(root, ignore_errors=True)
    for d in ("bin", "proc", "sys", "dev"):
        os.makedirs(os.path.join(root, d))
    shutil.copy("/bin/busybox", os.path.join(root, "bin", "busybox"))
    init = os.path.join(root, "init")
    with open(init, "w", encoding="utf-8") as f:
        f.write(INIT)
    os.chmod(init, stat.S_IRWXU | stat.S_IRGRP | stat.S_IXGRP |
             stat.S_IROTH | stat.S_IXOTH)
    cpio = os.path.join(out_dir, "initramfs.cpio")
    names = subprocess.run(["find", "."], cwd=root, stdout=subprocess.PIPE,
                           text=True, check=True).stdout
    with open(cpio, "wb") as f:
        subprocess.run(["cpio", "--quiet", "-o", "-H", "newc"], cwd=root,
                       input=names.encode(), stdout=f, check=True)
    return cpio


def boot(build_dir, cpio, log_path):
    kernel = os.path.join(build_dir, "arch/x86/boot/bzImage")
    if not os.path.exists(kernel):
        raise StepError("coverage", "no kernel: the KUnit stage builds it",
                        kernel)
    cmd = ["qemu-system-x86_64", "-nodefaults", "-m", "1024", "-bios",
           "qboot.rom", "-kernel", kernel, "-initrd", cpio, "-append",
           "console=ttyS0 rdinit=/init kunit.filter_glob=b43* "
           "panic_on_warn=1 panic=-1", "-no-reboot", "-nographic", "-serial",
           "stdio"] + kunitrun.TARGETS["x86_64"]["qemu"]
    log("booting the KUnit kernel with the coverage initramfs")
    try:
        cp = subprocess.run(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, timeout=600,
                            check=False)
    except subprocess.TimeoutExpired as e:
        raise StepError("coverage", "the guest did not end in 600 s",
                        log_path) from e
    with open(log_path, "wb") as f:
        f.write(cp.stdout)
    return cp.stdout.decode("ascii", errors="replace")


def extract(console, build_dir):
    """Write each .gcda the guest printed; return their paths.

    A file counts only if its base64 decodes and its md5 matches the one
    the guest printed, and only under the build folder's profiled
    directories: the guest's path is never trusted beyond that.
    """
    allowed = os.path.realpath(os.path.join(build_dir, PROFILED)) + os.sep
    out = []
    cur, body = None, []
    if "B43-GCDA-DONE" not in console:
        raise StepError("coverage", "the guest's /init did not finish "
                        "printing the counters (no B43-GCDA-DONE)")
    for line in console.splitlines():
        line = line.strip()
        if line.startswith("B43-GCDA-BEGIN "):
            cur, body = line.split(" ", 1)[1], []
        elif line.startswith("B43-GCDA-END ") and cur is not None:
            data = base64.b64decode("".join(body), validate=True)
            want = line.split(" ", 1)[1]
            if hashlib.md5(data).hexdigest() != want:
                raise StepError("coverage", f"{cur}: the data read back "
                                "does not match the guest's md5sum")
            dest = os.path.realpath("/" + cur)
            if dest.startswith(allowed):
                with open(dest, "wb") as f:
                    f.write(data)
                out.append(dest)
            cur = None
        elif cur is not None and re.fullmatch(r"[A-Za-z0-9+/=]+", line):
            body.append(line)
    return out


def clear_counters(build_dir):
    for dirpath, _, files in os.walk(os.path.join(build_dir, PROFILED)):
        for f in files:
            if f.endswith(".gcda"):
                os.unlink(os.path.join(dirpath, f))


def parse_info(path):
    """{source path: {"lines": (hit, found), "functions": (hit, found)}}.

    Counted from the DA: and FN:/FNDA: records themselves (not the LH/LF
    summaries, which not every lcov writes), merging records of the same
    file: a header's line is hit if any object that includes it ran it.
    """
    lines, funcs = {}, {}
    cur = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            line = line.strip()
            if line.startswith("SF:"):
                cur = os.path.realpath(line[3:])
                lines.setdefault(cur, {})
                funcs.setdefault(cur, {})
            elif cur is None:
                continue
            elif line.startswith("DA:"):
                no, count = line[3:].split(",")[:2]
                lines[cur][no] = max(lines[cur].get(no, 0), int(count))
            elif line.startswith("FN:"):
                name = line[3:].split(",", 1)[1]
                funcs[cur].setdefault(name, 0)
            elif line.startswith("FNDA:"):
                count, name = line[5:].split(",", 1)
                funcs[cur][name] = max(funcs[cur].get(name, 0), int(count))
            elif line == "end_of_record":
                cur = None
    out = {}
    for src in lines:
        da, fn = lines[src], funcs[src]
        out[src] = {"lines": (sum(1 for c in da.values() if c), len(da)),
                    "functions": (sum(1 for c in fn.values() if c), len(fn))}
    return out


def percent(hit, found):
    return 100.0 * hit / found if found else 100.0


def table(info, tree_dir, unit_list):
    """Rows (unit, file, lines hit/found, functions hit/found)."""
    rows = []
    for name, files in unit_list.items():
        for f in files:
            rec = info.get(os.path.realpath(os.path.join(tree_dir, f)))
            rows.append((name, f, rec["lines"] if rec else (0, 0),
                         rec["functions"] if rec else (0, 0), rec is not None))
    return rows


def measure(t, results_dir=None):
    """Boot, collect, report.  Returns (rows, html index path)."""
    work = t["work"]
    build_dir = os.path.join(work, "build", "x86_64")
    out_dir = results_dir or os.path.join(work, "results", "coverage")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    clear_counters(build_dir)
    console = boot(build_dir, initramfs(out_dir),
                   os.path.join(out_dir, "console.log"))
    files = extract(console, build_dir)
    if not files:
        raise StepError("coverage", "the guest printed no .gcda under "
                        f"{PROFILED}: is CONFIG_GCOV_PROFILE_B43 set?",
                        os.path.join(out_dir, "console.log"))
    log(f"coverage: {len(files)} .gcda files from the guest")
    info = os.path.join(out_dir, "b43.info")
    gcov = shutil.which("gcov-12") or "gcov"
    run(["lcov", "--quiet", "--capture", "--gcov-tool", gcov,
         "--directory", os.path.join(build_dir, PROFILED),
         "--base-directory", build_dir, "--output-file", info],
        "coverage", quiet=True)
    html = os.path.join(out_dir, "html")
    run(["genhtml", "--quiet", "--legend", "--title", "b43 KUnit on QEMU "
         "x86_64", "--output-directory", html, info], "coverage",
        quiet=True)
    parsed = parse_info(info)
    want = thresholds()
    return table(parsed, t["repo"], units.load()), totals(parsed, t["repo"]), \
        os.path.join(html, "index.html"), \
        file_rows(parsed, t["repo"], want["files"])


def file_rows(info, tree_dir, floors):
    """Rows (file, lines hit/found, functions hit/found, seen) of the driver
    files kunit/coverage.conf sets a floor for."""
    rows = []
    for f in floors:
        rec = info.get(os.path.realpath(os.path.join(tree_dir, f)))
        rows.append((f, rec["lines"] if rec else (0, 0),
                     rec["functions"] if rec else (0, 0), rec is not None))
    return rows


def totals(info, tree_dir):
    """Lines and functions over each driver's own files (not its tests)."""
    out = []
    for d in ("b43", "b43legacy"):
        base = os.path.realpath(os.path.join(tree_dir, PROFILED, d)) + os.sep
        recs = [v for k, v in info.items() if k.startswith(base) and
                "/tests/" not in k[len(base) - 1:]]
        out.append((d, tuple(sum(r["lines"][i] for r in recs) for i in (0, 1)),
                    tuple(sum(r["functions"][i] for r in recs)
                          for i in (0, 1))))
    return out


def print_table(rows, tot=(), frows=()):
    print("\n# coverage per unit file (lcov, x86_64 guest)")
    print(f"{'unit':<10} {'file':<44} {'lines':>13} {'functions':>11}")
    for name, f, (lh, lf), (fh, ff), _ in rows:
        print(f"{name:<10} {os.path.basename(f):<44} "
              f"{percent(lh, lf):5.1f}% {lh:>3}/{lf:<3} "
              f"{percent(fh, ff):5.1f}% {fh}/{ff}")
    for f, (lh, lf), (fh, ff), _ in frows:
        print(f"{'(file)':<10} {os.path.basename(f):<44} "
              f"{percent(lh, lf):5.1f}% {lh:>3}/{lf:<3} "
              f"{percent(fh, ff):5.1f}% {fh}/{ff}")
    for d, (lh, lf), (fh, ff) in tot:
        print(f"{'(driver)':<10} {d + ' (all its files)':<44} "
              f"{percent(lh, lf):5.1f}% {lh:>3}/{lf:<3} "
              f"{percent(fh, ff):5.1f}% {fh}/{ff}")


FUNCTION_BODY = re.compile(r"^\{", re.M)


def declarations_only(path):
    """A header with no function body: nothing gcov could count.

    Kernel style opens a function body with "{" alone at the start of a
    line; struct and enum definitions open theirs at the end of a line.
    """
    if not path.endswith(".h"):
        return False
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return not FUNCTION_BODY.search(f.read())
    except OSError:
        return False


KMEMLEAK = re.compile(r"^B43-KMEMLEAK-BEGIN\r?$(.*?)^B43-KMEMLEAK-END\r?$",
                      re.M | re.S)


def judge_console(tally, console):
    """The coverage boot ran every suite once more: no checker may report
    on its console, and kmemleak's scan after the suites finds nothing."""
    reports = kunitrun.kernel_reports(console)
    tally.check("no kernel report in the x86_64 coverage boot", not reports,
                "\n".join(reports[:10]))
    m = KMEMLEAK.search(console)
    leaks = m.group(1).strip() if m else ""
    tally.check("kmemleak: nothing left behind by the suites (x86_64)",
                m is not None and not leaks,
                "kmemleak did not run in the coverage boot" if m is None
                else leaks[:3000])


def check(t, tally):
    rows, tot, index, frows = measure(t)
    with open(os.path.join(t["work"], "results", "coverage", "console.log"),
              encoding="ascii", errors="replace") as f:
        judge_console(tally, f.read())
    print_table(rows, tot, frows)
    log(f"coverage report: {index}")
    want = thresholds()
    for f, lines, _funcs, seen in frows:
        lp, floor = percent(*lines), want["files"][f]
        tally.check(f"coverage of {f} (driver file) meets {CONF}: lines "
                    f">= {floor:g}%", seen and lines[1] > 0 and lp >= floor,
                    f"lines {lp:.1f}% ({lines[0]}/{lines[1]})" if seen else
                    "no coverage data for the file")
    for d, lines, _funcs in tot:
        if d not in want["drivers"]:
            continue
        lp, floor = percent(*lines), want["drivers"][d]
        tally.check(f"coverage of {d} (all its files) meets {CONF}: lines "
                    f">= {floor:g}%", lines[1] > 0 and lp >= floor,
                    f"lines {lp:.1f}% ({lines[0]}/{lines[1]})")
    for name, f, lines, funcs, seen in rows:
        if not seen and declarations_only(os.path.join(t["repo"], f)):
            tally.ok(f"coverage of {f} (unit {name})",
                     "declarations only: no code for gcov to count")
            continue
        lp, fp = percent(*lines), percent(*funcs)
        seen = seen and lines[1] > 0
        good = seen and lp >= want.get("lines", 0) and \
            fp >= want.get("functions", 0)
        tally.check(f"coverage of {f} (unit {name}) meets {CONF}", good,
                    f"lines {lp:.1f}% ({lines[0]}/{lines[1]}), functions "
                    f"{fp:.1f}% ({funcs[0]}/{funcs[1]})" if seen else
                    "no coverage data for the file")
