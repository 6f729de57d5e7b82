# SPDX-License-Identifier: GPL-2.0
"""References outside the kernel in an exported patch."""

import unittest

from b43kunit import references

TREE = {"Documentation/networking/regulatory.rst", "drivers/ssb/pci.c",
        "scripts/coccinelle/misc/array_size.cocci",
        "drivers/net/wireless/broadcom/b43/main.c"}


def known(path):
    path = path.rstrip("/")
    return path in TREE or any(f.startswith(path + "/") for f in TREE)


PATCH = """From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001
From: A Developer <a@example.org>
Subject: [PATCH] wifi: b43: a change

The rule is Documentation/networking/regulatory.rst's, as ssb reads it
(drivers/ssb/pci.c), and scripts/coccinelle/misc/ has a rule like it.
{message}
Signed-off-by: A Developer <a@example.org>
---
{note}
diff --git a/drivers/net/wireless/broadcom/b43/main.c b/drivers/net/wireless/broadcom/b43/main.c
index 1111111..2222222 100644
--- a/drivers/net/wireless/broadcom/b43/main.c
+++ b/drivers/net/wireless/broadcom/b43/main.c
@@ -1,3 +1,4 @@
 /* context: see Documentation/old-page.rst */
+#include <kunit/visibility.h>
{added}
 int x;
"""


def offences(message="", note="", added="+/* nothing */"):
    text = PATCH.format(message=message, note=note, added=added)
    return [what for _, what in references.offences(text, known)]


class References(unittest.TestCase):
    def test_a_clean_patch_has_none(self):
        # the kernel's own paths, an include, pristine's context lines
        self.assertEqual(offences(), [])

    def test_a_repository_page_in_the_message(self):
        self.assertEqual(offences(message="See Documentation/txpower.rst."),
                         ["Documentation/txpower.rst"])

    def test_a_script_and_a_rule_of_the_repository(self):
        self.assertEqual(
            offences(message="recorded with scripts/b43-kunit txhdr612 and "
                     "coccinelle/table-width.cocci"),
            ["b43-kunit", "scripts/b43-kunit", "coccinelle/table-width.cocci"])

    def test_the_distribution_in_a_note(self):
        self.assertEqual(offences(note="Linux 6.12.118 (Debian)"),
                         ["Debian"])

    def test_an_added_comment(self):
        self.assertEqual(offences(added="+ * (see kunit/txhdr612-record.c)"),
                         ["kunit/txhdr612-record.c"])

    def test_a_removed_line_is_not_read(self):
        self.assertEqual(offences(added="-/* Documentation/gone.rst */"), [])


if __name__ == "__main__":
    unittest.main()
