// SPDX-License-Identifier: GPL-2.0
/* fixture: support.  A second unit, for clean.c to call. */

int b43_other_unit_fn(int x)
{
	return x * 2;
}
