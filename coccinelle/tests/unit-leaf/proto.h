/* SPDX-License-Identifier: GPL-2.0 */
/* fixture: flag.  A unit header declaring a function on the device. */
struct b43_wldev;

int b43_unit_pure(int nr_slots, int slot);
u32 b43_unit_status(struct b43_wldev *dev, int ring);	/* <- flag */
