// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Broadcom B43 wireless driver
 * The sentence below the first line of code does not count.
 */
#include "b43.h"

/*
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */

/* fixture: flag */
