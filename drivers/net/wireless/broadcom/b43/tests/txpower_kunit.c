// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the TX power limit unit (txpower.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
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
 *         the driver's own channel limit.
 * [SPROM] ssb (drivers/ssb/pci.c, sprom_extract_antgain()) and bcma
 *         (drivers/bcma/sprom.c) give antenna gains in Q5.2, as an s8, and
 *         make an unset byte 2 dBi; maximum powers are Q5.2 bytes
 *         (include/linux/ssb/ssb.h).  brcmsmac (main.c,
 *         brcms_c_attach_antgain_init()) takes antenna 0's gain on 2.4 GHz
 *         and antenna 1's on 5 GHz.
 * [BANDS] b43's split of the SPROM's 5 GHz maxima for the HT PHY
 *         (b43_phy_ht_tx_power_ctl_setup()): low from 4900 MHz, middle
 *         from 5100 MHz, high from 5500 MHz, 13 dBm below 4900 MHz.
 * [LCN]   brcmsmac, phy_lcn.c wlc_phy_txpower_srom_read_lcnphy(): the CCK
 *         rates' maxima come from cck2gpo, four bits per rate in half dB,
 *         the OFDM rates' from ofdm2gpo.
 * [6.12]  The SPROM rules each PHY's code had in 6.12 and keeps: which
 *         maximum is no value and what is assumed for it, the PACTRL loss,
 *         b43legacy's 20 dBm cap and 1.5 dB margin, the N PHY's 8 dBm
 *         floor.  The comment names the function; regression cases say
 *         what 6.12 gave where one of the fixes before the unit changed it.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "../txpower.h"

/* A channel with the same EIRP in both cfg80211 limits */
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
	int reg, maxp, gain;
	int expected;
};

/* [RULE][CFG][SPROM] */
static const struct limit_case limit_cases[] = {
	{ "EIRP 20 dBm, gain 0: 20 dBm", 20, 20, 0, 80 },
	{ "EIRP 20 dBm, gain 6 dBi: 14 dBm", 20, 20, 24, 56 },
	{ "EIRP 20 dBm, gain 2.25 dBi: 17.75 dBm", 20, 20, 9, 71 },
	{ "max_power 17 below max_reg_power 23, gain 2: 15 dBm", 23, 17, 8,
	  60 },
	{ "max_reg_power 16 below max_power 30: 16 dBm", 16, 30, 0, 64 },
	{ "a negative gain (a byte of 32 dBi or more) counts as 0", 20, 20,
	  -8, 80 },
	{ "EIRP 6 dBm, gain 6 dBi: 0", 6, 6, 24, 0 },
	{ "EIRP 6 dBm, gain 6.25 dBi: below 0", 6, 6, 25, -1 },
	{ "EIRP INT_MAX: clamped to 1000 dBm", INT_MAX, INT_MAX, 0, 4000 },
	{ "EIRP INT_MIN: clamped to -1000 dBm", INT_MIN, INT_MIN, 0, -4000 },
};

KUNIT_ARRAY_PARAM_DESC(limit_cases, limit_cases, desc);

static void b43_txpwr_reg_limit_inputs(struct kunit *test)
{
	const struct limit_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->reg, 2437);

	c.max_power = p->maxp;
	KUNIT_EXPECT_EQ(test, b43_txpwr_reg_limit(&c, p->gain), p->expected);
}

/* [RULE] Every EIRP and gain an s8 holds: EIRP * 4 - gain, exactly. */
static void b43_txpwr_reg_limit_sweep(struct kunit *test)
{
	int eirp, gain, bad = 0;

	for (eirp = -5; eirp <= 40; eirp++) {
		for (gain = S8_MIN; gain <= S8_MAX; gain++) {
			struct b43_txpwr_chan c = chan(eirp, 2412);
			int want = eirp * 4 - max(gain, 0);

			if (b43_txpwr_reg_limit(&c, gain) != want && !bad++)
				KUNIT_FAIL(test, "EIRP %d dBm, gain %d: %d, not %d",
					   eirp, gain,
					   b43_txpwr_reg_limit(&c, gain), want);
		}
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

/* [SPROM] antenna 0 on 2.4 GHz, antenna 1 on 5 GHz, never below 0 */
static void b43_txpwr_ant_gain_bands(struct kunit *test)
{
	struct ssb_sprom s = {};

	s.antenna_gain.a0 = 8;
	s.antenna_gain.a1 = 20;
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 2412), 8);
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 2484), 8);
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 4920), 20);
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 5180), 20);
	s.antenna_gain.a1 = -4;
	KUNIT_EXPECT_EQ(test, b43_txpwr_ant_gain(&s, 5180), 0);
}

struct sprom_case {
	const char *desc;
	u8 raw;
	bool pactrl;
	int expected;
};

/* [6.12] b43_gphy_op_recalc_txpower(): unsigned, >= 30 dBm is no value */
static const struct sprom_case g_sprom_cases[] = {
	{ "0: 0 dBm, as 6.12", 0, false, 0 },
	{ "1 (0.25 dBm)", 1, false, 1 },
	{ "119 (29.75 dBm)", 119, false, 119 },
	{ "120 (30 dBm): no value", 120, false, -EINVAL },
	{ "0xFF: no value", 0xFF, false, -EINVAL },
	{ "PACTRL, 72: 0.75 dB less, 69", 72, true, 69 },
	{ "PACTRL, 3: 0", 3, true, 0 },
	{ "PACTRL, 2: wraps unsigned, no value", 2, true, -EINVAL },
	{ "PACTRL, 0: wraps unsigned, no value", 0, true, -EINVAL },
	{ "PACTRL, 122: 119, a value", 122, true, 119 },
	{ "PACTRL, 123: 120, no value", 123, true, -EINVAL },
};

KUNIT_ARRAY_PARAM_DESC(g_sprom_cases, g_sprom_cases, desc);

static void b43_txpwr_g_sprom_max_values(struct kunit *test)
{
	const struct sprom_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txpwr_g_sprom_max(p->raw, p->pactrl),
			p->expected);
}

struct target_case {
	const char *desc;
	int eirp, user, sprom, gain;
	int expected;
};

/* [RULE][6.12] the lowest of the level, the SPROM and EIRP - gain, >= 0 */
static const struct target_case g_target_cases[] = {
	{ "SPROM lowest: 15 dBm", 20, 20, 60, 0, 60 },
	{ "level lowest: 10 dBm", 20, 10, 100, 0, 40 },
	{ "EIRP - gain lowest: 20 - 6 = 14 dBm", 20, 20, 100, 24, 56 },
	{ "level 0 dBm: 0", 20, 0, 100, 0, 0 },
	{ "level -5 dBm: 0", 20, -5, 100, 0, 0 },
	{ "EIRP below the gain: 0", 6, 20, 100, 28, 0 },
	{ "SPROM 0: 0", 20, 20, 0, 0, 0 },
	{ "level INT_MAX: the SPROM", 20, INT_MAX, 70, 0, 70 },
};

KUNIT_ARRAY_PARAM_DESC(g_target_cases, g_target_cases, desc);

static void b43_txpwr_g_target_values(struct kunit *test)
{
	const struct target_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->eirp, 2437);

	KUNIT_EXPECT_EQ(test, b43_txpwr_g_target(p->sprom, p->user, &c,
						 p->gain), p->expected);
}

/*
 * [RULE] Every EIRP, level, gain and valid SPROM maximum of a G PHY: never
 * above EIRP - gain where that is not below 0, never above the SPROM or
 * the level.
 */
static void b43_txpwr_g_target_sweep(struct kunit *test)
{
	int eirp, user, gain, sprom, t, bad = 0;

	for (eirp = 0; eirp <= 36; eirp += 2)
		for (user = -1; user <= 31; user += 4)
			for (gain = -8; gain <= 60; gain += 4)
				for (sprom = 0; sprom < 120; sprom += 7) {
					struct b43_txpwr_chan c =
						chan(eirp, 2412);
					int lim = eirp * 4 - max(gain, 0);

					t = b43_txpwr_g_target(sprom, user, &c,
							       gain);
					if (t < 0 || t > sprom ||
					    t > max(user, 0) * 4 ||
					    t > max(lim, 0))
						bad++;
				}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

/* [RULE][6.12] b43_nphy_op_recalc_txpower(): max_power, level, EIRP - gain */
static const struct target_case n_cap_cases[] = {
	{ "EIRP 20 dBm: 20 dBm", 20, 20, 0, 0, 80 },
	{ "level 12 dBm: 12 dBm", 20, 12, 0, 0, 48 },
	{ "level 0 dBm: 0, a level too", 20, 0, 0, 0, 0 },
	{ "level -3 dBm: 0", 20, -3, 0, 0, 0 },
	{ "EIRP 20 dBm, gain 6 dBi: 14 dBm", 20, 20, 0, 24, 56 },
	{ "EIRP 23 dBm, gain 2 dBi, level 30: 21 dBm", 23, 30, 0, 8, 84 },
	{ "EIRP below the gain: 0", 4, 20, 0, 24, 0 },
	{ "EIRP 63 dBm: 252 fits the u8", 63, 63, 0, 0, 252 },
	{ "EIRP 64 dBm: the u8's 255", 64, 64, 0, 0, 255 },
};

KUNIT_ARRAY_PARAM_DESC(n_cap_cases, n_cap_cases, desc);

static void b43_txpwr_n_cap_values(struct kunit *test)
{
	const struct target_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->eirp, 5180);

	KUNIT_EXPECT_EQ(test, b43_txpwr_n_cap(&c, p->user, p->gain),
			p->expected);
}

/* A limit below max_power, as cfg80211 gives for a lower rule EIRP [CFG] */
static void b43_txpwr_n_cap_reg_below_max(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(30, 2412);

	c.max_reg_power = 17;
	KUNIT_EXPECT_EQ(test, b43_txpwr_n_cap(&c, 30, 8), 60);
}

/*
 * [6.12][RULE] an HT core never above its SPROM maximum, and never below the
 * N PHY's 8 dBm floor unless the SPROM maximum is lower: every maximum,
 * every level from -2 to 40 dBm, every EIRP from 0 to 40 dBm, gain 2 dBi
 */
static void b43_txpwr_ht_target_bounds(struct kunit *test)
{
	unsigned int sprom_max, bad = 0;
	int user, eirp, t;

	for (sprom_max = 0; sprom_max <= U8_MAX; sprom_max++)
		for (user = -2; user <= 40; user++)
			for (eirp = 0; eirp <= 40; eirp++) {
				struct b43_txpwr_chan c = chan(eirp, 2437);

				t = b43_txpwr_ht_target(sprom_max, &c, user, 8);
				if (t > sprom_max || t < min(sprom_max, 32U))
					bad++;
			}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

struct ht_band_case {
	const char *desc;
	bool ghz2;
	u16 freq;
	u8 expected;
};

/* [BANDS]: a core whose every maximum names its field */
static const struct ht_band_case ht_band_cases[] = {
	{ "2.4 GHz: maxpwr_2g", true, 2412, 40 },
	{ "2.4 GHz flag decides, whatever the frequency", true, 5180, 40 },
	{ "4899 MHz: none of the bands, 13 dBm", false, 4899, 52 },
	{ "4900 MHz: maxpwr_5gl", false, 4900, 44 },
	{ "5099 MHz: maxpwr_5gl", false, 5099, 44 },
	{ "5100 MHz: maxpwr_5g", false, 5100, 48 },
	{ "5499 MHz: maxpwr_5g", false, 5499, 48 },
	{ "5500 MHz: maxpwr_5gh", false, 5500, 50 },
	{ "5825 MHz: maxpwr_5gh", false, 5825, 50 },
};

KUNIT_ARRAY_PARAM_DESC(ht_band_cases, ht_band_cases, desc);

static void b43_txpwr_ht_sprom_max_bands(struct kunit *test)
{
	const struct ht_band_case *p = test->param_value;
	struct ssb_sprom_core_pwr_info c = {
		.maxpwr_2g = 40, .maxpwr_5gl = 44, .maxpwr_5g = 48,
		.maxpwr_5gh = 50,
	};

	KUNIT_EXPECT_EQ(test, b43_txpwr_ht_sprom_max(&c, p->ghz2, p->freq),
			p->expected);
}

/*
 * [RULE][6.12] an HT core: the lower of level and EIRP - gain, raised to the
 * N PHY's 8 dBm floor, at most the SPROM maximum
 */
static const struct target_case ht_target_cases[] = {
	{ "SPROM lowest: 15 dBm", 20, 20, 60, 0, 60 },
	{ "EIRP 20, gain 2 dBi: 18 dBm", 20, 20, 100, 8, 72 },
	{ "level 9 dBm: 9 dBm", 20, 9, 100, 0, 36 },
	{ "level 5 dBm: the 8 dBm floor", 20, 5, 100, 0, 32 },
	{ "level 0 dBm: the 8 dBm floor", 20, 0, 100, 0, 32 },
	{ "SPROM 0xFF, EIRP 30: 30 dBm", 30, 30, 0xFF, 0, 120 },
	{ "EIRP below the gain: the 8 dBm floor", 3, 20, 100, 16, 32 },
	{ "SPROM 6 dBm, below the floor: 6 dBm", 3, 20, 24, 16, 24 },
};

KUNIT_ARRAY_PARAM_DESC(ht_target_cases, ht_target_cases, desc);

static void b43_txpwr_ht_target_values(struct kunit *test)
{
	const struct target_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->eirp, 5745);

	KUNIT_EXPECT_EQ(test, b43_txpwr_ht_target(p->sprom, &c, p->user,
						  p->gain), p->expected);
}

/* [6.12] b43legacy_phy_xmitpower(): 0 or less is no value */
static const struct sprom_case legacy_sprom_cases[] = {
	{ "0: no value", 0, false, -EINVAL },
	{ "1", 1, false, 1 },
	{ "0xFF: a value, 63.75 dBm", 0xFF, false, 255 },
	{ "G PHY with PACTRL, 72: 69", 72, true, 69 },
	{ "G PHY with PACTRL, 3: 0, no value", 3, true, -EINVAL },
	{ "G PHY with PACTRL, 4: 1", 4, true, 1 },
};

KUNIT_ARRAY_PARAM_DESC(legacy_sprom_cases, legacy_sprom_cases, desc);

static void b43_txpwr_legacy_sprom_max_values(struct kunit *test)
{
	const struct sprom_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txpwr_legacy_sprom_max(p->raw, p->pactrl),
			p->expected);
}

/* [RULE][6.12] min(EIRP, 20 dBm) - gain - 1.5 dB caps SPROM and level */
static const struct target_case legacy_target_cases[] = {
	{ "EIRP 30: 20 dBm cap, gain 2, margin: 16.5 dBm", 30, 30, 100, 8,
	  66 },
	{ "EIRP 17: 17 - 2 - 1.5 = 13.5 dBm", 17, 30, 100, 8, 54 },
	{ "SPROM 18.5 dBm lowest", 30, 30, 74, 0, 74 },
	{ "level 10 dBm lowest", 30, 10, 100, 0, 40 },
	{ "level -2 dBm: 0", 30, -2, 100, 0, 0 },
	{ "a negative gain counts as 0", 30, 30, 100, -8, 74 },
	{ "EIRP 1 dBm, gain 2 dBi: below 0, as the cap", 1, 30, 100, 8, -10 },
};

KUNIT_ARRAY_PARAM_DESC(legacy_target_cases, legacy_target_cases, desc);

static void b43_txpwr_legacy_target_values(struct kunit *test)
{
	const struct target_case *p = test->param_value;
	struct b43_txpwr_chan c = chan(p->eirp, 2437);

	KUNIT_EXPECT_EQ(test, b43_txpwr_legacy_target(p->sprom, p->user, &c,
						      p->gain), p->expected);
}

/* Every maximum, every offset nibble at every place of the word */
static void b43_txpwr_rate_max_all(struct kunit *test)
{
	unsigned int max, nib, i, bad = 0;

	for (max = 0; max <= U8_MAX; max++)
		for (nib = 0; nib < 16; nib++)
			for (i = 0; i < 10; i++) {
				u32 po = 0x12345678 & ~(0xfu << (4 * (i % 8)));
				int off = i < 8 ? nib * 2 : 0;
				int want = max > off ? max - off : 0;

				po |= i < 8 ? nib << (4 * i) : 0;
				if (b43_txpwr_rate_max(max, po, i) != want)
					bad++;
			}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static void b43_txpwr_sub_all(struct kunit *test)
{
	unsigned int v, off, bad = 0;

	for (v = 0; v <= U8_MAX; v++)
		for (off = 0; off <= U8_MAX; off++)
			if (b43_txpwr_sub(v, off) != (v > off ? v - off : 0))
				bad++;
	KUNIT_EXPECT_EQ(test, bad, 0);
}

/* [LCN] CCK from cck2gpo, OFDM from ofdm2gpo; [6.12] opo without cck2gpo */
static void b43_txpwr_lp_rates_offsets(struct kunit *test)
{
	static const u16 with_cck[B43_TXPWR_LP_RATES] = {
		/* 70 - 2 * 0x1, 0x2, 0x3, 0x4 */
		68, 66, 64, 62,
		/* 70 - 2 * 0x8 ... 0x1, then no offset */
		54, 56, 58, 60, 62, 64, 66, 68, 70, 70, 70,
	};
	static const u16 without_cck[B43_TXPWR_LP_RATES] = {
		70, 70, 70, 70, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65,
	};
	u16 rates[B43_TXPWR_LP_RATES];

	b43_txpwr_lp_rates(rates, 70, 0x4321, 0x12345678, 5);
	KUNIT_EXPECT_MEMEQ(test, rates, with_cck, sizeof(rates));
	b43_txpwr_lp_rates(rates, 70, 0, 0x12345678, 5);
	KUNIT_EXPECT_MEMEQ(test, rates, without_cck, sizeof(rates));
	/* An offset above the maximum stops at 0 */
	b43_txpwr_lp_rates(rates, 4, 0xF, 0xF, 9);
	KUNIT_EXPECT_EQ(test, rates[0], 0);
	KUNIT_EXPECT_EQ(test, rates[4], 0);
	b43_txpwr_lp_rates(rates, 4, 0, 0, 9);
	KUNIT_EXPECT_EQ(test, rates[4], 0);
}

/*
 * Regression, G PHY: 6.12's b43_gphy_op_recalc_txpower() took
 * min(SPROM, level) = min(25, 20) = 20 dBm with a 6 dBi antenna on a
 * 20 dBm EIRP channel: 26 dBm EIRP.  The limit is 20 - 6 = 14 dBm.
 */
static void b43_txpwr_regression_gphy_antenna_gain(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 2437);

	KUNIT_EXPECT_EQ(test, b43_txpwr_g_target(100, 20, &c, 24), 56);
}

/*
 * Regression, N PHY: 6.12 took a level of 0 dBm as no limit and capped the
 * rates at the channel's limit only.  A level is a cap, 0 dBm too; the
 * 8 dBm floor then raises every rate, as it did in 6.12 for any level
 * below it.
 */
static void b43_txpwr_regression_nphy_zero_level(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 2412);

	KUNIT_EXPECT_EQ(test, b43_txpwr_n_cap(&c, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, b43_txpwr_n_cap(&c, 5, 0), 20);
}

/*
 * Regression, HT PHY: 6.12's b43_phy_ht_tx_power_ctl_setup() programmed
 * each core's SPROM maximum (25 dBm here) as its target whatever the
 * channel's limit (20 dBm EIRP, 2 dBi antenna: 18 dBm).
 */
static void b43_txpwr_regression_htphy_no_limit(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(20, 5745);

	KUNIT_EXPECT_EQ(test, b43_txpwr_ht_target(100, &c, 20, 8), 72);
}

/*
 * Regression, per-rate offsets: 6.12's b43_ppr_load_max_from_sprom()
 * computed max - offset in u8: 4 - 30 wrapped to 230, 57.5 dBm.
 */
static void b43_txpwr_regression_rate_offset_wrap(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, b43_txpwr_rate_max(4, 0xF, 0), 0);
	KUNIT_EXPECT_EQ(test, b43_txpwr_sub(4, 30), 0);
}

/*
 * Regression, b43legacy: 6.12's b43legacy_phy_xmitpower() capped at a
 * fixed 20 dBm less gain and margin (16.5 dBm here) on a 14 dBm channel.
 */
static void b43_txpwr_regression_legacy_fixed_20dbm(struct kunit *test)
{
	struct b43_txpwr_chan c = chan(14, 2467);

	KUNIT_EXPECT_EQ(test, b43_txpwr_legacy_target(100, 30, &c, 8), 42);
}

static struct kunit_case b43_txpower_test_cases[] = {
	KUNIT_CASE_PARAM(b43_txpwr_reg_limit_inputs, limit_cases_gen_params),
	KUNIT_CASE(b43_txpwr_reg_limit_sweep),
	KUNIT_CASE(b43_txpwr_ant_gain_bands),
	KUNIT_CASE_PARAM(b43_txpwr_g_sprom_max_values,
			 g_sprom_cases_gen_params),
	KUNIT_CASE_PARAM(b43_txpwr_g_target_values, g_target_cases_gen_params),
	KUNIT_CASE(b43_txpwr_g_target_sweep),
	KUNIT_CASE_PARAM(b43_txpwr_n_cap_values, n_cap_cases_gen_params),
	KUNIT_CASE(b43_txpwr_n_cap_reg_below_max),
	KUNIT_CASE(b43_txpwr_ht_target_bounds),
	KUNIT_CASE_PARAM(b43_txpwr_ht_sprom_max_bands,
			 ht_band_cases_gen_params),
	KUNIT_CASE_PARAM(b43_txpwr_ht_target_values,
			 ht_target_cases_gen_params),
	KUNIT_CASE_PARAM(b43_txpwr_legacy_sprom_max_values,
			 legacy_sprom_cases_gen_params),
	KUNIT_CASE_PARAM(b43_txpwr_legacy_target_values,
			 legacy_target_cases_gen_params),
	KUNIT_CASE(b43_txpwr_rate_max_all),
	KUNIT_CASE(b43_txpwr_sub_all),
	KUNIT_CASE(b43_txpwr_lp_rates_offsets),
	KUNIT_CASE(b43_txpwr_regression_gphy_antenna_gain),
	KUNIT_CASE(b43_txpwr_regression_nphy_zero_level),
	KUNIT_CASE(b43_txpwr_regression_htphy_no_limit),
	KUNIT_CASE(b43_txpwr_regression_rate_offset_wrap),
	KUNIT_CASE(b43_txpwr_regression_legacy_fixed_20dbm),
	{}
};

static struct kunit_suite b43_txpower_test_suite = {
	.name = "b43_txpower",
	.test_cases = b43_txpower_test_cases,
};

kunit_test_suite(b43_txpower_test_suite);
