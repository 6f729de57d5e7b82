# SPDX-License-Identifier: GPL-2.0
"""kunit/units.conf: which files of the driver are units."""

import os
import re

from .tree import top
from .util import StepError

CONF = "kunit/units.conf"


def parse(text, where=CONF):
    """{unit: [kernel paths]} from the text of a units.conf."""
    units = {}
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].split()
        if not line:
            continue
        if len(line) < 2:
            raise StepError("units", f"line {n}: a unit needs at least one "
                            "file", where)
        name, files = line[0], line[1:]
        if name in units:
            raise StepError("units", f"line {n}: unit {name} listed twice",
                            where)
        for f in files:
            if os.path.isabs(f) or ".." in f.split("/") or \
                    not f.endswith((".c", ".h")):
                raise StepError("units", f"line {n}: {f} is not a kernel "
                                "path of a .c or .h file", where)
        units[name] = files
    return units


def load(root=None):
    path = os.path.join(root or top(), CONF)
    try:
        with open(path, encoding="utf-8") as f:
            return parse(f.read(), path)
    except OSError as e:
        raise StepError("units", f"cannot read the unit list: {e}",
                        path) from e


def files(units):
    return [f for fs in units.values() for f in fs]


# --- what a unit may include ---------------------------------------------------

# Kernel headers a unit may include: <linux/...>, <net/...>, <kunit/...>, and
# the architecture's <asm/...> that the kernel's own headers name for byte
# order (<asm/byteorder.h>).
KERNEL_INCLUDE = re.compile(r"(linux|net|kunit|asm)/[\w./-]+\.h")
# Support headers of the driver's test build that any unit may include.
SUPPORT = {"kunit.h"}
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"]+)[>"]', re.M)


def include_problems(unit_list, read):
    """[str]: each #include of a unit file that is not a kernel header, a
    unit's file or a support header.

    @read(path) gives a unit file's text.  A unit includes what it computes
    on from kernel headers and other units only: a driver header (b43.h,
    xmit.h, dma.h, ...) would make it depend on the file it serves.
    """
    own = {}
    for name, fs in unit_list.items():
        for f in fs:
            own[f] = name
    problems = []
    for f in sorted(own):
        text = read(f)
        for m in INCLUDE.finditer(text):
            kind, inc = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            if kind == "<":
                if not KERNEL_INCLUDE.fullmatch(inc):
                    problems.append(f"{f}:{line}: <{inc}> is not a kernel "
                                    "header a unit may include (linux/, "
                                    "net/, kunit/, asm/)")
                continue
            path = os.path.normpath(os.path.join(os.path.dirname(f), inc))
            if path in own or inc in SUPPORT:
                continue
            problems.append(f'{f}:{line}: "{inc}" is a driver header, not '
                            f"a unit's (unit {own[f]}): move what the unit "
                            "needs from it into the unit's own header")
    return problems
