# SPDX-License-Identifier: GPL-2.0
"""The credit series: made by coccinelle/credit-header.cocci in patch mode.

``scripts/b43-kunit credit-patches`` regenerates the two credit patches from a
pristine tree (their sign-off chain ends with David Woodhouse's; whoever
posts them adds theirs, as `export` does); the full test checks that the committed patches are exactly
what the rule produces today, so the rule and the series cannot drift apart.
"""

import os
import re
import textwrap

from .series import slug
from .tree import fixed_env, git, top
from .util import StepError, run

RULE = "coccinelle/credit-header.cocci"

WOODHOUSE = ("David Woodhouse", "dwmw2@infradead.org")
DATE = "Sun, 19 Sep 2010 19:40:51 +0100"

ORIGINAL = """\
Broadcom seem bizarrely paranoid about the legal consequences of
"enabling" users to violate regulatory requirements.

For some reason they seem to think that an open source driver is more of
a problem than a closed-source driver. Even though it's often actually
*easier* for end-users to use a hex editor to NOP out certain conditional
jumps or change constants used in comparisons for regulatory enforcement,
than it is for them to patch and rebuild an open source driver.

The reverse engineering is hard, of course, but the end-users don't have
to do that for themselves -- they only need to follow instructions like
'set the byte at 0x4572 to 0x90'. More to the point, the
reverse-engineering part is required *anyway* in order to document the
hardware so we can write the open source drivers. We couldn't do an open
driver without *first* knowing enough about the closed one that we can
bypass the regulatory code in it.

Everything we do in the b43 and b43legacy drivers is enabled by
Broadcom's original binary-only drivers.

So let's make that 'enablement' by Broadcom's binary drivers clear in
our source code -- in the hope that it'll narrow the 'risk gap' that
they falsely perceive between open and closed source drivers.

Or failing that, in the hope that it'll give their crack-addled lawyers
aneurysms, and they'll hire some saner ones to replace them.
"""

PATCHES = [("drivers/net/wireless/broadcom/b43", "b43"),
           ("drivers/net/wireless/broadcom/b43legacy", "b43legacy")]


def message(driver, nfiles):
    note = textwrap.fill(
        "Ported to Linux 6.12.  The 2010 patch (Message-ID "
        "<1284921651.24835.11.camel@i7.infradead.org>) appended the sentence "
        "to the GPL boilerplate of the 35 b43 and b43legacy files of the "
        "time; that boilerplate has since become SPDX tags.  This port puts "
        f"it into the header comment of all {nfiles} {driver} .c and .h "
        "files, right after each file's description, and gives the headers "
        "that had no comment a short one holding it.  Made by a Coccinelle "
        "rule in patch mode, which adds the sentence to any file that lacks "
        "it; the other driver gets its own patch.", width=72, initial_indent="[",
        subsequent_indent=" ", break_on_hyphens=False) + "]"
    return f"""wifi: {driver}: credit Broadcom with enabling the development of the driver

{ORIGINAL}
{note}

Signed-off-by: {WOODHOUSE[0]} <{WOODHOUSE[1]}>
"""


def spatch_diff(tree_dir, sub, mode="patch"):
    cp = run(["spatch", "--sp-file", os.path.join(top(), RULE), "-D", mode,
              "--no-includes", "--include-headers", "--very-quiet",
              "--dir", sub], "credit", cwd=tree_dir, capture=True, quiet=True)
    return cp.stdout


def sort_diff(text):
    """spatch visits files in directory order; sort the per-file parts."""
    parts = re.split(r"(?m)^(?=--- a/)", text)
    head, files = parts[0], sorted(p for p in parts[1:] if p)
    return head + "".join(files)


def base_commit(t):
    """The commit the credit patches apply to in the assembled tree: the one
    before the first of them (the fixes topics come before)."""
    slugs = {slug(message(d, 0).split("\n", 1)[0]) for _, d in PATCHES}
    prev = t["pristine"]
    for name, commit in t["commits"]:
        if name.split("-", 1)[1][:-len(".patch")] in slugs:
            return prev
        prev = commit
    raise StepError("credit", "no credit patch in patches/series")


def generate(repo, pristine_dir, pristine_commit):
    """[(file name, patch text)] for the two credit patches, made by the rule
    in @pristine_dir, a checkout of @pristine_commit: pristine 6.12 or the
    commit they follow in the series."""
    out = []
    parent = pristine_commit
    index = os.path.join(os.path.dirname(repo), "credit.index")
    env = {"GIT_INDEX_FILE": index}
    for n, (sub, driver) in enumerate(PATCHES, 1):
        diff = sort_diff(spatch_diff(pristine_dir, sub))
        nfiles = len(re.findall(r"(?m)^\+\+\+ b/", diff))
        if not nfiles:
            raise StepError("credit", "the rule produced no diff", sub)
        git(repo, "read-tree", parent, step="credit", env=env)
        run(["git", "-C", repo, "apply", "--cached", "-"], "credit", env=env,
            input_text=diff, capture=True, quiet=True)
        tree = git(repo, "write-tree", step="credit", env=env)
        cenv = fixed_env(DATE)
        cenv["GIT_AUTHOR_NAME"], cenv["GIT_AUTHOR_EMAIL"] = WOODHOUSE
        parent = git(repo, "commit-tree", tree, "-p", parent, "-F", "-",
                     step="credit", env=cenv,
                     input_text=message(driver, nfiles))
        text = run(["git", "-C", repo, "format-patch", "-1", "--stdout",
                    "--no-signature", "--zero-commit", parent], "credit",
                   capture=True, quiet=True).stdout
        subject = message(driver, nfiles).split("\n", 1)[0]
        out.append((f"{n:04d}-{slug(subject)}.patch", text))
    try:
        os.unlink(index)
    except FileNotFoundError:
        pass
    return out


def find(generated_name):
    """The committed patch that is the generated one, by its subject slug
    (the credit patches need not be the first of the series)."""
    slug_ = generated_name.split("-", 1)[1]
    for f in sorted(os.listdir(os.path.join(top(), "patches"))):
        if f.endswith(".patch") and f.split("-", 1)[1] == slug_:
            return f
    raise StepError("credit", f"no patch of the series is {slug_}")


def write(patches):
    """Write the generated patches over the committed ones they are."""
    for name, text in patches:
        try:
            name = find(name)
        except StepError:
            pass
        with open(os.path.join(top(), "patches", name), "w",
                  encoding="utf-8") as f:
            f.write(text)


def body(text):
    """The part of a patch that must match: from the first diff on."""
    i = text.find("\ndiff --git ")
    return text[i:] if i >= 0 else text
