# SPDX-License-Identifier: GPL-2.0
"""bench.py: guest time from the kernel's printk timestamps."""

import unittest

from b43kunit import bench, kunitrun
from b43kunit.util import StepError

LOG = """[    0.000000] Linux version 6.12
[    1.500000] KTAP version 1
[    1.500100] 1..2
[    1.510000]     # Subtest: b43_plcp
[    1.600000] ok 1 b43_plcp
[    1.610000]     # Subtest: b43_dma_ring
[    1.750000] not ok 2 b43_dma_ring
[    2.000000] reboot: System halted
"""


class GuestTimes(unittest.TestCase):
    def test_first_suite_to_last_result(self):
        first, last, end = bench.guest_times(LOG)
        self.assertEqual((first, last, end), (1.51, 1.75, 2.0))

    def test_no_stamps(self):
        with self.assertRaises(StepError):
            bench.guest_times("KTAP version 1\nok 1 b43_plcp\n")

    def test_per_suite(self):
        got = bench.suite_times(LOG)
        self.assertEqual(sorted(got), ["b43_dma_ring", "b43_plcp"])
        self.assertAlmostEqual(got["b43_plcp"], 0.09)
        self.assertAlmostEqual(got["b43_dma_ring"], 0.14)

    def test_per_suite_skips_cases(self):
        log = ("[ 1.0]     # Subtest: b43_drv_dma\n"
               "[ 1.1]         # Subtest: dma_case\n"
               "[ 1.2]         ok 1 dma_case\n"
               "[ 3.0] ok 1 b43_drv_dma\n")
        self.assertEqual(bench.suite_times(log), {"b43_drv_dma": 2.0})


class KernelVariants(unittest.TestCase):
    def labels(self, only):
        return [(t, label) for t, label, _ in bench.kernel_variants(only)]

    def test_selection(self):
        got = self.labels(["outline"])
        self.assertEqual(got, [("x86_64", "trimmed, KASAN outline")]
                         if "x86_64" in kunitrun.selected_targets() else [])
        both = self.labels(["trimmed", "outline"])
        self.assertTrue(all("untrimmed" not in label for _, label in both))

    def test_outline_replaces_inline(self):
        for target, label, frags in bench.kernel_variants(["outline"]):
            text = "".join(frags.values())
            self.assertIn("CONFIG_KASAN_OUTLINE=y", text)
            self.assertNotIn("CONFIG_KASAN_INLINE=y", text)

    def test_untrimmed_has_no_trims(self):
        for _, _, frags in bench.kernel_variants(["untrimmed"]):
            self.assertNotIn("kunit/small.config", frags)
            self.assertNotIn("is not set", "".join(frags.values()))

    def test_unknown_variant(self):
        with self.assertRaises(StepError):
            bench.kernel_variants(["tiny"])
