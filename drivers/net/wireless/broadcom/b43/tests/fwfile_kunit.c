// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the firmware file unit (fwfile.c)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [FWC]   b43-fwcutter, which writes these files (fwcutter.c write_file()
 *         and build_ivs(), fwcutter.h struct fw_header): an 8-byte header
 *         {u8 type 'u'/'p'/'i', u8 version FW_HDR_VER = 1, 2 pad bytes,
 *         be32 size}; microcode and PCM: size bytes of image; initial
 *         values: size entries, each a be16 register offset with bit 15
 *         (FW_IV_32BIT) set for a be32 value, else a be16 value.
 * [SSB]   The core's register window: SSB_CORE_SIZE and BCMA_CORE_SIZE,
 *         0x1000 (include/linux/ssb/ssb_regs.h, bcma_regs.h).
 * [OBJ]   bcm-v4 "ObjectMemory": the object control word's address offset
 *         is a 16-bit index of 32-bit words, so an image written through it
 *         holds at most 0x10000 words.
 * [6.12]  The revision rules of 6.12's b43_upload_microcode(): 0x128 and
 *         older unsupported, header format 410 from 410, 598 from 598,
 *         a warning below 410.
 */
#include <kunit/test.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../fwfile.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

#define HDR	8

/* A file of @len payload bytes in a buffer of exactly its size (KASAN) */
static u8 *fw_file(struct kunit *test, u8 type, u8 ver, u32 size_field,
		   size_t len)
{
	u8 *b = kunit_kzalloc(test, HDR + len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	b[0] = type;
	b[1] = ver;
	put_unaligned_be32(size_field, b + 4);
	return b;
}

/* [FWC] an image of @words words, each its index */
static u8 *image(struct kunit *test, u8 type, u32 words)
{
	u8 *b = fw_file(test, type, 1, words * 4, words * 4);
	u32 i;

	for (i = 0; i < words; i++)
		put_unaligned_be32(i, b + HDR + 4 * i);
	return b;
}

/* The field a refusal names; a refusal that names none fails the case */
static void expect_field(struct kunit *test, const char *field,
			 const char *want)
{
	KUNIT_ASSERT_NOT_NULL_MSG(test, field, "no field named, %s expected",
				  want);
	KUNIT_EXPECT_STREQ(test, field, want);
}

struct iv_in {
	u16 offset;
	u8 width;
	u32 value;
};

/* [FWC] build_ivs(): an initial values file of @n entries */
static u8 *iv_file(struct kunit *test, const struct iv_in *iv, u32 n,
		   size_t *size)
{
	size_t len = 0, pos = HDR;
	u32 i;
	u8 *b;

	for (i = 0; i < n; i++)
		len += 2 + iv[i].width;
	b = fw_file(test, 'i', 1, n, len);
	for (i = 0; i < n; i++) {
		put_unaligned_be16(iv[i].offset | (iv[i].width == 4 ? 0x8000 : 0),
				   b + pos);
		if (iv[i].width == 4)
			put_unaligned_be32(iv[i].value, b + pos + 2);
		else
			put_unaligned_be16(iv[i].value, b + pos + 2);
		pos += 2 + iv[i].width;
	}
	*size = HDR + len;
	return b;
}

static const struct iv_in sample_ivs[] = {
	{ 0x0120, 4, 0x00000402 },	/* MACCTL-like 32-bit register */
	{ 0x0400, 2, 0x1234 },
	{ 0x0ffe, 2, 0xbeef },		/* last 16-bit register */
	{ 0x0ffc, 4, 0xdeadbeef },	/* last 32-bit register */
	{ 0x0000, 2, 0x0000 },
};

struct role_case {
	const char *desc;
	enum b43_fw_role role;
	u8 type;
};

static const struct role_case roles[] = {
	{ "microcode: 'u'", B43_FW_ROLE_UCODE, 'u' },
	{ "PCM: 'p'", B43_FW_ROLE_PCM, 'p' },
	{ "initial values: 'i'", B43_FW_ROLE_INITVALS, 'i' },
};

KUNIT_ARRAY_PARAM_DESC(roles, roles, desc);

/* [FWC] a valid image of each size class, largest [OBJ] included */
static void b43_fw_parse_image(struct kunit *test)
{
	static const u32 words[] = { 1, 2, 1000, 0x10000 };
	enum b43_fw_role role;
	struct b43_fw_view v;
	const char *field;
	unsigned int i;

	for (role = B43_FW_ROLE_UCODE; role <= B43_FW_ROLE_PCM; role++) {
		for (i = 0; i < ARRAY_SIZE(words); i++) {
			u8 *b = image(test, role == B43_FW_ROLE_UCODE ? 'u' : 'p',
				      words[i]);

			KUNIT_ASSERT_EQ(test, b43_fw_parse(b, HDR + 4 * words[i],
							   role, &v, &field), 0);
			KUNIT_EXPECT_NULL(test, field);
			KUNIT_EXPECT_PTR_EQ(test, v.data, b + HDR);
			KUNIT_EXPECT_EQ(test, v.len, 4 * words[i]);
			KUNIT_EXPECT_EQ(test, v.count, words[i]);
			KUNIT_EXPECT_EQ(test,
					get_unaligned_be32(v.data +
							   4 * (words[i] - 1)),
					words[i] - 1);
		}
	}
}

/* [OBJ] one word more than the object memory addresses: -EFBIG */
static void b43_fw_parse_image_too_large(struct kunit *test)
{
	u8 *b = image(test, 'u', 0x10001);
	struct b43_fw_view v;
	const char *field;

	KUNIT_EXPECT_EQ(test, b43_fw_parse(b, HDR + 4 * 0x10001,
					   B43_FW_ROLE_UCODE, &v, &field),
			-EFBIG);
	expect_field(test, field, "size");
}

/*
 * Regression: 6.12 uploaded (size - 8) / 4 words and dropped the bytes of
 * an image that is not whole words.
 */
static void b43_fw_parse_image_partial_word(struct kunit *test)
{
	struct b43_fw_view v;
	const char *field;
	unsigned int extra;

	for (extra = 1; extra < 4; extra++) {
		u8 *b = fw_file(test, 'p', 1, 16 + extra, 16 + extra);

		KUNIT_EXPECT_EQ_MSG(test, b43_fw_parse(b, HDR + 16 + extra,
						       B43_FW_ROLE_PCM, &v,
						       &field),
				    -EINVAL, "%u bytes over", extra);
	}
	/* and an empty image has nothing to run */
	KUNIT_EXPECT_EQ(test, b43_fw_parse(fw_file(test, 'u', 1, 0, 0), HDR,
					   B43_FW_ROLE_UCODE, &v, &field),
			-EMSGSIZE);
}

/* The size field must say what the file holds: each lie refused. */
static void b43_fw_parse_image_size_lies(struct kunit *test)
{
	static const u32 lies[] = { 0, 7, 9, 16, 0x7fffffff, 0xffffffff };
	struct b43_fw_view v;
	const char *field;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lies); i++) {
		u8 *b = fw_file(test, 'u', 1, lies[i], 8);

		KUNIT_EXPECT_EQ_MSG(test, b43_fw_parse(b, HDR + 8,
						       B43_FW_ROLE_UCODE, &v,
						       &field),
				    -EMSGSIZE, "size field %u", lies[i]);
		expect_field(test, field, "size");
	}
}

/* A header cut short, at every length: -EMSGSIZE, nothing past it read. */
static void b43_fw_parse_header_truncated(struct kunit *test)
{
	const struct role_case *p = test->param_value;
	struct b43_fw_view v;
	const char *field;
	size_t n;

	for (n = 0; n < HDR; n++) {
		u8 *b = kunit_kmalloc(test, n ? n : 1, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, b);
		memset(b, p->type, n);
		KUNIT_EXPECT_EQ_MSG(test, b43_fw_parse(b, n, p->role, &v,
						       &field), -EMSGSIZE,
				    "%zu bytes", n);
		expect_field(test, field, "header");
	}
}

/*
 * Regression: 6.12 accepted a file of any known type for any role.  Each
 * role refuses every type byte but its own; version 1 only [FWC].
 */
static void b43_fw_parse_type_and_version(struct kunit *test)
{
	const struct role_case *p = test->param_value;
	struct b43_fw_view v;
	const char *field;
	unsigned int t, ver;

	for (t = 0; t < 256; t++) {
		u8 *b = fw_file(test, t, 1, 4, 4);
		int err = b43_fw_parse(b, HDR + 4, p->role, &v, &field);

		if (t == p->type) {
			/* 4 bytes: one word, or one 16-bit value at 0 */
			if (p->role == B43_FW_ROLE_INITVALS)
				put_unaligned_be32(1, b + 4);
			KUNIT_EXPECT_EQ(test, b43_fw_parse(b, HDR + 4, p->role,
							   &v, &field), 0);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, err, -EPROTO, "type %#x", t);
		expect_field(test, field, "type");
	}
	for (ver = 0; ver < 256; ver++) {
		u8 *b = fw_file(test, p->type, ver, 0, 0);
		int err = b43_fw_parse(b, HDR, p->role, &v, &field);

		if (ver != 1) {
			KUNIT_EXPECT_EQ_MSG(test, err, -EPROTO, "version %u",
					    ver);
			expect_field(test, field, "version");
		}
	}
}

static void b43_fw_parse_unknown_role(struct kunit *test)
{
	u8 *b = fw_file(test, 'u', 1, 4, 4);
	struct b43_fw_view v;
	const char *field;

	KUNIT_EXPECT_EQ(test, b43_fw_parse(b, HDR + 4, 3, &v, &field), -EINVAL);
	expect_field(test, field, "role");
}

/* [FWC] the values come back as written, in order, and then the end */
static void b43_iv_walk_values(struct kunit *test)
{
	struct b43_fw_view v;
	struct b43_iv_value iv;
	const char *field;
	size_t size, pos = 0;
	unsigned int i;
	u8 *b = iv_file(test, sample_ivs, ARRAY_SIZE(sample_ivs), &size);

	KUNIT_ASSERT_EQ(test, b43_fw_parse(b, size, B43_FW_ROLE_INITVALS, &v,
					   &field), 0);
	KUNIT_EXPECT_EQ(test, v.count, ARRAY_SIZE(sample_ivs));
	for (i = 0; i < ARRAY_SIZE(sample_ivs); i++) {
		KUNIT_ASSERT_TRUE(test, b43_iv_next(&v, &pos, &iv));
		KUNIT_EXPECT_EQ(test, iv.offset, sample_ivs[i].offset);
		KUNIT_EXPECT_EQ(test, iv.width, sample_ivs[i].width);
		KUNIT_EXPECT_EQ(test, iv.value, sample_ivs[i].value);
	}
	KUNIT_EXPECT_FALSE(test, b43_iv_next(&v, &pos, &iv));
	KUNIT_EXPECT_EQ(test, pos, v.len);
}

struct iv_bad {
	const char *desc;
	struct iv_in iv;
	int err;
	const char *field;
};

/* [SSB] the window's edge and the accesses' alignment */
static const struct iv_bad iv_bads[] = {
	{ "32-bit at 0xFFC: the last whole one", { 0x0ffc, 4, 1 }, 0, NULL },
	{ "16-bit at 0xFFE: the last whole one", { 0x0ffe, 2, 1 }, 0, NULL },
	/* regression: 6.12 checked only offset < 0x1000 */
	{ "32-bit at 0xFFE: 2 bytes past the window", { 0x0ffe, 4, 1 },
	  -ERANGE, "offset" },
	{ "16-bit at 0xFFF: 1 byte past the window", { 0x0fff, 2, 1 },
	  -ERANGE, "offset" },
	{ "16-bit at 0x1000: outside", { 0x1000, 2, 1 }, -ERANGE, "offset" },
	{ "32-bit at 0x7FFF: the largest offset", { 0x7fff, 4, 1 }, -ERANGE,
	  "offset" },
	/* regression: 6.12 wrote misaligned registers */
	{ "32-bit at 0x002: misaligned", { 0x0002, 4, 1 }, -EINVAL,
	  "alignment" },
	{ "32-bit at 0x121: misaligned", { 0x0121, 4, 1 }, -EINVAL,
	  "alignment" },
	{ "16-bit at 0x401: misaligned", { 0x0401, 2, 1 }, -EINVAL,
	  "alignment" },
};

KUNIT_ARRAY_PARAM_DESC(iv_bads, iv_bads, desc);

/* One bad value among good ones: the file is refused whole. */
static void b43_iv_check_value(struct kunit *test)
{
	const struct iv_bad *p = test->param_value;
	struct iv_in ivs[3] = { sample_ivs[0], p->iv, sample_ivs[1] };
	struct b43_fw_view v;
	const char *field;
	size_t size;
	u8 *b = iv_file(test, ivs, 3, &size);

	KUNIT_EXPECT_EQ(test, b43_fw_parse(b, size, B43_FW_ROLE_INITVALS, &v,
					   &field), p->err);
	if (p->field)
		expect_field(test, field, p->field);
	else
		KUNIT_EXPECT_NULL(test, field);
}

/*
 * Regression: 6.12 never checked an initial values file's count before
 * writing its values.  A count above or below the entries is refused.
 */
static void b43_iv_check_count(struct kunit *test)
{
	struct b43_fw_view v;
	const char *field;
	size_t size;
	u8 *b = iv_file(test, sample_ivs, ARRAY_SIZE(sample_ivs), &size);
	u32 n;

	for (n = 0; n < 40; n++) {
		int err;

		put_unaligned_be32(n, b + 4);
		err = b43_fw_parse(b, size, B43_FW_ROLE_INITVALS, &v, &field);
		if (n == ARRAY_SIZE(sample_ivs))
			KUNIT_EXPECT_EQ(test, err, 0);
		else
			KUNIT_EXPECT_EQ_MSG(test, err, -EMSGSIZE, "count %u",
					    n);
	}
	put_unaligned_be32(0xffffffff, b + 4);
	KUNIT_EXPECT_EQ(test, b43_fw_parse(b, size, B43_FW_ROLE_INITVALS, &v,
					   &field), -EMSGSIZE);
	expect_field(test, field, "count");
	/* no values at all: an empty file is valid */
	KUNIT_EXPECT_EQ(test, b43_fw_parse(fw_file(test, 'i', 1, 0, 0), HDR,
					   B43_FW_ROLE_INITVALS, &v, &field),
			0);
}

/* Every truncation of a valid file, each in a buffer of its exact size. */
static void b43_fw_parse_every_truncation(struct kunit *test)
{
	struct b43_fw_view v;
	const char *field;
	size_t size, n;
	u8 *whole = iv_file(test, sample_ivs, ARRAY_SIZE(sample_ivs), &size);
	u8 *img = image(test, 'u', 8);

	for (n = 0; n < size; n++) {
		u8 *b = kunit_kmalloc(test, n ? n : 1, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, b);
		memcpy(b, whole, n);
		KUNIT_EXPECT_EQ_MSG(test, b43_fw_parse(b, n,
						       B43_FW_ROLE_INITVALS,
						       &v, &field), -EMSGSIZE,
				    "initvals cut at %zu", n);
	}
	for (n = 0; n < HDR + 32; n++) {
		u8 *b = kunit_kmalloc(test, n ? n : 1, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, b);
		memcpy(b, img, n);
		KUNIT_EXPECT_EQ_MSG(test, b43_fw_parse(b, n, B43_FW_ROLE_UCODE,
						       &v, &field), -EMSGSIZE,
				    "microcode cut at %zu", n);
	}
}

/* A view that was never checked: the walk stops, it does not overrun. */
static void b43_iv_next_unchecked(struct kunit *test)
{
	u8 *b = kunit_kmalloc(test, 5, GFP_KERNEL);
	struct b43_fw_view v = { .data = b, .len = 5, .count = 9 };
	struct b43_iv_value iv;
	size_t pos = 0;

	KUNIT_ASSERT_NOT_NULL(test, b);
	put_unaligned_be16(0x8004, b);	/* 32-bit value: needs 6 bytes */
	KUNIT_EXPECT_FALSE(test, b43_iv_next(&v, &pos, &iv));
	KUNIT_EXPECT_EQ(test, pos, 0);
	pos = 4;
	KUNIT_EXPECT_FALSE(test, b43_iv_next(&v, &pos, &iv));
	pos = 99;
	KUNIT_EXPECT_FALSE(test, b43_iv_next(&v, &pos, &iv));
}

#define FW_MUTATIONS	12000
#define FW_SEED		0xb43f1e5ULL

/* After a parse said yes: what the view promises holds. */
static bool view_sound(const struct b43_fw_view *v, enum b43_fw_role role,
		       const u8 *b, size_t size)
{
	struct b43_iv_value iv;
	size_t pos = 0;
	u32 n = 0;

	if (v->data != b + HDR || v->len != size - HDR)
		return false;
	if (role != B43_FW_ROLE_INITVALS)
		return v->count && v->count * 4 == v->len &&
		       v->count <= B43_FW_MAX_WORDS;
	while (b43_iv_next(v, &pos, &iv)) {
		if (iv.offset + iv.width > 0x1000 || iv.offset % iv.width)
			return false;
		n++;
	}
	return n == v->count && pos == v->len;
}

/*
 * Seeded mutations of valid files, FW_MUTATIONS per role: bit flips, a
 * lying size field, cuts and extensions (an entry cut in two, bytes past
 * the last), each file in a buffer of its exact size.  Always 0 or a
 * defined error; after 0 the view is sound.
 */
static void b43_fw_parse_mutations(struct kunit *test)
{
	const struct role_case *p = test->param_value;
	unsigned int hist[5] = {}, accepted = 0, i;
	struct rnd_state rnd;
	size_t size;
	u8 *good;

	if (p->role == B43_FW_ROLE_INITVALS) {
		good = iv_file(test, sample_ivs, ARRAY_SIZE(sample_ivs), &size);
	} else {
		good = image(test, p->type, 12);
		size = HDR + 48;
	}
	prandom_seed_state(&rnd, FW_SEED + p->role);
	kunit_info(test, "seed %#llx, %u mutations\n", FW_SEED + p->role,
		   FW_MUTATIONS);
	for (i = 0; i < FW_MUTATIONS; i++) {
		u32 r = prandom_u32_state(&rnd);
		size_t n = size;
		struct b43_fw_view v;
		const char *field;
		unsigned int k;
		u8 *b;
		int err;

		switch (r & 3) {
		case 1:		/* cut */
			n = prandom_u32_state(&rnd) % (size + 1);
			break;
		case 2:		/* extend with random bytes */
			n = size + 1 + prandom_u32_state(&rnd) % 16;
			break;
		}
		b = kmalloc(n ? n : 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, b);
		memcpy(b, good, min(n, size));
		if (n > size)
			prandom_bytes_state(&rnd, b + size, n - size);
		/* one to three bit flips */
		for (k = 0; n && k <= ((r >> 2) & 1) + ((r >> 3) & 1); k++) {
			u32 bit = prandom_u32_state(&rnd) % (n * 8);

			b[bit / 8] ^= BIT(bit % 8);
		}
		/* a size field that lies */
		if ((r & 3) == 3 && n >= HDR)
			put_unaligned_be32(prandom_u32_state(&rnd) %
					   (r & 16 ? 0xffffffff : 64), b + 4);

		err = b43_fw_parse(b, n, p->role, &v, &field);
		switch (err) {
		case 0:
			accepted++;
			KUNIT_EXPECT_TRUE_MSG(test, view_sound(&v, p->role, b, n),
					      "mutation %u", i);
			break;
		case -EMSGSIZE:
			hist[0]++;
			break;
		case -EPROTO:
			hist[1]++;
			break;
		case -EINVAL:
			hist[2]++;
			break;
		case -ERANGE:
			hist[3]++;
			break;
		case -EFBIG:
			hist[4]++;
			break;
		default:
			KUNIT_FAIL(test, "mutation %u: error %d", i, err);
		}
		if (err)
			KUNIT_EXPECT_NOT_NULL(test, field);
		kfree(b);
	}
	kunit_info(test, "%u accepted; refused: %u -EMSGSIZE, %u -EPROTO, %u -EINVAL, %u -ERANGE, %u -EFBIG\n",
		   accepted, hist[0], hist[1], hist[2], hist[3], hist[4]);
	KUNIT_EXPECT_GT(test, accepted, 0);
}

struct caps_case {
	const char *desc;
	u16 rev;
	int err;
	enum b43_firmware_hdr_format fmt;
	bool old;
};

/* [6.12] every boundary */
static const struct caps_case caps_cases[] = {
	{ "0: too old", 0, -EOPNOTSUPP },
	{ "0x128: too old (drivers before 4.x)", 0x128, -EOPNOTSUPP },
	{ "0x129: format 351, old", 0x129, 0, B43_FW_HDR_351, true },
	{ "351: format 351, old", 351, 0, B43_FW_HDR_351, true },
	{ "409: format 351, old", 409, 0, B43_FW_HDR_351, true },
	{ "410: format 410", 410, 0, B43_FW_HDR_410, false },
	{ "508: format 410", 508, 0, B43_FW_HDR_410, false },
	{ "597: format 410", 597, 0, B43_FW_HDR_410, false },
	{ "598: format 598", 598, 0, B43_FW_HDR_598, false },
	{ "666: format 598", 666, 0, B43_FW_HDR_598, false },
	{ "0xFFFF: format 598", 0xffff, 0, B43_FW_HDR_598, false },
};

KUNIT_ARRAY_PARAM_DESC(caps_cases, caps_cases, desc);

static void b43_fw_caps_of_revisions(struct kunit *test)
{
	const struct caps_case *p = test->param_value;
	struct b43_fw_caps c = {};

	KUNIT_ASSERT_EQ(test, b43_fw_caps_of(p->rev, &c), p->err);
	if (p->err)
		return;
	KUNIT_EXPECT_EQ(test, c.hdr_format, p->fmt);
	KUNIT_EXPECT_EQ(test, c.old, p->old);
}

static struct kunit_case b43_fwfile_test_cases[] = {
	KUNIT_CASE(b43_fw_parse_image),
	KUNIT_CASE(b43_fw_parse_image_too_large),
	KUNIT_CASE(b43_fw_parse_image_partial_word),
	KUNIT_CASE(b43_fw_parse_image_size_lies),
	KUNIT_CASE_PARAM(b43_fw_parse_header_truncated, roles_gen_params),
	KUNIT_CASE_PARAM(b43_fw_parse_type_and_version, roles_gen_params),
	KUNIT_CASE(b43_fw_parse_unknown_role),
	KUNIT_CASE(b43_iv_walk_values),
	KUNIT_CASE_PARAM(b43_iv_check_value, iv_bads_gen_params),
	KUNIT_CASE(b43_iv_check_count),
	KUNIT_CASE(b43_fw_parse_every_truncation),
	KUNIT_CASE(b43_iv_next_unchecked),
	KUNIT_CASE_PARAM(b43_fw_parse_mutations, roles_gen_params),
	KUNIT_CASE_PARAM(b43_fw_caps_of_revisions, caps_cases_gen_params),
	{}
};

static struct kunit_suite b43_fwfile_test_suite = {
	.name = "b43_fwfile",
	.test_cases = b43_fwfile_test_cases,
};

kunit_test_suite(b43_fwfile_test_suite);
