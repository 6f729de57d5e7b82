// SPDX-License-Identifier: GPL-2.0-only
/// A function the driver keeps static but the KUnit suites call is written
/// VISIBLE_IF_B43_KUNIT (or VISIBLE_IF_KUNIT) and must also be exported
/// with EXPORT_SYMBOL_IF_B43_KUNIT() (or EXPORT_SYMBOL_IF_KUNIT()): the
/// suites are their own module, b43-tests.ko.  kunit.py links everything
/// into vmlinux, where a missing export goes unnoticed; it breaks only the
/// modular build (modpost: undefined symbol), which is how distributions
/// ship b43.  Report mode names each such function; patch mode adds the
/// export after the function's closing brace.
///
/// The macros are not C that SmPL can match without a macro file, so, like
/// credit-header.cocci, this is a script rule reading each file itself.
//
// Confidence: High
// Options: --no-includes --include-headers
//# pristine 6.12: none (6.12 has no VISIBLE_IF_KUNIT in b43)
//# The function name is the last identifier before the first "(" after
//# the macro; a definition the macro does not directly precede is missed.

virtual report
virtual patch

@initialize:python@
@@
import difflib
import re

VISIBLE = re.compile(r"^VISIBLE_IF_(B43_)?KUNIT\s*(/\*.*\*/\s*)?$")
EXPORT = re.compile(r"^EXPORT_SYMBOL_IF_(?:B43_)?KUNIT\((\w+)\);", re.M)


class Where:
	"""Enough of a coccilib position for print_report()."""

	def __init__(self, path, line):
		self.file = path
		self.line = str(line)
		self.column = "0"
		self.column_end = "0"


def clean(path):
	return path[2:] if path.startswith("./") else path


def unexported(lines):
	"""(name, macro line, closing brace line, b43?) of each missing export."""
	exported = set(EXPORT.findall("\n".join(lines)))
	out = []
	for i, line in enumerate(lines):
		m = VISIBLE.match(line)
		if not m:
			continue
		head = ""
		j = i + 1
		while j < len(lines) and "(" not in head:
			head += lines[j] + "\n"
			j += 1
		names = re.findall(r"(\w+)\s*\(", head)
		if not names or names[0] in exported:
			continue
		end = j
		while end < len(lines) and lines[end] != "}":
			end += 1
		out.append((names[0], i, end, m.group(1) is not None))
	return out


def read(path):
	with open(path, encoding="utf-8", errors="surrogateescape") as f:
		lines = f.read().split("\n")
	if lines and lines[-1] == "":
		lines.pop()
	return lines

@script:python depends on report@
@@
for path in cocci.files():
	for name, at, _, _ in unexported(read(path)):
		coccilib.report.print_report(Where(clean(path), at + 1),
			"%s() is VISIBLE_IF_*KUNIT but not exported for the "
			"suites' module: add EXPORT_SYMBOL_IF_*KUNIT(%s)"
			% (name, name))

@script:python depends on patch@
@@
for path in cocci.files():
	lines = read(path)
	new = list(lines)
	for name, _, end, b43 in reversed(unexported(lines)):
		if end < len(lines):
			macro = "EXPORT_SYMBOL_IF_B43_KUNIT" if b43 else \
				"EXPORT_SYMBOL_IF_KUNIT"
			new[end + 1:end + 1] = ["%s(%s);" % (macro, name)]
	if new != lines:
		print("".join(difflib.unified_diff(
			[x + "\n" for x in lines], [x + "\n" for x in new],
			"a/" + clean(path), "b/" + clean(path), n=3)), end="")
