// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: the DMA TX and RX paths of dma.c on the virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * b43_dma_tx(), the interrupt handlers, b43_dma_handle_txstatus() and
 * b43_dma_rx() run unchanged; the model's DMA engine (vcore.c) reads and
 * writes the rings the driver set up.  Where the expected values come from:
 *
 * [TX]    b43 and bwn put each frame in two descriptors, the TX header then
 *         the 802.11 frame; the interrupt-on-completion flag goes on the
 *         frame's last descriptor (bwn_dma_tx_start()).
 * [TX410] bwn's struct bwn_txhdr for microcode 410: a 104-byte header, then
 *         the 6-byte PLCP header; the frame follows in its own descriptor.
 * [COOKIE] bwn_dma_getcookie(): bits 15-12 the DMA controller + 1, bits
 *         11-0 the slot of the frame's header.  The AC_BE ring is DMA
 *         controller 1 (b43_dma_init(), bwn_dma_attach()); without QoS every
 *         frame goes there.
 * [STAT]  mac80211 (include/net/mac80211.h, struct ieee80211_tx_info):
 *         status.rates[i].count is the number of tries at rate i, a
 *         rates[i].idx of -1 ends the list; IEEE80211_TX_STAT_ACK for an
 *         acknowledged frame.
 * [RX351] bcm-v4 "802.11/RX" (the RX header unit's suite has the whole
 *         layout): 16-bit little-endian words, 0 frame length (PLCP header
 *         and frame with FCS), 2 PHY status 0 (bits 0-1 frame type, 0
 *         CCK), 3 PHY status 1 (JSSI), 6 MAC status (bit 0 FCS error),
 *         9 channel; the frame at the ring's frame offset, 30 bytes for
 *         microcode before 598 (bwn BWN_DMA0_RX_FRAMEOFFSET(410)).
 * [CHAN]  brcmsmac d11.h RxChan: bits 3-10 the channel ID, bits 0-2 the
 *         PHY type (2 is G); b43 reads a G-PHY's channel ID from microcode
 *         before 508 as the frequency minus 2400 MHz (xmit.c b43_rx()).
 * [PLCP]  IEEE 802.11-2016 15.2.3.3: SIGNAL 0x0A is DSSS 1 Mb/s, rate index
 *         0 of the 2.4 GHz band b43 registers (1, 2, 5.5, 11, 6, 9, 12, 18,
 *         24, 36, 48, 54 Mb/s); 17.3.4.2, Table 17-6: the OFDM RATE bits
 *         R1-R4, R1 in bit 0 of the SIGNAL field: 6 Mb/s 1101 (0xB), 54
 *         Mb/s 0011 (0xC); LENGTH in bits 5-16, the PSDU's octets with the
 *         FCS.
 * [RTS]   IEEE 802.11-2016 9.3.1.2: an RTS frame is frame control 0x00B4,
 *         duration, RA (the frame's receiver), TA (its transmitter).
 * [PHYC]  brcmsmac d11.h PHY_TXC_SHORT_HDR 0x0010 in the PHY TX control
 *         word, TX header byte 0x08 ([TX351]).
 * [TSF]   bwn if_bwnreg.h BWN_REV3PLUS_TSF_LOW/HIGH 0x180/0x184; the RX
 *         header's MAC time (word 8) is the low 16 bits of the TSF when the
 *         frame came in (bcm-v4 "802.11/RX").
 * [QOS]   bwn_dma_attach() and bwn_dma_select(): controllers 0-3 carry the
 *         BK, BE, VI and VO access categories, 4 the frames sent after
 *         the DTIM; mac80211's queues 0-3 are VO, VI, BE, BK
 *         (include/net/mac80211.h, enum ieee80211_ac_numbers).
 * [SUSP]  The TX control register's bit 1 suspends the engine (b44.h
 *         DMATX_CTRL_SUSPEND, brcmsmac D64_XC_SE).
 * [KEY]   brcmsmac d11.h RxStatus1: RXS_DECATMPT bit 3 (the core tried to
 *         decrypt), RXS_SECKINDX_MASK 0x07e0 the key index; b43 keeps 58
 *         keys (B43_NR_GROUP_KEYS + B43_NR_PAIRWISE_KEYS in b43.h, the
 *         driver's own choice).
 */
#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/ieee80211.h>
#include <linux/skbuff.h>
#include <linux/ssb/ssb_regs.h>
#include <linux/unaligned.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../dma.h"
#include "../xmit.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define HDR_410		(104 + 6)	/* [TX410] */
#define RING_BE		1		/* [COOKIE] */
#define F_SOF		BIT(3)		/* descriptor flags, bits 31..28 */
#define F_EOF		BIT(2)
#define F_IOC		BIT(1)
#define RX_FO		30		/* [RX351] */

static const u8 bssid[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0xb5 };

/* The core of the suite: the 32-bit or the 64-bit DMA engine */
static struct b43_vcore_cfg base_cfg(struct kunit *test)
{
	return *(const struct b43_vcore_cfg *)test->priv;
}

/* A zeroed buffer of @n bytes, exactly (KASAN sees every overrun) */
static u8 *zbuf(struct kunit *test, size_t n)
{
	u8 *b = kunit_kzalloc(test, n, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	return b;
}

static struct b43_vcore *started(struct kunit *test,
				 const struct b43_vcore_cfg *cfg)
{
	struct b43_vcore *vc = b43_vcore_new(test, cfg);

	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(vc));
	return vc;
}

/* A data frame to the AP of @len bytes, at 1 Mb/s with up to 4 tries */
static struct sk_buff *data_frame(struct kunit *test, struct b43_vcore *vc,
				  unsigned int len, u8 fill)
{
	struct ieee80211_hdr_3addr *hdr;
	struct ieee80211_tx_info *info;
	struct sk_buff *skb;
	unsigned int i;

	skb = alloc_skb(len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	hdr = skb_put_zero(skb, sizeof(*hdr));
	hdr->frame_control = cpu_to_le16(IEEE80211_FTYPE_DATA |
					 IEEE80211_STYPE_DATA |
					 IEEE80211_FCTL_TODS);
	ether_addr_copy(hdr->addr1, bssid);
	ether_addr_copy(hdr->addr2, vc->bus.sprom.il0mac);
	ether_addr_copy(hdr->addr3, bssid);
	memset(skb_put(skb, len - sizeof(*hdr)), fill, len - sizeof(*hdr));

	info = IEEE80211_SKB_CB(skb);
	memset(info, 0, sizeof(*info));
	info->band = NL80211_BAND_2GHZ;
	info->control.rates[0].idx = 0;
	info->control.rates[0].count = 4;
	for (i = 1; i < IEEE80211_TX_MAX_RATES; i++)
		info->control.rates[i].idx = -1;
	skb_set_queue_mapping(skb, 0);
	return skb;
}

static struct b43_dmaring *be_ring(struct b43_vcore *vc)
{
	return b43_vcore_wldev(vc)->dma.tx_ring_AC_BE;
}

/*
 * One frame, all the way: two descriptors as [TX] says, the header's
 * cookie as [COOKIE] says, the frame's bytes unchanged, the status back
 * to mac80211 [STAT], and the ring empty again.
 */
static void dma_tx_one_frame(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	struct sk_buff *skb = data_frame(test, vc, 100, 0x5a);
	const struct b43_vcore_txframe *f = &vc->txf[0];
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	u8 copy[100];

	memcpy(copy, skb->data, sizeof(copy));
	skb_get(skb);		/* read its status after mac80211 had it */
	KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, skb), 0);

	KUNIT_ASSERT_EQ(test, vc->nr_txf, 1);
	KUNIT_EXPECT_EQ(test, f->ring, RING_BE);
	KUNIT_ASSERT_EQ(test, f->nr_desc, 2);
	KUNIT_EXPECT_EQ(test, f->desc_len[0], HDR_410);
	KUNIT_EXPECT_EQ(test, f->desc_flags[0], F_SOF);
	KUNIT_EXPECT_EQ(test, f->desc_len[1], 100);
	KUNIT_EXPECT_EQ(test, f->desc_flags[1], F_EOF | F_IOC);
	KUNIT_ASSERT_EQ(test, f->len, HDR_410 + 100);
	KUNIT_EXPECT_MEMEQ(test, f->data + HDR_410, copy, sizeof(copy));
	KUNIT_EXPECT_EQ(test, f->cookie, (RING_BE + 1) << 12 | f->first_desc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 2);

	KUNIT_EXPECT_EQ(test, b43_vcore_irq(vc), IRQ_WAKE_THREAD);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
	KUNIT_EXPECT_TRUE(test, info->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[0].count, 1);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[1].idx, -1);
	KUNIT_EXPECT_EQ(test, vc->works, 1);
	KUNIT_EXPECT_PTR_EQ(test, vc->last_work, &dev->wl->tx_work);
	KUNIT_EXPECT_EQ(test, vc->txs_len, 0);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
	kfree_skb(skb);
}

/* Three tries, no ACK: the status says so [STAT] */
static void dma_tx_retries_no_ack(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	struct sk_buff *skb;
	struct ieee80211_tx_info *info;

	cfg.tx_nack = true;
	cfg.tx_tries = 3;
	vc = started(test, &cfg);
	skb = data_frame(test, vc, 60, 1);
	info = IEEE80211_SKB_CB(skb);
	skb_get(skb);
	KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb), 0);
	b43_vcore_irq(vc);

	KUNIT_EXPECT_FALSE(test, info->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[0].count, 3);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[1].idx, -1);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
	kfree_skb(skb);
}

/*
 * A full ring stops mac80211's queue; the TX statuses free it again: the
 * first clears the driver's own stop, the second wakes the queue.
 */
static void dma_tx_full_ring(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	struct b43_wldev *dev;
	struct ieee80211_hw *hw;
	struct sk_buff *skb;
	unsigned int n;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	dev = b43_vcore_wldev(vc);
	hw = dev->wl->hw;

	for (n = 0; !ieee80211_queue_stopped(hw, 0); n++) {
		KUNIT_ASSERT_LT(test, n, B43_TXRING_SLOTS);
		KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, data_frame(test, vc, 40, n)),
				0);
	}
	/* [TX] two descriptors a frame: the ring holds half its slots */
	KUNIT_EXPECT_EQ(test, n, B43_TXRING_SLOTS / 2);
	KUNIT_EXPECT_EQ(test, vc->nr_txf, n);
	KUNIT_EXPECT_TRUE(test, dev->wl->tx_queue_stopped[0]);
	KUNIT_EXPECT_TRUE(test, be_ring(vc)->stopped);

	/* One more from a racing mac80211 is refused, not queued */
	skb = data_frame(test, vc, 40, 0xff);
	KUNIT_EXPECT_EQ(test, b43_dma_tx(dev, skb), -ENOSPC);
	kfree_skb(skb);
	KUNIT_EXPECT_EQ(test, vc->nr_txf, n);

	KUNIT_ASSERT_EQ(test, b43_vcore_tx_complete(vc, 1), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_FALSE(test, be_ring(vc)->stopped);
	KUNIT_EXPECT_FALSE(test, dev->wl->tx_queue_stopped[0]);
	KUNIT_EXPECT_TRUE(test, ieee80211_queue_stopped(hw, 0));

	KUNIT_ASSERT_EQ(test, b43_vcore_tx_complete(vc, 1), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_FALSE(test, ieee80211_queue_stopped(hw, 0));

	KUNIT_EXPECT_EQ(test, b43_vcore_tx_complete(vc, n), n - 2);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/* [TXS] a status word with the frame ID @cookie, acknowledged, one try */
static u32 txs_word0(u16 cookie)
{
	return BIT(0) | BIT(1) | 1 << 12 | (u32)cookie << 16;
}

/*
 * [PLCP]: an OFDM rate's frame goes out with the rate's SIGNAL and the
 * frame's length (with FCS) in the PLCP header behind the TX header.
 */
static void tx_ofdm_plcp(struct kunit *test, struct b43_vcore *vc)
{
	struct sk_buff *skb = data_frame(test, vc, 300, 3);
	const struct b43_vcore_txframe *f = &vc->txf[vc->nr_txf];
	unsigned int n = vc->nr_txf;
	u32 plcp;

	IEEE80211_SKB_CB(skb)->control.rates[0].idx = 4;	/* 6 Mb/s */
	KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb), 0);
	KUNIT_ASSERT_EQ(test, vc->nr_txf, n + 1);
	plcp = get_unaligned_le32(f->data + HDR_410 - 6);
	KUNIT_EXPECT_EQ(test, plcp & 0xF, 0xB);
	KUNIT_EXPECT_EQ(test, (plcp >> 5) & 0xFFF, 300 + FCS_LEN);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
}

/*
 * [RTS]: a frame mac80211 wants protected by RTS/CTS carries the RTS frame
 * in its TX header, addressed to the frame's receiver from its sender.
 */
static void tx_rts(struct kunit *test, struct b43_vcore *vc)
{
	struct sk_buff *skb = data_frame(test, vc, 500, 4);
	const struct b43_vcore_txframe *f = &vc->txf[vc->nr_txf];
	const u8 *rts = f->data + 0x56;		/* [TX410] */
	unsigned int n = vc->nr_txf;

	IEEE80211_SKB_CB(skb)->control.rates[0].flags |=
		IEEE80211_TX_RC_USE_RTS_CTS;
	KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb), 0);
	KUNIT_ASSERT_EQ(test, vc->nr_txf, n + 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rts), 0x00B4);
	KUNIT_EXPECT_MEMEQ(test, rts + 4, bssid, ETH_ALEN);
	KUNIT_EXPECT_MEMEQ(test, rts + 10, vc->bus.sprom.il0mac, ETH_ALEN);
	b43_vcore_irq(vc);
}

/* [PHYC]: a short preamble on a CCK rate is asked for in the PHY control */
static void tx_short_preamble(struct kunit *test, struct b43_vcore *vc)
{
	struct sk_buff *skb = data_frame(test, vc, 80, 5);
	struct ieee80211_tx_rate *r = &IEEE80211_SKB_CB(skb)->control.rates[0];
	unsigned int n = vc->nr_txf;

	r->idx = 1;					/* 2 Mb/s */
	r->flags |= IEEE80211_TX_RC_USE_SHORT_PREAMBLE;
	KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb), 0);
	KUNIT_ASSERT_EQ(test, vc->nr_txf, n + 1);
	KUNIT_EXPECT_TRUE(test, get_unaligned_le16(vc->txf[n].data + 0x08) &
				0x0010);
	b43_vcore_irq(vc);
}

/*
 * [TXS], [STAT]: what the device says about a frame's tries reaches
 * mac80211: past the retry limit (4, the wiphy's long limit, which b43
 * programs for frames up to it) the rest went at the fallback rate; no try
 * at all; an RTS that failed more than the short limit (7) times, so the
 * frame went at the fallback rate only.  An intermediate or A-MPDU status
 * completes nothing.
 */
static void dma_tx_status_tries(struct kunit *test)
{
	static const struct {
		const char *desc;
		u32 word0;	/* without the frame ID */
		int count0, count1;
	} t[] = {
		{ "6 tries, no ACK", BIT(0) | 6 << 12, 4, 2 },
		{ "no try", BIT(0) | BIT(1), 0, 0 },
		{ "RTS failed 15 times, 2 tries", BIT(0) | 15 << 8 | 2 << 12,
		  0, 2 },
	};
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	unsigned int i;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct sk_buff *skb = data_frame(test, vc, 60, i);
		struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
		u32 id;

		info->control.rates[1].idx = 0;
		info->control.rates[1].count = 4;
		skb_get(skb);
		KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb), 0);
		id = (u32)vc->txf[vc->nr_txf - 1].cookie << 16;

		b43_vcore_txs_push(vc, BIT(0) | BIT(6) | 1 << 12 | id, 0);
		b43_vcore_txs_push(vc, BIT(0) | BIT(5) | 1 << 12 | id, 0);
		b43_vcore_irq(vc);
		KUNIT_EXPECT_EQ_MSG(test, be_ring(vc)->used_slots, 2, "%s",
				    t[i].desc);

		b43_vcore_txs_push(vc, t[i].word0 | id, 0);
		b43_vcore_irq(vc);
		KUNIT_EXPECT_EQ_MSG(test, be_ring(vc)->used_slots, 0, "%s",
				    t[i].desc);
		KUNIT_EXPECT_EQ_MSG(test, (int)info->status.rates[0].count,
				    t[i].count0, "%s", t[i].desc);
		if (t[i].count1 < 0)
			KUNIT_EXPECT_EQ_MSG(test, (int)info->status.rates[1].idx,
					    -1, "%s", t[i].desc);
		else
			KUNIT_EXPECT_EQ_MSG(test,
					    (int)info->status.rates[1].count,
					    t[i].count1, "%s", t[i].desc);
		kfree_skb(skb);
	}
}

/*
 * [QOS]: with four queues (firmware that does QoS: b43 asks mac80211 for
 * them when it loads the firmware) each access category has its own
 * controller; a frame to send after the DTIM goes to controller 4 with the
 * More Data bit set (IEEE 802.11-2016 9.2.4.1.8: the microcode clears it
 * on the last one).
 */
static void dma_tx_qos_rings(struct kunit *test)
{
	static const u8 ring_of_queue[] = { 3, 2, 1, 0 };
	struct b43_vcore *vc = b43_vcore_new(test, test->priv);
	struct b43_wldev *dev;
	struct sk_buff *skb;
	unsigned int q;

	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	dev = b43_vcore_wldev(vc);
	dev->wl->hw->queues = 4;
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(vc));
	KUNIT_ASSERT_TRUE(test, dev->qos_enabled);

	for (q = 0; q < 4; q++) {
		skb = data_frame(test, vc, 50, q);
		skb_set_queue_mapping(skb, q);
		KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, skb), 0);
		KUNIT_EXPECT_EQ_MSG(test, vc->txf[q].ring, ring_of_queue[q],
				    "queue %u", q);
	}
	skb = data_frame(test, vc, 50, 9);
	IEEE80211_SKB_CB(skb)->flags |= IEEE80211_TX_CTL_SEND_AFTER_DTIM;
	KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, skb), 0);
	KUNIT_EXPECT_EQ(test, vc->txf[4].ring, 4);
	KUNIT_EXPECT_TRUE(test, get_unaligned_le16(vc->txf[4].data + HDR_410) &
				IEEE80211_FCTL_MOREDATA);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, dev->dma.tx_ring_AC_VO->used_slots, 0);
	KUNIT_EXPECT_EQ(test, dev->dma.tx_ring_AC_BK->used_slots, 0);
	KUNIT_EXPECT_EQ(test, dev->dma.tx_ring_mcast->used_slots, 0);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/* [SUSP]: b43_tx_suspend() suspends every TX controller, resume undoes it */
static void dma_tx_suspend_resume(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	u16 stride = base_cfg(test).tmshigh & SSB_TMSHIGH_DMA64 ? 0x40 : 0x20;
	unsigned int i;

	b43_tx_suspend(b43_vcore_wldev(vc));
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    b43_vcore_reg32(vc, 0x200 + stride * i) & 3,
				    3, "controller %u", i);
	b43_tx_resume(b43_vcore_wldev(vc));
	for (i = 0; i < 5; i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    b43_vcore_reg32(vc, 0x200 + stride * i) & 3,
				    1, "controller %u", i);
}

/* The TX header fields the driver takes from mac80211's TX control */
static void dma_tx_header_fields(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);

	tx_ofdm_plcp(test, vc);
	tx_rts(test, vc);
	tx_short_preamble(test, vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

struct bad_status {
	const char *desc;
	u16 cookie;
};

static const struct bad_status bad_statuses[] = {
	{ "cookie of the idle AC_BK ring, slot 0", 0x1000 },
	{ "cookie of the idle multicast ring", 0x5000 },
	{ "cookie of no ring (controller 15)", 0xF000 },
	{ "cookie 0 (reserved)", 0x0000 },
	{ "cookie 0xFFFF (reserved)", 0xFFFF },
	{ "cookie past the AC_BE ring's slots", 0x2FFE },
	{ "cookie of an AC_BE slot with no frame", 0x20F0 },
};

/*
 * A TX status the driver has no frame for is dropped: the frame in flight
 * stays in flight, and its own status still completes it.
 */
static void dma_txstatus_for_no_frame(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	unsigned int i;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	for (i = 0; i < ARRAY_SIZE(bad_statuses); i++) {
		const struct bad_status *p = &bad_statuses[i];

		KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc),
						 data_frame(test, vc, 40, i)), 0);
		b43_vcore_txs_push(vc, txs_word0(p->cookie), 0);
		b43_vcore_irq(vc);
		KUNIT_EXPECT_EQ_MSG(test, be_ring(vc)->used_slots, 2, "%s",
				    p->desc);

		KUNIT_ASSERT_EQ(test, b43_vcore_tx_complete(vc, 1), 1);
		b43_vcore_irq(vc);
		KUNIT_EXPECT_EQ_MSG(test, be_ring(vc)->used_slots, 0, "%s",
				    p->desc);
	}
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/*
 * The statuses of one ring come in order.  One for the third of three
 * frames in flight is out of order and dropped; then all three complete.
 */
static void dma_txstatus_out_of_order(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	unsigned int i;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc),
						 data_frame(test, vc, 40, i)), 0);

	b43_vcore_txs_push(vc, txs_word0(vc->txf[2].cookie), 0);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 6);

	KUNIT_ASSERT_EQ(test, b43_vcore_tx_complete(vc, 3), 3);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
}

/*
 * A status for the frame after the oldest: the oldest frame's status was
 * lost, so the driver reports it as not sent (no ACK, no try) and then
 * the frame the status is for, with what the status says.
 */
static void dma_txstatus_skips_a_lost_one(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct ieee80211_tx_info *info[2];
	struct sk_buff *skb[2];
	struct b43_vcore *vc;
	unsigned int i;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	for (i = 0; i < 2; i++) {
		skb[i] = data_frame(test, vc, 40, i);
		info[i] = IEEE80211_SKB_CB(skb[i]);
		skb_get(skb[i]);
		KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc), skb[i]), 0);
	}
	b43_vcore_txs_push(vc, txs_word0(vc->txf[1].cookie), 0);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 0);
	KUNIT_EXPECT_FALSE(test, info[0]->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info[0]->status.rates[0].count, 0);
	KUNIT_EXPECT_TRUE(test, info[1]->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info[1]->status.rates[0].count, 1);
	for (i = 0; i < 2; i++)
		kfree_skb(skb[i]);
}

/*
 * A DMA controller that never says it stopped (controller 0: the AC_BK TX
 * ring and the RX ring): the driver waits a bounded time for it (bcm-v4
 * "DMA": disabled state after the enable bit is cleared) and frees the
 * rings anyway.
 */
static void dma_engine_never_stops(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	struct b43_wldev *dev = b43_vcore_wldev(vc);

	vc->cfg.dma_stuck = BIT(0);
	mutex_lock(&dev->wl->mutex);
	b43_dma_free(dev);
	mutex_unlock(&dev->wl->mutex);
	KUNIT_EXPECT_NULL(test, dev->dma.rx_ring);
	KUNIT_EXPECT_NULL(test, dev->dma.tx_ring_AC_BE);
	KUNIT_EXPECT_EQ(test, b43_vcore_reg32(vc, 0x200) & 1, 0);
}

/*
 * With open-source firmware (date word 0xFFFF), b43 restarts the controller
 * for a TX status out of order (dma.c dma_txstatus_out_of_order()), and
 * only for that: a status for a ring with nothing in flight, however the
 * frames before it went, is dropped without one.
 */
static void dma_txstatus_opensource_restart(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;
	struct b43_wldev *dev;
	unsigned int i;
	u16 cookie;

	cfg.tx_hold = true;
	cfg.fw_date = 0xFFFF;
	vc = b43_vcore_new(test, &cfg);
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	dev = b43_vcore_wldev(vc);
	dev->fw.opensource = true;
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(vc));

	KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, data_frame(test, vc, 40, 0)), 0);
	cookie = vc->txf[0].cookie;
	KUNIT_ASSERT_EQ(test, b43_vcore_tx_complete(vc, 1), 1);
	b43_vcore_irq(vc);
	KUNIT_ASSERT_EQ(test, be_ring(vc)->used_slots, 0);
	vc->works = 0;

	/* The same status again, and one for a ring never used */
	b43_vcore_txs_push(vc, txs_word0(cookie), 0);
	b43_vcore_txs_push(vc, txs_word0(0x1000), 0);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, vc->works, 0);

	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, b43_dma_tx(dev, data_frame(test, vc, 40, i)),
				0);
	b43_vcore_txs_push(vc, txs_word0(vc->txf[3].cookie), 0);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, vc->works, 1);
	KUNIT_EXPECT_PTR_EQ(test, vc->last_work, &dev->restart_work);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 6);
}

/*
 * A device that reads all-ones (gone from the bus): the driver reads a
 * bounded number of statuses, each with the reserved cookie 0xFFFF, and
 * completes nothing.
 */
static void dma_txstatus_all_ones(struct kunit *test)
{
	struct b43_vcore_cfg cfg = base_cfg(test);
	struct b43_vcore *vc;

	cfg.tx_hold = true;
	vc = started(test, &cfg);
	KUNIT_ASSERT_EQ(test, b43_dma_tx(b43_vcore_wldev(vc),
					 data_frame(test, vc, 40, 0)), 0);

	vc->cfg.txs_all_ones = true;
	b43_vcore_txs_push(vc, 0, 0);	/* raises the TX status interrupt */
	b43_vcore_irq(vc);
	KUNIT_EXPECT_EQ(test, be_ring(vc)->used_slots, 2);
}

/* [RX351], [CHAN], [PLCP]: a CCK 1 Mb/s frame on channel 1 (ID 12) */
static unsigned int rx_buf(u8 *b, const u8 *frame, unsigned int flen,
			   u16 macstat)
{
	unsigned int len = RX_FO + 6 + flen;

	memset(b, 0, len);
	put_unaligned_le16(6 + flen, b + 0);
	put_unaligned_le16(0x0000, b + 4);		/* CCK */
	put_unaligned_le16(0x0040, b + 6);		/* JSSI */
	put_unaligned_le16(macstat, b + 12);
	put_unaligned_le16(12 << 3 | 2, b + 18);	/* G-PHY */
	b[RX_FO] = 0x0A;				/* SIGNAL */
	memcpy(b + RX_FO + 6, frame, flen);
	return len;
}

/*
 * The engine receives @len bytes of @buf in one descriptor and the driver
 * takes the interrupt: the frame mac80211 got, or NULL
 */
static struct sk_buff *rx_one(struct kunit *test, struct b43_vcore *vc,
			      const u8 *buf, unsigned int len)
{
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, len, 0), 1);
	b43_vcore_irq(vc);
	return skb_dequeue(&vc->rx_delivered);
}

/* An ACK-less data frame from the AP, with room for its FCS */
static unsigned int rx_frame(u8 *f, unsigned int len, u8 fill)
{
	struct ieee80211_hdr_3addr *hdr = (void *)f;

	memset(f, fill, len);
	memset(hdr, 0, sizeof(*hdr));
	hdr->frame_control = cpu_to_le16(IEEE80211_FTYPE_DATA |
					 IEEE80211_STYPE_DATA |
					 IEEE80211_FCTL_FROMDS);
	ether_addr_copy(hdr->addr2, bssid);
	ether_addr_copy(hdr->addr3, bssid);
	return len;
}

/*
 * A frame the engine writes reaches mac80211 as it was sent, with the
 * band, frequency and rate its RX header and PLCP header say; the buffer
 * is posted to the engine again.
 */
static void dma_rx_one_frame(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	const unsigned int fl = 200;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct ieee80211_rx_status *st;
	struct sk_buff *skb;
	unsigned int len;

	rx_frame(frame, fl, 0x3c);
	len = rx_buf(buf, frame, fl, 0);
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, len, 0), 1);
	b43_vcore_irq(vc);

	skb = skb_dequeue(&vc->rx_delivered);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_EQ(test, skb->len, fl);
	KUNIT_EXPECT_MEMEQ(test, skb->data, frame, fl);
	st = IEEE80211_SKB_RXCB(skb);
	KUNIT_EXPECT_EQ(test, (int)st->band, NL80211_BAND_2GHZ);
	KUNIT_EXPECT_EQ(test, (int)st->freq, 2412);
	KUNIT_EXPECT_EQ(test, (int)st->rate_idx, 0);
	KUNIT_EXPECT_FALSE(test, st->flag & RX_FLAG_FAILED_FCS_CRC);
	kfree_skb(skb);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc), 1);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/* [RX351], [PLCP]: an OFDM 54 Mb/s frame goes up as rate index 11 */
static void rx_ofdm(struct kunit *test, struct b43_vcore *vc)
{
	const unsigned int fl = 120;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	rx_frame(frame, fl, 6);
	rx_buf(buf, frame, fl, 0);
	put_unaligned_le16(0x0001, buf + 4);			/* OFDM */
	put_unaligned_le32(0xC | (fl << 5), buf + RX_FO);	/* 54 Mb/s */
	skb = rx_one(test, vc, buf, RX_FO + 6 + fl);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_EQ(test, (int)IEEE80211_SKB_RXCB(skb)->rate_idx, 11);
	KUNIT_EXPECT_MEMEQ(test, skb->data, frame, fl);
	kfree_skb(skb);
}

/*
 * [TSF]: a beacon gets the full 64-bit time it came in: the TSF now with
 * its low 16 bits replaced by the RX header's MAC time (a MAC time above
 * the TSF's low bits is from the previous 64K microseconds).
 */
static void rx_beacon_mactime(struct kunit *test, struct b43_vcore *vc)
{
	static const struct { u16 mac_time; u64 want; } t[] = {
		{ 0x1234, 0x100001234ULL },
		{ 0x6000, 0x0FFFF6000ULL },
	};
	const unsigned int fl = 60;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	unsigned int i;

	put_unaligned_le32(0x00005000, &vc->mmio[0x180]);
	put_unaligned_le32(0x00000001, &vc->mmio[0x184]);
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		struct ieee80211_rx_status *st;
		struct sk_buff *skb;

		rx_frame(frame, fl, 8);
		put_unaligned_le16(IEEE80211_FTYPE_MGMT | IEEE80211_STYPE_BEACON,
				   frame);
		rx_buf(buf, frame, fl, 0);
		put_unaligned_le16(t[i].mac_time, buf + 16);
		skb = rx_one(test, vc, buf, RX_FO + 6 + fl);
		KUNIT_ASSERT_NOT_NULL(test, skb);
		st = IEEE80211_SKB_RXCB(skb);
		KUNIT_EXPECT_TRUE(test, st->flag & RX_FLAG_MACTIME_START);
		KUNIT_EXPECT_EQ_MSG(test, st->mactime, t[i].want,
				    "MAC time %#x", t[i].mac_time);
		kfree_skb(skb);
	}
}

/*
 * [RX351]: a frame whose PLCP header failed its check goes up flagged so
 * (mac80211 passes such frames to monitors only); one whose PLCP names no
 * rate (CCK SIGNAL 0x00) is dropped, mac80211 not having asked for such
 * frames (FIF_PLCPFAIL), as 6.12's b43_rx() does.
 */
static void rx_plcp_fail(struct kunit *test, struct b43_vcore *vc)
{
	const unsigned int fl = 60;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	rx_frame(frame, fl, 9);
	rx_buf(buf, frame, fl, 0);
	put_unaligned_le16(0x0200, buf + 4);
	skb = rx_one(test, vc, buf, RX_FO + 6 + fl);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_TRUE(test, IEEE80211_SKB_RXCB(skb)->flag &
				RX_FLAG_FAILED_PLCP_CRC);
	kfree_skb(skb);

	rx_buf(buf, frame, fl, 0);
	buf[RX_FO] = 0x00;
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, RX_FO + 6 + fl, 0), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
}

/*
 * [KEY]: a frame the core says it decrypted with key 63, past the keys b43
 * has, is dropped; with key 0, which holds no key, it goes up not marked
 * as decrypted.
 */
static void rx_key_index(struct kunit *test, struct b43_vcore *vc)
{
	const unsigned int fl = 60;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	rx_frame(frame, fl, 10);
	rx_buf(buf, frame, fl, BIT(3) | 63 << 5);
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, RX_FO + 6 + fl, 0), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));

	rx_buf(buf, frame, fl, BIT(3));
	skb = rx_one(test, vc, buf, RX_FO + 6 + fl);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_FALSE(test, IEEE80211_SKB_RXCB(skb)->flag &
				 RX_FLAG_DECRYPTED);
	kfree_skb(skb);
}

/* [RX351] MAC status bit 0: the frame goes up, marked as failing the FCS */
static void rx_bad_fcs(struct kunit *test, struct b43_vcore *vc)
{
	const unsigned int fl = 80;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	rx_frame(frame, fl, 1);
	skb = rx_one(test, vc, buf, rx_buf(buf, frame, fl, 1));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_TRUE(test, IEEE80211_SKB_RXCB(skb)->flag &
				RX_FLAG_FAILED_FCS_CRC);
	kfree_skb(skb);
}

/*
 * What the RX header and PLCP say reaches mac80211's RX status: rate,
 * time, PLCP and FCS failures, keys; each frame's buffer is posted again.
 */
static void dma_rx_header_fields(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	unsigned int posted = b43_vcore_rx_posted(vc);

	rx_ofdm(test, vc);
	rx_beacon_mactime(test, vc);
	rx_plcp_fail(test, vc);
	rx_key_index(test, vc);
	rx_bad_fcs(test, vc);
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc),
			(posted + 8) % B43_RXRING_SLOTS);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/*
 * A completion for a descriptor the device wrote nothing to, or only the
 * RX header of: the driver drops it and posts the buffer again; the next
 * frame goes up.
 */
static void dma_rx_no_data(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	const unsigned int fl = 80;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, 64, B43_VCORE_RX_NO_DATA),
			1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc), 1);

	/* Only the RX header written: the frame's place is still poisoned */
	rx_frame(frame, fl, 1);
	rx_buf(buf, frame, fl, 0);
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, RX_FO, 0), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc), 2);

	rx_frame(frame, fl, 2);
	skb = rx_one(test, vc, buf, rx_buf(buf, frame, fl, 0));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_MEMEQ(test, skb->data, frame, fl);
	kfree_skb(skb);
}

/*
 * A frame longer than one buffer spans descriptors: the driver drops it,
 * re-posts every buffer it took, and receives the next frame.
 */
static void dma_rx_split_frame(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	struct b43_dmaring *ring = b43_vcore_wldev(vc)->dma.rx_ring;
	unsigned int big = ring->rx_buffersize + 500, used, len;
	const unsigned int fl = 100;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;
	u8 *huge;

	huge = kunit_kzalloc(test, RX_FO + 6 + big, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, huge);
	put_unaligned_le16(6 + big, huge);
	put_unaligned_le16(12 << 3 | 2, huge + 18);
	used = b43_vcore_rx(vc, huge, RX_FO + 6 + big, 0);
	KUNIT_ASSERT_EQ(test, used, 2);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc), used);

	rx_frame(frame, fl, 7);
	len = rx_buf(buf, frame, fl, 0);
	skb = rx_one(test, vc, buf, len);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_MEMEQ(test, skb->data, frame, fl);
	kfree_skb(skb);
	KUNIT_EXPECT_EQ(test, b43_vcore_rx_posted(vc), used + 1);
}

/* A frame of @flen bytes whose RX header says so, for the split cases */
static u8 *rx_long(struct kunit *test, unsigned int flen, unsigned int *len)
{
	u8 *b;

	*len = RX_FO + 6 + flen;
	b = zbuf(test, *len);
	put_unaligned_le16(6 + flen, b);
	put_unaligned_le16(12 << 3 | 2, b + 18);
	memset(b + RX_FO + 6, 0xee, flen);
	return b;
}

struct split {
	const char *desc;
	unsigned int mult, extra;	/* RX header + frame: mult buffers + extra */
	unsigned int buffers;
};

/*
 * [RXF]: the engine fills whole buffers, RX header included.  The frame
 * of the last case fits in two buffers by its own length but takes a
 * third with the RX header: the third holds nothing but frame bytes.
 */
static const struct split splits[] = {
	{ "one byte into a second buffer", 1, 1, 2 },
	{ "two buffers exactly", 2, 0, 2 },
	{ "RX header and frame one byte into a third buffer", 2, 1, 3 },
	{ "five buffers", 4, 700, 5 },
};

/*
 * A frame that spans buffers is dropped with every buffer it took, and a
 * frame the engine wrote after it, before the interrupt, still goes up.
 */
static void dma_rx_split_then_frame(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	unsigned int bs = b43_vcore_wldev(vc)->dma.rx_ring->rx_buffersize;
	const unsigned int fl = 100;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl), *big;
	unsigned int i, flen, len, posted;
	struct sk_buff *skb;

	for (i = 0; i < ARRAY_SIZE(splits); i++) {
		const struct split *p = &splits[i];

		posted = b43_vcore_rx_posted(vc);
		flen = p->mult * bs + p->extra - RX_FO - 6;
		big = rx_long(test, flen, &len);
		KUNIT_ASSERT_EQ_MSG(test, b43_vcore_rx(vc, big, len, 0),
				    p->buffers, "%s", p->desc);
		rx_frame(frame, fl, 0x42 + i);
		KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf,
						   rx_buf(buf, frame, fl, 0), 0),
				1);
		b43_vcore_irq(vc);

		skb = skb_dequeue(&vc->rx_delivered);
		KUNIT_ASSERT_NOT_NULL_MSG(test, skb, "%s", p->desc);
		KUNIT_EXPECT_EQ_MSG(test, skb->len, fl, "%s", p->desc);
		KUNIT_EXPECT_MEMEQ_MSG(test, skb->data, frame, fl, "%s", p->desc);
		kfree_skb(skb);
		KUNIT_EXPECT_NULL_MSG(test, skb_peek(&vc->rx_delivered), "%s",
				      p->desc);
		KUNIT_EXPECT_EQ_MSG(test, b43_vcore_rx_posted(vc),
				    (posted + p->buffers + 1) % B43_RXRING_SLOTS,
				    "%s", p->desc);
	}
}

/*
 * An RX header that claims the largest length for a frame the engine put
 * in one buffer: the driver drops it and receives the next frame.
 */
static void dma_rx_length_lies(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	const unsigned int fl = 100;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;

	rx_frame(frame, fl, 0x11);
	rx_buf(buf, frame, fl, 0);
	put_unaligned_le16(0xFFFF, buf);
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, RX_FO + 6 + fl, 0), 1);
	b43_vcore_irq(vc);
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));

	rx_frame(frame, fl, 0x12);
	skb = rx_one(test, vc, buf, rx_buf(buf, frame, fl, 0));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_MEMEQ(test, skb->data, frame, fl);
	kfree_skb(skb);
}

/*
 * Frames until the engine has no descriptor left (it keeps the one the
 * driver posted last): the next is dropped with RX descriptor underflow,
 * and one interrupt takes every frame the ring held up, in order.
 */
static void dma_rx_ring_full(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	const unsigned int fl = 64;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;
	unsigned int i, n = 0;

	rx_frame(frame, fl, 0);
	KUNIT_ASSERT_EQ(test, b43_vcore_rx(vc, buf, rx_buf(buf, frame, fl, 0), 0),
			1);
	b43_vcore_irq(vc);
	kfree_skb(skb_dequeue(&vc->rx_delivered));

	for (i = 0; i < B43_RXRING_SLOTS; i++) {
		rx_frame(frame, fl, i);
		if (b43_vcore_rx(vc, buf, rx_buf(buf, frame, fl, 0), 0) < 0)
			break;
		n++;
	}
	KUNIT_EXPECT_EQ(test, n, B43_RXRING_SLOTS - 1);
	KUNIT_EXPECT_EQ(test, vc->rx_dropped, 1);
	b43_vcore_irq(vc);
	for (i = 0; i < n; i++) {
		skb = skb_dequeue(&vc->rx_delivered);
		KUNIT_ASSERT_NOT_NULL_MSG(test, skb, "frame %u", i);
		KUNIT_EXPECT_EQ_MSG(test, skb->data[fl - 1], (u8)i, "frame %u", i);
		kfree_skb(skb);
	}
	KUNIT_EXPECT_NULL(test, skb_peek(&vc->rx_delivered));
	rx_frame(frame, fl, 0x77);
	KUNIT_EXPECT_EQ(test, b43_vcore_rx(vc, buf, rx_buf(buf, frame, fl, 0), 0),
			1);
}

/*
 * The device reports an RX descriptor pointer outside the ring: one past
 * its last descriptor (8 or 16 bytes each, [DMA], [DMA64]), the last
 * offset the status field can hold, one off a descriptor boundary.
 * Nothing is received, nothing loops, and a good pointer afterwards works.
 */
static void dma_rx_pointer_outside(struct kunit *test)
{
	struct b43_vcore *vc = started(test, test->priv);
	u32 d = base_cfg(test).tmshigh & SSB_TMSHIGH_DMA64 ? 16 : 8;
	const u32 bad[] = { B43_RXRING_SLOTS * d, 0x1000 * d / 8 - d, 4 };
	const unsigned int fl = 80;
	u8 *buf = zbuf(test, RX_FO + 6 + fl), *frame = zbuf(test, fl);
	struct sk_buff *skb;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		b43_vcore_rx_pointer(vc, bad[i]);
		b43_vcore_irq(vc);
		KUNIT_EXPECT_NULL_MSG(test, skb_peek(&vc->rx_delivered),
				      "pointer %#x", bad[i]);
	}
	b43_vcore_rx_pointer(vc, 0);
	b43_vcore_irq(vc);

	rx_frame(frame, fl, 9);
	skb = rx_one(test, vc, buf, rx_buf(buf, frame, fl, 0));
	KUNIT_ASSERT_NOT_NULL(test, skb);
	kfree_skb(skb);
}

/* Every case runs on the 32-bit engine, the first seven on both */
static struct kunit_case b43_drv_dma_cases[] = {
	KUNIT_CASE(dma_tx_one_frame),
	KUNIT_CASE(dma_tx_full_ring),
	KUNIT_CASE(dma_tx_suspend_resume),
	KUNIT_CASE(dma_rx_one_frame),
	KUNIT_CASE(dma_rx_ring_full),
	KUNIT_CASE(dma_rx_split_then_frame),
	KUNIT_CASE(dma_rx_pointer_outside),
	KUNIT_CASE(dma_tx_retries_no_ack),
	KUNIT_CASE(dma_tx_status_tries),
	KUNIT_CASE(dma_tx_qos_rings),
	KUNIT_CASE(dma_tx_header_fields),
	KUNIT_CASE(dma_txstatus_for_no_frame),
	KUNIT_CASE(dma_txstatus_out_of_order),
	KUNIT_CASE(dma_txstatus_skips_a_lost_one),
	KUNIT_CASE(dma_engine_never_stops),
	KUNIT_CASE(dma_txstatus_opensource_restart),
	KUNIT_CASE(dma_txstatus_all_ones),
	KUNIT_CASE(dma_rx_header_fields),
	KUNIT_CASE(dma_rx_no_data),
	KUNIT_CASE(dma_rx_split_frame),
	KUNIT_CASE(dma_rx_length_lies),
	{}
};

static struct kunit_case b43_drv_dma64_cases[] = {
	KUNIT_CASE(dma_tx_one_frame),
	KUNIT_CASE(dma_tx_full_ring),
	KUNIT_CASE(dma_tx_suspend_resume),
	KUNIT_CASE(dma_rx_one_frame),
	KUNIT_CASE(dma_rx_ring_full),
	KUNIT_CASE(dma_rx_split_then_frame),
	KUNIT_CASE(dma_rx_pointer_outside),
	{}
};

static int dma32_init(struct kunit *test)
{
	test->priv = (void *)&b43_vcore_bcm4318;
	return 0;
}

/*
 * The same PHY with the DMA64 capability: the 64-bit engine's rings,
 * registers and descriptors; which chips have it is not the point here.
 */
static const struct b43_vcore_cfg bcm4318_dma64 = {
	.chip_id = 0x4318, .chip_rev = 2, .core_rev = 9, .phy_ver = 0x3207,
	.radio_id = 0x8205017F, .tmshigh = BIT(16) | SSB_TMSHIGH_DMA64,
	.fw_rev = 410, .fw_patch = 2160, .fw_date = 0x0521, .fw_time = 0x1200,
};

static int dma64_init(struct kunit *test)
{
	test->priv = (void *)&bcm4318_dma64;
	return 0;
}

static int dma_bcma_init(struct kunit *test)
{
	test->priv = (void *)&b43_vcore_bcma_nphy;
	return 0;
}

static struct kunit_suite b43_drv_dma_suite = {
	.name = "b43_drv_dma",
	.init = dma32_init,
	.test_cases = b43_drv_dma_cases,
};

static struct kunit_suite b43_drv_dma64_suite = {
	.name = "b43_drv_dma64",
	.init = dma64_init,
	.test_cases = b43_drv_dma64_cases,
};

/* The 64-bit engine's cases on an N-PHY core of a BCMA bus */
static struct kunit_suite b43_drv_dma_bcma_suite = {
	.name = "b43_drv_dma_bcma",
	.init = dma_bcma_init,
	.test_cases = b43_drv_dma64_cases,
};

kunit_test_suites(&b43_drv_dma_suite, &b43_drv_dma64_suite,
		  &b43_drv_dma_bcma_suite);
