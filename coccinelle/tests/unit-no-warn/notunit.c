// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  fixture-units: other.c
 * Outside the units the driver checks its own invariants as it likes.
 */

void b43_driver_invariant(int used, int nr)
{
	B43_WARN_ON(used > nr);
	WARN_ON(used < 0);
}
