/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * The inputs of the PHYs' TX power paths for the comparison with 6.12
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_TESTS_TXPOWER612_H_
#define B43_TESTS_TXPOWER612_H_

/**
 * DOC: TX power against the unpatched driver
 *
 * The TX power fixes change what the PHYs program.  Whether a change can
 * only lower the power a board sends is a property of the whole path, from
 * mac80211's b43_op_config() through the PHY's recalculation to the
 * registers, so it is measured there: this header generates, from a
 * vector's index alone, an input of one of the paths below, runs the
 * driver on a started virtual core (vcore.c) with it, and decodes what
 * was programmed.  It is compiled twice: into the unpatched 6.12 driver
 * (with only the series' test seams: CONFIG_B43_KUNIT_TEST, the static
 * functions the virtual core calls made visible, and the wrappers around
 * ieee80211_queue_work() and ieee80211_rx_ni(); none of them touches a
 * statement of the paths), where a recorder prints each vector's output,
 * one line "b43-txp612: <kind> <index> <v0> <v1> <v2> <v3>", kept as
 * txpower612_vectors.h; and into the b43_txpower612 suite, which runs
 * today's driver on the same inputs and compares.  It may use only what
 * 6.12 has.
 *
 * The record was made on x86_64.  Of the paths, only HTTAB's depends on
 * byte order in 6.12 (it wrote a u32 array as 16-bit elements: the low
 * half of each value, then its sign, on a little-endian machine); a
 * big-endian guest compares against the same record.
 *
 * A board's SPROM does not change while the driver runs: the vectors of
 * each kind but NINIT and HTTAB come in groups (B43_TXP612_GROUPS), each
 * group on a core of its own whose SPROM is drawn before it starts.
 *
 * The kinds and what a vector's output holds:
 *
 * G      BCM4318 (G-PHY 7, radio 2050).  The group's board: the SPROM
 *        maximum (including 30 dBm and more, which 6.12 reads as no
 *        value), the PA control flag, an antenna gain (-2 to 10 dBi).  A
 *        vector: a channel limit (max_reg_power or max_power, 0 to 30
 *        dBm), a level through b43_op_config() (0 to 30 dBm), an
 *        attenuation to start from and the TSSI the microcode measured;
 *        one b43_phy_txpower_check() and the adjust work it queues.
 *        Output: baseband attenuation (PHY 0x60 bits 2-5), radio
 *        attenuation (radio 0x43 bits 0-3), radio 0x52 (TX control).  Less
 *        attenuation is more power: one radio step is four baseband steps
 *        of 0.5 dB (bcm-specs "AttenuationControl").
 * N, NB  BCM4322 (N-PHY 3, SSB) and an N-PHY core on BCMA.  The group's
 *        board: every SPROM maximum (each core, each band, now and then
 *        0xFF) and every per-rate offset drawn on its own, so that a path
 *        that takes another core's or another band's value shows, and the
 *        antenna gain of each band.  A vector: one of eight channels of
 *        both bands (every part of 5 GHz the SPROM tells apart), a limit
 *        up to 40 dBm, a level.  Output: the TX power control target of
 *        each core, quarter dBm (PHY 0x1EA, brcmsmac
 *        wlc_phy_txpwrctrl_pwr_setup_nphy()).
 * HT     BCM4331 (HT-PHY 1): as N on the four 2.4 GHz channels, three
 *        cores (the third's target in PHY 0x966 bits 0-7).
 * NSW    the BCM4322 tuned to one channel with its limits and level, TX
 *        power recalculated, then tuned through b43_op_config() alone to
 *        another channel, with limits of its own.  Output: the targets
 *        after the switch.
 * GSW    the same on the BCM4318, from a fixed attenuation and TSSI.
 * NINIT  a BCM4322 started on a SPROM whose 2.4 GHz maxima read up to
 *        0xFF (none programmed), before mac80211 ever gave a level.
 *        Output: the targets the PHY's init programmed, then those after a
 *        TX power recalculation with no level set.
 * HTTAB  the BCM4331's TSSI to power tables (PHY tables 26-28, entries
 *        0-63) as its init wrote them (b43_vcore_phy_table()): one vector
 *        per entry.  Output: the low 16 bits written (table data low, PHY
 *        0x73), whether a high half was written first (0x74), and that
 *        high half.
 */

#include <kunit/test.h>
#include <linux/prandom.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../main.h"
#include "../phy_common.h"
#include "../phy_g.h"
#include "../phy_n.h"
#include "vcore.h"

#define B43_TXP612_SEED		0x20261207u

enum b43_txp612_kind {
	B43_TXP612_G,
	B43_TXP612_N,
	B43_TXP612_NB,
	B43_TXP612_HT,
	B43_TXP612_NSW,
	B43_TXP612_GSW,
	B43_TXP612_NINIT,
	B43_TXP612_HTTAB,
	B43_TXP612_NR_KINDS,
};

/* Vectors of each kind, and the groups (boards) of the grouped kinds */
#define B43_TXP612_NR_G		768
#define B43_TXP612_NR_N		256
#define B43_TXP612_NR_HT	160
#define B43_TXP612_NR_SW	64
#define B43_TXP612_NR_NINIT	8
#define B43_TXP612_NR_HTTAB	(3 * 64)
#define B43_TXP612_GROUPS	8

/* What a path programmed for one vector; the kind says what each value is */
struct b43_txp612_out {
	u16 v[4];
};

static const char *const b43_txp612_kind_name[B43_TXP612_NR_KINDS] = {
	"G", "N", "NB", "HT", "NSW", "GSW", "NINIT", "HTTAB",
};

static inline unsigned int b43_txp612_count(enum b43_txp612_kind k)
{
	static const unsigned int nr[B43_TXP612_NR_KINDS] = {
		B43_TXP612_NR_G, B43_TXP612_NR_N, B43_TXP612_NR_N,
		B43_TXP612_NR_HT, B43_TXP612_NR_SW, B43_TXP612_NR_SW,
		B43_TXP612_NR_NINIT, B43_TXP612_NR_HTTAB,
	};

	return nr[k];
}

/* Registers the outputs are read from (see the DOC block) */
#define TXP612_PHY_BBATT	0x60
#define TXP612_RADIO_RFATT	0x43
#define TXP612_RADIO_TXCTL	0x52
#define TXP612_PHY_ITSSI	0x29
#define TXP612_TGT_IDLE_TSSI	0x34
#define TXP612_SHM_TSSI_CCK	0x58
#define TXP612_SHM_TSSI_OFDM	0x70
#define TXP612_NPHY_TPWR	0x1EA
#define TXP612_HTPHY_TPWR3	0x966

/* The N-PHY's channels: each part of 5 GHz the SPROM has maxima for */
static const u16 b43_txp612_nfreq[] = {
	2412, 2437, 2472, 2484, 4920, 5180, 5500, 5825,
};

/* The G-PHY's channels for a switch */
static const u16 b43_txp612_gfreq[] = { 2412, 2437, 2462, 2472, 2484 };

/* Antenna gains, Q5.2 (the SPROM byte is signed): -2, 0, 2, 5, 10 dBi */
static const s8 b43_txp612_gain[] = { -8, 0, 8, 20, 40 };

struct b43_txp612 {
	struct kunit *test;
	struct b43_vcore *vc;
	struct b43_wldev *dev;
	struct ieee80211_channel chan;	/* the tuned channel, the test's */
	u16 tuned;			/* its frequency, or 0 */
};

static inline struct rnd_state b43_txp612_rnd(enum b43_txp612_kind k,
					      unsigned int i)
{
	struct rnd_state rs;

	prandom_seed_state(&rs, B43_TXP612_SEED ^ ((u64)k << 32) ^ i);
	return rs;
}

static inline u32 b43_txp612_pick(struct rnd_state *rs, u32 n)
{
	return prandom_u32_state(rs) % n;
}

/* A level mac80211 may give: 0 dBm often, the rest of 1 to @top */
static inline int b43_txp612_level(struct rnd_state *rs, int top)
{
	if (b43_txp612_pick(rs, 6) == 0)
		return 0;
	return 1 + b43_txp612_pick(rs, top);
}

/* A channel's limits: one of max_reg_power and max_power is @dbm */
static inline void b43_txp612_limits(struct rnd_state *rs,
				     struct ieee80211_channel *chan, int dbm)
{
	bool reg = b43_txp612_pick(rs, 2);

	chan->max_reg_power = reg ? dbm : 40;
	chan->max_power = reg ? 40 : dbm;
}

/* Run the work b43_phy_txpower_check() queued, if it queued any */
static inline void b43_txp612_work(struct b43_txp612 *t, unsigned int works)
{
	struct b43_wl *wl = t->dev->wl;

	if (t->vc->works != works && t->vc->last_work == &wl->txpower_adjust_work)
		b43_phy_txpower_adjust_work(&wl->txpower_adjust_work);
}

/* mac80211 gives @level through b43_op_config(), from a level of 30 dBm */
static inline void b43_txp612_set_level(struct b43_txp612 *t, int level)
{
	struct ieee80211_hw *hw = t->dev->wl->hw;
	unsigned int works = t->vc->works;

	t->dev->phy.desired_txpower = 30;
	hw->conf.power_level = level;
	KUNIT_ASSERT_EQ(t->test, 0,
			b43_op_config(hw, IEEE80211_CONF_CHANGE_POWER));
	b43_txp612_work(t, works);
}

/*
 * Tune to @freq through b43_op_config(), on the test's copy of the
 * channel, whose limits @rs draws (@dbm: one of them) before the switch
 */
static inline void b43_txp612_tune(struct b43_txp612 *t, u16 freq,
				   struct rnd_state *rs, int dbm)
{
	struct ieee80211_hw *hw = t->dev->wl->hw;
	enum nl80211_band band = freq < 4000 ? NL80211_BAND_2GHZ :
					       NL80211_BAND_5GHZ;
	struct ieee80211_supported_band *sb = hw->wiphy->bands[band];
	unsigned int works = t->vc->works;
	int i;

	KUNIT_ASSERT_NOT_NULL(t->test, sb);
	for (i = 0; i < sb->n_channels; i++)
		if (sb->channels[i].center_freq == freq)
			break;
	KUNIT_ASSERT_LT_MSG(t->test, i, sb->n_channels, "%u MHz", freq);
	t->chan = sb->channels[i];
	b43_txp612_limits(rs, &t->chan, dbm);
	cfg80211_chandef_create(&hw->conf.chandef, &t->chan, NL80211_CHAN_NO_HT);
	KUNIT_ASSERT_EQ(t->test, 0,
			b43_op_config(hw, IEEE80211_CONF_CHANGE_CHANNEL));
	b43_txp612_work(t, works);
	t->tuned = freq;
}

/* The PHY's TX power check now, as b43_op_config() makes it for a level */
static inline void b43_txp612_recalc(struct b43_txp612 *t, unsigned int flags)
{
	unsigned int works = t->vc->works;

	if (t->dev->phy.type == B43_PHYTYPE_N)
		t->dev->phy.n->tx_pwr_last_recalc_freq = 0;
	mutex_lock(&t->dev->wl->mutex);
	b43_phy_txpower_check(t->dev, flags);
	mutex_unlock(&t->dev->wl->mutex);
	b43_txp612_work(t, works);
}

/*
 * The SPROM's PCI ID (read before the PCI device's own) of a dual-band
 * board, for the N-PHY cores: b43 offers 5 GHz by that ID.  The HT-PHY
 * keeps none, as b43 supports only its 2.4 GHz band.
 */
static inline void b43_txp612_dev_id(struct ssb_sprom *sprom,
				     const struct b43_vcore_cfg *cfg)
{
	if (!sprom->dev_id && (cfg == &b43_vcore_bcm4322 ||
			       cfg == &b43_vcore_bcma_nphy))
		sprom->dev_id = cfg->bcma ? 0x4353 : 0x432B;
}

/* Make and start a core of @cfg, whose SPROM @sprom_set draws from @rs */
static inline void b43_txp612_start(struct kunit *test, struct b43_txp612 *t,
				    const struct b43_vcore_cfg *cfg,
				    void (*sprom_set)(struct ssb_sprom *sprom,
						      struct rnd_state *rs),
				    struct rnd_state *rs)
{
	memset(t, 0, sizeof(*t));
	t->test = test;
	t->vc = b43_vcore_new(test, cfg);
	t->vc->phy[TXP612_PHY_ITSSI] = TXP612_TGT_IDLE_TSSI;
	if (sprom_set)
		sprom_set(&t->vc->bus.sprom, rs);
	b43_txp612_dev_id(&t->vc->bus.sprom, cfg);
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(t->vc));
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(t->vc));
	t->dev = b43_vcore_wldev(t->vc);
}

/* [G] The group's board: SPROM maximum, PA control, antenna gain */
static inline void b43_txp612_g_board(struct ssb_sprom *sprom,
				      struct rnd_state *rs)
{
	static const u8 maxpwr[] = { 0x30, 0x40, 0x4C, 0x54, 0x77, 0x78, 0xFF };

	sprom->maxpwr_bg = maxpwr[b43_txp612_pick(rs, ARRAY_SIZE(maxpwr))];
	if (!b43_txp612_pick(rs, 4))
		sprom->boardflags_lo |= B43_BFL_PACTRL;
	sprom->antenna_gain.a0 =
		b43_txp612_gain[b43_txp612_pick(rs, ARRAY_SIZE(b43_txp612_gain))];
}

/* [G] The outputs of the G-PHY: attenuations and TX control */
static inline struct b43_txp612_out b43_txp612_g_out(struct b43_txp612 *t)
{
	struct b43_txp612_out o = { {
		(t->vc->phy[TXP612_PHY_BBATT] >> 2) & 0xF,
		t->vc->radio[TXP612_RADIO_RFATT] & 0xF,
		t->vc->radio[TXP612_RADIO_TXCTL],
		0,
	} };

	return o;
}

/* [G] Set the attenuation to start from through the driver's own path */
static inline void b43_txp612_g_att(struct b43_txp612 *t, int bb, int rf)
{
	struct b43_phy_g *gphy = t->dev->phy.g;

	gphy->bbatt.att = bb;
	gphy->rfatt.att = rf;
	gphy->bbatt_delta = 0;
	gphy->rfatt_delta = 0;
	gphy->average_tssi = 0xFF;
	b43_phy_txpower_adjust_work(&t->dev->wl->txpower_adjust_work);
}

/* [G] The microcode measured @tssi for four CCK frames, nothing for OFDM */
static inline void b43_txp612_g_tssi(struct b43_txp612 *t, u8 tssi)
{
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612_SHM_TSSI_CCK / 4] =
		tssi * 0x01010101u;
	t->vc->obj[B43_VCORE_OBJ_SHARED][TXP612_SHM_TSSI_OFDM / 4] = 0;
}

/* [G] One vector */
static inline struct b43_txp612_out b43_txp612_g(struct b43_txp612 *t,
						 unsigned int i)
{
	struct b43_txpower_lo_control *lo = t->dev->phy.g->lo_control;
	struct rnd_state rs = b43_txp612_rnd(B43_TXP612_G, i);
	int bb, rf, level;
	unsigned int works;
	u8 tssi;

	b43_txp612_tune(t, 2412, &rs, b43_txp612_pick(&rs, 31));
	level = b43_txp612_level(&rs, 30);
	bb = lo->bbatt_list.min_val +
	     b43_txp612_pick(&rs, lo->bbatt_list.max_val -
				  lo->bbatt_list.min_val + 1);
	rf = lo->rfatt_list.min_val +
	     b43_txp612_pick(&rs, lo->rfatt_list.max_val -
				  lo->rfatt_list.min_val + 1);
	tssi = 1 + b43_txp612_pick(&rs, 0x3F);

	/* the check a new level makes must not take the vector's TSSI */
	b43_txp612_set_level(t, level);
	b43_txp612_g_att(t, bb, rf);
	b43_txp612_g_tssi(t, tssi);
	works = t->vc->works;
	mutex_lock(&t->dev->wl->mutex);
	b43_phy_txpower_check(t->dev, B43_TXPWR_IGNORE_TIME);
	mutex_unlock(&t->dev->wl->mutex);
	b43_txp612_work(t, works);
	return b43_txp612_g_out(t);
}

/* [N], [HT] The targets of the TX cores, quarter dBm */
static inline struct b43_txp612_out b43_txp612_targets(struct b43_txp612 *t)
{
	struct b43_txp612_out o = { {
		t->vc->phy[TXP612_NPHY_TPWR] & 0xFF,
		t->vc->phy[TXP612_NPHY_TPWR] >> 8,
		0, 0,
	} };

	if (t->dev->phy.type == B43_PHYTYPE_HT)
		o.v[2] = t->vc->phy[TXP612_HTPHY_TPWR3] & 0xFF;
	return o;
}

/* A SPROM maximum, Q5.2: mostly 8 to 31.75 dBm, now and then none (0xFF) */
static inline u8 b43_txp612_maxpwr(struct rnd_state *rs)
{
	if (!b43_txp612_pick(rs, 12))
		return 0xFF;
	return 0x20 + b43_txp612_pick(rs, 0x60);
}

/* Per-rate offsets, 4-bit half-dB steps: mostly small, now and then any */
static inline u32 b43_txp612_offsets(struct rnd_state *rs, unsigned int bits)
{
	u32 v = prandom_u32_state(rs);

	if (b43_txp612_pick(rs, 4))
		v &= 0x33333333;
	return bits < 32 ? v & (BIT(bits) - 1) : v;
}

/*
 * [N], [HT] The group's board, a dual-band SPROM of revision 8: every
 * maximum and offset drawn on its own
 */
static inline void b43_txp612_n_board(struct ssb_sprom *sprom,
				      struct rnd_state *rs)
{
	int c, j;

	sprom->revision = 8;
	for (c = 0; c < 3; c++) {
		sprom->core_pwr_info[c].maxpwr_2g = b43_txp612_maxpwr(rs);
		sprom->core_pwr_info[c].maxpwr_5gl = b43_txp612_maxpwr(rs);
		sprom->core_pwr_info[c].maxpwr_5g = b43_txp612_maxpwr(rs);
		sprom->core_pwr_info[c].maxpwr_5gh = b43_txp612_maxpwr(rs);
	}
	sprom->cck2gpo = b43_txp612_offsets(rs, 16);
	sprom->ofdm2gpo = b43_txp612_offsets(rs, 32);
	sprom->ofdm5glpo = b43_txp612_offsets(rs, 32);
	sprom->ofdm5gpo = b43_txp612_offsets(rs, 32);
	sprom->ofdm5ghpo = b43_txp612_offsets(rs, 32);
	for (j = 0; j < ARRAY_SIZE(sprom->mcs2gpo); j++) {
		sprom->mcs2gpo[j] = b43_txp612_offsets(rs, 16);
		sprom->mcs5glpo[j] = b43_txp612_offsets(rs, 16);
		sprom->mcs5gpo[j] = b43_txp612_offsets(rs, 16);
		sprom->mcs5ghpo[j] = b43_txp612_offsets(rs, 16);
	}
	sprom->cddpo = b43_txp612_offsets(rs, 16);
	sprom->stbcpo = b43_txp612_offsets(rs, 16);
	sprom->antenna_gain.a0 =
		b43_txp612_gain[b43_txp612_pick(rs, ARRAY_SIZE(b43_txp612_gain))];
	sprom->antenna_gain.a1 =
		b43_txp612_gain[b43_txp612_pick(rs, ARRAY_SIZE(b43_txp612_gain))];
}

/*
 * [N], [NB], [HT] The channel of vector @i: its group's channels in turn
 * (the HT-PHY's four of 2.4 GHz), so that the core is tuned once per
 * channel of a group
 */
static inline u16 b43_txp612_freq_of(enum b43_txp612_kind k, unsigned int i)
{
	unsigned int per_group = b43_txp612_count(k) / B43_TXP612_GROUPS;
	unsigned int nr = k == B43_TXP612_HT ? 4 : ARRAY_SIZE(b43_txp612_nfreq);

	return b43_txp612_nfreq[(i % per_group) * nr / per_group];
}

/*
 * [NSW], [GSW] The channels vector @i switches from and to, as the first
 * draws of its random state (@rs, when not NULL, goes on from there)
 */
static inline void b43_txp612_sw_freqs(enum b43_txp612_kind k, unsigned int i,
				       u16 *from, u16 *to,
				       struct rnd_state *rs)
{
	const u16 *f = k == B43_TXP612_NSW ? b43_txp612_nfreq :
					     b43_txp612_gfreq;
	unsigned int nr = k == B43_TXP612_NSW ? ARRAY_SIZE(b43_txp612_nfreq) :
						ARRAY_SIZE(b43_txp612_gfreq);
	struct rnd_state own = b43_txp612_rnd(k, i);
	unsigned int a, b;

	if (!rs)
		rs = &own;
	a = b43_txp612_pick(rs, nr);
	b = (a + 1 + b43_txp612_pick(rs, nr - 1)) % nr;
	*from = f[a];
	*to = f[b];
}

/* [N], [NB], [HT] One vector */
static inline struct b43_txp612_out
b43_txp612_n(struct b43_txp612 *t, enum b43_txp612_kind k, unsigned int i)
{
	struct rnd_state rs = b43_txp612_rnd(k, i);
	u16 freq = b43_txp612_freq_of(k, i);
	int dbm;

	dbm = b43_txp612_pick(&rs, 10) ? b43_txp612_pick(&rs, 31) :
					 31 + b43_txp612_pick(&rs, 10);
	if (t->tuned != freq)
		b43_txp612_tune(t, freq, &rs, dbm);
	else
		b43_txp612_limits(&rs, &t->chan, dbm);
	b43_txp612_set_level(t, b43_txp612_level(&rs, 40));
	b43_txp612_recalc(t, B43_TXPWR_IGNORE_TIME | B43_TXPWR_IGNORE_TSSI);
	return b43_txp612_targets(t);
}

/* [NSW] One vector: the targets right after a switch to another channel */
static inline struct b43_txp612_out b43_txp612_nsw(struct b43_txp612 *t,
						   unsigned int i)
{
	struct rnd_state rs = b43_txp612_rnd(B43_TXP612_NSW, i);
	u16 from, to;
	int level;

	b43_txp612_sw_freqs(B43_TXP612_NSW, i, &from, &to, &rs);
	level = b43_txp612_level(&rs, 40);
	b43_txp612_tune(t, from, &rs, b43_txp612_pick(&rs, 31));
	b43_txp612_set_level(t, level);
	b43_txp612_recalc(t, B43_TXPWR_IGNORE_TIME | B43_TXPWR_IGNORE_TSSI);
	b43_txp612_tune(t, to, &rs, b43_txp612_pick(&rs, 31));
	return b43_txp612_targets(t);
}

/* [GSW] One vector: the attenuation right after a switch of channel */
static inline struct b43_txp612_out b43_txp612_gsw(struct b43_txp612 *t,
						   unsigned int i)
{
	struct rnd_state rs = b43_txp612_rnd(B43_TXP612_GSW, i);
	u16 from, to;
	int level;
	u8 tssi;

	b43_txp612_sw_freqs(B43_TXP612_GSW, i, &from, &to, &rs);
	level = b43_txp612_level(&rs, 30);
	tssi = 1 + b43_txp612_pick(&rs, 0x3F);
	b43_txp612_tune(t, from, &rs, b43_txp612_pick(&rs, 31));
	b43_txp612_set_level(t, level);
	b43_txp612_g_att(t, 4, 5);
	b43_txp612_g_tssi(t, tssi);
	b43_txp612_tune(t, to, &rs, b43_txp612_pick(&rs, 31));
	return b43_txp612_g_out(t);
}

/* [NINIT] The SPROM of vector @rs's index: 2.4 GHz maxima up to 0xFF */
static inline void b43_txp612_ninit_board(struct ssb_sprom *sprom,
					  struct rnd_state *rs)
{
	static const u8 c0[] = { 0x50, 0x7F, 0x80, 0xA0, 0xFF, 0x3C, 0x90, 0xFF };
	static const u8 c1[] = { 0x48, 0x90, 0x48, 0x48, 0xFF, 0x80, 0x3C, 0x50 };
	unsigned int i = b43_txp612_pick(rs, 8);

	sprom->revision = 8;
	sprom->core_pwr_info[0].maxpwr_2g = c0[i];
	sprom->core_pwr_info[1].maxpwr_2g = c1[i];
}

/* [NINIT] One vector: a core of its own */
static inline struct b43_txp612_out b43_txp612_ninit(struct kunit *test,
						     unsigned int i)
{
	struct rnd_state rs = b43_txp612_rnd(B43_TXP612_NINIT, i);
	struct b43_txp612_out o, init;
	struct b43_txp612 t;

	b43_txp612_start(test, &t, &b43_vcore_bcm4322, b43_txp612_ninit_board,
			 &rs);
	init = b43_txp612_targets(&t);
	b43_txp612_recalc(&t, B43_TXPWR_IGNORE_TIME | B43_TXPWR_IGNORE_TSSI);
	o = b43_txp612_targets(&t);
	o.v[2] = o.v[0];
	o.v[3] = o.v[1];
	o.v[0] = init.v[0];
	o.v[1] = init.v[1];
	return o;
}

/* [HTTAB] The PA values of each core: the driver's defaults, moved apart */
static inline void b43_txp612_httab_board(struct ssb_sprom *sprom,
					  struct rnd_state *rs)
{
	int c;

	sprom->revision = 8;
	for (c = 0; c < 3; c++) {
		sprom->core_pwr_info[c].maxpwr_2g = 0x4C;
		sprom->core_pwr_info[c].pa_2g[0] = (u16)(-424 + 8 * c);
		sprom->core_pwr_info[c].pa_2g[1] = 5612 - 100 * c;
		sprom->core_pwr_info[c].pa_2g[2] = (u16)(-1393 + 50 * c);
	}
}

/*
 * [HTTAB] All vectors at once: the table writes of a BCM4331's init
 * (b43_vcore_phy_table()); @out has B43_TXP612_NR_HTTAB entries.  An entry
 * nothing wrote is all-ones.
 */
static inline void b43_txp612_httab(struct kunit *test,
				    struct b43_txp612_out *out)
{
	struct b43_vcore_tabent e[64];
	struct b43_txp612 t;
	unsigned int c, i;

	b43_txp612_start(test, &t, &b43_vcore_bcm4331, b43_txp612_httab_board,
			 NULL);
	KUNIT_ASSERT_EQ(test, t.vc->log_lost, 0);
	for (c = 0; c < 3; c++) {
		b43_vcore_phy_table(t.vc, 26 + c, 0, ARRAY_SIZE(e), e);
		for (i = 0; i < ARRAY_SIZE(e); i++)
			out[c * 64 + i] = e[i].written ?
				(struct b43_txp612_out){ {
					e[i].lo, e[i].has_hi, e[i].hi, 0,
				} } :
				(struct b43_txp612_out){ {
					0xFFFF, 0xFFFF, 0xFFFF, 0,
				} };
	}
}

/* The core each kind runs on */
static inline const struct b43_vcore_cfg *
b43_txp612_cfg_of(enum b43_txp612_kind k)
{
	switch (k) {
	case B43_TXP612_G:
	case B43_TXP612_GSW:
		return &b43_vcore_bcm4318;
	case B43_TXP612_NB:
		return &b43_vcore_bcma_nphy;
	case B43_TXP612_HT:
		return &b43_vcore_bcm4331;
	default:
		return &b43_vcore_bcm4322;
	}
}

/* Run every vector of @k, filling @out (b43_txp612_count(k) entries) */
static inline void b43_txp612_run(struct kunit *test, enum b43_txp612_kind k,
				  struct b43_txp612_out *out)
{
	const struct b43_vcore_cfg *cfg = b43_txp612_cfg_of(k);
	unsigned int i, n = b43_txp612_count(k);
	unsigned int per_group = n / B43_TXP612_GROUPS;
	bool g = k == B43_TXP612_G || k == B43_TXP612_GSW;
	struct rnd_state rs;
	struct b43_txp612 t;

	if (k == B43_TXP612_NINIT) {
		for (i = 0; i < n; i++)
			out[i] = b43_txp612_ninit(test, i);
		return;
	}
	if (k == B43_TXP612_HTTAB) {
		b43_txp612_httab(test, out);
		return;
	}
	for (i = 0; i < n; i++) {
		if (i % per_group == 0) {
			rs = b43_txp612_rnd(k, 0x10000 + i / per_group);
			b43_txp612_start(test, &t, cfg, g ? b43_txp612_g_board :
					 b43_txp612_n_board, &rs);
		}
		switch (k) {
		case B43_TXP612_G:
			out[i] = b43_txp612_g(&t, i);
			break;
		case B43_TXP612_GSW:
			out[i] = b43_txp612_gsw(&t, i);
			break;
		case B43_TXP612_NSW:
			out[i] = b43_txp612_nsw(&t, i);
			break;
		default:
			out[i] = b43_txp612_n(&t, k, i);
		}
		if (i % per_group == per_group - 1)
			KUNIT_EXPECT_EQ(test, t.vc->bad_access, 0);
	}
}

#endif /* B43_TESTS_TXPOWER612_H_ */
