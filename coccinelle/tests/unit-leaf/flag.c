// SPDX-License-Identifier: GPL-2.0
/* fixture: flag.  A unit that touches the device and the driver. */

int b43_unit_reads(struct b43_wldev *dev, u16 offset)	/* <- flag */
{
	b43_write16(dev, offset, 0);				/* <- flag */
	b43_phy_maskset(dev, 0x10, 0xFF00, 0x12);		/* <- flag */
	return b43_driver_helper(offset);			/* <- flag */
}

int b43_unit_other(int x)
{
	return helper_noprefix(x) +				/* <- flag */
	       ssb_read32(NULL, x);				/* <- flag */
}
