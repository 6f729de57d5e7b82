/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * TX header layout of each firmware header format
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_TXHDR_H_
#define B43_TXHDR_H_

#include <linux/types.h>

#include "b43.h"

/**
 * struct b43_txhdr_layout - where a firmware header format keeps its fields
 * @size: bytes of the TX header and the main PLCP header after it, which
 *	is what the DMA and PIO paths send in front of the frame
 * @cookie: byte offset of the TX frame cookie (little-endian u16)
 * @rts_plcp: byte offset of the RTS/CTS frame's PLCP header (6 bytes)
 * @rts_frame: byte offset of the RTS or CTS frame (16 bytes)
 * @plcp: byte offset of the main PLCP header (6 bytes), the last field
 *
 * The fields before these, up to the timeout word, sit at the same offsets
 * in every format (struct b43_txhdr); the ones here moved when firmware 410
 * and 598 grew the header.
 */
struct b43_txhdr_layout {
	u8 size;
	u8 cookie;
	u8 rts_plcp;
	u8 rts_frame;
	u8 plcp;
};

const struct b43_txhdr_layout *
b43_txhdr_layout(enum b43_firmware_hdr_format format);
const struct b43_txhdr_layout *
b43_txhdr_clear(void *txhdr, enum b43_firmware_hdr_format format);

#endif /* B43_TXHDR_H_ */
