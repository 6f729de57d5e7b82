# SPDX-License-Identifier: GPL-2.0
"""The series as git commits: export, refresh from a branch, bisect builds."""

import os
import re
import shutil
import subprocess

from .tree import B43_DIRS, git, top
from .util import StepError, log, run

# Files a patch must carry even when it creates them: build plumbing that
# later patches change (kbuild lists, Kconfig, kunitconfig fragments).
PLUMBING = {"Makefile", "Kconfig", ".kunitconfig"}


def slug(subject):
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", subject).strip("-.")
    return s[:52].rstrip("-.")


# --- topics -----------------------------------------------------------------

# A topic line of patches/series: "#topic <name> <tree> [fixes]".  The
# patches after it, up to the next topic line, are one posting.
TOPIC = re.compile(r"^#topic\s+([\w.-]+)\s+([\w.-]+)(\s+fixes)?\s*$")
MAX_TOPIC = 15
# The identity the work tree commits with; never in what is exported.
INTERNAL = ("b43-kunit", "b43-kunit@localhost")
# Domains no one posts from (RFC 2606, RFC 6761)
RESERVED = (".example", ".invalid", ".test", ".localhost", "example.com",
            "example.org", "example.net")


def topics(repo_top=None):
    """[{name, tree, fixes, patches}] from patches/series, in order."""
    path = os.path.join(repo_top or top(), "patches", "series")
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = TOPIC.match(line.strip())
            if m:
                out.append({"name": m.group(1), "tree": m.group(2),
                            "fixes": bool(m.group(3)), "patches": []})
                continue
            name = line.split("#", 1)[0].strip()
            if not name:
                continue
            if not out:
                raise StepError("series", f"line {n}: {name} comes before "
                                "any #topic line", path)
            out[-1]["patches"].append(name.split()[0])
    return out


def fix_patches(repo_top=None):
    """Names of the patches of the fixes topics."""
    return [p for tp in topics(repo_top) if tp["fixes"] for p in tp["patches"]]


def cover_path(name, repo_top=None):
    return os.path.join(repo_top or top(), "patches", "cover", name + ".txt")


def identity():
    """(name, email) of whoever exports: git config of this repository."""
    def get(key):
        cp = subprocess.run(["git", "-C", top(), "config", key],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, check=False)
        return cp.stdout.strip()
    name, email = get("user.name"), get("user.email")
    if not name or not email:
        raise StepError("export", "no git identity to sign the patches off "
                        "with: set user.name and user.email (git config "
                        "--global user.name ...), the name and address you "
                        "post under")
    domain = email.rpartition("@")[2].lower()
    if domain == "localhost" or domain.endswith(RESERVED):
        raise StepError("export", f"{name} <{email}> is no address a patch "
                        "can be posted from (a reserved domain, RFC 2606): "
                        "set your own user.name and user.email")
    if (name, email) == INTERNAL:
        raise StepError("export", f"{name} <{email}> is the work tree's "
                        "internal identity, not a person: set your own "
                        "user.name and user.email")
    return name, email


def notes(repo_top=None):
    """{patch subject: text} to put below the --- line (patches/notes:
    "== <subject>" lines, each followed by its note)."""
    path = os.path.join(repo_top or top(), "patches", "notes")
    out, cur = {}, None
    try:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.startswith("#"):
                    continue
                if line.startswith("== "):
                    cur = line[3:].strip()
                    out[cur] = ""
                elif cur is not None:
                    out[cur] += line
    except FileNotFoundError:
        pass
    return {k: v.strip("\n") + "\n" for k, v in out.items()}


def _personalise(text, ident, note):
    """From: and the last sign-off of a format-patch file are the exporter's
    where the work tree's internal identity wrote the patch; a note goes
    below the --- line."""
    name, email = ident
    internal = f"{INTERNAL[0]} <{INTERNAL[1]}>"
    text = text.replace(f"\nFrom: {internal}\n", f"\nFrom: {name} <{email}>\n",
                        1)
    # A cover letter's shortlog heads the patches with their author's name.
    text = re.sub(rf"(?m)^{re.escape(INTERNAL[0])} (\(\d+\):)$",
                  lambda m: f"{name} {m.group(1)}", text)
    if note:
        i = text.find("\n---\n")
        if i >= 0:
            text = text[:i + 5] + note + "\n" + text[i + 5:]
    return text


def export(t, dest, ident=None):
    """The series as topic series, git format-patch files with cover letters.

    dest/NN-<topic>/ holds 0000-cover-letter.patch and the topic's patches,
    "[PATCH <tree> nn/NN]", base-commit the pristine tree; applied with git
    am in the order of the folders they give the assembled tree.  Every
    patch is signed off by @ident (default: the exporter's git identity),
    which is also its author where the work tree's internal identity wrote
    it.  Returns the patch files (cover letters apart), in order.
    """
    ident = ident or identity()
    tps = topics()
    names = [p for tp in tps for p in tp["patches"]]
    if len(names) != len(t["commits"]) or any(
            a != b for a, (b, _) in zip(names, t["commits"])):
        raise StepError("export", "patches/series and the assembled tree "
                        "disagree")
    commit_of = dict(t["commits"])
    nts = notes()
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    files = []
    prev = t["pristine"]
    for n, tp in enumerate(tps, 1):
        last = commit_of[tp["patches"][-1]]
        sub = os.path.join(dest, f"{n:02d}-{tp['name']}")
        run(["git", "-C", t["repo"], "-c", f"user.name={ident[0]}",
             "-c", f"user.email={ident[1]}", "format-patch", "-q",
             "--zero-commit", "--no-signature", "--signoff", "-n",
             "--cover-letter", f"--subject-prefix=PATCH {tp['tree']}",
             f"--base={t['pristine']}", "-o", sub, f"{prev}..{last}"],
            "export", quiet=True)
        prev = last
        with open(cover_path(tp["name"]), encoding="utf-8") as f:
            cover = f.read()
        subject, _, blurb = cover.partition("\n")
        made = sorted(os.listdir(sub))
        if len(made) != len(tp["patches"]) + 1:
            raise StepError("export", f"{tp['name']}: {len(made) - 1} "
                            f"patches for {len(tp['patches'])}", sub)
        for f, name in zip(made, [None] + tp["patches"]):
            path = os.path.join(sub, f)
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
            if name is None:
                text = text.replace("*** SUBJECT HERE ***", subject.strip())
                text = text.replace("*** BLURB HERE ***", blurb.strip("\n"))
                text = _personalise(text, ident, "")
            else:
                subj = git(t["repo"], "log", "-1", "--format=%s",
                           commit_of[name], step="export")
                text = _personalise(text, ident, nts.get(subj, ""))
                files.append(path)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
    if len(files) != len(t["commits"]):
        raise StepError("export", f"wrote {len(files)} patches for "
                        f"{len(t['commits'])} commits", dest)
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
    # Write the patches; each keeps its topic (by subject), a new one joins
    # the topic of the patch before it.
    pdir = os.path.join(rt, "patches")
    old = topics(rt)
    planned = [f"{n:04d}-"
               + slug(git(repo, "log", "-1", "--format=%s", c, step="refresh"))
               + ".patch" for n, c in enumerate(commits, 1)]
    placed = place_in_topics(planned, old)
    for f in os.listdir(pdir):
        if f.endswith(".patch"):
            os.unlink(os.path.join(pdir, f))
    names = []
    for n, c in enumerate(commits, 1):
        name = planned[n - 1]
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
    write_series(pdir, placed)
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


SERIES_HEAD = """\
# b43-kunit quilt series: applied in order on pristine linux-source-6.12.
# "#topic <name> <tree> [fixes]" starts a topic series: the patches up to
# the next one are posted together (scripts/b43-kunit export), with
# patches/cover/<name>.txt as the cover letter, to <tree>.  The patches of
# a "fixes" topic each apply to pristine 6.12 alone, which the full test
# checks; fixes topics come first.
"""


def place_in_topics(names, old):
    """[(name, topic)]: each patch keeps the topic of the patch of the same
    subject in @old (the topics of patches/series); one whose subject is new
    joins the topic of the patch before it.  When no subject is left (every
    subject was reworded) and the number of patches is the same, the topics
    keep their places.  The first patch must have a topic."""
    by_subject = {re.sub(r"^\d{4}-", "", p): tp
                  for tp in old for p in tp["patches"]}
    flat = [tp for tp in old for _ in tp["patches"]]
    keep = [by_subject.get(re.sub(r"^\d{4}-", "", n)) for n in names]
    if not any(keep) and len(flat) == len(names):
        keep = flat
    out, cur = [], None
    for name, tp in zip(names, keep):
        cur = tp or cur
        if cur is None:
            raise StepError("refresh", f"{name}: no topic to put it in: add "
                            "a #topic line to patches/series")
        out.append((name, cur))
    return out


def write_series(pdir, placed):
    """patches/series for the patches in their topics, in order."""
    cur = None
    with open(os.path.join(pdir, "series"), "w", encoding="utf-8") as f:
        f.write(SERIES_HEAD)
        for name, tp in placed:
            if tp is not cur:
                f.write(f"#topic {tp['name']} {tp['tree']}"
                        f"{' fixes' if tp['fixes'] else ''}\n")
                cur = tp
            f.write(name + "\n")


def b43_make_targets():
    return [d + "/" for d in B43_DIRS]
