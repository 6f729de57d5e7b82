# SPDX-License-Identifier: GPL-2.0
"""regdb.py: the regulatory.db reader and the C table it writes.

Expected values come from the format net/wireless/reg.c reads (the images
here are built field by field from it) and, for the installed database,
from the regulations themselves, not from the reader's output.
"""

import os
import struct
import tempfile
import unittest

from b43kunit import regdb
from b43kunit.util import StepError, Tally


def rule(start, end, bw, eirp, flags=0, cac=None, wmm=None):
    """A struct fwdb_rule: len, flags, max_eirp, start, end, max_bw, ..."""
    body = struct.pack(">BHIII", flags, eirp, start, end, bw)
    if cac is not None or wmm is not None:
        body += struct.pack(">H", cac or 0)
    if wmm is not None:
        body += struct.pack(">H", wmm)
    data = bytes([len(body) + 1]) + body
    return data + b"\0" * (-len(data) % 4)


def image(countries, extra=b""):
    """A regulatory.db: header, country list, then collections and rules.

    countries: [(alpha2, dfs_region, [rule bytes, ...]), ...]; pointers
    are in units of 4 bytes, as in reg.c.
    """
    head = struct.pack(">II", regdb.MAGIC, regdb.VERSION)
    nlist = 4 * (len(countries) + 1)
    blobs = b""
    base = len(head) + nlist
    entries = b""
    for alpha2, dfs, rules in countries:
        rule_offs = []
        for r in rules:
            rule_offs.append(base + len(blobs))
            blobs += r
        coll_off = base + len(blobs)
        coll = bytes([3, len(rules), dfs]) + b"\0"
        coll += b"".join(struct.pack(">H", o >> 2) for o in rule_offs)
        coll += b"\0" * (-len(coll) % 4)
        blobs += coll
        entries += alpha2.encode() + struct.pack(">H", coll_off >> 2)
    entries += b"\0\0\0\0"
    return head + entries + blobs + extra


# Two countries: "AA" with a 2.4 GHz rule and a 5 GHz DFS rule with a CAC
# time; "BB" with a NO-OFDM, NO-IR rule.
AA = [rule(2402000, 2482000, 40000, 2000),
      rule(5250000, 5330000, 80000, 2301, flags=0x04 | 0x10, cac=60)]
BB = [rule(2474000, 2494000, 20000, 1397, flags=0x01 | 0x08)]
GOOD = image([("AA", 2, AA), ("BB", 0, BB)])


class Parse(unittest.TestCase):
    def test_fields_as_the_format_places_them(self):
        got = regdb.parse(GOOD, "good.db")
        self.assertEqual([c.alpha2 for c in got], ["AA", "BB"])
        self.assertEqual(got[0].dfs_region, 2)
        r = got[0].rules[1]
        self.assertEqual((r.start_khz, r.end_khz, r.max_bw_khz,
                          r.max_eirp_mbm, r.flags, r.cac_s),
                         (5250000, 5330000, 80000, 2301, 0x14, 60))
        self.assertEqual(got[1].rules[0].key(),
                         (2474000, 2494000, 20000, 1397, 0x09))

    def test_list_may_end_at_the_end_of_the_file(self):
        # reg.c stops at a zero pointer or at the end of the data
        data = GOOD
        self.assertEqual(len(regdb.parse(data)), 2)

    def test_wmm_rule_is_bounded_and_checked(self):
        # wmm pointer far past the end
        bad = image([("AA", 0, [rule(2402000, 2482000, 40000, 2000,
                                     cac=0, wmm=0x3fff)])])
        with self.assertRaisesRegex(StepError, "WMM rule at byte"):
            regdb.parse(bad)


class Corrupt(unittest.TestCase):
    """Each corruption is refused with the field it breaks."""

    def check(self, data, pattern):
        with self.assertRaises(StepError) as cm:
            regdb.parse(data, "bad.db")
        self.assertRegex(cm.exception.msg, pattern)
        self.assertEqual(cm.exception.path, "bad.db")

    def test_every_truncation(self):
        # Any prefix of a valid image is refused or parses only what is
        # whole: never an IndexError or struct.error.
        for n in range(len(GOOD)):
            try:
                regdb.parse(GOOD[:n])
            except StepError:
                pass

    def test_short_header(self):
        self.check(GOOD[:7], "shorter than the 8-byte header")

    def test_magic(self):
        self.check(b"XXXX" + GOOD[4:], "magic")

    def test_version(self):
        self.check(GOOD[:4] + struct.pack(">I", 19) + GOOD[8:], "version 19")

    def test_collection_past_end(self):
        data = bytearray(GOOD)
        struct.pack_into(">H", data, 10, 0xffff)
        self.check(bytes(data), "collection length .* past the end")

    def test_rule_pointer_past_end(self):
        data = image([("AA", 0, [])])
        # a collection claiming 40 rules that are not there
        coll = struct.unpack_from(">H", data, 10)[0] << 2
        data = bytearray(data)
        data[coll + 1] = 40
        self.check(bytes(data), "40 rule pointers .* run past the end")

    def test_rule_too_short(self):
        short = bytes([12]) + b"\0" * 15
        self.check(image([("AA", 0, [short])]), "less than the 16")

    def test_rule_past_end(self):
        data = bytearray(GOOD)
        first = 8 + 4 * 3        # the first rule follows the country list
        data[first] = 252
        self.check(bytes(data), "runs past the end")

    def test_bad_name(self):
        data = bytearray(GOOD)
        data[8:10] = b"a\xff"
        self.check(bytes(data), "has the name")

    def test_duplicate_country(self):
        self.check(image([("AA", 0, AA), ("AA", 0, BB)]), "listed twice")

    def test_empty_range(self):
        self.check(image([("AA", 0, [rule(2482000, 2402000, 40000, 2000)])]),
                   "has the range")

    def test_unknown_flag(self):
        self.check(image([("AA", 0, [rule(2402000, 2482000, 40000, 2000,
                                          flags=0x80)])]), "unknown flags")

    def test_no_countries(self):
        self.check(struct.pack(">IIi", regdb.MAGIC, regdb.VERSION, 0),
                   "no countries")

    def test_unreadable_file(self):
        with self.assertRaisesRegex(StepError, "cannot read"):
            regdb.load("/nonexistent/regulatory.db", install=False)


@unittest.skipUnless(os.path.exists(regdb.DB), "no installed regulatory.db")
class Installed(unittest.TestCase):
    """The installed database against the regulations it encodes."""

    @classmethod
    def setUpClass(cls):
        cls.db = {c.alpha2: c for c in regdb.load(install=False)[0]}

    def covering(self, alpha2, mhz):
        """Rules of a country that hold a 20 MHz channel at mhz."""
        return [r for r in self.db[alpha2].rules
                if r.start_khz <= (mhz - 10) * 1000 and
                (mhz + 10) * 1000 <= r.end_khz and r.max_bw_khz >= 20000]

    def test_world_domain_present(self):
        self.assertIn("00", self.db)

    def test_us_2ghz_is_1_watt(self):
        # FCC 47 CFR 15.247(b)(3): 1 W conducted, 30 dBm; channels 1-11
        for mhz in range(2412, 2463, 5):
            rules = self.covering("US", mhz)
            self.assertTrue(rules, mhz)
            self.assertEqual(rules[0].max_eirp_mbm, 3000, mhz)

    def test_us_channel_14_not_allowed(self):
        self.assertEqual(self.covering("US", 2484), [])

    def test_germany_2ghz_is_100_mw(self):
        # ETSI EN 300 328: 100 mW (20 dBm) EIRP
        self.assertEqual(self.covering("DE", 2437)[0].max_eirp_mbm, 2000)

    def test_japan_channel_14_is_cck_only(self):
        # ARIB STD-T66: channel 14 (2484 MHz) for DSSS only
        rules = self.covering("JP", 2484)
        self.assertTrue(rules)
        self.assertTrue(all(r.flags & 0x01 for r in rules))   # NO_OFDM

    def test_dfs_band_needs_dfs(self):
        # 5250-5350 MHz needs radar detection in the US and the EU
        for a2 in ("US", "DE"):
            rules = self.covering(a2, 5300)
            self.assertTrue(rules and rules[0].flags & 0x04, a2)


class QuietTally(Tally):
    """Counts without logging: these checks fail on purpose."""

    def ok(self, name, detail=""):
        self.passed += 1

    def fail(self, name, detail=""):
        self.failed += 1
        self.failures.append(name)


class CrossCheck(unittest.TestCase):
    """The guest's counts against the host reader's, from test.log."""

    def log_with(self, d, text):
        p = os.path.join(d, "test.log")
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)
        return p

    def run_check(self, guest_line):
        with tempfile.TemporaryDirectory() as d:
            db = os.path.join(d, "good.db")
            with open(db, "wb") as f:
                f.write(GOOD)
            log_path = self.log_with(d, "boot\n" + guest_line + "ok 1\n")
            tally = QuietTally()
            good = regdb.cross_check(tally, "x86_64", log_path, db)
            return good, tally

    def test_equal_counts_pass(self):
        n = len(GOOD)
        good, tally = self.run_check(
            f"    # regdb_reader_installed_database: regulatory.db: {n} "
            "bytes, 2 countries, 3 rules\n")
        self.assertTrue(good)
        self.assertEqual((tally.passed, tally.failed), (1, 0))

    def test_a_lost_country_fails(self):
        n = len(GOOD)
        good, tally = self.run_check(
            f"    # x: regulatory.db: {n} bytes, 1 countries, 3 rules\n")
        self.assertFalse(good)
        self.assertEqual(tally.failed, 1)

    def test_no_guest_line_fails(self):
        good, tally = self.run_check("    # b43_regdb: skipped\n")
        self.assertFalse(good)

    def test_no_log_is_none(self):
        self.assertIsNone(regdb.guest_counts("/nonexistent/test.log"))

    def test_remove_table(self):
        with tempfile.TemporaryDirectory() as d:
            regdb.remove_table(d)
            p = os.path.join(d, regdb.TABLE)
            os.makedirs(os.path.dirname(p))
            with open(p, "w", encoding="utf-8") as f:
                f.write("stale\n")
            regdb.remove_table(d)
            self.assertFalse(os.path.exists(p))


if __name__ == "__main__":
    unittest.main()
