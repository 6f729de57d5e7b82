// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the TX status unit (txstatus.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Status words are built here from the documentation, never from the
 * unit's B43_TXSTAT* masks.  Where the expected values come from:
 *
 * [TXS]  The b43 hardware documentation, bcm-v4 "802.11/TransmitStatus":
 *        the report is read from registers 0x170 and 0x174 (32 bits
 *        each); reports are available until bit 0 of 0x170 is clear.
 *        0x170: transmit status in the low 16 bits, frame ID (cookie) in
 *        the high 16.  0x174: sequence number in the low 16 bits, PHY TX
 *        status in bits 16-23.  Transmit status: 0xF000 frame transmit
 *        count, 0x0F00 RTS transmit count, 0x0080 PM mode indicated,
 *        0x0040 intermediate, 0x0020 AMPDU, 0x001C suppression reason
 *        (0 none ... 7 afterburner NACK), 0x0002 ACK received, 0x0001
 *        valid.
 * [BRCM] Broadcom's brcmsmac: d11.h TXS_V (bit 0), TXS_FID_MASK
 *        0xffff0000, TXS_SEQ_MASK 0xffff, TXS_PTX_MASK 0xff0000, and
 *        TX_STATUS_* with the same status bits as [TXS];
 *        brcms_b_txstatus() in main.c reads frmtxstatus (0x170), stops
 *        when TXS_V is clear, calls an all-ones read a dead chip, and
 *        reads frmtxstatus2 (0x174) only after a valid first word.
 * [DMA]  The TX status cookie is the one b43_dma_cookie_encode() put in
 *        the TX header; dma_ring.h validates it (its own suite checks the
 *        layout).
 */
#include <kunit/test.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "../dma_ring.h"
#include "../txstatus.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* [TXS] registers */
#define REG_TXS0		0x170
#define REG_TXS1		0x174
/* [TXS] bits of the transmit status (low half of 0x170) */
#define S_VALID			0x0001
#define S_ACK			0x0002
#define S_SUPP(r)		((r) << 2)
#define S_AMPDU			0x0020
#define S_INTERMEDIATE		0x0040
#define S_PM			0x0080
#define S_RTS(n)		((n) << 8)
#define S_FRAMES(n)		((n) << 12)
#define W0(cookie, st)		(((u32)(cookie) << 16) | (st))
#define W1(phy, seq)		(((u32)(phy) << 16) | (seq))

/* [TXS] suppression reasons, in the order of the documentation's table */
static const u8 supp_reason[] = {
	B43_TXST_SUPP_NONE, B43_TXST_SUPP_PMQ, B43_TXST_SUPP_FLUSH,
	B43_TXST_SUPP_PREV, B43_TXST_SUPP_CHAN, B43_TXST_SUPP_LIFE,
	B43_TXST_SUPP_UNDER, B43_TXST_SUPP_ABNACK,
};

static void expect_status(struct kunit *test, const struct b43_txstatus *got,
			  const struct b43_txstatus *want)
{
	KUNIT_EXPECT_EQ(test, got->cookie, want->cookie);
	KUNIT_EXPECT_EQ(test, got->seq, want->seq);
	KUNIT_EXPECT_EQ(test, got->phy_stat, want->phy_stat);
	KUNIT_EXPECT_EQ(test, got->frame_count, want->frame_count);
	KUNIT_EXPECT_EQ(test, got->rts_count, want->rts_count);
	KUNIT_EXPECT_EQ(test, got->supp_reason, want->supp_reason);
	KUNIT_EXPECT_EQ(test, got->pm_indicated, want->pm_indicated);
	KUNIT_EXPECT_EQ(test, got->intermediate, want->intermediate);
	KUNIT_EXPECT_EQ(test, got->for_ampdu, want->for_ampdu);
	KUNIT_EXPECT_EQ(test, got->acked, want->acked);
}

struct txs_decode_case {
	const char *desc;
	u32 v0, v1;
	struct b43_txstatus want;
};

static const struct txs_decode_case txs_decode_cases[] = {
	{ "valid bit only: every field 0", W0(0, S_VALID), W1(0, 0), {} },
	{ "cookie 0x1002 (ring 0, slot 2) in the high half of 0x170",
	  W0(0x1002, S_VALID), 0, { .cookie = 0x1002 } },
	{ "cookie 0x5FFE: all 16 bits of the frame ID",
	  W0(0x5FFE, S_VALID), 0, { .cookie = 0x5FFE } },
	{ "sequence number 0xABCD: low half of 0x174",
	  W0(0, S_VALID), W1(0, 0xABCD), { .seq = 0xABCD } },
	{ "PHY TX status 0x5A: bits 16-23 of 0x174",
	  W0(0, S_VALID), W1(0x5A, 0), { .phy_stat = 0x5A } },
	{ "bits 24-31 of 0x174 belong to no field",
	  W0(0, S_VALID), 0xFF000000, {} },
	{ "ACK received: 0x0002", W0(0, S_VALID | S_ACK), 0, { .acked = 1 } },
	{ "AMPDU: 0x0020", W0(0, S_VALID | S_AMPDU), 0, { .for_ampdu = 1 } },
	{ "intermediate: 0x0040", W0(0, S_VALID | S_INTERMEDIATE), 0,
	  { .intermediate = 1 } },
	{ "PM mode indicated: 0x0080", W0(0, S_VALID | S_PM), 0,
	  { .pm_indicated = 1 } },
	{ "RTS transmit count 1", W0(0, S_VALID | S_RTS(1)), 0,
	  { .rts_count = 1 } },
	{ "RTS transmit count 15", W0(0, S_VALID | S_RTS(15)), 0,
	  { .rts_count = 15 } },
	{ "frame transmit count 1: sent once", W0(0, S_VALID | S_FRAMES(1)),
	  0, { .frame_count = 1 } },
	{ "frame transmit count 15", W0(0, S_VALID | S_FRAMES(15)), 0,
	  { .frame_count = 15 } },
	{ "ACKed on the 3rd try after 2 RTS, seq 0x0123, PHY status 0x01",
	  W0(0x2010, S_VALID | S_ACK | S_RTS(2) | S_FRAMES(3)),
	  W1(0x01, 0x0123),
	  { .cookie = 0x2010, .seq = 0x0123, .phy_stat = 0x01,
	    .frame_count = 3, .rts_count = 2, .acked = 1 } },
	{ "every field at its top value",
	  0xFFFFFFFE | S_VALID, 0xFFFFFFFF,
	  { .cookie = 0xFFFF, .seq = 0xFFFF, .phy_stat = 0xFF,
	    .frame_count = 15, .rts_count = 15, .supp_reason = 7,
	    .pm_indicated = 1, .intermediate = 1, .for_ampdu = 1,
	    .acked = 1 } },
};

KUNIT_ARRAY_PARAM_DESC(txs_decode, txs_decode_cases, desc);

static void b43_txstatus_decode_fields(struct kunit *test)
{
	const struct txs_decode_case *c = test->param_value;
	struct b43_txstatus got;

	memset(&got, 0xA5, sizeof(got));
	b43_txstatus_decode(c->v0, c->v1, &got);
	expect_status(test, &got, &c->want);
}

/* [TXS] each 3-bit suppression code maps to the reason of the same rank */
static void b43_txstatus_decode_supp_reasons(struct kunit *test)
{
	struct b43_txstatus got, want = {};
	unsigned int r;

	for (r = 0; r < ARRAY_SIZE(supp_reason); r++) {
		want.supp_reason = supp_reason[r];
		b43_txstatus_decode(W0(0, S_VALID | S_SUPP(r)), 0, &got);
		expect_status(test, &got, &want);
		KUNIT_EXPECT_EQ_MSG(test, got.supp_reason, r, "code %u", r);
	}
}

/*
 * [TXS] each of the 63 bits other than the valid bit on its own: the field
 * the documentation gives it takes the bit's place value, every other field
 * stays 0.  A mask or shift off by one bit fails here, named by the bit.
 */
static void b43_txstatus_decode_each_bit(struct kunit *test)
{
	struct b43_txstatus got, want;
	unsigned int bit;

	for (bit = 1; bit < 64; bit++) {
		u32 v0 = S_VALID, v1 = 0;

		memset(&want, 0, sizeof(want));
		if (bit < 32)
			v0 |= BIT(bit);
		else
			v1 = BIT(bit - 32);

		if (bit == 1)
			want.acked = 1;
		else if (bit <= 4)
			want.supp_reason = BIT(bit - 2);
		else if (bit == 5)
			want.for_ampdu = 1;
		else if (bit == 6)
			want.intermediate = 1;
		else if (bit == 7)
			want.pm_indicated = 1;
		else if (bit <= 11)
			want.rts_count = BIT(bit - 8);
		else if (bit <= 15)
			want.frame_count = BIT(bit - 12);
		else if (bit <= 31)
			want.cookie = BIT(bit - 16);
		else if (bit <= 47)
			want.seq = BIT(bit - 32);
		else if (bit <= 55)
			want.phy_stat = BIT(bit - 48);
		/* bits 56-63: bits 24-31 of 0x174, no field */

		b43_txstatus_decode(v0, v1, &got);
		if (memcmp(&got, &want, sizeof(got))) {
			KUNIT_FAIL(test, "bit %u of 0x%x decodes wrong", bit % 32,
				   bit < 32 ? REG_TXS0 : REG_TXS1);
			expect_status(test, &got, &want);
		}
	}
}

struct txs_check_case {
	const char *desc;
	u32 v0;
	int want;
};

static const struct txs_check_case txs_check_cases[] = {
	{ "0: FIFO empty", 0, -ENODATA },
	{ "valid bit only: a report", S_VALID, 0 },
	{ "all but the valid bit: FIFO empty", 0xFFFFFFFE, -ENODATA },
	{ "all ones: device gone ([BRCM] dead chip)", 0xFFFFFFFF, -ENODEV },
	{ "all ones but bit 31: a report", 0x7FFFFFFF, 0 },
	{ "cookie 0xFFFF, status 0x0001: a report (the DMA unit rejects the cookie)",
	  0xFFFF0001, 0 },
	{ "status 0xFFFF, cookie 0: a report", 0x0000FFFF, 0 },
};

KUNIT_ARRAY_PARAM_DESC(txs_check, txs_check_cases, desc);

static void b43_txstatus_check_words(struct kunit *test)
{
	const struct txs_check_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txstatus_check(c->v0), c->want);
}

/*
 * A fake TX status FIFO: @nr reports, then @after as the first word for
 * ever (0: empty, all ones: gone, a valid word: stuck).  It checks the
 * read protocol of [TXS]/[BRCM] on every read and records the reports the
 * unit hands over.  After far more reads than the unit may do it reads
 * empty, so that a unit that lost its bound fails instead of hanging.
 */
struct fake_fifo {
	struct kunit *test;
	const u32 *words;	/* v0, v1 of each report */
	unsigned int nr;
	u32 after;
	unsigned int next;	/* the report the next 0x174 read pops */
	bool v0_valid;		/* the last read was a valid first word */
	unsigned int reads, v1_reads;
	struct b43_txstatus *got;
	unsigned int nr_got, max_got;
};

#define FAKE_READ_CAP		(4 * (B43_TXSTATUS_FIFO_MAX + 1))

static u32 fake_fifo_read32(void *ctx, u16 offset)
{
	struct fake_fifo *f = ctx;
	u32 v0;

	if (++f->reads > FAKE_READ_CAP)
		return 0;
	switch (offset) {
	case REG_TXS0:
		v0 = f->next < f->nr ? f->words[2 * f->next] : f->after;
		f->v0_valid = (v0 & S_VALID) && v0 != 0xFFFFFFFF;
		return v0;
	case REG_TXS1:
		KUNIT_EXPECT_TRUE_MSG(f->test, f->v0_valid,
				      "0x174 read without a valid 0x170 before it (read %u)",
				      f->reads);
		f->v0_valid = false;
		f->v1_reads++;
		if (f->next < f->nr)
			return f->words[2 * f->next++ + 1];
		return 0;
	}
	KUNIT_FAIL(f->test, "read of register 0x%x", offset);
	return 0;
}

static void fake_fifo_report(void *ctx, const struct b43_txstatus *status)
{
	struct fake_fifo *f = ctx;

	if (f->nr_got < f->max_got)
		f->got[f->nr_got] = *status;
	f->nr_got++;
}

static struct fake_fifo *fake_fifo_new(struct kunit *test, const u32 *words,
				       unsigned int nr, u32 after)
{
	struct fake_fifo *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->test = test;
	f->words = words;
	f->nr = nr;
	f->after = after;
	f->max_got = nr ? nr : 1;
	f->got = kunit_kcalloc(test, f->max_got, sizeof(*f->got), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->got);
	return f;
}

static int fake_fifo_run(struct fake_fifo *f, bool drop)
{
	const struct b43_txstatus_fifo fifo = {
		.read32 = fake_fifo_read32,
		.report = drop ? NULL : fake_fifo_report,
		.ctx = f,
	};

	return b43_txstatus_fifo_read(&fifo);
}

static const u32 three_reports[] = {
	W0(0x1000, S_VALID | S_ACK | S_FRAMES(1)), W1(0, 0x0010),
	W0(0x1002, S_VALID | S_FRAMES(7)), W1(0x02, 0x0011),
	W0(0x2000, S_VALID | S_ACK | S_FRAMES(2) | S_RTS(1)), W1(0, 0x0012),
};

/* [TXS] reports come out oldest first until bit 0 of 0x170 is clear */
static void b43_txstatus_fifo_read_reports(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, three_reports, 3, 0);
	const struct b43_txstatus want[] = {
		{ .cookie = 0x1000, .seq = 0x10, .frame_count = 1, .acked = 1 },
		{ .cookie = 0x1002, .seq = 0x11, .phy_stat = 0x02,
		  .frame_count = 7 },
		{ .cookie = 0x2000, .seq = 0x12, .frame_count = 2,
		  .rts_count = 1, .acked = 1 },
	};
	unsigned int i;

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), 3);
	KUNIT_ASSERT_EQ(test, f->nr_got, 3);
	for (i = 0; i < 3; i++)
		expect_status(test, &f->got[i], &want[i]);
	/* three pairs and the empty first word that ends the walk */
	KUNIT_EXPECT_EQ(test, f->reads, 7);
	KUNIT_EXPECT_EQ(test, f->v1_reads, 3);
}

static void b43_txstatus_fifo_read_empty(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, NULL, 0, 0);

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), 0);
	KUNIT_EXPECT_EQ(test, f->nr_got, 0);
	KUNIT_EXPECT_EQ(test, f->reads, 1);
}

/* NULL report: the reports are read and dropped (the init-time drain) */
static void b43_txstatus_fifo_read_drain(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, three_reports, 3, 0);

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, true), 3);
	KUNIT_EXPECT_EQ(test, f->nr_got, 0);
	KUNIT_EXPECT_EQ(test, f->v1_reads, 3);
	KUNIT_EXPECT_EQ(test, f->reads, 7);
}

/* [BRCM] a device that is gone reads all ones, valid bit included */
static void b43_txstatus_fifo_read_dead(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, NULL, 0, 0xFFFFFFFF);

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), -ENODEV);
	KUNIT_EXPECT_EQ(test, f->nr_got, 0);
	KUNIT_EXPECT_EQ(test, f->reads, 1);
	KUNIT_EXPECT_EQ(test, f->v1_reads, 0);
}

/* gone after two reports: those two are handed over, then -ENODEV */
static void b43_txstatus_fifo_read_dies(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, three_reports, 2, 0xFFFFFFFF);

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), -ENODEV);
	KUNIT_EXPECT_EQ(test, f->nr_got, 2);
	KUNIT_EXPECT_EQ(test, f->reads, 5);
}

/*
 * A FIFO whose first word stays valid: the walk takes
 * B43_TXSTATUS_FIFO_MAX reports and stops at the next first word.
 */
static void b43_txstatus_fifo_read_stuck(struct kunit *test)
{
	struct fake_fifo *f = fake_fifo_new(test, NULL, 0,
					    W0(0x1000, S_VALID | S_FRAMES(1)));

	KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), -EOVERFLOW);
	KUNIT_EXPECT_EQ(test, f->nr_got, B43_TXSTATUS_FIFO_MAX);
	KUNIT_EXPECT_EQ(test, f->reads, 2 * B43_TXSTATUS_FIFO_MAX + 1);
}

/*
 * The bound is above what the driver can have in flight: five TX rings of
 * B43_TXRING_SLOTS slots, two per frame.  A FIFO that full is read to the
 * end; so is one of exactly B43_TXSTATUS_FIFO_MAX reports, followed by an
 * empty word.
 */
static void b43_txstatus_fifo_read_full(struct kunit *test)
{
	unsigned int in_flight = B43_DMA_NR_TX_RINGS * B43_TXRING_SLOTS / 2;
	unsigned int sizes[] = { in_flight, B43_TXSTATUS_FIFO_MAX };
	unsigned int s, i;
	u32 *words;

	KUNIT_ASSERT_LT(test, in_flight, B43_TXSTATUS_FIFO_MAX);
	words = kunit_kcalloc(test, 2 * B43_TXSTATUS_FIFO_MAX, sizeof(*words),
			      GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, words);
	for (i = 0; i < B43_TXSTATUS_FIFO_MAX; i++) {
		words[2 * i] = W0(0x1000 + 2 * (i % 128), S_VALID | S_ACK);
		words[2 * i + 1] = W1(0, i);
	}
	for (s = 0; s < ARRAY_SIZE(sizes); s++) {
		struct fake_fifo *f = fake_fifo_new(test, words, sizes[s], 0);

		KUNIT_EXPECT_EQ(test, fake_fifo_run(f, false), sizes[s]);
		KUNIT_EXPECT_EQ(test, f->nr_got, sizes[s]);
		KUNIT_EXPECT_EQ(test, f->got[sizes[s] - 1].seq, sizes[s] - 1);
	}
}

/*
 * [DMA] the cookie of every header slot of every TX ring comes back out of
 * a report unchanged and names that ring and slot; the cookies the
 * firmware reserves, and one naming no ring, are rejected by the DMA unit.
 */
static void b43_txstatus_cookie_to_dma(struct kunit *test)
{
	static const u16 bad[] = { 0x0000, 0xFFFF, 0x6000, 0x0002 };
	struct b43_txstatus got;
	unsigned int ring, i;
	int slot;

	for (ring = 0; ring < B43_DMA_NR_TX_RINGS; ring++) {
		for (slot = 0; slot < B43_TXRING_SLOTS; slot += 2) {
			u16 cookie = b43_dma_cookie_encode(ring, slot);

			b43_txstatus_decode(W0(cookie, S_VALID | S_ACK), 0, &got);
			KUNIT_EXPECT_EQ(test, got.cookie, cookie);
			KUNIT_EXPECT_EQ(test,
					b43_dma_cookie_ring_index(got.cookie),
					ring);
			KUNIT_EXPECT_EQ(test,
					b43_dma_cookie_slot(got.cookie,
							    B43_TXRING_SLOTS),
					slot);
		}
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		b43_txstatus_decode(W0(bad[i], S_VALID), 0, &got);
		KUNIT_EXPECT_EQ_MSG(test, b43_dma_cookie_ring_index(got.cookie),
				    -EINVAL, "cookie 0x%04x", bad[i]);
	}
}

/*
 * Seeded random FIFOs of up to 8 reports whose words are biased towards
 * the interesting values (all ones, empty, valid with random fields),
 * against a model of [TXS]/[BRCM]: the walk ends at the first empty or
 * all-ones first word, and each report's fields are the documented bits.
 */
#define TXS_RANDOM_RUNS		10000
#define TXS_RANDOM_SEED		0xb43b43b43ULL

static u32 random_v0(struct rnd_state *rnd)
{
	u32 v = prandom_u32_state(rnd);

	switch (v & 3) {
	case 0:
		return 0xFFFFFFFF;
	case 1:
		return prandom_u32_state(rnd) & ~S_VALID;
	}
	return prandom_u32_state(rnd) | S_VALID;
}

static void b43_txstatus_random(struct kunit *test)
{
	unsigned int run, i, empty = 0, dead = 0, reports = 0;
	struct rnd_state rnd;
	u32 words[2 * 8];

	prandom_seed_state(&rnd, TXS_RANDOM_SEED);
	kunit_info(test, "%u random FIFOs, seed 0x%llx\n", TXS_RANDOM_RUNS,
		   TXS_RANDOM_SEED);
	for (run = 0; run < TXS_RANDOM_RUNS; run++) {
		unsigned int nr = prandom_u32_state(&rnd) % 9, want_n = 0;
		struct fake_fifo *f;
		int want = 0, ret;

		for (i = 0; i < nr; i++) {
			words[2 * i] = random_v0(&rnd);
			words[2 * i + 1] = prandom_u32_state(&rnd);
		}
		/* the model: count valid first words up to the first stop */
		for (i = 0; i < nr; i++) {
			if (words[2 * i] == 0xFFFFFFFF) {
				want = -ENODEV;
				break;
			}
			if (!(words[2 * i] & S_VALID))
				break;
			want_n++;
		}
		if (!want)
			want = want_n;

		/* only the reports before the stop are in the fake FIFO */
		f = fake_fifo_new(test, words, want_n, i < nr ? words[2 * i] : 0);
		ret = fake_fifo_run(f, false);
		KUNIT_ASSERT_EQ_MSG(test, ret, want, "run %u", run);
		KUNIT_ASSERT_EQ_MSG(test, f->nr_got, want_n, "run %u", run);
		for (i = 0; i < want_n; i++) {
			u32 v0 = words[2 * i], v1 = words[2 * i + 1];
			const struct b43_txstatus *g = &f->got[i];

			KUNIT_ASSERT_EQ(test, g->cookie, v0 >> 16);
			KUNIT_ASSERT_EQ(test, g->seq, v1 & 0xFFFF);
			KUNIT_ASSERT_EQ(test, g->phy_stat, (v1 >> 16) & 0xFF);
			KUNIT_ASSERT_EQ(test, g->frame_count, (v0 >> 12) & 0xF);
			KUNIT_ASSERT_EQ(test, g->rts_count, (v0 >> 8) & 0xF);
			KUNIT_ASSERT_EQ(test, g->supp_reason, (v0 >> 2) & 0x7);
			KUNIT_ASSERT_EQ(test, g->pm_indicated, !!(v0 & S_PM));
			KUNIT_ASSERT_EQ(test, g->intermediate,
					!!(v0 & S_INTERMEDIATE));
			KUNIT_ASSERT_EQ(test, g->for_ampdu, !!(v0 & S_AMPDU));
			KUNIT_ASSERT_EQ(test, g->acked, !!(v0 & S_ACK));
		}
		reports += want_n;
		if (want == -ENODEV)
			dead++;
		else
			empty++;
	}
	kunit_info(test, "%u reports; %u walks ended empty, %u on all ones\n",
		   reports, empty, dead);
}

static struct kunit_case b43_txstatus_test_cases[] = {
	KUNIT_CASE_PARAM(b43_txstatus_decode_fields, txs_decode_gen_params),
	KUNIT_CASE(b43_txstatus_decode_supp_reasons),
	KUNIT_CASE(b43_txstatus_decode_each_bit),
	KUNIT_CASE_PARAM(b43_txstatus_check_words, txs_check_gen_params),
	KUNIT_CASE(b43_txstatus_fifo_read_reports),
	KUNIT_CASE(b43_txstatus_fifo_read_empty),
	KUNIT_CASE(b43_txstatus_fifo_read_drain),
	KUNIT_CASE(b43_txstatus_fifo_read_dead),
	KUNIT_CASE(b43_txstatus_fifo_read_dies),
	KUNIT_CASE(b43_txstatus_fifo_read_stuck),
	KUNIT_CASE(b43_txstatus_fifo_read_full),
	KUNIT_CASE(b43_txstatus_cookie_to_dma),
	KUNIT_CASE(b43_txstatus_random),
	{}
};

static struct kunit_suite b43_txstatus_test_suite = {
	.name = "b43_txstatus",
	.test_cases = b43_txstatus_test_cases,
};

kunit_test_suite(b43_txstatus_test_suite);
