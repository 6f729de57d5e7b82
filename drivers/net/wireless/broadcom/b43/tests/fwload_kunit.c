// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: microcode, PCM and initial values through main.c, on the
 * virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * b43_upload_microcode() and b43_write_initvals() run unchanged on a probed
 * virtual core (vcore.c), which records what reaches the device.  Where the
 * expected values come from:
 *
 * [FWC]   b43-fwcutter (fwcutter.c write_file(), build_ivs()): an 8-byte
 *         header {type 'u'/'p'/'i', version 1, 2 pad bytes, be32 size};
 *         microcode and PCM are be32 words; initial values are a be16
 *         offset with bit 15 set for a be32 value, else a be16 value.
 * [OBJ]   bcm-v4 "ObjectMemory": the microcode memory holds the image word
 *         by word from address 0; the microcode reports its revision at
 *         shared memory byte 0.
 * [PCM]   bwn_fw_loaducode() (FreeBSD): PCM words go through internal
 *         hardware register 0x1EB after 0x1EA is set to 0x4000.
 * [MMIO]  bcm-v4 "MMIO": MAC control 0x120 bit 1 runs the microcode (PSM),
 *         bit 2 holds it at address 0.
 * [REV]   6.12's b43_upload_microcode(): revisions up to 0x128 come from
 *         Broadcom drivers older than 4.x and are not run.
 */
#include <kunit/test.h>
#include <linux/firmware.h>
#include <linux/prandom.h>
#include <linux/unaligned.h>

#include "../b43.h"
#include "../main.h"
#include "fwfile_kunit.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define HDR		8
#define MACCTL		0x120	/* [MMIO] */
#define PSM_RUN		BIT(1)
#define PSM_JMP0	BIT(2)
#define SEED		0xb43f0001ULL

/* [FWC] an image of @words random words */
static u8 *image(struct kunit *test, u8 type, u32 words,
		 struct rnd_state *rnd)
{
	u8 *b = b43_kunit_fw_file(test, type, 1, words * 4, words * 4);
	u32 i;

	for (i = 0; i < words; i++)
		put_unaligned_be32(prandom_u32_state(rnd), b + HDR + 4 * i);
	return b;
}

/* Hand a file to the driver as if b43_do_request_fw() had loaded it */
static void give(struct kunit *test, struct b43_firmware_file *f,
		 const u8 *file, size_t size)
{
	const struct firmware *fw = b43_vcore_firmware(file, size);

	KUNIT_ASSERT_NOT_NULL(test, fw);
	release_firmware(f->data);
	f->data = fw;
	f->filename = "kunit";
	f->type = B43_FWTYPE_PROPRIETARY;
}

static struct b43_vcore *probed(struct kunit *test,
				const struct b43_vcore_cfg *cfg)
{
	struct b43_vcore *vc = b43_vcore_new(test, cfg);

	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	return vc;
}

/* Microcode and PCM reach the core word for word; the microcode runs */
static void upload_microcode_words(struct kunit *test)
{
	struct b43_vcore *vc = probed(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	const u32 nu = 1000, np = 300;
	struct rnd_state rnd;
	u8 *ucode, *pcm;
	u32 i;

	kunit_info(test, "seed %#llx\n", SEED);
	prandom_seed_state(&rnd, SEED);
	ucode = image(test, 'u', nu, &rnd);
	pcm = image(test, 'p', np, &rnd);
	give(test, &dev->fw.ucode, ucode, HDR + 4 * nu);
	give(test, &dev->fw.pcm, pcm, HDR + 4 * np);

	KUNIT_ASSERT_EQ(test, b43_upload_microcode(dev), 0);

	for (i = 0; i < nu; i++)
		KUNIT_ASSERT_EQ_MSG(test,
				    b43_vcore_obj_word(vc, B43_VCORE_OBJ_UCODE, i),
				    get_unaligned_be32(ucode + HDR + 4 * i),
				    "microcode word %u", i);
	KUNIT_EXPECT_EQ(test, b43_vcore_obj_word(vc, B43_VCORE_OBJ_UCODE, nu),
			0);
	KUNIT_ASSERT_EQ(test, vc->pcm_len, np);
	for (i = 0; i < np; i++)
		KUNIT_ASSERT_EQ_MSG(test, vc->pcm[i],
				    get_unaligned_be32(pcm + HDR + 4 * i),
				    "PCM word %u", i);
	KUNIT_EXPECT_EQ(test, b43_vcore_obj_word(vc, B43_VCORE_OBJ_IHR, 0x1EA),
			0x4000);				/* [PCM] */
	KUNIT_EXPECT_EQ(test, vc->psm_starts, 1);
	KUNIT_EXPECT_TRUE(test, b43_vcore_reg32(vc, MACCTL) & PSM_RUN);
	KUNIT_EXPECT_FALSE(test, b43_vcore_reg32(vc, MACCTL) & PSM_JMP0);
	KUNIT_EXPECT_EQ(test, dev->fw.rev, 410);
	KUNIT_EXPECT_EQ(test, dev->fw.patch, 2160);
	KUNIT_EXPECT_STREQ(test, dev->wl->hw->wiphy->fw_version, "410.2160");
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
	KUNIT_EXPECT_EQ(test, vc->log_lost, 0);
}

struct bad_file {
	const char *desc;
	bool pcm;	/* the PCM file is bad, the microcode good */
	u8 type;
	u8 ver;
	u32 size_field;
	u32 len;
};

static const struct bad_file bad_files[] = {
	{ "microcode typed 'p' [FWC]", false, 'p', 1, 8, 8 },
	{ "microcode typed 'i' [FWC]", false, 'i', 1, 8, 8 },
	{ "microcode version 2 [FWC]", false, 'u', 2, 8, 8 },
	{ "microcode size field 12, 8 bytes follow", false, 'u', 1, 12, 8 },
	{ "microcode size field 4, 8 bytes follow", false, 'u', 1, 4, 8 },
	{ "microcode of 6 bytes: not whole words", false, 'u', 1, 6, 6 },
	{ "microcode of no words", false, 'u', 1, 0, 0 },
	{ "PCM typed 'u' [FWC]", true, 'u', 1, 8, 8 },
	{ "PCM size field 0xFFFFFFFF", true, 'p', 1, 0xFFFFFFFF, 8 },
};

/* A file the firmware-file unit refuses: -EPROTO and no register write */
static void upload_microcode_refused(struct kunit *test)
{
	struct b43_vcore *vc = probed(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	struct rnd_state rnd;
	unsigned int i;

	prandom_seed_state(&rnd, SEED);
	for (i = 0; i < ARRAY_SIZE(bad_files); i++) {
		const struct bad_file *p = &bad_files[i];
		u8 *bad = b43_kunit_fw_file(test, p->type, p->ver, p->size_field, p->len);

		release_firmware(dev->fw.pcm.data);
		dev->fw.pcm.data = NULL;
		if (p->pcm) {
			give(test, &dev->fw.ucode, image(test, 'u', 4, &rnd),
			     HDR + 16);
			give(test, &dev->fw.pcm, bad, HDR + p->len);
		} else {
			give(test, &dev->fw.ucode, bad, HDR + p->len);
		}
		b43_vcore_log_clear(vc);

		KUNIT_EXPECT_EQ_MSG(test, b43_upload_microcode(dev), -EPROTO,
				    "%s", p->desc);
		KUNIT_EXPECT_EQ_MSG(test, vc->log_len, 0, "%s", p->desc);
		KUNIT_EXPECT_EQ_MSG(test, vc->psm_starts, 0, "%s", p->desc);
	}
}

/*
 * [REV] 0x128 is refused and the microcode stopped again: PSM run clear,
 * held at 0; 0x129, the oldest revision b43 runs, is kept running.
 */
static void upload_microcode_revision(struct kunit *test)
{
	static const struct { u16 rev; int err; } revs[] = {
		{ 0x0000, -EOPNOTSUPP }, { 0x0128, -EOPNOTSUPP }, { 0x0129, 0 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(revs); i++) {
		struct b43_vcore_cfg cfg = b43_vcore_bcm4318;
		struct b43_vcore *vc;
		struct b43_wldev *dev;
		struct rnd_state rnd;
		u32 macctl;

		cfg.fw_rev = revs[i].rev;
		vc = probed(test, &cfg);
		dev = b43_vcore_wldev(vc);
		prandom_seed_state(&rnd, SEED);
		give(test, &dev->fw.ucode, image(test, 'u', 4, &rnd), HDR + 16);

		KUNIT_EXPECT_EQ_MSG(test, b43_upload_microcode(dev),
				    revs[i].err, "revision %#x", revs[i].rev);
		macctl = b43_vcore_reg32(vc, MACCTL);
		KUNIT_EXPECT_EQ_MSG(test, !!(macctl & PSM_RUN), !revs[i].err,
				    "revision %#x", revs[i].rev);
		KUNIT_EXPECT_EQ_MSG(test, !!(macctl & PSM_JMP0), !!revs[i].err,
				    "revision %#x", revs[i].rev);
	}
}

/* A microcode that never answers: -ENODEV and the PSM stopped */
static void upload_microcode_silent(struct kunit *test)
{
	struct b43_vcore_cfg cfg = b43_vcore_bcm4318;
	struct b43_vcore *vc;
	struct b43_wldev *dev;
	struct rnd_state rnd;

	cfg.fw_silent = true;
	vc = probed(test, &cfg);
	dev = b43_vcore_wldev(vc);
	prandom_seed_state(&rnd, SEED);
	give(test, &dev->fw.ucode, image(test, 'u', 4, &rnd), HDR + 16);

	KUNIT_EXPECT_EQ(test, b43_upload_microcode(dev), -ENODEV);
	KUNIT_EXPECT_FALSE(test, b43_vcore_reg32(vc, MACCTL) & PSM_RUN);
	KUNIT_EXPECT_TRUE(test, b43_vcore_reg32(vc, MACCTL) & PSM_JMP0);
}

/* [FWC] an initial-values file of @n entries {offset | 32-bit flag, value} */
static u8 *iv_file(struct kunit *test, const u16 *os, const u32 *val,
		   unsigned int n, size_t *size)
{
	size_t len = 0, pos = HDR;
	unsigned int i;
	u8 *b;

	for (i = 0; i < n; i++)
		len += 2 + ((os[i] & 0x8000) ? 4 : 2);
	b = b43_kunit_fw_file(test, 'i', 1, n, len);
	for (i = 0; i < n; i++) {
		put_unaligned_be16(os[i], b + pos);
		if (os[i] & 0x8000)
			put_unaligned_be32(val[i], b + pos + 2);
		else
			put_unaligned_be16(val[i], b + pos + 2);
		pos += 2 + ((os[i] & 0x8000) ? 4 : 2);
	}
	*size = pos;
	return b;
}

/*
 * Every value reaches its register, in the file's order, with its width;
 * registers chosen away from those with side effects (0x120..0x12F,
 * 0x160..0x167, 0x3E0..0x3FF).
 */
static void write_initvals_registers(struct kunit *test)
{
	static const u16 os[] = { 0x0400, 0x8404, 0x0402, 0x8FF8, 0x0FFE,
				  0x8000 };
	static const u32 val[] = { 0x1234, 0xDEADBEEF, 0xABCD, 0x01020304,
				   0x5A5A, 0xCAFEF00D };
	struct b43_vcore *vc = probed(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	size_t size;
	u8 *f = iv_file(test, os, val, ARRAY_SIZE(os), &size);
	unsigned int i;

	give(test, &dev->fw.initvals, f, size);
	b43_vcore_log_clear(vc);

	KUNIT_ASSERT_EQ(test, b43_write_initvals(dev, &dev->fw.initvals), 0);
	KUNIT_ASSERT_EQ(test, vc->log_len, ARRAY_SIZE(os));
	for (i = 0; i < ARRAY_SIZE(os); i++) {
		u16 off = os[i] & 0x7FFF;
		u8 width = (os[i] & 0x8000) ? 4 : 2;

		KUNIT_EXPECT_EQ_MSG(test, vc->log[i].offset, off, "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, vc->log[i].width, width, "entry %u", i);
		KUNIT_EXPECT_EQ_MSG(test, vc->log[i].value, val[i], "entry %u", i);
		if (width == 4)
			KUNIT_EXPECT_EQ(test, b43_vcore_reg32(vc, off), val[i]);
		else
			KUNIT_EXPECT_EQ(test, b43_vcore_reg16(vc, off), val[i]);
	}
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

struct bad_iv {
	const char *desc;
	u16 os1;	/* the second entry; the first is a good 16-bit one */
};

static const struct bad_iv bad_ivs[] = {
	{ "32-bit value at 0xFFE runs past the 0x1000 window", 0x8FFE },
	{ "16-bit value at 0x1000, outside the window", 0x1000 },
	{ "32-bit value at 0x402: misaligned", 0x8402 },
	{ "16-bit value at 0x401: misaligned", 0x0401 },
};

/*
 * A file with a good first value and a bad second one is refused whole:
 * -EPROTO and not even the first value written.
 */
static void write_initvals_refused(struct kunit *test)
{
	static const u32 val[] = { 0x1111, 0x22222222 };
	struct b43_vcore *vc = probed(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad_ivs); i++) {
		const u16 os[] = { 0x0400, bad_ivs[i].os1 };
		size_t size;
		u8 *f = iv_file(test, os, val, ARRAY_SIZE(os), &size);

		give(test, &dev->fw.initvals, f, size);
		b43_vcore_log_clear(vc);

		KUNIT_EXPECT_EQ_MSG(test,
				    b43_write_initvals(dev, &dev->fw.initvals),
				    -EPROTO, "%s", bad_ivs[i].desc);
		KUNIT_EXPECT_EQ_MSG(test, vc->log_len, 0, "%s", bad_ivs[i].desc);
	}
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

static struct kunit_case b43_drv_firmware_cases[] = {
	KUNIT_CASE(upload_microcode_words),
	KUNIT_CASE(upload_microcode_refused),
	KUNIT_CASE(upload_microcode_revision),
	KUNIT_CASE_SLOW(upload_microcode_silent),
	KUNIT_CASE(write_initvals_registers),
	KUNIT_CASE(write_initvals_refused),
	{}
};

static struct kunit_suite b43_drv_firmware_suite = {
	.name = "b43_drv_firmware",
	.test_cases = b43_drv_firmware_cases,
};

kunit_test_suite(b43_drv_firmware_suite);
