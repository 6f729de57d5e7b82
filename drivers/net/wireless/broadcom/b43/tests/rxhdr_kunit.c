// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the RX header unit (rxhdr.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Headers are built here byte by byte from the documentation, never from
 * struct b43_rxhdr_fw4, so a wrong offset or a missing byte swap in the
 * unit fails on either guest.  Where the expected values come from:
 *
 * [RX351] The b43 hardware documentation, bcm-v4 "802.11/RX": the RX header
 *         is 16-bit little-endian words: 0 frame length, 1 padding, 2-5 PHY
 *         RX status 0-3, 6-7 MAC RX status (low, high), 8 MAC time, 9 RX
 *         channel.  PHY RX status 0: 0x4000 gain control, 0x0200 PLCP
 *         header check failed, 0x0100 PLCP violation, 0x0080 short
 *         preamble, 0x0020 antenna, 0x0003 frame type (0 CCK, 1 OFDM).
 *         PHY RX status 1: JSSI in the low byte (N-PHY: power 0 low, power
 *         1 high).  A "type 2" frame has two pad bytes before the PLCP
 *         header.  b43 uses this layout for firmware 351 and 410.
 * [RX598] Broadcom's brcmsmac (d11.h, struct d11rxhdr): words 0
 *         RxFrameSize, 1 PAD, 2-7 PhyRxStatus_0-5, 8-9 RxStatus1/2 (the
 *         MAC status), 10 RxTSFTime, 11 RxChan.  RxStatus1: RXS_FCSERR
 *         bit 0, RXS_PBPRES (pad bytes) bit 2, RXS_DECATMPT bit 3,
 *         RXS_DECERR bit 4, RXS_SECKINDX_MASK 0x07e0.  RxChan: RXS_CHAN_5G
 *         0x0800, RXS_CHAN_ID_MASK 0x07f8 (shift 3), RXS_CHAN_PHYTYPE_MASK
 *         0x0007 with pub.h's PHY_TYPE_G 2, _N 4, _LP 5, _HT 7.  HT-PHY
 *         power: HTPHY_RXPWR_ANT0 is the high byte of PhyRxStatus_2, ANT1
 *         and ANT2 the low and high bytes of PhyRxStatus_3.
 * [NRSSI] brcmsmac's wlc_phy_rssi_compute_nphy() (phy/phy_n.c): power 0
 *         and 1 from PhyRxStatus_1, power 2 from the low byte of
 *         PhyRxStatus_2; when power 0 is 16 or 32 the pair is (1, 2)
 *         instead of (0, 1); b43 merges the pair with max.
 * [RATE]  IEEE 802.11-2016: DSSS SIGNAL 0x0A (1 Mb/s) and 0x14 (2 Mb/s)
 *         (15.2.3.3), HR/DSSS 0x37 (5.5) and 0x6E (11) (16.2.3.3); OFDM
 *         RATE bits R1-R4 (Table 17-6), R1 in bit 0 of the SIGNAL field.
 *         The rate index is the rate's place in the table b43 registers
 *         for the band (main.c: 1, 2, 5.5, 11, 6 ... 54 Mb/s on 2.4 GHz,
 *         6 ... 54 on 5 GHz).
 * [CHAN]  IEEE 802.11-2016 Annex E / 19.3.15: 2.4 GHz channel n is
 *         2407 + 5n MHz (14 is 2484), 5 GHz channel n is 5000 + 5n MHz.
 * [HDR]   IEEE 802.11-2016 9.3: frame control, duration and address 1
 *         are the least a frame carries (ACK, CTS: 10 bytes, then the
 *         4-byte FCS); a data frame's header is 24 bytes.
 */
#include <kunit/test.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../rxhdr.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* [RX351] the RX header area the DMA engine leaves in front of a frame */
#define RXHDR_AREA	30

/* [RX351]/[RX598] MAC status bits */
#define MS_FCSERR	0x0001
#define MS_PAD		0x0004
#define MS_DEC		0x0008
#define MS_DECERR	0x0010
#define MS_KEY(k)	((k) << 5)
/* [RX351] PHY status 0 bits */
#define P0_OFDM		0x0001
#define P0_ANT		0x0020
#define P0_SHORTPRE	0x0080
#define P0_PLCPFV	0x0100
#define P0_PLCPHCF	0x0200
#define P0_GAINCTL	0x4000
/* [RX598] channel word and PHY types */
#define CH_5G		0x0800
#define CH(n)		((n) << 3)
#define PT_G		2
#define PT_N		4
#define PT_LP		5
#define PT_HT		7

struct rx_fmt {
	const char *name;
	enum b43_firmware_hdr_format fmt;
	u8 mac_word, time_word, chan_word;
	u8 hdr_len;	/* bytes up to the end of the channel word */
};

static const struct rx_fmt rx_fmts[] = {
	{ "351", B43_FW_HDR_351, 6, 8, 9, 20 },	/* [RX351] */
	{ "410", B43_FW_HDR_410, 6, 8, 9, 20 },	/* [RX351] */
	{ "598", B43_FW_HDR_598, 8, 10, 11, 24 },	/* [RX598] */
};

/* The words of an RX header, before they are laid out for a format. */
struct rx_words {
	u16 phy0, phy1, phy2, phy3;
	u32 mac;
	u16 time, chan;
};

static void put_word(u8 *h, unsigned int word, u16 v)
{
	h[2 * word] = v & 0xff;
	h[2 * word + 1] = v >> 8;
}

static void build_hdr(u8 *h, const struct rx_fmt *f, const struct rx_words *w)
{
	memset(h, 0, RXHDR_AREA);
	put_word(h, 2, w->phy0);
	put_word(h, 3, w->phy1);
	put_word(h, 4, w->phy2);
	put_word(h, 5, w->phy3);
	put_word(h, f->mac_word, w->mac & 0xffff);
	put_word(h, f->mac_word + 1, w->mac >> 16);
	put_word(h, f->time_word, w->time);
	put_word(h, f->chan_word, w->chan);
}

/*
 * A frame after the RX header: pad bytes, the 6-byte PLCP whose first byte
 * is @signal, a data frame (frame control 0x0008, a 24-byte header [HDR]),
 * 8 payload bytes and the FCS.
 */
#define FRAME_BODY	(6 + 24 + 8 + 4)

static size_t build_frame(u8 *fr, unsigned int pad, u8 signal)
{
	memset(fr, 0, pad + FRAME_BODY);
	fr[pad] = signal;
	fr[pad + 6] = 0x08;
	return pad + FRAME_BODY;
}

/* Bands as b43 registers them [RATE]: 12 rates on 2.4 GHz, 8 on 5 GHz. */
struct rx_env {
	struct ieee80211_supported_band sb2, sb5;
	struct ieee80211_supported_band *bands[NUM_NL80211_BANDS];
	struct b43_rx_cfg cfg;
};

static int b43_rxhdr_test_init(struct kunit *test)
{
	struct rx_env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->sb2.band = NL80211_BAND_2GHZ;
	e->sb2.n_bitrates = 12;
	e->sb5.band = NL80211_BAND_5GHZ;
	e->sb5.n_bitrates = 8;
	e->bands[NL80211_BAND_2GHZ] = &e->sb2;
	e->bands[NL80211_BAND_5GHZ] = &e->sb5;
	e->cfg.bands = e->bands;
	e->cfg.hdr_format = B43_FW_HDR_351;
	e->cfg.fw_rev = 666;
	test->priv = e;
	return 0;
}

static int parse(struct kunit *test, struct ieee80211_rx_status *st,
		 struct b43_rxinfo *info, const u8 *h, size_t hlen,
		 const u8 *fr, size_t len)
{
	struct rx_env *e = test->priv;

	memset(st, 0, sizeof(*st));
	memset(info, 0, sizeof(*info));
	return b43_rxhdr_parse(st, info, (const struct b43_rxhdr_fw4 *)h,
			       hlen, fr, len, &e->cfg);
}

/* [RATE] every rate b43 registers, with its PLCP code and band indices */
struct rx_rate_case {
	const char *desc;
	bool ofdm;
	const char *rate_bits;	/* OFDM: R1..R4 as in Table 17-6 */
	u8 signal;		/* CCK: the SIGNAL byte */
	int idx_2ghz, idx_5ghz;	/* -1: not on that band */
};

static const struct rx_rate_case rx_rate_cases[] = {
	{ "1M DSSS: SIGNAL 0x0A", false, NULL, 0x0A, 0, -1 },
	{ "2M DSSS: SIGNAL 0x14", false, NULL, 0x14, 1, -1 },
	{ "5.5M HR/DSSS: SIGNAL 0x37", false, NULL, 0x37, 2, -1 },
	{ "11M HR/DSSS: SIGNAL 0x6E", false, NULL, 0x6E, 3, -1 },
	{ "6M OFDM: R1-R4 1101", true, "1101", 0, 4, 0 },
	{ "9M OFDM: R1-R4 1111", true, "1111", 0, 5, 1 },
	{ "12M OFDM: R1-R4 0101", true, "0101", 0, 6, 2 },
	{ "18M OFDM: R1-R4 0111", true, "0111", 0, 7, 3 },
	{ "24M OFDM: R1-R4 1001", true, "1001", 0, 8, 4 },
	{ "36M OFDM: R1-R4 1011", true, "1011", 0, 9, 5 },
	{ "48M OFDM: R1-R4 0001", true, "0001", 0, 10, 6 },
	{ "54M OFDM: R1-R4 0011", true, "0011", 0, 11, 7 },
};

KUNIT_ARRAY_PARAM_DESC(rx_rate, rx_rate_cases, desc);

/* The OFDM SIGNAL field's low nibble, R1 in bit 0 [RATE]. */
static u8 ofdm_nibble(const char *bits)
{
	u8 v = 0;
	int i;

	for (i = 0; i < 4; i++)
		if (bits[i] == '1')
			v |= 1 << i;
	return v;
}

/*
 * [RATE][CHAN] Every rate, on every PHY type that has the band, in every
 * header format: the rate index, band and frequency mac80211 gets.
 */
static void b43_rxhdr_parse_rates(struct kunit *test)
{
	const struct rx_rate_case *r = test->param_value;
	static const u8 phys_2ghz[] = { PT_G, PT_N, PT_LP, PT_HT };
	static const u8 phys_5ghz[] = { PT_N, PT_LP, PT_HT };
	struct rx_env *e = test->priv;
	u8 signal = r->ofdm ? ofdm_nibble(r->rate_bits) : r->signal;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	unsigned int f, p;
	size_t len;
	int err;

	for (f = 0; f < ARRAY_SIZE(rx_fmts); f++) {
		struct rx_words w = { .phy0 = r->ofdm ? P0_OFDM : 0 };

		e->cfg.hdr_format = rx_fmts[f].fmt;
		len = build_frame(fr, 0, signal);
		for (p = 0; p < ARRAY_SIZE(phys_2ghz); p++) {
			w.chan = CH(6) | phys_2ghz[p];
			build_hdr(h, &rx_fmts[f], &w);
			err = parse(test, &st, &info, h, sizeof(h), fr, len);
			KUNIT_ASSERT_EQ_MSG(test, err, 0, "fw %s, PHY type %u",
					    rx_fmts[f].name, phys_2ghz[p]);
			KUNIT_EXPECT_EQ(test, st.rate_idx, r->idx_2ghz);
			KUNIT_EXPECT_EQ(test, st.band, NL80211_BAND_2GHZ);
			KUNIT_EXPECT_EQ(test, (int)st.freq, 2437);
			KUNIT_EXPECT_EQ(test, st.flag, 0);
			KUNIT_EXPECT_EQ(test, info.pull, 6);
		}
		for (p = 0; p < ARRAY_SIZE(phys_5ghz); p++) {
			w.chan = CH(36) | CH_5G | phys_5ghz[p];
			build_hdr(h, &rx_fmts[f], &w);
			err = parse(test, &st, &info, h, sizeof(h), fr, len);
			if (r->idx_5ghz < 0) {
				/* CCK does not exist on 5 GHz */
				KUNIT_EXPECT_EQ(test, err, -EILSEQ);
				continue;
			}
			KUNIT_ASSERT_EQ_MSG(test, err, 0, "fw %s, PHY type %u",
					    rx_fmts[f].name, phys_5ghz[p]);
			KUNIT_EXPECT_EQ(test, st.rate_idx, r->idx_5ghz);
			KUNIT_EXPECT_EQ(test, st.band, NL80211_BAND_5GHZ);
			KUNIT_EXPECT_EQ(test, (int)st.freq, 5180);
		}
	}
}

/*
 * [RATE] Every SIGNAL byte as CCK and every RATE nibble as OFDM, on both
 * bands.  An unknown code is refused, or with FIF_PLCPFAIL passed on as a
 * PLCP failure with rate index 0: never as index 255 (6.12 gave -1).
 */
static void b43_rxhdr_parse_unknown_rates(struct kunit *test)
{
	static const u8 cck[] = { 0x0A, 0x14, 0x37, 0x6E };
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	unsigned int v, i, known, failed, refused = 0, flagged = 0;
	int ofdm, band, err;

	for (band = 0; band < 2; band++) {
		for (ofdm = 0; ofdm < 2; ofdm++) {
			for (v = 0; v < 256; v++) {
				struct rx_words w = {
					.phy0 = ofdm ? P0_OFDM : 0,
					.chan = band ? CH(40) | CH_5G | PT_N :
						       CH(1) | PT_N,
				};
				size_t len = build_frame(fr, 0, v);

				known = 0;
				if (ofdm)
					known = (v & 0x8) != 0; /* [RATE] R4 */
				else if (!band)
					for (i = 0; i < ARRAY_SIZE(cck); i++)
						known |= v == cck[i];
				build_hdr(h, &rx_fmts[0], &w);

				e->cfg.plcp_fail = false;
				err = parse(test, &st, &info, h, sizeof(h),
					    fr, len);
				KUNIT_EXPECT_EQ_MSG(test, err,
						    known ? 0 : -EILSEQ,
						    "code 0x%02x ofdm %d 5g %d",
						    v, ofdm, band);
				refused += err == -EILSEQ;

				e->cfg.plcp_fail = true;
				err = parse(test, &st, &info, h, sizeof(h),
					    fr, len);
				KUNIT_ASSERT_EQ(test, err, 0);
				KUNIT_EXPECT_LT(test, st.rate_idx,
						band ? 8 : 12);
				failed = !!(st.flag & RX_FLAG_FAILED_PLCP_CRC);
				KUNIT_EXPECT_EQ_MSG(test, failed, !known,
						    "code 0x%02x ofdm %d 5g %d",
						    v, ofdm, band);
				if (!known) {
					KUNIT_EXPECT_EQ(test, st.rate_idx, 0);
					flagged++;
				}
			}
		}
	}
	/* 252 CCK codes on 2.4, 256 on 5 GHz, 8 nibble values x 16 each */
	KUNIT_EXPECT_EQ(test, flagged, 252 + 256 + 128 + 128);
	KUNIT_EXPECT_EQ(test, refused, flagged);
}

/*
 * [RX351][RX598] Every length of the header, from 0 to the 30-byte area, in
 * a buffer of exactly that size: below the end of the channel word the
 * parse refuses it and writes nothing to the status; KASAN catches a read
 * past the buffer.
 */
static void b43_rxhdr_parse_truncated_header(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st, zero = {};
	struct rx_words w = { .chan = CH(11) | PT_G, .mac = MS_FCSERR };
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t len = build_frame(fr, 0, 0x6E);
	unsigned int f, n;
	int err;

	for (f = 0; f < ARRAY_SIZE(rx_fmts); f++) {
		e->cfg.hdr_format = rx_fmts[f].fmt;
		build_hdr(h, &rx_fmts[f], &w);
		for (n = 0; n <= RXHDR_AREA; n++) {
			u8 *buf = kmemdup(h, n ? n : 1, GFP_KERNEL);

			KUNIT_ASSERT_NOT_NULL(test, buf);
			err = parse(test, &st, &info, buf, n, fr, len);
			kfree(buf);
			if (n < rx_fmts[f].hdr_len) {
				KUNIT_EXPECT_EQ_MSG(test, err, -EMSGSIZE,
						    "fw %s, %u bytes",
						    rx_fmts[f].name, n);
				KUNIT_EXPECT_MEMEQ(test, &st, &zero,
						   sizeof(st));
			} else {
				KUNIT_EXPECT_EQ_MSG(test, err, 0,
						    "fw %s, %u bytes",
						    rx_fmts[f].name, n);
				KUNIT_EXPECT_EQ(test, st.rate_idx, 3);
				KUNIT_EXPECT_EQ(test, (int)st.freq, 2462);
			}
		}
	}
}

struct rx_trunc_case {
	const char *desc;
	u32 mac;
	size_t need;	/* bytes the frame needs after the RX header */
};

/*
 * [HDR][RX351] PLCP (6), pad bytes (2 with MS_PAD), then 14 bytes for the
 * shortest frame, "decryption attempted" or not: the room for the IV
 * depends on the key slot, which b43_rx() checks, not the unit.
 */
static const struct rx_trunc_case rx_trunc_cases[] = {
	{ "no padding: PLCP + 14", 0, 6 + 14 },
	{ "padding: 2 + PLCP + 14", MS_PAD, 2 + 6 + 14 },
	{ "decrypted: PLCP + 14", MS_DEC, 6 + 14 },
	{ "padding, decrypted: 2 + PLCP + 14", MS_PAD | MS_DEC, 2 + 6 + 14 },
};

KUNIT_ARRAY_PARAM_DESC(rx_trunc, rx_trunc_cases, desc);

/*
 * Every length of a valid frame, from 0 to its full size, in a buffer of
 * exactly that size: refused with -EMSGSIZE below what the header says it
 * needs, parsed from there on; KASAN catches a read past the buffer.
 */
static void b43_rxhdr_parse_truncated_frame(struct kunit *test)
{
	const struct rx_trunc_case *c = test->param_value;
	struct rx_words w = { .chan = CH(1) | PT_LP, .mac = c->mac };
	unsigned int pad = (c->mac & MS_PAD) ? 2 : 0;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t full = build_frame(fr, pad, 0x14), n;
	int err;

	build_hdr(h, &rx_fmts[0], &w);
	for (n = 0; n <= full; n++) {
		u8 *buf = kmemdup(fr, n ? n : 1, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, buf);
		err = parse(test, &st, &info, h, sizeof(h), buf, n);
		kfree(buf);
		KUNIT_EXPECT_EQ_MSG(test, err, n < c->need ? -EMSGSIZE : 0,
				    "%zu of %zu bytes", n, full);
		if (!err) {
			KUNIT_EXPECT_EQ(test, info.pull, 6 + pad);
			KUNIT_EXPECT_EQ(test, st.rate_idx, 1);
		}
	}
}

/*
 * [RX351][RX598] The status bits, one at a time, in both layouts: each
 * sets its mac80211 flag, FCS errors are reported also for frames the
 * parse refuses, and a failed decryption is its own result.
 */
static void b43_rxhdr_parse_status_bits(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	unsigned int f;
	size_t len;

	for (f = 0; f < ARRAY_SIZE(rx_fmts); f++) {
		const struct rx_fmt *fmt = &rx_fmts[f];
		struct rx_words w = { .chan = CH(1) | PT_N };

		e->cfg.hdr_format = fmt->fmt;
		len = build_frame(fr, 0, 0x0A);

		w.mac = MS_FCSERR;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.flag, RX_FLAG_FAILED_FCS_CRC);

		/* FCS error on a frame that is too short: still reported */
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, 8),
				-EMSGSIZE);
		KUNIT_EXPECT_EQ(test, st.flag, RX_FLAG_FAILED_FCS_CRC);

		w.mac = MS_FCSERR | MS_DECERR;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				-EBADMSG);
		KUNIT_EXPECT_EQ(test, st.flag, RX_FLAG_FAILED_FCS_CRC);

		w.mac = MS_DEC | MS_KEY(0x2A);
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, info.flags & B43_RXINFO_DECRYPTED,
				B43_RXINFO_DECRYPTED);
		KUNIT_EXPECT_EQ(test, info.key_idx, 0x2A);
		KUNIT_EXPECT_EQ(test, st.flag, 0);

		w.mac = 0;
		w.phy0 = P0_PLCPFV;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.flag, RX_FLAG_FAILED_PLCP_CRC);
		KUNIT_EXPECT_EQ(test, info.flags, 0);

		w.phy0 = P0_PLCPHCF;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.flag, RX_FLAG_FAILED_PLCP_CRC);

		w.phy0 = P0_SHORTPRE;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.enc_flags, RX_ENC_FLAG_SHORTPRE);
		KUNIT_EXPECT_EQ(test, st.flag, 0);
		KUNIT_EXPECT_EQ(test, st.antenna, 0);

		w.phy0 = P0_ANT;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.antenna, 1);
		KUNIT_EXPECT_EQ(test, st.enc_flags, 0);

		w.phy0 = 0;
		w.time = 0xBEEF;
		build_hdr(h, fmt, &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, info.mac_time, 0xBEEF);
	}
}

/*
 * [RX598] Every value of the 3-bit PHY type: G, N, LP and HT are taken,
 * the others refused.  A G-PHY frame is 2.4 GHz whatever the band bit
 * says, and a frame on a band the device did not register is refused
 * (mac80211 would WARN on it).
 */
static void b43_rxhdr_parse_phy_types(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t len = build_frame(fr, 0, ofdm_nibble("0011"));
	unsigned int t;
	int err;

	for (t = 0; t < 8; t++) {
		struct rx_words w = { .phy0 = P0_OFDM, .chan = CH(3) | t };
		bool known = t == PT_G || t == PT_N || t == PT_LP || t == PT_HT;

		build_hdr(h, &rx_fmts[0], &w);
		err = parse(test, &st, &info, h, sizeof(h), fr, len);
		KUNIT_EXPECT_EQ_MSG(test, err, known ? 0 : -EPROTO,
				    "PHY type %u", t);
	}

	/* G-PHY with the 5 GHz bit: 2.4 GHz, 54M at index 11, not 7 */
	{
		struct rx_words w = { .phy0 = P0_OFDM,
				      .chan = CH(3) | CH_5G | PT_G };

		build_hdr(h, &rx_fmts[0], &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
		KUNIT_EXPECT_EQ(test, st.band, NL80211_BAND_2GHZ);
		KUNIT_EXPECT_EQ(test, st.rate_idx, 11);
		KUNIT_EXPECT_EQ(test, (int)st.freq, 2422);
	}

	/* A 2.4 GHz-only device and a frame that says 5 GHz */
	{
		struct rx_words w = { .phy0 = P0_OFDM,
				      .chan = CH(36) | CH_5G | PT_N };

		e->bands[NL80211_BAND_5GHZ] = NULL;
		build_hdr(h, &rx_fmts[0], &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				-EPROTO);
		w.chan = CH(36) | PT_N;
		build_hdr(h, &rx_fmts[0], &w);
		KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
				0);
	}
}

/*
 * [RX351] G-PHY firmware before 508 gives the frequency minus 2400 MHz,
 * from 508 on the channel number [CHAN]; the other PHYs always give the
 * channel number.
 */
static void b43_rxhdr_parse_gphy_channel(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t len = build_frame(fr, 0, 0x0A);
	struct rx_words w = { .chan = CH(37) | PT_G };

	build_hdr(h, &rx_fmts[0], &w);
	e->cfg.fw_rev = 507;
	KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	KUNIT_EXPECT_EQ(test, (int)st.freq, 2437);

	w.chan = CH(6) | PT_G;
	build_hdr(h, &rx_fmts[0], &w);
	e->cfg.fw_rev = 508;
	KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	KUNIT_EXPECT_EQ(test, (int)st.freq, 2437);

	w.chan = CH(14) | PT_N;
	build_hdr(h, &rx_fmts[0], &w);
	e->cfg.fw_rev = 351;
	KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	KUNIT_EXPECT_EQ(test, (int)st.freq, 2484);
}

struct rx_signal_case {
	const char *desc;
	u8 phy_type;
	u16 phy1, phy2, phy3;
	int signal;	/* dBm; or the raw JSSI with @jssi */
	bool jssi;
};

#define S8(v)	((u8)(s8)(v))

static const struct rx_signal_case rx_signal_cases[] = {
	/* [NRSSI] */
	{ "N: max(power0, power1)", PT_N, S8(-40) | S8(-50) << 8, S8(-20),
	  0, -40 },
	{ "N: power0 16 takes max(power1, power2)", PT_N,
	  16 | S8(-60) << 8, S8(-55), 0, -55 },
	{ "N: power0 32 takes max(power1, power2)", PT_N,
	  32 | S8(-30) << 8, S8(-70), 0, -30 },
	/* [RX598] HTPHY_RXPWR_ANT0..2, merged with max */
	{ "HT: max of the three cores", PT_HT, 0,
	  S8(-80) << 8 | 0x12, S8(-70) | S8(-75) << 8, -70 },
	{ "HT: core 0 strongest", PT_HT, 0,
	  S8(-45) << 8, S8(-70) | S8(-75) << 8, -45 },
	/* [RX351] JSSI: the low byte of PHY status 1, for the radio's rule */
	{ "G: raw JSSI", PT_G, 0x3C | 0x77 << 8, 0, 0, 0x3C, true },
	{ "LP: raw JSSI", PT_LP, 0xC8, 0, 0, 0xC8, true },
};

KUNIT_ARRAY_PARAM_DESC(rx_signal, rx_signal_cases, desc);

static void b43_rxhdr_parse_signal(struct kunit *test)
{
	const struct rx_signal_case *c = test->param_value;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t len = build_frame(fr, 0, 0x0A);
	struct rx_words w = { .phy1 = c->phy1, .phy2 = c->phy2,
			      .phy3 = c->phy3, .chan = CH(1) | c->phy_type };

	build_hdr(h, &rx_fmts[2], &w);
	((struct rx_env *)test->priv)->cfg.hdr_format = B43_FW_HDR_598;
	KUNIT_ASSERT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	if (c->jssi) {
		KUNIT_EXPECT_EQ(test, info.flags & B43_RXINFO_JSSI,
				B43_RXINFO_JSSI);
		KUNIT_EXPECT_EQ(test, info.jssi, c->signal);
	} else {
		KUNIT_EXPECT_EQ(test, info.flags & B43_RXINFO_JSSI, 0);
		KUNIT_EXPECT_EQ(test, st.signal, c->signal);
	}
}

/*
 * [RX351] The inputs of the G/LP RSSI conversion: OFDM frame type and gain
 * control from PHY status 0, the TR state (0x0400) from PHY status 3.
 */
static void b43_rxhdr_parse_jssi_inputs(struct kunit *test)
{
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA], fr[64];
	size_t len = build_frame(fr, 0, ofdm_nibble("1101"));
	struct rx_words w = { .phy0 = P0_OFDM | P0_GAINCTL, .phy3 = 0x0400,
			      .chan = CH(1) | PT_G };

	build_hdr(h, &rx_fmts[0], &w);
	KUNIT_ASSERT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	KUNIT_EXPECT_EQ(test, info.flags,
			B43_RXINFO_JSSI | B43_RXINFO_OFDM |
			B43_RXINFO_GAINCTL | B43_RXINFO_TRSTATE);

	w.phy0 = 0;
	w.phy3 = 0;
	build_hdr(h, &rx_fmts[0], &w);
	len = build_frame(fr, 0, 0x0A);
	KUNIT_ASSERT_EQ(test, parse(test, &st, &info, h, 30, fr, len), 0);
	KUNIT_EXPECT_EQ(test, info.flags, B43_RXINFO_JSSI);
}

static void b43_rxhdr_parse_unknown_format(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct ieee80211_rx_status st;
	struct b43_rxinfo info;
	u8 h[RXHDR_AREA] = {}, fr[64];
	size_t len = build_frame(fr, 0, 0x0A);

	e->cfg.hdr_format = 3;
	KUNIT_EXPECT_EQ(test, parse(test, &st, &info, h, 30, fr, len),
			-EINVAL);
}

#define RX_RANDOM_SEED	0xb43b43b43ULL
#define RX_RANDOM_RUNS	20000

/*
 * Seeded random headers and frames: half all random bytes and lengths,
 * half a valid frame with one to three bits flipped and a random length.
 * Each in exact-size buffers; every result must be one of the defined
 * ones, and a parsed frame must make sense to mac80211.
 */
static void b43_rxhdr_parse_random(struct kunit *test)
{
	struct rx_env *e = test->priv;
	struct rnd_state rnd;
	unsigned int ok = 0, emsgsize = 0, ebadmsg = 0, eilseq = 0;
	unsigned int eproto = 0, i, j;

	prandom_seed_state(&rnd, RX_RANDOM_SEED);
	kunit_info(test, "seed 0x%llx, %d runs\n", RX_RANDOM_SEED,
		   RX_RANDOM_RUNS);
	for (i = 0; i < RX_RANDOM_RUNS; i++) {
		const struct rx_fmt *f = &rx_fmts[i % ARRAY_SIZE(rx_fmts)];
		struct ieee80211_rx_status st;
		struct b43_rxinfo info;
		u8 h[RXHDR_AREA], fr[64], *hb, *fb;
		size_t hlen, len;
		u32 mac;
		int err;

		e->cfg.hdr_format = f->fmt;
		e->cfg.fw_rev = prandom_u32_state(&rnd) % 1000;
		e->cfg.plcp_fail = prandom_u32_state(&rnd) & 1;
		if (i & 1) {
			prandom_bytes_state(&rnd, h, sizeof(h));
			prandom_bytes_state(&rnd, fr, sizeof(fr));
			hlen = prandom_u32_state(&rnd) % (sizeof(h) + 1);
			len = prandom_u32_state(&rnd) % (sizeof(fr) + 1);
		} else {
			struct rx_words w = {
				.phy0 = P0_OFDM, .chan = CH(6) | PT_N,
				.mac = MS_DEC,
			};
			unsigned int flips = 1 + prandom_u32_state(&rnd) % 3;

			build_hdr(h, f, &w);
			build_frame(fr, 0, ofdm_nibble("1001"));
			for (j = 0; j < flips; j++) {
				u32 bit = prandom_u32_state(&rnd) %
					  (8 * (sizeof(h) + 16));

				if (bit < 8 * sizeof(h))
					h[bit / 8] ^= 1 << (bit % 8);
				else
					fr[bit / 8 - sizeof(h)] ^=
						1 << (bit % 8);
			}
			hlen = sizeof(h);
			len = prandom_u32_state(&rnd) % (sizeof(fr) + 1);
		}
		hb = kmemdup(h, hlen ? hlen : 1, GFP_KERNEL);
		fb = kmemdup(fr, len ? len : 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, hb);
		KUNIT_ASSERT_NOT_NULL(test, fb);
		err = parse(test, &st, &info, hb, hlen, fb, len);
		kfree(hb);
		kfree(fb);

		mac = h[2 * f->mac_word] | h[2 * f->mac_word + 1] << 8;
		if (hlen < f->hdr_len) {
			KUNIT_EXPECT_EQ(test, err, -EMSGSIZE);
			KUNIT_EXPECT_EQ(test, st.flag, 0);
		} else {
			KUNIT_EXPECT_EQ(test,
					!!(st.flag & RX_FLAG_FAILED_FCS_CRC),
					!!(mac & MS_FCSERR));
			if (mac & MS_DECERR)
				KUNIT_EXPECT_EQ(test, err, -EBADMSG);
		}

		switch (err) {
		case 0:
			ok++;
			KUNIT_EXPECT_TRUE(test, info.pull == 6 ||
					  info.pull == 8);
			KUNIT_EXPECT_GE(test, len, info.pull + 14);
			KUNIT_ASSERT_LT(test, st.band, NUM_NL80211_BANDS);
			KUNIT_ASSERT_NOT_NULL(test, e->bands[st.band]);
			KUNIT_EXPECT_LT(test, st.rate_idx,
					e->bands[st.band]->n_bitrates);
			break;
		case -EMSGSIZE:
			emsgsize++;
			break;
		case -EBADMSG:
			ebadmsg++;
			break;
		case -EILSEQ:
			eilseq++;
			break;
		case -EPROTO:
			eproto++;
			break;
		default:
			KUNIT_FAIL(test, "run %u: undefined result %d", i, err);
		}
	}
	kunit_info(test, "parsed %u, -EMSGSIZE %u, -EBADMSG %u, -EILSEQ %u, -EPROTO %u\n",
		   ok, emsgsize, ebadmsg, eilseq, eproto);
	/* The generator must reach every outcome, or it tests too little. */
	KUNIT_EXPECT_GT(test, ok, 0);
	KUNIT_EXPECT_GT(test, emsgsize, 0);
	KUNIT_EXPECT_GT(test, ebadmsg, 0);
	KUNIT_EXPECT_GT(test, eilseq, 0);
	KUNIT_EXPECT_GT(test, eproto, 0);
}

static struct kunit_case b43_rxhdr_test_cases[] = {
	KUNIT_CASE_PARAM(b43_rxhdr_parse_rates, rx_rate_gen_params),
	KUNIT_CASE(b43_rxhdr_parse_unknown_rates),
	KUNIT_CASE(b43_rxhdr_parse_truncated_header),
	KUNIT_CASE_PARAM(b43_rxhdr_parse_truncated_frame, rx_trunc_gen_params),
	KUNIT_CASE(b43_rxhdr_parse_status_bits),
	KUNIT_CASE(b43_rxhdr_parse_phy_types),
	KUNIT_CASE(b43_rxhdr_parse_gphy_channel),
	KUNIT_CASE_PARAM(b43_rxhdr_parse_signal, rx_signal_gen_params),
	KUNIT_CASE(b43_rxhdr_parse_jssi_inputs),
	KUNIT_CASE(b43_rxhdr_parse_unknown_format),
	KUNIT_CASE(b43_rxhdr_parse_random),
	{}
};

static struct kunit_suite b43_rxhdr_test_suite = {
	.name = "b43_rxhdr",
	.init = b43_rxhdr_test_init,
	.test_cases = b43_rxhdr_test_cases,
};

kunit_test_suite(b43_rxhdr_test_suite);
