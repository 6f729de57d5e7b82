# SPDX-License-Identifier: GPL-2.0
"""The full test's checks beyond KUnit: static analysis and the series.

Every check adds one line to the tally.  Expensive results (a build with
W=1 and sparse, coccicheck, a bisect step) are cached in the work folder,
keyed on the commit id (which fixes the whole tree, since assembly is
deterministic), the kernel configuration and the tool versions.
"""

import collections
import fnmatch
import glob
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
import unittest

from . import (baseline, credit, deps, references, regdb, series,
               txhdr612, txpower612, units, warnings)
from .kunitrun import TARGETS, analysis_targets, cross_cc
from .tree import B43_DIRS, git, top
from .util import StepError, log, run, stage, write_atomic


# --- caching ----------------------------------------------------------------

def tool_versions():
    out = []
    for cmd in (["gcc", "--version"], ["sparse", "--version"],
                ["spatch", "--version"]):
        try:
            cp = subprocess.run(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                check=False)
            out.append(cp.stdout.splitlines()[0] if cp.stdout else "")
        except OSError:
            out.append("missing")
    return "|".join(out)


class Cache:
    def __init__(self, work, folder=None):
        self.dir = folder or os.path.join(work, "cache")
        os.makedirs(self.dir, exist_ok=True)
        self.tools = tool_versions()

    def key(self, *parts):
        h = hashlib.sha256(self.tools.encode())
        for p in parts:
            h.update(b"\0" + str(p).encode())
        return h.hexdigest()[:32]

    def get(self, name, key):
        try:
            with open(os.path.join(self.dir, f"{name}-{key}.json"),
                      encoding="utf-8") as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def put(self, name, key, value):
        write_atomic(os.path.join(self.dir, f"{name}-{key}.json"),
                     json.dumps(value))


def file_hash(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


# --- worktrees --------------------------------------------------------------

def series_cone(t):
    """The directories a sparse worktree holds: the b43 directories and
    every directory the series touches."""
    touched = git(t["repo"], "diff", "--name-only", t["pristine"],
                  t.get("head") or "HEAD", step="worktree").split()
    return sorted(set(B43_DIRS) | {os.path.dirname(f) for f in touched
                                   if os.path.dirname(f)})


def sparse_checkout(path):
    """Whether the worktree at @path is a sparse checkout."""
    return git(path, "config", "--get", "core.sparseCheckout",
               step="worktree", check=False) == "true"


def worktree(t, name, commit, sparse=False):
    """A second checkout of the work repository (pristine, bisect,
    credit-base).

    @sparse: the caller reads the b43 directories only (git am of the
    series, the Coccinelle rules, kernel-doc), so a new worktree is a
    cone-mode sparse checkout of series_cone(): some 300 files written
    instead of 80,000 (a full checkout takes 20 s, 17 of them CPU).  The
    index still holds the whole tree, so commits made there (git am) have
    the same tree ids.  A caller that needs the whole tree (a build, make
    coccicheck) gets it: the sparse checkout is dropped then.
    """
    path = os.path.join(t["work"], name)
    if not os.path.isdir(os.path.join(path, ".git")) and not os.path.isfile(
            os.path.join(path, ".git")):
        shutil.rmtree(path, ignore_errors=True)
        git(t["repo"], "worktree", "prune", step=name)
        if sparse:
            git(t["repo"], "worktree", "add", "-f", "--detach",
                "--no-checkout", path, commit, step=name)
            git(path, "sparse-checkout", "set", "--cone", *series_cone(t),
                step=name)
            git(path, "checkout", "-q", "-f", "--detach", commit, step=name)
        else:
            git(t["repo"], "worktree", "add", "-f", "--detach", path, commit,
                step=name)
    else:
        if not sparse and sparse_checkout(path):
            git(path, "sparse-checkout", "disable", step=name)
        head = git(path, "rev-parse", "HEAD", step=name, check=False)
        dirty = git(path, "status", "--porcelain", "--untracked-files=no",
                    step=name, check=False)
        if head != commit or dirty:
            git(path, "checkout", "-q", "-f", "--detach", commit, step=name)
    regdb.remove_table(path)
    return path


# --- the check build (W=1, sparse) ------------------------------------------

SANITIZERS = ["KASAN", "UBSAN", "KCOV", "GCOV_KERNEL", "GCOV_PROFILE_B43",
              "GCOV_PROFILE_B43LEGACY", "DEBUG_INFO",
              "DEBUG_INFO_DWARF5", "DEBUG_INFO_DWARF4",
              "DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT"]


# The x86_64 guest's bzImage is LZ4-compressed for a faster relink
# (kunit/x86_64.config).  Analysis builds compile the b43 directories, never
# a bzImage, so their configuration keeps the default compression: the
# baseline and the bisect cache, keyed by it, stay valid.
COMPRESSION = {"KERNEL_LZ4": "KERNEL_GZIP"}

# The x86_64 guest's built-in command line (lpj=1 mitigations=off,
# kunit/x86_64.config) only concerns a booted guest; the analysis
# configuration goes without it, as before it, for the same reason.
GUEST_ONLY = {"CMDLINE_BOOL": ["CMDLINE", "CMDLINE_OVERRIDE"]}


def base_config(t, target="x86_64", name=None):
    """A target's KUnit .config without sanitizers: what analysis builds,
    written to build/<@name, or the analysis build's name>.config."""
    src = os.path.join(t["work"], "build", target, ".config")
    if not os.path.exists(src):
        raise StepError("static", f"no {target} .config: the KUnit stage must "
                        "run first", src)
    dst = os.path.join(t["work"], "build",
                       (name or check_name(target)) + ".config")
    shutil.copy(src, dst)
    args = [os.path.join(t["repo"], "scripts", "config"), "--file", dst]
    for s in SANITIZERS:
        args += ["-d", s]
    with open(dst, encoding="utf-8") as f:
        have = f.read()
    for guest, default in COMPRESSION.items():
        if f"\nCONFIG_{guest}=y\n" in have:
            args += ["-d", guest, "-e", default]
    for guest, under in GUEST_ONLY.items():
        if f"\nCONFIG_{guest}=y\n" in have:
            args += ["-d", guest]
            for u in under:
                args += ["-u", u]
    run(args, "static", quiet=True)
    return dst


def make_env(t):
    from .kunitrun import ccache_env
    # The b43 directories only: ccache's depend mode is safe there and
    # saves the second preprocessing of every miss (kunitrun.ccache_env()).
    return ccache_env(t["work"], depend=True)


def check_name(target):
    """Build folder of a target's analysis build (x86_64: "check")."""
    return "check" if target == "x86_64" else f"check-{target}"


def configure(tree_dir, build_dir, config, t, step, target="x86_64"):
    os.makedirs(build_dir, exist_ok=True)
    shutil.copy(config, os.path.join(build_dir, ".config"))
    run(["make", "-s", "-C", tree_dir, f"O={build_dir}"]
        + TARGETS[target]["make"] + ["olddefconfig"],
        step, quiet=True, env=make_env(t))


def b43_objects_clean(build_dir):
    """Drop the b43 objects so that make compiles (and warns) again."""
    for d in B43_DIRS:
        full = os.path.join(build_dir, d)
        for pat in ("*.o", "*/*.o", ".*.cmd", "*/.*.cmd"):
            for f in glob.glob(os.path.join(full, pat)):
                os.unlink(f)


def analysis_build(t, tree_dir, build_dir, config, step, sparse=True,
                   target="x86_64"):
    """(returncode, log) of a W=1 (and C=2) build of the b43 directories."""
    configure(tree_dir, build_dir, config, t, step, target)
    b43_objects_clean(build_dir)
    cmd = ["make", "-C", tree_dir, f"O={build_dir}", f"-j{os.cpu_count() or 2}",
           "W=1", f"CC={cross_cc(target)}"] + TARGETS[target]["make"]
    if sparse:
        cmd.append("C=2")
    cmd += series.b43_make_targets()
    cp = run(cmd, step, env=make_env(t), check=False, capture=True, quiet=True)
    return cp.returncode, (cp.stdout or "") + (cp.stderr or "")


def pristine_w1_sparse(t, cache, target):
    """W=1 and sparse messages of pristine's b43 directories, derived."""
    config = base_config(t, target)
    name = check_name(target) + "-pristine"
    key = cache.key("w1-sparse", t["pristine"], file_hash(config))
    got = cache.get(name, key)
    if got is None:
        pdir = worktree(t, "pristine", t["pristine"])
        log(f"W=1 C=2 build of the b43 directories ({name})")
        rc, text = analysis_build(t, pdir, os.path.join(t["work"], "build",
                                                          name),
                                  config, "static", target=target)
        got = {"rc": rc, "log": text}
        cache.put(name, key, got)
    roots = (t["repo"], os.path.join(t["work"], "pristine"))
    return warnings.parse(got["log"], roots, tuple(d + "/" for d in B43_DIRS))


def build_warnings(t, tally, cache, prist, target="x86_64"):
    """W=1 and sparse (C=2) warnings of b43/b43legacy against pristine.

    Run for each guest's configuration: sparse's __bitwise (endianness)
    checks do not depend on the target, but the powerpc64 build compiles
    the big-endian branches of the byte-order helpers and its own options.
    Pristine's messages come from the committed baseline (Pristine).
    """
    config = base_config(t, target)
    chash = file_hash(config)
    roots = (t["repo"], os.path.join(t["work"], "pristine"))
    only = tuple(d + "/" for d in B43_DIRS)
    on = "" if target == "x86_64" else f" ({target})"

    name = check_name(target)
    key = cache.key("w1-sparse", t["head"], chash)
    ours = cache.get(name, key)
    if ours is None:
        log(f"W=1 C=2 build of the b43 directories ({name})")
        rc, text = analysis_build(t, t["repo"],
                                  os.path.join(t["work"], "build", name),
                                  config, "static", target=target)
        ours = {"rc": rc, "log": text}
        cache.put(name, key, ours)
    tally.check(f"b43 builds with W=1 and sparse{on}", ours["rc"] == 0,
                "" if ours["rc"] == 0 else ours["log"][-3000:])
    checked = {l.split()[-1] for l in ours["log"].splitlines()
               if l.strip().startswith("CHECK ")}
    want = [f for f in git(t["repo"], "ls-files", "--", *B43_DIRS,
                           step="static").splitlines() if f.endswith(".c")]
    # Files of PHYs that depend on BROKEN are not in the configuration.
    skip = ("phy_lcn.c", "tables_phy_lcn.c", "phy_ac.c", "sdio.c")
    unseen = [f for f in want if not f.endswith(skip) and
              not any(c.endswith("/" + f) for c in checked)]
    tally.check(f"sparse checked every configured b43/b43legacy file"
                f"{on} ({len(checked)} files)", not unseen, " ".join(unseen))
    pw = prist.w1_sparse(target)
    aw = warnings.parse(ours["log"], roots, only)
    for kind, label in (("compiler", "W=1 compiler warnings"),
                        ("sparse", "sparse (C=2) warnings")):
        def pick(c):
            return collections.Counter({k: v for k, v in c.items()
                                        if is_sparse(k) == (kind == "sparse")})
        new = warnings.added(pick(pw), pick(aw))
        tally.check(f"no {label} added to b43/b43legacy{on}", not new,
                    f"{len(new)} added:\n" + warnings.fmt(new) if new else
                    f"{sum(pick(aw).values())} in the tree, as in pristine")


def is_sparse(key):
    # gcc warnings name their option: "[-Wfoo]"; sparse's never do.
    return not re.search(r"\[-W[^\]]+\]$", key[2]) and key[1] == "warning"


# --- checkpatch ---------------------------------------------------------------

def checkpatch_ignores():
    path = os.path.join(top(), "kunit", "checkpatch.ignore")
    rules = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or not parts[2].strip():
                raise StepError("checkpatch", f"line {n}: want '<patch glob>"
                                "<TAB><TYPE><TAB><why>'", path)
            rules.append((parts[0], parts[1]))
    return rules


def checkpatch(t, tally, exported, cache=None):
    """checkpatch.pl --strict on every exported patch, as many at a time as
    there are CPUs; a result is cached by the patch's text and the ignores
    that apply to it (checkpatch.pl is the pristine tree's)."""
    import concurrent.futures
    rules = checkpatch_ignores()
    cache = cache or Cache(t["work"])
    jobs = []
    for p in exported:
        name = os.path.basename(p)
        ign = {typ for glob_, typ in rules if fnmatch.fnmatch(name, glob_)}
        with open(p, encoding="utf-8") as f:
            text = f.read()
        # A fix with no Fixes: tag says why below its --- line
        # (patches/notes); checkpatch cannot read that, the reviewer can.
        if "\n---\nNo Fixes: tag:" in text:
            ign.add("MISSING_FIXES_TAG")
        ign = sorted(ign)
        key = cache.key("checkpatch", t["pristine"], ",".join(ign),
                        hashlib.sha256(text.encode()).hexdigest())
        jobs.append((name, p, ign, key))

    def one(job):
        name, p, ign, key = job
        got = cache.get("checkpatch", key)
        if got is None:
            cmd = [os.path.join(t["repo"], "scripts", "checkpatch.pl"),
                   "--strict", "--terse", "--show-types", "--no-summary"]
            if ign:
                cmd.append("--ignore=" + ",".join(ign))
            # checkpatch runs scripts/spdxcheck.py with "python3": Debian's,
            # which has python3-ply and python3-git (deps "static"), not
            # one a user's PATH puts first without them.
            env = dict(os.environ, PATH="/usr/bin:" + os.environ["PATH"])
            cp = subprocess.run(cmd + [p], cwd=t["repo"], text=True,
                                errors="replace", stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env,
                                check=False)
            out = cp.stdout or ""
            if "BAD_FIXES_TAG" in ign:
                # With the Fixes: commit unknown to the tree's history,
                # checkpatch.pl builds its BAD_FIXES_TAG message from an
                # undefined id before --ignore drops the message; perl
                # then warns about the undefined value.  That warning is
                # the ignored message, not a finding of its own.
                out = re.sub(r"(?m)^Use of uninitialized value \$c(id|title) "
                             r"in concatenation .*checkpatch\.pl line \d+\.\n?",
                             "", out)
            got = {"rc": cp.returncode, "out": out.strip()}
            if got["rc"] == 0 and not got["out"]:
                cache.put("checkpatch", key, got)
        return got

    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 2) as ex:
        results = list(ex.map(one, jobs))
    for (name, _, _, _), got in zip(jobs, results):
        tally.check(f"checkpatch --strict {name}",
                    got["rc"] == 0 and not got["out"], got["out"][-3000:])


# --- kernel-doc ---------------------------------------------------------------

def changed_sources(t):
    out = git(t["repo"], "diff", "--name-only", "--diff-filter=AM",
              t["pristine"], t["head"], "--", *B43_DIRS, step="kernel-doc")
    return [f for f in out.splitlines() if f.endswith((".c", ".h"))]


def new_sources(t):
    out = git(t["repo"], "diff", "--name-only", "--diff-filter=A",
              t["pristine"], t["head"], "--", *B43_DIRS, step="kernel-doc")
    return [f for f in out.splitlines() if f.endswith((".c", ".h"))]


_FUNC = re.compile(r"^(?!static\b)(?!#)[A-Za-z_][\w \t\*]*?\b([a-z_]\w*)\s*\([^;]*$")


def undocumented(path):
    """Non-static functions defined in a .c file without a /** comment."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    missing = []
    for i, line in enumerate(lines):
        m = _FUNC.match(line)
        if not m or line.startswith((" ", "\t")) or line.rstrip().endswith(";"):
            continue
        # a definition: the body opens at column 0 before the next ';'
        j = i
        while j < len(lines) and not lines[j].startswith("{"):
            if lines[j].rstrip().endswith(";"):
                j = -1
                break
            j += 1
        if j < 0 or j >= len(lines):
            continue
        k = i - 1
        while k >= 0 and (lines[k].startswith(("VISIBLE_IF", "__")) or
                          not lines[k].strip()):
            if not lines[k].strip():
                break
            k -= 1
        doc = False
        while k >= 0 and lines[k].startswith((" *", "/**")):
            if lines[k].startswith("/**"):
                doc = True
                break
            k -= 1
        if not doc:
            missing.append(f"{path}:{i + 1}: {m.group(1)}() has no kernel-doc")
    return missing


def kerneldoc_msgs(t, root, rel):
    """kernel-doc -none -Wall messages of one file of a tree."""
    if not os.path.exists(os.path.join(root, rel)):
        return warnings.parse("")
    kd = os.path.join(t["repo"], "scripts", "kernel-doc")
    cp = run(["perl", kd, "-none", "-Wall", rel], "kernel-doc", cwd=root,
             check=False, capture=True, quiet=True)
    return warnings.parse((cp.stdout or "") + (cp.stderr or ""))


def kerneldoc(t, tally, prist):
    files = changed_sources(t)
    new = []
    for f in files:
        new += warnings.added(prist.kerneldoc(f),
                              kerneldoc_msgs(t, t["repo"], f))
    tally.check(f"kernel-doc -none -Wall adds no warning ({len(files)} changed "
                "files)", not new, warnings.fmt(new))
    units = [f for f in new_sources(t) if f.endswith(".c") and "/tests/" not in f]
    miss = []
    for f in units:
        miss += undocumented(os.path.join(t["repo"], f))
    tally.check(f"kernel-doc on every non-static function of the new units "
                f"({len(units)} files)", not miss, "\n".join(miss))


# --- Coccinelle ---------------------------------------------------------------

def coccicheck_log(t, cache, tree_dir, commit):
    key = cache.key("coccicheck", commit)
    got = cache.get("coccicheck", key)
    if got is None:
        text = ""
        for d in B43_DIRS:
            log(f"make coccicheck MODE=report M={d} "
                f"({os.path.basename(tree_dir)})")
            cp = run(["make", "-C", tree_dir, "coccicheck", "MODE=report",
                      f"M={d}"], "coccicheck", check=False, capture=True,
                     quiet=True)
            if cp.returncode != 0:
                raise StepError("coccicheck", "coccicheck failed:\n"
                                + (cp.stdout + cp.stderr)[-2000:], d)
            text += cp.stdout
        got = {"log": text}
        cache.put("coccicheck", key, got)
    return got["log"]


def coccicheck_msgs(text, root):
    """coccicheck's reports for b43/b43legacy, line numbers made N."""
    out = collections.Counter()
    only = tuple(d + "/" for d in B43_DIRS)
    for (p, k, txt), n in warnings.parse(text, (root,), only).items():
        out[(p, k, re.sub(r"\d+", "N", txt))] += n
    return out


def pristine_coccicheck(t, cache):
    pdir = worktree(t, "pristine", t["pristine"])
    return coccicheck_msgs(coccicheck_log(t, cache, pdir, t["pristine"]),
                           pdir)


def coccicheck(t, tally, cache, prist):
    """make coccicheck MODE=report on the b43 directories, vs pristine."""
    ours = coccicheck_msgs(coccicheck_log(t, cache, t["repo"], t["head"]),
                           t["repo"])
    new = warnings.added(prist.coccicheck(), ours)
    tally.check("make coccicheck MODE=report adds no report to b43/b43legacy",
                not new, warnings.fmt(new) if new else
                f"{sum(ours.values())} reports, as in pristine")


# --- what pristine gives: the committed baseline ------------------------------

def pristine_sources(t):
    """The .c and .h files of pristine's b43 directories."""
    return [f for f in git(t["repo"], "ls-tree", "-r", "--name-only",
                           t["pristine"], "--", *B43_DIRS,
                           step="baseline").split()
            if f.endswith((".c", ".h"))]


def derive_baseline(t, cache, targets):
    """Pristine's analysis messages derived on this machine: the content of
    kunit/baseline.json (scripts/b43-kunit baseline writes it)."""
    pdir = worktree(t, "pristine", t["pristine"])
    configs = {x: baseline.config_digest(base_config(t, x)) for x in targets}
    w1 = {x: pristine_w1_sparse(t, cache, x) for x in targets}
    cocci = pristine_coccicheck(t, cache)
    kdoc = {}
    for f in pristine_sources(t):
        c = kerneldoc_msgs(t, pdir, f)
        if c:
            kdoc[f] = c
    tree_id = git(t["repo"], "rev-parse", f"{t['pristine']}^{{tree}}",
                  step="baseline")
    return baseline.make(tree_id, configs, w1, cocci, kdoc)


class Pristine:
    """Pristine 6.12's analysis messages, from kunit/baseline.json.

    See baseline.py: a missing, edited or stale baseline fails the full
    test (and pristine's messages are derived so the other checks still
    give an answer); another toolchain derives them here on purpose.
    """

    def __init__(self, t, tally, cache, targets):
        self.t, self.cache, self.data = t, cache, None
        configs = {x: baseline.config_digest(base_config(t, x))
                   for x in targets}
        tree_id = git(t["repo"], "rev-parse", f"{t['pristine']}^{{tree}}",
                      step="baseline")
        name = "the committed analysis baseline (kunit/baseline.json)"
        try:
            data = baseline.load()
        except StepError as e:
            tally.fail(f"{name} is usable", str(e))
            return
        why = baseline.stale(data, tree_id, configs)
        if why:
            tally.fail(f"{name} is this tree's", why + ": run "
                       "scripts/b43-kunit baseline and commit it")
            return
        diff = baseline.toolchain_differs(data)
        if diff:
            text = "; ".join(f"{k}: {a} -> {b}" for k, (a, b) in diff.items())
            log(f"the toolchain is not the baseline's ({text}): deriving "
                "pristine's messages here")
            tally.check(f"{name}: another toolchain, pristine derived here",
                        True, text)
            return
        self.data = data
        tally.check(f"{name} is this tree's, this toolchain's and unedited",
                    True, data["toolchain"]["gcc"])
        # The cheap part is derived again every run: it must agree.
        pdir = worktree(t, "pristine", t["pristine"], sparse=True)
        files = [f for f in changed_sources(t)
                 if os.path.exists(os.path.join(pdir, f))]
        bad = [f for f in files if kerneldoc_msgs(t, pdir, f) !=
               self.kerneldoc(f)]
        tally.check(f"the baseline's kernel-doc part is what pristine gives "
                    f"now ({len(files)} files)", not bad, " ".join(bad))

    def w1_sparse(self, target):
        if self.data is None:
            return pristine_w1_sparse(self.t, self.cache, target)
        return baseline.to_counter(self.data["w1_sparse"][target])

    def coccicheck(self):
        if self.data is None:
            return pristine_coccicheck(self.t, self.cache)
        return baseline.to_counter(self.data["coccicheck"])

    def kerneldoc(self, rel):
        if self.data is None:
            pdir = worktree(self.t, "pristine", self.t["pristine"],
                            sparse=True)
            return kerneldoc_msgs(self.t, pdir, rel)
        return baseline.to_counter(self.data["kerneldoc"].get(rel, []))


def spatch_report(rule, tree_dir, sub, defines=()):
    args = ["spatch", "--sp-file", rule, "-D", "report", "--no-includes",
            "--include-headers", "--very-quiet"]
    for d in defines:
        args += ["-D", d]
    cp = run(args + ["--dir", sub], "cocci", cwd=tree_dir, capture=True,
             quiet=True)
    if "EXN:" in cp.stdout + cp.stderr or "parse error" in cp.stderr:
        raise StepError("cocci", f"spatch failed on {sub}:\n"
                        + (cp.stdout + cp.stderr)[-2000:], rule)
    return sorted(l for l in cp.stdout.splitlines()
                  if re.match(r"^\S+:\d+:", l))


def rule_files():
    """coccinelle/*.cocci apart from the credit rule, which has its own."""
    d = os.path.join(top(), "coccinelle")
    return sorted(os.path.join(d, f) for f in os.listdir(d)
                  if f.endswith(".cocci") and
                  f != os.path.basename(credit.RULE))


def noted_pristine(rule):
    """The reports a rule's '//# pristine 6.12:' note lists, as dir/file:line."""
    with open(rule, encoding="utf-8") as f:
        m = re.search(r"^//# pristine 6\.12: (.*)$", f.read(), re.M)
    if not m:
        raise StepError("cocci", "the rule has no '//# pristine 6.12:' note "
                        "listing its reports on pristine b43", rule)
    if m.group(1).startswith("none"):
        return []
    return sorted(x.strip() for x in m.group(1).split(","))


def where(report):
    """drivers/net/wireless/broadcom/b43/phy_n.c:1518:26-27: ... -> b43/phy_n.c:1518"""
    path, line = report.split(":")[:2]
    return "/".join(path.split("/")[-2:]) + ":" + line


def rule_checks(t, tally, cache):
    """Each rule: silent on our tree, its noted reports on pristine, fixtures."""
    ulist = units.load()
    unit_files = units.files(ulist)
    missing = [f for f in unit_files
               if not os.path.exists(os.path.join(t["repo"], f))]
    tally.check(f"{units.CONF}: every unit file is in the assembled tree",
                not missing, ", ".join(missing) or
                f"{len(ulist)} units, {len(unit_files)} files")
    defines = ["units=" + ",".join(unit_files)]
    pdir = worktree(t, "pristine", t["pristine"], sparse=True)
    for rule in rule_files():
        name = os.path.basename(rule)
        rhash = file_hash(rule)

        def reports(tree_dir, commit):
            key = cache.key("rule", name, rhash, commit, *defines)
            got = cache.get("rule", key)
            if got is None:
                got = []
                for d in B43_DIRS:
                    got += spatch_report(rule, tree_dir, d, defines)
                cache.put("rule", key, got)
            return got

        ours = reports(t["repo"], t["head"])
        tally.check(f"{name}: no report on the assembled b43/b43legacy",
                    not ours, "\n".join(ours))
        base = sorted(where(r) for r in reports(pdir, t["pristine"]))
        noted = noted_pristine(rule)
        tally.check(f"{name}: on pristine 6.12 it reports what its //# note "
                    "lists", base == noted, f"reports {', '.join(base) or 'none'}; "
                    f"noted {', '.join(noted) or 'none'}")
        fixtures(tally, rule)


def credit_checks(t, tally):
    rule = os.path.join(top(), credit.RULE)
    pdir = worktree(t, "pristine", t["pristine"], sparse=True)
    ours = []
    for d in B43_DIRS:
        ours += spatch_report(rule, t["repo"], d)
    tally.check("credit-header.cocci: no b43/b43legacy file lacks the credit",
                not ours, "\n".join(ours))
    base = []
    for d in B43_DIRS:
        base += spatch_report(rule, pdir, d)
    tally.check("credit-header.cocci reports every file of pristine b43 and "
                "b43legacy", len(base) == 83 and len(set(base)) == 83,
                f"{len(base)} reports (83 files in 6.12)")
    # The committed credit patches are exactly the rule's patch-mode output
    # on the tree they apply to.
    base = credit.base_commit(t)
    bdir = worktree(t, "credit-base", base, sparse=True)
    want = credit.generate(t["repo"], bdir, base)
    names = [credit.find(c[0]) for c in want]
    for (_, text), name in zip(want, names):
        with open(os.path.join(top(), "patches", name), encoding="utf-8") as f:
            have = f.read()
        tally.check(f"{name} is what credit-header.cocci -D patch produces",
                    credit.body(have) == credit.body(text),
                    "regenerate with: scripts/b43-kunit credit-patches")
    fixtures(tally, rule)


def fixtures(tally, rule):
    """coccinelle/tests/<rule>/: fixtures a rule must flag or leave alone.

    Each .c/.h file says 'fixture: flag', 'fixture: clean' or 'fixture:
    support' (copied beside every fixture, never checked itself).  Where a
    flagged fixture marks lines with '<- flag', the rule must report
    exactly those lines.  A fixture is handed to the rule alone with the
    support files, and is the unit list (-D units=) unless it names
    another with 'fixture-units: <files>'.  A rule with a patch mode must
    also fix each flagged fixture, giving <fixture>.expected where that
    file exists.
    """
    base = os.path.join(top(), "coccinelle", "tests",
                        os.path.splitext(os.path.basename(rule))[0])
    rname = os.path.basename(rule)
    with open(rule, encoding="utf-8") as f:
        patch_mode = re.search(r"^virtual patch$", f.read(), re.M) is not None
    kinds = {}
    for f in sorted(os.listdir(base)):
        if not f.endswith((".c", ".h")):
            continue
        path = os.path.join(base, f)
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        m = re.search(r"fixture: (flag|clean|support)", text)
        if not m:
            raise StepError("cocci", "fixture has no 'fixture: "
                            "flag|clean|support' line", path)
        u = re.search(r"fixture-units: (\S+)", text)
        kinds[f] = (m.group(1), u.group(1) if u else f)
    support = [f for f, (k, _) in kinds.items() if k == "support"]
    if not {k for k, _ in kinds.values()} >= {"flag", "clean"}:
        raise StepError("cocci", "a rule needs a fixture to flag and one to "
                        "leave alone", base)
    tmp = os.path.join(os.environ.get("TMPDIR", "/tmp"),
                       f"b43-kunit-fixture-{os.getpid()}")
    for f, (kind, unit) in kinds.items():
        if kind == "support":
            continue
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
        for g in [f] + support:
            shutil.copy(os.path.join(base, g), tmp)
        defines = [f"units={unit}"]
        reports = [r for r in spatch_report(rule, tmp, ".", defines)
                   if os.path.basename(r.split(":")[0]) == f]
        want = kind == "flag"
        with open(os.path.join(base, f), encoding="utf-8") as fh:
            marked = {n for n, line in enumerate(fh.read().splitlines(), 1)
                      if "<- flag" in line}
        got = {int(r.split(":")[1]) for r in reports}
        good = bool(reports) == want and (not marked or got == marked)
        tally.check(f"{rname} report mode "
                    f"{'flags' if want else 'leaves alone'} {f}", good,
                    "\n".join(reports) + ("" if good or not marked else
                                          f"\nlines marked '<- flag': "
                                          f"{sorted(marked)}"))
        if want and patch_mode:
            cp = run(["spatch", "--sp-file", rule, "-D", "patch",
                      "--no-includes", "--include-headers", "--very-quiet",
                      "--dir", "."], "cocci", cwd=tmp, capture=True, quiet=True)
            ok = run(["patch", "-s", "-p1"], "cocci", cwd=tmp, check=False,
                     input_text=cp.stdout, capture=True, quiet=True)
            after = spatch_report(rule, tmp, ".", defines) \
                if ok.returncode == 0 else ["?"]
            exp = os.path.join(base, f + ".expected")
            same = True
            if os.path.exists(exp):
                with open(exp, encoding="utf-8") as e1, open(
                        os.path.join(tmp, f), encoding="utf-8") as e2:
                    same = e1.read() == e2.read()
            tally.check(f"{rname} patch mode fixes {f}",
                        ok.returncode == 0 and not after and same,
                        (ok.stderr or "") + "\n".join(after) +
                        ("" if same else f"\nresult differs from {exp}"))
    shutil.rmtree(tmp, ignore_errors=True)


# --- the series ---------------------------------------------------------------

def incremental_build(t, tree_dir, build_dir, config, target="x86_64",
                      background=False):
    """(rc, log) of a W=1 build of the b43 directories, compiling only what
    changed since the last build in @build_dir.

    kbuild's own dependency files decide what to recompile: a checkout of
    another commit touches only the files that differ, so a step of the
    series costs the objects its patch touches and what includes them.
    The configuration is laid down again only where it may differ: on the
    first build, for another base configuration, and after a commit that
    changed a Kconfig file (a symbol the previous tree did not have).
    @background runs make with the idle scheduling policy (SeriesBuilds).
    """
    os.makedirs(build_dir, exist_ok=True)
    head = git(tree_dir, "rev-parse", "HEAD", step="build")
    mark = os.path.join(build_dir, ".b43-kunit-last")
    chash = file_hash(config)
    last = None
    try:
        with open(mark, encoding="utf-8") as f:
            last_hash, last = f.read().split()
        if last_hash != chash:
            last = None
    except (OSError, ValueError):
        pass
    fresh = last is None
    if not fresh:
        changed = run(["git", "-C", tree_dir, "diff", "--name-only", last,
                       head], "build", check=False, capture=True, quiet=True)
        fresh = changed.returncode != 0 or any(
            os.path.basename(f).startswith("Kconfig")
            for f in changed.stdout.split())
    if fresh:
        shutil.copy(config, os.path.join(build_dir, ".config"))
    cmd = ["chrt", "--idle", "0"] if background else []
    cmd += ["make", "-C", tree_dir, f"O={build_dir}", f"-j{os.cpu_count() or 2}",
            "W=1", f"CC={cross_cc(target)}"] + TARGETS[target]["make"]
    cmd += series.b43_make_targets()
    cp = run(cmd, "build", env=make_env(t), check=False, capture=True,
             quiet=True)
    if cp.returncode == 0:
        write_atomic(mark, f"{chash} {head}\n")
    return cp.returncode, (cp.stdout or "") + (cp.stderr or "")


def bisect_steps(t, cache, name="bisect", quiet=False, background=False,
                 config=None):
    """(patch, result, built now) for each step of the series.

    One worktree and one build folder (both called @name) go through the
    steps in order, each step an incremental build (incremental_build()); a
    step already built is cached by its commit id, which names its whole
    tree.  A step that fails is not cached: it is built again next time.
    @config is base_config()'s file, made here when not given.
    """
    config = config or base_config(t)
    chash = file_hash(config)
    bdir = os.path.join(t["work"], "build", name)
    for patch, commit in t["commits"]:
        key = cache.key("bisect", commit, chash)
        got = cache.get("bisect", key)
        built = got is None
        if built:
            wt = worktree(t, name, commit)
            if not quiet:
                log(f"bisect step {patch}")
            rc, text = incremental_build(t, wt, bdir, config,
                                         background=background)
            got = {"rc": rc, "tail": text[-3000:]}
            if rc == 0:
                cache.put("bisect", key, got)
        yield patch, got, built


def bisect(t, tally, cache, name="bisect"):
    """Every step of the series builds the b43 directories with W=1."""
    for patch, got, _ in bisect_steps(t, cache, name):
        tally.check(f"bisect: b43 builds after {patch}", got["rc"] == 0,
                    got.get("tail", "") if got["rc"] else "")


def export_identity():
    """The exporter's identity, or one for the full test's own round trip.

    The full test exports into the work folder only, to check the series as
    a maintainer gets it; with no git identity configured it signs off as a
    test identity no posting can carry (.invalid is reserved, RFC 2606).
    """
    try:
        return series.identity(), ""
    except StepError:
        return ("Full Test", "full-test@example.invalid"), \
            " (no git identity set: signed off by a test identity)"


def export_am(t, tally):
    """Topic series: their shape, then git am of all of them in order."""
    tps = series.topics()
    names = [p for tp in tps for p in tp["patches"]]
    tally.check("patches/series: every patch in one topic, in order",
                names == [c[0] for c in t["commits"]],
                f"{len(tps)} topics, {len(names)} patches")
    seen_rest = False
    order_ok = True
    for tp in tps:
        if not tp["fixes"]:
            seen_rest = True
        elif seen_rest:
            order_ok = False
        tally.check(f"topic {tp['name']}: at most {series.MAX_TOPIC} patches "
                    "and a cover letter", len(tp["patches"]) <=
                    series.MAX_TOPIC and os.path.exists(
                        series.cover_path(tp["name"])),
                    f"{len(tp['patches'])} patches to {tp['tree']}")
    tally.check("the fixes topics come before the others", order_ok)
    ident, why = export_identity()
    dest = os.path.join(t["work"], "export")
    files = series.export(t, dest, ident)
    bad = []
    for root, _, fs in os.walk(dest):
        for f in fs:
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                text = fh.read()
            if re.search(r"b43-kunit@localhost|b43-kunit\.example|"
                         r"B43 KUnit Team", text):
                bad.append(f)
    tally.check("no placeholder identity in the exported series", not bad,
                " ".join(bad) or f"signed off by {ident[0]} <{ident[1]}>"
                + why)
    # The pristine worktree, which is pristine again when this returns: the
    # bisect's is the series' builds' (SeriesBuilds), started before this.
    bdir = worktree(t, "pristine", t["pristine"], sparse=True)
    git(bdir, "am", "--abort", step="git-am", check=False)
    cp = run(["git", "-C", bdir, "am", "-q", "--whitespace=nowarn"] + files,
             "git-am", check=False, capture=True, quiet=True)
    if cp.returncode != 0:
        git(bdir, "am", "--abort", step="git-am", check=False)
        tally.fail("exported series applies with git am to pristine",
                   (cp.stdout + cp.stderr)[-2000:])
        return files
    tree_am = git(bdir, "rev-parse", "HEAD^{tree}", step="git-am")
    tree_ours = git(t["repo"], "rev-parse", f"{t['head']}^{{tree}}", step="git-am")
    tally.check("exported topic series apply with git am to pristine, in "
                "order, and give the assembled tree", tree_am == tree_ours,
                f"{len(files)} patches in {dest}")
    git(bdir, "checkout", "-q", "-f", "--detach", t["pristine"], step="git-am")
    return files


def patch_files(path):
    """The files a patch touches, as git apply reads them."""
    cp = run(["git", "apply", "--numstat", path], "fixes", capture=True,
             quiet=True)
    return {line.split("\t", 2)[2] for line in cp.stdout.splitlines()
            if line.count("\t") >= 2}


def fix_batches(files):
    """Fixes (a dict: name -> files touched, in series order) in batches
    built together on pristine.

    A fix that touches C sources only can share a build with others that
    touch none of its files: every object compiles from the same sources
    as it would with that fix alone (no header, Kconfig or Makefile
    changes, and the directory build links nothing), so the build passes
    exactly when each fix alone would.  Any other fix is built alone.
    """
    batches = []
    for name, fs in files.items():
        if fs and all(f.endswith(".c") for f in fs):
            for b in batches:
                if b["shared"] and not b["files"] & fs:
                    b["names"].append(name)
                    b["files"] |= fs
                    break
            else:
                batches.append({"names": [name], "files": set(fs),
                                "shared": True})
        else:
            batches.append({"names": [name], "files": set(fs),
                            "shared": False})
    return [b["names"] for b in batches]


def fix_alone_steps(t, cache, quiet=False, background=False, config=None):
    """(patch, result, built now) for each patch of a fixes topic applied
    to pristine alone and built (fix_batches() groups those a build can
    check together; a batch that fails is built again one fix at a time);
    a result is cached when it passed.  @config is base_config()'s file,
    made here when not given."""
    config = config or base_config(t)
    chash = file_hash(config)
    # The bisect's worktree and build folder: each build recompiles the
    # files it touches, and the bisect after it starts from a warm build.
    wt = worktree(t, "bisect", t["pristine"])
    bdir = os.path.join(t["work"], "build", "bisect")
    keys, todo = {}, {}
    for name in series.fix_patches():
        path = os.path.join(top(), "patches", name)
        keys[name] = cache.key("fix-alone", file_hash(path), t["pristine"],
                               chash)
        got = cache.get("fix-alone", keys[name])
        if got is not None:
            yield name, got, False
            continue
        git(wt, "checkout", "-q", "-f", "--detach", t["pristine"],
            step="fixes")
        cp = run(["git", "-C", wt, "apply", "--check", "--whitespace=nowarn",
                  path], "fixes", check=False, capture=True, quiet=True)
        if cp.returncode:
            yield name, {"rc": 1, "why": "does not apply to pristine alone:"
                         "\n" + cp.stderr[-1500:]}, True
        else:
            todo[name] = patch_files(path)

    def build(names):
        git(wt, "checkout", "-q", "-f", "--detach", t["pristine"],
            step="fixes")
        for name in names:
            run(["git", "-C", wt, "apply", "--whitespace=nowarn",
                 os.path.join(top(), "patches", name)], "fixes", quiet=True)
        if not quiet:
            log("fixes alone on pristine: " + ", ".join(
                n.split("-", 1)[0] for n in names))
        rc, text = incremental_build(t, wt, bdir, config,
                                     background=background)
        return {"rc": rc, "why": text[-2000:] if rc else ""}

    for names in fix_batches(todo):
        got = build(names)
        for name in names:
            one = got if got["rc"] == 0 or len(names) == 1 else build([name])
            if one["rc"] == 0:
                cache.put("fix-alone", keys[name], one)
            yield name, one, True
    git(wt, "checkout", "-q", "-f", "--detach", t["pristine"], step="fixes")


def fixes_alone(t, tally, cache):
    """Each patch of a fixes topic applies to pristine alone and builds."""
    for name, got, _ in sorted(fix_alone_steps(t, cache)):
        tally.check(f"fix {name} applies to pristine alone and builds",
                    got["rc"] == 0, got.get("why", ""))


class SeriesBuilds(threading.Thread):
    """The builds of the last two stages (fixes alone, bisect), started
    before the cheap checks and run behind them, the guests and the
    analyses with the idle scheduling policy (chrt --idle: a CPU goes to
    them only when nothing else wants it).

    Their configuration derives from the x86_64 guest's (base_config()):
    they start when @configured (a threading.Event) is set, once kunit.py
    has configured that guest, and write their own copy of it.  They use
    the bisect's worktree and build folder, and nothing else does while
    they run.

    Those stages are mostly one CPU's work (make walking the tree, one or
    two objects a step), and so are many before them (a guest under TCG,
    Coccinelle, the links of a kernel): on two CPUs the builds here take
    the time the others leave idle.  They only fill the cache the two
    stages read.  The stages wait for this thread (finish()), then run as
    they always did: a step found in the cache is not built again, a step
    that failed (never cached) is built and reported there, and an error
    here only means the stages build more themselves.  Nothing is printed
    from this thread.
    """

    def __init__(self, t, cache, configured):
        super().__init__(name="series-builds", daemon=True)
        self.t = t
        self.cache = cache
        self.configured = configured
        self.stopping = threading.Event()
        self.built = 0
        self.cached = 0
        self.error = None

    def run(self):
        try:
            while not self.configured.wait(1):
                if self.stopping.is_set():
                    return
            config = base_config(self.t, name="series-builds")
            for steps in (fix_alone_steps, bisect_steps):
                for _, _, built in steps(self.t, self.cache, quiet=True,
                                         background=True, config=config):
                    if built:
                        self.built += 1
                    else:
                        self.cached += 1
                    if self.stopping.is_set():
                        return
        except Exception as e:  # pylint: disable=broad-except
            self.error = e

    def finish(self):
        """Wait for the builds; say what they did and how long the wait
        was."""
        t0 = time.monotonic()
        self.join()
        why = f"; stopped by: {self.error}" if self.error else ""
        log(f"series builds behind the other stages: {self.built} built, "
            f"{self.cached} found in the cache, waited "
            f"{time.monotonic() - t0:.0f} s for them{why}")

    def stop(self):
        """Stop after the step being built (the full test is ending)."""
        self.stopping.set()
        if self.is_alive():
            self.join()


def licences(t, tally):
    """New files keep the licence and notices of the code moved into them."""
    from . import licence
    dirs = B43_DIRS
    pristine_files = {}
    for f in git(t["repo"], "ls-tree", "-r", "--name-only", t["pristine"],
                 "--", *dirs, step="licence").split():
        if f.endswith((".c", ".h")):
            pristine_files[f] = git(t["repo"], "show", f"{t['pristine']}:{f}",
                                    step="licence")
    idx, lines = licence.index(pristine_files)
    declared = {}
    with open(os.path.join(top(), "patches", "moved-code"),
              encoding="utf-8") as fh:
        for line in fh:
            parts = line.split("#", 1)[0].split()
            if parts:
                declared[parts[0]] = parts[1:]
    new = [f for f in git(t["repo"], "diff", "--name-only", "--diff-filter=A",
                          t["pristine"], t["head"], "--", *dirs,
                          step="licence").split() if f.endswith((".c", ".h"))]
    problems = []
    for f in new:
        text = git(t["repo"], "show", f"{t['head']}:{f}", step="licence")
        found = licence.moved_from(text, idx, lines)
        for src in found:
            if src not in declared.get(f, []):
                problems.append(f"{f}: holds {found[src]} lines moved from "
                                f"{src}, which patches/moved-code does not "
                                "name")
        problems += licence.check_file(f, text, set(declared.get(f, [])) |
                                       set(found), pristine_files)
    for f in sorted(os.listdir(os.path.join(top(), "coccinelle"))):
        if f.endswith(".cocci"):
            with open(os.path.join(top(), "coccinelle", f),
                      encoding="utf-8") as fh:
                if licence.INVENTED.search(fh.read()):
                    problems.append(f"coccinelle/{f}: a copyright line "
                                    "names no legal person (b43-kunit)")
    tally.check(f"moved code keeps its licence and copyright notices "
                f"({len(new)} new files, {len(declared)} with moved code)",
                not problems, "\n".join(problems))


# --- units include units only ----------------------------------------------------

def unit_includes(t, tally):
    """A unit file includes kernel headers, unit files and kunit.h only; and
    the check finds a planted driver include (b43.h in a unit)."""
    unit_list = units.load()

    def read(path):
        return git(t["repo"], "show", f"{t['head']}:{path}", step="units")

    problems = units.include_problems(unit_list, read)
    tally.check(f"units include kernel headers and units only "
                f"({len(units.files(unit_list))} unit files)", not problems,
                "\n".join(problems))
    victim = sorted(units.files(unit_list))[0]

    def planted(path):
        text = read(path)
        if path != victim:
            return text
        return text.replace("#include", '#include "b43.h"\n#include', 1)

    found = units.include_problems(unit_list, planted)
    tally.check("unit includes: the check flags b43.h planted in "
                f"{os.path.basename(victim)}",
                any('"b43.h"' in p and p.startswith(victim) for p in found),
                "\n".join(found) or "nothing reported")


def unit_headers_alone(t, tally, target):
    """Each unit header compiles alone, as the first include of an empty
    file, with the flags kbuild gave a unit object of the analysis build
    (as drivers/gpu/drm's header test compiles its headers)."""
    bdir = os.path.join(t["work"], "build", check_name(target))
    cmdfile = os.path.join(bdir, B43_DIRS[0], ".fwfile.o.cmd")
    on = "" if target == "x86_64" else f" ({target})"
    try:
        with open(cmdfile, encoding="utf-8") as f:
            saved = next(l for l in f if l.startswith("savedcmd_"))
    except (OSError, StopIteration):
        tally.fail(f"unit headers compile alone{on}",
                   f"no compile command in {cmdfile}")
        return
    cmd = saved.split(":=", 1)[1].strip()
    cmd = re.sub(r"\s-Wp,-MMD,\S+", "", cmd)
    cmd = re.sub(r"\s-c\s+-o\s.*$", "", cmd)
    for h in sorted(f for f in units.files(units.load()) if f.endswith(".h")):
        full = os.path.join(t["repo"], h)
        cp = subprocess.run(["bash", "-c", f"{cmd} -fsyntax-only -x c "
                             f"/dev/null -include {shlex.quote(full)}"],
                            cwd=bdir, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, check=False,
                            env=dict(os.environ, **make_env(t)))
        bad = cp.returncode != 0 or "warning:" in cp.stdout
        tally.check(f"{os.path.basename(h)} compiles alone{on}", not bad,
                    f"exit {cp.returncode}\n{cp.stdout[-2000:]}" if bad
                    else "")


# --- the scripts' own tests -----------------------------------------------------

def selftest(tally):
    stage("the scripts' own tests (scripts/tests)")
    loader = unittest.TestLoader()
    suite = loader.discover(os.path.join(top(), "scripts", "tests"),
                            top_level_dir=os.path.join(top(), "scripts"))
    result = unittest.TextTestRunner(stream=sys.stdout, verbosity=1).run(suite)
    bad = {str(c[0]) for c in result.failures + result.errors}
    n = result.testsRun
    for name in sorted(bad):
        tally.fail(f"selftest {name}")
    tally.add_counts(n - len(bad), 0)
    log(f"scripts/tests: {n - len(bad)} passed, {len(bad)} failed")


def cocci_stages(t, tally, cache=None):
    deps.ensure("static")
    stage("Coccinelle: the credit rule")
    credit_checks(t, tally)
    stage("Coccinelle: the driver's own rules (coccinelle/)")
    rule_checks(t, tally, cache or Cache(t["work"]))


# --- the repository's prose ----------------------------------------------------

# What the project's prose must not say: the number of an issue or of a
# stop, or a date (a run's).  Figures with their command and commit are the
# bench report's.
HISTORY = re.compile(r"\b(?:issues?|stops?) #?\d+\b|\b20\d\d-[01]\d-[0-3]\d\b",
                     re.I)


def prose_files(root):
    """README.md, Documentation/, the scripts and the guests' configuration
    fragments: the repository's prose."""
    out = [os.path.join(root, "README.md"), os.path.join(root, ".kunitconfig"),
           os.path.join(root, "scripts", "b43-kunit")]
    for d, exts in (("Documentation", (".rst", ".md", ".txt")),
                    ("scripts", (".py",)), ("kunit", (".config", ".conf"))):
        for base, _, files in os.walk(os.path.join(root, d)):
            out += [os.path.join(base, f) for f in sorted(files)
                    if f.endswith(exts)]
    return [f for f in out if os.path.isfile(f)]


def prose_history(root):
    """"<file>:<line>: <text>" for each issue or stop number or date in
    the repository's prose (prose_files())."""
    found = []
    for path in prose_files(root):
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                if HISTORY.search(line):
                    found.append(f"{os.path.relpath(path, root)}:{n}: "
                                 f"{line.strip()}")
    return found


# The README opens the repository: the two commands, what the project is,
# the layout, the other commands, where to read on.  The rest is
# Documentation/'s.
README_MAX_LINES = 120


def prose(tally):
    """The repository's prose says what the project is, not its history,
    and the README stays an overview."""
    found = prose_history(top())
    tally.check("README, Documentation/, the scripts and the configuration "
                "fragments name no issue, stop or date", not found,
                "\n".join(found[:20]))
    with open(os.path.join(top(), "README.md"), encoding="utf-8") as f:
        n = sum(1 for _ in f)
    tally.check(f"README.md is at most {README_MAX_LINES} lines",
                n <= README_MAX_LINES, f"{n} lines")


def early(t, tally):
    """The checks that need no kernel build, first: a failure shows in
    minutes, not after the guests."""
    deps.ensure("static")
    stage("the repository's prose")
    prose(tally)
    stage("series: topic series, export and git am")
    exported = export_am(t, tally)
    references.check(t, tally, os.path.join(t["work"], "export"))
    stage("series: moved code keeps its licence and notices")
    licences(t, tally)
    stage("units include kernel headers and units only")
    unit_includes(t, tally)
    txhdr612.check(t, tally)
    txpower612.check(t, tally)
    stage("checkpatch --strict on the exported series")
    checkpatch(t, tally, exported)


def run_all(t, tally, series_builds=None):
    """The checks after the guests: coverage, Coccinelle, the analyses
    against pristine, the fixes alone and the bisect (whose builds
    @series_builds, a started SeriesBuilds, may be doing already)."""
    from . import coverage
    deps.ensure("static", "coverage")
    stage("coverage per unit on the x86_64 guest")
    coverage.check(t, tally)
    cache = Cache(t["work"])
    cocci_stages(t, tally, cache)
    stage("pristine 6.12's analysis: the committed baseline")
    prist = Pristine(t, tally, cache, analysis_targets())
    stage("kernel-doc")
    kerneldoc(t, tally, prist)
    for target in analysis_targets():
        stage(f"W=1 and sparse, against pristine: {target}")
        build_warnings(t, tally, cache, prist, target)
        unit_headers_alone(t, tally, target)
    stage("make coccicheck, against pristine")
    coccicheck(t, tally, cache, prist)
    stage("series: each fix alone on pristine 6.12")
    if series_builds:
        series_builds.finish()
    fixes_alone(t, tally, cache)
    stage("series: every step builds (bisect)")
    bisect(t, tally, cache)
