// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: the reader of regulatory.db under hostile input
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The compliance suites trust b43_regdb_parse() (regdb.c) with the rules
 * they hold the driver to.  Here it reads the guest's own regulatory.db
 * and copies of it that are cut short, that point outside themselves, and
 * that are mutated at random: for each it must give 0 or -EINVAL, and
 * read no byte outside the copy, which is allocated to its exact size so
 * that KASAN sees any such read.  The random mutations print their seed;
 * b43_tests.regdb_seed=<seed> on the guest's command line repeats a run.
 */
#include <kunit/test.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "regdb.h"

static ulong regdb_seed;
module_param(regdb_seed, ulong, 0444);
MODULE_PARM_DESC(regdb_seed, "seed of the regdb reader's mutations (0: random)");

#define HDR		8	/* magic, version */
#define MUTATIONS	10000

struct reader {
	struct kunit *test;
	struct b43_regdb *db;
	const u8 *data;
	size_t size;
	u8 *copy;		/* @size bytes */
	const char *why;	/* the last refusal's reason */
};

static void reader_start(struct kunit *test, struct reader *r)
{
	r->test = test;
	r->db = b43_regdb_load(test, &r->data, &r->size);
	r->copy = kunit_kmalloc(test, r->size, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r->copy);
	memcpy(r->copy, r->data, r->size);
}

/* b43_regdb_parse() on the first @len bytes of @buf, in a buffer of @len */
static int reader_parse(struct reader *r, const u8 *buf, size_t len,
			struct b43_regdb *db)
{
	const char *why;
	u8 *exact;
	int err;

	exact = kmemdup(buf, len ? len : 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(r->test, exact);
	err = b43_regdb_parse(exact, len, db, &why);
	kfree(exact);
	r->why = why;
	KUNIT_EXPECT_TRUE_MSG(r->test, err == 0 || err == -EINVAL,
			      "%zu bytes: %d", len, err);
	KUNIT_EXPECT_EQ(r->test, err == -EINVAL, !!why);
	return err;
}

/* The parse of the copy as it now is; the copy is restored after */
static int reader_try(struct reader *r)
{
	int err = reader_parse(r, r->copy, r->size, NULL);

	memcpy(r->copy, r->data, r->size);
	return err;
}

/* The copy as it now is refused, for @reason; the copy is restored */
static __printf(3, 4) void expect_refused(struct reader *r, const char *reason,
					  const char *fmt, ...)
{
	int err = reader_try(r);
	char what[64];
	va_list args;

	va_start(args, fmt);
	vsnprintf(what, sizeof(what), fmt, args);
	va_end(args);
	KUNIT_EXPECT_EQ_MSG(r->test, err, -EINVAL, "%s", what);
	if (err)
		KUNIT_EXPECT_STREQ_MSG(r->test, r->why, reason, "%s", what);
}

/* Offset of country @i's collection */
static size_t coll_of(struct reader *r, unsigned int i)
{
	return (size_t)get_unaligned_be16(r->data + HDR + 4 * i + 2) << 2;
}

/* Offset of the pointer to rule @k of country @i */
static size_t rule_ptr_of(struct reader *r, unsigned int i, unsigned int k)
{
	size_t coll = coll_of(r, i);

	return coll + ALIGN(r->data[coll], 2) + 2 * k;
}

/*
 * The guest's own database: what cfg80211 would accept, with the world
 * domain; the counts are compared with the host's reader by the full test.
 */
static void regdb_reader_installed_database(struct kunit *test)
{
	struct reader r;
	unsigned int i;
	bool world = false;

	reader_start(test, &r);
	kunit_info(test, "regulatory.db: %zu bytes, %u countries, %u rules\n",
		   r.size, r.db->nr_countries, r.db->nr_rules);
	KUNIT_EXPECT_GT(test, r.db->nr_countries, 100);
	KUNIT_EXPECT_LE(test, r.db->end, r.size);
	for (i = 0; i < r.db->nr_countries; i++) {
		const struct b43_regdb_country *c = &r.db->countries[i];
		unsigned int k;

		world |= !strcmp(c->alpha2, "00");
		KUNIT_EXPECT_GT_MSG(test, c->n, 0, "%s", c->alpha2);
		KUNIT_EXPECT_LE(test, c->first + c->n, r.db->nr_rules);
		for (k = c->first; k < c->first + c->n; k++)
			KUNIT_EXPECT_LT_MSG(test, r.db->rules[k].start_khz,
					    r.db->rules[k].end_khz, "%s",
					    c->alpha2);
	}
	KUNIT_EXPECT_TRUE(test, world);
}

/*
 * Every length from 0 to one byte short: refused, or read in part (the
 * country list may end early); and whole from the last byte a country
 * refers to on.
 */
static void regdb_reader_every_truncation(struct kunit *test)
{
	unsigned int refused = 0, partial = 0;
	struct b43_regdb db;
	struct reader r;
	size_t len;

	reader_start(test, &r);
	for (len = 0; len < r.size; len++) {
		if (reader_parse(&r, r.data, len, &db)) {
			refused++;
			KUNIT_EXPECT_LT_MSG(test, len, r.db->end, "%zu bytes", len);
			continue;
		}
		partial++;
		KUNIT_EXPECT_GE(test, len, HDR);
		KUNIT_EXPECT_LE(test, db.nr_countries, r.db->nr_countries);
		if (len >= r.db->end) {
			KUNIT_EXPECT_EQ(test, db.nr_countries, r.db->nr_countries);
			KUNIT_EXPECT_EQ(test, db.nr_rules, r.db->nr_rules);
		}
		b43_regdb_free(&db);
	}
	kunit_info(test, "%zu lengths: %u refused, %u read (fewer countries or all)\n",
		   r.size, refused, partial);
	KUNIT_EXPECT_GE(test, refused, HDR);
}

/*
 * Each country's collection pointer, and each rule pointer, set past the
 * end, and into the header; each rule and collection made shorter than
 * its mandatory fields: every one refused.
 */
static void regdb_reader_pointers_out_of_range(struct kunit *test)
{
	unsigned int i, k, cases = 0;
	int err;
	u16 past;
	struct reader r;

	reader_start(test, &r);
	past = DIV_ROUND_UP(r.size, 4);
	for (i = 0; i < r.db->nr_countries; i++) {
		size_t cp = HDR + 4 * i + 2, coll = coll_of(&r, i);

		put_unaligned_be16(past, r.copy + cp);
		expect_refused(&r, "a collection pointer past the end",
			       "%s", r.db->countries[i].alpha2);
		r.copy[coll] = 2;
		expect_refused(&r, "a collection shorter than its mandatory fields",
			       "%s", r.db->countries[i].alpha2);
		/* 255 rules after 256 bytes: refused where that is past
		 * the end; elsewhere the pointers read are whatever follows
		 */
		r.copy[coll + 1] = 0xFF;
		r.copy[coll] = 0xFF;
		err = reader_try(&r);
		if (coll + 256 + 2 * 255 > r.size)
			KUNIT_EXPECT_EQ(test, err, -EINVAL);
		cases += 3;

		for (k = 0; k < r.db->countries[i].n; k++) {
			size_t rp = rule_ptr_of(&r, i, k);
			size_t rule = (size_t)get_unaligned_be16(r.data + rp) << 2;

			put_unaligned_be16(past, r.copy + rp);
			expect_refused(&r, "a rule pointer past the end",
				       "%s rule %u", r.db->countries[i].alpha2,
				       k);
			/* 4: the version word, whose first byte is 0 */
			put_unaligned_be16(1, r.copy + rp);
			expect_refused(&r, "a rule shorter than its mandatory fields",
				       "%s rule %u (header)",
				       r.db->countries[i].alpha2, k);
			r.copy[rule] = 15;
			expect_refused(&r, "a rule shorter than its mandatory fields",
				       "%s rule %u (15 bytes)",
				       r.db->countries[i].alpha2, k);
			cases += 3;
		}
	}
	/*
	 * The first rule read moved to the last 4 ... 16 bytes of the file
	 * and claiming 16 bytes (20 from 16 on): longer than what is left.
	 */
	for (k = 4; k <= 16; k += 4) {
		size_t rule = round_down(r.size, 4) - k;

		put_unaligned_be16(rule / 4, r.copy + rule_ptr_of(&r, 0, 0));
		r.copy[rule] = k < 16 ? 16 : 20;
		expect_refused(&r, "a rule running past the end",
			       "%zu bytes left", r.size - rule);
		cases++;
	}
	kunit_info(test, "%u pointers and lengths refused\n", cases);
}

/*
 * A country whose collection pointer points at the country itself, at the
 * header, and at the first country: a defined result and no byte read
 * outside the file, whatever those bytes say as a collection.
 */
static void regdb_reader_country_points_at_itself(struct kunit *test)
{
	struct reader r;
	unsigned int i, refused = 0;

	reader_start(test, &r);
	for (i = 0; i < r.db->nr_countries; i++) {
		size_t cp = HDR + 4 * i + 2;

		put_unaligned_be16((HDR + 4 * i) / 4, r.copy + cp);
		refused += reader_try(&r) != 0;
		put_unaligned_be16(1, r.copy + cp);
		refused += reader_try(&r) != 0;
		put_unaligned_be16(HDR / 4, r.copy + cp);
		refused += reader_try(&r) != 0;
	}
	kunit_info(test, "%u countries x 3 self-references: %u refused\n",
		   r.db->nr_countries, refused);
}

/*
 * MUTATIONS copies, each with 1-8 random bytes set to random values and one
 * in eight also cut to a random length: 0 or -EINVAL for every one.
 */
static void regdb_reader_seeded_mutations(struct kunit *test)
{
	unsigned int n, refused = 0;
	struct rnd_state rs;
	struct reader r;
	u64 seed = regdb_seed ? regdb_seed : get_random_u64();

	reader_start(test, &r);
	kunit_info(test, "seed %llu (b43_tests.regdb_seed=%llu repeats it)\n",
		   seed, seed);
	prandom_seed_state(&rs, seed);
	for (n = 0; n < MUTATIONS; n++) {
		unsigned int bytes = 1 + prandom_u32_state(&rs) % 8, b;
		size_t len = r.size;
		int err;

		for (b = 0; b < bytes; b++)
			r.copy[prandom_u32_state(&rs) % r.size] =
				prandom_u32_state(&rs);
		if (prandom_u32_state(&rs) % 8 == 0)
			len = prandom_u32_state(&rs) % r.size;
		err = reader_parse(&r, r.copy, len, NULL);
		refused += err != 0;
		memcpy(r.copy, r.data, r.size);
		if (err && err != -EINVAL)
			break;
	}
	kunit_info(test, "%u mutations: %u refused, %u read\n", n, refused,
		   n - refused);
	KUNIT_EXPECT_EQ(test, n, MUTATIONS);
}

static struct kunit_case b43_regdb_reader_cases[] = {
	KUNIT_CASE(regdb_reader_installed_database),
	KUNIT_CASE(regdb_reader_every_truncation),
	KUNIT_CASE(regdb_reader_pointers_out_of_range),
	KUNIT_CASE(regdb_reader_country_points_at_itself),
	KUNIT_CASE(regdb_reader_seeded_mutations),
	{}
};

static struct kunit_suite b43_regdb_reader_suite = {
	.name = "b43_regdb_reader",
	.test_cases = b43_regdb_reader_cases,
};

kunit_test_suite(b43_regdb_reader_suite);
