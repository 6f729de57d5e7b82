// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit compliance suite: every country of wireless-regdb, every channel
 * b43 registers, every PHY's TX power path
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The rules come from Debian's wireless-regdb (/lib/firmware/regulatory.db),
 * which scripts/b43kunit/regdb.py turns into regdb_table.h when the tree is
 * prepared (the table names the package version and the file's sha256).
 *
 * For each country and channel this suite works out what cfg80211 gives
 * the driver (net/wireless/reg.c: the first rule whose range holds the
 * whole 20 MHz channel and allows 20 MHz; max_reg_power the rule's EIRP,
 * MBM_TO_DBM(); max_power the lower of that and the 30 dBm b43 registers
 * in main.c; no rule: the channel is disabled and never used), then, for a
 * set of SPROMs, works out what each PHY's TX power code asks for, with
 * the unit's functions it calls and at the level mac80211 gives when the
 * user sets none (the channel's max_power), and checks it against the
 * rule's EIRP less the SPROM's antenna gain, worked out here from the
 * table and the SPROM fields, not by the unit: EIRP = conducted power +
 * antenna gain.  The LP PHY has no TX power model in b43 (its recalc is a
 * stub and its gains are fixed), so it is not in the list.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "../txpower.h"

struct b43_regdb_rule {
	u32 start_khz, end_khz, max_bw_khz;
	int max_eirp_mbm;
	int max_ant_gain_mbi;
	u32 flags;		/* NL80211_RRF_* */
};

struct b43_regdb_country {
	char alpha2[3];
	u8 dfs_region;
	u16 first, n;
};

/* tests/Makefile defines B43_REGDB_TABLE when the table is in the tree */
#ifdef B43_REGDB_TABLE
#include "regdb_table.h"
#endif

#ifdef B43_REGDB_TABLE
/* b43's channels (main.c): 2.4 GHz 1-14, the N PHY's 5 GHz table */
static const u8 b43_5ghz_channels[] = {
	32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64,
	66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98,
	100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126,
	128, 130, 132, 134, 136, 138, 140, 142, 144, 145, 146, 147, 148, 149,
	150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163,
	164, 165, 166, 168, 170, 172, 174, 176, 178, 180, 182,
};

#define NR_2GHZ		14

static u16 channel_freq(unsigned int i)
{
	if (i < 13)
		return 2412 + 5 * i;
	if (i == 13)
		return 2484;
	return 5000 + 5 * b43_5ghz_channels[i - NR_2GHZ];
}

#define NR_CHANNELS	(NR_2GHZ + ARRAY_SIZE(b43_5ghz_channels))

/* SPROM antenna gains (Q5.2): 0 to the s8 maximum, and a negative byte */
static const s8 gains[] = { 0, 8, 16, 24, 40, 127, -8 };
/* SPROM maxima (Q5.2): low, high, and each invalid class */
static const u8 maxima[] = { 32, 119, 0, 0xFF, 120 };

enum phy_path { PHY_G, PHY_N, PHY_HT, PHY_LEGACY_G, PHY_LEGACY_B };

static const struct {
	const char *name;
	bool ghz5;		/* the PHY works on 5 GHz too */
	int margin;		/* Q5.2 kept below the limit, b43legacy's */
} phy_paths[] = {
	[PHY_G] = { "G", false, 0 },
	[PHY_N] = { "N", true, 0 },
	[PHY_HT] = { "HT", true, 0 },
	[PHY_LEGACY_G] = { "b43legacy G", false, 6 },
	[PHY_LEGACY_B] = { "b43legacy B", false, 6 },
};

/*
 * What a PHY's code asks for on a channel, the unit's functions called as
 * the PHY's code calls them; the SPROM's default where the SPROM has no
 * value.  The N PHY's rates are capped at b43_txpwr_n_cap() and raised to
 * the floor below it, so the cap is the most any rate gets; the HT PHY's
 * cores each get their own target, the largest counts.
 */
static int phy_target(enum phy_path p, const struct ssb_sprom *s,
		      const struct b43_txpwr_chan *c)
{
	bool pactrl = s->boardflags_lo & SSB_BFL_PACTRL;
	int gain = b43_txpwr_ant_gain(s, c->freq), m, t = 0;
	unsigned int core;

	switch (p) {
	case PHY_G:
		m = b43_txpwr_g_sprom_max(s->maxpwr_bg, pactrl);
		if (m < 0)
			m = B43_TXPWR_G_SPROM_DEFAULT;
		return b43_txpwr_g_target(m, c->max_power, c, gain);
	case PHY_N:
		return b43_txpwr_n_cap(c, c->max_power, gain);
	case PHY_HT:
		for (core = 0; core < 3; core++) {
			m = b43_txpwr_ht_sprom_max(&s->core_pwr_info[core],
						   c->freq < 4000, c->freq);
			t = max(t, b43_txpwr_ht_target(m, c, c->max_power,
						       gain));
		}
		return t;
	case PHY_LEGACY_G:
	case PHY_LEGACY_B:
		m = b43_txpwr_legacy_sprom_max(s->maxpwr_bg,
					       pactrl && p == PHY_LEGACY_G);
		if (m < 0)
			m = B43_TXPWR_LEGACY_SPROM_DEFAULT;
		return b43_txpwr_legacy_target(m, c->max_power, c,
					       s->antenna_gain.a0);
	}
	return INT_MAX;
}

static void fill_sprom(struct ssb_sprom *s, s8 gain, u8 max, bool pactrl)
{
	unsigned int c;

	memset(s, 0, sizeof(*s));
	s->antenna_gain.a0 = gain;
	s->antenna_gain.a1 = gain;
	s->maxpwr_bg = max;
	s->maxpwr_al = max;
	s->maxpwr_a = max;
	s->maxpwr_ah = max;
	for (c = 0; c < 4; c++) {
		s->core_pwr_info[c].maxpwr_2g = max;
		s->core_pwr_info[c].maxpwr_5gl = max;
		s->core_pwr_info[c].maxpwr_5g = max;
		s->core_pwr_info[c].maxpwr_5gh = max;
	}
	if (pactrl)
		s->boardflags_lo = SSB_BFL_PACTRL;
}

/* What cfg80211 gives for a 20 MHz channel at @mhz in a country */
static bool reg_chan(const struct b43_regdb_country *c, u16 mhz,
		     struct b43_txpwr_chan *ch)
{
	u32 lo = (mhz - 10) * 1000, hi = (mhz + 10) * 1000;
	unsigned int i;

	for (i = c->first; i < c->first + c->n; i++) {
		const struct b43_regdb_rule *r = &b43_regdb_rules[i];

		if (r->start_khz > lo || hi > r->end_khz)
			continue;
		if (r->max_bw_khz < 20000 &&
		    !(r->flags & NL80211_RRF_AUTO_BW))
			continue;
		ch->freq = mhz;
		ch->max_reg_power = r->max_eirp_mbm / 100;
		ch->max_power = min(30, ch->max_reg_power);
		return true;
	}
	return false;
}

struct regdb_tally {
	unsigned long combos, violations, disabled, silent;
};

/* One country and channel, one SPROM, every PHY path */
static void check_channel(struct kunit *test, struct regdb_tally *n,
			  const struct ssb_sprom *s, int gain,
			  const struct b43_regdb_country *c, unsigned int ch)
{
	u16 mhz = channel_freq(ch);
	struct b43_txpwr_chan rc;
	unsigned int p;
	int eirp;

	if (!reg_chan(c, mhz, &rc)) {
		/* cfg80211 disables the channel: mac80211 never tunes to it */
		n->disabled++;
		return;
	}
	/* the rule's EIRP, Q5.2, as cfg80211 rounds it (MBM_TO_DBM) */
	eirp = B43_TXPWR_Q52(rc.max_reg_power);
	for (p = 0; p < ARRAY_SIZE(phy_paths); p++) {
		int cap = eirp - max(gain, 0) - phy_paths[p].margin;
		int t;
		bool bad;

		if (ch >= NR_2GHZ && !phy_paths[p].ghz5)
			continue;
		n->combos++;
		t = phy_target(p, s, &rc);
		if (cap < 0) {
			/* Even the least the PHY is set to is above it */
			bad = t > 0;
			n->silent++;
		} else {
			bad = t > cap;
		}
		if (bad && n->violations++ < 5)
			KUNIT_FAIL(test, "%s %u MHz %s, gain %d: target %d, limit %d",
				   c->alpha2, mhz, phy_paths[p].name, gain, t,
				   cap);
	}
}

/*
 * Every country x every b43 channel x every SPROM x every PHY: what the PHY
 * asks for is at most the rule's EIRP less the antenna gain (less
 * b43legacy's margin); where that is below 0 dBm, at most 0 dBm, the least
 * a PHY is set to.  A disabled channel is counted, not checked.
 */
static void b43_regdb_every_country(struct kunit *test)
{
	struct ssb_sprom *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	struct regdb_tally n = {};
	unsigned int ci, ch, g, m, pa;

	KUNIT_ASSERT_NOT_NULL(test, s);
	kunit_info(test, "wireless-regdb %s (sha256 %.16s...): %zu countries, %zu rules\n",
		   B43_REGDB_VERSION, B43_REGDB_SHA256,
		   ARRAY_SIZE(b43_regdb_countries), ARRAY_SIZE(b43_regdb_rules));

	for (g = 0; g < ARRAY_SIZE(gains); g++) {
		for (m = 0; m < ARRAY_SIZE(maxima); m++) {
			for (pa = 0; pa < 2; pa++) {
				fill_sprom(s, gains[g], maxima[m], pa);
				for (ci = 0; ci < ARRAY_SIZE(b43_regdb_countries);
				     ci++)
					for (ch = 0; ch < NR_CHANNELS; ch++)
						check_channel(test, &n, s,
							      gains[g],
							      &b43_regdb_countries[ci],
							      ch);
			}
		}
	}
	kunit_info(test, "%lu combinations checked (%lu disabled channels skipped, %lu below 0 dBm), %lu violations\n",
		   n.combos, n.disabled, n.silent, n.violations);
	KUNIT_EXPECT_EQ(test, n.violations, 0);
	KUNIT_EXPECT_GT(test, n.combos, 0);
}

/* Facts of the table the suite relies on: the world domain is there. */
static void b43_regdb_world_domain(struct kunit *test)
{
	unsigned int i;
	bool world = false;

	for (i = 0; i < ARRAY_SIZE(b43_regdb_countries); i++)
		world |= !strcmp(b43_regdb_countries[i].alpha2, "00");
	KUNIT_EXPECT_TRUE(test, world);
	KUNIT_EXPECT_GT(test, ARRAY_SIZE(b43_regdb_countries), 100);
}
#else
static void b43_regdb_every_country(struct kunit *test)
{
	kunit_skip(test, "no regdb_table.h: run scripts/b43-kunit prepare");
}

static void b43_regdb_world_domain(struct kunit *test)
{
	kunit_skip(test, "no regdb_table.h: run scripts/b43-kunit prepare");
}
#endif

static struct kunit_case b43_regdb_test_cases[] = {
	KUNIT_CASE(b43_regdb_world_domain),
	KUNIT_CASE_SLOW(b43_regdb_every_country),
	{}
};

static struct kunit_suite b43_regdb_test_suite = {
	.name = "b43_regdb",
	.test_cases = b43_regdb_test_cases,
};

kunit_test_suite(b43_regdb_test_suite);
