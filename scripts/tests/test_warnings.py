# SPDX-License-Identifier: GPL-2.0
"""warnings.py: messages compared without their line numbers."""

import unittest

from b43kunit import warnings

PRISTINE = """\
drivers/net/wireless/broadcom/b43/main.c:100:5: warning: unused variable 'x' [-Wunused-variable]
drivers/net/wireless/broadcom/b43/phy_n.c:7:1: warning: symbol 'foo' was not declared. Should it be static?
  CC      drivers/net/wireless/broadcom/b43/xmit.o
net/core/dev.c:1:1: warning: elsewhere [-Wfoo]
"""


class Parse(unittest.TestCase):
    def test_line_shift_is_not_a_new_warning(self):
        shifted = PRISTINE.replace(":100:5:", ":103:5:").replace(":7:1:", ":10:1:")
        only = ("drivers/net/wireless/broadcom/b43/",)
        self.assertEqual(warnings.added(warnings.parse(PRISTINE, only=only),
                                        warnings.parse(shifted, only=only)), [])

    def test_new_and_repeated_warnings_are_added(self):
        more = PRISTINE + PRISTINE.splitlines()[0] + "\n" + \
            "drivers/net/wireless/broadcom/b43/dma_ring.c:3:1: error: boom\n"
        new = warnings.added(warnings.parse(PRISTINE), warnings.parse(more))
        self.assertEqual(len(new), 2)
        self.assertIn(("drivers/net/wireless/broadcom/b43/dma_ring.c", "error",
                       "boom"), new)

    def test_only_keeps_b43(self):
        got = warnings.parse(PRISTINE, only=("drivers/net/wireless/broadcom/b43/",))
        self.assertEqual(len(got), 2)

    def test_roots_are_stripped(self):
        got = warnings.parse("/w/linux/drivers/x.c:1:2: warning: w\n",
                             roots=("/w/linux",))
        self.assertEqual(list(got), [("drivers/x.c", "warning", "w")])

    def test_cocci_report_lines(self):
        got = warnings.parse("drivers/b43/xmit.c:174:1-3: WARNING: possible "
                             "condition with no effect (if == else)\n")
        self.assertEqual(list(got)[0][1], "cocci")


if __name__ == "__main__":
    unittest.main()
