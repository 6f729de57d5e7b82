/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * Firmware files: header, microcode, PCM and initial values, checked
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_FWFILE_H_
#define B43_FWFILE_H_

#include <linux/types.h>

#include "b43.h"

/*
 * b43 loads its microcode, PCM and initial values from files in
 * /lib/firmware that b43-fwcutter extracted from Broadcom's drivers, or
 * that the open firmware project built: every length, offset and count in
 * them is input.  This unit checks a file whole before the driver writes
 * any of it to the device, and gives the driver a view of the checked
 * data; the register writes themselves stay in main.c.  The KUnit suite
 * tests/fwfile_kunit.c builds files from the format and mutates them.
 */

/* What a file is requested for, and the type byte its header must carry */
enum b43_fw_role {
	B43_FW_ROLE_UCODE,	/* B43_FW_TYPE_UCODE, 'u' */
	B43_FW_ROLE_PCM,	/* B43_FW_TYPE_PCM, 'p' */
	B43_FW_ROLE_INITVALS,	/* B43_FW_TYPE_IV, 'i', band initvals too */
};

/* The only header version b43-fwcutter writes (FW_HDR_VER) */
#define B43_FW_HDR_VERSION	1

/*
 * Microcode and PCM are written through the object memory's control word,
 * whose address field is a 16-bit index of 32-bit words (bcm-v4
 * "ObjectMemory"): no file can hold more.
 */
#define B43_FW_MAX_WORDS	0x10000

/* The core's register window, SSB_CORE_SIZE / BCMA_CORE_SIZE */
#define B43_IV_MMIO_SIZE	0x1000

/**
 * struct b43_fw_view - the checked contents of a firmware file
 * @data: the bytes after the header
 * @len: how many
 * @count: microcode and PCM: 32-bit words; initial values: values
 */
struct b43_fw_view {
	const u8 *data;
	size_t len;
	u32 count;
};

/**
 * struct b43_iv_value - one initial value: a register write
 * @offset: the register's offset in the core's window
 * @width: 2 or 4 bytes
 * @value: the value, in CPU order
 */
struct b43_iv_value {
	u16 offset;
	u8 width;
	u32 value;
};

int b43_fw_parse(const void *blob, size_t size, enum b43_fw_role role,
		 struct b43_fw_view *view, const char **field);
bool b43_iv_next(const struct b43_fw_view *view, size_t *pos,
		 struct b43_iv_value *iv);

/**
 * struct b43_fw_caps - what a firmware revision can do
 * @hdr_format: the TX and RX header format it uses
 * @old: older than 410, which b43 supports still but warns about
 */
struct b43_fw_caps {
	enum b43_firmware_hdr_format hdr_format;
	bool old;
};

int b43_fw_caps_of(u16 rev, struct b43_fw_caps *caps);

#endif /* B43_FWFILE_H_ */
