// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Broadcom B43 wireless driver
 * A kernel-style header comment without the credit
 *
 * Copyright (c) 2026 Nobody <nobody@example.org>
 */
#include "b43.h"

/* fixture: flag */
