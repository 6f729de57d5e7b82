// SPDX-License-Identifier: GPL-2.0-only
/// Every b43 and b43legacy source file credits Broadcom, in its header
/// comment, with "enabling" the driver through its binary-only drivers
/// (David Woodhouse, 2010).  Report mode names each .c/.h file whose leading
/// comments lack the sentence; patch mode prints the diff that inserts it
/// after the file's description (before the first Copyright line), or adds
/// a comment after the SPDX line when the file has none.
///
/// Comments are not part of the C that SmPL matches, and spatch 1.1.1's
/// `comments` metavariable does not see the comment above the first
/// #include, so this rule is a script rule: it runs once per file (spatch
/// --dir, as coccicheck calls it, hands over one file at a time), reads the
/// file's leading comments itself and prints a report line or a diff.
//
// Confidence: High
// Options: --no-includes --include-headers
//# Only the comments before the first line of code count: a sentence in a
//# later comment is reported, as it does not credit anyone in the header.

virtual report
virtual patch

@initialize:python@
@@
import difflib
import re

CREDIT = ("Broadcom enabled the development of this driver, by providing all "
          "required", "hardware information in the form of binary software "
          "drivers.")
CREDIT_FLAT = " ".join(CREDIT)


class Where:
    """Enough of a coccilib position for print_report()."""

    def __init__(self, path, line):
        self.file = path
        self.line = str(line)
        self.column = "0"
        self.column_end = "0"


def b43_source(path):
    return path.endswith((".c", ".h"))


def leading_comments(lines):
    """Indexes [start, end) of the comment lines the file opens with."""
    i, n = 0, len(lines)
    while i < n:
        s = lines[i].strip()
        if not s or s.startswith("//"):
            i += 1
        elif s.startswith("/*"):
            while i < n and "*/" not in lines[i]:
                i += 1
            i += 1
        else:
            break
    return min(i, n)


def flat(text):
    text = re.sub(r"/\*|\*/|^\s*\*|^\s*//", " ", text, flags=re.M)
    return " ".join(text.split())


def has_credit(lines):
    return CREDIT_FLAT in flat("\n".join(lines[:leading_comments(lines)]))


def first_block(lines):
    """(open, close) line indexes of the first /* */ header block, or None."""
    end = leading_comments(lines)
    for i in range(end):
        if lines[i].lstrip().startswith("/*") and "SPDX" not in lines[i]:
            j = i
            while j < end and "*/" not in lines[j]:
                j += 1
            if j > i:
                return i, j
            return None
    return None


def is_blank(line):
    return not re.sub(r"^\s*\*?", "", line).strip()


def credited(lines):
    """The lines with the credit inserted."""
    block = first_block(lines)
    if block is None:
        at = 1 if lines and "SPDX-License-Identifier" in lines[0] else 0
        return lines[:at] + ["/*", " * " + CREDIT[0], " * " + CREDIT[1],
                             " */"] + lines[at:]
    o, c = block
    body = list(range(o + 1, c))
    copy = [i for i in body if re.search(r"copyright|\(c\)", lines[i], re.I)]
    desc_end = copy[0] if copy else c
    desc = [i for i in body if i < desc_end and not is_blank(lines[i])]
    if not desc:
        last = o
        prefix = " * "
    else:
        last = desc[-1]
        prefix = re.match(r"^(\s*\*?\s*)", lines[last]).group(1)
    star = prefix.strip() == "*"
    blank = prefix.rstrip() if star else ""
    new = [blank, prefix + CREDIT[0], prefix + CREDIT[1]]
    return lines[:last + 1] + new + lines[last + 1:]


def diff(path, lines):
    new = credited(lines)
    out = difflib.unified_diff([x + "\n" for x in lines],
                               [x + "\n" for x in new],
                               "a/" + clean(path), "b/" + clean(path), n=3)
    return "".join(out)


def read(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def clean(path):
    return path[2:] if path.startswith("./") else path

@script:python depends on report@
@@
for path in cocci.files():
    if b43_source(path) and not has_credit(read(path)):
        coccilib.report.print_report(Where(clean(path), 1),
            "the header comment lacks the Broadcom credit sentence")

@script:python depends on patch@
@@
for path in cocci.files():
    if b43_source(path):
        lines = read(path)
        if not has_credit(lines):
            print(diff(path, lines), end="")
