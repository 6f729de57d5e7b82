// SPDX-License-Identifier: GPL-2.0
/* fixture: flag.  A unit that warns about its input. */

int b43_unit_slot(int nr_slots, int slot)
{
	if (WARN_ON(slot >= nr_slots))		/* <- flag */
		return 0;
	B43_WARN_ON(slot < -1);			/* <- flag */
	WARN_ONCE(nr_slots > 4096, "ring");	/* <- flag */
	BUG_ON(nr_slots <= 0);			/* <- flag */
	if (slot == nr_slots - 1)
		BUG();				/* <- flag */
	return slot + 1;
}
