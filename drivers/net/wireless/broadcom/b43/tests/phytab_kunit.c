// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the PHY table unit (phytab.c)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [BRCM]  Broadcom's brcmsmac, phy/phy_cmn.c wlc_phy_write_table() and
 *         wlc_phy_read_table(), for its N and LCN PHYs: write the table
 *         address (tbl_id << 10) | tbl_offset once; per element write (read)
 *         the data registers, the address moving on by itself; a 32-bit
 *         element is written high half then low half and read low half then
 *         high half; on a BCM43224 rev 1, before each element, read the low
 *         data register and write the element's address again (every table
 *         on reads, NPHY_TBL_ID_ANTSWCTRLLUT = 9 on writes).
 * [REGS]  The registers: brcmsmac phy_int.h/phy_n.c (N: address 0x72, data
 *         low 0x73, data high 0x74) and b43's phy_n.h, phy_lp.h, phy_ht.h
 *         and phy_lcn.h (LP and LCN: B43_PHY_OFDM(0x55, 0x56, 0x57); HT:
 *         0x72, 0x73, 0x74).
 * [6.12]  The LP and HT PHYs read a 32-bit element high half first in 6.12
 *         (b43_lptab_read(), b43_httab_read()); no documentation of those
 *         PHYs' protocol was found, so the suite pins 6.12's order.
 * [WORD]  The address word of the B43_NTAB8/16/32() macros (tables_nphy.h
 *         and its LP, HT and LCN twins): width 0x1, 0x2, 0x3 in bits 28-31,
 *         (table << 10) | offset in bits 0-15.
 * [BWN]   The G PHY, from FreeBSD's bwn, a separate port of the hardware
 *         (if_bwn_phy_g.c, if_bwn_phy_g.h): the OFDM tables' control, I and
 *         Q registers are BWN_PHY_OFDM(0x72, 0x73, 0x74), the G tables'
 *         BWN_PHY_EXTG(0x03) and BWN_PHY_EXTG(0x04) (OFDM route 0x400,
 *         extended G route 0x800); bwn_ofdmtab_write_2/4() write the control
 *         register only when the last access was not a write of the element
 *         before, then I, then (32-bit) Q with the high half;
 *         bwn_gtab_write() writes the control register every time.  bwn has
 *         no OFDM table read: a read's direction rule and its Q-then-I order
 *         are 6.12's (b43_ofdmtab_read16/32()).
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "../phytab.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define OFDM(r)	((r) | 0x400)	/* B43_PHY_OFDM(), the G PHY's OFDM route */
#define EXTG(r)	((r) | 0x800)	/* B43_PHY_EXTG(), the extended G route */

/* One register access the unit made */
struct access {
	bool write;
	u16 reg;
	u16 value;
};

struct recorder {
	struct access log[64];
	unsigned int n;
	u16 next;		/* the value the next read returns */
};

static u16 rec_read(void *ctx, u16 reg)
{
	struct recorder *r = ctx;
	u16 v = r->next++;

	if (r->n < ARRAY_SIZE(r->log))
		r->log[r->n] = (struct access){ false, reg, v };
	r->n++;
	return v;
}

static void rec_write(void *ctx, u16 reg, u16 value)
{
	struct recorder *r = ctx;

	if (r->n < ARRAY_SIZE(r->log))
		r->log[r->n] = (struct access){ true, reg, value };
	r->n++;
}

static const struct b43_phytab_ops rec_ops = {
	.read = rec_read,
	.write = rec_write,
};

static struct recorder *recorder(struct kunit *test)
{
	struct recorder *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	r->next = 0x1000;
	return r;
}

static void expect_log(struct kunit *test, const struct recorder *r,
		       const struct access *want, unsigned int n)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, r->n, n);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ_MSG(test, r->log[i].write, want[i].write,
				    "access %u", i);
		KUNIT_EXPECT_EQ_MSG(test, r->log[i].reg, want[i].reg,
				    "access %u", i);
		if (want[i].write)
			KUNIT_EXPECT_EQ_MSG(test, r->log[i].value,
					    want[i].value, "access %u", i);
	}
}

struct fam_case {
	const char *desc;
	const struct b43_phytab_family *fam;
	u16 addr, lo, hi;	/* [REGS] */
	bool hi_first;		/* [BRCM], [6.12] */
};

static const struct fam_case fams[] = {
	{ "N: 0x72/0x73/0x74, low half first", &b43_phytab_n,
	  0x72, 0x73, 0x74, false },
	{ "LP: OFDM 0x55/0x56/0x57, high half first", &b43_phytab_lp,
	  OFDM(0x55), OFDM(0x56), OFDM(0x57), true },
	{ "HT: 0x72/0x73/0x74, high half first", &b43_phytab_ht,
	  0x72, 0x73, 0x74, true },
	{ "LCN: OFDM 0x55/0x56/0x57, low half first", &b43_phytab_lcn,
	  OFDM(0x55), OFDM(0x56), OFDM(0x57), false },
};

KUNIT_ARRAY_PARAM_DESC(fams, fams, desc);

/* [WORD] every width, ids and offsets at their edges: encode, decode */
static void b43_phytab_word_round_trip(struct kunit *test)
{
	static const unsigned int widths[] = { 1, 2, 4 };
	static const unsigned int ids[] = { 0, 1, 9, 26, 63 };
	static const unsigned int offs[] = { 0, 1, 0x100, 0x3fe, 0x3ff };
	unsigned int w, i, o, width;
	u16 tabaddr;
	u32 addr;

	for (w = 0; w < ARRAY_SIZE(widths); w++) {
		for (i = 0; i < ARRAY_SIZE(ids); i++) {
			for (o = 0; o < ARRAY_SIZE(offs); o++) {
				KUNIT_ASSERT_EQ(test,
						b43_phytab_encode(widths[w],
								  ids[i],
								  offs[o],
								  &addr), 0);
				KUNIT_EXPECT_EQ(test, addr,
						(u32)(w + 1) << 28 |
						ids[i] << 10 | offs[o]);
				KUNIT_ASSERT_EQ(test,
						b43_phytab_decode(addr, &width,
								  &tabaddr),
						0);
				KUNIT_EXPECT_EQ(test, width, widths[w]);
				KUNIT_EXPECT_EQ(test, tabaddr,
						ids[i] << 10 | offs[o]);
			}
		}
	}
}

/* Each combination the word cannot hold, refused */
static void b43_phytab_word_invalid(struct kunit *test)
{
	static const u32 bad_words[] = {
		0x00000000,	/* no width */
		0x40000000,	/* width type 4 */
		0xF0000000,
		0x20010000,	/* bit 16 set: past the register */
		0x30FF0000,
	};
	unsigned int width, i;
	u16 tabaddr;
	u32 addr;

	KUNIT_EXPECT_EQ(test, b43_phytab_encode(3, 0, 0, &addr), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_encode(0, 0, 0, &addr), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_encode(8, 0, 0, &addr), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_encode(2, 64, 0, &addr), -EINVAL);
	/* an offset over 1023 the macros would let into the id */
	KUNIT_EXPECT_EQ(test, b43_phytab_encode(2, 1, 0x400, &addr), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(bad_words); i++)
		KUNIT_EXPECT_EQ_MSG(test, b43_phytab_decode(bad_words[i],
							    &width, &tabaddr),
				    -EINVAL, "word %#x", bad_words[i]);
}

/* [BRCM] a bulk write: the address once, then the elements */
static void b43_phytab_bulk_write_sequence(struct kunit *test)
{
	const struct fam_case *f = test->param_value;
	static const u8 d8[] = { 0x12, 0xff };
	static const u16 d16[] = { 0x1234, 0xbeef };
	static const u32 d32[] = { 0x11112222, 0xdeadbeef };
	struct recorder *r = recorder(test);

	KUNIT_ASSERT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x10000000 | 7 << 10 | 5,
						    2, d8, 1, 0), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 7 << 10 | 5 },
		{ true, f->lo, 0x12 }, { true, f->lo, 0xff },
	}, 3);

	r = recorder(test);
	KUNIT_ASSERT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x20000000 | 8 << 10 | 0x18,
						    2, d16, 2, 0), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 8 << 10 | 0x18 },
		{ true, f->lo, 0x1234 }, { true, f->lo, 0xbeef },
	}, 3);

	/* 32-bit: high half, then low half, on every family */
	r = recorder(test);
	KUNIT_ASSERT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x30000000 | 26 << 10,
						    2, d32, 4, 0), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 26 << 10 },
		{ true, f->hi, 0x1111 }, { true, f->lo, 0x2222 },
		{ true, f->hi, 0xdead }, { true, f->lo, 0xbeef },
	}, 5);
}

/* A bulk read: the address once, 32-bit halves in the family's order */
static void b43_phytab_bulk_read_sequence(struct kunit *test)
{
	const struct fam_case *f = test->param_value;
	struct recorder *r = recorder(test);
	u32 d32[2];
	u16 d16[2];
	u8 d8[2];

	KUNIT_ASSERT_EQ(test, b43_phytab_read_bulk(f->fam, &rec_ops, r,
						   0x10000000 | 3, 2, d8, 1,
						   0), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 3 }, { false, f->lo }, { false, f->lo },
	}, 3);
	/* 8-bit elements keep the low byte of what the register holds */
	KUNIT_EXPECT_EQ(test, d8[0], 0x00);
	KUNIT_EXPECT_EQ(test, d8[1], 0x01);

	r = recorder(test);
	KUNIT_ASSERT_EQ(test, b43_phytab_read_bulk(f->fam, &rec_ops, r,
						   0x20000000 | 3, 2, d16, 2,
						   0), 0);
	KUNIT_EXPECT_EQ(test, d16[0], 0x1000);
	KUNIT_EXPECT_EQ(test, d16[1], 0x1001);

	r = recorder(test);
	KUNIT_ASSERT_EQ(test, b43_phytab_read_bulk(f->fam, &rec_ops, r,
						   0x30000000 | 1 << 10, 2, d32,
						   4, 0), 0);
	if (f->hi_first) {
		expect_log(test, r, (const struct access[]) {
			{ true, f->addr, 1 << 10 },
			{ false, f->hi }, { false, f->lo },
			{ false, f->hi }, { false, f->lo },
		}, 5);
		/* the first read (0x1000) was the high half */
		KUNIT_EXPECT_EQ(test, d32[0], 0x10001001);
		KUNIT_EXPECT_EQ(test, d32[1], 0x10021003);
	} else {
		expect_log(test, r, (const struct access[]) {
			{ true, f->addr, 1 << 10 },
			{ false, f->lo }, { false, f->hi },
			{ false, f->lo }, { false, f->hi },
		}, 5);
		KUNIT_EXPECT_EQ(test, d32[0], 0x10011000);
		KUNIT_EXPECT_EQ(test, d32[1], 0x10031002);
	}
}

/* Single accesses: the address, then one element */
static void b43_phytab_single_sequence(struct kunit *test)
{
	const struct fam_case *f = test->param_value;
	struct recorder *r = recorder(test);
	u32 v;

	KUNIT_ASSERT_EQ(test, b43_phytab_write(f->fam, &rec_ops, r,
					       0x30000000 | 2 << 10 | 9,
					       0xcafe0123), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 2 << 10 | 9 },
		{ true, f->hi, 0xcafe }, { true, f->lo, 0x0123 },
	}, 3);

	r = recorder(test);
	KUNIT_ASSERT_EQ(test, b43_phytab_read(f->fam, &rec_ops, r,
					      0x20000000 | 4, &v), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, f->addr, 4 }, { false, f->lo },
	}, 2);
	KUNIT_EXPECT_EQ(test, v, 0x1000);
}

/* [BRCM] the BCM43224 rev 1 re-addressing before each element */
static void b43_phytab_readdress_sequence(struct kunit *test)
{
	static const u16 d16[] = { 0xaaaa, 0xbbbb };
	struct recorder *r = recorder(test);

	KUNIT_ASSERT_EQ(test, b43_phytab_write_bulk(&b43_phytab_n, &rec_ops, r,
						    0x20000000 | 9 << 10 | 0x20,
						    2, d16, 2,
						    B43_PHYTAB_READDRESS), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, 0x72, 9 << 10 | 0x20 },
		{ false, 0x73 }, { true, 0x72, 9 << 10 | 0x20 },
		{ true, 0x73, 0xaaaa },
		{ false, 0x73 }, { true, 0x72, 9 << 10 | 0x21 },
		{ true, 0x73, 0xbbbb },
	}, 7);
}

/*
 * Regression: 6.12's phy_ht.c wrote a u32 regval[64] with a 16-bit word.
 * An element size that is not the word's width is refused, nothing
 * written; so is an access past the end of its table.
 */
static void b43_phytab_bulk_refused(struct kunit *test)
{
	const struct fam_case *f = test->param_value;
	u32 regval[64] = {};
	struct recorder *r = recorder(test);

	KUNIT_EXPECT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x20000000 | 26 << 10, 64,
						    regval, sizeof(regval[0]),
						    0), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_read_bulk(f->fam, &rec_ops, r,
						   0x10000000, 4, regval,
						   sizeof(regval[0]), 0),
			-EINVAL);
	/* 0x3f0 + 17 elements: one past element 1023 */
	KUNIT_EXPECT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x30000000 | 0x3f0, 17,
						    regval, 4, 0), -ERANGE);
	KUNIT_EXPECT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x30000000 | 0x3f0, 16,
						    regval, 4, 0), 0);
	/* the last accepted access is the only one that reached the seam */
	KUNIT_EXPECT_EQ(test, r->n, 1 + 2 * 16);
	r->n = 0;
	KUNIT_EXPECT_EQ(test, b43_phytab_write_bulk(f->fam, &rec_ops, r,
						    0x50000000, 1, regval, 4,
						    0), -EINVAL);
	KUNIT_EXPECT_EQ(test, r->n, 0);
}

/* Values wider than the element: refused, nothing written */
static void b43_phytab_value_range(struct kunit *test)
{
	struct recorder *r = recorder(test);
	static const u32 seq[] = { 0x10f, 0x10f, 0x1ffff };

	KUNIT_EXPECT_EQ(test, b43_phytab_write(&b43_phytab_ht, &rec_ops, r,
					       0x10000000, 0x100), -ERANGE);
	KUNIT_EXPECT_EQ(test, b43_phytab_write(&b43_phytab_ht, &rec_ops, r,
					       0x20000000, 0x10000), -ERANGE);
	KUNIT_EXPECT_EQ(test, b43_phytab_write_seq(&b43_phytab_ht, &rec_ops, r,
						   0x20000000 | 7 << 10, 3,
						   seq), -ERANGE);
	KUNIT_EXPECT_EQ(test, r->n, 0);
	/* the first two alone: the address once, then the values */
	KUNIT_ASSERT_EQ(test, b43_phytab_write_seq(&b43_phytab_ht, &rec_ops, r,
						   0x20000000 | 7 << 10 | 0x14e,
						   2, seq), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, 0x72, 7 << 10 | 0x14e },
		{ true, 0x73, 0x10f }, { true, 0x73, 0x10f },
	}, 3);
}

static const u16 t_a[4], t_b[3];
static const u32 t_c[2];

static const struct b43_phytab_init set_new[] = {
	B43_PHYTAB_INIT(0x20000000 | 1 << 10, t_a),
};

static const struct b43_phytab_init set_mid[] = {
	B43_PHYTAB_INIT(0x20000000 | 2 << 10, t_b),
	B43_PHYTAB_INIT(0x30000000 | 3 << 10, t_c),
};

static const struct b43_phytab_init set_old[] = {
	B43_PHYTAB_INIT(0x20000000 | 4 << 10, t_a),
};

static const struct b43_phytab_set sets[] = {
	{ 16, set_new, ARRAY_SIZE(set_new) },
	{ 3, set_mid, ARRAY_SIZE(set_mid) },
	{ 1, set_old, ARRAY_SIZE(set_old) },
};

/* The first set whose revision is reached, newest first; none below */
static void b43_phytab_select_revisions(struct kunit *test)
{
	unsigned int rev;

	KUNIT_EXPECT_NULL(test, b43_phytab_select(sets, ARRAY_SIZE(sets), 0));
	for (rev = 1; rev < 256; rev++) {
		const struct b43_phytab_set *s =
			b43_phytab_select(sets, ARRAY_SIZE(sets), rev);

		KUNIT_ASSERT_NOT_NULL(test, s);
		KUNIT_EXPECT_PTR_EQ_MSG(test, s, rev >= 16 ? &sets[0] :
					rev >= 3 ? &sets[1] : &sets[2],
					"rev %u", rev);
	}
}

/* B43_PHYTAB_INIT records the array's length and element size */
static void b43_phytab_init_entries(struct kunit *test)
{
	struct b43_phytab_init bad = set_mid[1];

	KUNIT_EXPECT_EQ(test, set_mid[0].n, 3);
	KUNIT_EXPECT_EQ(test, set_mid[0].elem_size, 2);
	KUNIT_EXPECT_EQ(test, set_mid[1].n, 2);
	KUNIT_EXPECT_EQ(test, set_mid[1].elem_size, 4);
	KUNIT_EXPECT_EQ(test, b43_phytab_check_init(&set_mid[0]), 0);
	KUNIT_EXPECT_EQ(test, b43_phytab_check_init(&set_mid[1]), 0);
	bad.elem_size = 2;
	KUNIT_EXPECT_EQ(test, b43_phytab_check_init(&bad), -EINVAL);
	bad = set_mid[1];
	bad.n = 0;
	KUNIT_EXPECT_EQ(test, b43_phytab_check_init(&bad), -EINVAL);
	bad = set_mid[1];
	bad.addr |= 0x3ff;
	KUNIT_EXPECT_EQ(test, b43_phytab_check_init(&bad), -ERANGE);
}

/* The register seam the driver passes reads and writes PHY registers */
static void b43_phytab_family_data(struct kunit *test)
{
	const struct fam_case *f = test->param_value;

	KUNIT_EXPECT_EQ(test, f->fam->addr, f->addr);
	KUNIT_EXPECT_EQ(test, f->fam->data_lo, f->lo);
	KUNIT_EXPECT_EQ(test, f->fam->data_hi, f->hi);
	KUNIT_EXPECT_EQ(test, f->fam->read32_hi_first, f->hi_first);
	KUNIT_EXPECT_FALSE(test, f->fam->write32_lo_first);
}

/* [BWN] the G PHY's two families */
static void b43_phytab_g_family_data(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_phytab_g_ofdm.addr, OFDM(0x72));
	KUNIT_EXPECT_EQ(test, b43_phytab_g_ofdm.data_lo, OFDM(0x73));
	KUNIT_EXPECT_EQ(test, b43_phytab_g_ofdm.data_hi, OFDM(0x74));
	KUNIT_EXPECT_TRUE(test, b43_phytab_g_ofdm.read32_hi_first);
	KUNIT_EXPECT_TRUE(test, b43_phytab_g_ofdm.write32_lo_first);
	KUNIT_EXPECT_EQ(test, b43_phytab_g.addr, EXTG(0x03));
	KUNIT_EXPECT_EQ(test, b43_phytab_g.data_lo, EXTG(0x04));
	KUNIT_EXPECT_EQ(test, b43_phytab_g.data_hi, 0);
}

/*
 * [BWN] the OFDM tables: the control register is written when the access
 * is not the element after the last one in the same direction; the
 * hardware's own address serves the rest.
 */
static void b43_phytab_g_ofdm_sequence(struct kunit *test)
{
	const struct b43_phytab_family *f = &b43_phytab_g_ofdm;
	struct b43_phytab_cursor cur = { .dir = B43_PHYTAB_DIR_UNKNOWN };
	struct recorder *r = recorder(test);
	const u16 a = 14 << 10 | 0x20;
	u32 v16, v32, again;

	/* unknown: the address; then the next two elements without it */
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, a, 2,
						 0x1234), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, a + 1,
						 2, 0x5678), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, a + 2,
						 4, 0xdeadbeef), 0);
	/* a read after writes: the address again, then read on without it */
	KUNIT_ASSERT_EQ(test, b43_phytab_g_read(f, &rec_ops, r, &cur, a + 3,
						2, &v16), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_read(f, &rec_ops, r, &cur, a + 4,
						4, &v32), 0);
	/* the same element again is not the next one */
	KUNIT_ASSERT_EQ(test, b43_phytab_g_read(f, &rec_ops, r, &cur, a + 4,
						2, &again), 0);
	/* a write after reads, then a gap */
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, a + 5,
						 2, 0x0001), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, a + 7,
						 2, 0x0002), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, OFDM(0x72), a }, { true, OFDM(0x73), 0x1234 },
		{ true, OFDM(0x73), 0x5678 },
		{ true, OFDM(0x73), 0xbeef }, { true, OFDM(0x74), 0xdead },
		{ true, OFDM(0x72), a + 3 }, { false, OFDM(0x73) },
		{ false, OFDM(0x74) }, { false, OFDM(0x73) },
		{ true, OFDM(0x72), a + 4 }, { false, OFDM(0x73) },
		{ true, OFDM(0x72), a + 5 }, { true, OFDM(0x73), 0x0001 },
		{ true, OFDM(0x72), a + 7 }, { true, OFDM(0x73), 0x0002 },
	}, 15);
	/* reads returned 0x1000, 0x1001 (Q, high), 0x1002 (I), 0x1003 */
	KUNIT_EXPECT_EQ(test, v16, 0x1000);
	KUNIT_EXPECT_EQ(test, v32, 0x10011002);
	KUNIT_EXPECT_EQ(test, again, 0x1003);
	KUNIT_EXPECT_EQ(test, cur.addr, a + 7);
	KUNIT_EXPECT_EQ(test, cur.dir, B43_PHYTAB_DIR_WRITE);

	/* [6.12] the address after 0xFFFF is not taken to be 0 */
	r = recorder(test);
	cur = (struct b43_phytab_cursor){ 0xffff, B43_PHYTAB_DIR_WRITE };
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(f, &rec_ops, r, &cur, 0, 2,
						 0x0003), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, OFDM(0x72), 0 }, { true, OFDM(0x73), 0x0003 },
	}, 2);
}

/* [BWN] the G tables: no cursor, the control register every time */
static void b43_phytab_g_gtab_sequence(struct kunit *test)
{
	struct recorder *r = recorder(test);
	const u16 a = 0x3120;
	u32 v;

	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(&b43_phytab_g, &rec_ops, r,
						 NULL, a, 2, 0xc480), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_write(&b43_phytab_g, &rec_ops, r,
						 NULL, a + 1, 2, 0x0042), 0);
	KUNIT_ASSERT_EQ(test, b43_phytab_g_read(&b43_phytab_g, &rec_ops, r,
						NULL, a + 2, 2, &v), 0);
	expect_log(test, r, (const struct access[]) {
		{ true, EXTG(0x03), a }, { true, EXTG(0x04), 0xc480 },
		{ true, EXTG(0x03), a + 1 }, { true, EXTG(0x04), 0x0042 },
		{ true, EXTG(0x03), a + 2 }, { false, EXTG(0x04) },
	}, 6);
	KUNIT_EXPECT_EQ(test, v, 0x1000);
}

/* A width the family lacks or a value too wide: refused, nothing moved */
static void b43_phytab_g_refused(struct kunit *test)
{
	static const unsigned int bad_widths[] = { 0, 1, 3, 8 };
	struct b43_phytab_cursor cur = { 0x41, B43_PHYTAB_DIR_READ };
	struct recorder *r = recorder(test);
	unsigned int i;
	u32 v = 0;

	for (i = 0; i < ARRAY_SIZE(bad_widths); i++) {
		KUNIT_EXPECT_EQ_MSG(test,
				    b43_phytab_g_read(&b43_phytab_g_ofdm,
						      &rec_ops, r, &cur, 0x42,
						      bad_widths[i], &v),
				    -EINVAL, "width %u", bad_widths[i]);
		KUNIT_EXPECT_EQ_MSG(test,
				    b43_phytab_g_write(&b43_phytab_g_ofdm,
						       &rec_ops, r, &cur, 0x42,
						       bad_widths[i], 0),
				    -EINVAL, "width %u", bad_widths[i]);
	}
	/* the G tables have no high half */
	KUNIT_EXPECT_EQ(test, b43_phytab_g_read(&b43_phytab_g, &rec_ops, r,
						NULL, 0x42, 4, &v), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_g_write(&b43_phytab_g, &rec_ops, r,
						 NULL, 0x42, 4, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_phytab_g_write(&b43_phytab_g_ofdm, &rec_ops,
						 r, &cur, 0x42, 2, 0x10000),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, r->n, 0);
	KUNIT_EXPECT_EQ(test, cur.addr, 0x41);
	KUNIT_EXPECT_EQ(test, cur.dir, B43_PHYTAB_DIR_READ);
	KUNIT_EXPECT_EQ(test, v, 0);
}

static struct kunit_case b43_phytab_test_cases[] = {
	KUNIT_CASE(b43_phytab_word_round_trip),
	KUNIT_CASE(b43_phytab_word_invalid),
	KUNIT_CASE_PARAM(b43_phytab_family_data, fams_gen_params),
	KUNIT_CASE_PARAM(b43_phytab_bulk_write_sequence, fams_gen_params),
	KUNIT_CASE_PARAM(b43_phytab_bulk_read_sequence, fams_gen_params),
	KUNIT_CASE_PARAM(b43_phytab_single_sequence, fams_gen_params),
	KUNIT_CASE(b43_phytab_readdress_sequence),
	KUNIT_CASE_PARAM(b43_phytab_bulk_refused, fams_gen_params),
	KUNIT_CASE(b43_phytab_value_range),
	KUNIT_CASE(b43_phytab_select_revisions),
	KUNIT_CASE(b43_phytab_init_entries),
	KUNIT_CASE(b43_phytab_g_family_data),
	KUNIT_CASE(b43_phytab_g_ofdm_sequence),
	KUNIT_CASE(b43_phytab_g_gtab_sequence),
	KUNIT_CASE(b43_phytab_g_refused),
	{}
};

static struct kunit_suite b43_phytab_test_suite = {
	.name = "b43_phytab",
	.test_cases = b43_phytab_test_cases,
};

kunit_test_suite(b43_phytab_test_suite);
