// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * The KUnit suites' reader of wireless-regdb's regulatory.db
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The guest kernel carries the regulatory.db of the machine that built it
 * (CONFIG_EXTRA_FIRMWARE, see Documentation/txpower.rst), and the suites
 * read it with request_firmware(), the way cfg80211 reads it at boot.  The
 * format is wireless-regdb's db2fw.py output as net/wireless/reg.c reads
 * it; every number is big-endian, every pointer counts 4-byte units:
 *
 *   header      magic "RGDB" (0x52474442), version 20, then the countries
 *   country     2 bytes ISO 3166 code, 2 bytes pointer to its collection;
 *               the list ends at a zero pointer or at the end of the file
 *   collection  1 byte its length (at least 3), 1 byte its number of
 *               rules, 1 byte the DFS region; at its length rounded up to
 *               2 bytes, a 2-byte pointer for each of its rules
 *   rule        1 byte its length (at least 16), 1 byte flags (bit 0 no
 *               OFDM, 1 no outdoor, 2 DFS, 3 no initiating radiation, 4
 *               automatic bandwidth), 2 bytes maximum EIRP (mBm), 4 bytes
 *               each start, end and maximum bandwidth (kHz); from a length
 *               of 18, 2 bytes CAC time (s); from 20, a 2-byte pointer to
 *               a WMM rule
 *   WMM rule    8 access categories (client, then AP) of 4 bytes: CWmin
 *               exponent in bits 4-7 and CWmax exponent in bits 0-3 of the
 *               first byte (CWmin below CWmax), AIFSN (at least 1) the
 *               second, TXOP limit the last two
 *
 * b43_regdb_parse() accepts exactly what reg.c's valid_regdb() accepts
 * (less the signature, which the guest does not check) and reads no byte
 * outside the buffer for any input: the hostile-input suite
 * (regdb_reader_kunit.c) holds it to that under KASAN.
 */
#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/firmware.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/unaligned.h>
#include <net/cfg80211.h>

#include "regdb.h"

#define RGDB_MAGIC		0x52474442
#define RGDB_VERSION		20
#define RGDB_HDR_SIZE		8
#define RGDB_COUNTRY_SIZE	4
#define RGDB_COLL_MIN		3	/* length, rules, DFS region */
#define RGDB_RULE_MIN		16	/* up to the maximum bandwidth */
#define RGDB_RULE_CAC		18	/* with the CAC time */
#define RGDB_RULE_WMM		20	/* with the WMM pointer */
#define RGDB_WMM_SIZE		32
#define RGDB_WMM_ACS		8

#define RGDB_NO_OFDM		BIT(0)
#define RGDB_NO_OUTDOOR		BIT(1)
#define RGDB_DFS		BIT(2)
#define RGDB_NO_IR		BIT(3)
#define RGDB_AUTO_BW		BIT(4)

/* Is [@off, @off + @len) inside a buffer of @size bytes? */
static bool rgdb_fits(size_t size, size_t off, size_t len)
{
	return off <= size && len <= size - off;
}

static bool rgdb_valid_wmm(const u8 *data, size_t size, size_t off)
{
	unsigned int i;

	if (!rgdb_fits(size, off, RGDB_WMM_SIZE))
		return false;
	for (i = 0; i < RGDB_WMM_ACS; i++) {
		u8 ecw = data[off + 4 * i];

		/* CWmin = 2^(bits 4-7) - 1 below CWmax = 2^(bits 0-3) - 1 */
		if ((ecw >> 4) >= (ecw & 0xF))
			return false;
		if (data[off + 4 * i + 1] < 1)
			return false;
	}
	return true;
}

/* The rule at @off, into @r when it is valid (@r may be NULL) */
static int rgdb_rule(const u8 *data, size_t size, size_t off,
		     struct b43_regdb_rule *r, size_t *end, const char **why)
{
	const u8 *p;
	u8 len, flags;

	if (!rgdb_fits(size, off, 1)) {
		*why = "a rule pointer past the end";
		return -EINVAL;
	}
	p = data + off;
	len = p[0];
	if (len < RGDB_RULE_MIN) {
		*why = "a rule shorter than its mandatory fields";
		return -EINVAL;
	}
	if (!rgdb_fits(size, off, len)) {
		*why = "a rule running past the end";
		return -EINVAL;
	}
	*end = max(*end, off + len);
	if (len >= RGDB_RULE_WMM) {
		size_t wmm = (size_t)get_unaligned_be16(p + 18) << 2;

		if (!rgdb_valid_wmm(data, size, wmm)) {
			*why = "a WMM rule past the end or out of range";
			return -EINVAL;
		}
		*end = max(*end, wmm + RGDB_WMM_SIZE);
	}
	if (!r)
		return 0;

	flags = p[1];
	r->max_eirp_mbm = get_unaligned_be16(p + 2);
	r->start_khz = get_unaligned_be32(p + 4);
	r->end_khz = get_unaligned_be32(p + 8);
	r->max_bw_khz = get_unaligned_be32(p + 12);
	r->flags = 0;
	if (flags & RGDB_NO_OFDM)
		r->flags |= NL80211_RRF_NO_OFDM;
	if (flags & RGDB_NO_OUTDOOR)
		r->flags |= NL80211_RRF_NO_OUTDOOR;
	if (flags & RGDB_DFS)
		r->flags |= NL80211_RRF_DFS;
	if (flags & RGDB_NO_IR)
		r->flags |= NL80211_RRF_NO_IR;
	if (flags & RGDB_AUTO_BW)
		r->flags |= NL80211_RRF_AUTO_BW;
	r->cac_ms = len >= RGDB_RULE_CAC ? 1000 * get_unaligned_be16(p + 16) : 0;
	return 0;
}

/*
 * One pass over the database: count (@db's arrays NULL) or fill them.
 * Returns 0 or -EINVAL with @why set.
 */
static int rgdb_walk(const u8 *data, size_t size, struct b43_regdb *db,
		     const char **why)
{
	unsigned int nc = 0, nr = 0;
	size_t off, end = RGDB_HDR_SIZE;
	int err;

	for (off = RGDB_HDR_SIZE; rgdb_fits(size, off, RGDB_COUNTRY_SIZE);
	     off += RGDB_COUNTRY_SIZE) {
		size_t coll = (size_t)get_unaligned_be16(data + off + 2) << 2;
		size_t ptrs;
		unsigned int i;
		u8 len, n;

		if (coll == 0)
			break;
		end = max(end, off + RGDB_COUNTRY_SIZE);
		if (!rgdb_fits(size, coll, 2)) {
			*why = "a collection pointer past the end";
			return -EINVAL;
		}
		len = data[coll];
		n = data[coll + 1];
		ptrs = coll + ALIGN(len, 2);
		if (!rgdb_fits(size, ptrs, 2 * n)) {
			*why = "a collection's rule pointers past the end";
			return -EINVAL;
		}
		if (len < RGDB_COLL_MIN) {
			*why = "a collection shorter than its mandatory fields";
			return -EINVAL;
		}
		end = max(end, ptrs + 2 * n);
		for (i = 0; i < n; i++) {
			size_t r = (size_t)get_unaligned_be16(data + ptrs + 2 * i)
				   << 2;

			err = rgdb_rule(data, size, r,
					db->rules ? &db->rules[nr] : NULL,
					&end, why);
			if (err)
				return err;
			nr++;
		}
		if (db->countries) {
			struct b43_regdb_country *c = &db->countries[nc];

			c->alpha2[0] = data[off];
			c->alpha2[1] = data[off + 1];
			c->alpha2[2] = '\0';
			c->dfs_region = data[coll + 2];
			c->first = nr - n;
			c->n = n;
		}
		nc++;
	}
	db->nr_countries = nc;
	db->nr_rules = nr;
	db->end = end;
	return 0;
}

/**
 * b43_regdb_parse() - check a regulatory.db and read its countries
 * @data: the file
 * @size: its size
 * @db: the countries and rules, allocated here (b43_regdb_free()); NULL
 *	to check the file only
 * @why: on error, what is wrong, for a message
 *
 * Accepts what net/wireless/reg.c's valid_regdb() accepts.  On success
 * @db holds every country and rule; on error it holds nothing to free.
 *
 * Return: 0, -EINVAL for a database cfg80211 would refuse, or -ENOMEM.
 */
int b43_regdb_parse(const u8 *data, size_t size, struct b43_regdb *db,
		    const char **why)
{
	struct b43_regdb counted;
	int err;

	*why = NULL;
	if (db)
		memset(db, 0, sizeof(*db));
	else
		db = &counted;
	memset(&counted, 0, sizeof(counted));
	if (size < RGDB_HDR_SIZE) {
		*why = "shorter than its header";
		return -EINVAL;
	}
	if (get_unaligned_be32(data) != RGDB_MAGIC) {
		*why = "not a regulatory database (magic)";
		return -EINVAL;
	}
	if (get_unaligned_be32(data + 4) != RGDB_VERSION) {
		*why = "a format version other than 20";
		return -EINVAL;
	}
	err = rgdb_walk(data, size, db, why);
	if (err || db == &counted)
		return err;

	db->countries = kcalloc(max(db->nr_countries, 1u),
				sizeof(*db->countries), GFP_KERNEL);
	db->rules = kcalloc(max(db->nr_rules, 1u), sizeof(*db->rules),
			    GFP_KERNEL);
	if (!db->countries || !db->rules) {
		b43_regdb_free(db);
		return -ENOMEM;
	}
	return rgdb_walk(data, size, db, why);
}

/**
 * b43_regdb_free() - free what b43_regdb_parse() allocated
 * @db: the database; left empty
 */
void b43_regdb_free(struct b43_regdb *db)
{
	kfree(db->countries);
	kfree(db->rules);
	memset(db, 0, sizeof(*db));
}

static void rgdb_free_action(void *db)
{
	b43_regdb_free(db);
}

static void rgdb_release_action(void *fw)
{
	release_firmware(fw);
}

/**
 * b43_regdb_load() - the guest's regulatory.db, parsed
 * @test: the test; skipped, with one line that says why, when the guest
 *	has no database
 * @data: if not NULL, the file, kept until the test ends
 * @size: if not NULL, its size
 *
 * Return: its countries and rules, freed when the test ends; fails the
 * test for a database cfg80211 would refuse.
 */
struct b43_regdb *b43_regdb_load(struct kunit *test, const u8 **data,
				 size_t *size)
{
	struct b43_regdb *db = kunit_kzalloc(test, sizeof(*db), GFP_KERNEL);
	const struct firmware *fw;
	struct device *dev;
	const char *why;
	int err;

	KUNIT_ASSERT_NOT_NULL(test, db);
	dev = kunit_device_register(test, "b43-regdb");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	err = firmware_request_nowarn(&fw, "regulatory.db", dev);
	if (err)
		kunit_skip(test, "no regulatory.db in the guest kernel (CONFIG_EXTRA_FIRMWARE): %d",
			   err);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   rgdb_release_action,
							   (void *)fw));
	err = b43_regdb_parse(fw->data, fw->size, db, &why);
	KUNIT_ASSERT_EQ_MSG(test, err, 0, "regulatory.db refused: %s",
			    why ? why : "no memory");
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   rgdb_free_action,
							   db));
	if (data)
		*data = fw->data;
	if (size)
		*size = fw->size;
	return db;
}

/**
 * b43_regdb_regdomain() - a country as cfg80211 builds it from the database
 * @db: the database
 * @country: the country's index
 *
 * What net/wireless/reg.c's regdb_query_country() builds (the WMM rules
 * left out: they limit no power).
 *
 * Return: a regulatory domain to kfree(), or NULL without memory.
 */
struct ieee80211_regdomain *b43_regdb_regdomain(const struct b43_regdb *db,
						unsigned int country)
{
	const struct b43_regdb_country *c = &db->countries[country];
	struct ieee80211_regdomain *rd;
	unsigned int i;

	rd = kzalloc(struct_size(rd, reg_rules, c->n), GFP_KERNEL);
	if (!rd)
		return NULL;
	rd->n_reg_rules = c->n;
	rd->alpha2[0] = c->alpha2[0];
	rd->alpha2[1] = c->alpha2[1];
	rd->dfs_region = c->dfs_region;
	for (i = 0; i < c->n; i++) {
		const struct b43_regdb_rule *r = &db->rules[c->first + i];
		struct ieee80211_reg_rule *rr = &rd->reg_rules[i];

		rr->freq_range.start_freq_khz = r->start_khz;
		rr->freq_range.end_freq_khz = r->end_khz;
		rr->freq_range.max_bandwidth_khz = r->max_bw_khz;
		rr->power_rule.max_eirp = r->max_eirp_mbm;
		rr->flags = r->flags;
		rr->dfs_cac_ms = r->cac_ms;
	}
	return rd;
}

/**
 * b43_regdb_rule_eirp() - the EIRP the database allows on a 20 MHz channel
 * @db: the database
 * @country: the country's index
 * @mhz: the channel's centre frequency
 *
 * Read from the database, not from what cfg80211 made of it: the first of
 * the country's rules whose range holds the whole channel.
 *
 * Return: the rule's EIRP, mBm; -1 when no rule holds the channel.
 */
int b43_regdb_rule_eirp(const struct b43_regdb *db, unsigned int country,
			u16 mhz)
{
	const struct b43_regdb_country *c = &db->countries[country];
	u32 lo = (mhz - 10) * 1000, hi = (mhz + 10) * 1000;
	unsigned int i;

	for (i = c->first; i < c->first + c->n; i++) {
		const struct b43_regdb_rule *r = &db->rules[i];

		if (r->start_khz <= lo && hi <= r->end_khz)
			return r->max_eirp_mbm;
	}
	return -1;
}

static void rgdb_wiphy_free(void *wiphy)
{
	wiphy_free(wiphy);
}

static const struct cfg80211_ops rgdb_cfg_ops;

/**
 * b43_regdb_wiphy() - a wiphy to map countries onto channels with
 * @test: the test; the wiphy is freed when it ends
 *
 * Never registered: cfg80211's custom regulatory path needs none.
 *
 * Return: the wiphy, with %REGULATORY_CUSTOM_REG.
 */
struct wiphy *b43_regdb_wiphy(struct kunit *test)
{
	struct wiphy *wiphy = wiphy_new(&rgdb_cfg_ops, 0);

	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   rgdb_wiphy_free,
							   wiphy));
	wiphy->regulatory_flags |= REGULATORY_CUSTOM_REG;
	return wiphy;
}

/**
 * b43_regdb_apply() - a country's rules on fresh copies of bands
 * @test: the test; the copies are freed when it ends, or by
 *	b43_regdb_unapply()
 * @wiphy: from b43_regdb_wiphy()
 * @db: the database
 * @country: the country's index
 * @bands: the driver's band definitions, one per band
 * @n: how many
 * @copies: out: a copy of each, its channels as cfg80211 left them
 *
 * wiphy_apply_custom_regulatory() on copies: cfg80211 keeps a channel it
 * disabled in its orig_flags, so a copy a country went through would
 * carry that country's restrictions into the next.
 */
void b43_regdb_apply(struct kunit *test, struct wiphy *wiphy,
		     const struct b43_regdb *db, unsigned int country,
		     const struct ieee80211_supported_band *const *bands,
		     unsigned int n, struct ieee80211_supported_band **copies)
{
	struct ieee80211_regdomain *rd;
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct ieee80211_supported_band *b;

		b = kunit_kmalloc(test, sizeof(*b), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, b);
		*b = *bands[i];
		b->channels = kunit_kmalloc_array(test, b->n_channels,
						  sizeof(*b->channels),
						  GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, b->channels);
		memcpy(b->channels, bands[i]->channels,
		       b->n_channels * sizeof(*b->channels));
		wiphy->bands[b->band] = b;
		copies[i] = b;
	}
	rd = b43_regdb_regdomain(db, country);
	KUNIT_ASSERT_NOT_NULL(test, rd);
	wiphy_apply_custom_regulatory(wiphy, rd);
	kfree(rd);
}

/**
 * b43_regdb_unapply() - free the copies of b43_regdb_apply()
 * @test: the test
 * @wiphy: the wiphy they were applied on
 * @copies: the copies
 * @n: how many
 */
void b43_regdb_unapply(struct kunit *test, struct wiphy *wiphy,
		       struct ieee80211_supported_band **copies,
		       unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		wiphy->bands[copies[i]->band] = NULL;
		kunit_kfree(test, copies[i]->channels);
		kunit_kfree(test, copies[i]);
	}
}
