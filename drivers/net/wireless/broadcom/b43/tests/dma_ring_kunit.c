// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the DMA ring unit (dma_ring.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [RING]  The descriptor table is circular: the engine walks descriptors in
 *         order and returns to descriptor 0 after the one carrying the
 *         end-of-table flag.  Broadcom's brcmsmac (dma.c: NEXTTXD(),
 *         PREVTXD(), NTXDACTIVE(), and D64_CTRL1_EOT set on the last
 *         descriptor in dma_rxfill()/dma_txfast()) keeps its rings the same
 *         way.  Expected slots below are plain modular arithmetic.
 * [TX]    b43 and FreeBSD's bwn (an independent port of the same hardware)
 *         put each frame in two slots, TX header then 802.11 frame, and the
 *         device completes the frames of one ring in order.
 * [COOKIE] The TX status cookie is chosen by the driver, written into the
 *         TX header and echoed by the firmware in the TX status: bwn's
 *         bwn_dma_getcookie()/bwn_dma_parse_cookie() use the same layout,
 *         bits 15-12 = controller index + 1 (1 ... 5), bits 11-0 = header
 *         slot.  0 and 0xFFFF are reserved by the firmware interface.
 * [D32]   32-bit descriptor (bwn if_bwnvar.h, struct bwn_dmadesc32): word 0
 *         control, word 1 address, both little-endian.  Control: bits 0-12
 *         byte count, 16-17 address extension, 28 end of table, 29 IRQ,
 *         30 frame end, 31 frame start.  Descriptor pointers in the status
 *         registers are byte offsets in bits 0-11.
 * [D64]   64-bit descriptor (brcmsmac dma.c, struct dma64desc): ctrl1,
 *         ctrl2, addrlow, addrhigh, little-endian.  ctrl1: bit 28 EOT,
 *         29 IOC, 30 EOF, 31 SOF; ctrl2: byte count from bit 0 (b43 uses 13
 *         bits), address extension bits 16-17 (D64_CTRL2_AE).  Current
 *         descriptor pointer: D64_RS0_CD_MASK 0x1fff, in bytes (B2I()).
 * [XLATE] brcmsmac dma64_dd_upd(): the top two bits of the routed address
 *         word (PCI32ADDR_HIGH, 0xc0000000) move to the address extension
 *         field and the backplane window (0x40000000 for PCI, 0x80000000
 *         in the high word for PCIe; ssb_regs.h SSB_PCI_DMA,
 *         SSB_PCIE_DMA_H32) is added in their place.
 * [CTL]   Ring control registers (brcmsmac dma.c: D64_XC_* for XmtCtrl,
 *         D64_RC_* for RcvCtrl; the 32-bit engine's XC_/RC_ bits of the
 *         b43 specification "DMA" page sit at the same places): bit 0
 *         enable (D64_XC_XE, D64_RC_RE), bits 1-7 RX frame offset in bytes
 *         (D64_RC_RO_MASK 0xfe, D64_RC_RO_SHIFT 1), bit 11 parity check
 *         disable (D64_XC_PD, D64_RC_PD), bits 16-17 address extension
 *         (D64_XC_AE, D64_RC_AE, shift 16), taken from the descriptor
 *         table address as in [XLATE].
 * [TYPE]  b43 hardware documentation (bcm-v4 "DMA"): a 32-bit engine keeps
 *         the address extension bits written to its TX control register,
 *         a 30-bit engine reads them back as zero; 64-bit engines are
 *         announced by the core's DMA64 capability bit.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "../dma_ring.h"

struct dma_ring_size {
	const char *desc;
	int nr_slots;
};

static const struct dma_ring_size dma_ring_sizes[] = {
	{ "TX ring, B43_TXRING_SLOTS", B43_TXRING_SLOTS },
	{ "RX ring, B43_RXRING_SLOTS", B43_RXRING_SLOTS },
	{ "smallest TX ring, one frame", 2 },
	{ "8-slot ring", 8 },
	{ "odd 5-slot ring", 5 },
};

KUNIT_ARRAY_PARAM_DESC(dma_ring_sizes, dma_ring_sizes, desc);

/* [RING] next/previous slot of every slot, with the wrap. */
static void b43_dma_slot_wrap(struct kunit *test)
{
	const struct dma_ring_size *p = test->param_value;
	int n = p->nr_slots, s;

	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(n, -1), 0);
	for (s = 0; s < n; s++) {
		KUNIT_EXPECT_EQ(test, b43_dma_next_slot(n, s), (s + 1) % n);
		KUNIT_EXPECT_EQ(test, b43_dma_prev_slot(n, s), (s + n - 1) % n);
	}
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(n, n - 1), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_prev_slot(n, 0), n - 1);
}

static void b43_dma_slot_out_of_range(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(256, 256), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(256, -2), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(256, 0x7fffffff), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_prev_slot(256, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_prev_slot(256, 256), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(0, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_prev_slot(0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_next_slot(-4, 0), -EINVAL);
}

/* [TX] free slots, and "full" when a two-slot frame no longer fits. */
static void b43_dma_free_and_full(struct kunit *test)
{
	const struct dma_ring_size *p = test->param_value;
	int n = p->nr_slots, used;

	for (used = 0; used <= n; used++) {
		KUNIT_EXPECT_EQ(test, b43_dma_free_slots(n, used), n - used);
		KUNIT_EXPECT_EQ(test, b43_dma_tx_ring_full(n, used),
				n - used < 2);
	}
	/* Inconsistent counters: no free slot count, and the ring is full. */
	KUNIT_EXPECT_EQ(test, b43_dma_free_slots(n, -1), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_free_slots(n, n + 1), -EINVAL);
	KUNIT_EXPECT_TRUE(test, b43_dma_tx_ring_full(n, -1));
	KUNIT_EXPECT_TRUE(test, b43_dma_tx_ring_full(n, n + 1));
}

/*
 * [RING][TX] Drive a ring the way the driver does, three times around, and
 * check the unit's view of it against a model kept here: frame k occupies
 * slots 2k and 2k + 1 (mod n), and the device completes frames in order.
 */
static void b43_dma_tx_ring_model(struct kunit *test)
{
	const int n = B43_TXRING_SLOTS, frames = n / 2;
	const int fill[] = { 1, frames, 3, frames - 1, 2, frames };
	int pushed = 0, done = 0, round;

	for (round = 0; round < 3 * ARRAY_SIZE(fill); round++) {
		int want = fill[round % ARRAY_SIZE(fill)];

		/* Queue frames while the unit says there is room. */
		while (pushed - done < want &&
		       !b43_dma_tx_ring_full(n, 2 * (pushed - done)))
			pushed++;
		KUNIT_ASSERT_EQ(test, pushed - done, want);
		KUNIT_EXPECT_EQ(test, b43_dma_tx_ring_full(n, 2 * want),
				want == frames);

		/* Complete all but the newest frame, checking each status. */
		while (pushed - done > 1) {
			int cur = (2 * pushed - 1) % n;
			int used = 2 * (pushed - done);
			int oldest = (2 * done) % n;

			KUNIT_ASSERT_EQ(test,
					b43_dma_first_used_slot(n, cur, used),
					oldest);
			KUNIT_ASSERT_EQ(test,
					b43_dma_txstatus_skip(n, cur, used,
							      oldest), 0);
			KUNIT_ASSERT_EQ(test, b43_dma_txhdr_index(n, oldest),
					done % frames);
			done++;
		}
	}
	/* The run went around the ring more than three times. */
	KUNIT_EXPECT_GT(test, done, 3 * frames);
}

/*
 * Regression: pristine 6.12 computed the first used slot of an idle ring as
 * current_slot + 1 and accepted a status naming it (unmapping a stale
 * address and driving used_slots to -1).
 */
/*
 * [RING][TX] A seeded random walk of submit and complete operations on a
 * TX ring, checked at every step against a model that is only a queue of
 * header slots: free slots, "full", the first used slot, the TX status
 * start and the header cache index must all follow from the queue.
 */
#define DMA_MODEL_SEED	0xb43d3a5eULL
#define DMA_MODEL_STEPS	20000

static void b43_dma_tx_ring_random(struct kunit *test)
{
	const int n = B43_TXRING_SLOTS, frames = n / B43_DMA_TX_SLOTS_PER_FRAME;
	int queue[B43_TXRING_SLOTS / B43_DMA_TX_SLOTS_PER_FRAME];
	int head = 0, len = 0, cur = -1, used = 0, step;
	int submits = 0, completes = 0, fulls = 0;
	struct rnd_state rnd;

	prandom_seed_state(&rnd, DMA_MODEL_SEED);
	kunit_info(test, "seed 0x%llx, %d steps\n", DMA_MODEL_SEED,
		   DMA_MODEL_STEPS);

	for (step = 0; step < DMA_MODEL_STEPS; step++) {
		/* Phases of 512 steps that mostly submit, then mostly complete. */
		unsigned int submit_pct = step / 512 % 2 ? 25 : 75;
		bool submit = prandom_u32_state(&rnd) % 100 < submit_pct;

		KUNIT_ASSERT_EQ(test, b43_dma_free_slots(n, used),
				n - B43_DMA_TX_SLOTS_PER_FRAME * len);
		KUNIT_ASSERT_EQ(test, b43_dma_tx_ring_full(n, used),
				len == frames);
		KUNIT_ASSERT_EQ(test, b43_dma_first_used_slot(n, cur, used),
				len ? queue[head] : -ENODATA);
		fulls += len == frames;

		if (submit && !b43_dma_tx_ring_full(n, used)) {
			int hdr = b43_dma_next_slot(n, cur);

			cur = b43_dma_next_slot(n, hdr);
			KUNIT_ASSERT_GE(test, hdr, 0);
			KUNIT_ASSERT_EQ(test, cur, (hdr + 1) % n);
			used += B43_DMA_TX_SLOTS_PER_FRAME;
			queue[(head + len++) % frames] = hdr;
			submits++;
		} else if (!submit && len) {
			int hdr = queue[head];

			KUNIT_ASSERT_EQ(test,
					b43_dma_txstatus_skip(n, cur, used,
							      hdr), 0);
			KUNIT_ASSERT_EQ(test, b43_dma_txhdr_index(n, hdr),
					hdr / B43_DMA_TX_SLOTS_PER_FRAME);
			used -= B43_DMA_TX_SLOTS_PER_FRAME;
			head = (head + 1) % frames;
			len--;
			completes++;
		} else if (!submit) {
			/* A status with nothing in flight is refused. */
			KUNIT_ASSERT_EQ(test,
					b43_dma_txstatus_skip(n, cur, used, 0),
					-ENODATA);
		}
	}
	kunit_info(test, "%d submits, %d completes, %d steps full\n",
		   submits, completes, fulls);
	/* The walk must have wrapped the ring and filled it. */
	KUNIT_EXPECT_GT(test, submits, 2 * frames);
	KUNIT_EXPECT_GT(test, fulls, 0);
}

static void b43_dma_first_used_idle(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 17, 0), -ENODATA);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, -1, 0), -ENODATA);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 1, 4), 254);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 255, 256), 0);
	/* Counters no ring can have. */
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, -1, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 256, 2), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 3, 257), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_first_used_slot(256, 3, -1), -EINVAL);
}

struct dma_txstatus_case {
	const char *desc;
	int current_slot, used_slots, slot;
	int expect;	/* slots to skip, or the error */
	int start;	/* first used slot, where reclaiming starts */
};

/* [TX] On a 256-slot ring; frames are (header, payload) slot pairs. */
static const struct dma_txstatus_case dma_txstatus_cases[] = {
	{ "oldest frame, in order", 5, 4, 2, 0, 2 },
	{ "one lost status: next frame", 5, 4, 4, 2, 2 },
	{ "one lost status across the wrap", 1, 4, 0, 2, 254 },
	{ "in order across the wrap", 1, 4, 254, 0, 254 },
	{ "one frame in flight, slot after it", 3, 2, 4, -EPROTO, 2 },
	{ "two lost statuses", 7, 6, 6, -EPROTO, 2 },
	{ "payload slot of the oldest frame", 5, 4, 3, -EPROTO, 2 },
	{ "slot behind the oldest frame", 5, 4, 0, -EPROTO, 2 },
	{ "idle ring, slot after the last frame", 5, 0, 6, -ENODATA, -ENODATA },
	{ "idle ring that never sent", -1, 0, 0, -ENODATA, -ENODATA },
	{ "slot outside the ring", 5, 4, 256, -EINVAL, 2 },
	{ "more slots used than the ring has", 5, 257, 2, -EINVAL, -EINVAL },
};

KUNIT_ARRAY_PARAM_DESC(dma_txstatus_cases, dma_txstatus_cases, desc);

static void b43_dma_txstatus(struct kunit *test)
{
	const struct dma_txstatus_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test,
			b43_dma_txstatus_skip(256, p->current_slot,
					      p->used_slots, p->slot),
			p->expect);
	KUNIT_EXPECT_EQ(test,
			b43_dma_first_used_slot(256, p->current_slot,
						p->used_slots),
			p->start);
}

static void b43_dma_txhdr_index_all(struct kunit *test)
{
	int s;

	/* [TX] slots 2k and 2k + 1 share header cache entry k. */
	for (s = 0; s < B43_TXRING_SLOTS; s++)
		KUNIT_EXPECT_EQ(test, b43_dma_txhdr_index(B43_TXRING_SLOTS, s),
				s >> 1);
	KUNIT_EXPECT_EQ(test, b43_dma_txhdr_index(B43_TXRING_SLOTS, -1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_txhdr_index(B43_TXRING_SLOTS,
						  B43_TXRING_SLOTS), -EINVAL);
}

/* Regression: pristine 6.12 poisoned slot 0 nr_slots times. */
static void b43_dma_meta_poison_every_slot(struct kunit *test)
{
	struct b43_dmadesc_meta *meta;
	int i, first_bad = -1, bad = 0;

	meta = kunit_kcalloc(test, B43_TXRING_SLOTS, sizeof(*meta), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, meta);
	b43_dma_meta_poison(meta, B43_TXRING_SLOTS);
	for (i = 0; i < B43_TXRING_SLOTS; i++) {
		if (b43_dma_ptr_is_poisoned(meta[i].skb))
			continue;
		if (first_bad < 0)
			first_bad = i;
		bad++;
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "first slot not poisoned: %d",
			    first_bad);
}

/* [COOKIE] Known cookies, then every ring and slot round-tripped. */
static void b43_dma_cookie_layout(struct kunit *test)
{
	unsigned int ring;
	int slot;

	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(0, 0), 0x1000);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(1, 1), 0x2001);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(3, 0xabc), 0x4abc);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(4, 255), 0x50ff);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(4, 0xfff), 0x5fff);

	for (ring = 0; ring < 5; ring++) {
		for (slot = 0; slot < B43_TXRING_SLOTS; slot++) {
			u16 c = b43_dma_cookie_encode(ring, slot);

			KUNIT_EXPECT_NE(test, c, 0);
			KUNIT_EXPECT_NE(test, c, 0xffff);
			KUNIT_EXPECT_EQ(test, b43_dma_cookie_ring_index(c), ring);
			KUNIT_EXPECT_EQ(test,
					b43_dma_cookie_slot(c, B43_TXRING_SLOTS),
					slot);
		}
	}
}

static void b43_dma_cookie_encode_invalid(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(5, 0), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(-1U, 0), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(0, -1), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(0, 0x1000), 0);
}

/*
 * [COOKIE] The cookie is device data: of all 65536 values exactly those with
 * ring field 1-5 and a slot below the ring size name a slot (5 * 256).
 */
static void b43_dma_cookie_parse_all(struct kunit *test)
{
	unsigned int c, accepted = 0;

	for (c = 0; c <= 0xffff; c++) {
		int ring = b43_dma_cookie_ring_index(c);
		int slot = b43_dma_cookie_slot(c, B43_TXRING_SLOTS);

		if (ring < 0) {
			KUNIT_EXPECT_EQ(test, ring, -EINVAL);
			continue;
		}
		if (slot < 0) {
			KUNIT_EXPECT_EQ(test, slot, -ERANGE);
			continue;
		}
		KUNIT_EXPECT_LT(test, ring, 5);
		KUNIT_EXPECT_LT(test, slot, B43_TXRING_SLOTS);
		KUNIT_EXPECT_EQ(test, b43_dma_cookie_encode(ring, slot), c);
		accepted++;
	}
	KUNIT_EXPECT_EQ(test, accepted, 5 * B43_TXRING_SLOTS);

	KUNIT_EXPECT_EQ(test, b43_dma_cookie_ring_index(0x0000), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_ring_index(0x0fff), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_ring_index(0x6000), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_ring_index(0xffff), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_slot(0x1100, 256), -ERANGE);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_slot(0x1fff, 256), -ERANGE);
	KUNIT_EXPECT_EQ(test, b43_dma_cookie_slot(0x1000, 0), -EINVAL);
}

struct dma_engine {
	const char *desc;
	enum b43_dmatype type;
	size_t desc_size;	/* [D32], [D64] */
	u32 dptr_mask;		/* [D32], [D64] */
};

static const struct dma_engine dma_engines[] = {
	{ "30-bit engine: 8-byte descriptors", B43_DMA_30BIT, 8, 0x0fff },
	{ "32-bit engine: 8-byte descriptors", B43_DMA_32BIT, 8, 0x0fff },
	{ "64-bit engine: 16-byte descriptors", B43_DMA_64BIT, 16, 0x1fff },
};

KUNIT_ARRAY_PARAM_DESC(dma_engines, dma_engines, desc);

static void b43_dma_offsets(struct kunit *test)
{
	const struct dma_engine *p = test->param_value;
	int s;

	KUNIT_EXPECT_EQ(test, b43_dma_desc_size(p->type), p->desc_size);
	for (s = 0; s < B43_RXRING_SLOTS; s++) {
		u32 off = s * p->desc_size;

		KUNIT_EXPECT_EQ(test, b43_dma_slot_to_offset(p->type, s), off);
		KUNIT_EXPECT_EQ(test,
				b43_dma_offset_to_slot(p->type, off,
						       B43_RXRING_SLOTS), s);
		/* State and error bits above the pointer field are ignored. */
		KUNIT_EXPECT_EQ(test,
				b43_dma_offset_to_slot(p->type,
						       off | ~p->dptr_mask,
						       B43_RXRING_SLOTS), s);
	}
	KUNIT_EXPECT_EQ(test, b43_dma_slot_to_offset(p->type, -1), 0);
}

/*
 * Regression: pristine 6.12 divided the masked pointer by the descriptor
 * size and took an all-ones read (a device gone from the bus) for slot 511
 * of a 256-slot ring, which b43_dma_rx() never reached.
 */
static void b43_dma_offset_hostile(struct kunit *test)
{
	const struct dma_engine *p = test->param_value;
	int n = B43_RXRING_SLOTS;

	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(p->type, 0xffffffff, n),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(p->type, p->dptr_mask, n),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(p->type,
						     n * p->desc_size, n),
			-ERANGE);
	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(p->type,
						     p->desc_size + 4, n),
			-EPROTO);
	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(p->type, 0, 0), -EINVAL);
}

static void b43_dma_unknown_type(struct kunit *test)
{
	struct b43_dma dma = { };
	struct b43_dmadesc_generic desc;

	KUNIT_EXPECT_EQ(test, b43_dma_desc_size(31), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_slot_to_offset(31, 3), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_offset_to_slot(31, 0, 256), -EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(31, &dma, &desc, 256, 0,
						  0x1000, 64, 0), -EINVAL);
	/* 3 still fits enum b43_addrtype's bits, so UBSAN stays quiet. */
	KUNIT_EXPECT_EQ(test, b43_dma_address(&dma, 0x1000, 3), 0);
}

/* Little-endian bytes of a descriptor word, as the engine reads them. */
static void expect_le32_bytes(struct kunit *test, const void *word, u32 v)
{
	const u8 want[4] = { v, v >> 8, v >> 16, v >> 24 };

	KUNIT_EXPECT_MEMEQ(test, word, want, sizeof(want));
}

/* [D32][XLATE] PCI window 0x40000000 in the low word. */
static void b43_dma_desc32_layout(struct kunit *test)
{
	const struct b43_dma pci = {
		.translation = 0x40000000, .translation_in_low = true,
	};
	struct b43_dmadesc_generic desc;
	const unsigned int all = B43_DMA_DESC_FRAMESTART |
				 B43_DMA_DESC_FRAMEEND | B43_DMA_DESC_IRQ;

	/* Address bits 31-30 (binary 11) go to the extension field. */
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_32BIT, &pci, &desc,
						  256, 3, 0xd2345678, 0x0abc,
						  all), 0);
	expect_le32_bytes(test, &desc.dma32.control,
			  BIT(31) | BIT(30) | BIT(29) | (3 << 16) | 0x0abc);
	expect_le32_bytes(test, &desc.dma32.address, 0x52345678);

	/* Last slot: end of table; header slot: frame start only. */
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_32BIT, &pci, &desc,
						  256, 255, 0x00001000, 110,
						  B43_DMA_DESC_FRAMESTART), 0);
	expect_le32_bytes(test, &desc.dma32.control, BIT(31) | BIT(28) | 110);
	expect_le32_bytes(test, &desc.dma32.address, 0x40001000);

	/* Payload slot: frame end and IRQ; largest byte count. */
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_30BIT, &pci, &desc,
						  256, 1, 0x3ffffffc, 0x1fff,
						  B43_DMA_DESC_FRAMEEND |
						  B43_DMA_DESC_IRQ), 0);
	expect_le32_bytes(test, &desc.dma32.control, BIT(30) | BIT(29) | 0x1fff);
	expect_le32_bytes(test, &desc.dma32.address, 0x7ffffffc);
}

/* [D64][XLATE] PCIe window 0x80000000 in the high word, or the low one. */
static void b43_dma_desc64_layout(struct kunit *test)
{
	const struct b43_dma pcie = {
		.translation = 0x80000000, .translation_in_low = false,
	};
	const struct b43_dma low = {
		.translation = 0x40000000, .translation_in_low = true,
	};
	struct b43_dmadesc_generic desc;

	if (sizeof(dma_addr_t) < 8)
		kunit_skip(test, "needs a 64-bit dma_addr_t");
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_64BIT, &pcie, &desc,
						  256, 255, 0x123456780ULL, 0x100,
						  B43_DMA_DESC_FRAMESTART), 0);
	expect_le32_bytes(test, &desc.dma64.control0, BIT(31) | BIT(28));
	expect_le32_bytes(test, &desc.dma64.control1, 0x100);
	expect_le32_bytes(test, &desc.dma64.address_low, 0x23456780);
	expect_le32_bytes(test, &desc.dma64.address_high, 0x80000001);

	/* High-word bits 63-62 go to the extension field. */
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_64BIT, &pcie, &desc,
						  256, 7, 0xc000000100000000ULL,
						  2390, B43_DMA_DESC_FRAMEEND |
						  B43_DMA_DESC_IRQ), 0);
	expect_le32_bytes(test, &desc.dma64.control0, BIT(30) | BIT(29));
	expect_le32_bytes(test, &desc.dma64.control1, (3 << 16) | 2390);
	expect_le32_bytes(test, &desc.dma64.address_low, 0x00000000);
	expect_le32_bytes(test, &desc.dma64.address_high, 0x80000001);

	/* Cores that want the window in the low word even on 64-bit. */
	KUNIT_ASSERT_EQ(test, b43_dma_desc_encode(B43_DMA_64BIT, &low, &desc,
						  256, 0, 0x8000a000, 64, 0), 0);
	expect_le32_bytes(test, &desc.dma64.control0, 0);
	expect_le32_bytes(test, &desc.dma64.control1, (2 << 16) | 64);
	expect_le32_bytes(test, &desc.dma64.address_low, 0x4000a000);
	expect_le32_bytes(test, &desc.dma64.address_high, 0);
}

static void b43_dma_desc_rejects(struct kunit *test)
{
	const struct b43_dma dma = { .translation_in_low = true };
	struct b43_dmadesc_generic desc, before;

	memset(&desc, 0xa5, sizeof(desc));
	before = desc;
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(B43_DMA_32BIT, &dma, &desc,
						  256, 0, 0x1000, 0x2000, 0),
			-EMSGSIZE);
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(B43_DMA_64BIT, &dma, &desc,
						  256, 0, 0x1000, 65535, 0),
			-EMSGSIZE);
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(B43_DMA_64BIT, &dma, &desc,
						  256, 256, 0x1000, 64, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(B43_DMA_32BIT, &dma, &desc,
						  256, -1, 0x1000, 64, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, b43_dma_desc_encode(B43_DMA_32BIT, &dma, &desc,
						  256, 0, 0x1000, 64, BIT(7)),
			-EINVAL);
	KUNIT_EXPECT_MEMEQ(test, &desc, &before, sizeof(desc));
}

/* [XLATE] Each address word on its own, for both routing choices. */
static void b43_dma_address_words(struct kunit *test)
{
	const struct b43_dma in_low = {
		.translation = 0x40000000, .translation_in_low = true,
	};
	const struct b43_dma in_high = {
		.translation = 0x80000000, .translation_in_low = false,
	};
	const dma_addr_t a = (dma_addr_t)0x5abcdef012345678ULL;
	const bool addr64 = sizeof(dma_addr_t) > 4;

	KUNIT_EXPECT_EQ(test, b43_dma_address(&in_low, a, B43_DMA_ADDR_LOW),
			0x52345678);
	KUNIT_EXPECT_EQ(test, b43_dma_address(&in_low, a, B43_DMA_ADDR_EXT), 0);
	KUNIT_EXPECT_EQ(test, b43_dma_address(&in_low, 0xd0000000,
					      B43_DMA_ADDR_EXT), 3);
	KUNIT_EXPECT_EQ(test, b43_dma_address(&in_low, a, B43_DMA_ADDR_HIGH),
			addr64 ? 0x5abcdef0 : 0);
	KUNIT_EXPECT_EQ(test, b43_dma_address(&in_high, a, B43_DMA_ADDR_LOW),
			0x12345678);
	if (addr64) {
		KUNIT_EXPECT_EQ(test,
				b43_dma_address(&in_high, a, B43_DMA_ADDR_HIGH),
				0x9abcdef0);
		KUNIT_EXPECT_EQ(test,
				b43_dma_address(&in_high, a, B43_DMA_ADDR_EXT),
				1);
	}
}

struct dma_ctl_case {
	const char *desc;
	struct b43_dma dma;
	u64 ringbase;
	unsigned int frameoffset;
	u32 expect;
};

/* [CTL][XLATE]: expected words are built from the bit positions above. */
static const struct dma_ctl_case dma_ctl_cases[] = {
	{ "TX, no parity check: enable and parity disable",
	  { .translation = 0x40000000, .translation_in_low = true },
	  0x01234000, 0, BIT(0) | BIT(11) },
	{ "TX, table above 3 GiB: address extension 3",
	  { .translation = 0x40000000, .translation_in_low = true },
	  0xc1234000, 0, BIT(0) | BIT(11) | (3 << 16) },
	{ "TX, parity checked: no parity disable bit",
	  { .translation = 0x40000000, .translation_in_low = true,
	    .parity = true },
	  0x81234000, 0, BIT(0) | (2 << 16) },
	{ "RX, firmware 598 frame offset 38 in bits 1-7",
	  { .translation = 0x40000000, .translation_in_low = true },
	  0x00100000, 38, BIT(0) | (38 << 1) | BIT(11) },
	{ "RX, firmware 351 frame offset 30, parity checked",
	  { .translation = 0x40000000, .translation_in_low = true,
	    .parity = true },
	  0x00100000, 30, BIT(0) | (30 << 1) },
	{ "RX, largest frame offset 127",
	  { .translation_in_low = true },
	  0x1000, 127, BIT(0) | (127 << 1) | BIT(11) },
	{ "RX, frame offset 128 does not fit: engine left off",
	  { .translation_in_low = true },
	  0x1000, 128, 0 },
	{ "64-bit routing in the high word: extension from bits 63-62",
	  { .translation = 0x80000000, .translation_in_low = false },
	  0x4000000012340000ULL, 0, BIT(0) | BIT(11) | (1 << 16) },
};

KUNIT_ARRAY_PARAM_DESC(dma_ctl_cases, dma_ctl_cases, desc);

static void b43_dma_ring_ctl_words(struct kunit *test)
{
	const struct dma_ctl_case *p = test->param_value;

	if (p->ringbase > U32_MAX && sizeof(dma_addr_t) < 8)
		kunit_skip(test, "needs a 64-bit dma_addr_t");
	KUNIT_EXPECT_EQ(test, b43_dma_ring_ctl(&p->dma, p->ringbase,
					       p->frameoffset), p->expect);
}

/* [TYPE] */
static void b43_dma_engine_types(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(true, 0), B43_DMA_64BIT);
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(true, 0x30000),
			B43_DMA_64BIT);
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(false, 0x30000),
			B43_DMA_32BIT);
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(false, 0x10000),
			B43_DMA_32BIT);
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(false, 0), B43_DMA_30BIT);
	KUNIT_EXPECT_EQ(test, b43_dma_engine_type(false, ~0x30000U),
			B43_DMA_30BIT);
}

/*
 * The unchecked variants that dma.c uses on its TX path, where the ring
 * state is the driver's own invariant, must agree with the checked ones
 * (tested above against the cookie layout and the ring rules) on every
 * input that satisfies that invariant.
 */
static void b43_dma_unchecked_agree(struct kunit *test)
{
	static const int sizes[] = { 2, 64, B43_TXRING_SLOTS, 4096 };
	unsigned int i, ring;
	int n, slot;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		n = sizes[i];
		for (slot = 0; slot <= n; slot++)
			KUNIT_EXPECT_EQ_MSG(test, __b43_dma_tx_ring_full(n, slot),
					    b43_dma_tx_ring_full(n, slot),
					    "%d used of %d", slot, n);
		for (slot = 0; slot < n; slot++)
			KUNIT_EXPECT_EQ_MSG(test, __b43_dma_txhdr_index(slot),
					    b43_dma_txhdr_index(n, slot),
					    "slot %d of %d", slot, n);
	}
	for (slot = 0; slot < 4096; slot++) {
		KUNIT_EXPECT_EQ(test, __b43_dma_slot_to_offset(B43_DMA_32BIT, slot),
				b43_dma_slot_to_offset(B43_DMA_32BIT, slot));
		KUNIT_EXPECT_EQ(test, __b43_dma_slot_to_offset(B43_DMA_64BIT, slot),
				b43_dma_slot_to_offset(B43_DMA_64BIT, slot));
	}
	for (ring = 0; ring < B43_DMA_NR_TX_RINGS; ring++)
		for (slot = 0; slot <= B43_DMA_COOKIE_SLOT_MASK; slot++)
			KUNIT_EXPECT_EQ(test, __b43_dma_cookie_encode(ring, slot),
					b43_dma_cookie_encode(ring, slot));
}

/*
 * The same for the TX status path: every consistent (current, used) pair
 * of a 16-slot and a 64-slot ring, with every slot a cookie can name.
 * Counted, then checked once, to keep the case fast.
 */
static void b43_dma_unchecked_txstatus_agree(struct kunit *test)
{
	static const int sizes[] = { 16, 64 };
	unsigned int i, checked = 0, wrong = 0;
	int n, cur, used, slot;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		n = sizes[i];
		for (used = 0; used <= n; used++) {
			for (cur = used ? 0 : -1; cur < n; cur++) {
				if (used && b43_dma_first_used_slot(n, cur, used) !=
				    __b43_dma_first_used_slot(n, cur, used))
					wrong++;
				for (slot = 0; slot < n; slot++) {
					checked++;
					if (b43_dma_txstatus_skip(n, cur, used, slot) !=
					    __b43_dma_txstatus_skip(n, cur, used, slot))
						wrong++;
				}
			}
		}
	}
	KUNIT_EXPECT_GT(test, checked, 0);
	KUNIT_EXPECT_EQ(test, wrong, 0);
}

/*
 * [D32][D64] The device-facing part of __b43_dma_offset_to_slot() is not
 * relaxed: for every pointer value (and the bits around the field) it
 * gives the checked function's slot, or -ERANGE where that one refuses.
 */
static void b43_dma_unchecked_offset_agree(struct kunit *test)
{
	static const u32 around[] = { 0, 0xf000, 0xffffe000, 0xfffff000 };
	static const int sizes[] = { B43_RXRING_SLOTS, B43_TXRING_SLOTS };
	unsigned int i, j, wrong = 0;
	u32 ptr;

	for (i = 0; i < ARRAY_SIZE(around); i++) {
		for (j = 0; j < ARRAY_SIZE(sizes); j++) {
			for (ptr = 0; ptr <= 0x1fff; ptr++) {
				u32 v = ptr | around[i];
				int c32 = b43_dma_offset_to_slot(B43_DMA_32BIT,
								 v, sizes[j]);
				int c64 = b43_dma_offset_to_slot(B43_DMA_64BIT,
								 v, sizes[j]);

				if (__b43_dma_offset_to_slot(B43_DMA_32BIT, v,
							     sizes[j]) !=
				    (c32 < 0 ? -ERANGE : c32))
					wrong++;
				if (__b43_dma_offset_to_slot(B43_DMA_64BIT, v,
							     sizes[j]) !=
				    (c64 < 0 ? -ERANGE : c64))
					wrong++;
			}
		}
	}
	KUNIT_EXPECT_EQ(test, wrong, 0);
}

static struct kunit_case b43_dma_ring_test_cases[] = {
	KUNIT_CASE_PARAM(b43_dma_slot_wrap, dma_ring_sizes_gen_params),
	KUNIT_CASE(b43_dma_slot_out_of_range),
	KUNIT_CASE_PARAM(b43_dma_free_and_full, dma_ring_sizes_gen_params),
	KUNIT_CASE(b43_dma_tx_ring_model),
	KUNIT_CASE(b43_dma_tx_ring_random),
	KUNIT_CASE(b43_dma_first_used_idle),
	KUNIT_CASE_PARAM(b43_dma_txstatus, dma_txstatus_cases_gen_params),
	KUNIT_CASE(b43_dma_txhdr_index_all),
	KUNIT_CASE(b43_dma_meta_poison_every_slot),
	KUNIT_CASE(b43_dma_cookie_layout),
	KUNIT_CASE(b43_dma_cookie_encode_invalid),
	KUNIT_CASE(b43_dma_cookie_parse_all),
	KUNIT_CASE(b43_dma_unchecked_agree),
	KUNIT_CASE(b43_dma_unchecked_txstatus_agree),
	KUNIT_CASE(b43_dma_unchecked_offset_agree),
	KUNIT_CASE_PARAM(b43_dma_offsets, dma_engines_gen_params),
	KUNIT_CASE_PARAM(b43_dma_offset_hostile, dma_engines_gen_params),
	KUNIT_CASE(b43_dma_unknown_type),
	KUNIT_CASE(b43_dma_desc32_layout),
	KUNIT_CASE(b43_dma_desc64_layout),
	KUNIT_CASE(b43_dma_desc_rejects),
	KUNIT_CASE(b43_dma_address_words),
	KUNIT_CASE_PARAM(b43_dma_ring_ctl_words, dma_ctl_cases_gen_params),
	KUNIT_CASE(b43_dma_engine_types),
	{}
};

static struct kunit_suite b43_dma_ring_test_suite = {
	.name = "b43_dma_ring",
	.test_cases = b43_dma_ring_test_cases,
};

kunit_test_suite(b43_dma_ring_test_suite);
