# SPDX-License-Identifier: GPL-2.0
"""The kernel tree in the work folder: pristine extraction and assembly.

The work folder holds one git repository, ``linux/``:

* a root commit with Debian's pristine linux-source-6.12, tagged
  ``pristine-6.12.<SUBLEVEL>``, made once from the tarball;
* one commit per entry of ``patches/series``, built in the object store
  (a private index, ``git apply --cached``, ``git commit-tree``) together with
  the new files of ``drivers/`` that ``patches/new-files`` assigns to it.

Only whole commits are ever checked out, with ``git checkout -f``: an
interrupted run leaves either the old tree or the new one, never a
half-applied series, and the next run repeats the checkout.  Committer name
and dates are fixed, so the same inputs give the same commit ids, which the
other stages use as cache keys.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile

from . import regdb
from .util import StepError, log, run, write_atomic

# Bump when the assembly procedure changes, so old caches are not reused.
ASSEMBLY_VERSION = "1"

TEAM = ("b43-kunit", "b43-kunit@localhost")
B43_DIRS = ("drivers/net/wireless/broadcom/b43",
            "drivers/net/wireless/broadcom/b43legacy")


def top():
    return os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))))


def work_dir():
    w = os.environ.get("B43_KUNIT_WORK")
    if not w:
        w = os.path.join(os.path.expanduser("~"), ".cache", "b43-kunit")
    return os.path.abspath(w)


def tarball():
    return os.environ.get("B43_KUNIT_TARBALL",
                          "/usr/src/linux-source-6.12.tar.xz")


class State:
    """A small JSON file of what the work folder holds."""

    def __init__(self, work):
        self.path = os.path.join(work, "state.json")
        try:
            with open(self.path, encoding="utf-8") as f:
                self.data = json.load(f)
        except (OSError, ValueError):
            self.data = {}

    def get(self, key, default=None):
        return self.data.get(key, default)

    def set(self, key, value):
        self.data[key] = value
        write_atomic(self.path, json.dumps(self.data, indent=1, sort_keys=True))


def git(repo, *args, step="tree", env=None, capture=True, quiet=True,
        check=True, input_text=None):
    cp = run(["git", "-C", repo] + list(args), step, env=env, capture=capture,
             quiet=quiet, check=check, input_text=input_text)
    return cp.stdout.strip() if capture else ""


def tar_identity(path):
    try:
        st = os.stat(path)
    except OSError as e:
        raise StepError("extract", f"cannot read the kernel tarball: {e.strerror}"
                        " (is linux-source-6.12 installed? set B43_KUNIT_TARBALL"
                        " to use another copy)", path) from e
    return f"{os.path.realpath(path)}:{st.st_size}:{int(st.st_mtime)}"


def sublevel_of(tree):
    ver = {}
    with open(os.path.join(tree, "Makefile"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"(VERSION|PATCHLEVEL|SUBLEVEL) = (\d+)", line)
            if m:
                ver[m.group(1)] = m.group(2)
            if len(ver) == 3:
                break
    if len(ver) != 3:
        raise StepError("extract", "no VERSION/PATCHLEVEL/SUBLEVEL in Makefile",
                        os.path.join(tree, "Makefile"))
    return f"{ver['VERSION']}.{ver['PATCHLEVEL']}.{ver['SUBLEVEL']}"


def fixed_env(date):
    name, mail = TEAM
    return {"GIT_AUTHOR_NAME": name, "GIT_AUTHOR_EMAIL": mail,
            "GIT_AUTHOR_DATE": date, "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": mail, "GIT_COMMITTER_DATE": date}


def extract(work, state):
    """Extract the tarball into linux/ as a pristine commit, once."""
    tb = tarball()
    ident = tar_identity(tb)
    repo = os.path.join(work, "linux")
    pr = state.get("pristine")
    if pr and pr.get("tarball") == ident and os.path.isdir(
            os.path.join(repo, ".git")):
        cp = run(["git", "-C", repo, "cat-file", "-e", pr["commit"]],
                 "extract", check=False, capture=True, quiet=True)
        if cp.returncode == 0:
            return pr
    log(f"extracting {tb} into {repo} (once)")
    tmp = os.path.join(work, "linux.new")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    run(["tar", "-xf", tb, "-C", tmp, "--strip-components=1"], "extract",
        quiet=True, path=tb)
    ver = sublevel_of(tmp)
    git(tmp, "init", "-q", "-b", "pristine", step="extract")
    for k, v in (("core.compression", "1"), ("core.looseCompression", "1"),
                 ("gc.auto", "0"), ("advice.detachedHead", "false"),
                 ("core.untrackedCache", "true"),
                 # for commits a developer makes in the work tree
                 ("user.name", TEAM[0]),
                 ("user.email", TEAM[1])):
        git(tmp, "config", k, v, step="extract")
    git(tmp, "add", "-A", "-f", ".", step="extract")
    date = f"{int(os.stat(tb).st_mtime)} +0000"
    git(tmp, "commit", "-q", "--no-verify", "-m",
        f"Linux {ver} (Debian linux-source-6.12, pristine)\n\n"
        f"Extracted from {os.path.basename(tb)} by scripts/b43-kunit.",
        step="extract", env=fixed_env(date))
    commit = git(tmp, "rev-parse", "HEAD", step="extract")
    git(tmp, "tag", "-f", f"pristine-{ver}", commit, step="extract")
    shutil.rmtree(repo, ignore_errors=True)
    os.replace(tmp, repo)
    pr = {"tarball": ident, "commit": commit, "version": ver}
    state.set("pristine", pr)
    # Every cache keyed on the old pristine tree is void now.
    for k in ("assembled", "checked_out"):
        state.set(k, {} if k == "assembled" else None)
    log(f"pristine Linux {ver} is commit {commit[:12]}")
    return pr


# --- the series ------------------------------------------------------------

def read_series(repo_top):
    path = os.path.join(repo_top, "patches", "series")
    out = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                s = line.split("#", 1)[0].strip()
                if not s:
                    continue
                name = s.split()[0]
                if not os.path.isfile(os.path.join(repo_top, "patches", name)):
                    raise StepError("series", f"line {n} names {name}, which "
                                    "does not exist", path)
                out.append(name)
    except OSError as e:
        raise StepError("series", e.strerror, path) from e
    if len(set(out)) != len(out):
        raise StepError("series", "a patch is listed twice", path)
    return out


def overlay_files(repo_top):
    """Every file under drivers/ in this repository (relative paths)."""
    base = os.path.join(repo_top, "drivers")
    out = []
    for d, _, files in os.walk(base):
        for f in files:
            out.append(os.path.relpath(os.path.join(d, f), repo_top))
    return sorted(out)


def read_new_files(repo_top, series):
    """patches/new-files: which patch brings each new drivers/ file."""
    path = os.path.join(repo_top, "patches", "new-files")
    mapping = {p: [] for p in series}
    seen = {}
    try:
        with open(path, encoding="utf-8") as f:
            lines = list(enumerate(f, 1))
    except FileNotFoundError:
        lines = []
    for n, line in lines:
        s = line.split("#", 1)[0].strip()
        if not s:
            continue
        parts = s.split()
        if len(parts) != 2:
            raise StepError("series", f"line {n}: want '<patch> <file>'", path)
        patch, f = parts
        if patch not in mapping:
            raise StepError("series", f"line {n}: {patch} is not in "
                            "patches/series", path)
        if not os.path.isfile(os.path.join(repo_top, f)):
            raise StepError("series", f"line {n}: {f} does not exist", path)
        if f in seen:
            raise StepError("series", f"line {n}: {f} is already brought "
                            f"by {seen[f]}", path)
        seen[f] = patch
        mapping[patch].append(f)
    stray = [f for f in overlay_files(repo_top) if f not in seen]
    if stray:
        raise StepError("series", "new files that no patch brings (add them to "
                        "patches/new-files): " + " ".join(stray), path)
    return mapping


def inputs_hash(repo_top, series, mapping):
    h = hashlib.sha256(f"assembly {ASSEMBLY_VERSION}\n".encode())
    for p in series:
        with open(os.path.join(repo_top, "patches", p), "rb") as f:
            h.update(f"patch {p}\n".encode() + f.read())
        for nf in mapping[p]:
            full = os.path.join(repo_top, nf)
            mode = "755" if os.access(full, os.X_OK) else "644"
            with open(full, "rb") as f:
                h.update(f"file {nf} {mode}\n".encode() + f.read())
    return h.hexdigest()


def mailinfo(patch_path):
    """Author, date and message of a git format-patch file."""
    with tempfile.TemporaryDirectory() as d:
        msg, body = os.path.join(d, "msg"), os.path.join(d, "body")
        with open(patch_path, encoding="utf-8", errors="replace") as f:
            cp = subprocess.run(["git", "mailinfo", "-u", msg, body], stdin=f,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        if cp.returncode != 0:
            raise StepError("series", "not a mail-formatted patch: "
                            + cp.stderr.strip(), patch_path)
        info = {}
        for line in cp.stdout.splitlines():
            k, _, v = line.partition(": ")
            info[k] = v
        with open(msg, encoding="utf-8") as f:
            text = f.read().strip()
    for k in ("Author", "Email", "Subject"):
        if not info.get(k):
            raise StepError("series", f"patch has no {k} header", patch_path)
    info["message"] = info["Subject"] + ("\n\n" + text if text else "") + "\n"
    return info


def build_series(repo, pristine, repo_top, series, mapping, work):
    """Make one commit per patch in the object store; return them in order.

    The private index is read from pristine once: after each patch it holds
    the tree just committed, the next patch's parent.  (Reading the parent
    into it again took a quarter of a second a patch, 80,000 entries.)
    """
    index = os.path.join(work, "assemble.index")
    env = {"GIT_INDEX_FILE": index}
    parent = pristine
    commits = []
    git(repo, "read-tree", parent, step="assemble", env=env)
    for p in series:
        ppath = os.path.join(repo_top, "patches", p)
        info = mailinfo(ppath)
        with open(ppath, encoding="utf-8", errors="replace") as f:
            has_diff = "\ndiff --git " in f.read()
        # A patch that only brings new files (patches/new-files) has no
        # diff for git apply.
        cp = run(["git", "-C", repo, "apply", "--cached", "--whitespace=nowarn",
                  ppath], "assemble", env=env, capture=True, check=False,
                 quiet=True) if has_diff or not mapping[p] else None
        if cp is not None and cp.returncode != 0:
            raise StepError("assemble", "the patch does not apply on top of "
                            "the patches before it:\n" + cp.stderr.strip(),
                            ppath)
        for nf in mapping[p]:
            full = os.path.join(repo_top, nf)
            exists = run(["git", "-C", repo, "cat-file", "-e",
                          f"{parent}:{nf}"], "assemble", check=False,
                         capture=True, quiet=True).returncode == 0
            if exists:
                raise StepError("assemble", "a new file already exists in the "
                                "tree: change it with a patch instead", full)
            sha = git(repo, "hash-object", "-w", full, step="assemble")
            mode = "100755" if os.access(full, os.X_OK) else "100644"
            git(repo, "update-index", "--add", "--cacheinfo",
                f"{mode},{sha},{nf}", step="assemble", env=env)
        tree = git(repo, "write-tree", step="assemble", env=env)
        cenv = fixed_env(info.get("Date") or "1 +0000")
        cenv.update({"GIT_AUTHOR_NAME": info["Author"],
                     "GIT_AUTHOR_EMAIL": info["Email"]})
        parent = git(repo, "commit-tree", tree, "-p", parent, "-F", "-",
                     step="assemble", env=cenv, input_text=info["message"])
        commits.append((p, parent))
    try:
        os.unlink(index)
    except FileNotFoundError:
        pass
    return commits


def assemble(work, state, pristine):
    """Commit ids of the series, (re)built only when the inputs changed."""
    repo = os.path.join(work, "linux")
    rt = top()
    series = read_series(rt)
    mapping = read_new_files(rt, series)
    key = inputs_hash(rt, series, mapping)
    cache = state.get("assembled") or {}
    hit = cache.get(key)
    if hit is not None:
        ok = all(run(["git", "-C", repo, "cat-file", "-e", c], "assemble",
                     check=False, capture=True, quiet=True).returncode == 0
                 for _, c in hit)
        if ok:
            return [tuple(x) for x in hit]
    log(f"assembling {len(series)} patches and "
        f"{sum(len(v) for v in mapping.values())} new files")
    commits = build_series(repo, pristine["commit"], rt, series, mapping, work)
    # Keep a few recent assemblies; older ones are only cache.
    cache = {k: v for k, v in list(cache.items())[-7:]}
    cache[key] = commits
    state.set("assembled", cache)
    return commits


def checkout(work, state, commit):
    """Make linux/ hold exactly `commit`, touching only files that differ."""
    repo = os.path.join(work, "linux")
    head = git(repo, "rev-parse", "HEAD", step="checkout")
    dirty = git(repo, "status", "--porcelain", "--untracked-files=no",
                step="checkout")
    if head == commit and not dirty and state.get("checked_out") == commit:
        return False
    if dirty:
        log("the work tree has edits; saving them with `git stash` in "
            f"{repo} before checking out the series")
        git(repo, "stash", "push", "-q", "-m", "b43-kunit: edits found in "
            "the work tree", step="checkout", check=False)
    state.set("checked_out", None)
    git(repo, "checkout", "-q", "-f", "--detach", commit, step="checkout")
    git(repo, "clean", "-fdq", "-e", ".kunit", "--", *B43_DIRS,
        step="checkout")
    git(repo, "branch", "-f", "assembled", commit, step="checkout")
    state.set("checked_out", commit)
    return True


def prepare():
    """Extract, assemble and check out; returns a description of the tree."""
    work = work_dir()
    os.makedirs(work, exist_ok=True)
    state = State(work)
    pr = extract(work, state)
    commits = assemble(work, state, pr)
    head = commits[-1][1] if commits else pr["commit"]
    changed = checkout(work, state, head)
    # The guests build the machine's regulatory.db in (.kunitconfig)
    regdb.ensure()
    regdb.remove_table(os.path.join(work, "linux"))
    log(f"tree {os.path.join(work, 'linux')}: Linux {pr['version']} + "
        f"{len(commits)} patches, at {head[:12]}"
        + (" (checked out now)" if changed else " (unchanged)"))
    return {"work": work, "repo": os.path.join(work, "linux"),
            "pristine": pr["commit"], "version": pr["version"],
            "commits": commits, "head": head, "state": state}


def locate():
    """The work folder's repository and pristine commit, touching nothing."""
    work = work_dir()
    state = State(work)
    pr = state.get("pristine")
    repo = os.path.join(work, "linux")
    if not pr or not os.path.isdir(os.path.join(repo, ".git")):
        raise StepError("tree", "no work tree yet: run scripts/b43-kunit "
                        "prepare first", repo)
    return {"work": work, "repo": repo, "pristine": pr["commit"],
            "version": pr["version"], "state": state}
