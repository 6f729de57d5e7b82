// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: b43_generate_txhdr() writes the headers 6.12 wrote
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The expected values are 6.12's own output, on purpose: the series turns
 * b43_generate_txhdr() into an adapter around the TX header unit and keeps
 * the bytes it writes.  txhdr612_vectors.h holds what the unpatched
 * function gave for each input txhdr612.h generates (return value,
 * rates[0].count, CRC-32 of the header), recorded by running the same
 * generator on the unpatched driver; this suite runs today's function on
 * the same inputs, through mac80211's real rate and duration helpers.  The
 * values the header's fields must have are checked against the hardware
 * documentation by b43_txhdr_build.
 */
#include "txhdr612.h"
#include "txhdr612_vectors.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void b43_generate_txhdr_as_612(struct kunit *test)
{
	struct b43_txhdr612_fix *f = b43_txhdr612_fixture(test);
	unsigned int i, bad = 0, refused = 0;

	BUILD_BUG_ON(ARRAY_SIZE(b43_txhdr612_vectors) != B43_TXHDR612_COUNT);
	for (i = 0; i < B43_TXHDR612_COUNT; i++) {
		const struct b43_txhdr612_vec *want = &b43_txhdr612_vectors[i];
		struct b43_txhdr612_vec got = b43_txhdr612_run(test, f, i);

		refused += !!want->ret;
		if (got.ret == want->ret && got.count == want->count &&
		    got.crc == want->crc)
			continue;
		if (bad++ < 5)
			KUNIT_FAIL(test, "vector %u: %d, %u, %08x; 6.12: %d, %u, %08x",
				   i, got.ret, got.count, got.crc, want->ret,
				   want->count, want->crc);
	}
	kunit_info(test, "%u inputs (%u refused by 6.12), %u differ from 6.12\n",
		   B43_TXHDR612_COUNT, refused, bad);
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static struct kunit_case b43_txhdr612_test_cases[] = {
	KUNIT_CASE(b43_generate_txhdr_as_612),
	{}
};

static struct kunit_suite b43_txhdr612_test_suite = {
	.name = "b43_txhdr612",
	.test_cases = b43_txhdr612_test_cases,
};

kunit_test_suite(b43_txhdr612_test_suite);
