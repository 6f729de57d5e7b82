// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  fixture-units: unit2.c
 * A driver file (not in the unit list) may do all of it.
 */

int b43_driver_reads(struct b43_wldev *dev, u16 offset)
{
	b43_write16(dev, offset, 0);
	return b43_driver_helper(offset);
}
