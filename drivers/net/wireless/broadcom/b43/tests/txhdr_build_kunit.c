// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the TX header builder (txhdr.c, b43_txhdr_build())
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [HDR]   The b43 hardware documentation, bcm-v4 "802.11/TX": the shared
 *         fields of every header format at fixed byte offsets (MAC TX control
 *         0x00, frame control copy 0x04, PHY TX control word 0x08, PHY TX
 *         control words 1 0x0A/0x0C/0x0E/0x10, PHY rates 0x12/0x13, extra
 *         frame types 0x14, IV 0x16, receiver address 0x26, RTS PLCP
 *         fallback 0x2E, RTS duration fallback 0x34, PLCP fallback 0x36,
 *         duration fallback 0x3C).  The offsets that move between formats
 *         come from b43_txhdr_layout(), which the b43_txhdr suite checks
 *         against the same page, bwn and brcmsmac.
 * [TXC]   Broadcom's brcmsmac, d11.h: MacTxControlLow TXC_IMMEDACK 0x0001,
 *         TXC_LONGFRAME 0x0002, TXC_SENDRTS 0x0004, TXC_STARTMSDU 0x0008,
 *         TXC_HWSEQ 0x0010, TXC_FREQBAND_5G 0x0080, TXC_SENDCTS 0x0800;
 *         MacTxControlHigh (bits 16-31 of the 32-bit word) TXC_SECKEY_MASK
 *         0x0FF0 (the key index) and TXC_SECTYPE_MASK 0x0007 (the
 *         algorithm); PhyTxControlWord: frame type FT_CCK 0, FT_OFDM 1 in
 *         bits 0-1, PHY_TXC_SHORT_HDR 0x0010, PHY_TXC_ANT_0_1 0x00C0 (the
 *         hardware's choice); XtraFrameTypes: the fallback rate's frame type
 *         in bits 0-1, the RTS frame's at XFTS_RTS_FT_SHIFT 2, the RTS
 *         fallback's at XFTS_FBRRTS_FT_SHIFT 4, then the channel (byte 0x15).
 * [CTL1]  brcmsmac, d11.h and rate.c: PHY control word 1 holds the bandwidth
 *         in bits 0-2 (PHY_TXC1_BW_20MHZ 2), the mode in bits 3-5 (SISO 0)
 *         and, for legacy OFDM, legacy_phycfg_table[] << 8: the coding rate
 *         in bits 8-10 (1/2: 0, 2/3: 1, 3/4: 2) and the modulation in bits
 *         11-13 (BPSK 0, QPSK 1, 16-QAM 2, 64-QAM 3).  A CCK frame on an N
 *         PHY carries the bandwidth and mode only (brcms_c_phytxctl1_calc()).
 *         The modulation and coding rate of each OFDM rate: IEEE Std
 *         802.11-2016, Table 17-4.
 * [ANT]   FreeBSD's bwn (if_bwnvar.h), a separate port: BWN_TX_PHY_ANT0
 *         0x0000, ANT1 0x0040, ANT01AUTO 0x00C0, ANT2 0x0100, ANT3 0x0200.
 * [PLCP]  IEEE Std 802.11-2016, 17.3.4 (OFDM SIGNAL: RATE in bits 0-3,
 *         Table 17-6, LENGTH in octets in bits 5-16) and 16.2.3 (HR/DSSS:
 *         SIGNAL the rate in 100 kbit/s, LENGTH the duration in
 *         microseconds, ceil(octets * 8 / R)); the PSDU is the MPDU with its
 *         FCS (4 octets) and, for a hardware-encrypted frame, its ICV.
 * [DUR]   IEEE Std 802.11-2016, 9.2.4.2, Table 9-3: a Duration/ID field with
 *         bit 15 clear is a duration; with bit 15 set it is the CFP value
 *         (32768) or, with bit 14 also set, an AID.
 * [TKIP]  bcm-specs "Sending": the IV field holds the TKIP phase 1 key
 *         (10 bytes) followed by 3 bytes copied from the frame's IV.
 * [FB]    The RTS/CTS fallback rate b43 chooses (the rule, not its code):
 *         the next lower rate of the same modulation in IEEE 802.11's rate
 *         order (1, 2, 5.5, 11 and 6, 9, 12, 18, 24, 36, 48, 54 Mbit/s), the
 *         lowest rate falling back to itself; 6 Mbit/s OFDM falls back to
 *         5.5 Mbit/s CCK on 2.4 GHz, where CCK exists (Clause 18, ERP), and
 *         to itself on 5 GHz.
 */
#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/ieee80211.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../txhdr.h"
#include "../xmit.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* [HDR] shared field offsets */
#define OFF_MAC_CTL		0x00
#define OFF_FRAME_CTL		0x04
#define OFF_PHY_CTL		0x08
#define OFF_PHY_CTL1		0x0a
#define OFF_PHY_CTL1_FB		0x0c
#define OFF_PHY_CTL1_RTS	0x0e
#define OFF_PHY_CTL1_RTS_FB	0x10
#define OFF_PHY_RATE		0x12
#define OFF_PHY_RATE_RTS	0x13
#define OFF_EXTRA_FT		0x14
#define OFF_CHANNEL		0x15
#define OFF_IV			0x16
#define OFF_RECEIVER		0x26
#define OFF_RTS_PLCP_FB		0x2e
#define OFF_RTS_DUR_FB		0x34
#define OFF_PLCP_FB		0x36
#define OFF_DUR_FB		0x3c

/* [TXC] */
#define TXC_IMMEDACK		0x00000001
#define TXC_LONGFRAME		0x00000002
#define TXC_SENDRTS		0x00000004
#define TXC_STARTMSDU		0x00000008
#define TXC_HWSEQ		0x00000010
#define TXC_FREQBAND_5G		0x00000080
#define TXC_SENDCTS		0x00000800
#define TXC_SECKEY(k)		((u32)(k) << (16 + 4))
#define TXC_SECTYPE(a)		((u32)(a) << 16)
#define FT_CCK			0
#define FT_OFDM			1
#define PHY_TXC_SHORT_HDR	0x0010
#define PHY_TXC_ANT_MASK	0x03c0
#define XFTS_RTS_FT_SHIFT	2
#define XFTS_FBRRTS_FT_SHIFT	4

/* [CTL1] */
#define CR_1_2	0
#define CR_2_3	1
#define CR_3_4	2
#define MOD_BPSK	0
#define MOD_QPSK	1
#define MOD_QAM16	2
#define MOD_QAM64	3
#define CTL1_BW20	2
#define CTL1(cr, mod)	(CTL1_BW20 | (cr) << 8 | (mod) << 11)

struct build_rate {
	const char *desc;
	u8 rate;		/* units of 500 kbit/s, as b43's hw_value */
	u8 signal;		/* [PLCP]: CCK SIGNAL or OFDM RATE, R1 = bit 0 */
	bool ofdm;
	u16 ctl1;		/* [CTL1], N PHY */
};

static const struct build_rate build_rates[] = {
	{ "1M CCK",   2, 0x0a, false, CTL1_BW20 },
	{ "2M CCK",   4, 0x14, false, CTL1_BW20 },
	{ "5.5M CCK", 11, 0x37, false, CTL1_BW20 },
	{ "11M CCK",  22, 0x6e, false, CTL1_BW20 },
	/* RATE R1-R4 1101: BPSK 1/2 */
	{ "6M OFDM",  12, 0xb, true, CTL1(CR_1_2, MOD_BPSK) },
	/* 1111: BPSK 3/4 */
	{ "9M OFDM",  18, 0xf, true, CTL1(CR_3_4, MOD_BPSK) },
	/* 0101: QPSK 1/2 */
	{ "12M OFDM", 24, 0xa, true, CTL1(CR_1_2, MOD_QPSK) },
	/* 0111: QPSK 3/4 */
	{ "18M OFDM", 36, 0xe, true, CTL1(CR_3_4, MOD_QPSK) },
	/* 1001: 16-QAM 1/2 */
	{ "24M OFDM", 48, 0x9, true, CTL1(CR_1_2, MOD_QAM16) },
	/* 1011: 16-QAM 3/4 */
	{ "36M OFDM", 72, 0xd, true, CTL1(CR_3_4, MOD_QAM16) },
	/* 0001: 64-QAM 2/3 */
	{ "48M OFDM", 96, 0x8, true, CTL1(CR_2_3, MOD_QAM64) },
	/* 0011: 64-QAM 3/4 */
	{ "54M OFDM", 108, 0xc, true, CTL1(CR_3_4, MOD_QAM64) },
};

KUNIT_ARRAY_PARAM_DESC(build_rates, build_rates, desc);

static const struct build_rate *build_rate_of(u8 rate)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(build_rates); i++)
		if (build_rates[i].rate == rate)
			return &build_rates[i];
	return NULL;
}

/* A 24-byte data frame header, then the body. */
#define DATA_HDR_LEN	24
static const u8 addr1[ETH_ALEN] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x55 };

struct build_ctx {
	struct b43_txhdr_desc d;
	u8 *frame;
	u8 *hdr;
	unsigned int size;
};

/*
 * A frame of exactly @len bytes (KASAN sees any read past it) and a header
 * buffer of exactly the format's size, with the description of a plain
 * unprotected, unencrypted data frame on an N PHY at 54M, fallback 48M.
 */
static struct build_ctx *build_ctx(struct kunit *test,
				   enum b43_firmware_hdr_format format,
				   unsigned int len)
{
	struct build_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(format);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_NOT_NULL(test, l);
	c->size = l->size;
	c->hdr = kunit_kmalloc(test, c->size, GFP_KERNEL);
	c->frame = kunit_kmalloc(test, len ? len : 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->hdr);
	KUNIT_ASSERT_NOT_NULL(test, c->frame);
	memset(c->hdr, 0xa5, c->size);
	for (i = 0; i < len; i++)
		c->frame[i] = i;
	if (len >= DATA_HDR_LEN) {
		/* Data frame, To DS; Duration 44 us; addr1 */
		put_unaligned_le16(IEEE80211_FTYPE_DATA | IEEE80211_FCTL_TODS,
				   c->frame);
		put_unaligned_le16(44, c->frame + 2);
		memcpy(c->frame + 4, addr1, ETH_ALEN);
	}
	c->d = (struct b43_txhdr_desc) {
		.frame = c->frame,
		.len = len,
		.flags = B43_TXHDR_ACK,
		.cookie = 0x1234,
		.dur_fb = cpu_to_le16(44),
		.format = format,
		.phy_type = B43_PHYTYPE_N,
		.channel = 6,
		.rate = 108,
		.rate_fb = 96,
	};
	return c;
}

static u32 hdr_mac_ctl(const struct build_ctx *c)
{
	return get_unaligned_le32(c->hdr + OFF_MAC_CTL);
}

static u16 hdr16(const struct build_ctx *c, unsigned int off)
{
	return get_unaligned_le16(c->hdr + off);
}

/* [PLCP]: the SIGNAL and LENGTH of a PLCP header for @octets at @rate. */
static void expect_plcp(struct kunit *test, const u8 *plcp, u8 rate,
			unsigned int octets, const char *what)
{
	const struct build_rate *r = build_rate_of(rate);

	KUNIT_ASSERT_NOT_NULL(test, r);
	if (r->ofdm) {
		u32 signal = get_unaligned_le32(plcp) & 0xffffff;

		KUNIT_EXPECT_EQ_MSG(test, signal & 0xf, r->signal, "%s RATE",
				    what);
		KUNIT_EXPECT_EQ_MSG(test, (signal >> 5) & 0xfff, octets,
				    "%s LENGTH", what);
	} else {
		/* R in units of 500 kbit/s: 8 / (R / 2) us per octet */
		unsigned int us = DIV_ROUND_UP(octets * 16, rate);

		KUNIT_EXPECT_EQ_MSG(test, plcp[0], r->signal, "%s SIGNAL",
				    what);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le16(plcp + 2), us,
				    "%s LENGTH", what);
	}
}

static void b43_txhdr_build_rate(struct kunit *test)
{
	const struct build_rate *r = test->param_value;
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 100);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(B43_FW_HDR_598);

	c->d.rate = r->rate;
	c->d.rate_fb = r->rate;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);

	KUNIT_EXPECT_EQ(test, c->hdr[OFF_PHY_RATE], r->signal);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL) & 0x3,
			r->ofdm ? FT_OFDM : FT_CCK);
	KUNIT_EXPECT_EQ(test, c->hdr[OFF_EXTRA_FT] & 0x3,
			r->ofdm ? FT_OFDM : FT_CCK);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1), r->ctl1);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_FB), r->ctl1);
	/* PSDU: the 100-byte MPDU and its FCS */
	expect_plcp(test, c->hdr + l->plcp, r->rate, 104, "main");
	expect_plcp(test, c->hdr + OFF_PLCP_FB, r->rate, 104, "fallback");
}

/* Each fallback rate below a 54M frame: its own PLCP, type and word 1. */
static void b43_txhdr_build_fallback(struct kunit *test)
{
	const struct build_rate *r = test->param_value;
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_410, 1500);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(B43_FW_HDR_410);

	c->d.rate_fb = r->rate;
	c->d.dur_fb = cpu_to_le16(0x0123);
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);

	KUNIT_EXPECT_EQ(test, c->hdr[OFF_PHY_RATE], 0xc);
	KUNIT_EXPECT_EQ(test, c->hdr[OFF_EXTRA_FT] & 0x3,
			r->ofdm ? FT_OFDM : FT_CCK);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1), CTL1(CR_3_4, MOD_QAM64));
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_FB), r->ctl1);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_DUR_FB), 0x0123);
	expect_plcp(test, c->hdr + l->plcp, 108, 1504, "main");
	expect_plcp(test, c->hdr + OFF_PLCP_FB, r->rate, 1504, "fallback");
}

/* The fields copied from the frame and the description, in every format. */
struct build_format {
	const char *desc;
	enum b43_firmware_hdr_format format;
};

static const struct build_format build_formats[] = {
	{ "firmware 351", B43_FW_HDR_351 },
	{ "firmware 410", B43_FW_HDR_410 },
	{ "firmware 598", B43_FW_HDR_598 },
};

KUNIT_ARRAY_PARAM_DESC(build_formats, build_formats, desc);

static void b43_txhdr_build_fields(struct kunit *test)
{
	const struct build_format *f = test->param_value;
	struct build_ctx *c = build_ctx(test, f->format, 64);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(f->format);
	unsigned int i, set = 0;

	c->d.cookie = 0xbeef;
	c->d.channel = 11;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);

	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_FRAME_CTL),
			IEEE80211_FTYPE_DATA | IEEE80211_FCTL_TODS);
	KUNIT_EXPECT_MEMEQ(test, c->hdr + OFF_RECEIVER, addr1, ETH_ALEN);
	KUNIT_EXPECT_EQ(test, c->hdr[OFF_CHANNEL], 11);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_DUR_FB), 44);
	KUNIT_EXPECT_EQ(test, hdr16(c, l->cookie), 0xbeef);
	KUNIT_EXPECT_EQ(test, hdr_mac_ctl(c), TXC_IMMEDACK);
	/* [TXC]: the hardware picks the antenna */
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL), FT_OFDM | 0x00c0);
	/* Unprotected, unencrypted: no RTS fields, no IV */
	KUNIT_EXPECT_EQ(test, c->hdr[OFF_PHY_RATE_RTS], 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_RTS), 0);
	for (i = 0; i < 16; i++)
		set += c->hdr[OFF_IV + i] != 0;
	for (i = 0; i < 16; i++)
		set += c->hdr[l->rts_frame + i] != 0;
	KUNIT_EXPECT_EQ_MSG(test, set, 0, "IV or RTS frame bytes set");
}

struct build_flag {
	const char *desc;
	u32 flag;
	u32 mac_ctl;
	u16 phy_ctl;
};

static const struct build_flag build_flags[] = {
	{ "ACK: TXC_IMMEDACK", B43_TXHDR_ACK, TXC_IMMEDACK, 0 },
	{ "hardware sequence: TXC_HWSEQ", B43_TXHDR_HWSEQ, TXC_HWSEQ, 0 },
	{ "first fragment: TXC_STARTMSDU", B43_TXHDR_FIRST_FRAG,
	  TXC_STARTMSDU, 0 },
	{ "5 GHz: TXC_FREQBAND_5G", B43_TXHDR_5GHZ, TXC_FREQBAND_5G, 0 },
	{ "long retry limit: TXC_LONGFRAME", B43_TXHDR_LONGFRAME,
	  TXC_LONGFRAME, 0 },
	{ "short preamble: PHY_TXC_SHORT_HDR", B43_TXHDR_SHORTPRE, 0,
	  PHY_TXC_SHORT_HDR },
};

KUNIT_ARRAY_PARAM_DESC(build_flags, build_flags, desc);

/* Each flag sets its bit and no other. */
static void b43_txhdr_build_flag(struct kunit *test)
{
	const struct build_flag *p = test->param_value;
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 64);

	c->d.flags = p->flag;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
	KUNIT_EXPECT_EQ(test, hdr_mac_ctl(c), p->mac_ctl);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL) & ~PHY_TXC_ANT_MASK,
			FT_OFDM | p->phy_ctl);
}

struct build_antenna {
	const char *desc;
	u8 antenna;
	u16 bits;
};

static const struct build_antenna build_antennas[] = {
	{ "hardware's choice: ANT01AUTO 0x00c0", 0, 0x00c0 },
	{ "antenna 0: 0x0000", 1, 0x0000 },
	{ "antenna 1: 0x0040", 2, 0x0040 },
	{ "antenna 2: 0x0100", 3, 0x0100 },
	{ "antenna 3: 0x0200", 4, 0x0200 },
};

KUNIT_ARRAY_PARAM_DESC(build_antennas, build_antennas, desc);

/* [ANT] */
static void b43_txhdr_build_antenna(struct kunit *test)
{
	const struct build_antenna *p = test->param_value;
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_351, 64);

	c->d.antenna = p->antenna;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL) & PHY_TXC_ANT_MASK,
			p->bits);
}

/* [FB] the fallback of each protection rate, on 2.4 and on 5 GHz */
static u8 expected_rts_fallback(u8 rate, bool ghz5)
{
	static const u8 cck[] = { 2, 4, 11, 22 };
	static const u8 ofdm[] = { 12, 18, 24, 36, 48, 72, 96, 108 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cck); i++)
		if (cck[i] == rate)
			return cck[i ? i - 1 : 0];
	for (i = 0; i < ARRAY_SIZE(ofdm); i++)
		if (ofdm[i] == rate)
			return i ? ofdm[i - 1] : (ghz5 ? ofdm[0] : 11);
	return 0;
}

struct build_prot {
	const char *desc;
	u32 flags;
	unsigned int frame_len;	/* RTS 16, CTS 10 (IEEE 802.11 9.3.1.2/3) */
	u32 mac_ctl;
	bool ctl1_rts;		/* 6.12 fills word 1 for an RTS only */
};

static const struct build_prot build_prots[] = {
	{ "RTS: TXC_SENDRTS, 16-byte frame", B43_TXHDR_RTS, 16, TXC_SENDRTS,
	  true },
	{ "CTS-to-self: TXC_SENDCTS, 10-byte frame", B43_TXHDR_CTS, 10,
	  TXC_SENDCTS, false },
	{ "RTS and CTS asked: CTS-to-self wins", B43_TXHDR_RTS | B43_TXHDR_CTS,
	  10, TXC_SENDCTS, true },
};

KUNIT_ARRAY_PARAM_DESC(build_prots, build_prots, desc);

static void check_protection(struct kunit *test, const struct build_prot *p,
			     enum b43_firmware_hdr_format format, bool ghz5,
			     const struct build_rate *r, const u8 *prot)
{
	const struct b43_txhdr_layout *l = b43_txhdr_layout(format);
	struct build_ctx *c = build_ctx(test, format, 200);
	const struct build_rate *rfb =
		build_rate_of(expected_rts_fallback(r->rate, ghz5));
	unsigned int rest = 0, j;

	KUNIT_ASSERT_NOT_NULL(test, rfb);
	c->d.flags |= p->flags | (ghz5 ? B43_TXHDR_5GHZ : 0);
	c->d.rts_rate = r->rate;
	c->d.rts_frame = prot;
	KUNIT_ASSERT_EQ_MSG(test, b43_txhdr_build(c->hdr, &c->d), 0, "%s",
			    r->desc);

	KUNIT_EXPECT_EQ_MSG(test, hdr_mac_ctl(c) & ~TXC_FREQBAND_5G,
			    TXC_IMMEDACK | p->mac_ctl, "%s", r->desc);
	KUNIT_EXPECT_MEMEQ_MSG(test, c->hdr + l->rts_frame, prot, p->frame_len,
			       "%s", r->desc);
	for (j = p->frame_len; j < 16; j++)
		rest += c->hdr[l->rts_frame + j] != 0;
	KUNIT_EXPECT_EQ_MSG(test, rest, 0, "%s: bytes after the frame", r->desc);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_RTS_DUR_FB), 0x0777);
	KUNIT_EXPECT_EQ(test, c->hdr[OFF_PHY_RATE_RTS], r->signal);
	KUNIT_EXPECT_EQ_MSG(test, c->hdr[OFF_EXTRA_FT],
			    FT_OFDM |
			    (r->ofdm ? FT_OFDM : FT_CCK) << XFTS_RTS_FT_SHIFT |
			    (rfb->ofdm ? FT_OFDM : FT_CCK) << XFTS_FBRRTS_FT_SHIFT,
			    "%s", r->desc);
	expect_plcp(test, c->hdr + l->rts_plcp, r->rate, p->frame_len + 4,
		    r->desc);
	expect_plcp(test, c->hdr + OFF_RTS_PLCP_FB, rfb->rate, p->frame_len + 4,
		    r->desc);
	KUNIT_EXPECT_EQ_MSG(test, hdr16(c, OFF_PHY_CTL1_RTS),
			    p->ctl1_rts ? r->ctl1 : 0, "%s", r->desc);
	KUNIT_EXPECT_EQ_MSG(test, hdr16(c, OFF_PHY_CTL1_RTS_FB),
			    p->ctl1_rts ? rfb->ctl1 : 0, "%s", r->desc);
}

/*
 * Protection at every rate, on both bands, in every format: the frame
 * where the format keeps it, its PLCP headers for the frame and its FCS,
 * its rate fields.
 */
static void b43_txhdr_build_protection(struct kunit *test)
{
	const struct build_prot *p = test->param_value;
	u8 prot[16];
	unsigned int i, f;

	for (i = 0; i < sizeof(prot); i++)
		prot[i] = 0xc0 + i;
	put_unaligned_le16(0x0777, prot + 2);	/* the Duration field */

	for (f = 0; f < ARRAY_SIZE(build_formats); f++) {
		for (i = 0; i < ARRAY_SIZE(build_rates); i++) {
			const struct build_rate *r = &build_rates[i];

			check_protection(test, p, build_formats[f].format,
					 false, r, prot);
			/* no CCK on 5 GHz */
			if (r->ofdm)
				check_protection(test, p,
						 build_formats[f].format, true,
						 r, prot);
		}
	}
}

/* [FB] b43_calc_fallback_rate() for every rate and every other value */
static void b43_calc_fallback_rate_all(struct kunit *test)
{
	unsigned int v;

	for (v = 0; v < 256; v++) {
		KUNIT_EXPECT_EQ_MSG(test, b43_calc_fallback_rate(v, 1),
				    expected_rts_fallback(v, false), "rate %u",
				    v);
		KUNIT_EXPECT_EQ_MSG(test, b43_calc_fallback_rate(v, 0),
				    expected_rts_fallback(v, true), "rate %u",
				    v);
	}
}

/*
 * [CTL1] word 1 on N and HT PHYs at every rate; the LP PHY takes the OFDM
 * rates the same way.  Its CCK words are not asserted: b43 ORs the CCK
 * rate index into bits 0-1, the bandwidth field, where brcmsmac's
 * legacy_phycfg_table puts it in the modulation field ("In CCK mode LPPHY
 * overloads OFDM Modulation bits with CCK Data Rate"); which is right
 * needs an LP PHY to try it on.
 */
static void b43_txhdr_build_phy_ctl1(struct kunit *test)
{
	const struct build_rate *r = test->param_value;
	static const u8 phys[] = { B43_PHYTYPE_N, B43_PHYTYPE_HT,
				   B43_PHYTYPE_LP };
	unsigned int p;

	for (p = 0; p < ARRAY_SIZE(phys); p++) {
		struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 64);

		if (phys[p] == B43_PHYTYPE_LP && !r->ofdm)
			continue;
		c->d.phy_type = phys[p];
		c->d.rate = r->rate;
		c->d.rate_fb = r->rate;
		KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
		KUNIT_EXPECT_EQ_MSG(test, hdr16(c, OFF_PHY_CTL1), r->ctl1,
				    "PHY type %u", phys[p]);
		KUNIT_EXPECT_EQ_MSG(test, hdr16(c, OFF_PHY_CTL1_FB), r->ctl1,
				    "PHY type %u", phys[p]);
	}
}

/* G-PHY firmware reads no PHY control word 1: all four stay 0. */
static void b43_txhdr_build_gphy_no_ctl1(struct kunit *test)
{
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_410, 64);
	u8 prot[16] = {};

	c->d.phy_type = B43_PHYTYPE_G;
	c->d.flags |= B43_TXHDR_RTS;
	c->d.rts_rate = 22;
	c->d.rts_frame = prot;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1), 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_FB), 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_RTS), 0);
	KUNIT_EXPECT_EQ(test, hdr16(c, OFF_PHY_CTL1_RTS_FB), 0);
}

/*
 * IV and ICV (or MIC) lengths: IEEE 802.11 12.3.2 (WEP), 12.5.2 (TKIP),
 * 12.5.3 (CCMP); b43's AES_LEGACY is CCMP for firmware before 351.
 */
struct build_key {
	const char *desc;
	u8 alg;
	u8 iv_len, icv_len;
};

static const struct build_key build_keys[] = {
	{ "WEP-40: IV 4, ICV 4", B43_SEC_ALGO_WEP40, 4, 4 },
	{ "TKIP: phase 1 key and IV, ICV 4", B43_SEC_ALGO_TKIP, 8, 4 },
	{ "CCMP: IV 8, MIC 8", B43_SEC_ALGO_AES, 8, 8 },
	{ "WEP-104: IV 4, ICV 4", B43_SEC_ALGO_WEP104, 4, 4 },
	{ "CCMP, legacy firmware: IV 8, MIC 8", B43_SEC_ALGO_AES_LEGACY, 8,
	  8 },
};

KUNIT_ARRAY_PARAM_DESC(build_keys, build_keys, desc);

static void b43_txhdr_build_key(struct kunit *test)
{
	const struct build_key *k = test->param_value;
	static const u16 p1k[5] = { 0x0102, 0x0304, 0x0506, 0x0708, 0x090a };
	static const u8 p1k_le[10] = { 2, 1, 4, 3, 6, 5, 8, 7, 10, 9 };
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 100);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(B43_FW_HDR_598);
	unsigned int i, rest = 0;

	c->d.key_alg = k->alg;
	c->d.key_idx = 0xa7;
	c->d.iv_len = k->iv_len;
	c->d.icv_len = k->icv_len;
	c->d.tkip_p1k = p1k;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);

	KUNIT_EXPECT_EQ(test, hdr_mac_ctl(c),
			TXC_IMMEDACK | TXC_SECKEY(0xa7) | TXC_SECTYPE(k->alg));
	if (k->alg == B43_SEC_ALGO_TKIP) {
		/* [TKIP] */
		KUNIT_EXPECT_MEMEQ(test, c->hdr + OFF_IV, p1k_le, 10);
		KUNIT_EXPECT_MEMEQ(test, c->hdr + OFF_IV + 10,
				   c->frame + DATA_HDR_LEN, 3);
		i = 13;
	} else {
		KUNIT_EXPECT_MEMEQ(test, c->hdr + OFF_IV,
				   c->frame + DATA_HDR_LEN, k->iv_len);
		i = k->iv_len;
	}
	for (; i < 16; i++)
		rest += c->hdr[OFF_IV + i] != 0;
	KUNIT_EXPECT_EQ(test, rest, 0);
	/* [PLCP]: the PSDU grows by the ICV the hardware appends */
	expect_plcp(test, c->hdr + l->plcp, 108, 100 + 4 + k->icv_len, "main");
	expect_plcp(test, c->hdr + OFF_PLCP_FB, 96, 100 + 4 + k->icv_len,
		    "fallback");
}

/* Every frame shorter than its 802.11 header and IV is refused. */
static void b43_txhdr_build_key_truncated(struct kunit *test)
{
	const struct build_key *k = test->param_value;
	static const u16 p1k[5];
	unsigned int need = DATA_HDR_LEN + (k->alg == B43_SEC_ALGO_TKIP ?
					    3 : k->iv_len);
	unsigned int len;

	for (len = DATA_HDR_LEN; len <= need; len++) {
		struct build_ctx *c = build_ctx(test, B43_FW_HDR_410, len);

		c->d.key_alg = k->alg;
		c->d.iv_len = k->iv_len;
		c->d.icv_len = k->icv_len;
		c->d.tkip_p1k = p1k;
		KUNIT_EXPECT_EQ_MSG(test, b43_txhdr_build(c->hdr, &c->d),
				    len < need ? -EMSGSIZE : 0, "%u bytes",
				    len);
	}
}

struct build_bad {
	const char *desc;
	int err;
	void (*apply)(struct b43_txhdr_desc *d);
};

static void bad_rate(struct b43_txhdr_desc *d)
{
	d->rate = 3;
}

static void bad_rate_fb(struct b43_txhdr_desc *d)
{
	d->rate_fb = 0;
}

static void bad_antenna(struct b43_txhdr_desc *d)
{
	d->antenna = 5;
}

static void bad_key_alg(struct b43_txhdr_desc *d)
{
	d->key_alg = 6;
}

static void bad_tkip(struct b43_txhdr_desc *d)
{
	d->key_alg = B43_SEC_ALGO_TKIP;
	d->tkip_p1k = NULL;
}

static void bad_rts_rate(struct b43_txhdr_desc *d)
{
	d->flags |= B43_TXHDR_RTS;
	d->rts_rate = 0xff;
}

static void bad_rts_frame(struct b43_txhdr_desc *d)
{
	d->flags |= B43_TXHDR_CTS;
	d->rts_rate = 2;
	d->rts_frame = NULL;
}

/* OFDM LENGTH has 12 bits: 4095 octets with the FCS */
static void bad_ofdm_len(struct b43_txhdr_desc *d)
{
	d->len = 4092;
}

/* CCK LENGTH counts microseconds in 16 bits: 8192 octets at 1 Mbit/s */
static void bad_cck_len(struct b43_txhdr_desc *d)
{
	d->rate = 22;
	d->rate_fb = 2;
	d->len = 8188;
}

/* More than any PLCP LENGTH holds, and more than an unsigned int adds to */
static void bad_huge_len(struct b43_txhdr_desc *d)
{
	d->len = UINT_MAX - 1;
}

static const struct build_bad build_bads[] = {
	{ "main rate that names no rate: -EINVAL", -EINVAL, bad_rate },
	{ "fallback rate 0: -EINVAL", -EINVAL, bad_rate_fb },
	{ "antenna 5: -EINVAL", -EINVAL, bad_antenna },
	{ "key algorithm 6: -EINVAL", -EINVAL, bad_key_alg },
	{ "TKIP without its phase 1 key: -EINVAL", -EINVAL, bad_tkip },
	{ "RTS at a rate that names no rate: -EINVAL", -EINVAL, bad_rts_rate },
	{ "CTS-to-self without the frame: -EINVAL", -EINVAL, bad_rts_frame },
	{ "OFDM PSDU of 4096 octets: -EMSGSIZE", -EMSGSIZE, bad_ofdm_len },
	{ "CCK fallback PSDU of 8192 octets at 1M: -EMSGSIZE", -EMSGSIZE,
	  bad_cck_len },
	{ "length UINT_MAX - 1: -EMSGSIZE", -EMSGSIZE, bad_huge_len },
};

KUNIT_ARRAY_PARAM_DESC(build_bads, build_bads, desc);

static void b43_txhdr_build_bad(struct kunit *test)
{
	const struct build_bad *p = test->param_value;
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 8192);
	u8 *hdr = kunit_kmalloc(test, c->size + 8, GFP_KERNEL);
	unsigned int i, guard = 0;

	KUNIT_ASSERT_NOT_NULL(test, hdr);
	memset(hdr, 0x5a, c->size + 8);
	c->d.len = 100;
	p->apply(&c->d);
	KUNIT_EXPECT_EQ(test, b43_txhdr_build(hdr, &c->d), p->err);
	for (i = c->size; i < c->size + 8; i++)
		guard += hdr[i] != 0x5a;
	KUNIT_EXPECT_EQ_MSG(test, guard, 0, "bytes past the header written");
}

/* The largest PSDUs the LENGTH fields hold are accepted. */
static void b43_txhdr_build_longest(struct kunit *test)
{
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_598, 8187);
	const struct b43_txhdr_layout *l = b43_txhdr_layout(B43_FW_HDR_598);

	c->d.len = 4091;	/* 4095 octets with the FCS */
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
	expect_plcp(test, c->hdr + l->plcp, 108, 4095, "OFDM");
	c->d.rate = 2;
	c->d.rate_fb = 2;
	c->d.len = 8187;	/* 8191 octets: 65528 us at 1 Mbit/s */
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(c->hdr, &c->d), 0);
	expect_plcp(test, c->hdr + l->plcp, 2, 8191, "CCK");
}

/* A frame shorter than frame control, duration and addr1 is refused. */
static void b43_txhdr_build_short_frame(struct kunit *test)
{
	unsigned int len;

	for (len = 0; len <= 10; len++) {
		struct build_ctx *c = build_ctx(test, B43_FW_HDR_351, len);

		KUNIT_EXPECT_EQ_MSG(test, b43_txhdr_build(c->hdr, &c->d),
				    len < 10 ? -EMSGSIZE : 0, "%u bytes", len);
	}
}

/*
 * A value that names no format: -EINVAL, nothing written.  Only 3 (see the
 * b43_txhdr suite: a larger value in the enum is itself undefined).
 */
static void b43_txhdr_build_unknown_format(struct kunit *test)
{
	struct build_ctx *c = build_ctx(test, B43_FW_HDR_351, 64);
	unsigned int i, written = 0;

	c->d.format = 3;
	KUNIT_EXPECT_EQ(test, b43_txhdr_build(c->hdr, &c->d), -EINVAL);
	for (i = 0; i < c->size; i++)
		written += c->hdr[i] != 0xa5;
	KUNIT_EXPECT_EQ(test, written, 0);
}

/*
 * Regression for 6.12's 118-byte clear: two headers side by side, as in
 * the DMA header cache, with every field set; building the first leaves
 * the second alone.
 */
static void b43_txhdr_build_only_its_bytes(struct kunit *test)
{
	const struct build_format *f = test->param_value;
	struct build_ctx *c = build_ctx(test, f->format, 300);
	u8 *two = kunit_kmalloc(test, 2 * c->size, GFP_KERNEL);
	static const u16 p1k[5] = { 1, 2, 3, 4, 5 };
	u8 prot[16] = {};
	unsigned int i, wrong = 0;

	KUNIT_ASSERT_NOT_NULL(test, two);
	memset(two, 0xa5, 2 * c->size);
	c->d.flags = ~0U;
	c->d.rts_rate = 108;
	c->d.rts_frame = prot;
	c->d.key_alg = B43_SEC_ALGO_TKIP;
	c->d.tkip_p1k = p1k;
	c->d.icv_len = 4;
	KUNIT_ASSERT_EQ(test, b43_txhdr_build(two, &c->d), 0);
	for (i = c->size; i < 2 * c->size; i++)
		wrong += two[i] != 0xa5;
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0, "bytes of the next header written");
}

struct dur_case {
	const char *desc;
	u16 duration_id;
	u8 rate, rate_fb;
	bool own;
};

/* [DUR] */
static const struct dur_case dur_cases[] = {
	{ "duration 44 at another rate: recomputed", 44, 108, 96, false },
	{ "duration 32767 at another rate: recomputed", 0x7fff, 108, 96,
	  false },
	{ "the same rate: the same duration", 44, 96, 96, true },
	{ "0: kept", 0, 108, 96, true },
	{ "CFP value 32768: kept", 0x8000, 108, 96, true },
	{ "AID 1 (bits 15 and 14 set): kept", 0xc001, 108, 96, true },
};

KUNIT_ARRAY_PARAM_DESC(dur_cases, dur_cases, desc);

static void b43_txhdr_dur_fb_own_cases(struct kunit *test)
{
	const struct dur_case *p = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_txhdr_dur_fb_own(cpu_to_le16(p->duration_id),
						   p->rate, p->rate_fb),
			p->own);
}

#define BUILD_RANDOM_SEED	0xb43b11dULL
#define BUILD_RANDOM_RUNS	10000

/*
 * Seeded random descriptions and frames, each frame in a buffer of its
 * exact length and each header with a guard after it: always 0, -EINVAL
 * or -EMSGSIZE, never a byte written past the header or read past the
 * frame (KASAN), and a header built says what it was given.
 */
static void b43_txhdr_build_random(struct kunit *test)
{
	static const u8 rates[] = { 2, 4, 11, 22, 12, 18, 24, 36, 48, 72, 96,
				    108, 0, 1, 3, 255 };
	struct rnd_state rnd;
	unsigned int n, built = 0, refused = 0;
	u16 p1k[5] = {};
	u8 prot[16] = {};

	prandom_seed_state(&rnd, BUILD_RANDOM_SEED);
	kunit_info(test, "seed %#llx, %u descriptions\n", BUILD_RANDOM_SEED,
		   BUILD_RANDOM_RUNS);
	for (n = 0; n < BUILD_RANDOM_RUNS; n++) {
		u32 r = prandom_u32_state(&rnd);
		unsigned int len = prandom_u32_state(&rnd) % 5000;
		/* 0-2 name the formats, 3 none: guard after the largest */
		enum b43_firmware_hdr_format format = r & 3;
		const struct b43_txhdr_layout *l = b43_txhdr_layout(format) ?:
			b43_txhdr_layout(B43_FW_HDR_598);
		struct b43_txhdr_desc d = {};
		u8 *frame = kmalloc(len ? len : 1, GFP_KERNEL);
		u8 *hdr = kmalloc(l->size + 8, GFP_KERNEL);
		unsigned int i, guard = 0;
		int err;

		KUNIT_ASSERT_NOT_NULL(test, frame);
		KUNIT_ASSERT_NOT_NULL(test, hdr);
		prandom_bytes_state(&rnd, frame, len);
		memset(hdr, 0x5a, l->size + 8);
		d.frame = frame;
		d.len = len;
		d.format = format;
		d.flags = prandom_u32_state(&rnd);
		d.cookie = prandom_u32_state(&rnd);
		d.phy_type = (r >> 2) & 0xf;
		d.antenna = (r >> 6) % 6;
		d.rate = rates[(r >> 9) & 15];
		d.rate_fb = rates[(r >> 13) & 15];
		d.rts_rate = rates[(r >> 17) & 15];
		d.rts_frame = (r >> 21) & 7 ? prot : NULL;
		d.key_alg = (r >> 24) & 7;
		d.tkip_p1k = (r >> 27) & 7 ? p1k : NULL;
		d.iv_len = prandom_u32_state(&rnd) % 24;
		d.icv_len = prandom_u32_state(&rnd) % 24;

		err = b43_txhdr_build(hdr, &d);
		for (i = 0; i < 8; i++)
			guard += hdr[l->size + i] != 0x5a;
		KUNIT_EXPECT_EQ_MSG(test, guard, 0, "run %u: past the header",
				    n);
		KUNIT_EXPECT_TRUE_MSG(test, !err || err == -EINVAL ||
				      err == -EMSGSIZE, "run %u: %d", n, err);
		if (!err) {
			built++;
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le16(hdr +
								     l->cookie),
					    d.cookie, "run %u", n);
			KUNIT_EXPECT_MEMEQ_MSG(test, hdr + OFF_RECEIVER,
					       frame + 4, ETH_ALEN, "run %u",
					       n);
		} else {
			refused++;
		}
		kfree(frame);
		kfree(hdr);
	}
	kunit_info(test, "%u built, %u refused\n", built, refused);
	KUNIT_EXPECT_GT(test, built, 0);
	KUNIT_EXPECT_GT(test, refused, 0);
}

static struct kunit_case b43_txhdr_build_test_cases[] = {
	KUNIT_CASE_PARAM(b43_txhdr_build_rate, build_rates_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_fallback, build_rates_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_fields, build_formats_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_flag, build_flags_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_antenna, build_antennas_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_protection, build_prots_gen_params),
	KUNIT_CASE(b43_calc_fallback_rate_all),
	KUNIT_CASE_PARAM(b43_txhdr_build_phy_ctl1, build_rates_gen_params),
	KUNIT_CASE(b43_txhdr_build_gphy_no_ctl1),
	KUNIT_CASE_PARAM(b43_txhdr_build_key, build_keys_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_key_truncated, build_keys_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_build_bad, build_bads_gen_params),
	KUNIT_CASE(b43_txhdr_build_longest),
	KUNIT_CASE(b43_txhdr_build_short_frame),
	KUNIT_CASE(b43_txhdr_build_unknown_format),
	KUNIT_CASE_PARAM(b43_txhdr_build_only_its_bytes,
			 build_formats_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_dur_fb_own_cases, dur_cases_gen_params),
	KUNIT_CASE(b43_txhdr_build_random),
	{}
};

static struct kunit_suite b43_txhdr_build_test_suite = {
	.name = "b43_txhdr_build",
	.test_cases = b43_txhdr_build_test_cases,
};

kunit_test_suite(b43_txhdr_build_test_suite);
