/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * Firmware files for the b43 KUnit suites (built in fwfile_kunit.c)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_TESTS_FWFILE_KUNIT_H_
#define B43_TESTS_FWFILE_KUNIT_H_

#include <linux/types.h>

struct kunit;

u8 *b43_kunit_fw_file(struct kunit *test, u8 type, u8 ver, u32 size_field,
		      size_t len);

#endif /* B43_TESTS_FWFILE_KUNIT_H_ */
