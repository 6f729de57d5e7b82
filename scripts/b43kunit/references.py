# SPDX-License-Identifier: GPL-2.0
"""The exported series names nothing outside the kernel.

A kernel reader has the kernel tree and nothing else: a patch, a cover
letter or a note below the --- line that points at this repository's
scripts, its Documentation/ pages, its Coccinelle rules or at Debian
points at something the reader cannot see.  Two rules, on what the series
writes (commit messages, notes, cover letters and the lines the diffs
add; context lines are pristine's):

- no word that names this repository or the distribution the tarball
  came from (WORDS);
- every path that starts at a top-level directory of a kernel tree, or at
  one of this repository's (PREFIXES), names a file or directory of the
  kernel tree the series gives: pristine's files and those the series
  adds.  An include, <kunit/visibility.h>, is not a path from the top.
"""

import os
import re

from .tree import git

WORDS = re.compile(r"\b(b43-kunit|b43kunit|Debian|linux-source)\b",
                   re.IGNORECASE)
PREFIXES = ("Documentation", "scripts", "tools", "include", "drivers", "net",
            "arch", "lib", "kernel", "kunit", "coccinelle", "patches")
PATH = re.compile(r"(?<![\w/.<-])((?:%s)/[\w./+-]*[\w/])" % "|".join(PREFIXES))
# a/ and b/ of a diff's file names, and git's own lines
SKIP_LINE = re.compile(r"^(diff --git |index |--- a/|\+\+\+ b/|--- /dev/null|"
                       r"\+\+\+ /dev/null|new file mode|deleted file mode|"
                       r"similarity index|rename from|rename to)")


def written_lines(text):
    """(line number, line) of what a format-patch file writes: its message
    and note, and the lines its diffs add (without the "+")."""
    in_diff = False
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("diff --git "):
            in_diff = True
        if SKIP_LINE.match(line):
            continue
        if not in_diff:
            yield n, line
        elif line.startswith("+"):
            yield n, line[1:]


def offences(text, known):
    """[(line, what)] in @text; @known(path) says whether a path exists."""
    out = []
    for n, line in written_lines(text):
        if line.startswith(("From: ", "Signed-off-by: ", "Cc: ")):
            continue
        for m in WORDS.finditer(line):
            out.append((n, m.group(1)))
        for m in PATH.finditer(line):
            path = m.group(1).rstrip(".")
            if not known(path):
                out.append((n, path))
    return out


def tree_paths(t):
    """A predicate: the path is a file or a directory of pristine, or a
    file some patch of the series touches (or a directory above one)."""
    files = set(git(t["repo"], "ls-tree", "-r", "--name-only",
                    t["pristine"], step="references").split("\n"))
    files |= set(git(t["repo"], "log", "--name-only", "--format=",
                     f"{t['pristine']}..{t['head']}",
                     step="references").split("\n"))
    files.discard("")
    dirs = set()
    for f in files:
        parts = f.split("/")
        for i in range(1, len(parts)):
            dirs.add("/".join(parts[:i]))

    def known(path):
        path = path.rstrip("/")
        return path in files or path in dirs
    return known


def check(t, tally, dest):
    """Every file of the exported series in @dest (patches and cover
    letters) names only what a kernel tree has."""
    known = tree_paths(t)
    bad = []
    for root, _, fs in sorted(os.walk(dest)):
        for f in sorted(fs):
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                text = fh.read()
            for n, what in offences(text, known):
                bad.append(f"{os.path.relpath(os.path.join(root, f), dest)}"
                           f":{n}: {what}")
    tally.check("the exported series names nothing outside the kernel "
                "(no repository path, no distribution)", not bad,
                "\n".join(bad[:20]) + (f"\n... {len(bad)} in all"
                                       if len(bad) > 20 else ""))
