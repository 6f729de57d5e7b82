// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the TX power limit unit (txpower.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * Where the expected values come from (never from the code under test):
 *
 * [RULE]  The conducted power a driver may set is the regulatory EIRP limit
 *         less the antenna gain: EIRP = conducted power + antenna gain
 *         (Documentation/networking/regulatory.rst: the regulatory rules
 *         give EIRP; Broadcom's brcmsmac, channel.c
 *         brcms_c_channel_reg_limits(): "maxpwr = QDB(ch->max_power) -
 *         delta" with delta the band's antenna gain).  Every value here is
 *         worked out by hand from that rule, in quarter dB (Q5.2).
 * [CFG]   cfg80211 (net/wireless/reg.c, handle_channel_single_rule()):
 *         max_reg_power is the rule's EIRP, max_power the lower of it and
 *         the driver's own channel limit; a channel no rule covers is
 *         IEEE80211_CHAN_DISABLED.
 * [SPROM] ssb (drivers/ssb/pci.c, sprom_extract_antgain()) and bcma
 *         (drivers/bcma/sprom.c) give antenna gains in Q5.2 and make an
 *         unset byte 2 dBi; maximum powers are Q5.2 bytes (include/linux/
 *         ssb/ssb.h).  brcmsmac (main.c, brcms_c_attach_antgain_init())
 *         takes antenna 0's gain on 2.4 GHz and antenna 1's on 5 GHz.
 * [BANDS] b43's own split of the SPROM's 5 GHz maxima: N and HT PHY
 *         (phy_n.c b43_nphy_tx_power_ctl_setup(), phy_ht.c): low below
 *         5100 MHz, mid below 5500 MHz, high above; LP PHY
 *         (lpphy_adjust_gain_table()): low to 5320 MHz, mid to 5700 MHz.
 * [LCN]   brcmsmac, phy_lcn.c wlc_phy_txpower_srom_read_lcnphy(): the CCK
 *         rates' maxima come from cck2gpo, four bits per rate in half dB,
 *         the OFDM rates' from ofdm2gpo.
 * [6.12]  Where a case pins a rule 6.12's code had (the invalid SPROM
 *         values, b43legacy's default and margin, PACTRL), the comment
 *         names the function; the regression cases say what 6.12 gave.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "../txpower.h"

/* An enabled channel with the same EIRP in both cfg80211 limits */
static struct b43_txpwr_chan chan(int eirp_dbm, u16 freq)
{
	return (struct b43_txpwr_chan) {
		.max_reg_power = eirp_dbm,
		.max_power = eirp_dbm,
		.freq = freq,
	};
}

struct limit_case {
	const char *desc;
	int reg, maxp, user, sprom, gain, offset;
	int expected;
};

static const struct limit_case limit_cases[] = {
	{ "SPROM lowest: 15 dBm", 20, 20, B43_TXPWR_NO_USER, 60, 0, 0, 60 },
	{ "EIRP 20 dBm - gain 0: 20 dBm", 20, 20, B43_TXPWR_NO_USER, 100, 0,
	  0, 80 },
	{ "EIRP 20 dBm - gain 6 dBi: 14 dBm", 20, 20, B43_TXPWR_NO_USER, 100,
	  24, 0, 56 },
	{ "EIRP 20 dBm - gain 2.25 dBi: 17.75 dBm (71)", 20, 20,
	  B43_TXPWR_NO_USER, 100, 9, 0, 71 },
	{ "EIRP 20 dBm - gain 0.25 dBi: 19.75 dBm, SPROM 19.75 equal", 20, 20,
	  B43_TXPWR_NO_USER, 79, 1, 0, 79 },
	{ "max_power 17 below max_reg_power 23: 17 - 2 = 15 dBm", 23, 17,
	  B43_TXPWR_NO_USER, 100, 8, 0, 60 },
	{ "max_reg_power 16 below max_power 30: 16 dBm", 16, 30,
	  B43_TXPWR_NO_USER, 100, 0, 0, 64 },
	{ "user 10 dBm below all: 10 dBm", 20, 20, 10, 100, 0, 0, 40 },
	{ "user 0 dBm: 0 dBm (6.12 ignored 0)", 20, 20, 0, 100, 0, 0, 0 },
	{ "user -5 dBm: the least, 0 dBm", 20, 20, -5, 100, 0, 0, 0 },
	{ "user 30 dBm above EIRP - gain: 18 dBm", 20, 20, 30, 100, 8, 0, 72 },
	{ "offset 1.5 dB: 20 - 2 - 1.5 = 16.5 dBm", 20, 20, B43_TXPWR_NO_USER,
	  100, 8, 6, 66 },
	{ "EIRP 36 dBm: the hardware maximum, 31.75 dBm", 36, 36,
	  B43_TXPWR_NO_USER, 255, 0, 0, B43_TXPWR_HW_MAX },
	{ "negative gain (odd SPROM byte) counts as 0", 20, 20,
	  B43_TXPWR_NO_USER, 100, -8, 0, 80 },
	{ "EIRP - gain exactly 0 dBm: 0", 6, 6, B43_TXPWR_NO_USER, 100, 24, 0,
	  0 },
	{ "EIRP - gain below 0 dBm: -ERANGE", 6, 6, B43_TXPWR_NO_USER, 100, 25,
	  0, -ERANGE },
	{ "EIRP -10 dBm: -ERANGE", -10, -10, B43_TXPWR_NO_USER, 100, 0, 0,
	  -ERANGE },
	{ "EIRP INT_MAX: clamped, the SPROM decides", INT_MAX, INT_MAX,
	  B43_TXPWR_NO_USER, 90, 0, 0, 90 },
	{ "user INT_MIN: the least, 0 dBm", 20, 20, INT_MIN, 100, 0, 0, 0 },
};

KUNIT_ARRAY_PARAM_DESC(limit_cases, limit_cases, desc);

/* [RULE] each input decides the target when it is the lowest */
static void b43_txpwr_limit_inputs(struct kunit *test)
{
	const struct limit_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->reg, 2437);

	c.max_power = p->maxp;
	KUNIT_EXPECT_EQ(test, b43_txpwr_limit(&c, p->user, p->sprom, p->gain,
					      p->offset), p->expected);
}

/* [CFG] a disabled channel gets no target, whatever the other inputs */
static void b43_txpwr_limit_disabled(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(30, 5180);

	c.flags = IEEE80211_CHAN_DISABLED;
	KUNIT_EXPECT_EQ(test, b43_txpwr_limit(&c, B43_TXPWR_NO_USER, 100, 0,
					      0), -EPERM);
	/*
	 * NO_IR and radar do not change the power limit (mac80211 keeps
	 * them: no beaconing or probing without a peer, DFS)
	 */
	c.flags = IEEE80211_CHAN_NO_IR | IEEE80211_CHAN_RADAR;
	KUNIT_EXPECT_EQ(test, b43_txpwr_limit(&c, B43_TXPWR_NO_USER, 100, 0,
					      0), 100);
}

/* Every EIRP and gain the Q5.2 range holds: never above EIRP - gain. */
static void b43_txpwr_limit_sweep(struct kunit *test)
{
	int eirp, gain, got, n = 0;

	for (eirp = -5; eirp <= 40; eirp++) {
		for (gain = -16; gain <= 127; gain++) {
			struct b43_txpwr_chan c = chan(eirp, 2412);
			int cap = eirp * 4 - max(gain, 0);

			got = b43_txpwr_limit(&c, B43_TXPWR_NO_USER, 119,
					      gain, 0);
			if (cap < 0) {
				KUNIT_EXPECT_EQ(test, got, -ERANGE);
				continue;
			}
			KUNIT_EXPECT_EQ_MSG(test, got, min3(cap, 119, 127),
					    "EIRP %d dBm, gain %d", eirp, gain);
			n++;
		}
	}
	KUNIT_EXPECT_GT(test, n, 0);
}

struct sprom_case {
	const char *desc;
	u8 raw;
	int expected;
};

/* [6.12] b43_gphy_op_recalc_txpower(): >= 30 dBm is invalid, 20 dBm then */
static const struct sprom_case sprom_cases[] = {
	{ "0: not programmed, 20 dBm", 0, 80 },
	{ "0xFF: erased, 20 dBm", 0xFF, 80 },
	{ "120 (30 dBm): invalid, 20 dBm", 120, 80 },
	{ "200: invalid, 20 dBm", 200, 80 },
	{ "1 (0.25 dBm): valid", 1, 1 },
	{ "119 (29.75 dBm): valid", 119, 119 },
	{ "72 (18 dBm): valid", 72, 72 },
};

KUNIT_ARRAY_PARAM_DESC(sprom_cases, sprom_cases, desc);

static void b43_txpwr_sprom_max_values(struct kunit *test)
{
	const struct sprom_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_max(p->raw, 80), p->expected);
}

/* [SPROM] antenna 0 on 2.4 GHz, antenna 1 on 5 GHz, never below 0 */
static void b43_txpwr_ant_gain_bands(struct kunit *test)
{
	struct ssb_sprom s = {};

	s.antenna_gain.a0 = 8;
	s.antenna_gain.a1 = 20;
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 2412), 8);
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 2484), 8);
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 5180), 20);
	s.antenna_gain.a1 = -4;
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 5180), 0);
}

/* A SPROM whose every maximum names its own field */
static void distinct_sprom(struct ssb_sprom *s)
{
	unsigned int c;

	memset(s, 0, sizeof(*s));
	s->maxpwr_bg = 70;
	s->maxpwr_al = 61;
	s->maxpwr_a = 62;
	s->maxpwr_ah = 63;
	for (c = 0; c < 4; c++) {
		s->core_pwr_info[c].maxpwr_2g = 40 + c;
		s->core_pwr_info[c].maxpwr_5gl = 44 + c;
		s->core_pwr_info[c].maxpwr_5g = 48 + c;
		s->core_pwr_info[c].maxpwr_5gh = 52 + c;
	}
}

struct path_case {
	const char *desc;
	enum b43_txpwr_path path;
	u16 freq;
	unsigned int core;
	bool pactrl;
	int expected;
};

static const struct path_case path_cases[] = {
	{ "G: maxpwr_bg", B43_TXPWR_G, 2412, 0, false, 70 },
	{ "G, PACTRL: maxpwr_bg - 0.75 dB", B43_TXPWR_G, 2412, 0, true, 67 },
	/* [BANDS]; the lower of cores 0 and 1 */
	{ "N 2412: cores' 2g", B43_TXPWR_N, 2412, 0, false, 40 },
	{ "N 5000: 5gl", B43_TXPWR_N, 5000, 0, false, 44 },
	{ "N 5095: 5gl", B43_TXPWR_N, 5095, 0, false, 44 },
	{ "N 5100: 5g", B43_TXPWR_N, 5100, 0, false, 48 },
	{ "N 5495: 5g", B43_TXPWR_N, 5495, 0, false, 48 },
	{ "N 5500: 5gh", B43_TXPWR_N, 5500, 0, false, 52 },
	{ "N 5825: 5gh", B43_TXPWR_N, 5825, 0, false, 52 },
	{ "HT core 2 at 2437: its 2g", B43_TXPWR_HT, 2437, 2, false, 42 },
	{ "HT core 1 at 5180: its 5g", B43_TXPWR_HT, 5180, 1, false, 49 },
	{ "HT core 0 at 5745: its 5gh", B43_TXPWR_HT, 5745, 0, false, 52 },
	{ "HT core 3: no such core, 0", B43_TXPWR_HT, 5745, 3, false, 0 },
	{ "LP 2412: maxpwr_bg", B43_TXPWR_LP, 2412, 0, true, 70 },
	{ "LP 5320: maxpwr_al", B43_TXPWR_LP, 5320, 0, false, 61 },
	{ "LP 5325: maxpwr_a", B43_TXPWR_LP, 5325, 0, false, 62 },
	{ "LP 5700: maxpwr_a", B43_TXPWR_LP, 5700, 0, false, 62 },
	{ "LP 5705: maxpwr_ah", B43_TXPWR_LP, 5705, 0, false, 63 },
	/* [6.12] b43legacy_phy_xmitpower() */
	{ "b43legacy G: maxpwr_bg", B43_TXPWR_LEGACY, 2412, 0, false, 70 },
	{ "b43legacy G, PACTRL: - 0.75 dB", B43_TXPWR_LEGACY, 2412, 0, true,
	  67 },
	{ "b43legacy B, PACTRL: no PACTRL loss", B43_TXPWR_LEGACY_B, 2412, 0,
	  true, 70 },
};

KUNIT_ARRAY_PARAM_DESC(path_cases, path_cases, desc);

static void b43_txpwr_sprom_path_max_fields(struct kunit *test)
{
	const struct path_case *p = test->param_value;
	struct ssb_sprom s;

	distinct_sprom(&s);
	if (p->pactrl)
		s.boardflags_lo = SSB_BFL_PACTRL;
	KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(p->path, &s, p->freq,
						       p->core), p->expected);
}

/* Each path's rule for an unprogrammed byte: 20 dBm, b43legacy 18.5 dBm */
static void b43_txpwr_sprom_path_max_invalid(struct kunit *test)
{
	static const u8 bad[] = { 0, 0xFF, 120 };
	struct ssb_sprom s;
	unsigned int i, c;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		memset(&s, bad[i], sizeof(s));
		s.boardflags_lo = SSB_BFL_PACTRL;
		for (c = 0; c < 4; c++) {
			s.core_pwr_info[c].maxpwr_2g = bad[i];
			s.core_pwr_info[c].maxpwr_5g = bad[i];
		}
		KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_G, &s,
							       2412, 0), 80);
		KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_N, &s,
							       5180, 0), 80);
		KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_HT,
							       &s, 2412, 1),
				80);
		KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_LP,
							       &s, 2412, 0),
				80);
		KUNIT_EXPECT_EQ(test,
				b43_txpwr_sprom_path_max(B43_TXPWR_LEGACY, &s,
							 2412, 0), 74);
	}
	/* PACTRL on a 0.5 dBm SPROM: not below 0 */
	memset(&s, 0, sizeof(s));
	s.maxpwr_bg = 2;
	s.boardflags_lo = SSB_BFL_PACTRL;
	KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_G, &s, 2412,
						       0), 0);
	KUNIT_EXPECT_EQ(test, b43_txpwr_sprom_path_max(B43_TXPWR_LEGACY, &s,
						       2412, 0), 0);
}

/*
 * Regression, G PHY: 6.12's b43_gphy_op_recalc_txpower() took
 * min(SPROM, user) = min(25, 20) = 20 dBm with a 6 dBi antenna on a
 * 20 dBm EIRP channel: 26 dBm EIRP.  The limit is 20 - 6 = 14 dBm.
 */
static void b43_txpwr_regression_gphy_antenna_gain(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 2437);
	struct ssb_sprom s = {};

	s.maxpwr_bg = 100;
	s.antenna_gain.a0 = 24;
	KUNIT_EXPECT_EQ(test, b43_txpwr_target(B43_TXPWR_G, &s, &c, 20, 0),
			56);
}

/*
 * Regression, N PHY: 6.12's b43_nphy_op_recalc_txpower() loaded the 2 GHz
 * maxima (20 dBm here) on 5 GHz too, where this SPROM allows 14 dBm.
 */
static void b43_txpwr_regression_nphy_band(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(23, 5200);
	struct ssb_sprom s = {};

	s.core_pwr_info[0].maxpwr_2g = 80;
	s.core_pwr_info[1].maxpwr_2g = 80;
	s.core_pwr_info[0].maxpwr_5g = 56;
	s.core_pwr_info[1].maxpwr_5g = 60;
	KUNIT_EXPECT_EQ(test, b43_txpwr_target(B43_TXPWR_N, &s, &c,
					       B43_TXPWR_NO_USER, 0), 56);
}

/*
 * Regression, N PHY: 6.12 raised every rate to 8 dBm after the limits, so
 * a 5 dBm user limit (or a 5 dBm EIRP limit) gave 8 dBm.
 */
static void b43_txpwr_regression_nphy_floor(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 2412);
	struct ssb_sprom s = {};
	int t;

	s.core_pwr_info[0].maxpwr_2g = 80;
	s.core_pwr_info[1].maxpwr_2g = 80;
	t = b43_txpwr_target(B43_TXPWR_N, &s, &c, 5, 0);
	KUNIT_EXPECT_EQ(test, t, 20);
	KUNIT_EXPECT_EQ(test, b43_txpwr_floor(t, B43_TXPWR_Q52(8)), 20);
	KUNIT_EXPECT_EQ(test, b43_txpwr_floor(60, B43_TXPWR_Q52(8)), 32);
}

/*
 * Regression, HT PHY: 6.12's b43_phy_ht_tx_power_ctl_setup() programmed
 * each core's SPROM maximum (25 dBm here) as its target whatever the
 * channel's limit (20 dBm EIRP, 2 dBi antenna: 18 dBm), and its recalc
 * did nothing.
 */
static void b43_txpwr_regression_htphy_no_limit(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 5745);
	struct ssb_sprom s = {};
	unsigned int core;

	s.antenna_gain.a1 = 8;
	for (core = 0; core < 3; core++)
		s.core_pwr_info[core].maxpwr_5gh = 100;
	for (core = 0; core < 3; core++)
		KUNIT_EXPECT_EQ(test, b43_txpwr_target(B43_TXPWR_HT, &s, &c,
						       B43_TXPWR_NO_USER,
						       core), 72);
}

/*
 * Regression, per-rate offsets: 6.12's b43_ppr_load_max_from_sprom()
 * computed max - offset in u8: 4 - 30 wrapped to 230, 57.5 dBm.
 */
static void b43_txpwr_regression_rate_offset_wrap(struct kunit *test)
{
	unsigned int i, off;

	KUNIT_EXPECT_EQ(test, b43_txpwr_rate_max(4, 0xF, 0), 0);
	for (i = 0; i < 8; i++) {
		for (off = 0; off < 16; off++) {
			u32 po = off << (i * 4);

			KUNIT_EXPECT_EQ(test, b43_txpwr_rate_max(40, po, i),
					off * 2 < 40 ? 40 - off * 2 : 0);
			/* the other rates of the word keep the maximum */
			KUNIT_EXPECT_EQ(test,
					b43_txpwr_rate_max(40, po, (i + 1) % 8),
					40);
		}
	}
	/* beyond the word's eight rates: no offset */
	KUNIT_EXPECT_EQ(test, b43_txpwr_rate_max(40, 0xFFFFFFFF, 8), 40);
}

struct sub_case {
	const char *desc;
	u8 v, off, expected;
};

static const struct sub_case sub_cases[] = {
	{ "3 - 5: 0 (6.12's u8 gave 254)", 3, 5, 0 },
	{ "40 - 5: 35", 40, 5, 35 },
	{ "5 - 5: 0", 5, 5, 0 },
	{ "255 - 0: 255", 255, 0, 255 },
};

KUNIT_ARRAY_PARAM_DESC(sub_cases, sub_cases, desc);

/* Regression, the N PHY's extra CDD/STBC offsets: subtracted in u8 */
static void b43_txpwr_regression_sub_wrap(struct kunit *test)
{
	const struct sub_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txpwr_sub(p->v, p->off), p->expected);
}

/*
 * Regression, b43legacy: 6.12's b43legacy_phy_xmitpower() capped at a
 * fixed 20 dBm less the antenna gain and 1.5 dB, whatever the country: on
 * a 17 dBm EIRP channel with a 2 dBi antenna that was 16.5 dBm, 1.5 dB
 * too much.  17 - 2 - 1.5 = 13.5 dBm.
 */
static void b43_txpwr_regression_legacy_fixed_limit(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(17, 2437);
	struct ssb_sprom s = {};

	s.maxpwr_bg = 100;
	s.antenna_gain.a0 = 8;
	KUNIT_EXPECT_EQ(test, b43_txpwr_target(B43_TXPWR_LEGACY, &s, &c,
					       B43_TXPWR_NO_USER, 0), 54);
}

/*
 * Regression, LP PHY: 6.12's lpphy_read_spromv() took the CCK rates'
 * maxima from the OFDM offsets; [LCN] takes them from cck2gpo.
 */
static void b43_txpwr_regression_lp_cck_offsets(struct kunit *test)
{
	u16 r[B43_TXPWR_LP_RATES];
	unsigned int i;

	/* CCK offsets 1, 2, 3, 4 half dB; OFDM 5, 6, ... 12 half dB */
	b43_txpwr_lp_rates(r, 80, 0x4321, 0xCBA98765, 9);
	for (i = 0; i < 4; i++)
		KUNIT_EXPECT_EQ_MSG(test, r[i], 80 - 2 * (i + 1), "CCK %u", i);
	for (i = 0; i < 8; i++)
		KUNIT_EXPECT_EQ_MSG(test, r[4 + i], 80 - 2 * (i + 5), "OFDM %u",
				    i);
	for (i = 12; i < B43_TXPWR_LP_RATES; i++)
		KUNIT_EXPECT_EQ(test, r[i], 80);
	/* no CCK offsets: every CCK rate at the maximum, OFDM less opo */
	b43_txpwr_lp_rates(r, 80, 0, 0xCBA98765, 9);
	KUNIT_EXPECT_EQ(test, r[0], 80);
	KUNIT_EXPECT_EQ(test, r[3], 80);
	KUNIT_EXPECT_EQ(test, r[4], 71);
	/* offsets above the maximum: 0, not a wrapped u16 */
	b43_txpwr_lp_rates(r, 4, 0xF, 0xF, 0);
	KUNIT_EXPECT_EQ(test, r[0], 0);
	KUNIT_EXPECT_EQ(test, r[4], 0);
}

/* [BANDS] the sub-band of each frequency, at each boundary */
static void b43_txpwr_subband_edges(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(2412), 0);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(2484), 0);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(4920), 1);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(5099), 1);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(5100), 2);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(5499), 2);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(5500), 3);
	KUNIT_EXPECT_EQ(test, b43_txpwr_subband(5910), 3);
}

static const struct ieee80211_channel chan_cases[] = {
	{ .center_freq = 5500, .max_reg_power = 24, .max_power = 23,
	  .max_antenna_gain = 6, .flags = IEEE80211_CHAN_RADAR },
	{ .center_freq = 2484, .max_reg_power = 20, .max_power = 20,
	  .flags = IEEE80211_CHAN_NO_OFDM | IEEE80211_CHAN_DISABLED },
};

static void chan_case_desc(const struct ieee80211_channel *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u MHz, %d/%d dBm, flags %#x",
		 c->center_freq, c->max_reg_power, c->max_power, c->flags);
}

KUNIT_ARRAY_PARAM(chan_cases, chan_cases, chan_case_desc);

/* The channel's limits are taken as cfg80211 holds them. */
static void b43_txpwr_chan_of_fields(struct kunit *test)
{
	const struct ieee80211_channel *ch = test->param_value;
	struct b43_txpwr_chan c = b43_txpwr_chan_of(ch);

	KUNIT_EXPECT_EQ(test, c.max_reg_power, ch->max_reg_power);
	KUNIT_EXPECT_EQ(test, c.max_power, ch->max_power);
	KUNIT_EXPECT_EQ(test, c.max_antenna_gain, ch->max_antenna_gain);
	KUNIT_EXPECT_EQ(test, c.flags, ch->flags);
	KUNIT_EXPECT_EQ(test, c.freq, ch->center_freq);
}

static struct kunit_case b43_txpower_test_cases[] = {
	KUNIT_CASE_PARAM(b43_txpwr_limit_inputs, limit_cases_gen_params),
	KUNIT_CASE(b43_txpwr_limit_disabled),
	KUNIT_CASE(b43_txpwr_limit_sweep),
	KUNIT_CASE_PARAM(b43_txpwr_sprom_max_values, sprom_cases_gen_params),
	KUNIT_CASE(b43_txpwr_ant_gain_bands),
	KUNIT_CASE_PARAM(b43_txpwr_sprom_path_max_fields,
			 path_cases_gen_params),
	KUNIT_CASE(b43_txpwr_sprom_path_max_invalid),
	KUNIT_CASE(b43_txpwr_regression_gphy_antenna_gain),
	KUNIT_CASE(b43_txpwr_regression_nphy_band),
	KUNIT_CASE(b43_txpwr_regression_nphy_floor),
	KUNIT_CASE(b43_txpwr_regression_htphy_no_limit),
	KUNIT_CASE(b43_txpwr_regression_rate_offset_wrap),
	KUNIT_CASE_PARAM(b43_txpwr_regression_sub_wrap, sub_cases_gen_params),
	KUNIT_CASE(b43_txpwr_regression_legacy_fixed_limit),
	KUNIT_CASE(b43_txpwr_regression_lp_cck_offsets),
	KUNIT_CASE(b43_txpwr_subband_edges),
	KUNIT_CASE_PARAM(b43_txpwr_chan_of_fields, chan_cases_gen_params),
	{}
};

static struct kunit_suite b43_txpower_test_suite = {
	.name = "b43_txpower",
	.test_cases = b43_txpower_test_cases,
};

kunit_test_suite(b43_txpower_test_suite);
