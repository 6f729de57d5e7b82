// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * TX header layout of each firmware header format
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * A pure unit: the layout comes from struct b43_txhdr alone, and clearing a
 * header touches only the bytes of the format the firmware uses.  The KUnit
 * suite in tests/txhdr_kunit.c checks every offset against the hardware
 * documentation and clears each format in a buffer of exactly its size.
 */
#include <linux/stddef.h>
#include <linux/string.h>

#include "kunit.h"
#include "txhdr.h"
#include "xmit.h"

static const struct b43_txhdr_layout b43_txhdr_layouts[] = {
	[B43_FW_HDR_598] = {
		.size = offsetofend(struct b43_txhdr, format_598.plcp),
		.cookie = offsetof(struct b43_txhdr, format_598.cookie),
		.rts_plcp = offsetof(struct b43_txhdr, format_598.rts_plcp),
		.rts_frame = offsetof(struct b43_txhdr, format_598.rts_frame),
		.plcp = offsetof(struct b43_txhdr, format_598.plcp),
	},
	[B43_FW_HDR_410] = {
		.size = offsetofend(struct b43_txhdr, format_410.plcp),
		.cookie = offsetof(struct b43_txhdr, format_410.cookie),
		.rts_plcp = offsetof(struct b43_txhdr, format_410.rts_plcp),
		.rts_frame = offsetof(struct b43_txhdr, format_410.rts_frame),
		.plcp = offsetof(struct b43_txhdr, format_410.plcp),
	},
	[B43_FW_HDR_351] = {
		.size = offsetofend(struct b43_txhdr, format_351.plcp),
		.cookie = offsetof(struct b43_txhdr, format_351.cookie),
		.rts_plcp = offsetof(struct b43_txhdr, format_351.rts_plcp),
		.rts_frame = offsetof(struct b43_txhdr, format_351.rts_frame),
		.plcp = offsetof(struct b43_txhdr, format_351.plcp),
	},
};

/**
 * b43_txhdr_layout() - the TX header layout of a firmware header format
 * @format: the firmware's header format (struct b43_firmware.hdr_format)
 *
 * Return: the layout, or NULL for a value that names no format.
 */
const struct b43_txhdr_layout *
b43_txhdr_layout(enum b43_firmware_hdr_format format)
{
	if ((unsigned int)format >= ARRAY_SIZE(b43_txhdr_layouts))
		return NULL;
	return &b43_txhdr_layouts[format];
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_txhdr_layout);

/**
 * b43_txhdr_clear() - zero a TX header before it is filled in
 * @txhdr: the header, at least b43_txhdr_layout(@format)->size bytes
 * @format: the firmware's header format
 *
 * Only the format's own bytes are written: the DMA TX header cache packs
 * headers of exactly that size one after the other.
 *
 * Return: the layout of @format, or NULL (and nothing written) for a value
 * that names no format.
 */
const struct b43_txhdr_layout *
b43_txhdr_clear(void *txhdr, enum b43_firmware_hdr_format format)
{
	const struct b43_txhdr_layout *layout = b43_txhdr_layout(format);

	if (layout)
		memset(txhdr, 0, layout->size);
	return layout;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_txhdr_clear);
