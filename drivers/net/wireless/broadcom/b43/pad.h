/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom B43 wireless driver
 * Padding fields of the structures the device reads and writes
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/main.h, whose copyright notices follow:
 *   Copyright (c) 2005 Martin Langer <martin-langer@gmx.de>,
 *                      Stefano Brivio <stefano.brivio@polimi.it>
 *                      Michael Buesch <m@bues.ch>
 *                      Danny van Dyk <kugelfang@gentoo.org>
 *                      Andreas Jaggi <andreas.jaggi@waterwave.ch>
 *   Some parts of the code in this file are derived from the ipw2200
 *   driver  Copyright(c) 2003 - 2004 Intel Corporation.
 */
#ifndef B43_PAD_H_
#define B43_PAD_H_

#include <linux/types.h>

#define P4D_BYT3S(magic, nr_bytes)	u8 __p4dding##magic[nr_bytes]
#define P4D_BYTES(line, nr_bytes)	P4D_BYT3S(line, nr_bytes)
/* Magic helper macro to pad structures. Ignore those above. It's magic. */
#define PAD_BYTES(nr_bytes)		P4D_BYTES(__LINE__, (nr_bytes))

#endif /* B43_PAD_H_ */
