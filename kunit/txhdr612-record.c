// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * Records what 6.12's b43_generate_txhdr() gives for the vectors of
 * tests/txhdr612.h
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Not part of the series: scripts/b43-kunit txhdr612 copies this file and
 * tests/txhdr612.h into a pristine 6.12 tree (drivers/net/wireless/
 * broadcom/b43/), builds it into the kernel with KUnit, runs it on QEMU and
 * turns the lines it prints into tests/txhdr612_vectors.h.  Each line is
 *
 *   b43-txhdr612: <index> <return value> <rates[0].count> <CRC-32>
 */
#include "tests/txhdr612.h"

static void b43_txhdr612_record(struct kunit *test)
{
	struct b43_txhdr612_fix *f = b43_txhdr612_fixture(test);
	unsigned int i;

	for (i = 0; i < B43_TXHDR612_COUNT; i++) {
		struct b43_txhdr612_vec v = b43_txhdr612_run(test, f, i);

		pr_info("b43-txhdr612: %u %d %u %08x\n", i, v.ret, v.count,
			v.crc);
	}
	pr_info("b43-txhdr612: done %u\n", B43_TXHDR612_COUNT);
}

static struct kunit_case b43_txhdr612_record_cases[] = {
	KUNIT_CASE(b43_txhdr612_record),
	{}
};

static struct kunit_suite b43_txhdr612_record_suite = {
	.name = "b43_txhdr612_record",
	.test_cases = b43_txhdr612_record_cases,
};

kunit_test_suite(b43_txhdr612_record_suite);

MODULE_LICENSE("GPL");
