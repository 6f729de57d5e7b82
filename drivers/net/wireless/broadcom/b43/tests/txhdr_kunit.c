// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the TX header layout unit (txhdr.c)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [TX351] The b43 hardware documentation, bcm-v4 "802.11/TX", "Transmit
 *         Header Layout for ucode rev 351": MAC TX control 0x00 (4 bytes),
 *         frame control copy 0x04, TX FES time 0x06, PHY TX control word
 *         0x08, PHY TX control word 1 0x0A (fallback 0x0C, RTS 0x0E, RTS
 *         fallback 0x10), PHY rates 0x12, extra frame types 0x14, IV 0x16
 *         (16 bytes), receiver address 0x26 (6), FES time fallback 0x2C, RTS
 *         PLCP fallback 0x2E (6), RTS duration fallback 0x34, PLCP fallback
 *         0x36 (6), duration fallback 0x3C, L-SIG spoof lengths 0x3E and
 *         0x40, timeout 0x42 (4), unused 0x46, TX frame ID (the cookie) 0x48,
 *         TX status 0x4A, RTS PLCP header 0x4C (6), RTS frame 0x52 (16),
 *         unused 0x62: a 0x64-byte header, then the 6-byte PLCP header.
 * [TX410] FreeBSD's bwn (if_bwnvar.h), an independent port: struct
 *         bwn_txhdr, body r410, after the shared fields of [TX351]: MIMO
 *         antenna select 0x46, preload size 0x48, two pad bytes, the cookie
 *         0x4C, TX status 0x4E, RTS PLCP 0x50 (6), RTS frame 0x56 (16), two
 *         pad bytes; bwn_tx_hdrsize(): 104 bytes, then the PLCP header.
 *         (bcm-v4's "for ucode rev 410 and later" table opens with the same
 *         shared fields.)
 * [TX598] Broadcom's brcmsmac (d11.h, struct d11txh, offsets in 16-bit
 *         words): TxFrameID word 0x26 (byte 0x4C), TxStatus 0x27,
 *         RTSPhyHeader 0x2c (byte 0x58), rts_frame 0x2f (byte 0x5E), PAD
 *         0x37; D11_TXH_LEN 112 bytes.  b43 puts its 6-byte PLCP header
 *         right after the 112 bytes.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "../txhdr.h"
#include "../xmit.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

struct txhdr_format {
	const char *desc;
	enum b43_firmware_hdr_format format;
	u8 size, cookie, rts_plcp, rts_frame, plcp;
};

static const struct txhdr_format txhdr_formats[] = {
	/* [TX351] */
	{ "firmware 351: 0x64-byte header + PLCP", B43_FW_HDR_351,
	  0x64 + 6, 0x48, 0x4c, 0x52, 0x64 },
	/* [TX410] */
	{ "firmware 410: 104-byte header + PLCP", B43_FW_HDR_410,
	  104 + 6, 0x4c, 0x50, 0x56, 104 },
	/* [TX598] */
	{ "firmware 598: 112-byte header (D11_TXH_LEN) + PLCP", B43_FW_HDR_598,
	  112 + 6, 0x26 * 2, 0x2c * 2, 0x2f * 2, 112 },
};

KUNIT_ARRAY_PARAM_DESC(txhdr_formats, txhdr_formats, desc);

static void b43_txhdr_layout_offsets(struct kunit *test)
{
	const struct txhdr_format *p = test->param_value;
	const struct b43_txhdr_layout *l = b43_txhdr_layout(p->format);

	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->size, p->size);
	KUNIT_EXPECT_EQ(test, l->cookie, p->cookie);
	KUNIT_EXPECT_EQ(test, l->rts_plcp, p->rts_plcp);
	KUNIT_EXPECT_EQ(test, l->rts_frame, p->rts_frame);
	KUNIT_EXPECT_EQ(test, l->plcp, p->plcp);
	/* Every field lies inside the header; the PLCP header ends it. */
	KUNIT_EXPECT_LE(test, l->cookie + 2, l->size);
	KUNIT_EXPECT_LE(test, l->rts_plcp + 6, l->size);
	KUNIT_EXPECT_LE(test, l->rts_frame + 16, l->size);
	KUNIT_EXPECT_EQ(test, l->plcp + 6, l->size);
}

/* b43_txhdr_size(), which sizes the DMA header cache, agrees. */
static void b43_txhdr_size_matches(struct kunit *test)
{
	const struct txhdr_format *p = test->param_value;
	struct b43_wldev *dev = kunit_kzalloc(test, sizeof(*dev), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, dev);
	dev->fw.hdr_format = p->format;
	KUNIT_EXPECT_EQ(test, b43_txhdr_size(dev), p->size);
}

/*
 * Regression: 6.12's b43_generate_txhdr() cleared sizeof(struct b43_txhdr)
 * (118) bytes whatever the format, into a header cache of 106- or 110-byte
 * entries: it zeroed the start of the next frame's header, and wrote past
 * the allocation for the last one.
 *
 * Two headers of the format side by side, as in the DMA header cache:
 * clearing the first must zero it and leave every byte of the second as
 * it was.  This needs no sanitizer: KASAN checks memset() only where the
 * compiler instruments memory intrinsics (GCC 13 or later, clang), and
 * GCC 12 on x86_64 leaves them unchecked.
 */
static void b43_txhdr_clear_only_its_bytes(struct kunit *test)
{
	const struct txhdr_format *p = test->param_value;
	const struct b43_txhdr_layout *l;
	u8 *buf = kunit_kmalloc(test, 2 * p->size, GFP_KERNEL);
	unsigned int i, wrong = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, 0xa5, 2 * p->size);
	l = b43_txhdr_clear(buf, p->format);
	KUNIT_ASSERT_NOT_NULL(test, l);
	for (i = 0; i < p->size; i++)
		wrong += buf[i] != 0;
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0, "header bytes left set");
	for (wrong = 0; i < 2 * p->size; i++)
		wrong += buf[i] != 0xa5;
	KUNIT_EXPECT_EQ_MSG(test, wrong, 0,
			    "bytes of the next header written");
}

/*
 * The same in a buffer of exactly the format's size, the last entry of the
 * header cache: KASAN reports a write past it where memset() is
 * instrumented (see above).
 */
static void b43_txhdr_clear_exact_size(struct kunit *test)
{
	const struct txhdr_format *p = test->param_value;
	u8 *buf = kunit_kmalloc(test, p->size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_NOT_NULL(test, b43_txhdr_clear(buf, p->format));
	KUNIT_EXPECT_EQ(test, buf[0], 0);
	KUNIT_EXPECT_EQ(test, buf[p->size - 1], 0);
}

/* [TX351]: the fields every format shares. */
static void b43_txhdr_common_offsets(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, mac_ctl), 0x00);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, mac_frame_ctl), 0x04);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, tx_fes_time_norm),
			0x06);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_ctl), 0x08);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_ctl1), 0x0a);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_ctl1_fb), 0x0c);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_ctl1_rts), 0x0e);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_ctl1_rts_fb),
			0x10);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, phy_rate), 0x12);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, extra_ft), 0x14);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, iv), 0x16);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, tx_receiver), 0x26);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, tx_fes_time_fb), 0x2c);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, rts_plcp_fb), 0x2e);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, rts_dur_fb), 0x34);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, plcp_fb), 0x36);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, dur_fb), 0x3c);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, mimo_modelen), 0x3e);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, mimo_ratelen_fb),
			0x40);
	KUNIT_EXPECT_EQ(test, offsetof(struct b43_txhdr, timeout), 0x42);
}

/*
 * A value that names no format gets no layout, and nothing is written.
 * Only 3 is tried: the enum's values 0-2 take two bits, and a larger value
 * in an enum object is itself undefined (and a UBSAN report).
 */
static void b43_txhdr_unknown_format(struct kunit *test)
{
	const enum b43_firmware_hdr_format f = 3;
	u8 buf[8];
	unsigned int j;

	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_NULL(test, b43_txhdr_layout(f));
	KUNIT_EXPECT_NULL(test, b43_txhdr_clear(buf, f));
	for (j = 0; j < sizeof(buf); j++)
		KUNIT_EXPECT_EQ(test, buf[j], 0xa5);
}

static struct kunit_case b43_txhdr_test_cases[] = {
	KUNIT_CASE_PARAM(b43_txhdr_layout_offsets, txhdr_formats_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_size_matches, txhdr_formats_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_clear_only_its_bytes,
			 txhdr_formats_gen_params),
	KUNIT_CASE_PARAM(b43_txhdr_clear_exact_size, txhdr_formats_gen_params),
	KUNIT_CASE(b43_txhdr_common_offsets),
	KUNIT_CASE(b43_txhdr_unknown_format),
	{}
};

static struct kunit_suite b43_txhdr_test_suite = {
	.name = "b43_txhdr",
	.test_cases = b43_txhdr_test_cases,
};

kunit_test_suite(b43_txhdr_test_suite);
