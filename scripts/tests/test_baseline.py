# SPDX-License-Identifier: GPL-2.0
"""kunit/baseline.json: made, loaded, and refused when edited or stale."""

import collections
import json
import os
import shutil
import tempfile
import unittest

from b43kunit import baseline
from b43kunit.util import StepError

W = collections.Counter({("drivers/b43/main.c", "warning", "unused x"): 2})


class Baseline(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(shutil.rmtree, self.tmp)
        os.makedirs(os.path.join(self.tmp, "kunit"))
        self.data = baseline.make("t" * 40, {"x86_64": "c" * 64},
                                  {"x86_64": W}, collections.Counter(),
                                  {"drivers/b43/main.c": W})
        baseline.write(self.data, self.tmp)

    def path(self):
        return os.path.join(self.tmp, baseline.PATH)

    def test_round_trip(self):
        data = baseline.load(self.tmp)
        self.assertEqual(baseline.to_counter(data["w1_sparse"]["x86_64"]), W)
        self.assertIsNone(baseline.stale(data, "t" * 40,
                                         {"x86_64": "c" * 64}))
        self.assertEqual(baseline.toolchain_differs(data), {})

    def test_hand_edit_is_refused(self):
        with open(self.path()) as f:
            data = json.load(f)
        data["w1_sparse"]["x86_64"][0][3] = 3     # one more warning allowed
        with open(self.path(), "w") as f:
            json.dump(data, f)
        with self.assertRaises(StepError) as e:
            baseline.load(self.tmp)
        self.assertIn("edited by hand", str(e.exception))

    def test_missing_and_broken(self):
        with open(self.path(), "w") as f:
            f.write("{")
        with self.assertRaises(StepError):
            baseline.load(self.tmp)
        os.unlink(self.path())
        with self.assertRaises(StepError) as e:
            baseline.load(self.tmp)
        self.assertIn("scripts/b43-kunit baseline", str(e.exception))

    def test_stale(self):
        data = baseline.load(self.tmp)
        self.assertIn("pristine tree",
                      baseline.stale(data, "u" * 40, {"x86_64": "c" * 64}))
        self.assertIn("x86_64",
                      baseline.stale(data, "t" * 40, {"x86_64": "d" * 64}))
        self.assertIn("powerpc64",
                      baseline.stale(data, "t" * 40, {"x86_64": "c" * 64,
                                                      "powerpc64": "e"}))

    def test_other_toolchain(self):
        data = baseline.load(self.tmp)
        data["toolchain"]["gcc"] = "gcc 99"
        self.assertIn("gcc", baseline.toolchain_differs(data))

    def test_config_digest_ignores_the_toolchain(self):
        a = os.path.join(self.tmp, "a")
        b = os.path.join(self.tmp, "b")
        with open(a, "w") as f:
            f.write('CONFIG_CC_VERSION_TEXT="gcc 12"\nCONFIG_GCC_VERSION=120200\n'
                    "CONFIG_CC_HAS_ASM_INLINE=y\nCONFIG_B43=y\n# comment\n")
        with open(b, "w") as f:
            f.write('CONFIG_CC_VERSION_TEXT="gcc 13"\nCONFIG_GCC_VERSION=130100\n'
                    "CONFIG_B43=y\n")
        self.assertEqual(baseline.config_digest(a), baseline.config_digest(b))
        with open(b, "a") as f:
            f.write("CONFIG_B43_DEBUG=y\n")
        self.assertNotEqual(baseline.config_digest(a),
                            baseline.config_digest(b))


if __name__ == "__main__":
    unittest.main()
