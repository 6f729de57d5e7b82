// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: every allocation from probe to a first frame fails once,
 * on the virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Probe, core start (firmware upload, chip and PHY init, the DMA rings) and
 * a first frame sent allocate many times over, and no healthy run takes
 * any of their error paths.  Each case here walks each step with the
 * task's fail-nth count at n = 1, 2, ... [NTH]: the n-th allocation the
 * driver makes in it fails, and the walk ends at the first n the step
 * never reaches.  Probe is walked on a new core for each n, removed after;
 * core start, the DMA rings (freed and set up again, as core start does)
 * and the frame on one core, stopped or torn down between tries [RINGS].
 * After each failure:
 *
 *  - the step it hit ends in an error code, or carries on without what it
 *    could not allocate; nothing the guest's checkers see goes wrong on the
 *    way (KASAN, lockdep, a WARN with panic_on_warn, DMA-API debugging's
 *    mapping checks when the core is removed, kmemleak's scan after the
 *    suites);
 *  - a step that failed is tried again without a failure and succeeds, as
 *    a bus probing the device again or mac80211 starting it again would;
 *    the core is then started if it is not, and a frame is sent and
 *    acknowledged.
 *
 * Which allocations count [NTH]: those of the slab caches marked for
 * failslab (the kmalloc and skbuff caches, so that kmemleak's and DMA-API
 * debugging's own bookkeeping never fails and turns a checker off) and
 * every page allocation, each of any GFP mode or order.  The allocator
 * fails them as it would under memory pressure: NULL, no retry.
 *
 * [NTH]    vcore.c [FAIL]: the task's fail-nth count, and which
 *          allocations b43_vcore_fail_setup() lets fail.
 * [RINGS]  b43_wireless_core_init() sets the rings up (b43_dma_init()) after
 *          the chip and the PHY, and allocates nothing after them.
 * [STAT]   mac80211 (include/net/mac80211.h, struct ieee80211_tx_info): an
 *          acknowledged frame has IEEE80211_TX_STAT_ACK.
 */
#include <kunit/test.h>
#include <linux/err.h>
#include <linux/etherdevice.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../dma.h"
#include "../main.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* Far more allocations than any step makes: the bound of a walk */
#define FAIL_MAX_N	4000
/* A count no step runs out of: what is left of it is what a step made */
#define FAIL_COUNT	BIT(30)
/*
 * How far the core start walk goes past the count at which the driver
 * gave the engine its first ring (the first ring's own allocations come
 * before that) [RINGS]
 */
#define FAIL_OVERLAP	8

/*
 * [RXBUF] The RX ring's buffers are most of what the rings allocate: two
 * or more allocations for each of its B43_RXRING_SLOTS slots, each slot
 * the same code with one buffer more to give back.  The rings walk fails
 * every allocation up to FAIL_EDGE past the last TX ring and from
 * FAIL_EDGE before the RX ring is handed over, and every fail_stride-th
 * in between; fail_stride=1 fails them all.
 */
static unsigned int fail_stride = 16;
module_param(fail_stride, uint, 0444);
MODULE_PARM_DESC(fail_stride,
		 "b43_drv_fail: fail one in n RX buffer allocations (1: all)");

#define FAIL_EDGE	24

static const u8 bssid[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0xb5 };

/* The cores: a G-PHY on an SSB bus, an N-PHY on a BCMA bus */
static const struct b43_vcore_cfg *const fail_cores[] = {
	&b43_vcore_bcm4318,
	&b43_vcore_bcma_nphy,
};

enum fail_step { FAIL_PROBE, FAIL_START, FAIL_RINGS, FAIL_FRAME, FAIL_STEPS };

static const char *const fail_step_name[FAIL_STEPS] = {
	"probe", "core start", "DMA rings", "first frame",
};

/**
 * struct fail_walk - one case's walk
 * @sh: the core of the current n, made new for each
 * @points: of the allocations failed, how many each step made
 * @errors: of those, how many ended the step with an error code
 * @thin_from: the walk of the rings fails every fail_stride-th allocation
 *	only after this one [RXBUF]
 * @thin_to: and before this one
 * @thinned: the allocations it let through
 */
struct fail_walk {
	struct b43_vcore_shared sh;
	unsigned int points[FAIL_STEPS];
	unsigned int errors[FAIL_STEPS];
	unsigned int thin_from;
	unsigned int thin_to;
	unsigned int thinned;
};

/* One frame sent through mac80211's TX operation and its TX work [STAT] */
static int fail_frame(struct b43_vcore *vc)
{
	struct ieee80211_tx_control control = {};
	struct b43_wl *wl = b43_vcore_wldev(vc)->wl;
	struct sk_buff *skb = b43_vcore_data_frame(vc, bssid, 100, 0x5a);
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	bool acked;

	skb_get(skb);		/* its status is read afterwards */
	b43_vcore_fail_begin(vc);
	b43_op_tx(wl->hw, &control, skb);
	wl->tx_work.func(&wl->tx_work);
	b43_vcore_fail_end(vc);
	b43_vcore_irq(vc);
	acked = info->flags & IEEE80211_TX_STAT_ACK;
	kfree_skb(skb);
	return acked ? 0 : -EIO;
}

/* The DMA rings of a started core freed and set up again */
static int fail_rings(struct b43_vcore *vc)
{
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	int err;

	mutex_lock(&dev->wl->mutex);
	b43_dma_free(dev);
	b43_vcore_fail_begin(vc);
	err = b43_dma_init(dev);
	b43_vcore_fail_end(vc);
	mutex_unlock(&dev->wl->mutex);
	return err;
}

static int fail_do(struct b43_vcore *vc, enum fail_step step)
{
	switch (step) {
	case FAIL_PROBE:
		return b43_vcore_probe(vc);
	case FAIL_START:
		return b43_vcore_start(vc);
	case FAIL_RINGS:
		return fail_rings(vc);
	default:
		return fail_frame(vc);
	}
}

/*
 * @step on @vc with the task's count at @n: true when the count ran out
 * in it, so that an allocation failed.  A step that failed is done again
 * without a failure and must succeed.
 */
static bool fail_step(struct kunit *test, struct fail_walk *w,
		      struct b43_vcore *vc, enum fail_step step, unsigned int n)
{
	bool armed = vc->fail_nth, hit;
	int err;

	err = fail_do(vc, step);
	hit = armed && !vc->fail_nth;
	if (hit)
		w->points[step]++;
	if (!err)
		return hit;
	KUNIT_ASSERT_TRUE_MSG(test, hit,
			      "n=%u: %s failed (%d) with nothing failed",
			      n, fail_step_name[step], err);
	KUNIT_EXPECT_TRUE_MSG(test, err < 0 && err >= -MAX_ERRNO,
			      "n=%u: %s returned %d", n, fail_step_name[step],
			      err);
	w->errors[step]++;
	err = fail_do(vc, step);
	KUNIT_ASSERT_EQ_MSG(test, err, 0,
			    "n=%u: %s failed again (%d) with nothing failed",
			    n, fail_step_name[step], err);
	return hit;
}

/* What every walk ends each n with: the core up, the frame through */
static void fail_check(struct kunit *test, struct b43_vcore *vc,
		       enum fail_step step, unsigned int n)
{
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	int err = fail_frame(vc);

	KUNIT_ASSERT_EQ_MSG(test, err, 0,
			    "%s, n=%u: frame after: read %u, done %u, ring %d%s, queue %d/%u",
			    fail_step_name[step], n, vc->nr_txf, vc->nr_txs_done,
			    dev->dma.tx_ring_AC_BE->used_slots,
			    dev->dma.tx_ring_AC_BE->stopped ? " stopped" : "",
			    dev->wl->tx_queue_stopped[0],
			    skb_queue_len(&dev->wl->tx_queue[0]));
	KUNIT_EXPECT_EQ_MSG(test, vc->bad_access, 0, "%s, n=%u",
			    fail_step_name[step], n);
	KUNIT_EXPECT_TRUE_MSG(test, b43_vcore_idle(vc), "%s, n=%u",
			      fail_step_name[step], n);
	KUNIT_EXPECT_EQ_MSG(test, b43_status(b43_vcore_wldev(vc)),
			    B43_STAT_STARTED, "%s, n=%u",
			    fail_step_name[step], n);
	KUNIT_EXPECT_TRUE_MSG(test, b43_vcore_forget_done(vc), "%s, n=%u",
			      fail_step_name[step], n);
}

static bool fail_keep_none(struct b43_vcore *vc)
{
	return false;
}

/*
 * Probe on a new core for each n, then the rest of the path: the core is
 * removed after each, and DMA-API debugging checks it left no mapping
 */
static void fail_walk_probe(struct kunit *test, struct fail_walk *w,
			    const struct b43_vcore_cfg *cfg)
{
	unsigned int n;
	bool hit;

	for (n = 1; n <= FAIL_MAX_N; n++) {
		struct b43_vcore *vc = b43_vcore_share(&w->sh, test, cfg);

		vc->fail_nth = n;
		hit = fail_step(test, w, vc, FAIL_PROBE, n);
		vc->fail_nth = 0;
		KUNIT_ASSERT_EQ_MSG(test, b43_vcore_start(vc), 0, "n=%u", n);
		fail_check(test, vc, FAIL_PROBE, n);
		b43_vcore_unshare(&w->sh, test, fail_keep_none);
		if (!hit)
			return;
	}
	KUNIT_FAIL(test, "probe still allocates after %u", FAIL_MAX_N);
}

/*
 * @step on one started core for n = 1 ... @last or until it fails nothing:
 * the core is stopped before each core start
 */
static void fail_walk(struct kunit *test, struct fail_walk *w,
		      struct b43_vcore *vc, enum fail_step step,
		      unsigned int last)
{
	unsigned int n;

	for (n = 1; n <= last; n++) {
		bool hit;

		if (n > w->thin_from && n < w->thin_to &&
		    (n - w->thin_from) % max(fail_stride, 1U)) {
			w->thinned++;
			continue;
		}

		if (step == FAIL_START)
			b43_vcore_stop(vc);
		vc->fail_nth = n;
		hit = fail_step(test, w, vc, step, n);
		vc->fail_nth = 0;
		fail_check(test, vc, step, n);
		if (!hit)
			return;
	}
	/* Only a walk that must end by itself has a last n past the bound */
	KUNIT_ASSERT_LE_MSG(test, last, FAIL_MAX_N,
			    "%s still allocates after %u allocations",
			    fail_step_name[step], FAIL_MAX_N);
}

/* How many allocations @step makes on @vc, failing none */
static unsigned int fail_count(struct kunit *test, struct b43_vcore *vc,
			       enum fail_step step)
{
	if (step == FAIL_START)
		b43_vcore_stop(vc);
	vc->fail_nth = FAIL_COUNT;
	KUNIT_ASSERT_EQ(test, fail_do(vc, step), 0);
	KUNIT_ASSERT_GT(test, vc->fail_nth, 0);
	return FAIL_COUNT - vc->fail_nth;
}

static void fail_every_allocation(struct kunit *test)
{
	const struct b43_vcore_cfg *cfg =
		*(const struct b43_vcore_cfg *const *)test->param_value;
	unsigned int start, before, rings, total = 0, errors = 0;
	struct b43_vcore *vc;
	struct fail_walk *w;
	enum fail_step step;

	w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, w);
	test->priv = w;
	b43_vcore_fail_setup(test);

	fail_walk_probe(test, w, cfg);

	vc = b43_vcore_new(test, cfg);
	KUNIT_ASSERT_EQ(test, b43_vcore_probe(vc), 0);
	KUNIT_ASSERT_EQ(test, b43_vcore_start(vc), 0);
	/*
	 * [RINGS] The rings are the last thing core start allocates for, and
	 * most of what it allocates: the core start walk stops a little past
	 * where they begin, and the rings walk goes through them on their own
	 * without setting the chip and the PHY up again for each.
	 */
	start = fail_count(test, vc, FAIL_START);
	KUNIT_ASSERT_GT(test, vc->fail_nth_at_ring, 0);
	before = FAIL_COUNT - vc->fail_nth_at_ring;
	fail_walk(test, w, vc, FAIL_START, before + FAIL_OVERLAP);

	rings = fail_count(test, vc, FAIL_RINGS);
	KUNIT_ASSERT_GT(test, vc->fail_nth_at_tx, vc->fail_nth_at_rx);
	w->thin_from = FAIL_COUNT - vc->fail_nth_at_tx + FAIL_EDGE;
	w->thin_to = FAIL_COUNT - vc->fail_nth_at_rx - FAIL_EDGE;
	kunit_info(test, "core start: %u allocations, %u by the first ring\n",
		   start, before);
	kunit_info(test, "the rings: %u allocations, the RX buffers' %u to %u\n",
		   rings, w->thin_from - FAIL_EDGE,
		   w->thin_to + FAIL_EDGE);
	fail_walk(test, w, vc, FAIL_RINGS, FAIL_MAX_N + 1);
	w->thin_from = 0;
	w->thin_to = 0;
	fail_walk(test, w, vc, FAIL_FRAME, FAIL_MAX_N + 1);

	for (step = 0; step < FAIL_STEPS; step++) {
		total += w->points[step];
		errors += w->errors[step];
	}
	KUNIT_EXPECT_GT(test, w->points[FAIL_PROBE], 0);
	KUNIT_EXPECT_GT(test, w->points[FAIL_START], 0);
	KUNIT_EXPECT_GT(test, w->points[FAIL_RINGS], 0);
	kunit_info(test,
		   "%u failed: probe %u, start %u, rings %u, frame %u; %u errors\n",
		   total, w->points[FAIL_PROBE], w->points[FAIL_START],
		   w->points[FAIL_RINGS], w->points[FAIL_FRAME], errors);
	kunit_info(test, "%u RX buffer allocations not failed (fail_stride=%u)\n",
		   w->thinned, fail_stride);
}

static void fail_core_desc(const struct b43_vcore_cfg *const *cfg, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%04x %s", (*cfg)->chip_id,
		 (*cfg)->bcma ? "BCMA" : "SSB");
}

KUNIT_ARRAY_PARAM(fail_core, fail_cores, fail_core_desc);

static void fail_exit(struct kunit *test)
{
	struct fail_walk *w = test->priv;

	if (w)
		b43_vcore_unshare_all(&w->sh);
}

static struct kunit_case b43_drv_fail_cases[] = {
	KUNIT_CASE_PARAM_ATTR(fail_every_allocation, fail_core_gen_params,
			      { .speed = KUNIT_SPEED_SLOW }),
	{}
};

static struct kunit_suite b43_drv_fail_suite = {
	.name = "b43_drv_fail",
	.exit = fail_exit,
	.test_cases = b43_drv_fail_cases,
};

kunit_test_suite(b43_drv_fail_suite);
