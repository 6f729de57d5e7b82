# SPDX-License-Identifier: GPL-2.0
"""TX power outputs recorded from 6.12's PHY code, and each fix's direction.

b43/tests/txpower612.h and b43legacy/tests/txpower612.h generate inputs of
the drivers' TX power paths from a vector's index and decode what the
driver programmed on the virtual core; the b43_txpower612 and
b43legacy_txpower612 suites run today's drivers on them and compare with
tests/txpower612_vectors.h of each driver, what 6.12's own code programmed.

`scripts/b43-kunit txpower612` records those files.  6.12 has none of the
series' test seams, so the recording tree is pristine 6.12 plus
kunit/txpower612-seams.patch: the static functions the harnesses call made
visible under CONFIG_B43_KUNIT_TEST, and the two static-stub wrappers around
mac80211's workqueue and RX calls, as the series' seam patches add them
(without the option nothing changes).  b43's tests/vcore.[ch] and
tests/txpower612.h and kunit/txpower612-record.c are linked into b43;
b43legacy's tests/txpower612.h and kunit/txpower612-lg-record.c into
b43legacy.

`scripts/b43-kunit txpower612 fixes [PATCH...]` records the same vectors
on pristine 6.12 with one patch at a time (default: the patches of the TX
power topics that change a file of either driver, their driver side, and
the whole b43-txpower-fixes topic at once; "a.patch+b.patch" applies b
after a) and prints, for each and each kind of vector, how many outputs
are the same as 6.12's, lower or higher, in the terms of the suites, and
the indices of the higher ones.
"""

import hashlib
import os
import re
import shutil

from . import txhdr612
from .tree import git, top
from .util import StepError, log, run

B43 = "drivers/net/wireless/broadcom/b43"
LEGACY = "drivers/net/wireless/broadcom/b43legacy"
MODEL = [f"{B43}/tests/vcore.c", f"{B43}/tests/vcore.h"]
SEAMS = "kunit/txpower612-seams.patch"

# Each driver's harness, record and recorder.  "nr" maps a kind to the
# #define of the harness that gives its number of vectors.
DRIVERS = [
    {"dir": B43, "prefix": "b43_txp612", "enum": "B43_TXP612",
     "guard": "B43_TESTS_TXPOWER612_VECTORS_H_",
     "harness": f"{B43}/tests/txpower612.h",
     "vectors": f"{B43}/tests/txpower612_vectors.h",
     "recorder": "kunit/txpower612-record.c", "obj": "txpower612_record",
     "makefile": "b43-y += tests/vcore.o txpower612_record.o\n",
     "kinds": ["G", "N", "NB", "HT", "NSW", "GSW", "NINIT", "HTTAB"],
     "nr": {"G": "G", "N": "N", "NB": "N", "HT": "HT", "NSW": "SW",
            "GSW": "SW", "NINIT": "NINIT", "HTTAB": "HTTAB"},
     "what": "6.12's TX power paths"},
    {"dir": LEGACY, "prefix": "b43lg_txp612", "enum": "B43LG_TXP612",
     "guard": "B43LEGACY_TESTS_TXPOWER612_VECTORS_H_",
     "harness": f"{LEGACY}/tests/txpower612.h",
     "vectors": f"{LEGACY}/tests/txpower612_vectors.h",
     "recorder": "kunit/txpower612-lg-record.c",
     "obj": "txpower612_lg_record",
     "makefile": "b43legacy-y += txpower612_lg_record.o\n",
     "kinds": ["LG", "LGSW"], "nr": {"LG": "LG", "LGSW": "SW"},
     "what": "6.12's TX power path"},
]
KINDS = [k for d in DRIVERS for k in d["kinds"]]
HARNESSES = [d["harness"] for d in DRIVERS]

# txhdr612's pristine b43 stack, with b43legacy, the suites' module, the
# debug messages the recorders read and the guests' tick rate.
KUNITCONFIG = txhdr612.KUNITCONFIG + """CONFIG_B43_DEBUG=y
CONFIG_B43LEGACY=y
CONFIG_B43_KUNIT_TEST=y
CONFIG_HZ_1000=y
"""

LINE = re.compile(r"b43-txp612: (\w+) (\d+) (\d+) (\d+) (\d+) (\d+)$")
DONE = re.compile(r"b43-txp612: done (\w+) (\d+)$")


def counts_of(repo):
    """{kind: number of vectors} from the harnesses' #defines in @repo."""
    out = {}
    for d in DRIVERS:
        with open(os.path.join(repo, d["harness"]), encoding="utf-8") as f:
            text = f.read()
        nr = {}
        for m in re.finditer(r"#define %s_NR_(\w+)\s+(.+)$" % d["enum"],
                             text, re.M):
            v = m.group(2).strip()
            # a number, or "(a * b)" of two numbers
            mm = re.fullmatch(r"\(?(\d+)(?:\s*\*\s*(\d+))?\)?", v)
            if mm:
                nr[m.group(1)] = int(mm.group(1)) * int(mm.group(2) or 1)
        for k in d["kinds"]:
            if d["nr"][k] not in nr:
                raise StepError("txpower612", f"{d['harness']}: no "
                                f"{d['enum']}_NR_{d['nr'][k]}")
            out[k] = nr[d["nr"][k]]
    return out


def parse(console, counts):
    """{kind: [(v0, v1, v2, v3)]} from the recorders' lines."""
    got = {k: {} for k in KINDS}
    done = set()
    for line in console.splitlines():
        line = line.strip()
        m = LINE.search(line)
        if m and m.group(1) in got:
            got[m.group(1)][int(m.group(2))] = tuple(
                int(m.group(i)) for i in range(3, 7))
            continue
        m = DONE.search(line)
        if m:
            done.add(m.group(1))
    out = {}
    for k in KINDS:
        if k not in done or sorted(got[k]) != list(range(counts[k])):
            raise StepError("txpower612", f"{k}: the recorder gave "
                            f"{len(got[k])} of {counts[k]} vectors "
                            f"(done: {k in done})")
        out[k] = [got[k][i] for i in range(counts[k])]
    return out


def fixture_sha(repo):
    """One digest of what the outputs depend on: harnesses and model."""
    h = hashlib.sha256()
    for p in HARNESSES + MODEL:
        with open(os.path.join(repo, p), "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def recorded_sha(vectors_path):
    with open(vectors_path, encoding="utf-8") as f:
        m = re.search(r"fixture sha256 ([0-9a-f]{64})", f.read())
    return m.group(1) if m else None


def render(d, vecs, sha):
    """The vectors file of driver @d."""
    out = [
        "/* SPDX-License-Identifier: GPL-2.0 */",
        "/*",
        " * Broadcom B43legacy wireless driver" if d["dir"] == LEGACY else
        " * Broadcom B43 wireless driver",
        f" * What {d['what']} programmed for the inputs of txpower612.h",
        " *",
        " * Broadcom enabled the development of this driver, by providing all "
        "required",
        " * hardware information in the form of binary software drivers.",
        " *",
        " * Generated, on purpose from the unpatched code: do not edit.  "
        "These are the",
        " * outputs of the 6.12 driver with no patch of the series but the "
        "test seams",
        " * (b43/tests/txpower612.h says which), for the vectors "
        "txpower612.h generates,",
        " * recorded on QEMU x86_64.  txpower612.h's DOC block says what "
        "each value is.",
        f" * Recorded with fixture sha256 {sha}",
        " */",
        f"#ifndef {d['guard']}",
        f"#define {d['guard']}",
        "",
    ]
    for k in d["kinds"]:
        out.append(f"static const struct {d['prefix']}_out "
                   f"{d['prefix']}_{k.lower()}_612[] = {{")
        for v in vecs[k]:
            out.append("\t{ { " + ", ".join(str(x) for x in v) + " } },")
        out += ["};", ""]
    out.append(f"static const struct {d['prefix']}_out *const "
               f"{d['prefix']}_vectors[{d['enum']}_NR_KINDS] = {{")
    for k in d["kinds"]:
        out.append(f"\t[{d['enum']}_{k}] = {d['prefix']}_{k.lower()}_612,")
    out += ["};", "", f"#endif /* {d['guard']} */", ""]
    return "\n".join(out)


def _worktree(t, name):
    wt = os.path.join(t["work"], name)
    if not os.path.exists(os.path.join(wt, ".git")):
        shutil.rmtree(wt, ignore_errors=True)
        git(t["repo"], "worktree", "prune", step="txpower612")
        git(t["repo"], "worktree", "add", "-f", "--detach", wt,
            t["pristine"], step="txpower612")
    return wt


def _reset(t, wt):
    git(wt, "checkout", "-q", "-f", "--detach", t["pristine"],
        step="txpower612")
    git(wt, "clean", "-fdq", "--", B43, LEGACY, step="txpower612")


def _record_once(t, jobs, wt, fix_patch, counts):
    """Record on pristine (+ @fix_patch): {kind: [outputs]}."""
    from .kunitrun import ccache_env
    rt = top()
    _reset(t, wt)
    # "a.patch+b.patch": b applied after a
    for p in fix_patch.split("+") if fix_patch else []:
        # the drivers' side of the patch: a case it adds to the suites
        # needs the series' test files, which 6.12 does not have
        git(wt, "apply", "--index", "--whitespace=nowarn",
            f"--exclude={B43}/tests/*", f"--exclude={LEGACY}/tests/*",
            p, step="txpower612")
    git(wt, "apply", "-3", os.path.join(rt, SEAMS), step="txpower612")
    os.makedirs(os.path.join(wt, B43, "tests"), exist_ok=True)
    os.makedirs(os.path.join(wt, LEGACY, "tests"), exist_ok=True)
    for p in HARNESSES + MODEL:
        shutil.copy(os.path.join(t["repo"], p), os.path.join(wt, p))
    for d in DRIVERS:
        shutil.copy(os.path.join(rt, d["recorder"]),
                    os.path.join(wt, d["dir"], d["obj"] + ".c"))
        with open(os.path.join(wt, d["dir"], "Makefile"), "a",
                  encoding="utf-8") as f:
            f.write(d["makefile"])
    kcfg = os.path.join(t["work"], "build", "txpower612.kunitconfig")
    os.makedirs(os.path.dirname(kcfg), exist_ok=True)
    with open(kcfg, "w", encoding="utf-8") as f:
        f.write(KUNITCONFIG)
    bdir = os.path.join(t["work"], "build", "txpower612")
    cp = run(["python3", "tools/testing/kunit/kunit.py", "run",
              "--arch=x86_64", f"--build_dir={bdir}",
              f"--kunitconfig={kcfg}", "--make_options=CC=ccache gcc",
              f"--jobs={jobs}", "--raw_output=all", "--timeout=1200",
              "b43*_txp612_record"], "txpower612", cwd=wt,
             env=ccache_env(t["work"]), capture=True, quiet=True,
             check=False)
    return parse((cp.stdout or "") + (cp.stderr or ""), counts)


def record(t, jobs):
    """Build pristine 6.12 with the recorders, run them, write the
    vectors of both drivers."""
    counts = counts_of(t["repo"])
    wt = _worktree(t, "txpower612")
    log(f"recording TX power vectors from Linux {t['version']} (pristine)")
    vecs = _record_once(t, jobs, wt, None, counts)
    _reset(t, wt)
    sha = fixture_sha(t["repo"])
    dests = []
    for d in DRIVERS:
        dest = os.path.join(top(), d["vectors"])
        with open(dest, "w", encoding="utf-8") as f:
            f.write(render(d, vecs, sha))
        dests.append(dest)
    log("wrote " + ", ".join(dests) + ": " +
        ", ".join(f"{k} {counts[k]}" for k in KINDS))
    return "\n".join(dests)


# --- each fix against 6.12: the suites' comparison, in Python ---------------

LG_TXCTL_GAIN = 10

def s8(v):
    v &= 0xFF
    return v - 256 if v >= 128 else v


def compare(kind, now, was):
    """'same', 'lower' or 'higher': the suites' txp_compare()."""
    if kind in ("G", "GSW"):
        a_now, a_was = now[0] + 4 * now[1], was[0] + 4 * was[1]
        if a_now != a_was:
            return "higher" if a_now < a_was else "lower"
        return "same" if now[2] == was[2] else "higher"
    if kind in ("LG", "LGSW"):
        # b43legacy_txpower612's lg_compare(): the TX control 3 is worth
        # 10 baseband steps, as both drivers trade it; another is not
        # ordered
        if tuple(now[:3]) == tuple(was[:3]):
            return "same"

        def att(o):
            gain = {0: 0, 3: LG_TXCTL_GAIN}.get(o[2])
            return None if gain is None else o[0] + 4 * o[1] - gain
        a_now, a_was = att(now), att(was)
        if a_now is None or a_was is None:
            return "higher"
        if a_now == a_was:
            return "same"
        return "higher" if a_now < a_was else "lower"
    if kind == "HTTAB":
        if tuple(now[:3]) == tuple(was[:3]):
            return "same"
        return "higher" if s8(now[0]) < s8(was[0]) else "lower"
    n = {"NINIT": 4, "HT": 3}.get(kind, 2)
    hi = any(now[i] > was[i] for i in range(n))
    lo = any(now[i] < was[i] for i in range(n))
    return "higher" if hi else "lower" if lo else "same"


def direction(base, other):
    """{kind: {same, lower, higher: counts, up: [indices]}} of @other
    against @base."""
    out = {}
    for k in KINDS:
        c = {"same": 0, "lower": 0, "higher": 0, "up": []}
        for i, (now, was) in enumerate(zip(other[k], base[k])):
            r = compare(k, now, was)
            c[r] += 1
            if r == "higher":
                c["up"].append(i)
        out[k] = c
    return out


def ranges(idx):
    """'0-3, 7' from [0, 1, 2, 3, 7]."""
    out, start = [], None
    for n, i in enumerate(idx):
        if start is None:
            start = i
        if n + 1 == len(idx) or idx[n + 1] != i + 1:
            out.append(str(start) if start == i else f"{start}-{i}")
            start = None
    return ", ".join(out)


def table(rows):
    """The per-patch table: counts, verdict, then the higher vectors."""
    lines = ["patch | " + " | ".join(KINDS) + " | direction"]
    for name, d in rows:
        if d is None:
            lines.append(f"{name} | does not apply to 6.12 alone")
            continue
        cells = [f"{d[k]['same']}/{d[k]['lower']}/{d[k]['higher']}"
                 for k in KINDS]
        up = sum(d[k]["higher"] for k in KINDS)
        verdict = ("higher for some inputs" if up else
                   "never higher than 6.12")
        lines.append(f"{name} | " + " | ".join(cells) + f" | {verdict}")
    for name, d in rows:
        for k in KINDS if d else ():
            if d[k]["up"]:
                lines.append(f"{name}: {k} higher at {ranges(d[k]['up'])}")
    return "\n".join(lines) + "\n"


# The topics whose patches change what the PHYs program for TX power: the
# stable fixes, and those that can raise it (wireless-next)
TXPOWER_TOPICS = ("b43-txpower-fixes", "b43-txpower-limits",
                  "b43-txpower-next")


def txpower_patches(repo_top=None):
    """The patches of the TX power topics that change a file of either
    driver (not only its tests)."""
    from . import series
    rt = repo_top or top()
    out = []
    for tp in series.topics(rt):
        if tp["name"] not in TXPOWER_TOPICS:
            continue
        for p in tp["patches"]:
            path = os.path.join(rt, "patches", p)
            with open(path, encoding="utf-8") as f:
                files = re.findall(r"^diff --git a/(\S+)", f.read(), re.M)
            if any(x.startswith((B43 + "/", LEGACY + "/")) and
                   "/tests/" not in x for x in files):
                out.append(path)
    return out


def topic_at_once(repo_top=None, name="b43-txpower-fixes"):
    """The patches of topic @name that change a driver file, joined
    with "+" for fixes(): the topic applied as a whole."""
    return "+".join(p for p in txpower_patches(repo_top)
                    if os.path.basename(p) in _topic_patches(repo_top, name))


def _topic_patches(repo_top, name):
    from . import series
    return [p for tp in series.topics(repo_top or top())
            if tp["name"] == name for p in tp["patches"]]


def fixes(t, jobs, patches):
    """Record pristine and pristine + each of @patches; print the table
    and write it to <work>/txpower612-fixes.txt."""
    counts = counts_of(t["repo"])
    wt = _worktree(t, "txpower612")
    log("recording TX power vectors on pristine 6.12")
    base = _record_once(t, jobs, wt, None, counts)
    rows = []
    for p in patches:
        name = " + ".join(os.path.basename(x) for x in p.split("+"))
        log(f"recording TX power vectors on pristine 6.12 + {name}")
        try:
            d = direction(base, _record_once(t, jobs, wt, p, counts))
        except StepError as e:
            log(f"{os.path.basename(p)}: {e}")
            d = None
        rows.append((name, d))
    _reset(t, wt)
    text = ("same/lower/higher against pristine 6.12, per kind of "
            "vector:\n" + table(rows))
    with open(os.path.join(t["work"], "txpower612-fixes.txt"), "w",
              encoding="utf-8") as f:
        f.write(text)
    print(text, end="")
    return rows


def check(t, tally):
    """The vectors were recorded with the harnesses and model the tree
    has."""
    have = None
    for d in DRIVERS:
        vectors = os.path.join(t["repo"], d["vectors"])
        if not os.path.exists(vectors):
            tally.fail("TX power vectors of 6.12 are in the tree",
                       f"missing {d['vectors']}")
            continue
        have = have or fixture_sha(t["repo"])
        want = recorded_sha(vectors)
        tally.check(f"{d['vectors']} was recorded with the tree's "
                    "harnesses and virtual core", have == want,
                    "" if have == want else
                    f"they are {have[:16]}..., the vectors say "
                    f"{(want or 'nothing')[:16]}...: rerun scripts/b43-kunit "
                    "txpower612")
