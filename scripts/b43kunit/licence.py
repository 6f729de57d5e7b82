# SPDX-License-Identifier: GPL-2.0
"""Moved code keeps its licence and its copyright notices.

A file the series adds may receive code moved out of an upstream b43 or
b43legacy file.  It must then carry that file's copyright lines and that file's
licence: GPL-2.0-or-later code stays GPL-2.0-or-later (narrowing it is
legal but not what its authors chose), and GPL-2.0-only code cannot be
offered under a later version.  A file that holds both is therefore one
this check refuses: the two go to separate files.  And no copyright holder
of its own invention.

Moved code is found, not declared: a run of at least RUN consecutive
significant lines of the new file (after whitespace is normalised) that
also follow each other in a pristine file.  Significant lines are the ones
that carry code or words: blank lines, lone braces, bare comment markers,
and short lines (`break;`, `return 0;`) match too easily to count.
"""

import re

RUN = 4
MIN_LEN = 14

SPDX = re.compile(r"SPDX-License-Identifier:\s*([\w.+-]+(?:\s+\w+\s+[\w.+-]+)*)")
COPYRIGHT = re.compile(r"copyright", re.I)
INVENTED = re.compile(r"copyright.*b43-kunit", re.I)

# Licences by how much they allow: a file's licence must rank at least as
# high as that of every file whose code it holds.
WIDER = {"GPL-2.0-or-later": 2, "GPL-2.0+": 2, "GPL-2.0": 1,
         "GPL-2.0-only": 1}


def norm(line):
    return " ".join(line.split())


def significant(line):
    s = norm(line)
    if len(s) < MIN_LEN:
        return False
    if re.fullmatch(r"[{}();*/ ]*", s):
        return False
    if s.startswith(("#include", "Copyright", "* Copyright")):
        return False
    return True


def licence_of(text):
    for line in text.splitlines()[:3]:
        m = SPDX.search(line)
        if m:
            return m.group(1).strip().rstrip("*/").strip()
    return None


def copyrights(text):
    """The copyright lines of a file's header comment, normalised."""
    out = []
    for line in text.splitlines()[:40]:
        if COPYRIGHT.search(line):
            out.append(norm(line.strip().lstrip("/*").strip()))
    return out


def index(files):
    """{normalised significant line: [(path, line number)]} of pristine files."""
    idx = {}
    lines = {}
    for path, text in files.items():
        ls = [norm(x) for x in text.splitlines()]
        lines[path] = ls
        for n, s in enumerate(ls):
            if significant(s):
                idx.setdefault(s, []).append((path, n))
    return idx, lines


def moved_from(text, idx, lines):
    """{pristine path: number of moved lines} for the runs a file shares."""
    new = [norm(x) for x in text.splitlines()]
    sig = [i for i, s in enumerate(new) if significant(s)]
    found = {}
    k = 0
    while k < len(sig):
        best = None
        for path, n in idx.get(new[sig[k]], ()):
            # Follow the run: consecutive significant lines of the new file
            # at consecutive significant lines of the pristine file.
            src = [j for j in range(n, len(lines[path]))
                   if significant(lines[path][j])]
            run = 0
            while (k + run < len(sig) and run < len(src) and
                   new[sig[k + run]] == lines[path][src[run]]):
                run += 1
            if run >= RUN and (not best or run > best[1]):
                best = (path, run)
        if best:
            found[best[0]] = found.get(best[0], 0) + best[1]
            k += best[1]
        else:
            k += 1
    return found


def check_file(path, text, sources, pristine):
    """Problems of one new file: [str]."""
    problems = []
    lic = licence_of(text)
    if not lic:
        problems.append(f"{path}: no SPDX-License-Identifier")
    if INVENTED.search(text):
        problems.append(f"{path}: a copyright line names no legal person "
                        "(b43-kunit)")
    have = set(copyrights(text))
    for src in sorted(sources):
        slic = licence_of(pristine[src])
        if lic and slic and WIDER.get(lic, 0) < WIDER.get(slic, 0):
            problems.append(f"{path}: {lic}, narrower than {slic} of "
                            f"{src}, whose code it holds")
        elif lic and slic and WIDER.get(lic, 0) > WIDER.get(slic, 0):
            problems.append(f"{path}: {lic}, wider than {slic} of {src}: "
                            "code under GPL-2.0 only cannot be offered "
                            "under a later version")
        for c in copyrights(pristine[src]):
            if c not in have:
                problems.append(f"{path}: lacks \"{c}\" of {src}, whose "
                                "code it holds")
    return problems
