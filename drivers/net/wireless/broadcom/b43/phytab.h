/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * PHY tables: the address word and the register protocol of each PHY
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_PHYTAB_H_
#define B43_PHYTAB_H_

#include <linux/bits.h>
#include <linux/types.h>

/*
 * The N, LP, HT and LCN PHYs keep their tables behind three PHY registers:
 * a table address (the table's id in bits 10-15, the element in bits 0-9,
 * incremented by the hardware after each element), a low and a high data
 * register.  b43 names an access with a 32-bit address word: the element
 * width in bits 28-31 (the B43_NTAB8/16/32() macros and their LP, HT and
 * LCN twins), the table address in bits 0-15.
 *
 * This unit decodes and checks the word, and runs the register protocol of
 * each family, given as data, through a seam of two functions, so that a
 * suite can record every register access; tests/phytab_kunit.c does.
 *
 * The G PHY's OFDM tables and its G tables take a bare table address (the
 * same id and element fields, no width: the caller names it), and the OFDM
 * tables' address register is written only when the hardware's own does not
 * already point at the element (struct b43_phytab_cursor).
 */

#define B43_PHYTAB_TYPEMASK	0xF0000000
#define B43_PHYTAB_8BIT		0x10000000
#define B43_PHYTAB_16BIT	0x20000000
#define B43_PHYTAB_32BIT	0x30000000
#define B43_PHYTAB_ID_SHIFT	10
#define B43_PHYTAB_ID_MAX	0x3F
#define B43_PHYTAB_OFFSET_MASK	0x3FF

/**
 * struct b43_phytab_family - a PHY's table registers and protocol
 * @name: for messages
 * @addr: the table address register
 * @data_lo: the data register for 8- and 16-bit elements and the low half
 *	of 32-bit ones
 * @data_hi: the high half of 32-bit elements
 * @read32_hi_first: a 32-bit read takes the high half first (LP and HT,
 *	as 6.12 reads them); the N and LCN PHYs take the low half first
 *	(brcmsmac's wlc_phy_read_table()).
 * @write32_lo_first: a 32-bit write gives the low half first (the G PHY's
 *	OFDM tables); the others write the high half first, the low half
 *	last, the write that moves the hardware's address on.
 *
 * A family with no @data_hi (the G PHY's G tables) has 16-bit elements only.
 */
struct b43_phytab_family {
	const char *name;
	u16 addr;
	u16 data_lo;
	u16 data_hi;
	bool read32_hi_first;
	bool write32_lo_first;
};

extern const struct b43_phytab_family b43_phytab_n;
extern const struct b43_phytab_family b43_phytab_lp;
extern const struct b43_phytab_family b43_phytab_ht;
extern const struct b43_phytab_family b43_phytab_lcn;
extern const struct b43_phytab_family b43_phytab_g_ofdm;
extern const struct b43_phytab_family b43_phytab_g;

/**
 * struct b43_phytab_ops - the register seam
 * @read: read a PHY register
 * @write: write a PHY register
 */
struct b43_phytab_ops {
	u16 (*read)(void *ctx, u16 reg);
	void (*write)(void *ctx, u16 reg, u16 value);
};

/*
 * Before each element, read the low data register and write the element's
 * address again: the BCM43224 rev 1's auto increment does not hold
 * (brcmsmac's wlc_phy_read_table() and wlc_phy_write_table()).
 */
#define B43_PHYTAB_READDRESS	BIT(0)

int b43_phytab_decode(u32 addr, unsigned int *width, u16 *tabaddr);

int b43_phytab_read(const struct b43_phytab_family *fam,
		    const struct b43_phytab_ops *ops, void *ctx, u32 addr,
		    u32 *value);
int b43_phytab_write(const struct b43_phytab_family *fam,
		     const struct b43_phytab_ops *ops, void *ctx, u32 addr,
		     u32 value);
int b43_phytab_read_bulk(const struct b43_phytab_family *fam,
			 const struct b43_phytab_ops *ops, void *ctx,
			 u32 addr, unsigned int n, void *data,
			 size_t elem_size, unsigned int flags);
int b43_phytab_write_bulk(const struct b43_phytab_family *fam,
			  const struct b43_phytab_ops *ops, void *ctx,
			  u32 addr, unsigned int n, const void *data,
			  size_t elem_size, unsigned int flags);
int b43_phytab_write_seq(const struct b43_phytab_family *fam,
			 const struct b43_phytab_ops *ops, void *ctx,
			 u32 addr, unsigned int n, const u32 *values);

/* The direction of the G PHY's last OFDM table access */
enum b43_phytab_dir {
	B43_PHYTAB_DIR_UNKNOWN = 0,
	B43_PHYTAB_DIR_READ,
	B43_PHYTAB_DIR_WRITE,
};

/**
 * struct b43_phytab_cursor - where b43 left the G PHY's OFDM table address
 * @addr: the table address of the element accessed last
 * @dir: the direction of that access; B43_PHYTAB_DIR_UNKNOWN when the
 *	hardware's address is not known (after init)
 *
 * The hardware moves the address on by one element after each access.  An
 * access of the element after @addr in the same direction does not write
 * the address register again.
 */
struct b43_phytab_cursor {
	u16 addr;
	u8 dir;
};

int b43_phytab_g_read(const struct b43_phytab_family *fam,
		      const struct b43_phytab_ops *ops, void *ctx,
		      struct b43_phytab_cursor *cur, u16 tabaddr,
		      unsigned int width, u32 *value);
int b43_phytab_g_write(const struct b43_phytab_family *fam,
		       const struct b43_phytab_ops *ops, void *ctx,
		       struct b43_phytab_cursor *cur, u16 tabaddr,
		       unsigned int width, u32 value);

/**
 * struct b43_phytab_init - one static table a PHY loads
 * @addr: the address word of its first element
 * @data: the table
 * @n: its number of elements
 * @elem_size: the size of one, which must be the address word's width
 */
struct b43_phytab_init {
	u32 addr;
	const void *data;
	u16 n;
	u8 elem_size;
};

/* A table entry from an array: its length and element size come with it */
#define B43_PHYTAB_INIT(_addr, _array) {				\
	.addr = (_addr),						\
	.data = (_array),						\
	.n = ARRAY_SIZE(_array),					\
	.elem_size = sizeof((_array)[0]),				\
}

/**
 * struct b43_phytab_set - the static tables of a range of PHY revisions
 * @min_rev: the first revision the set is for
 * @tables: the tables, in the order they are loaded
 * @n: how many
 */
struct b43_phytab_set {
	u8 min_rev;
	const struct b43_phytab_init *tables;
	unsigned int n;
};

const struct b43_phytab_set *
b43_phytab_select(const struct b43_phytab_set *sets, unsigned int n,
		  u8 rev);

#if IS_ENABLED(CONFIG_B43_KUNIT_TEST)
int b43_phytab_encode(unsigned int width, unsigned int id,
		      unsigned int offset, u32 *addr);
int b43_phytab_check_init(const struct b43_phytab_init *t);
#endif

#endif /* B43_PHYTAB_H_ */
