// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: mac80211's callers, its workqueue and the interrupt path at
 * once, on two CPUs, on the virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * mac80211 calls b43_op_tx() from its TX path on any CPU without the
 * driver's mutex; it runs the work the driver queues (the TX work, the TX
 * power adjustment) on its own ordered workqueue; it calls the config
 * operation, for a channel or a TX power level, while frames are in
 * flight; and the interrupt handlers run when the device raises its line.
 * On one CPU none of those ever overlap.  Each case here runs them as
 * threads of their own against one started core: the TX path bound to the
 * first CPU, the interrupt path (TX statuses from the model, then the hard
 * and the threaded handler) bound to the last, the workqueue unbound, and
 * the config calls from the case itself.  Afterwards every frame must have
 * had its status, and the rings, the queues and the model must agree.  The
 * guest's checkers (lockdep, KASAN, the atomic-sleep checks, DMA-API
 * debugging) see every lock and mapping the driver takes on the way, and
 * fail the run on a report.
 *
 * [STAT] mac80211 (include/net/mac80211.h, struct ieee80211_tx_info): an
 *        acknowledged frame has IEEE80211_TX_STAT_ACK; status.rates[0].count
 *        is the number of tries at the first rate, one for the model's
 *        first-try acknowledgment.
 * [WQ]   mac80211 runs the driver's work on local->workqueue, an ordered
 *        workqueue (net/mac80211/main.c, alloc_ordered_workqueue()): one
 *        work item at a time, in the order queued.
 */
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/etherdevice.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/skbuff.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../dma.h"
#include "../main.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* Frames a case sends: what the model records for one case, less a margin */
#define SMP_FRAMES	(B43_VCORE_MAX_TXF - 10)
/* How long the threads may take; the x86_64 guest needs a few seconds */
#define SMP_TIMEOUT	(60 * HZ)

static const u8 bssid[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0xb5 };

/* The cores: a G-PHY on an SSB bus, an N-PHY on a BCMA bus */
static const struct b43_vcore_cfg *const smp_cores[] = {
	&b43_vcore_bcm4318,
	&b43_vcore_bcma_nphy,
};

/* The work mac80211's workqueue holds for the driver [WQ] */
enum smp_work { SMP_TX_WORK, SMP_TXPOWER_WORK };

/**
 * struct smp_run - one case's threads and what they saw
 * @test: the case
 * @vc: its started core
 * @wl: the driver's instance on it
 * @skb: the frames, each with a reference of the case's own, dropped when
 *	the case ends (smp_free_frames())
 * @pending: enum smp_work bits: work queued and not yet run
 * @unknown_work: work the driver queued that no case expects, or NULL
 * @sent: frames handed to b43_op_tx()
 * @statuses: TX statuses the model gave
 * @irqs: interrupts the handlers served
 * @works: work items the workqueue thread ran
 * @configs: config calls the case made
 * @config_err: the first config call's error, or 0
 */
struct smp_run {
	struct kunit *test;
	struct b43_vcore *vc;
	struct b43_wl *wl;
	struct sk_buff *skb[SMP_FRAMES];
	unsigned long pending;
	struct work_struct *unknown_work;
	atomic_t sent;
	atomic_t statuses;
	atomic_t irqs;
	atomic_t works;
	unsigned int configs;
	int config_err;
};

/* mac80211's workqueue, taken over: the workqueue thread runs the work */
static void smp_queue_work(struct b43_wl *wl, struct work_struct *work)
{
	struct smp_run *r = kunit_get_current_test()->priv;

	if (work == &wl->tx_work)
		set_bit(SMP_TX_WORK, &r->pending);
	else if (work == &wl->txpower_adjust_work)
		set_bit(SMP_TXPOWER_WORK, &r->pending);
	else
		cmpxchg(&r->unknown_work, NULL, work);
}

/* The helper threads are the case's too: its static stubs apply to them */
static void smp_thread_enter(struct smp_run *r)
{
	current->kunit_test = r->test;
}

static void smp_thread_leave(void)
{
	current->kunit_test = NULL;
}

/* mac80211's TX path: every frame through b43_op_tx(), then wait */
static int smp_tx_thread(void *data)
{
	struct smp_run *r = data;
	struct ieee80211_tx_control control = {};
	unsigned int i;

	smp_thread_enter(r);
	for (i = 0; i < SMP_FRAMES && !kthread_should_stop(); i++) {
		b43_op_tx(r->wl->hw, &control, r->skb[i]);
		atomic_inc(&r->sent);
		if (i % 8 == 7)
			cond_resched();
	}
	smp_thread_leave();
	while (!kthread_should_stop())
		schedule_timeout_idle(1);
	return 0;
}

/* mac80211's ordered workqueue [WQ]: the queued work, one at a time */
static int smp_wq_thread(void *data)
{
	struct smp_run *r = data;
	struct b43_wl *wl = r->wl;

	smp_thread_enter(r);
	while (!kthread_should_stop()) {
		bool ran = false;

		if (test_and_clear_bit(SMP_TX_WORK, &r->pending)) {
			wl->tx_work.func(&wl->tx_work);
			ran = true;
		}
		if (test_and_clear_bit(SMP_TXPOWER_WORK, &r->pending)) {
			wl->txpower_adjust_work.func(&wl->txpower_adjust_work);
			ran = true;
		}
		if (ran)
			atomic_inc(&r->works);
		else
			schedule_timeout_idle(1);
	}
	smp_thread_leave();
	return 0;
}

/*
 * The device: statuses for one to four of the frames the TX engine holds,
 * then the interrupt, served by the hard and the threaded handler
 */
static int smp_irq_thread(void *data)
{
	struct smp_run *r = data;
	unsigned int k = 0;

	smp_thread_enter(r);
	while (!kthread_should_stop()) {
		unsigned int n = b43_vcore_tx_complete(r->vc, 1 + k++ % 4);

		if (!n) {
			schedule_timeout_idle(1);
			continue;
		}
		atomic_add(n, &r->statuses);
		if (b43_vcore_irq(r->vc) != IRQ_NONE)
			atomic_inc(&r->irqs);
	}
	smp_thread_leave();
	return 0;
}

static struct task_struct *smp_create(int (*fn)(void *), struct smp_run *r,
				      int cpu, const char *name)
{
	if (cpu >= 0)
		return kthread_create_on_cpu(fn, r, cpu, name);
	return kthread_create(fn, r, "%s", name);
}

/* Every frame sent and given its status, no work or status left over */
static bool smp_done(struct smp_run *r)
{
	return atomic_read(&r->sent) == SMP_FRAMES &&
	       atomic_read(&r->statuses) == SMP_FRAMES && !READ_ONCE(r->pending);
}

/* The case's core (smp_cores) */
static const struct b43_vcore_cfg *smp_core(struct kunit *test)
{
	return *(const struct b43_vcore_cfg *const *)test->param_value;
}

/* The case's references to its frames, however far it got */
static void smp_free_frames(void *data)
{
	struct smp_run *r = data;
	unsigned int i;

	for (i = 0; i < SMP_FRAMES; i++)
		kfree_skb(r->skb[i]);
}

/* A started core of @cfg whose TX engine holds every frame for the case */
static struct smp_run *smp_setup(struct kunit *test,
				 const struct b43_vcore_cfg *cfg)
{
	struct b43_vcore_cfg c = *cfg;
	struct smp_run *r;
	unsigned int i;

	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	c.tx_hold = true;
	r->test = test;
	r->vc = b43_vcore_new(test, &c);
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(r->vc));
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(r->vc));
	r->wl = b43_vcore_wldev(r->vc)->wl;
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, smp_free_frames,
							   r));
	for (i = 0; i < SMP_FRAMES; i++) {
		r->skb[i] = b43_vcore_data_frame(r->vc, bssid, 40 + i % 64, i);
		skb_get(r->skb[i]);	/* its status is read afterwards */
	}
	test->priv = r;
	kunit_activate_static_stub(test, b43_queue_work, smp_queue_work);
	return r;
}

/* One config call as mac80211 makes it, from the case's own thread */
static void smp_config(struct smp_run *r, u32 changed)
{
	int err = b43_op_config(r->wl->hw, changed);

	if (err && !r->config_err)
		r->config_err = err;
	r->configs++;
}

/*
 * @config, called in a loop until every frame had its status: the TX
 * path, the workqueue and the interrupt path run meanwhile on their CPUs
 */
static void smp_run(struct smp_run *r, void (*config)(struct smp_run *r))
{
	struct kunit *test = r->test;
	unsigned long deadline = jiffies + SMP_TIMEOUT;
	int first = cpumask_first(cpu_online_mask);
	int last = cpumask_last(cpu_online_mask);
	struct task_struct *t[3];
	unsigned int i;
	int err = 0;

	/*
	 * All three are created before any runs, so that a failed creation
	 * stops the others before they start (kthread_stop() on a thread
	 * never woken does not run its function); stopped in this order, the
	 * TX path first and the workqueue last
	 */
	t[0] = smp_create(smp_tx_thread, r, first, "b43-smp-tx/%u");
	t[1] = smp_create(smp_irq_thread, r, last, "b43-smp-irq/%u");
	t[2] = smp_create(smp_wq_thread, r, -1, "b43-smp-wq");
	for (i = 0; i < ARRAY_SIZE(t); i++)
		if (IS_ERR(t[i]))
			err = PTR_ERR(t[i]);
	for (i = 0; err && i < ARRAY_SIZE(t); i++)
		if (!IS_ERR(t[i]))
			kthread_stop(t[i]);
	KUNIT_ASSERT_EQ(test, err, 0);
	for (i = 0; i < ARRAY_SIZE(t); i++)
		wake_up_process(t[i]);
	while (!smp_done(r) && time_before(jiffies, deadline)) {
		if (config)
			config(r);
		usleep_range(500, 1000);
	}
	for (i = 0; i < ARRAY_SIZE(t); i++)
		kthread_stop(t[i]);
	kunit_info(test,
		   "%u CPUs: %d frames, %d interrupts, %d work items, %u config calls\n",
		   num_online_cpus(), atomic_read(&r->sent),
		   atomic_read(&r->irqs), atomic_read(&r->works), r->configs);
}

/* What every case ends with: each frame acknowledged once [STAT] */
static void smp_check(struct kunit *test, struct smp_run *r)
{
	struct b43_wldev *dev = b43_vcore_wldev(r->vc);
	struct b43_dmaring *tx[] = {
		dev->dma.tx_ring_AC_BK, dev->dma.tx_ring_AC_BE,
		dev->dma.tx_ring_AC_VI, dev->dma.tx_ring_AC_VO,
		dev->dma.tx_ring_mcast,
	};
	unsigned int i, unacked = 0;

	KUNIT_EXPECT_EQ(test, atomic_read(&r->sent), SMP_FRAMES);
	KUNIT_EXPECT_EQ(test, atomic_read(&r->statuses), SMP_FRAMES);
	KUNIT_EXPECT_EQ(test, r->vc->nr_txf, SMP_FRAMES);
	KUNIT_EXPECT_EQ(test, r->vc->nr_txs_done, SMP_FRAMES);
	KUNIT_EXPECT_EQ(test, r->vc->txs_len, 0);
	KUNIT_EXPECT_EQ(test, r->vc->bad_access, 0);
	KUNIT_EXPECT_NULL(test, r->unknown_work);
	KUNIT_EXPECT_EQ(test, r->config_err, 0);
	KUNIT_EXPECT_EQ(test, b43_status(dev), B43_STAT_STARTED);
	for (i = 0; i < ARRAY_SIZE(tx); i++) {
		KUNIT_ASSERT_NOT_NULL(test, tx[i]);
		KUNIT_EXPECT_EQ_MSG(test, tx[i]->used_slots, 0, "ring %u", i);
		KUNIT_EXPECT_FALSE_MSG(test, tx[i]->stopped, "ring %u", i);
	}
	for (i = 0; i < B43_QOS_QUEUE_NUM; i++) {
		KUNIT_EXPECT_FALSE_MSG(test, r->wl->tx_queue_stopped[i],
				       "queue %u", i);
		KUNIT_EXPECT_EQ_MSG(test, skb_queue_len(&r->wl->tx_queue[i]),
				    0, "queue %u", i);
	}
	for (i = 0; i < r->wl->hw->queues; i++)
		KUNIT_EXPECT_FALSE_MSG(test, ieee80211_queue_stopped(r->wl->hw, i),
				       "mac80211 queue %u", i);
	for (i = 0; i < SMP_FRAMES; i++) {
		struct ieee80211_tx_info *info = IEEE80211_SKB_CB(r->skb[i]);

		if (!(info->flags & IEEE80211_TX_STAT_ACK) ||
		    info->status.rates[0].count != 1)
			unacked++;
	}
	KUNIT_EXPECT_EQ(test, unacked, 0);
}

/* A case: traffic on the case's core, @config called meanwhile if given */
static void smp_traffic(struct kunit *test, void (*config)(struct smp_run *r))
{
	struct smp_run *r = smp_setup(test, smp_core(test));

	smp_run(r, config);
	smp_check(test, r);
	if (config)
		KUNIT_EXPECT_GT(test, r->configs, 0);
}

/*
 * Frames from one CPU while the device completes them on the other: more
 * frames than the TX ring holds (256 slots, two a frame), so that when the
 * interrupt path falls behind the TX work stops the queue and the status
 * path wakes it; the interrupt thread and the TX work take the driver's
 * mutex in turn
 */
static void smp_tx_while_interrupts(struct kunit *test)
{
	smp_traffic(test, NULL);
}

/* Channels 1 and 6 of the 2.4 GHz band in turn */
static void smp_switch_channel(struct smp_run *r)
{
	struct ieee80211_hw *hw = r->wl->hw;
	struct ieee80211_supported_band *band =
		hw->wiphy->bands[NL80211_BAND_2GHZ];

	cfg80211_chandef_create(&hw->conf.chandef,
				&band->channels[r->configs % 2 ? 0 : 5],
				NL80211_CHAN_NO_HT);
	smp_config(r, IEEE80211_CONF_CHANGE_CHANNEL);
}

/*
 * Channel switches during traffic: each one suspends the MAC and
 * reprograms the radio under the driver's mutex while frames go out and
 * statuses come in
 */
static void smp_channel_switch_during_traffic(struct kunit *test)
{
	smp_traffic(test, smp_switch_channel);
}

/* A TX power level from 5 to 20 dBm, a new one each call */
static void smp_set_power(struct smp_run *r)
{
	r->wl->hw->conf.power_level = 5 + r->configs % 16;
	smp_config(r, IEEE80211_CONF_CHANGE_POWER);
}

/*
 * TX power recalculations during traffic: each new level queues the TX
 * power adjustment, which the workqueue thread runs between TX work items
 * [WQ] while the interrupt thread serves statuses
 */
static void smp_txpower_during_traffic(struct kunit *test)
{
	smp_traffic(test, smp_set_power);
}

static void smp_core_desc(const struct b43_vcore_cfg *const *cfg, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%04x %s", (*cfg)->chip_id,
		 (*cfg)->bcma ? "BCMA" : "SSB");
}

KUNIT_ARRAY_PARAM(smp_cores, smp_cores, smp_core_desc);

static struct kunit_case b43_drv_smp_cases[] = {
	KUNIT_CASE_PARAM(smp_tx_while_interrupts, smp_cores_gen_params),
	KUNIT_CASE_PARAM(smp_channel_switch_during_traffic,
			 smp_cores_gen_params),
	KUNIT_CASE_PARAM(smp_txpower_during_traffic, smp_cores_gen_params),
	{}
};

static struct kunit_suite b43_drv_smp_suite = {
	.name = "b43_drv_smp",
	.test_cases = b43_drv_smp_cases,
};

kunit_test_suite(b43_drv_smp_suite);
