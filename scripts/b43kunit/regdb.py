# SPDX-License-Identifier: GPL-2.0
"""The host's reader of wireless-regdb's regulatory.db: a cross-check.

The guest kernels carry the machine's regulatory.db (CONFIG_EXTRA_FIRMWARE
in .kunitconfig) and the b43 suites read it there with their own reader
(drivers/net/wireless/broadcom/b43/tests/regdb.c).  This one, written
separately, reads the same file on the host: the full test requires the
guest's count of countries and rules to equal this one's (cross_check()),
so that neither reader can lose a country unnoticed.

The binary format is the one the kernel reads in net/wireless/reg.c
(``struct fwdb_header``, ``fwdb_country``, ``fwdb_collection``,
``fwdb_rule``), all big-endian:

* header: magic ``RGDB`` (0x52474442), version 20, then the country list:
  2 bytes alpha2 and a 16-bit pointer (in units of 4 bytes) to the
  country's collection, ended by a zero pointer (or the end of the file);
* collection: length (>= 3), number of rules, DFS region, then at the
  length rounded up to 2 one 16-bit pointer (units of 4 bytes) per rule;
* rule: length (>= 16), flags (NO_OFDM, NO_OUTDOOR, DFS, NO_IR, AUTO_BW),
  max EIRP in mBm (1/100 dBm), start, end and max bandwidth in kHz, and
  optionally (length >= 18) the CAC time in seconds and (>= 20) a pointer
  to a WMM rule of 8 (ECW, AIFSN, TXOP) entries.

Every pointer and length is checked the way valid_regdb() checks them, so a
corrupted file is refused with the field that is wrong, never read past
its end; this reader is stricter than the kernel's (names, duplicates,
unknown flags, empty ranges), which the installed file passes.
"""

import hashlib
import os
import re
import struct
import subprocess

from . import deps
from .util import StepError

DB = "/lib/firmware/regulatory.db"
PACKAGE = "wireless-regdb"
TABLE = "drivers/net/wireless/broadcom/b43/tests/regdb_table.h"

MAGIC = 0x52474442
VERSION = 20
RULE_MIN_LEN = 16       # through max_bw
RULE_CAC_LEN = 18       # through cac_timeout
RULE_WMM_LEN = 20       # through wmm_ptr
WMM_RULE_LEN = 2 * 4 * 4    # client and AP, 4 ACs, 4 bytes each

# enum fwdb_flags: NO_OFDM, NO_OUTDOOR, DFS, NO_IR, AUTO_BW
KNOWN_FLAGS = 0x1f


class Rule:
    """One rule as cfg80211 gets it (struct ieee80211_reg_rule)."""

    __slots__ = ("start_khz", "end_khz", "max_bw_khz", "max_eirp_mbm",
                 "flags", "cac_s")

    def __init__(self, start_khz, end_khz, max_bw_khz, max_eirp_mbm, flags,
                 cac_s=0):
        self.start_khz = start_khz
        self.end_khz = end_khz
        self.max_bw_khz = max_bw_khz
        self.max_eirp_mbm = max_eirp_mbm
        self.flags = flags
        self.cac_s = cac_s

    def key(self):
        return (self.start_khz, self.end_khz, self.max_bw_khz,
                self.max_eirp_mbm, self.flags)

    def __repr__(self):
        return (f"Rule({self.start_khz}-{self.end_khz} kHz @ "
                f"{self.max_bw_khz}, {self.max_eirp_mbm} mBm, "
                f"flags {self.flags:#x})")


class Country:
    __slots__ = ("alpha2", "dfs_region", "rules")

    def __init__(self, alpha2, dfs_region, rules):
        self.alpha2 = alpha2
        self.dfs_region = dfs_region
        self.rules = rules


def _bad(path, what):
    return StepError("regdb", f"corrupt regulatory database: {what}", path)


def _u8(data, off, path, what):
    if off + 1 > len(data):
        raise _bad(path, f"{what} at byte {off} is past the end "
                   f"({len(data)} bytes)")
    return data[off]


def _be16(data, off, path, what):
    if off + 2 > len(data):
        raise _bad(path, f"{what} at byte {off} is past the end "
                   f"({len(data)} bytes)")
    return struct.unpack_from(">H", data, off)[0]


def _rule(data, ptr, path, where):
    off = ptr << 2
    length = _u8(data, off, path, f"{where}: rule length")
    if length < RULE_MIN_LEN:
        raise _bad(path, f"{where}: rule at byte {off} is {length} bytes, "
                   f"less than the {RULE_MIN_LEN} of its mandatory fields")
    if off + length > len(data):
        raise _bad(path, f"{where}: rule at byte {off} ({length} bytes) "
                   f"runs past the end ({len(data)} bytes)")
    flags, eirp, start, end, bw = struct.unpack_from(">BHIII", data,
                                                     off + 1)
    cac = 0
    if length >= RULE_CAC_LEN:
        cac = struct.unpack_from(">H", data, off + 16)[0]
    if length >= RULE_WMM_LEN:
        wmm = struct.unpack_from(">H", data, off + 18)[0] << 2
        if wmm + WMM_RULE_LEN > len(data):
            raise _bad(path, f"{where}: WMM rule at byte {wmm} runs past "
                       f"the end ({len(data)} bytes)")
        for i in range(8):
            ecw = data[wmm + 4 * i]
            cw_min = (1 << ((ecw & 0xf0) >> 4)) - 1
            cw_max = (1 << (ecw & 0x0f)) - 1
            if cw_min >= cw_max or data[wmm + 4 * i + 1] < 1:
                raise _bad(path, f"{where}: WMM entry {i} at byte "
                           f"{wmm + 4 * i} is invalid")
    if flags & ~KNOWN_FLAGS:
        raise _bad(path, f"{where}: rule at byte {off} has unknown flags "
                   f"{flags:#x}")
    if not start < end:
        raise _bad(path, f"{where}: rule at byte {off} has the range "
                   f"{start}-{end} kHz")
    return Rule(start, end, bw, eirp, flags, cac)


def parse(data, path=DB):
    """The countries of a regulatory.db image, or StepError naming the fault."""
    if len(data) < 8:
        raise _bad(path, f"{len(data)} bytes, shorter than the 8-byte header")
    magic, version = struct.unpack_from(">II", data, 0)
    if magic != MAGIC:
        raise _bad(path, f"magic {magic:#010x}, not {MAGIC:#010x} (RGDB)")
    if version != VERSION:
        raise _bad(path, f"version {version}, this reader knows {VERSION}")
    countries = []
    seen = set()
    off = 8
    while off + 4 <= len(data):
        alpha2, ptr = struct.unpack_from(">2sH", data, off)
        if not ptr:
            break
        try:
            a2 = alpha2.decode("ascii")
        except UnicodeDecodeError:
            a2 = None
        if a2 is None or not (a2 == "00" or (a2.isalpha() and
                                             a2.isupper())):
            raise _bad(path, f"country entry at byte {off} has the name "
                       f"{alpha2!r}")
        if a2 in seen:
            raise _bad(path, f"country {a2} is listed twice")
        seen.add(a2)
        coll = ptr << 2
        clen = _u8(data, coll, path, f"{a2}: collection length")
        n = _u8(data, coll + 1, path, f"{a2}: number of rules")
        if clen < 3:
            raise _bad(path, f"{a2}: collection at byte {coll} is {clen} "
                       "bytes, less than its 3 mandatory ones")
        rules_at = coll + ((clen + 1) & ~1)
        if rules_at + 2 * n > len(data):
            raise _bad(path, f"{a2}: {n} rule pointers at byte {rules_at} "
                       f"run past the end ({len(data)} bytes)")
        dfs = data[coll + 2]
        rules = [_rule(data, _be16(data, rules_at + 2 * i, path,
                                   f"{a2}: rule pointer {i}"), path,
                       f"{a2} rule {i}") for i in range(n)]
        countries.append(Country(a2, dfs, rules))
        off += 4
    if not countries:
        raise _bad(path, "no countries")
    return countries


def installed_version():
    cp = subprocess.run(["dpkg-query", "-W", "-f=${Version}", PACKAGE],
                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                        text=True, check=False)
    return cp.stdout.strip() if cp.returncode == 0 else "unknown"


def load(path=DB, install=True):
    """(countries, version, sha256) of the installed database."""
    if install and path == DB and not os.path.exists(path):
        deps.ensure("regdb")
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise StepError("regdb", f"cannot read the regulatory database: {e}",
                        path) from e
    version = installed_version() if path == DB else "file"
    return parse(data, path), version, hashlib.sha256(data).hexdigest()


GUEST_LINE = re.compile(r"regulatory\.db: (\d+) bytes, (\d+) countries, "
                        r"(\d+) rules")


def ensure():
    """The database the guest kernels build in: installed if missing."""
    if not os.path.exists(DB):
        deps.ensure("regdb")
    if not os.path.exists(DB):
        raise StepError("regdb", "wireless-regdb is installed but has no "
                        "regulatory.db", DB)


def remove_table(tree_dir):
    """Earlier versions generated a C table into the tree; a stale copy
    would only mislead an old suite at an early bisect step."""
    try:
        os.unlink(os.path.join(tree_dir, TABLE))
    except FileNotFoundError:
        pass


def guest_counts(test_log):
    """(bytes, countries, rules) the guest's reader printed, or None."""
    try:
        with open(test_log, encoding="utf-8", errors="replace") as f:
            m = GUEST_LINE.search(f.read())
    except OSError:
        return None
    return tuple(int(x) for x in m.groups()) if m else None


def cross_check(tally, target, test_log, path=DB):
    """The guest's reader against this one, on the same file."""
    countries, version, sha = load(path)
    with open(path, "rb") as f:
        size = len(f.read())
    host = (size, len(countries), sum(len(c.rules) for c in countries))
    guest = guest_counts(test_log)
    name = f"{target}: regulatory.db read alike in the guest and on the host"
    detail = (f"{PACKAGE} {version} sha256 {sha[:16]}: host {host[1]} "
              f"countries, {host[2]} rules in {host[0]} bytes; guest "
              + (f"{guest[1]}, {guest[2]} in {guest[0]}" if guest else
                 "printed no count (suite skipped or not run)"))
    return tally.check(name, guest == host, detail)
