// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit compliance suite: every country of wireless-regdb, every channel
 * b43 registers, every PHY's TX power path
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * The rules come from Debian's wireless-regdb (/lib/firmware/regulatory.db),
 * which scripts/b43kunit/regdb.py turns into regdb_table.h when the tree is
 * prepared (the table names the package version and the file's sha256).
 *
 * For each country and channel this suite works out what cfg80211 gives
 * the driver (net/wireless/reg.c: the first rule whose range holds the
 * whole 20 MHz channel and allows 20 MHz; max_reg_power the rule's EIRP,
 * MBM_TO_DBM(); max_power the lower of that and the 30 dBm b43 registers
 * in main.c; no rule: IEEE80211_CHAN_DISABLED), then, for a set of SPROMs,
 * asks each PHY's path for its target and checks it against the rule's
 * EIRP less the SPROM's antenna gain, worked out here from the table and
 * the SPROM fields, not by the unit: EIRP = conducted power + antenna gain.
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

struct phy_path {
	const char *name;
	enum b43_txpwr_path path;
	unsigned int core;
	bool ghz5;		/* the PHY works on 5 GHz too */
	int margin;		/* Q5.2 kept below the limit, b43legacy's */
};

static const struct phy_path phy_paths[] = {
	{ "G", B43_TXPWR_G, 0, false, 0 },
	{ "N", B43_TXPWR_N, 0, true, 0 },
	{ "LP", B43_TXPWR_LP, 0, true, 0 },
	{ "HT core 0", B43_TXPWR_HT, 0, true, 0 },
	{ "HT core 1", B43_TXPWR_HT, 1, true, 0 },
	{ "HT core 2", B43_TXPWR_HT, 2, true, 0 },
	{ "b43legacy G", B43_TXPWR_LEGACY, 0, false, 6 },
	{ "b43legacy B", B43_TXPWR_LEGACY_B, 0, false, 6 },
};

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

#ifdef B43_REGDB_TABLE
/* What cfg80211 gives for a 20 MHz channel at @mhz in a country */
static struct b43_txpwr_chan reg_chan(const struct b43_regdb_country *c,
				      u16 mhz)
{
	struct b43_txpwr_chan ch = { .freq = mhz };
	u32 lo = (mhz - 10) * 1000, hi = (mhz + 10) * 1000;
	unsigned int i;

	for (i = c->first; i < c->first + c->n; i++) {
		const struct b43_regdb_rule *r = &b43_regdb_rules[i];

		if (r->start_khz > lo || hi > r->end_khz)
			continue;
		if (r->max_bw_khz < 20000 &&
		    !(r->flags & NL80211_RRF_AUTO_BW))
			continue;
		ch.max_reg_power = r->max_eirp_mbm / 100;
		ch.max_power = min(30, ch.max_reg_power);
		ch.max_antenna_gain = r->max_ant_gain_mbi / 100;
		return ch;
	}
	ch.flags = IEEE80211_CHAN_DISABLED;
	return ch;
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
	struct b43_txpwr_chan rc = reg_chan(c, mhz);
	/* the rule's EIRP, Q5.2, as cfg80211 rounds it (MBM_TO_DBM) */
	int eirp = B43_TXPWR_Q52(rc.max_reg_power);
	/* what cfg80211 lets the driver use: the 30 dBm b43 registers at most */
	int dev_eirp = B43_TXPWR_Q52(rc.max_power);
	unsigned int p;

	for (p = 0; p < ARRAY_SIZE(phy_paths); p++) {
		const struct phy_path *pp = &phy_paths[p];
		int cap = eirp - max(gain, 0) - pp->margin;
		int dev_cap = dev_eirp - max(gain, 0) - pp->margin;
		int t, smax;
		bool bad;

		if (ch >= NR_2GHZ && !pp->ghz5)
			continue;
		n->combos++;
		t = b43_txpwr_target(pp->path, s, &rc, B43_TXPWR_NO_USER,
				     pp->core);
		smax = b43_txpwr_sprom_path_max(pp->path, s, mhz, pp->core);
		if (rc.flags & IEEE80211_CHAN_DISABLED) {
			bad = t != -EPERM;
			n->disabled++;
		} else if (t == -ERANGE) {
			bad = dev_cap >= 0;
			n->silent++;
		} else {
			bad = t < 0 || t > cap || t > dev_cap || t > smax ||
			      smax > 119;
		}
		if (bad && n->violations++ < 5)
			KUNIT_FAIL(test, "%s %u MHz %s, gain %d: target %d, limit %d",
				   c->alpha2, mhz, pp->name, gain, t, cap);
	}
}

/*
 * Every country x every b43 channel x every SPROM x every PHY path: a
 * disabled channel gets no target; any other target is at most the
 * rule's EIRP less the antenna gain (less b43legacy's margin), at most what
 * cfg80211 lets the driver use (the same with b43's own 30 dBm), at most the
 * SPROM's maximum, and not negative; "do not transmit" (-ERANGE) only when
 * even 0 dBm would be above that limit.
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
	kunit_info(test, "%lu combinations checked (%lu on disabled channels, %lu below 0 dBm), %lu violations\n",
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
