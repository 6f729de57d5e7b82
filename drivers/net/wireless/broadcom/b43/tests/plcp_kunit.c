// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the PLCP header helpers of xmit.c
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * Where the expected values come from (never from the code under test):
 *
 * [OFDM]  IEEE Std 802.11-2016, 17.3.4 "SIGNAL field": bits 0-3 RATE (R1
 *         transmitted first, Table 17-6 "Contents of the SIGNAL field"),
 *         bit 4 reserved (0), bits 5-16 LENGTH in octets (LSB first), bit 17
 *         even parity over bits 0-16, bits 18-23 SIGNAL TAIL.  Broadcom's
 *         brcmsmac (brcms_c_compute_ofdm_plcp(), rate_info[]) writes the same
 *         RATE values and leaves parity and tail to the hardware.
 * [CCK]   IEEE Std 802.11-2016, 16.2.3 (HR/DSSS PPDU): SIGNAL is the rate in
 *         units of 100 kbit/s; SERVICE bit 2 "locked clocks", bit 7 "length
 *         extension"; LENGTH is the PSDU duration in microseconds,
 *         LENGTH = ceil(octets * 8 / R), and at 11 Mbit/s the extension bit
 *         is 1 when LENGTH - octets * 8 / 11 >= 8/11; a receiver recovers
 *         octets = floor(LENGTH * R / 8) - extension.  The CRC-16 after
 *         LENGTH is the hardware's: brcmsmac's brcms_c_cck_plcp_set() writes
 *         it as zero, as b43 does, and sets D11B_PLCP_SIGNAL_LOCKED (bit 2).
 * [BCM]   The b43 hardware documentation, bcm-v4 "DummyTransmission": the
 *         PLCP of a 14-octet ACK is CC 01 02 (OFDM, 54 Mbit/s; 02 is the
 *         parity bit, which that path computes itself) and 6E 84 0B 00 (CCK,
 *         11 Mbit/s).
 * [RATES] The rate index b43 hands to mac80211 is the position in the band's
 *         bitrate table in main.c: 1, 2, 5.5, 11, 6, 9, ... 54 Mbit/s on
 *         2 GHz, 6 ... 54 Mbit/s on 5 GHz.
 *
 * Hardware-owned fields (OFDM parity, tail and SERVICE; the CCK CRC) are
 * not asserted: b43 leaves them zero and the MAC fills them in.
 */
#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/math.h>
#include <linux/string.h>

#include "../xmit.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

struct plcp_rate {
	const char *desc;
	unsigned int kbit100;	/* rate in units of 100 kbit/s */
	const char *rate_bits;	/* OFDM: R1 R2 R3 R4 of Table 17-6 */
	int idx_2ghz;		/* [RATES] */
	int idx_5ghz;		/* [RATES]; -1: not a 5 GHz rate */
};

static const struct plcp_rate plcp_cck_rates[] = {
	{ "1M CCK: SIGNAL 0x0a",   10, NULL, 0, -1 },
	{ "2M CCK: SIGNAL 0x14",   20, NULL, 1, -1 },
	{ "5.5M CCK: SIGNAL 0x37", 55, NULL, 2, -1 },
	{ "11M CCK: SIGNAL 0x6e", 110, NULL, 3, -1 },
};

static const struct plcp_rate plcp_ofdm_rates[] = {
	{ "6M OFDM: RATE R1-R4 1101",   60, "1101",  4, 0 },
	{ "9M OFDM: RATE R1-R4 1111",   90, "1111",  5, 1 },
	{ "12M OFDM: RATE R1-R4 0101", 120, "0101",  6, 2 },
	{ "18M OFDM: RATE R1-R4 0111", 180, "0111",  7, 3 },
	{ "24M OFDM: RATE R1-R4 1001", 240, "1001",  8, 4 },
	{ "36M OFDM: RATE R1-R4 1011", 360, "1011",  9, 5 },
	{ "48M OFDM: RATE R1-R4 0001", 480, "0001", 10, 6 },
	{ "54M OFDM: RATE R1-R4 0011", 540, "0011", 11, 7 },
};

KUNIT_ARRAY_PARAM_DESC(plcp_cck_rates, plcp_cck_rates, desc);
KUNIT_ARRAY_PARAM_DESC(plcp_ofdm_rates, plcp_ofdm_rates, desc);

/* The driver's rate argument is in units of 500 kbit/s. */
static u8 b43_rate(const struct plcp_rate *r)
{
	return r->kbit100 / 5;
}

/* Table 17-6 lists R1 first; R1 is transmitted first, i.e. bit 0. */
static u8 ofdm_rate_bits(const char *r1r4)
{
	u8 v = 0;
	int i;

	for (i = 0; i < 4; i++)
		if (r1r4[i] == '1')
			v |= BIT(i);
	return v;
}

static const struct plcp_rate *plcp_rate_of(unsigned int b43rate)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plcp_cck_rates); i++)
		if (b43_rate(&plcp_cck_rates[i]) == b43rate)
			return &plcp_cck_rates[i];
	for (i = 0; i < ARRAY_SIZE(plcp_ofdm_rates); i++)
		if (b43_rate(&plcp_ofdm_rates[i]) == b43rate)
			return &plcp_ofdm_rates[i];
	return NULL;
}

/* Lengths (octets, FCS included) each header case is built for. */
static const u16 plcp_lengths[] = {
	0, 1, 2, 3, 10, 14, 24, 255, 256, 1023, 1024, 1025, 1026, 1500,
	2304, 2346, 4000, 4095,
};

static void b43_plcp_get_ratecode_ofdm_rates(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_plcp_get_ratecode_ofdm(b43_rate(r)),
			ofdm_rate_bits(r->rate_bits));
}

static void b43_plcp_get_ratecode_cck_rates(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;

	KUNIT_EXPECT_EQ(test, b43_plcp_get_ratecode_cck(b43_rate(r)),
			r->kbit100);
}

/* Every other value of the rate argument names no rate: 0, quietly. */
static void b43_plcp_get_ratecode_unknown(struct kunit *test)
{
	unsigned int v;

	for (v = 0; v < 256; v++) {
		const struct plcp_rate *r = plcp_rate_of(v);

		if (!r || !r->rate_bits)
			KUNIT_EXPECT_EQ_MSG(test, b43_plcp_get_ratecode_ofdm(v),
					    0, "rate argument %u", v);
		if (!r || r->rate_bits)
			KUNIT_EXPECT_EQ_MSG(test, b43_plcp_get_ratecode_cck(v),
					    0, "rate argument %u", v);
	}
}

/* [OFDM]: the SIGNAL field as bits 0-16 of a little-endian word. */
static u32 ofdm_signal(u8 rate_bits, u16 octets)
{
	return rate_bits | ((u32)octets << 5);	/* bit 4 reserved: 0 */
}

static void b43_generate_plcp_hdr_ofdm(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plcp_lengths); i++) {
		u16 n = plcp_lengths[i];
		struct b43_plcp_hdr4 h = {};
		u32 want = ofdm_signal(ofdm_rate_bits(r->rate_bits), n);

		b43_generate_plcp_hdr(&h, n, b43_rate(r));
		/* Bytes in transmit order; bits 17-23 belong to the MAC. */
		KUNIT_EXPECT_EQ_MSG(test, h.raw[0], want & 0xff, "%u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, h.raw[1], (want >> 8) & 0xff,
				    "%u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, h.raw[2] & 0x01, (want >> 16) & 0x01,
				    "%u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, h.raw[0] & BIT(4), 0,
				    "reserved bit, %u octets", n);
	}
}

/* [CCK]: LENGTH and the extension bit, in integers scaled by 11. */
static void cck_length(unsigned int kbit100, u16 octets, u32 *length,
		       bool *ext)
{
	/* LENGTH' = octets * 8 / R microseconds, R = kbit100 / 10 Mbit/s */
	u32 num = (u32)octets * 80, den = kbit100;

	*length = DIV_ROUND_UP(num, den);
	/* LENGTH - LENGTH' >= 8/11  <=>  11 * (LENGTH * den - num) >= 8 * den */
	*ext = kbit100 == 110 && 11 * (*length * den - num) >= 8 * den;
}

/* [CCK] receiver side: octets = floor(LENGTH * R / 8) - extension. */
static u32 cck_octets(unsigned int kbit100, u32 length, bool ext)
{
	return (length * kbit100) / 80 - ext;
}

static void b43_generate_plcp_hdr_cck(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(plcp_lengths); i++) {
		u16 n = plcp_lengths[i];
		struct b43_plcp_hdr4 h = {};
		u32 len;
		bool ext;

		cck_length(r->kbit100, n, &len, &ext);
		b43_generate_plcp_hdr(&h, n, b43_rate(r));
		KUNIT_EXPECT_EQ_MSG(test, h.raw[0], r->kbit100, "%u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, h.raw[1], BIT(2) | (ext ? BIT(7) : 0),
				    "SERVICE, %u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, h.raw[2] | (h.raw[3] << 8), len,
				    "LENGTH, %u octets", n);
		KUNIT_EXPECT_EQ_MSG(test, cck_octets(r->kbit100,
						     h.raw[2] | (h.raw[3] << 8),
						     h.raw[1] & BIT(7)), n,
				    "receiver's octet count, %u octets", n);
	}
}

struct plcp_cck_example {
	const char *desc;
	u16 octets;
	u16 length;
	bool ext;
};

/* IEEE 802.11 HR/DSSS, the worked LENGTH examples at 11 Mbit/s. */
static const struct plcp_cck_example plcp_cck_examples[] = {
	{ "11M, 1023 octets: LENGTH 744, no extension", 1023, 744, false },
	{ "11M, 1024 octets: LENGTH 745, no extension", 1024, 745, false },
	{ "11M, 1025 octets: LENGTH 746, no extension", 1025, 746, false },
	{ "11M, 1026 octets: LENGTH 747, extension",   1026, 747, true },
};

KUNIT_ARRAY_PARAM_DESC(plcp_cck_examples, plcp_cck_examples, desc);

static void b43_generate_plcp_hdr_cck_examples(struct kunit *test)
{
	const struct plcp_cck_example *e = test->param_value;
	struct b43_plcp_hdr4 h = {};

	b43_generate_plcp_hdr(&h, e->octets, B43_CCK_RATE_11MB);
	KUNIT_EXPECT_EQ(test, h.raw[0], 0x6e);
	KUNIT_EXPECT_EQ(test, h.raw[1], 0x04 | (e->ext ? 0x80 : 0));
	KUNIT_EXPECT_EQ(test, h.raw[2] | (h.raw[3] << 8), e->length);
}

/* [BCM]: the documented dummy-transmission headers of a 14-octet ACK. */
static void b43_generate_plcp_hdr_bcm_dummy_ack(struct kunit *test)
{
	static const u8 ofdm[] = { 0xcc, 0x01, 0x02 };
	static const u8 cck[] = { 0x6e, 0x84, 0x0b, 0x00 };
	struct b43_plcp_hdr4 h = {};

	b43_generate_plcp_hdr(&h, 14, B43_OFDM_RATE_54MB);
	KUNIT_EXPECT_EQ(test, h.raw[0], ofdm[0]);
	KUNIT_EXPECT_EQ(test, h.raw[1], ofdm[1]);
	/* Only bit 16 (LENGTH) is ours; bit 17 is the parity. */
	KUNIT_EXPECT_EQ(test, h.raw[2] & 0x01, ofdm[2] & 0x01);

	memset(&h, 0, sizeof(h));
	b43_generate_plcp_hdr(&h, 14, B43_CCK_RATE_11MB);
	KUNIT_EXPECT_MEMEQ(test, h.raw, cck, sizeof(cck));
}

/* No rate code, or no room in LENGTH: all four bytes zero. */
static void b43_generate_plcp_hdr_no_rate(struct kunit *test)
{
	unsigned int v;

	for (v = 0; v < 256; v++) {
		struct b43_plcp_hdr4 h;

		if (plcp_rate_of(v))
			continue;
		memset(&h, 0xff, sizeof(h));
		b43_generate_plcp_hdr(&h, 100, v);
		KUNIT_EXPECT_EQ_MSG(test, le32_to_cpu(h.data), 0,
				    "rate argument %u", v);
	}
}

static void b43_generate_plcp_hdr_too_long(struct kunit *test)
{
	struct b43_plcp_hdr4 h;

	/* OFDM LENGTH has 12 bits: 4096 octets do not fit. */
	memset(&h, 0xff, sizeof(h));
	b43_generate_plcp_hdr(&h, 4096, B43_OFDM_RATE_6MB);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(h.data), 0);
	memset(&h, 0xff, sizeof(h));
	b43_generate_plcp_hdr(&h, 0xffff, B43_OFDM_RATE_54MB);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(h.data), 0);

	/* CCK LENGTH has 16 bits of microseconds: 8192 octets at 1M are 65536. */
	memset(&h, 0xff, sizeof(h));
	b43_generate_plcp_hdr(&h, 8192, B43_CCK_RATE_1MB);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(h.data), 0);

	/* ... while 8191 octets, 65528 us, still do. */
	memset(&h, 0, sizeof(h));
	b43_generate_plcp_hdr(&h, 8191, B43_CCK_RATE_1MB);
	KUNIT_EXPECT_EQ(test, h.raw[2] | (h.raw[3] << 8), 65528);
}

/* RX: a CCK SIGNAL byte gives the 2 GHz rate index, or -1. */
static void b43_plcp_get_bitrate_idx_cck_all(struct kunit *test)
{
	unsigned int v, i;

	for (v = 0; v < 256; v++) {
		struct b43_plcp_hdr6 h;
		int want = -1;

		memset(&h, 0xff, sizeof(h));	/* only SIGNAL may matter */
		h.raw[0] = v;
		for (i = 0; i < ARRAY_SIZE(plcp_cck_rates); i++)
			if (plcp_cck_rates[i].kbit100 == v)
				want = plcp_cck_rates[i].idx_2ghz;
		KUNIT_EXPECT_EQ_MSG(test, b43_plcp_get_bitrate_idx_cck(&h), want,
				    "SIGNAL 0x%02x", v);
	}
}

/* RX: OFDM RATE bits give the band's rate index, or -1. */
static void b43_plcp_get_bitrate_idx_ofdm_all(struct kunit *test)
{
	unsigned int v, i;

	for (v = 0; v < 256; v++) {
		struct b43_plcp_hdr6 h;
		int want2 = -1, want5 = -1;

		memset(&h, 0xa5, sizeof(h));
		h.raw[0] = v;	/* bits 4-7 are the reserved bit and LENGTH */
		for (i = 0; i < ARRAY_SIZE(plcp_ofdm_rates); i++) {
			const struct plcp_rate *r = &plcp_ofdm_rates[i];

			if (ofdm_rate_bits(r->rate_bits) == (v & 0xf)) {
				want2 = r->idx_2ghz;
				want5 = r->idx_5ghz;
			}
		}
		KUNIT_EXPECT_EQ_MSG(test, b43_plcp_get_bitrate_idx_ofdm(&h, false),
				    want2, "2 GHz, byte 0x%02x", v);
		KUNIT_EXPECT_EQ_MSG(test, b43_plcp_get_bitrate_idx_ofdm(&h, true),
				    want5, "5 GHz, byte 0x%02x", v);
	}
}

/* What the TX side encodes, the RX side reads back as the same rate. */
static void b43_plcp_round_trip_cck(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;
	struct b43_plcp_hdr6 h = {};

	b43_generate_plcp_hdr((struct b43_plcp_hdr4 *)&h, 1500, b43_rate(r));
	KUNIT_EXPECT_EQ(test, b43_plcp_get_bitrate_idx_cck(&h), r->idx_2ghz);
}

static void b43_plcp_round_trip_ofdm(struct kunit *test)
{
	const struct plcp_rate *r = test->param_value;
	struct b43_plcp_hdr6 h = {};

	b43_generate_plcp_hdr((struct b43_plcp_hdr4 *)&h, 1500, b43_rate(r));
	KUNIT_EXPECT_EQ(test, b43_plcp_get_bitrate_idx_ofdm(&h, false),
			r->idx_2ghz);
	KUNIT_EXPECT_EQ(test, b43_plcp_get_bitrate_idx_ofdm(&h, true),
			r->idx_5ghz);
}

static struct kunit_case b43_plcp_test_cases[] = {
	KUNIT_CASE_PARAM(b43_plcp_get_ratecode_ofdm_rates,
			 plcp_ofdm_rates_gen_params),
	KUNIT_CASE_PARAM(b43_plcp_get_ratecode_cck_rates,
			 plcp_cck_rates_gen_params),
	KUNIT_CASE(b43_plcp_get_ratecode_unknown),
	KUNIT_CASE_PARAM(b43_generate_plcp_hdr_ofdm, plcp_ofdm_rates_gen_params),
	KUNIT_CASE_PARAM(b43_generate_plcp_hdr_cck, plcp_cck_rates_gen_params),
	KUNIT_CASE_PARAM(b43_generate_plcp_hdr_cck_examples,
			 plcp_cck_examples_gen_params),
	KUNIT_CASE(b43_generate_plcp_hdr_bcm_dummy_ack),
	KUNIT_CASE(b43_generate_plcp_hdr_no_rate),
	KUNIT_CASE(b43_generate_plcp_hdr_too_long),
	KUNIT_CASE(b43_plcp_get_bitrate_idx_cck_all),
	KUNIT_CASE(b43_plcp_get_bitrate_idx_ofdm_all),
	KUNIT_CASE_PARAM(b43_plcp_round_trip_cck, plcp_cck_rates_gen_params),
	KUNIT_CASE_PARAM(b43_plcp_round_trip_ofdm, plcp_ofdm_rates_gen_params),
	{}
};

static struct kunit_suite b43_plcp_test_suite = {
	.name = "b43_plcp",
	.test_cases = b43_plcp_test_cases,
};

kunit_test_suite(b43_plcp_test_suite);
