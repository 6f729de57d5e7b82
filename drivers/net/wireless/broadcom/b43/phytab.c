// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * PHY tables: the address word and the register protocol of each PHY
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * The protocol is the one Broadcom's brcmsmac runs for its N and LCN PHYs
 * (phy_cmn.c, wlc_phy_write_table() and wlc_phy_read_table()): write the
 * table address, (id << 10) | offset; then per element write (or read) the
 * data registers, the hardware moving the address on after the low half;
 * a 32-bit element is written high half first.
 *
 * The G PHY's OFDM tables (bcm-specs' "InternalLookupTable") and G tables
 * are older: a bare table address, one 16-bit data register for the G
 * tables, I and Q registers for the OFDM tables, whose 32-bit elements are
 * written I (low) first and read Q (high) first, and whose address is kept
 * across accesses.  FreeBSD's bwn (if_bwn_phy_g.c, bwn_ofdmtab_write_2/4()
 * and bwn_gtab_write()), ported separately, runs the same protocol.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/unaligned.h>

#include "b43.h"
#include "kunit.h"
#include "phy_a.h"
#include "phy_g.h"
#include "phy_ht.h"
#include "phy_lcn.h"
#include "phy_lp.h"
#include "phy_n.h"
#include "phytab.h"

const struct b43_phytab_family b43_phytab_n = {
	.name = "N",
	.addr = B43_NPHY_TABLE_ADDR,
	.data_lo = B43_NPHY_TABLE_DATALO,
	.data_hi = B43_NPHY_TABLE_DATAHI,
	.read32_hi_first = false,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_n);

const struct b43_phytab_family b43_phytab_lp = {
	.name = "LP",
	.addr = B43_LPPHY_TABLE_ADDR,
	.data_lo = B43_LPPHY_TABLEDATALO,
	.data_hi = B43_LPPHY_TABLEDATAHI,
	.read32_hi_first = true,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_lp);

const struct b43_phytab_family b43_phytab_ht = {
	.name = "HT",
	.addr = B43_PHY_HT_TABLE_ADDR,
	.data_lo = B43_PHY_HT_TABLE_DATALO,
	.data_hi = B43_PHY_HT_TABLE_DATAHI,
	.read32_hi_first = true,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_ht);

const struct b43_phytab_family b43_phytab_lcn = {
	.name = "LCN",
	.addr = B43_PHY_LCN_TABLE_ADDR,
	.data_lo = B43_PHY_LCN_TABLE_DATALO,
	.data_hi = B43_PHY_LCN_TABLE_DATAHI,
	.read32_hi_first = false,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_lcn);

const struct b43_phytab_family b43_phytab_g_ofdm = {
	.name = "G OFDM",
	.addr = B43_PHY_OTABLECTL,
	.data_lo = B43_PHY_OTABLEI,
	.data_hi = B43_PHY_OTABLEQ,
	.read32_hi_first = true,
	.write32_lo_first = true,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_g_ofdm);

const struct b43_phytab_family b43_phytab_g = {
	.name = "G",
	.addr = B43_PHY_GTABCTL,
	.data_lo = B43_PHY_GTABDATA,
};
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_g);

/**
 * b43_phytab_decode() - the width and table address of an address word
 * @addr: the address word (B43_NTAB16() and the like)
 * @width: filled with the element width in bytes, 1, 2 or 4
 * @tabaddr: filled with the table address register's value
 *
 * Return: 0, or -EINVAL for a word whose type bits name no width or whose
 * bits 16-27 are set (an id or offset too large for the register).
 */
int b43_phytab_decode(u32 addr, unsigned int *width, u16 *tabaddr)
{
	switch (addr & B43_PHYTAB_TYPEMASK) {
	case B43_PHYTAB_8BIT:
		*width = 1;
		break;
	case B43_PHYTAB_16BIT:
		*width = 2;
		break;
	case B43_PHYTAB_32BIT:
		*width = 4;
		break;
	default:
		return -EINVAL;
	}
	if (addr & ~B43_PHYTAB_TYPEMASK & ~0xFFFFU)
		return -EINVAL;
	*tabaddr = addr;
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_decode);

static u32 b43_phytab_get(const struct b43_phytab_family *fam,
			  const struct b43_phytab_ops *ops, void *ctx,
			  unsigned int width)
{
	u32 lo, hi;

	if (width != 4)
		return ops->read(ctx, fam->data_lo) & (width == 1 ? 0xFF : 0xFFFF);
	if (fam->read32_hi_first) {
		hi = ops->read(ctx, fam->data_hi);
		lo = ops->read(ctx, fam->data_lo);
	} else {
		lo = ops->read(ctx, fam->data_lo);
		hi = ops->read(ctx, fam->data_hi);
	}
	return hi << 16 | lo;
}

static void b43_phytab_put(const struct b43_phytab_family *fam,
			   const struct b43_phytab_ops *ops, void *ctx,
			   unsigned int width, u32 value)
{
	if (width == 4 && !fam->write32_lo_first)
		ops->write(ctx, fam->data_hi, value >> 16);
	ops->write(ctx, fam->data_lo, value);
	if (width == 4 && fam->write32_lo_first)
		ops->write(ctx, fam->data_hi, value >> 16);
}

/* The element at @i of a bulk access, or the next one the hardware moved to */
static void b43_phytab_step(const struct b43_phytab_family *fam,
			    const struct b43_phytab_ops *ops, void *ctx,
			    u16 tabaddr, unsigned int i, unsigned int flags)
{
	if (flags & B43_PHYTAB_READDRESS) {
		ops->read(ctx, fam->data_lo);
		ops->write(ctx, fam->addr, tabaddr + i);
	}
}

/*
 * Decode and check a bulk access: its element size must be the word's
 * width, and it must stay inside its table.
 */
static int b43_phytab_check(u32 addr, unsigned int n, size_t elem_size,
			    unsigned int *width, u16 *tabaddr)
{
	int err = b43_phytab_decode(addr, width, tabaddr);

	if (err)
		return err;
	if (elem_size && elem_size != *width)
		return -EINVAL;
	if ((*tabaddr & B43_PHYTAB_OFFSET_MASK) + n > B43_PHYTAB_OFFSET_MASK + 1)
		return -ERANGE;
	return 0;
}

/**
 * b43_phytab_read() - read one table element
 * @fam: the PHY's table registers and protocol
 * @ops: the register seam
 * @ctx: for @ops
 * @addr: the address word
 * @value: filled with the element
 *
 * Return: 0, or -EINVAL for an address word b43_phytab_decode() refuses
 * (and no register touched).
 */
int b43_phytab_read(const struct b43_phytab_family *fam,
		    const struct b43_phytab_ops *ops, void *ctx, u32 addr,
		    u32 *value)
{
	unsigned int width;
	u16 tabaddr;
	int err = b43_phytab_decode(addr, &width, &tabaddr);

	if (err)
		return err;
	ops->write(ctx, fam->addr, tabaddr);
	*value = b43_phytab_get(fam, ops, ctx, width);
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_read);

/**
 * b43_phytab_write() - write one table element
 * @fam: the PHY's table registers and protocol
 * @ops: the register seam
 * @ctx: for @ops
 * @addr: the address word
 * @value: the element
 *
 * Return: 0; -EINVAL for an address word b43_phytab_decode() refuses,
 * -ERANGE for a value wider than the element; no register touched then.
 */
int b43_phytab_write(const struct b43_phytab_family *fam,
		     const struct b43_phytab_ops *ops, void *ctx, u32 addr,
		     u32 value)
{
	unsigned int width;
	u16 tabaddr;
	int err = b43_phytab_decode(addr, &width, &tabaddr);

	if (err)
		return err;
	if (width < 4 && value >> (8 * width))
		return -ERANGE;
	ops->write(ctx, fam->addr, tabaddr);
	b43_phytab_put(fam, ops, ctx, width, value);
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_write);

/**
 * b43_phytab_read_bulk() - read consecutive table elements
 * @fam: the PHY's table registers and protocol
 * @ops: the register seam
 * @ctx: for @ops
 * @addr: the address word of the first element
 * @n: how many elements
 * @data: filled with the elements, each @elem_size bytes in CPU order
 * @elem_size: the size of one element of @data, or 0 for the word's width
 *	(a caller whose array the word describes)
 * @flags: B43_PHYTAB_READDRESS, or 0
 *
 * Return: 0; -EINVAL for an address word b43_phytab_decode() refuses or an
 * @elem_size that is not the word's width; -ERANGE for elements past the
 * end of the table (offset 1023); no register touched then.
 */
int b43_phytab_read_bulk(const struct b43_phytab_family *fam,
			 const struct b43_phytab_ops *ops, void *ctx,
			 u32 addr, unsigned int n, void *data,
			 size_t elem_size, unsigned int flags)
{
	unsigned int width, i;
	u16 tabaddr;
	int err = b43_phytab_check(addr, n, elem_size, &width, &tabaddr);
	u8 *p = data;

	if (err)
		return err;
	ops->write(ctx, fam->addr, tabaddr);
	for (i = 0; i < n; i++, p += width) {
		u32 v;

		b43_phytab_step(fam, ops, ctx, tabaddr, i, flags);
		v = b43_phytab_get(fam, ops, ctx, width);
		if (width == 1)
			*p = v;
		else if (width == 2)
			put_unaligned((u16)v, (u16 *)p);
		else
			put_unaligned(v, (u32 *)p);
	}
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_read_bulk);

/**
 * b43_phytab_write_bulk() - write consecutive table elements
 * @fam: the PHY's table registers and protocol
 * @ops: the register seam
 * @ctx: for @ops
 * @addr: the address word of the first element
 * @n: how many elements
 * @data: the elements, each @elem_size bytes in CPU order
 * @elem_size: the size of one element of @data, or 0 for the word's width
 *	(a caller whose array the word describes)
 * @flags: B43_PHYTAB_READDRESS, or 0
 *
 * An array whose elements are not the width the address word names (a
 * u32 array written with a 16-bit word writes halves of its values) is
 * refused, as is one that runs past the end of its table.
 *
 * Return: as b43_phytab_read_bulk().
 */
int b43_phytab_write_bulk(const struct b43_phytab_family *fam,
			  const struct b43_phytab_ops *ops, void *ctx,
			  u32 addr, unsigned int n, const void *data,
			  size_t elem_size, unsigned int flags)
{
	unsigned int width, i;
	u16 tabaddr;
	int err = b43_phytab_check(addr, n, elem_size, &width, &tabaddr);
	const u8 *p = data;

	if (err)
		return err;
	ops->write(ctx, fam->addr, tabaddr);
	for (i = 0; i < n; i++, p += width) {
		u32 v;

		if (width == 1)
			v = *p;
		else if (width == 2)
			v = get_unaligned((const u16 *)p);
		else
			v = get_unaligned((const u32 *)p);
		b43_phytab_step(fam, ops, ctx, tabaddr, i, flags);
		b43_phytab_put(fam, ops, ctx, width, v);
	}
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_write_bulk);

/**
 * b43_phytab_write_seq() - write a few consecutive elements given as values
 * @fam: the PHY's table registers and protocol
 * @ops: the register seam
 * @ctx: for @ops
 * @addr: the address word of the first element
 * @n: how many elements
 * @values: the elements, whatever the width
 *
 * Return: as b43_phytab_write_bulk(), and -ERANGE for a value wider than
 * the element; no register touched then.
 */
int b43_phytab_write_seq(const struct b43_phytab_family *fam,
			 const struct b43_phytab_ops *ops, void *ctx,
			 u32 addr, unsigned int n, const u32 *values)
{
	unsigned int width, i;
	u16 tabaddr;
	int err = b43_phytab_check(addr, n, 0, &width, &tabaddr);

	if (err)
		return err;
	for (i = 0; i < n; i++)
		if (width < 4 && values[i] >> (8 * width))
			return -ERANGE;
	ops->write(ctx, fam->addr, tabaddr);
	for (i = 0; i < n; i++)
		b43_phytab_put(fam, ops, ctx, width, values[i]);
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_write_seq);

/*
 * Check a G PHY access, then write the table address unless the cursor
 * says the hardware already points at the element; move the cursor.
 */
static int b43_phytab_g_seek(const struct b43_phytab_family *fam,
			     const struct b43_phytab_ops *ops, void *ctx,
			     struct b43_phytab_cursor *cur, u16 tabaddr,
			     unsigned int width, u8 dir)
{
	if (width != 2 && (width != 4 || !fam->data_hi))
		return -EINVAL;
	if (!cur || cur->dir != dir || cur->addr + 1 != tabaddr)
		ops->write(ctx, fam->addr, tabaddr);
	if (cur) {
		cur->addr = tabaddr;
		cur->dir = dir;
	}
	return 0;
}

/**
 * b43_phytab_g_read() - read an element of a G PHY table
 * @fam: &b43_phytab_g_ofdm or &b43_phytab_g
 * @ops: the register seam
 * @ctx: for @ops
 * @cur: the OFDM tables' cursor, or NULL to write the address every time
 * @tabaddr: the table address, (id << 10) | element
 * @width: the element width in bytes: 2, or 4 where @fam has a high half
 * @value: filled with the element
 *
 * Return: 0, or -EINVAL for a width @fam does not have (no register
 * touched, @cur unchanged).
 */
int b43_phytab_g_read(const struct b43_phytab_family *fam,
		      const struct b43_phytab_ops *ops, void *ctx,
		      struct b43_phytab_cursor *cur, u16 tabaddr,
		      unsigned int width, u32 *value)
{
	int err = b43_phytab_g_seek(fam, ops, ctx, cur, tabaddr, width,
				    B43_PHYTAB_DIR_READ);

	if (err)
		return err;
	*value = b43_phytab_get(fam, ops, ctx, width);
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_g_read);

/**
 * b43_phytab_g_write() - write an element of a G PHY table
 * @fam: &b43_phytab_g_ofdm or &b43_phytab_g
 * @ops: the register seam
 * @ctx: for @ops
 * @cur: the OFDM tables' cursor, or NULL to write the address every time
 * @tabaddr: the table address, (id << 10) | element
 * @width: the element width in bytes: 2, or 4 where @fam has a high half
 * @value: the element
 *
 * Return: 0; -EINVAL for a width @fam does not have, -ERANGE for a value
 * wider than the element; no register touched, @cur unchanged then.
 */
int b43_phytab_g_write(const struct b43_phytab_family *fam,
		       const struct b43_phytab_ops *ops, void *ctx,
		       struct b43_phytab_cursor *cur, u16 tabaddr,
		       unsigned int width, u32 value)
{
	int err;

	if (width == 2 && value > 0xFFFF)
		return -ERANGE;
	err = b43_phytab_g_seek(fam, ops, ctx, cur, tabaddr, width,
				B43_PHYTAB_DIR_WRITE);
	if (err)
		return err;
	b43_phytab_put(fam, ops, ctx, width, value);
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_g_write);

/**
 * b43_phytab_select() - the set of static tables for a PHY revision
 * @sets: the sets, newest revision first
 * @n: how many
 * @rev: the PHY's revision
 *
 * Return: the first set whose @min_rev is at most @rev, or NULL.
 */
const struct b43_phytab_set *
b43_phytab_select(const struct b43_phytab_set *sets, unsigned int n, u8 rev)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (rev >= sets[i].min_rev)
			return &sets[i];
	return NULL;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_select);

/*
 * For the suites only: the driver encodes its words with the B43_*TAB*()
 * macros, and checks its tables as b43_phytab_upload() loads them.
 */
#if IS_ENABLED(CONFIG_B43_KUNIT_TEST)
/**
 * b43_phytab_encode() - the address word of a table element
 * @width: the element width in bytes, 1, 2 or 4
 * @id: the table's id, 0 to 63
 * @offset: the element, 0 to 1023
 * @addr: filled with the word
 *
 * Return: 0, or -EINVAL for a width, id or offset the word cannot hold
 * (the B43_*TAB*() macros would let an offset over 1023 run into the id).
 */
int b43_phytab_encode(unsigned int width, unsigned int id,
		      unsigned int offset, u32 *addr)
{
	static const u32 types[] = {
		[1] = B43_PHYTAB_8BIT,
		[2] = B43_PHYTAB_16BIT,
		[4] = B43_PHYTAB_32BIT,
	};

	if (width >= ARRAY_SIZE(types) || !types[width] ||
	    id > B43_PHYTAB_ID_MAX || offset > B43_PHYTAB_OFFSET_MASK)
		return -EINVAL;
	*addr = types[width] | id << B43_PHYTAB_ID_SHIFT | offset;
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_encode);

/**
 * b43_phytab_check_init() - is a static table what its address word says
 * @t: the table
 *
 * Return: 0, or the error b43_phytab_write_bulk() would give it.
 */
int b43_phytab_check_init(const struct b43_phytab_init *t)
{
	unsigned int width;
	u16 tabaddr;

	if (!t->data || !t->n || !t->elem_size)
		return -EINVAL;
	return b43_phytab_check(t->addr, t->n, t->elem_size, &width, &tabaddr);
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_phytab_check_init);
#endif
