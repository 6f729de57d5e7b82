/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * The KUnit suites' reader of wireless-regdb's regulatory.db
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_TESTS_REGDB_H_
#define B43_TESTS_REGDB_H_

#include <linux/types.h>

struct kunit;
struct ieee80211_regdomain;

/**
 * struct b43_regdb_rule - one rule of a country, as the database has it
 * @start_khz: the first frequency it covers
 * @end_khz: the last
 * @max_bw_khz: the widest channel it allows
 * @max_eirp_mbm: the most a radio may radiate, mBm (EIRP)
 * @flags: NL80211_RRF_NO_OFDM, _NO_OUTDOOR, _DFS, _NO_IR, _AUTO_BW
 * @cac_ms: the DFS channel availability check time, 0 when not given
 */
struct b43_regdb_rule {
	u32 start_khz;
	u32 end_khz;
	u32 max_bw_khz;
	int max_eirp_mbm;
	u32 flags;
	u32 cac_ms;
};

/**
 * struct b43_regdb_country - one country's rules
 * @alpha2: ISO 3166 code, or "00" for the world domain
 * @dfs_region: NL80211_DFS_*
 * @first: its first rule in &b43_regdb.rules
 * @n: how many rules it has
 */
struct b43_regdb_country {
	char alpha2[3];
	u8 dfs_region;
	unsigned int first;
	unsigned int n;
};

/**
 * struct b43_regdb - a parsed regulatory.db
 * @countries: every country, in the database's order
 * @nr_countries: how many
 * @rules: every country's rules, one after the other
 * @nr_rules: how many
 * @end: the byte after the last one a country refers to
 */
struct b43_regdb {
	struct b43_regdb_country *countries;
	unsigned int nr_countries;
	struct b43_regdb_rule *rules;
	unsigned int nr_rules;
	size_t end;
};

int b43_regdb_parse(const u8 *data, size_t size, struct b43_regdb *db,
		    const char **why);
void b43_regdb_free(struct b43_regdb *db);
struct b43_regdb *b43_regdb_load(struct kunit *test, const u8 **data,
				 size_t *size);
struct ieee80211_regdomain *b43_regdb_regdomain(const struct b43_regdb *db,
						unsigned int country);
int b43_regdb_rule_eirp(const struct b43_regdb *db, unsigned int country,
			u16 mhz);

struct wiphy;
struct ieee80211_supported_band;

struct wiphy *b43_regdb_wiphy(struct kunit *test);
void b43_regdb_apply(struct kunit *test, struct wiphy *wiphy,
		     const struct b43_regdb *db, unsigned int country,
		     const struct ieee80211_supported_band *const *bands,
		     unsigned int n, struct ieee80211_supported_band **copies);
void b43_regdb_unapply(struct kunit *test, struct wiphy *wiphy,
		       struct ieee80211_supported_band **copies,
		       unsigned int n);

#endif /* B43_TESTS_REGDB_H_ */
