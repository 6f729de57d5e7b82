// SPDX-License-Identifier: GPL-2.0
/* fixture: support.  A driver file that is not a unit. */

int b43_driver_helper(int x)
{
	return x + 1;
}

static int helper_noprefix(int x)
{
	return x - 1;
}
