// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43legacy wireless driver
 * Records what 6.12's b43legacy TX power path programs for the vectors of
 * b43legacy/tests/txpower612.h
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Not part of the series: scripts/b43-kunit txpower612 links it into
 * b43legacy beside kunit/txpower612-record.c in b43 (see there).  Each
 * line is
 *
 *   b43-txp612: <kind> <index> <v0> <v1> <v2> <v3>
 */
#include "tests/txpower612.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static void b43lg_txp612_record(struct kunit *test)
{
	const enum b43lg_txp612_kind *k = test->param_value;
	unsigned int i, n = b43lg_txp612_count(*k);
	struct b43lg_txp612_out *out;

	out = kunit_kcalloc(test, n, sizeof(*out), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, out);
	b43lg_txp612_run(test, *k, out);
	for (i = 0; i < n; i++)
		pr_info("b43-txp612: %s %u %u %u %u %u\n",
			b43lg_txp612_kind_name[*k], i, out[i].v[0],
			out[i].v[1], out[i].v[2], out[i].v[3]);
	pr_info("b43-txp612: done %s %u\n", b43lg_txp612_kind_name[*k], n);
}

static const enum b43lg_txp612_kind b43lg_txp612_kinds[] = {
	B43LG_TXP612_LG, B43LG_TXP612_LGSW,
};

static void b43lg_txp612_kind_desc(const enum b43lg_txp612_kind *k,
				   char *desc)
{
	strscpy(desc, b43lg_txp612_kind_name[*k], KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(b43lg_txp612_kinds, b43lg_txp612_kinds,
		  b43lg_txp612_kind_desc);

static struct kunit_case b43lg_txp612_record_cases[] = {
	KUNIT_CASE_PARAM(b43lg_txp612_record, b43lg_txp612_kinds_gen_params),
	{}
};

static struct kunit_suite b43lg_txp612_record_suite = {
	.name = "b43legacy_txp612_record",
	.test_cases = b43lg_txp612_record_cases,
};

kunit_test_suite(b43lg_txp612_record_suite);
