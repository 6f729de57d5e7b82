# SPDX-License-Identifier: GPL-2.0
"""kunit/units.conf: which files of the driver are units."""

import os

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
