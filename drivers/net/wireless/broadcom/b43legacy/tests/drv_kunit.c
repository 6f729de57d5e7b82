// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43legacy wireless driver
 * Driver-level KUnit suites: b43legacy on the virtual 802.11 core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The unchanged driver is probed on b43's model of the core
 * (b43/tests/vcore.c, a fake SSB bus), which it talks to through the SSB
 * bus ops as it would to a BCM4306.  What the device reports - TX status
 * cookies, RX descriptor pointers, RX headers, a register file gone to
 * all ones - is the test's to choose; each case sweeps the whole space of
 * one such input where it is small and checks the driver's defined result
 * against the documents below; where a case checks a rule of the driver's
 * own (the size of its RX buffers, its key table), it says so:
 *
 * [RXH]  bcm-specs "FrameInformation" (the microcode 3.x RX header
 *        b43legacy drives): 16-bit little-endian words, 0 the frame
 *        length without the header, 2 PHY status 0 (bcm-v4 "RX": bits 0-1
 *        frame type, 0 CCK and 1 OFDM; bit 8 PLCP violation, bit 9 PLCP
 *        header check failed), 3 JSSI and signal quality, 5 PHY status 3,
 *        6 MAC status (bit 0 FCS error; b43legacy reads bit 3 as "the
 *        device decrypted it", bits 5-10 as the key index), 7 MAC time,
 *        8 the channel; the frame follows at byte 30 on RX ring 0.
 *        bcm-specs leaves the channel word's upper bits unnamed: the
 *        channel ID is written in bits 2-9, where b43legacy reads it, and
 *        counts MHz above 2400.
 * [PLCP] IEEE 802.11-2020 16.2.3.4: a DSSS/CCK SIGNAL octet is the rate
 *        in 100 kb/s; 17.3.4.2 and Table 17-6: an OFDM SIGNAL field holds
 *        RATE in bits 0-3 (R1 first), a reserved bit, LENGTH in bits
 *        5-16 (LSB first).
 * [CHAN] IEEE 802.11-2020 15.4.4.3: 2.4 GHz channel n (1-13) is centred
 *        at 2407 + 5 * n MHz, channel 14 at 2484 MHz.
 * [TXS]  bcm-v4 "TransmitStatus": the TX status FIFO at 0x170/0x174, bit 0
 *        of 0x170 valid, bit 1 acknowledged, bits 12-15 the frame's tries,
 *        its upper 16 bits the frame's cookie.
 * [TXH]  bcm-specs "Sending" (microcode 3.x): the TX header is 76 bytes,
 *        little-endian, then the 6-byte PLCP header of the frame: frame
 *        control copied at byte 4, the receiver address (address 1) at
 *        26, the internal ID (the cookie) at 48.  IEEE 802.11-2020
 *        16.2.3.5: a DSSS PLCP LENGTH is the frame's duration in
 *        microseconds, 8 per octet at 1 Mb/s.
 * [SEC]  IEEE 802.11-2020 12.3.2.2: a WEP MPDU carries a 4-byte IV after
 *        its header (the Key ID octet last, Ext IV bit 5 clear) and a
 *        4-byte ICV before the FCS; 12.5.3.2: a CCMP MPDU an 8-byte CCMP
 *        header (Ext IV set) and an 8-byte MIC.  bcm-specs "Sending": the
 *        TX header holds the IV at byte 10.
 * [WIN]  include/linux/ssb/ssb_regs.h SSB_CORE_SIZE: a core's registers
 *        are the 0x1000 bytes of its window; a 16- or 32-bit register
 *        sits at an offset that is a multiple of its size.
 */
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/etherdevice.h>
#include <linux/ieee80211.h>
#include <linux/skbuff.h>
#include <linux/unaligned.h>
#include <net/mac80211.h>

#include "../b43legacy.h"
#include "../dma.h"
#include "../leds.h"
#include "../main.h"
#include "../phy.h"
#include "../pio.h"
#include "../xmit.h"
#include "../../b43/tests/regdb.h"
#include "../../b43/tests/vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* The microcode b43legacy runs: revision 0x127, patch level 14 */
#define LG_FW_REV		0x127

/*
 * A BCM4306 as b43legacy drives it: 802.11 core revision 4, a G PHY of
 * revision 1 (PHY version: analog type 1 in bits 15-12, type 2 in 11-8,
 * revision in 7-0) and a 2050 radio of revision 2 from Broadcom (0x17F):
 * bcm-v4 "PHY Versioning" and "Radio Versioning".
 */
static const struct b43_vcore_cfg lg_bcm4306 = {
	.chip_id = 0x4306,
	.chip_rev = 2,
	.core_rev = 4,
	.phy_ver = 0x1201,
	.radio_id = 0x2205017F,
	.fw_rev = LG_FW_REV,
	.fw_patch = 14,
};

static const struct ssb_device_id lg_id =
	SSB_DEVICE(SSB_VENDOR_BROADCOM, SSB_DEV_80211, 4);

/* The RX header and frame offset of RX ring 0 [RXH] */
#define LG_RXH_LEN		0
#define LG_RXH_PHYST0		4
#define LG_RXH_MACSTAT		12
#define LG_RXH_CHAN		16
#define LG_FRAMEOFFSET		30
#define LG_PHYST0_OFDM		0x0001
#define LG_PHYST0_PLCPFV	0x0100
#define LG_PHYST0_PLCPHCF	0x0200
#define LG_MACSTAT_FCSERR	0x0001
#define LG_MACSTAT_DEC		0x0008
#define LG_MACSTAT_KEYIDX_SHIFT	5

/*
 * What the descriptor of an RX ring 0 buffer lets the device write: the
 * driver's buffer (B43legacy_DMA0_RX_BUFFERSIZE, 2304 + 100 bytes) less
 * the frame offset, the byte count op32_fill_descriptor() gives it
 */
#define LG_RX_ROOM		(2304 + 100 - LG_FRAMEOFFSET)

/**
 * struct lg_ctx - one case's probed core
 * @vc: the virtual core
 * @dev: the device b43legacy attached to it
 * @rx: the frames b43legacy_rx_deliver() handed on
 * @works: the work b43legacy_queue_work() was given (the case runs none)
 * @last_work: the work it was given last
 */
struct lg_ctx {
	struct b43_vcore *vc;
	struct b43legacy_wldev *dev;
	struct sk_buff_head rx;
	unsigned int works;
	struct work_struct *last_work;
};

static void lg_rx_deliver(struct b43legacy_wl *wl, struct sk_buff *skb)
{
	struct kunit *test = kunit_get_current_test();
	struct lg_ctx *ctx = test->priv;

	skb_queue_tail(&ctx->rx, skb);
}

static void lg_queue_work(struct b43legacy_wl *wl, struct work_struct *work)
{
	struct kunit *test = kunit_get_current_test();
	struct lg_ctx *ctx = test->priv;

	ctx->works++;
	ctx->last_work = work;
}

static void lg_purge(void *data)
{
	skb_queue_purge(data);
}

static void lg_remove(void *data)
{
	struct ssb_device *sdev = data;

	if (ssb_get_drvdata(sdev))
		b43legacy_remove(sdev);
}

/* Probe b43legacy on a new core; the guest has no firmware for it */
static struct lg_ctx *lg_probe_cfg(struct kunit *test,
				   const struct b43_vcore_cfg *cfg)
{
	struct lg_ctx *ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ctx);
	ctx->vc = b43_vcore_new(test, cfg);
	skb_queue_head_init(&ctx->rx);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_purge,
							   &ctx->rx));
	test->priv = ctx;
	kunit_activate_static_stub(test, b43legacy_rx_deliver, lg_rx_deliver);
	kunit_activate_static_stub(test, b43legacy_queue_work, lg_queue_work);

	KUNIT_ASSERT_EQ(test, 0, b43legacy_probe(ctx->vc->sdev, &lg_id));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_remove,
							   ctx->vc->sdev));
	ctx->dev = ssb_get_drvdata(ctx->vc->sdev);
	KUNIT_ASSERT_NOT_NULL(test, ctx->dev);
	flush_work(&ctx->dev->wl->firmware_load);
	return ctx;
}

static struct lg_ctx *lg_probe(struct kunit *test)
{
	return lg_probe_cfg(test, &lg_bcm4306);
}

static void lg_stopped(void *data)
{
	/* mac80211 takes TX statuses in a tasklet: let it run first */
	local_bh_disable();
	local_bh_enable();
	b43legacy_set_status((struct b43legacy_wldev *)data,
			     B43legacy_STAT_UNINIT);
}

/*
 * Take the core as started.  b43legacy rate-limits its messages only from
 * then on (b43legacy_ratelimit()), which is also when a device reports TX
 * statuses and frames; the sweeps below would flood the console with
 * their refusals otherwise.  The interrupt path wants at least an
 * initialized core.
 */
static void lg_started(struct kunit *test, struct lg_ctx *ctx)
{
	b43legacy_set_status(ctx->dev, B43legacy_STAT_STARTED);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_stopped,
							   ctx->dev));
}

static void lg_dma_free(void *data)
{
	b43legacy_dma_free(data);
}

/*
 * The DMA rings set up, the core taken as started, mac80211's retry limits
 * in the hw's configuration as ieee80211_register_hw() would set them
 */
static struct lg_ctx *lg_dma_cfg(struct kunit *test,
				 const struct b43_vcore_cfg *cfg)
{
	struct lg_ctx *ctx = lg_probe_cfg(test, cfg);
	struct ieee80211_hw *hw = ctx->dev->wl->hw;

	hw->conf.long_frame_max_tx_count = hw->wiphy->retry_long;
	hw->conf.short_frame_max_tx_count = hw->wiphy->retry_short;

	KUNIT_ASSERT_EQ(test, 0, b43legacy_dma_init(ctx->dev));
	KUNIT_ASSERT_FALSE(test, b43legacy_using_pio(ctx->dev));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_dma_free,
							   ctx->dev));
	lg_started(test, ctx);
	return ctx;
}

static struct lg_ctx *lg_dma(struct kunit *test)
{
	return lg_dma_cfg(test, &lg_bcm4306);
}

/*
 * The interrupt's bottom half, for a main and a DMA ring 0 reason.  A case
 * that reads a frame's TX status after the driver handed it to mac80211
 * keeps bottom halves off around this and its reads: mac80211 takes the
 * status in a tasklet of its own.
 */
static void lg_irq(struct lg_ctx *ctx, u32 reason, u32 dma0)
{
	memset(ctx->dev->dma_reason, 0, sizeof(ctx->dev->dma_reason));
	ctx->dev->irq_reason = reason;
	ctx->dev->dma_reason[0] = dma0;
	b43legacy_interrupt_tasklet(&ctx->dev->isr_tasklet);
}

/*
 * An RX header and a frame [RXH]: the PLCP header (6 bytes, SIGNAL octet
 * first) and a data frame from a fixed station, @len bytes in all after the
 * RX header.  Returns the bytes the device writes.
 */
static u8 *lg_frame(struct kunit *test, u16 len, u16 physt0, u16 macstat,
		    u16 chan, u8 signal)
{
	static const u8 sta[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x43, 0x06, 0x02 };
	u8 *buf = kunit_kzalloc(test, LG_FRAMEOFFSET + len, GFP_KERNEL);
	struct ieee80211_hdr_3addr *hdr;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	put_unaligned_le16(len, buf + LG_RXH_LEN);
	put_unaligned_le16(physt0, buf + LG_RXH_PHYST0);
	put_unaligned_le16(macstat, buf + LG_RXH_MACSTAT);
	put_unaligned_le16(chan, buf + LG_RXH_CHAN);
	if (len < 6 + sizeof(*hdr))
		return buf;
	buf[LG_FRAMEOFFSET] = signal;
	hdr = (void *)(buf + LG_FRAMEOFFSET + 6);
	hdr->frame_control = cpu_to_le16(IEEE80211_FTYPE_DATA |
					 IEEE80211_STYPE_DATA);
	eth_broadcast_addr(hdr->addr1);
	ether_addr_copy(hdr->addr2, sta);
	ether_addr_copy(hdr->addr3, sta);
	return buf;
}

/* The channel word for a channel ID and a G PHY (type 2) [RXH] */
static u16 lg_chan(unsigned int id)
{
	return id << 2 | 2;
}

/* The RX engine receives a frame of lg_frame()'s */
static void lg_rx_inject(struct kunit *test, struct lg_ctx *ctx, u16 len,
			 u16 physt0, u16 macstat, u16 chan, u8 signal)
{
	u8 *buf = lg_frame(test, len, physt0, macstat, chan, signal);

	KUNIT_ASSERT_GT(test, b43_vcore_rx(ctx->vc, buf, LG_FRAMEOFFSET + len,
					   0), 0);
}

/* A clean 1 Mb/s CCK data frame on channel 1 (2412 MHz, ID 12) */
#define LG_SMALL_LEN	(6 + 24 + 8 + FCS_LEN)

static void lg_rx_small(struct kunit *test, struct lg_ctx *ctx)
{
	lg_rx_inject(test, ctx, LG_SMALL_LEN, 0, 0, lg_chan(12), 10);
}

/* Take the one frame delivered since the last call, or NULL */
static struct sk_buff *lg_take(struct kunit *test, struct lg_ctx *ctx)
{
	struct sk_buff *skb = skb_dequeue(&ctx->rx);

	if (skb)
		KUNIT_EXPECT_TRUE(test, skb_queue_empty(&ctx->rx));
	skb_queue_purge(&ctx->rx);
	return skb;
}

/*
 * The RX engine receives @buf (@len bytes after the RX header) and the
 * interrupt's bottom half runs: the one frame delivered, or NULL
 */
static struct sk_buff *lg_rx_buf(struct kunit *test, struct lg_ctx *ctx,
				 const u8 *buf, unsigned int len)
{
	KUNIT_ASSERT_GT(test, b43_vcore_rx(ctx->vc, buf, LG_FRAMEOFFSET + len,
					   0), 0);
	lg_irq(ctx, 0, B43legacy_DMAIRQ_RX_DONE);
	return lg_take(test, ctx);
}

/* lg_rx_buf() for a small frame of lg_frame()'s with these fields */
static struct sk_buff *lg_rx_one(struct kunit *test, struct lg_ctx *ctx,
				 u16 physt0, u16 macstat, u16 chan, u8 signal)
{
	return lg_rx_buf(test, ctx, lg_frame(test, LG_SMALL_LEN, physt0,
					     macstat, chan, signal),
			 LG_SMALL_LEN);
}

/* The index of a bitrate in the band b43legacy registered, or -1 */
static int lg_rate_idx(struct lg_ctx *ctx, unsigned int kbps100)
{
	struct ieee80211_supported_band *sband =
		ctx->dev->wl->hw->wiphy->bands[NL80211_BAND_2GHZ];
	int i;

	for (i = 0; i < sband->n_bitrates; i++)
		if (sband->bitrates[i].bitrate == kbps100)
			return i;
	return -1;
}

/*
 * A sweep reports its first few mismatches, each with the input that gave
 * it, then only counts them: the case fails on any.
 */
#define LG_REPORTS	8
#define LG_CHECK(test, bad, cond, fmt, ...)				\
	do {								\
		if (!(cond) && (bad)++ < LG_REPORTS)			\
			KUNIT_FAIL(test, "%s, for " fmt, #cond,		\
				   ##__VA_ARGS__);			\
	} while (0)

/* --- TX status --------------------------------------------------------- */

/*
 * With no frame in flight, no TX status names a slot in use: each of the
 * 65536 cookies is refused and leaves every TX ring as it was.
 */
static void lg_txstatus_every_cookie_idle(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct b43legacy_dma *dma = &ctx->dev->dma;
	struct b43legacy_dmaring *rings[] = {
		dma->tx_ring0, dma->tx_ring1, dma->tx_ring2,
		dma->tx_ring3, dma->tx_ring4, dma->tx_ring5,
	};
	int current_slot[ARRAY_SIZE(rings)];
	struct b43legacy_txstatus st = {};
	unsigned int cookie, i;

	for (i = 0; i < ARRAY_SIZE(rings); i++)
		current_slot[i] = rings[i]->current_slot;
	for (cookie = 0; cookie <= 0xFFFF; cookie++) {
		st.cookie = cookie;
		b43legacy_dma_handle_txstatus(ctx->dev, &st);
	}
	for (i = 0; i < ARRAY_SIZE(rings); i++) {
		KUNIT_EXPECT_EQ_MSG(test, rings[i]->used_slots, 0, "ring %u", i);
		KUNIT_EXPECT_EQ_MSG(test, rings[i]->current_slot,
				    current_slot[i], "ring %u", i);
		KUNIT_EXPECT_FALSE_MSG(test, rings[i]->stopped, "ring %u", i);
	}
}

/*
 * A device gone from the bus reads all ones, the FIFO's valid bit
 * included [TXS]: the interrupt path stops at once.  Then a FIFO full of
 * reports whose cookies name no frame in flight is read empty.
 */
static void lg_txstatus_fifo_all_ones_and_garbage(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int i;

	ctx->vc->cfg.txs_all_ones = true;
	lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
	ctx->vc->cfg.txs_all_ones = false;

	for (i = 0; i < B43_VCORE_TXS_FIFO; i++)
		b43_vcore_txs_push(ctx->vc, (i * 0x101 & 0xFFFF) << 16 | 1, 0);
	lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
	KUNIT_EXPECT_EQ(test, ctx->vc->txs_len, 0);
	KUNIT_EXPECT_EQ(test, ctx->dev->dma.tx_ring1->used_slots, 0);
}

/* A data frame to an AP of @len bytes, at 1 Mb/s with up to 4 tries */
static struct sk_buff *lg_data_frame(struct lg_ctx *ctx, unsigned int len,
				     u8 fill)
{
	static const u8 ap[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x43, 0x06, 0x0a };

	return b43_vcore_data_frame(ctx->vc, ap, len, fill);
}

#define LG_TXH_LEN	(76 + 6)	/* [TXH] */
#define LG_DESC_SOF	BIT(3)		/* descriptor flags, bits 31-28 */
#define LG_DESC_EOF	BIT(2)
#define LG_DESC_IOC	BIT(1)

/*
 * One frame, all the way: a header and a data descriptor, the header as
 * [TXH] says, the frame's bytes unchanged, the status back through the
 * interrupt path to mac80211's status of the frame, the ring empty again.
 */
static void lg_dma_tx_one_frame(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct b43legacy_dmaring *ring = ctx->dev->dma.tx_ring1;
	struct sk_buff *skb = lg_data_frame(ctx, 100, 0x5a);
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	const struct b43_vcore_txframe *f = &ctx->vc->txf[0];
	u8 copy[100];

	memcpy(copy, skb->data, sizeof(copy));
	skb_get(skb);		/* read its status after mac80211 had it */
	KUNIT_ASSERT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), 0);

	KUNIT_ASSERT_EQ(test, ctx->vc->nr_txf, 1);
	KUNIT_EXPECT_EQ(test, f->ring, 1);
	KUNIT_ASSERT_EQ(test, f->nr_desc, 2);
	KUNIT_EXPECT_EQ(test, f->desc_len[0], LG_TXH_LEN);
	KUNIT_EXPECT_EQ(test, f->desc_flags[0], LG_DESC_SOF);
	KUNIT_EXPECT_EQ(test, f->desc_len[1], 100);
	KUNIT_EXPECT_EQ(test, f->desc_flags[1], LG_DESC_EOF | LG_DESC_IOC);
	KUNIT_ASSERT_EQ(test, f->len, LG_TXH_LEN + 100);
	KUNIT_EXPECT_MEMEQ(test, f->data + LG_TXH_LEN, copy, sizeof(copy));
	KUNIT_EXPECT_MEMEQ(test, f->data + 4, copy, 2);
	KUNIT_EXPECT_MEMEQ(test, f->data + 26, copy + 4, ETH_ALEN);
	/* 1 Mb/s: SIGNAL 10, LENGTH 8 us per octet of frame and FCS */
	KUNIT_EXPECT_EQ(test, f->data[76], 10);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(f->data + 78),
			(100 + FCS_LEN) * 8);
	KUNIT_EXPECT_EQ(test, f->cookie, get_unaligned_le16(f->data + 48));
	KUNIT_EXPECT_EQ(test, ring->used_slots, 2);

	local_bh_disable();
	lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
	KUNIT_EXPECT_EQ(test, ring->used_slots, 0);
	KUNIT_EXPECT_TRUE(test, info->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[0].count, 1);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[1].idx, -1);
	local_bh_enable();
	KUNIT_EXPECT_EQ(test, ctx->works, 1);
	KUNIT_EXPECT_PTR_EQ(test, ctx->last_work, &ctx->dev->wl->tx_work);
	KUNIT_EXPECT_EQ(test, ctx->vc->txs_len, 0);
	KUNIT_EXPECT_EQ(test, ctx->vc->bad_access, 0);
	kfree_skb(skb);
}

/*
 * The ring full: b43legacy stops the queue when a frame's two slots are no
 * longer free (64 frames on the 128-slot ring), and the statuses, in
 * order, give every slot back; a repeated status then names no frame.
 */
static void lg_dma_tx_full_ring(struct kunit *test)
{
	struct b43_vcore_cfg cfg = lg_bcm4306;
	struct b43legacy_dmaring *ring;
	struct b43legacy_txstatus st = {};
	struct sk_buff *skb;
	struct lg_ctx *ctx;
	unsigned int n;

	cfg.tx_hold = true;
	ctx = lg_dma_cfg(test, &cfg);
	ring = ctx->dev->dma.tx_ring1;
	for (n = 0; !ring->stopped && n < B43legacy_TXRING_SLOTS; n++) {
		skb = lg_data_frame(ctx, 60, n);
		KUNIT_ASSERT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), 0);
	}
	KUNIT_EXPECT_EQ(test, n, B43legacy_TXRING_SLOTS / 2);
	KUNIT_EXPECT_TRUE(test, ring->stopped);
	KUNIT_EXPECT_EQ(test, ring->used_slots, B43legacy_TXRING_SLOTS);
	KUNIT_EXPECT_EQ(test, ctx->vc->nr_txf, n);

	/* A frame mac80211 hands over all the same is refused, not sent */
	skb = lg_data_frame(ctx, 60, 0);
	KUNIT_EXPECT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), -ENOSPC);
	kfree_skb(skb);
	KUNIT_EXPECT_EQ(test, ctx->vc->nr_txf, n);

	KUNIT_EXPECT_EQ(test, b43_vcore_tx_complete(ctx->vc, n), n);
	lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
	KUNIT_EXPECT_FALSE(test, ring->stopped);
	KUNIT_EXPECT_EQ(test, ring->used_slots, 0);

	st.cookie = ctx->vc->txf[0].cookie;
	b43legacy_dma_handle_txstatus(ctx->dev, &st);
	KUNIT_EXPECT_EQ(test, ring->used_slots, 0);
	KUNIT_EXPECT_EQ(test, ctx->vc->bad_access, 0);
}

/*
 * A frame with a fallback rate of 2 Mb/s, sent 6 times without an ACK:
 * the fallback PLCP says 2 Mb/s and the frame's duration at it [TXH], and
 * the status splits the tries at the retry limit (4), the rest at the
 * fallback rate.
 */
static void lg_dma_tx_fallback_rate(struct kunit *test)
{
	struct b43_vcore_cfg cfg = lg_bcm4306;
	const struct b43_vcore_txframe *f;
	struct ieee80211_tx_info *info;
	struct ieee80211_hdr *hdr;
	struct lg_ctx *ctx;
	struct sk_buff *skb;

	cfg.tx_nack = true;
	cfg.tx_tries = 6;
	ctx = lg_dma_cfg(test, &cfg);
	skb = lg_data_frame(ctx, 100, 7);
	hdr = (void *)skb->data;
	hdr->duration_id = cpu_to_le16(314);
	info = IEEE80211_SKB_CB(skb);
	info->control.rates[1].idx = 1;
	info->control.rates[1].count = 4;
	skb_get(skb);
	KUNIT_ASSERT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), 0);
	KUNIT_ASSERT_EQ(test, ctx->vc->nr_txf, 1);
	f = &ctx->vc->txf[0];
	KUNIT_ASSERT_GE(test, f->len, LG_TXH_LEN);
	/* Fallback PLCP at 40: SIGNAL 20, 4 us per octet at 2 Mb/s */
	KUNIT_EXPECT_EQ(test, f->data[40], 20);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(f->data + 42),
			(100 + FCS_LEN) * 4);

	local_bh_disable();
	lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
	KUNIT_EXPECT_FALSE(test, info->flags & IEEE80211_TX_STAT_ACK);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[0].count, 4);
	KUNIT_EXPECT_EQ(test, (int)info->status.rates[1].count, 2);
	local_bh_enable();
	KUNIT_EXPECT_EQ(test, ctx->dev->dma.tx_ring1->used_slots, 0);
	kfree_skb(skb);
}

/*
 * A frame to be encrypted with a WEP key the device holds (the driver's
 * key 5): the header carries the frame's IV, and the PLCP LENGTH counts the
 * ICV the device appends [SEC]; with the key gone, the frame is dropped,
 * not sent in the clear.
 */
static void lg_dma_tx_hw_key(struct kunit *test)
{
	/* An IV of key ID 0, Ext IV clear [SEC] */
	static const u8 iv[4] = { 0x12, 0x34, 0x56, 0x00 };
	struct lg_ctx *ctx = lg_dma(test);
	const struct b43_vcore_txframe *f;
	struct ieee80211_key_conf *key;
	struct ieee80211_hdr *hdr;
	struct sk_buff *skb;

	key = kunit_kzalloc(test, sizeof(*key), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, key);
	key->cipher = WLAN_CIPHER_SUITE_WEP40;
	key->hw_key_idx = 5;
	key->iv_len = 4;
	key->icv_len = 4;
	ctx->dev->max_nr_keys = 20;	/* b43legacy_security_init() */
	ctx->dev->key[5].enabled = true;
	ctx->dev->key[5].algorithm = B43legacy_SEC_ALGO_WEP40;

	skb = lg_data_frame(ctx, 100, 3);
	hdr = (void *)skb->data;
	hdr->frame_control |= cpu_to_le16(IEEE80211_FCTL_PROTECTED);
	memcpy(skb->data + 24, iv, sizeof(iv));
	IEEE80211_SKB_CB(skb)->control.hw_key = key;
	KUNIT_ASSERT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), 0);
	KUNIT_ASSERT_EQ(test, ctx->vc->nr_txf, 1);
	f = &ctx->vc->txf[0];
	KUNIT_ASSERT_GE(test, f->len, LG_TXH_LEN);
	KUNIT_EXPECT_MEMEQ(test, f->data + 10, iv, sizeof(iv));
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(f->data + 78),
			(100 + 4 + FCS_LEN) * 8);

	ctx->dev->key[5].enabled = false;
	skb = lg_data_frame(ctx, 100, 3);
	IEEE80211_SKB_CB(skb)->control.hw_key = key;
	KUNIT_EXPECT_EQ(test, b43legacy_dma_tx(ctx->dev, skb), 0);
	KUNIT_EXPECT_EQ(test, ctx->vc->nr_txf, 1);
	KUNIT_EXPECT_EQ(test, ctx->dev->dma.tx_ring1->used_slots, 2);
}

/* --- RX ------------------------------------------------------------------ */

/* A clean frame reaches mac80211 with the rate, band and channel it had */
static void lg_rx_frame(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct ieee80211_rx_status *st;
	struct sk_buff *skb;

	skb = lg_rx_one(test, ctx, 0, 0, lg_chan(12), 10);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	st = IEEE80211_SKB_RXCB(skb);
	KUNIT_EXPECT_EQ(test, skb->len, LG_SMALL_LEN - 6);
	KUNIT_EXPECT_EQ(test, (int)st->band, (int)NL80211_BAND_2GHZ);
	KUNIT_EXPECT_EQ(test, (unsigned int)st->freq, 2412U);
	KUNIT_EXPECT_EQ(test, (int)st->rate_idx, lg_rate_idx(ctx, 10));
	KUNIT_EXPECT_FALSE(test, st->flag & (RX_FLAG_FAILED_FCS_CRC |
					     RX_FLAG_FAILED_PLCP_CRC));
	kfree_skb(skb);
}

/* Every channel ID: only a 2.4 GHz channel's centre goes on [CHAN] */
static void lg_rx_every_channel_id(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int id, on = 0, bad = 0;

	for (id = 0; id < 256; id++) {
		unsigned int freq = 2400 + id;
		bool chan = (freq >= 2412 && freq <= 2472 &&
			     (freq - 2407) % 5 == 0) || freq == 2484;
		struct sk_buff *skb;

		skb = lg_rx_one(test, ctx, 0, 0, lg_chan(id), 10);
		LG_CHECK(test, bad, !!skb == chan, "channel ID %u", id);
		if (skb) {
			LG_CHECK(test, bad,
				 IEEE80211_SKB_RXCB(skb)->freq == freq,
				 "channel ID %u", id);
			on++;
			kfree_skb(skb);
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, on, 14);
}

/* A frame that failed the FCS or PLCP check is marked as such */
static void lg_rx_failed_checks_marked(struct kunit *test)
{
	static const struct {
		u16 physt0, macstat;
		u32 flag;
	} cases[] = {
		{ 0, 0, 0 },
		{ 0, LG_MACSTAT_FCSERR, RX_FLAG_FAILED_FCS_CRC },
		{ LG_PHYST0_PLCPFV, 0, RX_FLAG_FAILED_PLCP_CRC },
		{ LG_PHYST0_PLCPHCF, 0, RX_FLAG_FAILED_PLCP_CRC },
		{ LG_PHYST0_PLCPHCF, LG_MACSTAT_FCSERR,
		  RX_FLAG_FAILED_PLCP_CRC | RX_FLAG_FAILED_FCS_CRC },
	};
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sk_buff *skb;

		skb = lg_rx_one(test, ctx, cases[i].physt0, cases[i].macstat,
				lg_chan(12), 10);
		KUNIT_ASSERT_NOT_NULL_MSG(test, skb, "case %u", i);
		KUNIT_EXPECT_EQ_MSG(test, IEEE80211_SKB_RXCB(skb)->flag &
				    (RX_FLAG_FAILED_FCS_CRC |
				     RX_FLAG_FAILED_PLCP_CRC),
				    cases[i].flag, "case %u", i);
		kfree_skb(skb);
	}
}

/*
 * Every key index of a frame the device says it decrypted: the index
 * counts after the four default keys for microcode older than 351
 * (b43legacy_kidx_to_raw()), and a core of revision 4 has 20 keys.  With
 * no key set, a frame whose index is in the table goes on as it came; one
 * past the table is dropped, and neither warns.
 */
static void lg_rx_every_key_index(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int k, on = 0, bad = 0;

	/* What b43legacy_security_init() sets at core init */
	ctx->dev->max_nr_keys = 20;
	for (k = 0; k < 64; k++) {
		struct sk_buff *skb;

		skb = lg_rx_one(test, ctx, 0, LG_MACSTAT_DEC |
				k << LG_MACSTAT_KEYIDX_SHIFT, lg_chan(12), 10);
		LG_CHECK(test, bad, !!skb == (k + 4 < 20), "key index %u", k);
		if (skb) {
			LG_CHECK(test, bad, skb->len == LG_SMALL_LEN - 6 &&
				 !(IEEE80211_SKB_RXCB(skb)->flag &
				   RX_FLAG_DECRYPTED), "key index %u", k);
			on++;
		}
		kfree_skb(skb);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, on, 16);
}

/*
 * A frame the device decrypted with a key the driver holds: the IV and the
 * ICV (WEP) or the CCMP header and MIC are taken out, the Protected bit is
 * cleared and mac80211 is told [SEC].
 */
static void lg_rx_decrypted(struct kunit *test)
{
	static const struct {
		u8 alg, ext_iv, iv_len, icv_len;
	} t[] = {
		{ B43legacy_SEC_ALGO_WEP40, 0, 4, 4 },
		{ B43legacy_SEC_ALGO_AES, 0x20, 8, 8 },
	};
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int i;

	ctx->dev->max_nr_keys = 20;	/* b43legacy_security_init() */
	for (i = 0; i < ARRAY_SIZE(t); i++) {
		u16 len = 6 + 24 + t[i].iv_len + 20 + t[i].icv_len + FCS_LEN;
		u8 *buf = lg_frame(test, len, 0, LG_MACSTAT_DEC |
				   1 << LG_MACSTAT_KEYIDX_SHIFT, lg_chan(12), 10);
		u8 *frame = buf + LG_FRAMEOFFSET + 6;
		struct ieee80211_hdr *hdr = (void *)frame;
		struct ieee80211_rx_status *st;
		struct sk_buff *skb;

		/* Key index 1 is the driver's key 5 with microcode 0x127 */
		ctx->dev->key[5].algorithm = t[i].alg;
		hdr->frame_control |= cpu_to_le16(IEEE80211_FCTL_PROTECTED);
		frame[24 + 3] = t[i].ext_iv;
		memset(frame + 24 + t[i].iv_len, 0x77, 20);
		skb = lg_rx_buf(test, ctx, buf, len);
		KUNIT_ASSERT_NOT_NULL_MSG(test, skb, "case %u", i);
		st = IEEE80211_SKB_RXCB(skb);
		KUNIT_EXPECT_TRUE(test, st->flag & RX_FLAG_DECRYPTED);
		KUNIT_EXPECT_EQ(test, skb->len, 24U + 20 + FCS_LEN);
		hdr = (void *)skb->data;
		KUNIT_EXPECT_FALSE(test, ieee80211_has_protected(hdr->frame_control));
		KUNIT_EXPECT_EQ(test, skb->data[24], 0x77);
		KUNIT_EXPECT_EQ(test, skb->data[24 + 19], 0x77);
		kfree_skb(skb);
	}
	ctx->dev->key[5].algorithm = B43legacy_SEC_ALGO_NONE;
}

/* A beacon carries the full MAC time of its first symbol */
static void lg_rx_beacon_mactime(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	u8 *buf = lg_frame(test, LG_SMALL_LEN, 0, 0, lg_chan(12), 10);
	struct ieee80211_hdr *hdr = (void *)(buf + LG_FRAMEOFFSET + 6);
	struct sk_buff *skb;

	hdr->frame_control = cpu_to_le16(IEEE80211_FTYPE_MGMT |
					 IEEE80211_STYPE_BEACON);
	skb = lg_rx_buf(test, ctx, buf, LG_SMALL_LEN);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_TRUE(test, IEEE80211_SKB_RXCB(skb)->flag &
			  RX_FLAG_MACTIME_START);
	kfree_skb(skb);
}

/* IEEE 802.11-2020 Table 17-6: R1-R4 of each OFDM rate, R1 first [PLCP] */
static const struct {
	const char *r1_r4;
	unsigned int kbps100;
} lg_ofdm_rates[] = {
	{ "1101", 60 }, { "1111", 90 }, { "0101", 120 }, { "0111", 180 },
	{ "1001", 240 }, { "1011", 360 }, { "0001", 480 }, { "0011", 540 },
};

static u8 lg_ofdm_code(unsigned int i)
{
	u8 code = 0;
	int b;

	for (b = 0; b < 4; b++)
		code |= (lg_ofdm_rates[i].r1_r4[b] - '0') << b;
	return code;
}

/* The rate, in 100 kb/s, that a PLCP SIGNAL names, or 0 for none [PLCP] */
static unsigned int lg_plcp_rate(bool ofdm, u8 signal)
{
	unsigned int i;

	if (!ofdm)
		return (signal == 10 || signal == 20 || signal == 55 ||
			signal == 110) ? signal : 0;
	for (i = 0; i < ARRAY_SIZE(lg_ofdm_rates); i++)
		if ((signal & 0xF) == lg_ofdm_code(i))
			return lg_ofdm_rates[i].kbps100;
	return 0;
}

/*
 * Every CCK SIGNAL octet and every OFDM RATE: a known rate reaches
 * mac80211 as its index in the band; an unknown one is a PLCP failure,
 * dropped, or with FIF_PLCPFAIL handed on marked and with index 0.
 */
static void lg_rx_every_plcp_rate(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int pass, ofdm, signal, known = 0, failed = 0, bad = 0;

	for (pass = 0; pass < 2; pass++) {
		ctx->dev->wl->filter_flags = pass ? FIF_PLCPFAIL : 0;
		for (ofdm = 0; ofdm < 2; ofdm++) {
			for (signal = 0; signal < (ofdm ? 16 : 256); signal++) {
				unsigned int rate = lg_plcp_rate(ofdm, signal);
				struct ieee80211_rx_status *st;
				struct sk_buff *skb;

				skb = lg_rx_one(test, ctx,
						ofdm ? LG_PHYST0_OFDM : 0, 0,
						lg_chan(12), signal);
				if (!rate && !pass) {
					LG_CHECK(test, bad, !skb,
						 "OFDM %u SIGNAL 0x%02X",
						 ofdm, signal);
					kfree_skb(skb);
					continue;
				}
				LG_CHECK(test, bad, skb,
					 "OFDM %u SIGNAL 0x%02X, pass %u",
					 ofdm, signal, pass);
				if (!skb)
					continue;
				st = IEEE80211_SKB_RXCB(skb);
				if (rate) {
					LG_CHECK(test, bad,
						 st->rate_idx ==
						 lg_rate_idx(ctx, rate) &&
						 !(st->flag &
						   RX_FLAG_FAILED_PLCP_CRC),
						 "OFDM %u SIGNAL 0x%02X",
						 ofdm, signal);
					known++;
				} else {
					LG_CHECK(test, bad,
						 st->rate_idx == 0 &&
						 (st->flag &
						  RX_FLAG_FAILED_PLCP_CRC),
						 "OFDM %u SIGNAL 0x%02X",
						 ofdm, signal);
					failed++;
				}
				kfree_skb(skb);
			}
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, known, 2 * (4 + 8));
	KUNIT_EXPECT_EQ(test, failed, 252 + 8);
}

/*
 * @buf (@len bytes after the RX header) and a small frame after it, then
 * the interrupt: the frame reaches mac80211 without its PLCP header when
 * @whole, and the small frame after it is never lost.  Mismatches count
 * in @bad.
 */
static void lg_rx_then_small(struct kunit *test, struct lg_ctx *ctx,
			     const u8 *buf, unsigned int len, bool whole,
			     unsigned int *bad)
{
	struct sk_buff *skb;

	KUNIT_ASSERT_GT(test, b43_vcore_rx(ctx->vc, buf, LG_FRAMEOFFSET + len,
					   0), 0);
	lg_rx_small(test, ctx);
	lg_irq(ctx, 0, B43legacy_DMAIRQ_RX_DONE);
	if (whole) {
		skb = skb_dequeue(&ctx->rx);
		LG_CHECK(test, *bad, skb && skb->len == len - 6, "length %u",
			 len);
		kfree_skb(skb);
	}
	/* Then the small frame, and nothing else */
	skb = skb_dequeue(&ctx->rx);
	LG_CHECK(test, *bad, skb && skb->len == LG_SMALL_LEN - 6 &&
		 skb_queue_empty(&ctx->rx), "the frame after length %u", len);
	kfree_skb(skb);
	skb_queue_purge(&ctx->rx);
}

/*
 * Every frame length across what one RX buffer holds, and some of two and
 * three buffers, each followed by a small frame: a frame whose RX header
 * and bytes fit in the descriptor's byte count reaches mac80211 whole;
 * a longer one is dropped with the buffers it spans, and the next frame
 * is not lost.
 */
static void lg_rx_every_length_across_a_buffer(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int len, whole = 0, dropped = 0, bad = 0;

	for (len = LG_RX_ROOM - LG_FRAMEOFFSET - 40;
	     len <= 3 * LG_RX_ROOM; len++) {
		bool fits = LG_FRAMEOFFSET + len <= LG_RX_ROOM;

		if (len > LG_RX_ROOM + 40 && len % 97)
			continue;
		lg_rx_then_small(test, ctx,
				 lg_frame(test, len, 0, 0, lg_chan(12), 10),
				 len, fits, &bad);
		if (fits)
			whole++;
		else
			dropped++;
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, whole, 41);
	KUNIT_EXPECT_GT(test, dropped, 40);
}

/*
 * Every length too short to hold the PLCP header and the least an 802.11
 * frame carries (frame control, duration, address 1 and the FCS: an ACK,
 * IEEE 802.11-2020 9.3.1.4, 14 octets), and a few beyond: the short ones
 * are dropped, the rest reach mac80211 without their PLCP header; the
 * frame after each is not lost.
 */
static void lg_rx_every_short_length(struct kunit *test)
{
	const unsigned int least = 6 + 2 + 2 + ETH_ALEN + FCS_LEN;
	struct lg_ctx *ctx = lg_dma(test);
	unsigned int len, delivered = 0, bad = 0;

	for (len = 1; len <= least + 24; len++) {
		u8 *buf = lg_frame(test, least + 24, 0, 0, lg_chan(12), 10);

		put_unaligned_le16(len, buf + LG_RXH_LEN);
		lg_rx_then_small(test, ctx, buf, len, len >= least, &bad);
		delivered += len >= least;
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, delivered, 25);
}

/* A descriptor completed with nothing written: dropped, next frame on */
static void lg_rx_completion_without_data(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct sk_buff *skb;

	KUNIT_ASSERT_EQ(test, b43_vcore_rx(ctx->vc, NULL, 1,
					   B43_VCORE_RX_NO_DATA), 1);
	lg_rx_small(test, ctx);
	lg_irq(ctx, 0, B43legacy_DMAIRQ_RX_DONE);
	skb = lg_take(test, ctx);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	KUNIT_EXPECT_EQ(test, skb->len, LG_SMALL_LEN - 6);
	kfree_skb(skb);
}

/*
 * Every RX descriptor pointer that names no slot of the 64-slot ring (off
 * a descriptor boundary or past the ring, 0xFFF from a device gone):
 * nothing is taken from the ring.
 */
static void lg_rx_every_pointer_outside_ring(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct b43legacy_dmaring *ring = ctx->dev->dma.rx_ring0;
	int slot = ring->current_slot;
	unsigned int off, n = 0, bad = 0;

	for (off = 0; off < 0x1000; off++) {
		if (off % 8 == 0 && off / 8 < ring->nr_slots)
			continue;
		b43_vcore_rx_pointer(ctx->vc, off);
		lg_irq(ctx, 0, B43legacy_DMAIRQ_RX_DONE);
		LG_CHECK(test, bad, ring->current_slot == slot,
			 "pointer 0x%03X", off);
		n++;
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, n, 0x1000 - 64);
	KUNIT_EXPECT_TRUE(test, skb_queue_empty(&ctx->rx));
}

/* --- probe and removal ------------------------------------------------- */

/*
 * The guest has no b43legacy firmware, as a machine without the files:
 * removing the core still frees the driver's instance and clears the
 * core's pointers to it.
 */
static void lg_remove_without_firmware(struct kunit *test)
{
	struct lg_ctx *ctx = lg_probe(test);
	struct ssb_device *sdev = ctx->vc->sdev;

	KUNIT_ASSERT_NULL(test, ctx->dev->fw.ucode);
	b43legacy_remove(sdev);
	KUNIT_EXPECT_NULL(test, ssb_get_drvdata(sdev));
	KUNIT_EXPECT_NULL(test, ssb_get_devtypedata(sdev));
}

/* --- PIO ----------------------------------------------------------------- */

#if IS_ENABLED(CONFIG_B43LEGACY_PIO)
static void lg_pio_free(void *data)
{
	struct b43legacy_wldev *dev = data;

	b43legacy_pio_free(dev);
	dev->__using_pio = false;
}

/*
 * Every TX status cookie in PIO mode, with and without the PIO queues set
 * up: a cookie that names no queue or no packet of the 256-entry cache is
 * refused; none changes a queue's accounting, as no packet is in flight.
 */
static void lg_pio_txstatus_every_cookie(struct kunit *test)
{
	static const u16 base[] = { 0x300, 0x310, 0x320, 0x330 };
	struct lg_ctx *ctx = lg_probe(test);
	struct b43legacy_txstatus st = {};
	struct b43legacy_pioqueue *q[4];
	unsigned int cookie, i;

	lg_started(test, ctx);

	/* No queues: a core that was never put in PIO mode */
	for (cookie = 0; cookie <= 0xFFFF; cookie++) {
		st.cookie = cookie;
		b43legacy_pio_handle_txstatus(ctx->dev, &st);
	}

	/* Each queue's TX buffer size, which the core reports at +0x04 */
	for (i = 0; i < ARRAY_SIZE(base); i++)
		put_unaligned_le16(0x1000, &ctx->vc->mmio[base[i] + 4]);
	ctx->dev->__using_pio = true;
	KUNIT_ASSERT_EQ(test, 0, b43legacy_pio_init(ctx->dev));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_pio_free,
							   ctx->dev));
	q[0] = ctx->dev->pio.queue0;
	q[1] = ctx->dev->pio.queue1;
	q[2] = ctx->dev->pio.queue2;
	q[3] = ctx->dev->pio.queue3;
	for (cookie = 0; cookie <= 0xFFFF; cookie++) {
		st.cookie = cookie;
		b43legacy_pio_handle_txstatus(ctx->dev, &st);
	}
	for (i = 0; i < ARRAY_SIZE(q); i++) {
		KUNIT_ASSERT_NOT_NULL(test, q[i]);
		KUNIT_EXPECT_EQ_MSG(test, q[i]->tx_devq_packets, 0, "queue %u", i);
		KUNIT_EXPECT_EQ_MSG(test, q[i]->tx_devq_used, 0, "queue %u", i);
	}
}
#endif

/* --- firmware ------------------------------------------------------------ */

/*
 * Every initial value's offset/size word, one value per file: it is
 * written, at its offset and with its width, exactly when the whole
 * register lies in the core's window at an offset of its size [WIN];
 * otherwise the file is refused and nothing is written.
 */
static void lg_initvals_every_offset(struct kunit *test)
{
	struct lg_ctx *ctx = lg_probe(test);
	unsigned int word, written = 0, bad = 0;
	u8 iv[6];

	lg_started(test, ctx);

	for (word = 0; word <= 0xFFFF; word++) {
		bool bit32 = word & 0x8000;
		unsigned int off = word & 0x7FFF, width = bit32 ? 4 : 2;
		bool ok = off + width <= 0x1000 && off % width == 0;
		int err;

		put_unaligned_be16(word, iv);
		put_unaligned_be32(0, iv + 2);
		b43_vcore_log_clear(ctx->vc);
		err = b43legacy_write_initvals(ctx->dev, (const void *)iv, 1,
					       2 + width);
		LG_CHECK(test, bad, err == (ok ? 0 : -EPROTO) &&
			 ctx->vc->log_len == (ok ? 1 : 0),
			 "offset/size 0x%04X", word);
		if (ok && ctx->vc->log_len == 1) {
			LG_CHECK(test, bad, ctx->vc->log[0].offset == off &&
				 ctx->vc->log[0].width == width,
				 "offset/size 0x%04X", word);
			written++;
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, written, 0x1000 / 4 + 0x1000 / 2);
	KUNIT_EXPECT_EQ(test, ctx->vc->bad_access, 0);
}

/*
 * [FB] The RTS/CTS fallback rate (the rule, as bwn's bwn_get_fbrate() and
 * b43's suites have it): the next lower rate of the same modulation in
 * IEEE 802.11's rate order, 1 Mb/s falling back to itself and 6 Mb/s
 * OFDM to 5.5 Mb/s CCK (2.4 GHz, Clause 18 ERP).  Rates in 100 kb/s.
 */
static const struct {
	u16 rate, fallback;
} lg_fb[] = {
	{ 10, 10 }, { 20, 10 }, { 55, 20 }, { 110, 55 },
	{ 60, 55 }, { 90, 60 }, { 120, 90 }, { 180, 120 },
	{ 240, 180 }, { 360, 240 }, { 480, 360 }, { 540, 480 },
};

static unsigned int lg_fallback(unsigned int kbps100)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lg_fb); i++)
		if (lg_fb[i].rate == kbps100)
			return lg_fb[i].fallback;
	return 0;
}

/*
 * Whether @plcp is the PLCP header of @octets octets at @kbps100 [PLCP]: a
 * CCK SIGNAL octet and LENGTH in microseconds (16.2.3.5, 8 us per octet at
 * 1 Mb/s, rounded up), or an OFDM RATE and LENGTH in octets.
 */
static bool lg_plcp_is(const u8 *plcp, unsigned int kbps100,
		       unsigned int octets)
{
	u32 v = get_unaligned_le32(plcp);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lg_ofdm_rates); i++)
		if (lg_ofdm_rates[i].kbps100 == kbps100)
			return (v & 0xF) == lg_ofdm_code(i) &&
			       ((v >> 5) & 0xFFF) == octets;
	return plcp[0] == kbps100 &&
	       get_unaligned_le16(plcp + 2) == DIV_ROUND_UP(octets * 80,
							    kbps100);
}

#define LG_TXH_RTS_PLCP_FB	34	/* [TXH] */
#define LG_TXH_RTS_DUR_FB	38
#define LG_TXH_RTS_PLCP		52
#define LG_TXH_RTS_FRAME	58
#define LG_TXH_SENDRTS		0x0004	/* brcmsmac d11.h TXC_SENDRTS */

/*
 * A frame mac80211 wants protected, by RTS/CTS and by CTS-to-self, with
 * each of the band's rates as the protection rate: the header carries the
 * RTS (frame control 0x00B4, to address 1 from address 2; IEEE 802.11-2020
 * 9.3.1.2) or the CTS (0x00C4, 9.3.1.3; its RA is the frame's address 1,
 * which is what mac80211's ieee80211_ctstoself_get() puts there), 16 or 10
 * octets before the FCS, with its PLCP at the protection rate, its
 * fallback PLCP at the [FB] rate and the fallback duration the frame's
 * own [TXH]; an RTS is asked for in the MAC control word.  Each frame
 * then completes and leaves the ring empty.
 */
static void lg_dma_tx_protected_every_rate(struct kunit *test)
{
	struct lg_ctx *ctx = lg_dma(test);
	struct ieee80211_supported_band *sband =
		ctx->dev->wl->hw->wiphy->bands[NL80211_BAND_2GHZ];
	unsigned int i, cts, bad = 0, n = 0;

	KUNIT_ASSERT_EQ(test, sband->n_bitrates, ARRAY_SIZE(lg_fb));
	for (cts = 0; cts < 2; cts++) {
		for (i = 0; i < sband->n_bitrates; i++) {
			unsigned int rate = sband->bitrates[i].bitrate;
			unsigned int octets = (cts ? 10 : 16) + FCS_LEN;
			const struct b43_vcore_txframe *f;
			struct ieee80211_tx_info *info;
			const u8 *frame, *hdr;
			struct sk_buff *skb;

			skb = lg_data_frame(ctx, 200, i);
			info = IEEE80211_SKB_CB(skb);
			info->control.rates[0].flags |= cts ?
				IEEE80211_TX_RC_USE_CTS_PROTECT :
				IEEE80211_TX_RC_USE_RTS_CTS;
			info->control.rts_cts_rate_idx = i;
			KUNIT_ASSERT_EQ(test, b43legacy_dma_tx(ctx->dev, skb),
					0);
			KUNIT_ASSERT_EQ(test, ctx->vc->nr_txf, n + 1);
			f = &ctx->vc->txf[n++];
			KUNIT_ASSERT_GE(test, f->len, LG_TXH_LEN + 24);
			frame = f->data + LG_TXH_RTS_FRAME;
			hdr = f->data + LG_TXH_LEN;

			LG_CHECK(test, bad, get_unaligned_le16(frame) ==
				 (cts ? 0x00C4 : 0x00B4),
				 "cts %u, rate %u", cts, rate);
			LG_CHECK(test, bad, !memcmp(frame + 4, hdr + 4, ETH_ALEN),
				 "cts %u, rate %u", cts, rate);
			LG_CHECK(test, bad,
				 cts || !memcmp(frame + 10, hdr + 10, ETH_ALEN),
				 "rate %u", rate);
			LG_CHECK(test, bad, get_unaligned_le16(frame + 2) &&
				 !memcmp(f->data + LG_TXH_RTS_DUR_FB,
					 frame + 2, 2),
				 "cts %u, rate %u", cts, rate);
			LG_CHECK(test, bad, lg_plcp_is(f->data + LG_TXH_RTS_PLCP,
						       rate, octets),
				 "cts %u, rate %u", cts, rate);
			LG_CHECK(test, bad,
				 lg_plcp_is(f->data + LG_TXH_RTS_PLCP_FB,
					    lg_fallback(rate), octets),
				 "cts %u, rate %u", cts, rate);
			LG_CHECK(test, bad, cts ||
				 (get_unaligned_le32(f->data) &
				  LG_TXH_SENDRTS),
				 "rate %u", rate);
			lg_irq(ctx, B43legacy_IRQ_TX_OK, 0);
			LG_CHECK(test, bad,
				 !ctx->dev->dma.tx_ring1->used_slots,
				 "cts %u, rate %u", cts, rate);
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, ctx->vc->bad_access, 0);
}

/* --- TX power ------------------------------------------------------------ */

/*
 * b43legacy_phy_xmitpower() runs unchanged on the probed BCM4306, with what
 * b43legacy_wireless_core_init() sets up before it: the LO pairs, the TSSI
 * to dBm table.  Like b43's G-PHY (b43/tests/phy_txpower_kunit.c, whose
 * [TSSI], [ITSSI], [ATT] and [REG] this follows) it has no power target
 * register: it estimates what the radio sent from the TSSI the microcode
 * measured and moves the attenuators towards the power it wants, half of
 * the way each time.  The case plays the microcode and reads the
 * attenuators back from the registers they live in: the radio's in radio
 * register 0x43 and shared memory 0x64, the baseband's in bits 3-6 of PHY
 * register 0x60 for a PHY of analog type 1 (bcm-specs
 * "AttenuationControl"), and the radio 2050's TX control in bits 4-6 of
 * its register 0x52, whose effect on the power no document gives: a step
 * that changes it is counted, not judged.
 */
#define LG_SHM_TSSI_CCK		0x58	/* [TSSI], bytes */
#define LG_SHM_TSSI_OFDM	0x70
#define LG_SHM_RFATT		0x64
#define LG_PHY_BBATT		0x60
#define LG_RADIO_RFATT		0x43
#define LG_RADIO_TXCTL		0x52
#define LG_TGT_IDLE_TSSI	0x34	/* [ITSSI] */
#define LG_Q52_PER_BB		2	/* [ATT] */
#define LG_BB_PER_RF		4
#define LG_BB_MAX		11	/* bcm-specs "AttenuationControl" */
#define LG_RF_MAX		9
#define LG_LEVEL_DBM		30	/* above every limit */
#define LG_BB0			4	/* the start of each step */
#define LG_RF0			5

struct lg_tx {
	struct kunit *test;
	struct lg_ctx *ctx;
	struct ieee80211_channel chan;
	int rule_dbm;
	int tssi_step;
	unsigned int steps, at_end, txctl, off;
};

static void lg_tx_free(void *data)
{
	struct b43legacy_phy *phy = data;

	kfree(phy->_lo_pairs);
	phy->_lo_pairs = NULL;
}

static void lg_tx_start(struct kunit *test, struct lg_tx *t)
{
	struct b43legacy_phy *phy;
	struct ieee80211_hw *hw;

	memset(t, 0, sizeof(*t));
	t->test = test;
	t->rule_dbm = -1;
	t->tssi_step = 1;
	t->ctx = lg_probe(test);
	lg_started(test, t->ctx);
	phy = &t->ctx->dev->phy;
	KUNIT_ASSERT_EQ(test, phy->type, B43legacy_PHYTYPE_G);
	KUNIT_ASSERT_EQ(test, phy->analog, 1);
	phy->_lo_pairs = kcalloc(B43legacy_LO_COUNT, sizeof(*phy->_lo_pairs),
				 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, phy->_lo_pairs);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, lg_tx_free,
							   phy));
	/* No PA values in the SPROM: the default table [ITSSI] */
	KUNIT_ASSERT_EQ(test, 0, b43legacy_phy_init_tssi2dbm_table(t->ctx->dev));
	KUNIT_ASSERT_EQ(test, phy->idle_tssi, LG_TGT_IDLE_TSSI);
	KUNIT_ASSERT_FALSE(test, phy->dyn_tssi_tbl);
	/* What b43legacy_phy_init_pctl() reads from PHY register 0x29 */
	phy->savedpctlreg = LG_TGT_IDLE_TSSI;
	phy->power_level = LG_LEVEL_DBM;

	/* The test's own copy of the first channel: its limits are the test's */
	hw = t->ctx->dev->wl->hw;
	t->chan = hw->wiphy->bands[NL80211_BAND_2GHZ]->channels[0];
	cfg80211_chandef_create(&hw->conf.chandef, &t->chan,
				NL80211_CHAN_NO_HT);
}

/*
 * [REG] the most the radio may send, Q5.2: from the channel's EIRP, or from
 * the database rule's when the case read one (@t->rule_dbm)
 */
static int lg_tx_limit(const struct lg_tx *t)
{
	const struct ssb_sprom *sprom = &t->ctx->vc->bus.sprom;
	int eirp = t->rule_dbm >= 0 ? t->rule_dbm :
		   min(t->chan.max_reg_power, t->chan.max_power);
	int lim = 4 * eirp - max_t(int, sprom->antenna_gain.a0, 0);

	lim = min3(lim, 4 * LG_LEVEL_DBM, (int)sprom->maxpwr_bg);
	return max(lim, 0);
}

/*
 * Every TSSI the microcode can report, each from the same attenuation: a
 * radio that sent no more than it may sends no more after the step; one
 * that sent more is turned down, unless both attenuators are at their
 * ends already.
 */
static void lg_tx_sweep(struct lg_tx *t)
{
	struct b43_vcore *vc = t->ctx->vc;
	struct b43legacy_wldev *dev = t->ctx->dev;
	u32 *shm = vc->obj[B43_VCORE_OBJ_SHARED];
	const int lim = lg_tx_limit(t);
	int tssi, est, bb, rf, sent;

	for (tssi = 1; tssi < 0x40; tssi += t->tssi_step) {
		/* The attenuators as an earlier step left them */
		dev->phy.bbatt = LG_BB0;
		dev->phy.rfatt = LG_RF0;
		dev->phy.txctl1 = 0;
		vc->phy[LG_PHY_BBATT] = LG_BB0 << 3;
		vc->radio[LG_RADIO_RFATT] = LG_RF0;
		vc->radio[LG_RADIO_TXCTL] = 0;
		shm[LG_SHM_RFATT / 4] = LG_RF0;
		/* [TSSI] four CCK frames measured, no OFDM frame */
		shm[LG_SHM_TSSI_CCK / 4] = tssi * 0x01010101u;
		shm[LG_SHM_TSSI_OFDM / 4] = 0x7F7F7F7F;
		est = dev->phy.tssi2dbm[tssi];

		b43legacy_phy_xmitpower(dev);

		bb = (vc->phy[LG_PHY_BBATT] >> 3) & 0xF;
		rf = vc->radio[LG_RADIO_RFATT] & 0xF;
		KUNIT_EXPECT_EQ(t->test, rf, shm[LG_SHM_RFATT / 4] & 0xFFFF);
		t->steps++;
		if ((vc->radio[LG_RADIO_TXCTL] >> 4) & 0x7) {
			t->txctl++;
			continue;
		}
		sent = est - LG_Q52_PER_BB * (bb - LG_BB0) -
		       LG_Q52_PER_BB * LG_BB_PER_RF * (rf - LG_RF0);
		if (est <= lim ? sent <= lim : sent < est)
			continue;
		if (est > lim && bb == LG_BB_MAX && rf == LG_RF_MAX) {
			t->at_end++;
			continue;
		}
		if (t->off++ < LG_REPORTS)
			KUNIT_FAIL(t->test,
				   "EIRP %d/%d dBm, gain %d (Q5.2), TSSI %d: sent %d, sends %d, may send %d (Q5.2)",
				   t->chan.max_reg_power, t->chan.max_power,
				   vc->bus.sprom.antenna_gain.a0, tssi, est,
				   sent, lim);
	}
}

/*
 * Every channel limit from 0 to 30 dBm, as the regulatory limit or as
 * cfg80211's own, with antenna gains of 0 to 10 dBi
 */
static void lg_txpower_within_channel_limit(struct kunit *test)
{
	static const s8 gains_dbi[] = { 0, 2, 5, 10 };
	struct lg_tx t;
	int dbm, gi;

	lg_tx_start(test, &t);
	for (dbm = 0; dbm <= 30; dbm++) {
		for (gi = 0; gi < ARRAY_SIZE(gains_dbi); gi++) {
			t.chan.max_reg_power = gi % 2 ? 30 : dbm;
			t.chan.max_power = gi % 2 ? dbm : 30;
			t.ctx->vc->bus.sprom.antenna_gain.a0 = 4 * gains_dbi[gi];
			lg_tx_sweep(&t);
		}
	}
	kunit_info(test, "%u steps, %u with both attenuators at their ends, %u with the TX control changed, %u off\n",
		   t.steps, t.at_end, t.txctl, t.off);
	KUNIT_EXPECT_EQ(test, t.off, 0);
	KUNIT_EXPECT_GT(test, t.steps - t.txctl, t.steps / 2);
	KUNIT_EXPECT_EQ(test, t.ctx->vc->bad_access, 0);
}

/*
 * Every country of wireless-regdb (the guest's regulatory.db, read by b43's
 * suites' reader, regdb.c) on every channel of b43legacy's own 2.4 GHz
 * band as cfg80211 maps the country onto it: each enabled channel, with
 * the limits cfg80211 gives it, is checked as above against the EIRP of
 * the database rule that holds it less the SPROM's antenna gain (0 and
 * 10 dBi), every 8th TSSI.  An enabled channel no rule holds is a
 * violation in itself.
 */
static void lg_regulatory_every_country(struct kunit *test)
{
	struct ieee80211_supported_band *copy[1];
	const struct ieee80211_supported_band *bands[1];
	unsigned int ci, ch, checked = 0, disabled = 0, norule = 0;
	struct b43_regdb *db;
	struct wiphy *wiphy;
	struct lg_tx t;

	lg_tx_start(test, &t);
	bands[0] = t.ctx->dev->wl->hw->wiphy->bands[NL80211_BAND_2GHZ];
	db = b43_regdb_load(test, NULL, NULL);
	wiphy = b43_regdb_wiphy(test);
	t.tssi_step = 8;
	for (ci = 0; ci < db->nr_countries; ci++) {
		b43_regdb_apply(test, wiphy, db, ci, bands, 1, copy);
		for (ch = 0; ch < copy[0]->n_channels; ch++) {
			const struct ieee80211_channel *c =
				&copy[0]->channels[ch];
			int eirp;

			if (c->flags & IEEE80211_CHAN_DISABLED) {
				disabled++;
				continue;
			}
			eirp = b43_regdb_rule_eirp(db, ci, c->center_freq);
			if (eirp < 0) {
				if (norule++ < LG_REPORTS)
					KUNIT_FAIL(test, "%s %u MHz: enabled, but no rule holds it",
						   db->countries[ci].alpha2,
						   c->center_freq);
				continue;
			}
			t.chan = *c;
			t.rule_dbm = eirp / 100;  /* mBm: whole dBm */
			t.ctx->vc->bus.sprom.antenna_gain.a0 = ch % 2 ? 40 : 0;
			lg_tx_sweep(&t);
			checked++;
		}
		b43_regdb_unapply(test, wiphy, copy, 1);
	}
	kunit_info(test, "%u countries: %u channels checked, %u disabled, %u steps, %u with both attenuators at their ends, %u with the TX control changed, %u off\n",
		   db->nr_countries, checked, disabled, t.steps, t.at_end,
		   t.txctl, t.off);
	KUNIT_EXPECT_EQ(test, t.off + norule, 0);
	KUNIT_EXPECT_GT(test, checked, 0);
	KUNIT_EXPECT_EQ(test, t.ctx->vc->bad_access, 0);
}

/* --- PLCP and LEDs --------------------------------------------------------- */

/* Every OFDM rate and LENGTH: the SIGNAL field holds both whole [PLCP] */
static void lg_plcp_ofdm_every_length(struct kunit *test)
{
	static const u8 rates[] = { 12, 18, 24, 36, 48, 72, 96, 108 };
	struct b43legacy_plcp_hdr4 plcp;
	unsigned int i, octets, bad = 0;

	for (i = 0; i < ARRAY_SIZE(rates); i++) {
		u32 code = 0;
		unsigned int j;

		/* b43legacy's OFDM rate values are in 500 kb/s */
		for (j = 0; j < ARRAY_SIZE(lg_ofdm_rates); j++)
			if (lg_ofdm_rates[j].kbps100 == rates[i] * 5)
				code = lg_ofdm_code(j);
		KUNIT_ASSERT_NE(test, code, 0);
		for (octets = 0; octets < 0x1000; octets++) {
			memset(&plcp, 0xA5, sizeof(plcp));
			b43legacy_generate_plcp_hdr(&plcp, octets, rates[i]);
			LG_CHECK(test, bad,
				 le32_to_cpu(plcp.data) == (code | octets << 5),
				 "rate %u, %u octets", rates[i], octets);
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

#if IS_ENABLED(CONFIG_B43LEGACY_LEDS)
static bool lg_led0(struct b43legacy_wldev *dev)
{
	return (dev->led_tx.dev && dev->led_tx.index == 0) ||
	       (dev->led_rx.dev && dev->led_rx.index == 0) ||
	       (dev->led_assoc.dev && dev->led_assoc.index == 0) ||
	       (dev->led_radio.dev && dev->led_radio.index == 0);
}

/*
 * Every SPROM byte of LED 0 (the others say "no behaviour"): a behaviour
 * above the last the driver knows (bits 0-6 above 11) leaves LED 0 alone.
 * b43legacy_map_led()'s default case has always done so: unlike b43,
 * b43legacy passes the value on in a local and stores it nowhere, so no
 * load of it is out of the enum's range for UBSAN either.
 */
static void lg_leds_every_sprom_byte(struct kunit *test)
{
	struct lg_ctx *ctx = lg_probe(test);
	struct ssb_sprom *sprom = &ctx->vc->bus.sprom;
	unsigned int byte, unknown = 0, bad = 0;

	sprom->gpio1 = 0x0B;
	sprom->gpio2 = 0x0B;
	sprom->gpio3 = 0x0B;
	for (byte = 0; byte < 0xFF; byte++) {
		sprom->gpio0 = byte;
		b43legacy_leds_init(ctx->dev);
		if ((byte & 0x7F) > 11) {
			LG_CHECK(test, bad, !lg_led0(ctx->dev),
				 "SPROM byte 0x%02X", byte);
			unknown++;
		}
		b43legacy_leds_exit(ctx->dev);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_EQ(test, unknown, 2 * (128 - 12) - 1);
}
#endif

static struct kunit_case lg_drv_dma_cases[] = {
	KUNIT_CASE(lg_dma_tx_one_frame),
	KUNIT_CASE(lg_dma_tx_full_ring),
	KUNIT_CASE(lg_dma_tx_fallback_rate),
	KUNIT_CASE(lg_dma_tx_hw_key),
	KUNIT_CASE(lg_dma_tx_protected_every_rate),
	KUNIT_CASE(lg_txstatus_every_cookie_idle),
	KUNIT_CASE(lg_txstatus_fifo_all_ones_and_garbage),
	KUNIT_CASE(lg_rx_frame),
	KUNIT_CASE(lg_rx_every_channel_id),
	KUNIT_CASE(lg_rx_failed_checks_marked),
	KUNIT_CASE(lg_rx_every_key_index),
	KUNIT_CASE(lg_rx_decrypted),
	KUNIT_CASE(lg_rx_beacon_mactime),
	KUNIT_CASE(lg_rx_every_plcp_rate),
	KUNIT_CASE(lg_rx_every_length_across_a_buffer),
	KUNIT_CASE(lg_rx_every_short_length),
	KUNIT_CASE(lg_rx_completion_without_data),
	KUNIT_CASE(lg_rx_every_pointer_outside_ring),
	{}
};

static struct kunit_suite lg_drv_dma_suite = {
	.name = "b43legacy_drv_dma",
	.test_cases = lg_drv_dma_cases,
};

static struct kunit_case lg_drv_cases[] = {
	KUNIT_CASE(lg_remove_without_firmware),
#if IS_ENABLED(CONFIG_B43LEGACY_PIO)
	KUNIT_CASE(lg_pio_txstatus_every_cookie),
#endif
	KUNIT_CASE(lg_initvals_every_offset),
	KUNIT_CASE(lg_txpower_within_channel_limit),
	KUNIT_CASE(lg_regulatory_every_country),
	KUNIT_CASE(lg_plcp_ofdm_every_length),
#if IS_ENABLED(CONFIG_B43LEGACY_LEDS)
	KUNIT_CASE(lg_leds_every_sprom_byte),
#endif
	{}
};

static struct kunit_suite lg_drv_suite = {
	.name = "b43legacy_drv",
	.test_cases = lg_drv_cases,
};

kunit_test_suites(&lg_drv_dma_suite, &lg_drv_suite);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for the b43legacy driver");
