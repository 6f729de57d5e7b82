# SPDX-License-Identifier: GPL-2.0
"""TX header vectors recorded from 6.12's b43_generate_txhdr().

The series replaces b43_generate_txhdr()'s body with an adapter and a
builder and claims the header bytes stay 6.12's.  The proof is in the tree:
tests/txhdr612.h generates inputs from a vector's index, the b43_txhdr612
suite runs today's function on them and compares with
tests/txhdr612_vectors.h, which holds what 6.12's own function gave.

`scripts/b43-kunit txhdr612` records that file: it checks out pristine
6.12 in the work folder, adds kunit/txhdr612-record.c and the series'
tests/txhdr612.h, builds a KUnit kernel on QEMU (x86_64, no sanitizers),
runs the recorder and writes the file into drivers/ of this repository.
The file names the pristine tree and the sha256 of the txhdr612.h it was
recorded with; the full test fails when that header changed since.
"""

import hashlib
import os
import re
import shutil

from .tree import git, top
from .util import StepError, log, run

B43 = "drivers/net/wireless/broadcom/b43"
FIXTURE = f"{B43}/tests/txhdr612.h"
VECTORS = f"{B43}/tests/txhdr612_vectors.h"
RECORDER = "kunit/txhdr612-record.c"

# The pristine tree has no b43 .kunitconfig: the b43 stack, built in.
KUNITCONFIG = """CONFIG_KUNIT=y
CONFIG_PCI=y
CONFIG_NET=y
CONFIG_NETDEVICES=y
CONFIG_WIRELESS=y
CONFIG_WLAN=y
CONFIG_CFG80211=y
CONFIG_MAC80211=y
CONFIG_WLAN_VENDOR_BROADCOM=y
CONFIG_SSB=y
CONFIG_BCMA=y
CONFIG_B43=y
CONFIG_B43_BUSES_BCMA_AND_SSB=y
CONFIG_B43_PHY_G=y
CONFIG_B43_PHY_N=y
CONFIG_B43_PHY_LP=y
CONFIG_B43_PHY_HT=y
"""

LINE = re.compile(r"b43-txhdr612: (\d+) (-?\d+) (\d+) ([0-9a-f]{8})$")


def sha256_of(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def recorded_sha(vectors_path):
    """The fixture sha256 a vectors file says it was recorded with."""
    with open(vectors_path, encoding="utf-8") as f:
        m = re.search(r"fixture sha256 ([0-9a-f]{64})", f.read())
    return m.group(1) if m else None


def parse(console, count):
    vecs = {}
    done = False
    for line in console.splitlines():
        line = line.strip()
        m = LINE.search(line)
        if m:
            vecs[int(m.group(1))] = (int(m.group(2)), int(m.group(3)),
                                     m.group(4))
        elif line.endswith(f"b43-txhdr612: done {count}"):
            done = True
    if not done or sorted(vecs) != list(range(count)):
        raise StepError("txhdr612", f"the recorder gave {len(vecs)} of "
                        f"{count} vectors (done: {done})")
    return [vecs[i] for i in range(count)]


def render(vecs, fixture_sha):
    out = [
        "/* SPDX-License-Identifier: GPL-2.0 */",
        "/*",
        " * Broadcom B43 wireless driver",
        " * What 6.12's b43_generate_txhdr() gave for the inputs of txhdr612.h",
        " *",
        " * Broadcom enabled the development of this driver, by providing all "
        "required",
        " * hardware information in the form of binary software drivers.",
        " *",
        " * Generated, on purpose from the unpatched code: do not edit.  These "
        "are the",
        " * outputs of the 6.12 driver with no patch of the series, for the "
        "vectors",
        " * txhdr612.h generates, recorded on QEMU x86_64.  Each entry: "
        "return value,",
        " * rates[0].count after the call, CRC-32 of the header's bytes.",
        f" * Recorded with fixture sha256 {fixture_sha}",
        " */",
        "#ifndef B43_TESTS_TXHDR612_VECTORS_H_",
        "#define B43_TESTS_TXHDR612_VECTORS_H_",
        "",
        "static const struct b43_txhdr612_vec "
        "b43_txhdr612_vectors[] = {",
    ]
    for ret, count, crc in vecs:
        out.append(f"\t{{ {ret}, {count}, 0x{crc} }},")
    out += ["};", "", "#endif /* B43_TESTS_TXHDR612_VECTORS_H_ */", ""]
    return "\n".join(out)


def count_of(fixture_path):
    with open(fixture_path, encoding="utf-8") as f:
        m = re.search(r"#define B43_TXHDR612_COUNT\s+(\d+)", f.read())
    if not m:
        raise StepError("txhdr612", "no B43_TXHDR612_COUNT", fixture_path)
    return int(m.group(1))


def record(t, jobs):
    """Build pristine 6.12 with the recorder, run it, write the vectors."""
    from .kunitrun import ccache_env
    rt = top()
    fixture = os.path.join(t["repo"], FIXTURE)
    if not os.path.exists(fixture):
        raise StepError("txhdr612", "the assembled tree has no fixture",
                        fixture)
    count = count_of(fixture)
    wt = os.path.join(t["work"], "txhdr612")
    if not os.path.isdir(os.path.join(wt, ".git")) and not os.path.isfile(
            os.path.join(wt, ".git")):
        shutil.rmtree(wt, ignore_errors=True)
        git(t["repo"], "worktree", "prune", step="txhdr612")
        git(t["repo"], "worktree", "add", "-f", "--detach", wt,
            t["pristine"], step="txhdr612")
    git(wt, "checkout", "-q", "-f", "--detach", t["pristine"],
        step="txhdr612")
    git(wt, "clean", "-fdq", "--", B43, step="txhdr612")
    os.makedirs(os.path.join(wt, B43, "tests"), exist_ok=True)
    shutil.copy(fixture, os.path.join(wt, FIXTURE))
    shutil.copy(os.path.join(rt, RECORDER),
                os.path.join(wt, B43, "txhdr612_record.c"))
    with open(os.path.join(wt, B43, "Makefile"), "a", encoding="utf-8") as f:
        f.write("obj-$(CONFIG_B43) += txhdr612_record.o\n")
    kcfg = os.path.join(t["work"], "build", "txhdr612.kunitconfig")
    os.makedirs(os.path.dirname(kcfg), exist_ok=True)
    with open(kcfg, "w", encoding="utf-8") as f:
        f.write(KUNITCONFIG)
    bdir = os.path.join(t["work"], "build", "txhdr612")
    log(f"recording {count} vectors from Linux {t['version']} (pristine)")
    cp = run(["python3", "tools/testing/kunit/kunit.py", "run",
              "--arch=x86_64", f"--build_dir={bdir}",
              f"--kunitconfig={kcfg}", "--make_options=CC=ccache gcc",
              f"--jobs={jobs}", "--raw_output=all",
              "b43_txhdr612_record"], "txhdr612", cwd=wt,
             env=ccache_env(t["work"]), capture=True, quiet=True,
             check=False)
    vecs = parse((cp.stdout or "") + (cp.stderr or ""), count)
    text = render(vecs, sha256_of(fixture))
    dest = os.path.join(rt, VECTORS)
    with open(dest, "w", encoding="utf-8") as f:
        f.write(text)
    git(wt, "checkout", "-q", "-f", "--detach", t["pristine"],
        step="txhdr612")
    git(wt, "clean", "-fdq", "--", B43, step="txhdr612")
    errs = sum(1 for v in vecs if v[0])
    log(f"wrote {dest}: {count} vectors, {errs} refused by 6.12")
    return dest


def check(t, tally):
    """The vectors were recorded with the fixture the tree has."""
    fixture = os.path.join(t["repo"], FIXTURE)
    vectors = os.path.join(t["repo"], VECTORS)
    if not os.path.exists(fixture) or not os.path.exists(vectors):
        tally.fail("TX header vectors of 6.12 are in the tree",
                   f"missing {FIXTURE} or {VECTORS}")
        return
    have, want = sha256_of(fixture), recorded_sha(vectors)
    tally.check("TX header vectors were recorded with the tree's "
                "txhdr612.h", have == want,
                "" if have == want else
                f"txhdr612.h is {have[:16]}..., the vectors say "
                f"{(want or 'nothing')[:16]}...: rerun scripts/b43-kunit "
                "txhdr612")
