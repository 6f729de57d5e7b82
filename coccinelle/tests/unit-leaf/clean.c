// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  fixture-units: clean.c,unit2.c
 * A unit calling itself, another unit and the kernel's helpers only.
 */

static int half(int x)
{
	return x / 2;
}

int b43_unit_next_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < -1 || slot >= nr_slots)
		return -EINVAL;
	return min(slot + 1, nr_slots - 1) + half(b43_other_unit_fn(0));
}
