/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom B43 wireless driver
 * The inputs of b43_generate_txhdr() for the comparison with 6.12
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/main.c, whose copyright notices follow:
 *   Copyright (c) 2005 Martin Langer <martin-langer@gmx.de>
 *   Copyright (c) 2005 Stefano Brivio <stefano.brivio@polimi.it>
 *   Copyright (c) 2005-2009 Michael Buesch <m@bues.ch>
 *   Copyright (c) 2005 Danny van Dyk <kugelfang@gentoo.org>
 *   Copyright (c) 2005 Andreas Jaggi <andreas.jaggi@waterwave.ch>
 *   Copyright (c) 2010-2011 Rafał Miłecki <zajec5@gmail.com>
 *   Copyright (c) 2009 Albert Herranz <albert_herranz@yahoo.es>
 *   Some parts of the code in this file are derived from the ipw2200
 *   driver  Copyright(c) 2003 - 2004 Intel Corporation.
 *
 * A device, mac80211 hardware and frames that drive b43_generate_txhdr()
 * through mac80211's real rate and duration helpers, generated from a
 * vector's index alone.  This header is compiled twice: into the unpatched
 * 6.12 driver, with a recorder that prints what 6.12's function gives for
 * each vector (kept as txhdr612_vectors.h), and into the b43_txhdr612
 * suite, which checks that today's function gives the same.  It may use
 * only what 6.12 has.
 *
 * Every input is one 6.12 handled without a defect: a rate index mac80211
 * has, a frame long enough for its header and IV, a key index inside the
 * table.  TKIP is left out: its phase 1 key comes from mac80211's private
 * key structure, which a test cannot make.
 */
#ifndef B43_TESTS_TXHDR612_H_
#define B43_TESTS_TXHDR612_H_

#include <kunit/test.h>
#include <linux/crc32.h>
#include <linux/prandom.h>
#include <linux/skbuff.h>
#include <linux/unaligned.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../xmit.h"

#define B43_TXHDR612_SEED	0x20261205u
#define B43_TXHDR612_COUNT	1024

/* What 6.12 gave for one input: its return value, rates[0].count, and a
 * CRC-32 (as zlib computes it) of b43_txhdr_size() bytes of the header.
 */
struct b43_txhdr612_vec {
	s16 ret;
	u8 count;
	u32 crc;
};

/* b43's bitrate table (main.c __b43_ratetable): 100 kbit/s, b43's code */
#define B43_TXHDR612_RATE(code, fl) \
	{ .bitrate = (code) * 5, .hw_value = (code), .flags = (fl) }

struct b43_txhdr612_fix {
	struct ieee80211_hw *hw;
	struct b43_wldev *dev;
	struct ieee80211_rate rates[12];
	struct ieee80211_channel chan2, chan5;
	struct ieee80211_supported_band band2, band5;
	struct ieee80211_key_conf key;
	/* The largest header, and a guard 6.12's memset() may clear */
	u8 hdr[sizeof(struct b43_txhdr) + 16];
};

static int b43_txhdr612_op_start(struct ieee80211_hw *hw)
{
	return 0;
}

static void b43_txhdr612_op_stop(struct ieee80211_hw *hw, bool suspend)
{
}

static void b43_txhdr612_op_tx(struct ieee80211_hw *hw,
			       struct ieee80211_tx_control *control,
			       struct sk_buff *skb)
{
}

static int b43_txhdr612_op_config(struct ieee80211_hw *hw, u32 changed)
{
	return 0;
}

static int b43_txhdr612_op_add_if(struct ieee80211_hw *hw,
				  struct ieee80211_vif *vif)
{
	return 0;
}

static void b43_txhdr612_op_remove_if(struct ieee80211_hw *hw,
				      struct ieee80211_vif *vif)
{
}

static void b43_txhdr612_op_filter(struct ieee80211_hw *hw,
				   unsigned int changed, unsigned int *total,
				   u64 multicast)
{
}

static const struct ieee80211_ops b43_txhdr612_ops = {
	.tx = b43_txhdr612_op_tx,
	.wake_tx_queue = ieee80211_handle_wake_tx_queue,
	.start = b43_txhdr612_op_start,
	.stop = b43_txhdr612_op_stop,
	.config = b43_txhdr612_op_config,
	.add_interface = b43_txhdr612_op_add_if,
	.remove_interface = b43_txhdr612_op_remove_if,
	.configure_filter = b43_txhdr612_op_filter,
	.add_chanctx = ieee80211_emulate_add_chanctx,
	.remove_chanctx = ieee80211_emulate_remove_chanctx,
	.change_chanctx = ieee80211_emulate_change_chanctx,
	.switch_vif_chanctx = ieee80211_emulate_switch_vif_chanctx,
};

static void b43_txhdr612_free_hw(void *hw)
{
	ieee80211_free_hw(hw);
}

/* The hardware and device every vector uses; fields vary per vector. */
static struct b43_txhdr612_fix *b43_txhdr612_fixture(struct kunit *test)
{
	static const struct ieee80211_rate rates[] = {
		B43_TXHDR612_RATE(B43_CCK_RATE_1MB, 0),
		B43_TXHDR612_RATE(B43_CCK_RATE_2MB,
				  IEEE80211_RATE_SHORT_PREAMBLE),
		B43_TXHDR612_RATE(B43_CCK_RATE_5MB,
				  IEEE80211_RATE_SHORT_PREAMBLE),
		B43_TXHDR612_RATE(B43_CCK_RATE_11MB,
				  IEEE80211_RATE_SHORT_PREAMBLE),
		B43_TXHDR612_RATE(B43_OFDM_RATE_6MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_9MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_12MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_18MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_24MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_36MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_48MB, 0),
		B43_TXHDR612_RATE(B43_OFDM_RATE_54MB, 0),
	};
	struct b43_txhdr612_fix *f = kunit_kzalloc(test, sizeof(*f),
						   GFP_KERNEL);
	struct b43_wl *wl;
	int err;

	KUNIT_ASSERT_NOT_NULL(test, f);
	f->hw = ieee80211_alloc_hw(sizeof(*wl), &b43_txhdr612_ops);
	KUNIT_ASSERT_NOT_NULL(test, f->hw);
	err = kunit_add_action_or_reset(test, b43_txhdr612_free_hw, f->hw);
	KUNIT_ASSERT_EQ(test, 0, err);
	f->dev = kunit_kzalloc(test, sizeof(*f->dev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->dev);
	wl = f->hw->priv;
	wl->hw = f->hw;
	f->dev->wl = wl;

	memcpy(f->rates, rates, sizeof(rates));
	f->chan2 = (struct ieee80211_channel) {
		.band = NL80211_BAND_2GHZ, .center_freq = 2437,
	};
	f->chan5 = (struct ieee80211_channel) {
		.band = NL80211_BAND_5GHZ, .center_freq = 5180,
	};
	f->band2 = (struct ieee80211_supported_band) {
		.band = NL80211_BAND_2GHZ, .channels = &f->chan2,
		.n_channels = 1, .bitrates = f->rates, .n_bitrates = 12,
	};
	f->band5 = (struct ieee80211_supported_band) {
		.band = NL80211_BAND_5GHZ, .channels = &f->chan5,
		.n_channels = 1, .bitrates = f->rates + 4, .n_bitrates = 8,
	};
	f->hw->wiphy->bands[NL80211_BAND_2GHZ] = &f->band2;
	f->hw->wiphy->bands[NL80211_BAND_5GHZ] = &f->band5;
	return f;
}

static u32 b43_txhdr612_pick(struct rnd_state *st, u32 n)
{
	return prandom_u32_state(st) % n;
}

/*
 * prandom_bytes_state() stores each 32-bit word in CPU byte order, so the
 * same seed gives other bytes on a big-endian guest.  The vectors are
 * recorded on x86_64: fill little-endian, which is what prandom_bytes_state()
 * gives there, on every guest.
 */
static void b43_txhdr612_bytes(struct rnd_state *st, u8 *p, size_t n)
{
	u32 w;

	for (; n >= 4; n -= 4, p += 4)
		put_unaligned_le32(prandom_u32_state(st), p);
	for (w = n ? prandom_u32_state(st) : 0; n; n--, w >>= 8)
		*p++ = w;
}

/*
 * Vector @i: set up the device and hardware, and build the frame and its
 * TX info in a new skb (freed by the caller).  Everything follows from @i.
 */
static struct sk_buff *b43_txhdr612_input(struct kunit *test,
					  struct b43_txhdr612_fix *f,
					  unsigned int i)
{
	static const u8 phys[] = {
		B43_PHYTYPE_G, B43_PHYTYPE_N, B43_PHYTYPE_LP, B43_PHYTYPE_HT,
	};
	static const u8 ch5[] = { 36, 40, 44, 48, 52, 100, 149, 165 };
	struct b43_wldev *dev = f->dev;
	struct ieee80211_tx_info *info;
	struct ieee80211_hdr *hdr;
	struct ieee80211_supported_band *sband;
	struct rnd_state st;
	struct sk_buff *skb;
	unsigned int hdrlen, len, key, k;
	__le16 fc;
	u32 r;

	prandom_seed_state(&st, B43_TXHDR612_SEED ^ (i * 0x9E3779B9u));
	memset(dev->key, 0, sizeof(dev->key));

	dev->fw.hdr_format = b43_txhdr612_pick(&st, 3);
	switch (dev->fw.hdr_format) {
	case B43_FW_HDR_598:
		dev->fw.rev = 598 + b43_txhdr612_pick(&st, 200);
		break;
	case B43_FW_HDR_410:
		dev->fw.rev = 410 + b43_txhdr612_pick(&st, 188);
		break;
	default:
		/* Below 351 the firmware takes the old key indices */
		dev->fw.rev = 0x129 + b43_txhdr612_pick(&st, 410 - 0x129);
		break;
	}
	dev->phy.type = phys[b43_txhdr612_pick(&st, ARRAY_SIZE(phys))];
	dev->phy.gmode = dev->phy.type == B43_PHYTYPE_G ||
			 b43_txhdr612_pick(&st, 2);
	dev->phy.channel = dev->phy.gmode ? 1 + b43_txhdr612_pick(&st, 14) :
			   ch5[b43_txhdr612_pick(&st, ARRAY_SIZE(ch5))];
	f->hw->conf.long_frame_max_tx_count = 1 + b43_txhdr612_pick(&st, 15);
	f->hw->conf.short_frame_max_tx_count = 1 + b43_txhdr612_pick(&st, 15);
	sband = dev->phy.gmode ? &f->band2 : &f->band5;

	/* Data or management frame, with any flags but the protected bit */
	r = prandom_u32_state(&st);
	fc = cpu_to_le16((b43_txhdr612_pick(&st, 2) ? IEEE80211_FTYPE_DATA |
			  (r & IEEE80211_STYPE_QOS_DATA) :
			  IEEE80211_FTYPE_MGMT | (r & 0xF0)) |
			 ((r >> 8) & 0x3B00));
	key = b43_txhdr612_pick(&st, 4);	/* none, WEP40, CCMP, gone */
	if (key)
		fc |= cpu_to_le16(IEEE80211_FCTL_PROTECTED);
	hdrlen = ieee80211_hdrlen(fc);
	len = hdrlen + (key ? 8 : 0) + b43_txhdr612_pick(&st, 1501);

	skb = alloc_skb(len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, skb);
	b43_txhdr612_bytes(&st, skb_put(skb, len), len);
	hdr = (struct ieee80211_hdr *)skb->data;
	hdr->frame_control = fc;
	switch (b43_txhdr612_pick(&st, 4)) {
	case 0:
		hdr->duration_id = 0;
		break;
	case 1:
		hdr->duration_id |= cpu_to_le16(0x8000);
		break;
	default:
		hdr->duration_id &= cpu_to_le16(0x7FFF);
		break;
	}

	info = IEEE80211_SKB_CB(skb);
	memset(info, 0, sizeof(*info));
	info->band = sband->band;
	r = prandom_u32_state(&st);
	if (r & 1)
		info->flags |= IEEE80211_TX_CTL_NO_ACK;
	if (r & 2)
		info->flags |= IEEE80211_TX_CTL_ASSIGN_SEQ;
	if (r & 4)
		info->flags |= IEEE80211_TX_CTL_FIRST_FRAGMENT;
	info->control.rates[0].idx = b43_txhdr612_pick(&st, sband->n_bitrates);
	info->control.rates[0].count = 1 + b43_txhdr612_pick(&st, 15);
	if (r & 8)
		info->control.rates[0].flags |= IEEE80211_TX_RC_USE_RTS_CTS;
	if (r & 16)
		info->control.rates[0].flags |= IEEE80211_TX_RC_USE_CTS_PROTECT;
	if (r & 32)
		info->control.rates[0].flags |=
			IEEE80211_TX_RC_USE_SHORT_PREAMBLE;
	info->control.rates[1].idx = (r & 64) ? -1 :
		(s8)b43_txhdr612_pick(&st, sband->n_bitrates);
	info->control.rates[1].count = 2;
	info->control.rates[2].idx = -1;
	info->control.rts_cts_rate_idx = b43_txhdr612_pick(&st,
							   sband->n_bitrates);

	if (key) {
		k = b43_txhdr612_pick(&st, ARRAY_SIZE(dev->key));
		f->key = (struct ieee80211_key_conf) {
			.cipher = key == 1 ? WLAN_CIPHER_SUITE_WEP40 :
					     WLAN_CIPHER_SUITE_CCMP,
			.hw_key_idx = k,
			.iv_len = key == 1 ? IEEE80211_WEP_IV_LEN :
					     IEEE80211_CCMP_HDR_LEN,
			.icv_len = key == 1 ? IEEE80211_WEP_ICV_LEN :
					      IEEE80211_CCMP_MIC_LEN,
		};
		info->control.hw_key = &f->key;
		if (key != 3) {
			dev->key[k].keyconf = &f->key;
			dev->key[k].algorithm = key == 1 ? B43_SEC_ALGO_WEP40 :
						B43_SEC_ALGO_AES;
		}
	}
	return skb;
}

/* Run b43_generate_txhdr() on vector @i; what it gave, as recorded */
static struct b43_txhdr612_vec b43_txhdr612_run(struct kunit *test,
						struct b43_txhdr612_fix *f,
						unsigned int i)
{
	struct sk_buff *skb = b43_txhdr612_input(test, f, i);
	struct ieee80211_tx_info *info = IEEE80211_SKB_CB(skb);
	u16 cookie = 0x1000 + (i & 0x0FFF);
	struct b43_txhdr612_vec v;

	memset(f->hdr, 0xA5, sizeof(f->hdr));
	v.ret = b43_generate_txhdr(f->dev, f->hdr, skb, info, cookie);
	v.count = info->control.rates[0].count;
	v.crc = v.ret ? 0 : ~crc32_le(~0, f->hdr, b43_txhdr_size(f->dev));
	kfree_skb(skb);
	return v;
}

#endif /* B43_TESTS_TXHDR612_H_ */
