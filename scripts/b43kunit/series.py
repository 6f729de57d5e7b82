# SPDX-License-Identifier: GPL-2.0
"""The series as git commits: export, refresh from a branch, bisect builds."""

import os
import re
import shutil

from .tree import B43_DIRS, git, top
from .util import StepError, log, run

# Files a patch must carry even when it creates them: build plumbing that
# later patches change (kbuild lists, Kconfig, kunitconfig fragments).
PLUMBING = {"Makefile", "Kconfig", ".kunitconfig"}


def slug(subject):
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", subject).strip("-.")
    return s[:52].rstrip("-.")


def export(t, dest):
    """git format-patch of the assembled series, new files included."""
    os.makedirs(dest, exist_ok=True)
    for f in os.listdir(dest):
        if f.endswith(".patch"):
            os.unlink(os.path.join(dest, f))
    out = git(t["repo"], "format-patch", "-q", "--zero-commit",
              "--no-signature", "-o", dest, f"{t['pristine']}..{t['head']}",
              step="export")
    files = sorted(os.path.join(dest, f) for f in os.listdir(dest)
                   if f.endswith(".patch"))
    if len(files) != len(t["commits"]):
        raise StepError("export", f"wrote {len(files)} patches for "
                        f"{len(t['commits'])} commits", dest)
    del out
    return files


def refresh(t, branch):
    """Rewrite patches/ and drivers/ from the commits pristine..branch.

    The developer's loop: commit on a branch in the work tree, then run
    `scripts/b43-kunit refresh <branch>`.  A file a commit adds goes to
    drivers/ (the overlay) when no later commit changes it and it is not
    build plumbing; everything else stays in the patch.
    """
    repo = t["repo"]
    rt = top()
    base = t["pristine"]
    commits = git(repo, "rev-list", "--reverse", f"{base}..{branch}",
                  step="refresh").split()
    if not commits:
        raise StepError("refresh", f"no commits between pristine and {branch}")
    touched = {}
    added = {}
    for c in commits:
        for line in git(repo, "diff-tree", "-r", "--no-commit-id",
                        "--name-status", c, step="refresh").splitlines():
            st, path = line.split("\t", 1)
            touched.setdefault(path, []).append(c)
            if st == "A":
                added[path] = c
    overlay = {}
    for path, c in added.items():
        later = [x for x in touched[path] if x != c]
        if later or os.path.basename(path) in PLUMBING:
            continue
        if not path.startswith("drivers/"):
            continue
        overlay.setdefault(c, []).append(path)
    # Write the patches.
    pdir = os.path.join(rt, "patches")
    for f in os.listdir(pdir):
        if f.endswith(".patch"):
            os.unlink(os.path.join(pdir, f))
    names = []
    for n, c in enumerate(commits, 1):
        subject = git(repo, "log", "-1", "--format=%s", c, step="refresh")
        name = f"{n:04d}-{slug(subject)}.patch"
        excl = [f":(exclude){p}" for p in overlay.get(c, [])]
        # c^! and not -1: with a pathspec, -1 means the last commit that
        # touches it, which for a commit bringing only overlay files is an
        # earlier one.  Such a commit gets a patch with no diff: its
        # message, and its files from patches/new-files.
        text = run(["git", "-C", repo, "format-patch", "--stdout",
                    "--zero-commit", "--no-signature", f"{c}^!", "--", "."]
                   + excl, "refresh", capture=True, quiet=True).stdout
        if not text:
            text = run(["git", "-C", repo, "show", "--no-patch",
                        "--format=email", c], "refresh", capture=True,
                       quiet=True).stdout
            text = re.sub(r"^From [0-9a-f]{40} ", "From " + "0" * 40 + " ",
                          text, count=1).rstrip("\n") + "\n---\n"
        with open(os.path.join(pdir, name), "w", encoding="utf-8") as f:
            f.write(text)
        names.append((name, c))
    with open(os.path.join(pdir, "series"), "w", encoding="utf-8") as f:
        f.write("# b43-kunit quilt series: applied in order on pristine "
                "linux-source-6.12\n")
        for name, _ in names:
            f.write(name + "\n")
    # The overlay: drivers/ holds exactly the new files, final content.
    ddir = os.path.join(rt, "drivers")
    shutil.rmtree(ddir, ignore_errors=True)
    with open(os.path.join(pdir, "new-files"), "w", encoding="utf-8") as f:
        f.write("# <patch> <new file>: the patch of patches/series that "
                "brings each new file of drivers/\n")
        for name, c in names:
            for path in sorted(overlay.get(c, [])):
                dst = os.path.join(rt, path)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                blob = run(["git", "-C", repo, "show", f"{branch}:{path}"],
                           "refresh", capture=True, quiet=True).stdout
                with open(dst, "w", encoding="utf-8") as out:
                    out.write(blob)
                f.write(f"{name} {path}\n")
    log(f"refreshed {len(names)} patches and "
        f"{sum(len(v) for v in overlay.values())} new files from {branch}")
    return names


def b43_make_targets():
    return [d + "/" for d in B43_DIRS]
