# SPDX-License-Identifier: GPL-2.0
"""What pristine 6.12 gives the analyses, committed: kunit/baseline.json.

The full test compares the assembled tree's W=1, sparse, kernel-doc and
`make coccicheck` messages for b43 and b43legacy with pristine 6.12's.
Deriving pristine's costs two analysis builds (one per guest
configuration) and a coccicheck run on every cold start, for an answer
that only changes when the toolchain or the configuration does.  So the
answer is committed, with what it depends on:

- the pristine tree (its git tree id, which the tarball fixes);
- each guest's analysis configuration, as a digest of its CONFIG_ lines
  without the ones that only name the toolchain (CC_VERSION_TEXT, ...);
- the toolchain: gcc and the powerpc64 cross gcc, sparse, spatch;
- a digest of all of the above and the messages.

`scripts/b43-kunit baseline` derives it on purpose.  The full test
(check()) then:

- fails when the file is missing, when its digest does not match its
  content (edited by hand), or when the pristine tree or a configuration is
  not the one it was made for (stale): run `scripts/b43-kunit baseline`;
- derives pristine's messages here, as before, when this machine's
  toolchain is not the baseline's (other versions warn differently), and
  says so;
- re-derives kernel-doc's part, which takes seconds, on every run and
  fails when it differs from the committed one: a baseline that lies about
  the cheap part is not trusted for the rest.
"""

import collections
import hashlib
import json
import os
import re
import subprocess

from .tree import top
from .util import StepError

PATH = "kunit/baseline.json"

# .config lines that change with the toolchain, not with the configuration
# (the compiler's, assembler's and linker's versions and what they support:
# CC_VERSION_TEXT, GCC_VERSION, CC_HAS_*, AS_HAS_*, LD_IS_BFD, ...)
TOOLCHAIN_LINE = re.compile(r"^CONFIG_(CC|AS|LD|GCC|CLANG|LLD|RUSTC|PAHOLE|"
                            r"TOOLS|BINDGEN)_\w*=")
TOOLS = {"gcc": ["gcc", "--version"],
         "powerpc64-linux-gnu-gcc": ["powerpc64-linux-gnu-gcc", "--version"],
         "sparse": ["sparse", "--version"],
         "spatch": ["spatch", "--version"]}


def toolchain():
    """{tool: first line of its --version} of this machine."""
    out = {}
    for name, cmd in TOOLS.items():
        try:
            cp = subprocess.run(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True,
                                check=False)
            out[name] = (cp.stdout.splitlines() or ["?"])[0].strip()
        except OSError:
            out[name] = "missing"
    return out


def config_digest(path):
    """sha256 of a .config's settings, without the toolchain's lines."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("CONFIG_") and not TOOLCHAIN_LINE.match(line):
                lines.append(line)
    return hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()


def _digest(data):
    body = {k: v for k, v in data.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def to_list(counter):
    return sorted([p, k, t, n] for (p, k, t), n in counter.items())


def to_counter(items):
    return collections.Counter({(p, k, t): n for p, k, t, n in items})


def make(pristine_tree, configs, w1_sparse, coccicheck, kerneldoc):
    """The baseline document for the given analysis results."""
    data = {
        "about": "What pristine 6.12 gives the full test's analyses of b43 "
                 "and b43legacy.  Made by scripts/b43-kunit baseline; do "
                 "not edit: the digest covers every other field.",
        "pristine_tree": pristine_tree,
        "toolchain": toolchain(),
        "configs": configs,
        "w1_sparse": {k: to_list(v) for k, v in w1_sparse.items()},
        "coccicheck": to_list(coccicheck),
        "kerneldoc": {f: to_list(c) for f, c in sorted(kerneldoc.items())},
    }
    data["digest"] = _digest(data)
    return data


def write(data, root=None):
    path = os.path.join(root or top(), PATH)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    return path


def load(root=None):
    """The committed baseline, checked for edits; StepError if unusable."""
    path = os.path.join(root or top(), PATH)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError as e:
        raise StepError("baseline", "no committed baseline: run "
                        "scripts/b43-kunit baseline", path) from e
    except ValueError as e:
        raise StepError("baseline", f"not JSON ({e}): edited by hand? run "
                        "scripts/b43-kunit baseline", path) from e
    if data.get("digest") != _digest(data):
        raise StepError("baseline", "its digest does not match its content: "
                        "edited by hand; run scripts/b43-kunit baseline to "
                        "derive it again", path)
    return data


def stale(data, pristine_tree, configs):
    """Why the baseline is not the one for this tree, or None."""
    if data["pristine_tree"] != pristine_tree:
        return (f"made for pristine tree {data['pristine_tree'][:12]}, this "
                f"one is {pristine_tree[:12]}")
    for target, digest in configs.items():
        have = data["configs"].get(target)
        if have != digest:
            return (f"made for another {target} analysis configuration "
                    f"({(have or 'none')[:12]}, now {digest[:12]}): a "
                    "kunitconfig fragment changed")
    return None


def toolchain_differs(data):
    """The tools whose version is not the baseline's: {tool: (was, is)}."""
    now = toolchain()
    return {k: (v, now.get(k)) for k, v in data["toolchain"].items()
            if now.get(k) != v}
