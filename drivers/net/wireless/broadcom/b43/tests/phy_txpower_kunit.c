// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: the TX power the G-PHY, the N-PHY and the HT-PHY program, on
 * the virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * b43_phy_txpower_check() and b43_phy_txpower_adjust_work() run unchanged
 * on a started BCM4318 (G-PHY, radio 2050 revision 8) of the virtual core
 * (vcore.c).  The G-PHY has no power target register: the driver reads
 * what the microcode measured (TSSI), estimates the power sent, and moves
 * the attenuators by the difference to the power it wants.  The suite
 * plays the microcode's part and reads the attenuators back from the
 * registers they live in.
 *
 * On a started BCM4322 (N-PHY revision 3, radio 2056) the channel is set
 * through mac80211's own entry point, b43_op_config(), and the power
 * target the hardware's TX power control then holds to is read back from
 * its register; the same on a started BCM4331 (HT-PHY revision 1, radio
 * 2059, three TX cores).  Where the expected values come from:
 *
 * [TSSI]  bcm-v4 "802.11/PHY/output power": the microcode keeps the TSSI
 *         of the last four CCK frames in the bytes of shared memory 0x58
 *         (OFDM: 0x70); 0x7F marks a byte as no measurement.  The power
 *         sent is the TSSI to dBm table's entry at the average TSSI plus
 *         the target idle TSSI less the current idle TSSI, Q5.2 dBm.
 * [ITSSI] bcm-specs "TSSI to DBM Table": without the SPROM's PA values a
 *         G-PHY uses the default table and a target idle TSSI of 0x34; the
 *         current idle TSSI is read from PHY register 0x29 (B43_PHY_ITSSI):
 *         the model's reads 0x34, so an average TSSI t reads entry t.  The
 *         table itself is the device's calibration; the suite reads it
 *         from the driver (gphy->tssi2dbm) as the microcode would.
 * [ATT]   bcm-specs "AttenuationControl": the baseband attenuation is in
 *         bits 2-5 of PHY register 0x60 (PHYs after revision 1); the radio
 *         attenuation in the low bits of radio register 0x43 and in shared
 *         memory 0x64.  One radio step weighs four baseband steps, one
 *         baseband step is 0.5 dB (bcm-specs "RecalculateTransmissionPower",
 *         as b43 implements it): power in Q5.2 falls by 2 for each baseband
 *         step and by 8 for each radio step.
 * [REG]   What the radio may send on a channel: the lower of cfg80211's
 *         max_reg_power and max_power (EIRP, dBm) less the antenna gain
 *         (SPROM, Q5.2), no more than the SPROM maximum (maxpwr_bg, Q5.2)
 *         and the level mac80211 asks for; the 5 GHz band's antenna
 *         gain is antenna 1's (brcmsmac brcms_c_attach_antgain_init()).
 * [NTPWR] brcmsmac phy_n.c wlc_phy_txpwrctrl_pwr_setup_nphy(): PHY register
 *         0x1EA holds the target power of each TX core in quarter dBm,
 *         core 0 in bits 0-7, core 1 in bits 8-15.
 * [HTPWR] The HT-PHY (no public document; b43's phy_ht.h, from the logs of
 *         Broadcom's driver): cores 1 and 2 as [NTPWR] in 0x1EA, core 3 in
 *         bits 0-7 of 0x966 (the extended register 0x166).
 */
#include <kunit/test.h>
#include <net/mac80211.h>

#include "../b43.h"
#include "../lo.h"
#include "../main.h"
#include "../phy_common.h"
#include "../phy_g.h"
#include "../phy_n.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define SHM_TSSI_CCK	0x58	/* [TSSI], bytes */
#define SHM_TSSI_OFDM	0x70
#define SHM_RFATT	0x64	/* [ATT] */
#define PHY_ITSSI	0x29	/* [ITSSI] */
#define TGT_IDLE_TSSI	0x34
#define PHY_BBATT	0x60	/* [ATT] */
#define NPHY_TPWR	0x1EA	/* [NTPWR] */
#define HTPHY_TPWR3	0x966	/* [HTPWR] */
#define RADIO_RFATT	0x43
#define Q52_PER_BB	2	/* [ATT] */
#define BB_PER_RF	4
#define LEVEL_DBM	30	/* what mac80211 asks for: above every limit */

/* The start of each step, unless a case says: the middle of both ranges */
#define BB_START	4
#define RF_START	5

struct gtx {
	struct kunit *test;
	struct b43_vcore *vc;
	struct b43_wldev *dev;
	struct ieee80211_channel chan;
	int bb0;
	int rf0;
	int tssi_step;
	unsigned int steps;
	unsigned int at_end;
	unsigned int off;
};

static void gtx_start(struct kunit *test, struct gtx *g)
{
	struct ieee80211_hw *hw;

	g->test = test;
	g->vc = b43_vcore_new(test, &b43_vcore_bcm4318);
	g->vc->phy[PHY_ITSSI] = TGT_IDLE_TSSI;	/* [ITSSI] */
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(g->vc));
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(g->vc));
	g->dev = b43_vcore_wldev(g->vc);
	KUNIT_ASSERT_EQ(test, g->dev->phy.type, B43_PHYTYPE_G);
	KUNIT_ASSERT_EQ(test, g->dev->phy.g->tgt_idle_tssi, TGT_IDLE_TSSI);
	KUNIT_ASSERT_EQ(test, g->dev->phy.g->cur_idle_tssi, TGT_IDLE_TSSI);
	KUNIT_ASSERT_FALSE(test, b43_has_hardware_pctl(g->dev));

	/* The test's own copy of the first channel: its limits are the test's */
	hw = g->dev->wl->hw;
	g->chan = *hw->conf.chandef.chan;
	cfg80211_chandef_create(&hw->conf.chandef, &g->chan, NL80211_CHAN_NO_HT);
	g->dev->phy.desired_txpower = LEVEL_DBM;
	g->bb0 = BB_START;
	g->rf0 = RF_START;
	g->tssi_step = 1;
	g->steps = 0;
	g->at_end = 0;
	g->off = 0;
}

/* [ATT] the attenuation programmed, in baseband steps */
static int gtx_att(struct gtx *g)
{
	int bb = (g->vc->phy[PHY_BBATT] >> 2) & 0xF;
	int rf = g->vc->radio[RADIO_RFATT] & 0xF;

	KUNIT_EXPECT_EQ(g->test, rf,
			b43_vcore_obj_word(g->vc, B43_VCORE_OBJ_SHARED,
					   SHM_RFATT / 4) & 0xFFFF);
	return bb + BB_PER_RF * rf;
}

/*
 * Program the start attenuation through the driver's own adjust path, as
 * if an earlier step had left it there; the driver forgets what it measured.
 */
static void gtx_reset(struct gtx *g)
{
	struct b43_phy_g *gphy = g->dev->phy.g;

	gphy->bbatt.att = g->bb0;
	gphy->rfatt.att = g->rf0;
	gphy->bbatt_delta = 0;
	gphy->rfatt_delta = 0;
	gphy->average_tssi = 0xFF;
	b43_phy_txpower_adjust_work(&g->dev->wl->txpower_adjust_work);
	KUNIT_ASSERT_EQ(g->test, gtx_att(g), g->bb0 + BB_PER_RF * g->rf0);
}

/*
 * [TSSI] the microcode measured @tssi for four CCK frames and nothing for
 * OFDM; the driver's periodic check runs, and the adjustment it queues
 */
static void gtx_check(struct gtx *g, u8 tssi)
{
	struct b43_wl *wl = g->dev->wl;
	unsigned int works = g->vc->works;

	g->vc->obj[B43_VCORE_OBJ_SHARED][SHM_TSSI_CCK / 4] = tssi * 0x01010101u;
	g->vc->obj[B43_VCORE_OBJ_SHARED][SHM_TSSI_OFDM / 4] = 0;
	mutex_lock(&wl->mutex);
	b43_phy_txpower_check(g->dev, B43_TXPWR_IGNORE_TIME);
	mutex_unlock(&wl->mutex);
	if (g->vc->works == works)
		return;
	KUNIT_EXPECT_PTR_EQ(g->test, g->vc->last_work,
			    &wl->txpower_adjust_work);
	b43_phy_txpower_adjust_work(&wl->txpower_adjust_work);
}

/* [REG] the most the radio may send, Q5.2 */
static int gtx_limit(const struct ieee80211_channel *chan,
		     const struct ssb_sprom *sprom, int level)
{
	int lim = 4 * min(chan->max_reg_power, chan->max_power) -
		  max_t(int, sprom->antenna_gain.a0, 0);

	lim = min3(lim, 4 * level, (int)sprom->maxpwr_bg);
	return max(lim, 0);
}

/*
 * Every TSSI the microcode can report, on the channel and with the SPROM
 * and level mac80211 asks for as they are.  After one check the radio
 * sends at most what it may, and less by no more than a quarter dB (the
 * attenuators move in 0.5 dB steps); a radio sending too much is never
 * turned up.  Only where the attenuators ran out of range may it send
 * more: then both attenuate all they can.  At the other end, with no
 * radio attenuation left to take away, it may send less.
 */
static void gtx_sweep(struct gtx *g)
{
	struct b43_txpower_lo_control *lo = g->dev->phy.g->lo_control;
	const s8 *tssi2dbm = g->dev->phy.g->tssi2dbm;
	const int att0 = g->bb0 + BB_PER_RF * g->rf0;
	const int att_max = lo->bbatt_list.max_val +
			    BB_PER_RF * lo->rfatt_list.max_val;
	const int lim = gtx_limit(&g->chan, g->dev->dev->bus_sprom,
				  g->dev->phy.desired_txpower);
	int t, est, att, sent;

	/* [TSSI] 0 and 0x7F are no measurement */
	for (t = 1; t < 0x40; t += g->tssi_step) {
		gtx_reset(g);
		est = tssi2dbm[t];
		gtx_check(g, t);
		att = gtx_att(g);
		sent = est - Q52_PER_BB * (att - att0);
		g->steps++;
		if (est > lim && att < att0) {
			g->off++;
		} else if (sent <= lim && sent >= lim - 1) {
			continue;
		} else if ((sent > lim && att == att_max) ||
			   (sent < lim && !(g->vc->radio[RADIO_RFATT] & 0xF))) {
			g->at_end++;
			continue;
		} else {
			g->off++;
		}
		if (g->off <= 8)
			kunit_info(g->test,
				   "from %d/%d, EIRP %d/%d dBm, gain %d dBi, level %d dBm, TSSI %d: sends %d, may send %d (Q5.2)\n",
				   g->bb0, g->rf0,
				   g->chan.max_reg_power, g->chan.max_power,
				   g->dev->dev->bus_sprom->antenna_gain.a0 / 4,
				   g->dev->phy.desired_txpower, t, sent, lim);
	}
}

static void gtx_done(struct gtx *g)
{
	kunit_info(g->test, "%u steps, %u with an attenuator at its end, %u off\n",
		   g->steps, g->at_end, g->off);
	KUNIT_EXPECT_EQ(g->test, g->off, 0);
	KUNIT_EXPECT_EQ(g->test, g->vc->bad_access, 0);
}

/*
 * Every channel limit from 0 to 30 dBm, as the regulatory limit or as
 * cfg80211's own, with antenna gains of 0 to 10 dBi
 */
static void gphy_txpower_within_channel_limit(struct kunit *test)
{
	static const s8 gains_dbi[] = { 0, 2, 5, 10 };
	struct ssb_sprom *sprom;
	int dbm, gi;
	struct gtx g;

	gtx_start(test, &g);
	sprom = g.dev->dev->bus_sprom;
	for (dbm = 0; dbm <= 30; dbm++) {
		for (gi = 0; gi < ARRAY_SIZE(gains_dbi); gi++) {
			g.chan.max_reg_power = gi % 2 ? 30 : dbm;
			g.chan.max_power = gi % 2 ? dbm : 30;
			sprom->antenna_gain.a0 = 4 * gains_dbi[gi];
			gtx_sweep(&g);
		}
	}
	gtx_done(&g);
}

/*
 * Levels mac80211 may ask for from 0 to 20 dBm in 2 dB steps, and SPROM
 * maxima of 0 dBm, 10 dBm and the board's own 19 dBm, on a channel that
 * allows more
 */
static void gphy_txpower_within_level_and_sprom(struct kunit *test)
{
	static const u8 sprom_max[] = { 0, 40, 0x4C };
	struct ssb_sprom *sprom;
	int level, i;
	struct gtx g;

	gtx_start(test, &g);
	sprom = g.dev->dev->bus_sprom;
	g.chan.max_reg_power = 30;
	g.chan.max_power = 30;
	for (i = 0; i < ARRAY_SIZE(sprom_max); i++) {
		sprom->maxpwr_bg = sprom_max[i];
		for (level = 0; level <= 20; level += 2) {
			g.dev->phy.desired_txpower = level;
			gtx_sweep(&g);
		}
	}
	gtx_done(&g);
}

/*
 * From every attenuation the two attenuators can be at, a radio far above
 * its limit (0 dBm) and one near it (10 dBm), for every fourth TSSI
 */
static void gphy_txpower_from_every_attenuation(struct kunit *test)
{
	struct b43_txpower_lo_control *lo;
	struct gtx g;
	int dbm;

	gtx_start(test, &g);
	lo = g.dev->phy.g->lo_control;
	g.tssi_step = 4;
	for (dbm = 0; dbm <= 10; dbm += 10) {
		g.chan.max_reg_power = dbm;
		g.chan.max_power = dbm;
		for (g.bb0 = lo->bbatt_list.min_val;
		     g.bb0 <= lo->bbatt_list.max_val; g.bb0++)
			for (g.rf0 = lo->rfatt_list.min_val;
			     g.rf0 <= lo->rfatt_list.max_val; g.rf0++)
				gtx_sweep(&g);
	}
	gtx_done(&g);
}

/* The SPROM maximum of every N-PHY and HT-PHY band and core, Q5.2: 19 dBm */
#define PCTL_SPROM_MAX	0x4C
#define PCTL_MAX_CORES	3

/*
 * A started core whose PHY holds the TX power to a target of its own
 * (hardware power control): @dev_id is a dual-band device's (pci.ids)
 */
static struct b43_vcore *pctl_start(struct kunit *test,
				    const struct b43_vcore_cfg *cfg,
				    u16 dev_id, u8 phy_type)
{
	struct b43_vcore *vc = b43_vcore_new(test, cfg);
	struct ssb_sprom *sprom = &vc->bus.sprom;
	int c;

	sprom->revision = 8;
	sprom->dev_id = dev_id;
	for (c = 0; c < PCTL_MAX_CORES; c++) {
		sprom->core_pwr_info[c].maxpwr_2g = PCTL_SPROM_MAX;
		sprom->core_pwr_info[c].maxpwr_5gl = PCTL_SPROM_MAX;
		sprom->core_pwr_info[c].maxpwr_5g = PCTL_SPROM_MAX;
		sprom->core_pwr_info[c].maxpwr_5gh = PCTL_SPROM_MAX;
	}
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_start(vc));
	KUNIT_ASSERT_EQ(test, b43_vcore_wldev(vc)->phy.type, phy_type);
	return vc;
}

/* The driver's own channel of @freq MHz, or NULL */
static const struct ieee80211_channel *
pctl_channel(struct ieee80211_hw *hw, u16 freq)
{
	enum nl80211_band band = freq < 4000 ? NL80211_BAND_2GHZ :
					       NL80211_BAND_5GHZ;
	struct ieee80211_supported_band *sb = hw->wiphy->bands[band];
	int i;

	for (i = 0; sb && i < sb->n_channels; i++)
		if (sb->channels[i].center_freq == freq)
			return &sb->channels[i];
	return NULL;
}

/* [NTPWR], [HTPWR] the target of each TX core, Q5.2 */
static int pctl_targets(struct b43_vcore *vc, u8 *t)
{
	t[0] = vc->phy[NPHY_TPWR] & 0xFF;
	t[1] = vc->phy[NPHY_TPWR] >> 8;
	if (b43_vcore_wldev(vc)->phy.type != B43_PHYTYPE_HT)
		return 2;
	t[2] = vc->phy[HTPHY_TPWR3] & 0xFF;
	return 3;
}

/*
 * Each of @freqs set through b43_op_config(), limited to 0 ... 30 dBm,
 * with antenna gains of 0 to 10 dBi: the target of every TX core is what
 * the radio may send, or the SPROM maximum where that is lower.
 */
static void pctl_sweep(struct kunit *test, struct b43_vcore *vc,
		       const u16 *freqs, int nr_freqs)
{
	static const s8 gains_dbi[] = { 0, 2, 5, 10 };
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	struct ssb_sprom *sprom = dev->dev->bus_sprom;
	struct ieee80211_hw *hw = dev->wl->hw;
	struct ieee80211_channel chan;
	const struct ieee80211_channel *c;
	unsigned int steps = 0, off = 0;
	int f, dbm, gi, i, n, lim, want, err;
	u8 t[PCTL_MAX_CORES];

	hw->conf.power_level = LEVEL_DBM;
	for (f = 0; f < nr_freqs; f++) {
		c = pctl_channel(hw, freqs[f]);
		KUNIT_ASSERT_NOT_NULL_MSG(test, c, "%u MHz", freqs[f]);
		chan = *c;
		cfg80211_chandef_create(&hw->conf.chandef, &chan,
					NL80211_CHAN_NO_HT);
		err = b43_op_config(hw, IEEE80211_CONF_CHANGE_CHANNEL |
					IEEE80211_CONF_CHANGE_POWER);
		KUNIT_ASSERT_EQ(test, err, 0);
		KUNIT_ASSERT_PTR_EQ(test, dev->phy.chandef->chan, &chan);

		for (dbm = 0; dbm <= 30; dbm++) {
			for (gi = 0; gi < ARRAY_SIZE(gains_dbi); gi++) {
				chan.max_reg_power = gi % 2 ? 30 : dbm;
				chan.max_power = gi % 2 ? dbm : 30;
				sprom->antenna_gain.a0 = 4 * gains_dbi[gi];
				sprom->antenna_gain.a1 = 4 * gains_dbi[gi];
				/* The N-PHY recalculates for a new channel
				 * or level only: each step is one.
				 */
				if (dev->phy.type == B43_PHYTYPE_N)
					dev->phy.n->tx_pwr_last_recalc_freq = 0;
				mutex_lock(&dev->wl->mutex);
				b43_phy_txpower_check(dev,
						      B43_TXPWR_IGNORE_TIME |
						      B43_TXPWR_IGNORE_TSSI);
				mutex_unlock(&dev->wl->mutex);

				lim = max(4 * dbm - 4 * gains_dbi[gi], 0);
				want = min(lim, PCTL_SPROM_MAX);
				n = pctl_targets(vc, t);
				steps++;
				for (i = 0; i < n && t[i] == want; i++)
					;
				if (i == n)
					continue;
				if (off++ < 8)
					kunit_info(test,
						   "%u MHz, EIRP %d/%d dBm, gain %d dBi: core %d target %u, want %d (Q5.2)\n",
						   freqs[f], chan.max_reg_power,
						   chan.max_power, gains_dbi[gi],
						   i, t[i], want);
			}
		}
	}
	kunit_info(test, "%u steps, %u off\n", steps, off);
	KUNIT_EXPECT_EQ(test, off, 0);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/*
 * Channels of each band the N-PHY's SPROM tells apart (2.4 GHz; 5 GHz
 * below 5.1, to 5.5 and above), on a BCM4322 (SSB) and a BCM43224 (BCMA)
 */
static void nphy_txpower_within_channel_limit(struct kunit *test)
{
	static const u16 freqs[] = { 2412, 2437, 2484, 4920, 5180, 5500, 5825 };
	const struct b43_vcore_cfg *const *cfg = test->param_value;
	struct b43_vcore *vc;

	vc = pctl_start(test, *cfg, (*cfg)->bcma ? 0x4353 : 0x432B,
			B43_PHYTYPE_N);
	pctl_sweep(test, vc, freqs, ARRAY_SIZE(freqs));
}

/*
 * The HT-PHY (BCM4331): b43 drives it on 2.4 GHz only; channels 13 and 14
 * take the PLL's spur avoidance path
 */
static void htphy_txpower_within_channel_limit(struct kunit *test)
{
	static const u16 freqs[] = { 2412, 2437, 2472, 2484 };
	struct b43_vcore *vc;

	vc = pctl_start(test, &b43_vcore_bcm4331, 0x4331, B43_PHYTYPE_HT);
	pctl_sweep(test, vc, freqs, ARRAY_SIZE(freqs));
}

/* The N-PHY on an SSB bus (BCM4322) and on a BCMA bus */
static const struct b43_vcore_cfg *const nphy_cores[] = {
	&b43_vcore_bcm4322, &b43_vcore_bcma_nphy,
};

static void nphy_core_desc(const struct b43_vcore_cfg *const *cfg,
			   char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s, core revision %u",
		 (*cfg)->bcma ? "BCMA" : "SSB", (*cfg)->core_rev);
}

KUNIT_ARRAY_PARAM(nphy_cores, nphy_cores, nphy_core_desc);

static struct kunit_case b43_drv_txpower_cases[] = {
	KUNIT_CASE(gphy_txpower_within_channel_limit),
	KUNIT_CASE(gphy_txpower_within_level_and_sprom),
	KUNIT_CASE(gphy_txpower_from_every_attenuation),
	KUNIT_CASE_PARAM(nphy_txpower_within_channel_limit,
			 nphy_cores_gen_params),
	KUNIT_CASE(htphy_txpower_within_channel_limit),
	{}
};

static struct kunit_suite b43_drv_txpower_suite = {
	.name = "b43_drv_txpower",
	.test_cases = b43_drv_txpower_cases,
};

kunit_test_suite(b43_drv_txpower_suite);
