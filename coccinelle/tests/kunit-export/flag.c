// SPDX-License-Identifier: GPL-2.0
/* fixture: flag.  Two functions visible to the suites, one not exported. */
#include "kunit.h"

VISIBLE_IF_B43_KUNIT
int b43_visible_exported(int x)
{
	return x + 1;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_visible_exported);

VISIBLE_IF_B43_KUNIT					/* <- flag */
u8 b43_visible_missing(const struct b43_plcp_hdr6 *plcp,
		       int x)
{
	return x ? 1 : 0;
}

VISIBLE_IF_KUNIT					/* <- flag */
int plain_visible(int x)
{
	return x;
}
