// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Broadcom B43 wireless driver
 * Firmware files: header, microcode, PCM and initial values, checked
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/main.c, whose copyright notices follow:
 *   Copyright (c) 2005 Martin Langer <martin-langer@gmx.de>
 *   Copyright (c) 2005 Stefano Brivio <stefano.brivio@polimi.it>
 *   Copyright (c) 2005-2009 Michael Buesch <m@bues.ch>
 *   Copyright (c) 2005 Danny van Dyk <kugelfang@gentoo.org>
 *   Copyright (c) 2005 Andreas Jaggi <andreas.jaggi@waterwave.ch>
 *   Copyright (c) 2010-2011 Rafał Miłecki <zajec5@gmail.com>
 *   Copyright (c) 2009 Albert Herranz <albert_herranz@yahoo.es>
 *   Some parts of the code in this file are derived from the ipw2200
 *   driver  Copyright(c) 2003 - 2004 Intel Corporation.
 *
 * The file format is b43-fwcutter's (fwcutter.c, write_file() and
 * build_ivs()): an 8-byte header (type 'u', 'p' or 'i', version 1, two pad
 * bytes, a big-endian 32-bit size), then for microcode and PCM the image,
 * size bytes of big-endian 32-bit words, and for initial values size
 * entries of a big-endian 16-bit offset (bit 15: a 32-bit value) followed
 * by a big-endian 16- or 32-bit value.
 */
#include <linux/errno.h>
#include <linux/unaligned.h>

#include "fwfile.h"
#include "kunit.h"

static const u8 b43_fw_role_type[] = {
	[B43_FW_ROLE_UCODE] = B43_FW_TYPE_UCODE,
	[B43_FW_ROLE_PCM] = B43_FW_TYPE_PCM,
	[B43_FW_ROLE_INITVALS] = B43_FW_TYPE_IV,
};

/* Every initial value of a file, before any is written to the device */
static int b43_iv_check(const struct b43_fw_view *v, const char **field)
{
	size_t pos = 0;
	u32 i;

	/* Each value takes 4 bytes at least: a larger count is a lie. */
	if (v->count > v->len / 4) {
		*field = "count";
		return -EMSGSIZE;
	}
	for (i = 0; i < v->count; i++) {
		unsigned int offset, width;
		u16 os;

		if (v->len - pos < sizeof(__be16) + sizeof(__be16)) {
			*field = "values";
			return -EMSGSIZE;
		}
		os = get_unaligned_be16(v->data + pos);
		width = os & B43_IV_32BIT ? 4 : 2;
		offset = os & B43_IV_OFFSET_MASK;
		if (v->len - pos - sizeof(__be16) < width) {
			*field = "values";
			return -EMSGSIZE;
		}
		/* The whole register lies in the core's window ... */
		if (offset + width > B43_IV_MMIO_SIZE) {
			*field = "offset";
			return -ERANGE;
		}
		/* ... at an offset the 16- or 32-bit access can take. */
		if (offset % width) {
			*field = "alignment";
			return -EINVAL;
		}
		pos += sizeof(__be16) + width;
	}
	if (pos != v->len) {
		*field = "trailing bytes";
		return -EMSGSIZE;
	}
	return 0;
}

/**
 * b43_fw_parse() - check a firmware file for the role it is loaded for
 * @blob: the file's contents
 * @size: the file's size in bytes
 * @role: what the file was requested for
 * @view: filled with the checked data after the header on success
 * @field: on an error, the name of the field that is wrong, for the
 *	message; NULL on success
 *
 * The header must be whole, carry the role's type byte and version 1.
 * Microcode and PCM: the size field must equal the bytes after the header,
 * a non-zero number of whole 32-bit words, no more than the device's
 * object memory addresses.  Initial values: every value must be whole, in
 * the core's register window at an offset its width can be written to,
 * and the values must end exactly at the end of the file.  Nothing past
 * @size bytes is read.
 *
 * Return: 0; -EMSGSIZE for a file too short for its header or for what
 * the header says, or with bytes left over; -EPROTO for the wrong type or
 * version; -EINVAL for an image that is not whole words or a misaligned
 * register, or an unknown @role; -EFBIG for an image larger than the
 * device's memory; -ERANGE for a register outside the core's window.
 */
int b43_fw_parse(const void *blob, size_t size, enum b43_fw_role role,
		 struct b43_fw_view *view, const char **field)
{
	const struct b43_fw_header *hdr = blob;
	u32 n;

	*field = NULL;
	if ((unsigned int)role >= ARRAY_SIZE(b43_fw_role_type)) {
		*field = "role";
		return -EINVAL;
	}
	if (size < sizeof(*hdr)) {
		*field = "header";
		return -EMSGSIZE;
	}
	if (hdr->type != b43_fw_role_type[role]) {
		*field = "type";
		return -EPROTO;
	}
	if (hdr->ver != B43_FW_HDR_VERSION) {
		*field = "version";
		return -EPROTO;
	}
	n = get_unaligned_be32(&hdr->size);
	view->data = (const u8 *)blob + sizeof(*hdr);
	view->len = size - sizeof(*hdr);
	view->count = n;
	if (role == B43_FW_ROLE_INITVALS)
		return b43_iv_check(view, field);

	if (n != view->len || !n) {
		*field = "size";
		return -EMSGSIZE;
	}
	if (n % sizeof(__be32)) {
		*field = "size";
		return -EINVAL;
	}
	view->count = n / sizeof(__be32);
	if (view->count > B43_FW_MAX_WORDS) {
		*field = "size";
		return -EFBIG;
	}
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_fw_parse);

/**
 * b43_iv_next() - the next initial value of a checked file
 * @view: a view b43_fw_parse() filled for B43_FW_ROLE_INITVALS
 * @pos: where the next value starts; 0 for the first
 * @iv: filled with the value
 *
 * Return: true and @pos moved past the value, or false at the end of the
 * values (or, for a view that was not checked, where a value would not be
 * whole).
 */
bool b43_iv_next(const struct b43_fw_view *view, size_t *pos,
		 struct b43_iv_value *iv)
{
	const u8 *p = view->data + *pos;
	u16 os;

	if (*pos >= view->len || view->len - *pos < 2 * sizeof(__be16))
		return false;
	os = get_unaligned_be16(p);
	iv->width = os & B43_IV_32BIT ? 4 : 2;
	if (view->len - *pos - sizeof(__be16) < iv->width)
		return false;
	iv->offset = os & B43_IV_OFFSET_MASK;
	iv->value = iv->width == 4 ? get_unaligned_be32(p + 2) :
				     get_unaligned_be16(p + 2);
	*pos += sizeof(__be16) + iv->width;
	return true;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_iv_next);

/*
 * Firmware revisions and what they can do, newest first, as 6.12's
 * b43_upload_microcode() decided them: the TX/RX header formats changed
 * at 410 and 598 (xmit.h: "Tested with 351.126", "410.2160, 478.104 and
 * 508.*", "598.314, 644.1001 and 666.2"), b43 warns about anything older
 * than 410, and revisions up to 0x128 come from Broadcom drivers older
 * than 4.x, which b43 never supported.
 */
static const struct {
	u16 rev;
	struct b43_fw_caps caps;
} b43_fw_revs[] = {
	{ 598, { B43_FW_HDR_598, false } },
	{ 410, { B43_FW_HDR_410, false } },
	{ 0x129, { B43_FW_HDR_351, true } },
};

/**
 * b43_fw_caps_of() - what a firmware revision can do
 * @rev: the revision the microcode reports (B43_SHM_SH_UCODEREV)
 * @caps: filled for a supported revision
 *
 * Return: 0, or -EOPNOTSUPP for a revision of 0x128 or older, from
 * Broadcom drivers older than version 4.x.
 */
int b43_fw_caps_of(u16 rev, struct b43_fw_caps *caps)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(b43_fw_revs); i++) {
		if (rev >= b43_fw_revs[i].rev) {
			*caps = b43_fw_revs[i].caps;
			return 0;
		}
	}
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_fw_caps_of);
