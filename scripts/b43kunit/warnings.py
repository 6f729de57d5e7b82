# SPDX-License-Identifier: GPL-2.0
"""Compiler, sparse, kernel-doc and Coccinelle messages, compared by content.

A patch that inserts three comment lines moves every warning below it, so
messages are compared without their line and column: a message counts as
added when the assembled tree has it more often than the pristine tree.
"""

import collections
import re

# gcc/sparse: "path:line:col: warning: text"; kernel-doc: "path:line: warning:"
_MSG = re.compile(r"^(?P<path>[^\s:]+):(?P<line>\d+):(?:(?P<col>\d+):)?\s*"
                  r"(?P<kind>warning|error|note|WARNING|ERROR)?:?\s*"
                  r"(?P<text>.*)$")
# coccicheck report: "path:line:col-col: text"
_COCCI = re.compile(r"^(?P<path>[^\s:]+):(?P<line>\d+):\d+-\d+:\s*(?P<text>.*)$")


def _rel(path, roots):
    for r in roots:
        r = r.rstrip("/") + "/"
        if path.startswith(r):
            path = path[len(r):]
    while path.startswith("./"):
        path = path[2:]
    while path.startswith("../"):
        path = path[3:]
    return path


def parse(text, roots=(), only=None):
    """Counter of (path, kind, text) for the messages in a build log.

    `only` is a tuple of path prefixes to keep (the b43 directories).
    """
    out = collections.Counter()
    for line in text.splitlines():
        line = line.rstrip()
        m = _COCCI.match(line)
        kind = "cocci"
        if not m:
            m = _MSG.match(line)
            if not m or not (m.group("kind") or "").strip():
                continue
            kind = m.group("kind").lower()
            if kind == "note":
                continue
        path = _rel(m.group("path"), roots)
        if only and not path.startswith(only):
            continue
        text_ = re.sub(r"\s+", " ", m.group("text")).strip()
        out[(path, kind, text_)] += 1
    return out


def added(pristine, assembled):
    """Messages the assembled tree has more often than pristine."""
    diff = assembled - pristine
    return sorted(diff.elements())


def fmt(msgs):
    return "\n".join(f"  {p}: {k}: {t}" for p, k, t in msgs)
