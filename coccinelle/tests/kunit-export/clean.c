// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  Every visible function exported; static ones alone. */
#include "kunit.h"

static int helper(int x)
{
	return x * 2;
}

VISIBLE_IF_B43_KUNIT
int b43_visible_exported(int x)
{
	return helper(x) + 1;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_visible_exported);
