/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * TX power limits: how much the radio may send on a channel
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_TXPOWER_H_
#define B43_TXPOWER_H_

#include <linux/errno.h>
#include <linux/limits.h>
#include <linux/minmax.h>
#include <linux/ssb/ssb.h>
#include <linux/ssb/ssb_regs.h>
#include <linux/types.h>

#include <net/cfg80211.h>

/*
 * Broadcom's firmware enforces no regulatory limit: the driver alone keeps
 * the radio legal.  This unit computes the conducted TX power target of
 * each PHY from explicit inputs, in the driver's unit, Q5.2 (quarter dB,
 * so 4 is 1 dBm):
 *
 *   target = min(SPROM maximum, regulatory EIRP - antenna gain - offset,
 *		  user/AP limit, hardware maximum)
 *
 * It is header-only and inline, like the DMA ring unit, because b43legacy
 * (a separate module) uses it too, through "../b43/txpower.h".  It reads
 * no register and takes no device: the SPROM is data (struct ssb_sprom,
 * as ssb and bcma extract it) and the channel's limits are cfg80211's.
 * The KUnit suites tests/txpower_kunit.c (each rule) and
 * tests/regdb_kunit.c (every country of wireless-regdb) call it directly.
 */

/* dBm (or dB) to Q5.2 */
#define B43_TXPWR_Q52(db)		((db) * 4)

/*
 * The most any b43 PHY is set to: 31.75 dBm, what b43_ppr_add() keeps in
 * its per-rate table and more than any b43 radio's amplifier gives.
 */
#define B43_TXPWR_HW_MAX		127

/*
 * SPROM maximum power: 0 and 0xFF (an unprogrammed byte) are no value, and
 * 30 dBm or more is no b43 radio's (6.12's G-PHY rule); the driver then
 * assumes 20 dBm, as 6.12's G-PHY code does.
 */
#define B43_TXPWR_SPROM_INVALID		B43_TXPWR_Q52(30)
#define B43_TXPWR_SPROM_DEFAULT		B43_TXPWR_Q52(20)
/* b43legacy's own default for an unprogrammed SPROM: 18.5 dBm (6.12) */
#define B43_TXPWR_SPROM_DEFAULT_LEGACY	74
/*
 * b43legacy's 1.5 dB margin below the regulatory limit, which 6.12 applied
 * to its fixed 20 dBm and which stays, applied to the real limit.
 */
#define B43_TXPWR_LEGACY_MARGIN		6
/* The power amplifier of a PACTRL board loses 0.75 dB (6.12, G PHYs) */
#define B43_TXPWR_PACTRL_LOSS		3

/* The user or AP limit is not given */
#define B43_TXPWR_NO_USER		INT_MAX

/**
 * struct b43_txpwr_chan - a channel's limits as cfg80211 gives them
 * @max_reg_power: the regulatory EIRP limit, dBm (chan->max_reg_power)
 * @max_power: the limit cfg80211 applies, dBm: the lower of the
 *	regulatory limit and the driver's own (chan->max_power)
 * @max_antenna_gain: the rule's maximum antenna gain, dBi; 0 for every
 *	rule of wireless-regdb's regulatory.db (net/wireless/reg.c), and not
 *	used: an EIRP limit already counts the device's own antenna gain
 * @flags: IEEE80211_CHAN_*; a disabled channel gets no target
 * @freq: centre frequency, MHz, which picks the SPROM's band
 */
struct b43_txpwr_chan {
	int max_reg_power;
	int max_power;
	int max_antenna_gain;
	u32 flags;
	u16 freq;
};

/**
 * b43_txpwr_chan_of() - the limits of a cfg80211 channel
 * @chan: the channel the device is on
 *
 * Return: the channel's limits for b43_txpwr_target().
 */
static inline struct b43_txpwr_chan
b43_txpwr_chan_of(const struct ieee80211_channel *chan)
{
	return (struct b43_txpwr_chan) {
		.max_reg_power = chan->max_reg_power,
		.max_power = chan->max_power,
		.max_antenna_gain = chan->max_antenna_gain,
		.flags = chan->flags,
		.freq = chan->center_freq,
	};
}

/**
 * b43_txpwr_limit() - the conducted TX power target from its inputs
 * @chan: the channel's regulatory limits
 * @user: the user's or the AP's limit, dBm (mac80211's conf->power_level,
 *	0 dBm included), or B43_TXPWR_NO_USER; below 0 dBm counts as 0 dBm
 * @sprom_max: the SPROM's maximum conducted power, Q5.2, already checked
 * @ant_gain: the device's antenna gain on the channel's band, Q5.2
 * @offset: what the PHY keeps below the regulatory limit, Q5.2
 *
 * The target is min(@sprom_max, EIRP - @ant_gain - @offset, @user,
 * B43_TXPWR_HW_MAX), where EIRP is the lower of the channel's two limits.
 * Every input is an integer of Q5.2, so nothing is rounded; a negative
 * antenna gain (the s8 the SPROM extraction makes of an odd byte) is taken
 * as 0, so that the antenna never raises the limit.
 *
 * Return: the target, 0 to B43_TXPWR_HW_MAX; -EPERM for a disabled
 * channel: do not transmit; -ERANGE when the limit is below 0 dBm, less
 * than a b43 PHY can be set to: do not transmit either.
 */
static inline int b43_txpwr_limit(const struct b43_txpwr_chan *chan,
				  int user, int sprom_max, int ant_gain,
				  int offset)
{
	/* dBm values far outside any radio's range would overflow Q5.2 */
	int eirp = clamp(min(chan->max_reg_power, chan->max_power),
			 -1000, 1000);
	int lim = B43_TXPWR_Q52(eirp) - max(ant_gain, 0) - max(offset, 0);

	if (chan->flags & IEEE80211_CHAN_DISABLED)
		return -EPERM;
	lim = min3(lim, sprom_max, B43_TXPWR_HW_MAX);
	/* A user below 0 dBm gets the least the PHY sends, 0 dBm */
	if (user != B43_TXPWR_NO_USER)
		lim = min(lim, B43_TXPWR_Q52(clamp(user, 0, 1000)));
	return lim < 0 ? -ERANGE : lim;
}

/**
 * b43_txpwr_sprom_max() - a SPROM maximum power byte, checked
 * @raw: the byte, Q5.2
 * @fallback: what to assume when @raw is no value (Q5.2)
 *
 * Return: @raw, or @fallback for 0, 0xFF and anything of 30 dBm or more.
 */
static inline int b43_txpwr_sprom_max(u8 raw, int fallback)
{
	return raw && raw < B43_TXPWR_SPROM_INVALID ? raw : fallback;
}

/**
 * b43_txpwr_ant_gain() - the device's antenna gain on a band
 * @sprom: the SPROM as ssb or bcma extracted it (antenna gains in Q5.2,
 *	an unset byte already made 2 dBi)
 * @freq: the channel's centre frequency, MHz
 *
 * Return: antenna 0's gain on 2.4 GHz, antenna 1's on 5 GHz, as
 * brcmsmac's brcms_c_attach_antgain_init() picks them; Q5.2, never below 0.
 */
static inline int b43_txpwr_ant_gain(const struct ssb_sprom *sprom, u16 freq)
{
	return max_t(int, freq < 4000 ? sprom->antenna_gain.a0 :
				       sprom->antenna_gain.a1, 0);
}

/**
 * b43_txpwr_subband() - the SPROM's band of a frequency
 * @freq: centre frequency, MHz
 *
 * The split of b43's N and HT PHY code (b43_nphy_tx_power_ctl_setup()):
 * the 5 GHz low band is below 5100 MHz, the middle one below 5500 MHz.
 *
 * Return: 0 for 2.4 GHz, 1 to 3 for the 5 GHz low, middle and high bands:
 * the values of enum b43_band.
 */
static inline unsigned int b43_txpwr_subband(u16 freq)
{
	if (freq < 4000)
		return 0;
	if (freq < 5100)
		return 1;
	return freq < 5500 ? 2 : 3;
}

/* A core's SPROM maximum for a frequency's band */
static inline u8 b43_txpwr_core_max(const struct ssb_sprom_core_pwr_info *c,
				    u16 freq)
{
	const u8 max[] = { c->maxpwr_2g, c->maxpwr_5gl, c->maxpwr_5g,
			   c->maxpwr_5gh };

	return max[b43_txpwr_subband(freq)];
}

/**
 * enum b43_txpwr_path - whose SPROM fields and rules make the inputs
 * @B43_TXPWR_G: b43 G PHY: maxpwr_bg, less 0.75 dB on a PACTRL board
 * @B43_TXPWR_N: b43 N PHY: the lower of cores 0 and 1 for the band
 * @B43_TXPWR_LP: b43 LP PHY: maxpwr_bg, or maxpwr_al/_a/_ah on 5 GHz
 *	(split at 5320 and 5700 MHz, as lpphy_adjust_gain_table() does)
 * @B43_TXPWR_HT: b43 HT PHY: the given core's maximum for the band
 * @B43_TXPWR_LEGACY: b43legacy: maxpwr_bg (less 0.75 dB on a PACTRL board
 *	with a G PHY), its own default, and its 1.5 dB margin
 * @B43_TXPWR_LEGACY_B: b43legacy with a B PHY: the same without PACTRL
 */
enum b43_txpwr_path {
	B43_TXPWR_G,
	B43_TXPWR_N,
	B43_TXPWR_LP,
	B43_TXPWR_HT,
	B43_TXPWR_LEGACY,
	B43_TXPWR_LEGACY_B,
};

/**
 * b43_txpwr_sprom_path_max() - a PHY's SPROM maximum for a channel
 * @path: the PHY
 * @sprom: the SPROM
 * @freq: the channel's centre frequency, MHz
 * @core: the core, for B43_TXPWR_HT (0 to 2)
 *
 * Return: the maximum conducted power the SPROM gives for the channel,
 * Q5.2, with the invalid-value rule applied; 0 for an unknown @path or
 * @core.
 */
static inline int b43_txpwr_sprom_path_max(enum b43_txpwr_path path,
					   const struct ssb_sprom *sprom,
					   u16 freq, unsigned int core)
{
	bool pactrl = sprom->boardflags_lo & SSB_BFL_PACTRL;
	int v;

	switch (path) {
	case B43_TXPWR_G:
		v = b43_txpwr_sprom_max(sprom->maxpwr_bg, 0);
		if (!v)
			return B43_TXPWR_SPROM_DEFAULT;
		return max(v - (pactrl ? B43_TXPWR_PACTRL_LOSS : 0), 0);
	case B43_TXPWR_N:
		v = min(b43_txpwr_core_max(&sprom->core_pwr_info[0], freq),
			b43_txpwr_core_max(&sprom->core_pwr_info[1], freq));
		return b43_txpwr_sprom_max(v, B43_TXPWR_SPROM_DEFAULT);
	case B43_TXPWR_LP:
		if (freq < 4000)
			v = sprom->maxpwr_bg;
		else if (freq <= 5320)
			v = sprom->maxpwr_al;
		else if (freq <= 5700)
			v = sprom->maxpwr_a;
		else
			v = sprom->maxpwr_ah;
		return b43_txpwr_sprom_max(v, B43_TXPWR_SPROM_DEFAULT);
	case B43_TXPWR_HT:
		if (core >= 3)
			return 0;
		v = b43_txpwr_core_max(&sprom->core_pwr_info[core], freq);
		return b43_txpwr_sprom_max(v, B43_TXPWR_SPROM_DEFAULT);
	case B43_TXPWR_LEGACY:
	case B43_TXPWR_LEGACY_B:
		v = b43_txpwr_sprom_max(sprom->maxpwr_bg, 0);
		if (!v)
			return B43_TXPWR_SPROM_DEFAULT_LEGACY;
		if (path == B43_TXPWR_LEGACY && pactrl)
			v -= B43_TXPWR_PACTRL_LOSS;
		return max(v, 0);
	}
	return 0;
}

/**
 * b43_txpwr_target() - a PHY's conducted TX power target for a channel
 * @path: the PHY
 * @sprom: the device's SPROM
 * @chan: the channel's limits
 * @user: the user's or AP's limit, dBm, or B43_TXPWR_NO_USER
 * @core: the core, for B43_TXPWR_HT
 *
 * What each PHY's TX power code calls: the SPROM maximum of
 * b43_txpwr_sprom_path_max(), the antenna gain of b43_txpwr_ant_gain(), and
 * b43legacy's margin, through b43_txpwr_limit().
 *
 * Return: as b43_txpwr_limit().
 */
static inline int b43_txpwr_target(enum b43_txpwr_path path,
				   const struct ssb_sprom *sprom,
				   const struct b43_txpwr_chan *chan, int user,
				   unsigned int core)
{
	bool legacy = path == B43_TXPWR_LEGACY || path == B43_TXPWR_LEGACY_B;

	return b43_txpwr_limit(chan, user,
			       b43_txpwr_sprom_path_max(path, sprom, chan->freq,
							core),
			       b43_txpwr_ant_gain(sprom, chan->freq),
			       legacy ? B43_TXPWR_LEGACY_MARGIN : 0);
}

/**
 * b43_txpwr_rate_max() - the maximum for one rate from a power offset
 * @max: the band's maximum, Q5.2
 * @po: the SPROM's power offset word for a group of rates, four bits per
 *	rate in half dB, the first rate in bits 0-3
 * @i: the rate's place in the group
 *
 * Return: @max less the rate's offset, never below 0 (6.12 subtracted in
 * u8 and wrapped to a high power when an offset exceeded the maximum).
 */
static inline u8 b43_txpwr_rate_max(u8 max, u32 po, unsigned int i)
{
	unsigned int off = i < 8 ? ((po >> (i * 4)) & 0xf) * 2 : 0;

	return max > off ? max - off : 0;
}

/**
 * b43_txpwr_sub() - a power less an offset, never below 0
 * @v: the power, Q5.2
 * @off: the offset, Q5.2
 *
 * Return: @v - @off, or 0 when @off is larger.
 */
static inline u8 b43_txpwr_sub(u8 v, u8 off)
{
	return v > off ? v - off : 0;
}

/**
 * b43_txpwr_floor() - the least a PHY is set to, under a target
 * @target: the target, Q5.2
 * @floor: the PHY's least useful power, Q5.2
 *
 * Return: @floor, or @target when that is lower: a floor never lifts a
 * target above its limit (6.12's N-PHY code raised every rate to 8 dBm
 * whatever the regulatory or user limit).
 */
static inline u8 b43_txpwr_floor(u8 target, u8 floor)
{
	return min(target, floor);
}

/* Per-rate maxima of the LP PHY: 4 CCK rates, then OFDM */
#define B43_TXPWR_LP_RATES	15
#define B43_TXPWR_LP_CCK	4

/**
 * b43_txpwr_lp_rates() - the LP PHY's 2.4 GHz per-rate maxima
 * @rates: B43_TXPWR_LP_RATES maxima to fill, Q5.2
 * @max: the band's maximum, Q5.2
 * @cckpo: the SPROM's CCK power offsets (cck2gpo), 0 for none
 * @ofdmpo: the SPROM's OFDM power offsets (ofdm2gpo)
 * @opo: the SPROM's single OFDM offset (opo), for a SPROM without @cckpo
 *
 * As brcmsmac's wlc_phy_txpower_srom_read_lcnphy() does for the LCN PHY:
 * the CCK rates take their offsets from @cckpo (6.12's LP code took them
 * from @ofdmpo), the OFDM rates from @ofdmpo; a SPROM with no CCK offsets
 * gives every CCK rate @max and every OFDM rate @max less @opo.
 */
static inline void b43_txpwr_lp_rates(u16 *rates, u8 max, u16 cckpo,
				      u32 ofdmpo, u8 opo)
{
	unsigned int i;

	for (i = 0; i < B43_TXPWR_LP_RATES; i++) {
		if (!cckpo)
			rates[i] = i < B43_TXPWR_LP_CCK ? max :
				   max > opo ? max - opo : 0;
		else if (i < B43_TXPWR_LP_CCK)
			rates[i] = b43_txpwr_rate_max(max, cckpo, i);
		else
			rates[i] = b43_txpwr_rate_max(max, ofdmpo,
						      i - B43_TXPWR_LP_CCK);
	}
}

#endif /* B43_TXPOWER_H_ */
