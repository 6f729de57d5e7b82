// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  The same unit returning an error code instead. */

int b43_unit_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || nr_slots > 4096 || slot < -1 || slot >= nr_slots)
		return -EINVAL;
	return slot == nr_slots - 1 ? 0 : slot + 1;
}
