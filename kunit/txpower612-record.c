// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * Records what 6.12's TX power paths program for the vectors of
 * tests/txpower612.h
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Not part of the series: scripts/b43-kunit txpower612 applies
 * kunit/txpower612-seams.patch (the series' test seams, on 6.12's own
 * code) to a pristine 6.12 tree, with one fix of the series or none,
 * copies this file, tests/txpower612.h and the virtual core (tests/vcore.c,
 * tests/vcore.h) in, links them into b43, runs them on QEMU and turns the
 * lines they print into tests/txpower612_vectors.h (no fix) or a table of
 * what each fix changes.  Each line is
 *
 *   b43-txp612: <kind> <index> <v0> <v1> <v2> <v3>
 */
#include "tests/txpower612.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void b43_txp612_record(struct kunit *test)
{
	const enum b43_txp612_kind *k = test->param_value;
	unsigned int i, n = b43_txp612_count(*k);
	struct b43_txp612_out *out;

	out = kunit_kcalloc(test, n, sizeof(*out), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	b43_txp612_run(test, *k, out);
	for (i = 0; i < n; i++)
		pr_info("b43-txp612: %s %u %u %u %u %u\n",
			b43_txp612_kind_name[*k], i, out[i].v[0], out[i].v[1],
			out[i].v[2], out[i].v[3]);
	pr_info("b43-txp612: done %s %u\n", b43_txp612_kind_name[*k], n);
}

static const enum b43_txp612_kind b43_txp612_kinds[] = {
	B43_TXP612_G, B43_TXP612_N, B43_TXP612_NB, B43_TXP612_HT,
	B43_TXP612_NSW, B43_TXP612_GSW, B43_TXP612_NINIT, B43_TXP612_HTTAB,
};

static void b43_txp612_kind_desc(const enum b43_txp612_kind *k, char *desc)
{
	strscpy(desc, b43_txp612_kind_name[*k], KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(b43_txp612_kinds, b43_txp612_kinds, b43_txp612_kind_desc);

static struct kunit_case b43_txp612_record_cases[] = {
	KUNIT_CASE_PARAM(b43_txp612_record, b43_txp612_kinds_gen_params),
	{}
};

static struct kunit_suite b43_txp612_record_suite = {
	.name = "b43_txp612_record",
	.test_cases = b43_txp612_record_cases,
};

kunit_test_suite(b43_txp612_record_suite);

MODULE_LICENSE("GPL");
