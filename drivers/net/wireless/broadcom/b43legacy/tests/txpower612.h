/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43legacy wireless driver
 * The inputs of b43legacy's TX power path for the comparison with 6.12
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43LEGACY_TESTS_TXPOWER612_H_
#define B43LEGACY_TESTS_TXPOWER612_H_

/**
 * DOC: b43legacy's TX power against the unpatched driver
 *
 * The same comparison as b43's (b43/tests/txpower612.h, whose DOC block
 * says how the record is made) for b43legacy's one TX power path: mac80211's
 * level through b43legacy_op_dev_config(), then
 * b43legacy_phy_xmitpower(), on a BCM4306 (G-PHY, radio 2050 revision 2)
 * probed on the virtual core and taken as started.  The recording tree
 * has, besides b43's seams, b43legacy_probe(), b43legacy_remove() and
 * b43legacy_op_dev_config() made visible.
 *
 * The vectors come in groups (B43LG_TXP612_GROUPS), each on a core of its
 * own whose SPROM is drawn before the probe: the maximum (0, which the
 * driver replaces by 18.5 dBm, up to 30 dBm), the PA control flag, the
 * antenna gain (-2 to 10 dBi).
 *
 * LG    A vector: a limit of channel 1 (max_reg_power or max_power, 0 to
 *       30 dBm), a level through b43legacy_op_dev_config() (0 to 30 dBm),
 *       attenuations and TX control to start from and the TSSI the
 *       microcode measured; one b43legacy_phy_xmitpower().
 * LGSW  the core on one channel with its limit and level, the same
 *       attenuations (baseband 4, radio 5, TX control 0) and a TSSI, then
 *       tuned through b43legacy_op_dev_config() alone to another channel
 *       with a limit of its own.
 *
 * Output: baseband attenuation (PHY 0x60 bits 3-6), radio attenuation
 * (radio 0x43 bits 0-3), the radio's TX control (radio 0x52 bits 4-6).
 * One radio step is four baseband steps of 0.5 dB (bcm-specs
 * "AttenuationControl"); what the TX control does to the power no
 * document gives, so an output whose TX control differs is not ordered.
 */

#include <kunit/test.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <net/mac80211.h>

#include "../b43legacy.h"
#include "../main.h"
#include "../phy.h"
#include "../../b43/tests/vcore.h"

#define B43LG_TXP612_SEED	0x20261208u

enum b43lg_txp612_kind {
	B43LG_TXP612_LG,
	B43LG_TXP612_LGSW,
	B43LG_TXP612_NR_KINDS,
};

#define B43LG_TXP612_NR_LG	512
#define B43LG_TXP612_NR_SW	64
#define B43LG_TXP612_GROUPS	8

struct b43lg_txp612_out {
	u16 v[4];
};

static const char *const b43lg_txp612_kind_name[B43LG_TXP612_NR_KINDS] = {
	"LG", "LGSW",
};

static inline unsigned int b43lg_txp612_count(enum b43lg_txp612_kind k)
{
	return k == B43LG_TXP612_LG ? B43LG_TXP612_NR_LG : B43LG_TXP612_NR_SW;
}

#define TXP612LG_SHM_TSSI_CCK	0x58
#define TXP612LG_SHM_TSSI_OFDM	0x70
#define TXP612LG_SHM_RFATT	0x64
#define TXP612LG_PHY_BBATT	0x60
#define TXP612LG_RADIO_RFATT	0x43
#define TXP612LG_RADIO_TXCTL	0x52
#define TXP612LG_IDLE_TSSI	0x34
#define TXP612LG_NO_TSSI	0x7F7F7F7Fu

/* A BCM4306: G-PHY of analog type 1, radio 2050 revision 2 */
static const struct b43_vcore_cfg b43lg_txp612_bcm4306 = {
	.chip_id = 0x4306,
	.chip_rev = 2,
	.core_rev = 4,
	.phy_ver = 0x1201,
	.radio_id = 0x2205017F,
	.fw_rev = 0x127,
	.fw_patch = 14,
};

static const struct ssb_device_id b43lg_txp612_id =
	SSB_DEVICE(SSB_VENDOR_BROADCOM, SSB_DEV_80211, 4);

/* Antenna gains, Q5.2 (the SPROM byte is signed): -2, 0, 2, 5, 10 dBi */
static const s8 b43lg_txp612_gain[] = { -8, 0, 8, 20, 40 };

/* Channels 1, 6, 11, 13 and 14 */
static const u16 b43lg_txp612_freq[] = { 2412, 2437, 2462, 2472, 2484 };

struct b43lg_txp612 {
	struct kunit *test;
	struct b43_vcore *vc;
	struct b43legacy_wldev *dev;
	struct ieee80211_channel chan;	/* the tuned channel, the test's */
};

static inline struct rnd_state b43lg_txp612_rnd(enum b43lg_txp612_kind k,
						unsigned int i)
{
	struct rnd_state rs;

	prandom_seed_state(&rs, B43LG_TXP612_SEED ^ ((u64)k << 32) ^ i);
	return rs;
}

static inline u32 b43lg_txp612_pick(struct rnd_state *rs, u32 n)
{
	return prandom_u32_state(rs) % n;
}

/* A level mac80211 may give: 0 dBm often, the rest of 1 to 30 */
static inline int b43lg_txp612_level(struct rnd_state *rs)
{
	if (b43lg_txp612_pick(rs, 6) == 0)
		return 0;
	return 1 + b43lg_txp612_pick(rs, 30);
}

/* A channel's limits: one of max_reg_power and max_power is 0 to 30 dBm */
static inline void b43lg_txp612_limits(struct rnd_state *rs,
				       struct ieee80211_channel *chan)
{
	int dbm = b43lg_txp612_pick(rs, 31);
	bool reg = b43lg_txp612_pick(rs, 2);

	chan->max_reg_power = reg ? dbm : 40;
	chan->max_power = reg ? 40 : dbm;
}

static inline void b43lg_txp612_lo_free(void *data)
{
	struct b43legacy_phy *phy = data;

	kfree(phy->_lo_pairs);
	phy->_lo_pairs = NULL;
}

static inline void b43lg_txp612_stop(void *data)
{
	b43legacy_set_status((struct b43legacy_wldev *)data,
			     B43legacy_STAT_UNINIT);
}

static inline void b43lg_txp612_remove(void *data)
{
	struct ssb_device *sdev = data;

	if (ssb_get_drvdata(sdev))
		b43legacy_remove(sdev);
}

/*
 * Probe a BCM4306 whose SPROM @rs draws, take it as started, and give it
 * what b43legacy_wireless_core_init() sets up before the TX power path
 * runs: the LO pairs, the TSSI to dBm table, the saved power control
 * register (its idle TSSI)
 */
static inline void b43lg_txp612_start(struct kunit *test,
				      struct b43lg_txp612 *t,
				      struct rnd_state *rs)
{
	static const u8 maxpwr[] = { 0x00, 0x30, 0x40, 0x4A, 0x4C, 0x54, 0x78 };
	struct ssb_sprom *sprom;
	struct b43legacy_phy *phy;
	struct ieee80211_hw *hw;

	memset(t, 0, sizeof(*t));
	t->test = test;
	t->vc = b43_vcore_new(test, &b43lg_txp612_bcm4306);
	sprom = &t->vc->bus.sprom;
	sprom->maxpwr_bg = maxpwr[b43lg_txp612_pick(rs, ARRAY_SIZE(maxpwr))];
	if (!b43lg_txp612_pick(rs, 4))
		sprom->boardflags_lo |= B43legacy_BFL_PACTRL;
	sprom->antenna_gain.a0 =
		b43lg_txp612_gain[b43lg_txp612_pick(rs,
						    ARRAY_SIZE(b43lg_txp612_gain))];

	KUNIT_ASSERT_EQ(test, 0, b43legacy_probe(t->vc->sdev, &b43lg_txp612_id));
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   b43lg_txp612_remove,
							   t->vc->sdev));
	t->dev = ssb_get_drvdata(t->vc->sdev);
	KUNIT_ASSERT_NOT_NULL(test, t->dev);
	flush_work(&t->dev->wl->firmware_load);
	b43legacy_set_status(t->dev, B43legacy_STAT_STARTED);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   b43lg_txp612_stop,
							   t->dev));

	phy = &t->dev->phy;
	KUNIT_ASSERT_EQ(test, phy->type, B43legacy_PHYTYPE_G);
	phy->_lo_pairs = kcalloc(B43legacy_LO_COUNT, sizeof(*phy->_lo_pairs),
				 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, phy->_lo_pairs);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   b43lg_txp612_lo_free,
							   phy));
	KUNIT_ASSERT_EQ(test, 0, b43legacy_phy_init_tssi2dbm_table(t->dev));
	phy->savedpctlreg = TXP612LG_IDLE_TSSI;
	phy->power_level = 30;
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612LG_SHM_TSSI_CCK / 4] =
		TXP612LG_NO_TSSI;
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612LG_SHM_TSSI_OFDM / 4] =
		TXP612LG_NO_TSSI;

	hw = t->dev->wl->hw;
	t->chan = hw->wiphy->bands[NL80211_BAND_2GHZ]->channels[0];
	cfg80211_chandef_create(&hw->conf.chandef, &t->chan,
				NL80211_CHAN_NO_HT);
}

/* mac80211 gives @changed through b43legacy_op_dev_config() */
static inline void b43lg_txp612_config(struct b43lg_txp612 *t, u32 changed)
{
	KUNIT_ASSERT_EQ(t->test, 0,
			b43legacy_op_dev_config(t->dev->wl->hw, changed));
}

/* A level from 30 dBm, as mac80211 gives it */
static inline void b43lg_txp612_set_level(struct b43lg_txp612 *t, int level)
{
	t->dev->phy.power_level = 30;
	t->dev->wl->hw->conf.power_level = level;
	b43lg_txp612_config(t, IEEE80211_CONF_CHANGE_POWER);
}

/* Tune to @freq through b43legacy_op_dev_config(), with limits from @rs */
static inline void b43lg_txp612_tune(struct b43lg_txp612 *t, u16 freq,
				     struct rnd_state *rs)
{
	struct ieee80211_supported_band *sb =
		t->dev->wl->hw->wiphy->bands[NL80211_BAND_2GHZ];
	int i;

	for (i = 0; i < sb->n_channels; i++)
		if (sb->channels[i].center_freq == freq)
			break;
	KUNIT_ASSERT_LT_MSG(t->test, i, sb->n_channels, "%u MHz", freq);
	t->chan = sb->channels[i];
	b43lg_txp612_limits(rs, &t->chan);
	b43lg_txp612_config(t, IEEE80211_CONF_CHANGE_CHANNEL);
}

/* The attenuators and TX control an earlier step left */
static inline void b43lg_txp612_att(struct b43lg_txp612 *t, int bb, int rf,
				    int txctl)
{
	t->dev->phy.bbatt = bb;
	t->dev->phy.rfatt = rf;
	t->dev->phy.txctl1 = txctl;
	t->vc->phy[TXP612LG_PHY_BBATT] = bb << 3;
	t->vc->radio[TXP612LG_RADIO_RFATT] = rf;
	t->vc->radio[TXP612LG_RADIO_TXCTL] = txctl << 4;
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612LG_SHM_RFATT / 4] = rf;
}

/* The microcode measured @tssi for four CCK frames, nothing for OFDM */
static inline void b43lg_txp612_tssi(struct b43lg_txp612 *t, u8 tssi)
{
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612LG_SHM_TSSI_CCK / 4] =
		tssi * 0x01010101u;
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612LG_SHM_TSSI_OFDM / 4] =
		TXP612LG_NO_TSSI;
}

static inline struct b43lg_txp612_out
b43lg_txp612_outputs(struct b43lg_txp612 *t)
{
	struct b43lg_txp612_out o = { {
		(t->vc->phy[TXP612LG_PHY_BBATT] >> 3) & 0xF,
		t->vc->radio[TXP612LG_RADIO_RFATT] & 0xF,
		(t->vc->radio[TXP612LG_RADIO_TXCTL] >> 4) & 0x7,
		0,
	} };

	return o;
}

/* [LG] One vector */
static inline struct b43lg_txp612_out
b43lg_txp612_lg(struct b43lg_txp612 *t, unsigned int i)
{
	struct rnd_state rs = b43lg_txp612_rnd(B43LG_TXP612_LG, i);
	int level, bb, rf, txctl;
	u8 tssi;

	b43lg_txp612_limits(&rs, &t->chan);
	level = b43lg_txp612_level(&rs);
	bb = b43lg_txp612_pick(&rs, 12);
	rf = b43lg_txp612_pick(&rs, 10);
	txctl = b43lg_txp612_pick(&rs, 4) ? 0 : 3;
	tssi = 1 + b43lg_txp612_pick(&rs, 0x3F);

	/* the step a new level makes must not take the vector's TSSI */
	b43lg_txp612_set_level(t, level);
	b43lg_txp612_att(t, bb, rf, txctl);
	b43lg_txp612_tssi(t, tssi);
	b43legacy_phy_xmitpower(t->dev);
	return b43lg_txp612_outputs(t);
}

/* [LGSW] One vector: the attenuation right after a switch of channel */
static inline struct b43lg_txp612_out
b43lg_txp612_lgsw(struct b43lg_txp612 *t, unsigned int i)
{
	const unsigned int nr = ARRAY_SIZE(b43lg_txp612_freq);
	struct rnd_state rs = b43lg_txp612_rnd(B43LG_TXP612_LGSW, i);
	unsigned int a = b43lg_txp612_pick(&rs, nr);
	unsigned int b = (a + 1 + b43lg_txp612_pick(&rs, nr - 1)) % nr;
	int level = b43lg_txp612_level(&rs);
	u8 tssi = 1 + b43lg_txp612_pick(&rs, 0x3F);

	b43lg_txp612_tune(t, b43lg_txp612_freq[a], &rs);
	b43lg_txp612_set_level(t, level);
	b43lg_txp612_att(t, 4, 5, 0);
	b43lg_txp612_tssi(t, tssi);
	b43lg_txp612_tune(t, b43lg_txp612_freq[b], &rs);
	return b43lg_txp612_outputs(t);
}

/* Run every vector of @k, filling @out (b43lg_txp612_count(k) entries) */
static inline void b43lg_txp612_run(struct kunit *test,
				    enum b43lg_txp612_kind k,
				    struct b43lg_txp612_out *out)
{
	unsigned int i, n = b43lg_txp612_count(k);
	unsigned int per_group = n / B43LG_TXP612_GROUPS;
	struct rnd_state rs;
	struct b43lg_txp612 t;

	for (i = 0; i < n; i++) {
		if (i % per_group == 0) {
			rs = b43lg_txp612_rnd(k, 0x10000 + i / per_group);
			b43lg_txp612_start(test, &t, &rs);
		}
		out[i] = k == B43LG_TXP612_LG ? b43lg_txp612_lg(&t, i) :
						b43lg_txp612_lgsw(&t, i);
		if (i % per_group == per_group - 1)
			KUNIT_EXPECT_EQ(test, t.vc->bad_access, 0);
	}
}

#endif /* B43LEGACY_TESTS_TXPOWER612_H_ */
