// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the static PHY tables b43 loads (tables_*.c)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Every static table of the N, LP and HT PHYs is checked against its
 * address word: its array's element size is the width the word names, it
 * is not empty, and it stays inside its table (elements 0-1023: the
 * address register's 10 bits, brcmsmac's (tbl_id << 10) | tbl_offset).
 * The revision boundaries of each PHY's table sets are 6.12's
 * (b43_nphy_tables_init(), b43_lpphy_op_init()'s rev < 2 test): a
 * refactor that keeps them.  The LCN PHY depends on BROKEN and is not
 * built, so its tables are not here.
 */
#include <kunit/test.h>

#include "../phytab.h"
#include "../tables_lpphy.h"
#include "../tables_nphy.h"
#include "../tables_phy_ht.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

static unsigned int check_set(struct kunit *test, const char *what,
			      const struct b43_phytab_set *s)
{
	unsigned int i;

	KUNIT_EXPECT_GT_MSG(test, s->n, 0, "%s", what);
	for (i = 0; i < s->n; i++) {
		const struct b43_phytab_init *t = &s->tables[i];

		KUNIT_EXPECT_EQ_MSG(test, b43_phytab_check_init(t), 0,
				    "%s table %u: word %#010x, %u elements of %u bytes",
				    what, i, t->addr, t->n, t->elem_size);
	}
	return s->n;
}

#if IS_ENABLED(CONFIG_B43_PHY_N)
static void b43_phytab_tables_nphy(struct kunit *test)
{
	unsigned int i, n = 0;

	for (i = 0; i < B43_NPHY_STATIC_SETS; i++)
		n += check_set(test, "N static", &b43_nphy_static_sets[i]);
	n += check_set(test, "N shared LUT", &b43_nphy_shared_lut_set);
	n += check_set(test, "N rev 0-2 volatile", &b43_nphy_volatile_rev0_set);
	kunit_info(test, "%u N-PHY tables checked\n", n);
}

/* 6.12: rev >= 16, >= 7, >= 3, else rev 0's tables */
static void b43_phytab_tables_nphy_select(struct kunit *test)
{
	unsigned int rev;

	for (rev = 0; rev < 32; rev++) {
		const struct b43_phytab_set *s =
			b43_phytab_select(b43_nphy_static_sets,
					  B43_NPHY_STATIC_SETS, rev);

		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ_MSG(test, s->min_rev,
				    rev >= 16 ? 16 : rev >= 7 ? 7 :
				    rev >= 3 ? 3 : 0, "rev %u", rev);
	}
}
#else
static void b43_phytab_tables_nphy(struct kunit *test)
{
	kunit_skip(test, "N PHY support not built");
}

static void b43_phytab_tables_nphy_select(struct kunit *test)
{
	kunit_skip(test, "N PHY support not built");
}
#endif

#if IS_ENABLED(CONFIG_B43_PHY_LP)
static void b43_phytab_tables_lpphy(struct kunit *test)
{
	unsigned int i, n = 0;

	for (i = 0; i < B43_LPPHY_STATIC_SETS; i++)
		n += check_set(test, "LP static", &b43_lpphy_static_sets[i]);
	n += check_set(test, "LP BCM4325a0", &b43_lpphy_static_4325a0_set);
	kunit_info(test, "%u LP-PHY tables checked\n", n);
}

/* 6.12: rev >= 2, rev 1, rev 0 (their gain tables differ) */
static void b43_phytab_tables_lpphy_select(struct kunit *test)
{
	unsigned int rev;

	for (rev = 0; rev < 32; rev++) {
		const struct b43_phytab_set *s =
			b43_phytab_select(b43_lpphy_static_sets,
					  B43_LPPHY_STATIC_SETS, rev);

		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_EQ_MSG(test, s->min_rev, rev >= 2 ? 2 : rev,
				    "rev %u", rev);
	}
}
#else
static void b43_phytab_tables_lpphy(struct kunit *test)
{
	kunit_skip(test, "LP PHY support not built");
}

static void b43_phytab_tables_lpphy_select(struct kunit *test)
{
	kunit_skip(test, "LP PHY support not built");
}
#endif

#if IS_ENABLED(CONFIG_B43_PHY_HT)
static void b43_phytab_tables_htphy(struct kunit *test)
{
	kunit_info(test, "%u HT-PHY tables checked\n",
		   check_set(test, "HT static", &b43_phy_ht_static_set));
}
#else
static void b43_phytab_tables_htphy(struct kunit *test)
{
	kunit_skip(test, "HT PHY support not built");
}
#endif

static struct kunit_case b43_phytab_tables_test_cases[] = {
	KUNIT_CASE(b43_phytab_tables_nphy),
	KUNIT_CASE(b43_phytab_tables_nphy_select),
	KUNIT_CASE(b43_phytab_tables_lpphy),
	KUNIT_CASE(b43_phytab_tables_lpphy_select),
	KUNIT_CASE(b43_phytab_tables_htphy),
	{}
};

static struct kunit_suite b43_phytab_tables_test_suite = {
	.name = "b43_phytab_tables",
	.test_cases = b43_phytab_tables_test_cases,
};

kunit_test_suite(b43_phytab_tables_test_suite);
