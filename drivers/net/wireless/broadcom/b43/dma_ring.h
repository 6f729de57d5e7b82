/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom B43 wireless driver
 * DMA ring arithmetic, TX status cookies and descriptor encoding
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/dma.c, whose copyright notices follow:
 *   Copyright (c) 2005, 2006 Michael Buesch <m@bues.ch>
 *   Copyright (C) 2002 David S. Miller
 *   Copyright (C) Pekka Pietikainen
 */
#ifndef B43_DMA_RING_H_
#define B43_DMA_RING_H_

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ssb/ssb.h>
#include <linux/types.h>

#include <asm/byteorder.h>

#include "dma.h"

/*
 * Every TX frame takes two descriptor slots: one for the TX header from the
 * ring's header cache, one for the 802.11 frame.  Header slots are the even
 * ones, so a ring holds nr_slots / B43_DMA_TX_SLOTS_PER_FRAME frames.
 */
#define B43_DMA_TX_SLOTS_PER_FRAME	2

/* TX rings are controllers 0 (AC_BK) ... 4 (multicast). */
#define B43_DMA_NR_TX_RINGS		5

/*
 * TX status cookie: bits 15-12 hold the TX ring's controller index plus one,
 * bits 11-0 the descriptor slot of the frame's header.  0 and 0xFFFF never
 * occur: the firmware gives them other meanings.
 */
#define B43_DMA_COOKIE_RING_SHIFT	12
#define B43_DMA_COOKIE_SLOT_MASK	0x0FFF

/*
 * Per-descriptor flags for b43_dma_desc_encode(): the buffer starts a frame,
 * ends a frame, or raises an interrupt when the engine is done with it.
 * They are the control word's own bits, which the 32-bit layout
 * (B43_DMA32_DCTL_*) and the 64-bit one (B43_DMA64_DCTL0_*; D64_CTRL1_* in
 * brcmsmac) keep in the same place.  The end-of-table flag is not among
 * them: b43_dma_desc_encode() sets it on the ring's last slot by itself.
 */
#define B43_DMA_DESC_FRAMESTART	B43_DMA32_DCTL_FRAMESTART
#define B43_DMA_DESC_FRAMEEND	B43_DMA32_DCTL_FRAMEEND
#define B43_DMA_DESC_IRQ	B43_DMA32_DCTL_IRQ

/*
 * The helpers below run for every descriptor and every TX status, so they
 * are inline: dma.c calls each with a constant engine type and the compiler
 * keeps only that engine's layout.  They are as pure as the rest of the
 * unit, and the KUnit suite calls them directly.
 */

/**
 * __b43_dma_next_slot() - b43_dma_next_slot() without the range check
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: current slot, -1 ... @nr_slots - 1; the caller guarantees it
 *
 * For the driver's own bookkeeping on the TX and RX paths, where the range
 * is an invariant (checked by B43_WARN_ON() in debug builds).
 *
 * Return: the next slot.
 */
static inline int __b43_dma_next_slot(int nr_slots, int slot)
{
	return slot == nr_slots - 1 ? 0 : slot + 1;
}

/**
 * b43_dma_next_slot() - the slot after @slot in a ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: current slot; -1 stands for "before the first slot", the state of
 *	a TX ring that never sent anything
 *
 * The descriptor table is circular: the engine goes from the slot carrying
 * the end-of-table flag back to slot 0.
 *
 * Return: the next slot, or -EINVAL when @nr_slots or @slot is out of range.
 */
static inline int b43_dma_next_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < -1 || slot >= nr_slots)
		return -EINVAL;
	return __b43_dma_next_slot(nr_slots, slot);
}

/**
 * __b43_dma_prev_slot() - b43_dma_prev_slot() without the range check
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: a slot of the ring; the caller guarantees it
 *
 * Return: the previous slot.
 */
static inline int __b43_dma_prev_slot(int nr_slots, int slot)
{
	return slot == 0 ? nr_slots - 1 : slot - 1;
}

/**
 * b43_dma_prev_slot() - the slot before @slot in a ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: a slot of the ring
 *
 * Return: the previous slot (slot 0 wraps to the last one), or -EINVAL when
 * @nr_slots or @slot is out of range.
 */
static inline int b43_dma_prev_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots)
		return -EINVAL;
	return __b43_dma_prev_slot(nr_slots, slot);
}

/**
 * b43_dma_free_slots() - number of free slots in a ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @used_slots: number of slots holding a buffer
 *
 * Return: @nr_slots - @used_slots, or -EINVAL when @used_slots is negative
 * or larger than the ring.
 */
static inline int b43_dma_free_slots(int nr_slots, int used_slots)
{
	if (nr_slots <= 0 || used_slots < 0 || used_slots > nr_slots)
		return -EINVAL;
	return nr_slots - used_slots;
}

/**
 * __b43_dma_tx_ring_full() - b43_dma_tx_ring_full() for consistent counters
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @used_slots: number of slots holding a buffer, 0 ... @nr_slots
 *
 * For the TX path, where the counters are the driver's own invariant.
 *
 * Return: true when fewer than %B43_DMA_TX_SLOTS_PER_FRAME slots are free.
 */
static inline bool __b43_dma_tx_ring_full(int nr_slots, int used_slots)
{
	return nr_slots - used_slots < B43_DMA_TX_SLOTS_PER_FRAME;
}

/**
 * b43_dma_tx_ring_full() - whether a TX ring can take no further frame
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @used_slots: number of slots holding a buffer
 *
 * A frame needs %B43_DMA_TX_SLOTS_PER_FRAME free slots.  A ring whose
 * counters are inconsistent counts as full, so that nothing is queued on it.
 *
 * Return: true when fewer than %B43_DMA_TX_SLOTS_PER_FRAME slots are free.
 */
static inline bool b43_dma_tx_ring_full(int nr_slots, int used_slots)
{
	/* Also true for used_slots > nr_slots and for nr_slots <= 0. */
	return used_slots < 0 ||
	       nr_slots - used_slots < B43_DMA_TX_SLOTS_PER_FRAME;
}

/**
 * __b43_dma_txhdr_index() - b43_dma_txhdr_index() for a slot of the ring
 * @slot: a slot of the ring, which the caller guarantees
 *
 * Return: index of the frame's entry in the ring's TX header cache.
 */
static inline int __b43_dma_txhdr_index(int slot)
{
	return slot / B43_DMA_TX_SLOTS_PER_FRAME;
}

/**
 * b43_dma_txhdr_index() - TX header cache entry of a slot's frame
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: a slot of the ring (header or payload slot of the frame)
 *
 * Return: index of the frame's entry in the ring's TX header cache, which
 * has @nr_slots / %B43_DMA_TX_SLOTS_PER_FRAME entries; -EINVAL for a slot
 * outside the ring.
 */
static inline int b43_dma_txhdr_index(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots)
		return -EINVAL;
	return __b43_dma_txhdr_index(slot);
}

/**
 * __b43_dma_cookie_encode() - b43_dma_cookie_encode() for values that fit
 * @ring_index: controller index of the TX ring, which the caller guarantees
 *	is 0 ... %B43_DMA_NR_TX_RINGS - 1
 * @slot: the frame's header slot, 0 ... %B43_DMA_COOKIE_SLOT_MASK
 *
 * Return: the cookie.
 */
static inline u16 __b43_dma_cookie_encode(unsigned int ring_index, int slot)
{
	return ((ring_index + 1) << B43_DMA_COOKIE_RING_SHIFT) | slot;
}

/**
 * b43_dma_cookie_encode() - TX status cookie for a frame
 * @ring_index: controller index of the TX ring, 0 ... %B43_DMA_NR_TX_RINGS - 1
 * @slot: the frame's header slot, 0 ... %B43_DMA_COOKIE_SLOT_MASK
 *
 * Return: the cookie, or 0 (never a valid cookie) when @ring_index or @slot
 * does not fit.
 */
static inline u16 b43_dma_cookie_encode(unsigned int ring_index, int slot)
{
	if (ring_index >= B43_DMA_NR_TX_RINGS ||
	    (unsigned int)slot > B43_DMA_COOKIE_SLOT_MASK)
		return 0;
	return __b43_dma_cookie_encode(ring_index, slot);
}

/**
 * b43_dma_cookie_ring_index() - TX ring a status report's cookie names
 * @cookie: cookie from the device's TX status report
 *
 * Return: controller index 0 ... %B43_DMA_NR_TX_RINGS - 1, or -EINVAL when
 * the cookie's ring field names no TX ring.
 */
static inline int b43_dma_cookie_ring_index(u16 cookie)
{
	unsigned int ring = cookie >> B43_DMA_COOKIE_RING_SHIFT;

	if (ring < 1 || ring > B43_DMA_NR_TX_RINGS)
		return -EINVAL;
	return ring - 1;
}

/**
 * b43_dma_cookie_slot() - slot a status report's cookie names
 * @cookie: cookie from the device's TX status report
 * @nr_slots: number of descriptor slots of the ring the cookie names
 *
 * Return: the slot, -ERANGE when it lies outside the ring, -EINVAL for a
 * ring without slots.
 */
static inline int b43_dma_cookie_slot(u16 cookie, int nr_slots)
{
	int slot = cookie & B43_DMA_COOKIE_SLOT_MASK;

	if (nr_slots <= 0)
		return -EINVAL;
	if (slot >= nr_slots)
		return -ERANGE;
	return slot;
}

/**
 * b43_dma_desc_size() - size of one descriptor for an engine type
 * @type: the DMA engine type
 *
 * Return: 8 for the 30- and 32-bit engines, 16 for the 64-bit engine, 0 for
 * anything else.
 */
static inline size_t b43_dma_desc_size(enum b43_dmatype type)
{
	switch (type) {
	case B43_DMA_30BIT:
	case B43_DMA_32BIT:
		return sizeof(struct b43_dmadesc32);
	case B43_DMA_64BIT:
		return sizeof(struct b43_dmadesc64);
	}
	return 0;
}

/**
 * __b43_dma_slot_to_offset() - b43_dma_slot_to_offset() for a slot of the ring
 * @type: the DMA engine type
 * @slot: a slot of the ring, which the caller guarantees
 *
 * Return: the offset; 0 for an unknown engine type.
 */
static inline u32 __b43_dma_slot_to_offset(enum b43_dmatype type, int slot)
{
	return slot * b43_dma_desc_size(type);
}

/**
 * b43_dma_slot_to_offset() - byte offset of a slot's descriptor
 * @type: the DMA engine type
 * @slot: a slot of the ring (>= 0)
 *
 * The engine's index and status registers count descriptors in bytes from
 * the start of the table.
 *
 * Return: the offset; 0 for a negative slot or an unknown engine type.
 */
static inline u32 b43_dma_slot_to_offset(enum b43_dmatype type, int slot)
{
	if (slot < 0)
		return 0;
	return __b43_dma_slot_to_offset(type, slot);
}

/**
 * b43_dma_address() - one word of a bus address as the engine wants it
 * @dma: the device's DMA routing: translation bits and where they go
 * @dmaaddr: bus address of a buffer or of the descriptor table
 * @addrtype: which word to produce
 *
 * The backplane routes DMA through one of several windows chosen by the two
 * top bits of an address word (%SSB_DMA_TRANSLATION_MASK).  Those bits of the
 * bus address move to the address-extension field (%B43_DMA_ADDR_EXT) and
 * the window's bits (@dma->translation) take their place, in the low word or,
 * for 64-bit engines on most buses, the high word.
 *
 * Return: the address word; 0 for an unknown @addrtype.
 */
static inline u32 b43_dma_address(const struct b43_dma *dma,
				  dma_addr_t dmaaddr,
				  enum b43_addrtype addrtype)
{
	u32 lo = lower_32_bits(dmaaddr);
	u32 hi = upper_32_bits(dmaaddr);
	u32 routed = dma->translation_in_low ? lo : hi;
	u32 window = (routed & ~SSB_DMA_TRANSLATION_MASK) | dma->translation;

	switch (addrtype) {
	case B43_DMA_ADDR_EXT:
		return (routed & SSB_DMA_TRANSLATION_MASK) >>
		       SSB_DMA_TRANSLATION_SHIFT;
	case B43_DMA_ADDR_LOW:
		return dma->translation_in_low ? window : lo;
	case B43_DMA_ADDR_HIGH:
		return dma->translation_in_low ? hi : window;
	}
	return 0;
}

/*
 * Ring control registers (B43_DMA32_TXCTL/RXCTL, B43_DMA64_TXCTL/RXCTL;
 * D64_XC_* and D64_RC_* in brcmsmac): the enable bit, the parity check
 * disable bit and the address extension of the descriptor table sit in
 * the same place for TX and RX, 32- and 64-bit engines.  Bits 1-7 are the
 * RX frame offset on RX rings (suspend, loopback and flush on TX rings,
 * which the setup leaves clear).
 */
#define B43_DMA_CTL_ENABLE		B43_DMA32_TXENABLE
#define B43_DMA_CTL_PARITYDISABLE	B43_DMA32_TXPARITYDISABLE
#define B43_DMA_CTL_ADDREXT_MASK	B43_DMA32_TXADDREXT_MASK
#define B43_DMA_CTL_ADDREXT_SHIFT	B43_DMA32_TXADDREXT_SHIFT
#define B43_DMA_CTL_RXFROFF_MASK	B43_DMA32_RXFROFF_MASK
#define B43_DMA_CTL_RXFROFF_SHIFT	B43_DMA32_RXFROFF_SHIFT

static_assert(B43_DMA64_TXENABLE == B43_DMA_CTL_ENABLE);
static_assert(B43_DMA32_RXENABLE == B43_DMA_CTL_ENABLE);
static_assert(B43_DMA64_RXENABLE == B43_DMA_CTL_ENABLE);
static_assert(B43_DMA64_TXPARITYDISABLE == B43_DMA_CTL_PARITYDISABLE);
static_assert(B43_DMA32_RXPARITYDISABLE == B43_DMA_CTL_PARITYDISABLE);
static_assert(B43_DMA64_RXPARITYDISABLE == B43_DMA_CTL_PARITYDISABLE);
static_assert(B43_DMA64_TXADDREXT_MASK == B43_DMA_CTL_ADDREXT_MASK);
static_assert(B43_DMA32_RXADDREXT_MASK == B43_DMA_CTL_ADDREXT_MASK);
static_assert(B43_DMA64_RXADDREXT_MASK == B43_DMA_CTL_ADDREXT_MASK);
static_assert(B43_DMA64_TXADDREXT_SHIFT == B43_DMA_CTL_ADDREXT_SHIFT);
static_assert(B43_DMA32_RXADDREXT_SHIFT == B43_DMA_CTL_ADDREXT_SHIFT);
static_assert(B43_DMA64_RXADDREXT_SHIFT == B43_DMA_CTL_ADDREXT_SHIFT);
static_assert(B43_DMA64_RXFROFF_MASK == B43_DMA_CTL_RXFROFF_MASK);
static_assert(B43_DMA64_RXFROFF_SHIFT == B43_DMA_CTL_RXFROFF_SHIFT);

/**
 * b43_dma_ring_ctl() - control register word that starts a ring
 * @dma: the device's DMA routing (see b43_dma_address()) and whether the
 *	engine checks parity
 * @ringbase: bus address of the ring's descriptor table
 * @rx_frameoffset: RX rings: bytes the engine leaves in front of each
 *	frame for the RX header; 0 for TX rings
 *
 * The word enables the engine, gives it the address extension bits of the
 * table (the rest of the address goes to the ring address registers, as
 * b43_dma_address() gives it) and turns its parity check off unless
 * @dma->parity says the device has one.
 *
 * Return: the word; 0, which leaves the engine disabled, when
 * @rx_frameoffset does not fit its 7-bit field.
 */
static inline u32 b43_dma_ring_ctl(const struct b43_dma *dma,
				   dma_addr_t ringbase,
				   unsigned int rx_frameoffset)
{
	u32 addrext = b43_dma_address(dma, ringbase, B43_DMA_ADDR_EXT);
	u32 ctl = B43_DMA_CTL_ENABLE;

	if (rx_frameoffset > B43_DMA_CTL_RXFROFF_MASK >>
			     B43_DMA_CTL_RXFROFF_SHIFT)
		return 0;
	ctl |= rx_frameoffset << B43_DMA_CTL_RXFROFF_SHIFT;
	ctl |= (addrext << B43_DMA_CTL_ADDREXT_SHIFT) & B43_DMA_CTL_ADDREXT_MASK;
	if (!dma->parity)
		ctl |= B43_DMA_CTL_PARITYDISABLE;
	return ctl;
}

#define B43_DMA_DESC_ALL_FLAGS	(B43_DMA_DESC_FRAMESTART | \
				 B43_DMA_DESC_FRAMEEND | B43_DMA_DESC_IRQ)

/* The control word's flag bits; the same in both layouts (see above). */
static inline u32 b43_dma_desc_ctl_flags(int nr_slots, int slot,
					 unsigned int flags)
{
	if (slot == nr_slots - 1)
		flags |= B43_DMA32_DCTL_DTABLEEND;
	return flags;
}

/**
 * b43_dma_desc_check() - whether b43_dma_desc_encode() takes its arguments
 * @type: the DMA engine type
 * @nr_slots: number of descriptor slots in the ring
 * @slot: the descriptor's slot
 * @bufsize: buffer length in bytes
 * @flags: descriptor flags
 *
 * Return: 0, or the error b43_dma_desc_encode() gives for these arguments.
 */
static inline int b43_dma_desc_check(enum b43_dmatype type, int nr_slots,
				     int slot, size_t bufsize,
				     unsigned int flags)
{
	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots ||
	    (flags & ~B43_DMA_DESC_ALL_FLAGS) || !b43_dma_desc_size(type))
		return -EINVAL;
	if (bufsize > B43_DMA32_DCTL_BYTECNT)
		return -EMSGSIZE;
	return 0;
}

/**
 * __b43_dma_desc_encode() - b43_dma_desc_encode() without the checks
 * @type: %B43_DMA_64BIT for the 16-byte layout, else the 8-byte one
 * @dma: the device's DMA routing (see b43_dma_address())
 * @desc: the descriptor to write
 * @nr_slots: number of descriptor slots in the ring
 * @slot: the descriptor's slot
 * @dmaaddr: bus address of the buffer
 * @bufsize: buffer length; bits above the byte count field are dropped
 * @flags: descriptor flags
 *
 * For callers whose arguments pass b43_dma_desc_check() by construction
 * (dma.c checks it with B43_WARN_ON() in debug builds).
 */
static inline void __b43_dma_desc_encode(enum b43_dmatype type,
					 const struct b43_dma *dma,
					 struct b43_dmadesc_generic *desc,
					 int nr_slots, int slot,
					 dma_addr_t dmaaddr, size_t bufsize,
					 unsigned int flags)
{
	u32 ctl = b43_dma_desc_ctl_flags(nr_slots, slot, flags);
	u32 addrext = b43_dma_address(dma, dmaaddr, B43_DMA_ADDR_EXT);
	u32 addrlo = b43_dma_address(dma, dmaaddr, B43_DMA_ADDR_LOW);

	/*
	 * Every word is computed before the first store: @desc may alias
	 * @dma as far as the compiler knows, and would make it read the
	 * routing again for each word.
	 */
	if (type == B43_DMA_64BIT) {
		u32 addrhi = b43_dma_address(dma, dmaaddr, B43_DMA_ADDR_HIGH);
		u32 ctl1 = (bufsize & B43_DMA64_DCTL1_BYTECNT) |
			   ((addrext << B43_DMA64_DCTL1_ADDREXT_SHIFT) &
			    B43_DMA64_DCTL1_ADDREXT_MASK);

		desc->dma64.control0 = cpu_to_le32(ctl);
		desc->dma64.control1 = cpu_to_le32(ctl1);
		desc->dma64.address_low = cpu_to_le32(addrlo);
		desc->dma64.address_high = cpu_to_le32(addrhi);
		return;
	}

	ctl |= bufsize & B43_DMA32_DCTL_BYTECNT;
	ctl |= (addrext << B43_DMA32_DCTL_ADDREXT_SHIFT) &
	       B43_DMA32_DCTL_ADDREXT_MASK;
	desc->dma32.control = cpu_to_le32(ctl);
	desc->dma32.address = cpu_to_le32(addrlo);
}

/**
 * b43_dma_desc_encode() - write one descriptor
 * @type: the DMA engine type; it picks the 8- or 16-byte layout
 * @dma: the device's DMA routing (see b43_dma_address())
 * @desc: the descriptor to write, in the ring's table
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: the descriptor's slot; the last slot gets the end-of-table flag
 * @dmaaddr: bus address of the buffer
 * @bufsize: buffer length in bytes, at most %B43_DMA32_DCTL_BYTECNT (the
 *	64-bit layout's %B43_DMA64_DCTL1_BYTECNT is the same 13-bit field)
 * @flags: %B43_DMA_DESC_FRAMESTART, %B43_DMA_DESC_FRAMEEND, %B43_DMA_DESC_IRQ
 *
 * Every word is written little-endian, as the engine reads it.
 *
 * Return: 0; -EMSGSIZE when @bufsize does not fit the byte count field;
 * -EINVAL for a slot outside the ring, an unknown flag or engine type.  On
 * error @desc is left as it was.
 */
static inline int b43_dma_desc_encode(enum b43_dmatype type,
				      const struct b43_dma *dma,
				      struct b43_dmadesc_generic *desc,
				      int nr_slots, int slot,
				      dma_addr_t dmaaddr, size_t bufsize,
				      unsigned int flags)
{
	int err = b43_dma_desc_check(type, nr_slots, slot, bufsize, flags);

	if (err)
		return err;
	__b43_dma_desc_encode(type, dma, desc, nr_slots, slot, dmaaddr,
			      bufsize, flags);
	return 0;
}

/**
 * __b43_dma_first_used_slot() - b43_dma_first_used_slot() for a busy ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @current_slot: the slot filled last, 0 ... @nr_slots - 1
 * @used_slots: number of slots holding a buffer, 1 ... @nr_slots
 *
 * For the driver's own counters, whose consistency is an invariant.
 *
 * Return: the first used slot.
 */
static inline int __b43_dma_first_used_slot(int nr_slots, int current_slot,
					    int used_slots)
{
	int first = current_slot - used_slots + 1;

	return first < 0 ? first + nr_slots : first;
}

/**
 * b43_dma_first_used_slot() - oldest slot still owned by the device
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @current_slot: the slot filled last (-1 before the first one)
 * @used_slots: number of slots holding a buffer
 *
 * The used slots are the @used_slots slots up to and including
 * @current_slot, counted backwards around the ring.
 *
 * Return: the first used slot; -ENODATA when the ring is idle (no slot in
 * use, so no slot is "first"); -EINVAL when the counters are inconsistent.
 */
static inline int b43_dma_first_used_slot(int nr_slots, int current_slot,
					  int used_slots)
{
	if (b43_dma_free_slots(nr_slots, used_slots) < 0 ||
	    current_slot < -1 || current_slot >= nr_slots)
		return -EINVAL;
	if (used_slots == 0)
		return -ENODATA;
	if (current_slot < 0)
		return -EINVAL;
	return __b43_dma_first_used_slot(nr_slots, current_slot, used_slots);
}

/**
 * __b43_dma_txstatus_skip() - b43_dma_txstatus_skip() for checked values
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @current_slot: the slot filled last (-1 before the first one)
 * @used_slots: number of slots holding a buffer, 0 ... @nr_slots
 * @slot: header slot named by the cookie, 0 ... @nr_slots - 1
 *
 * For the TX status path: the counters are the driver's own, and the slot
 * has passed b43_dma_cookie_slot().  What the device may still get wrong,
 * a report for an idle ring or for a frame that is not the oldest, is
 * checked here as in b43_dma_txstatus_skip().
 *
 * Return: 0 or %B43_DMA_TX_SLOTS_PER_FRAME; -ENODATA or -EPROTO.
 */
static inline int __b43_dma_txstatus_skip(int nr_slots, int current_slot,
					  int used_slots, int slot)
{
	int ahead;

	if (unlikely(!used_slots))
		return -ENODATA;
	/* How many slots past the oldest frame's header the report is. */
	ahead = slot - __b43_dma_first_used_slot(nr_slots, current_slot,
						 used_slots);
	if (ahead < 0)
		ahead += nr_slots;
	if (likely(!ahead))
		return 0;
	if (ahead == B43_DMA_TX_SLOTS_PER_FRAME &&
	    used_slots >= 2 * B43_DMA_TX_SLOTS_PER_FRAME)
		return B43_DMA_TX_SLOTS_PER_FRAME;
	return -EPROTO;
}

/**
 * b43_dma_txstatus_skip() - check a TX status slot against the ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @current_slot: the slot filled last (-1 before the first one)
 * @used_slots: number of slots holding a buffer
 * @slot: header slot named by the status report's cookie
 *
 * The device completes the frames of one ring in order, so a status report
 * names the oldest frame's header slot, b43_dma_first_used_slot(), where
 * reclaiming starts.  When exactly one frame's report was lost, the report
 * names the frame after it, and the lost frame's slots are reclaimed first
 * without a status.
 *
 * Return: the number of slots at the start that get no status: 0, or
 * %B43_DMA_TX_SLOTS_PER_FRAME when one report was lost; -ENODATA for a
 * report on an idle ring (nothing is in flight, so nothing may be
 * unmapped); -EPROTO when @slot is neither the oldest frame nor the one
 * after it; -EINVAL when @slot or the counters are out of range.
 */
static inline int b43_dma_txstatus_skip(int nr_slots, int current_slot,
					int used_slots, int slot)
{
	int first = b43_dma_first_used_slot(nr_slots, current_slot, used_slots);

	if (first < 0)
		return first;
	if (slot < 0 || slot >= nr_slots)
		return -EINVAL;
	return __b43_dma_txstatus_skip(nr_slots, current_slot, used_slots,
				       slot);
}

/**
 * b43_dma_meta_poison() - mark every slot's buffer pointer as not set
 * @meta: the ring's slot metadata, @nr_slots entries
 * @nr_slots: number of descriptor slots in the ring
 *
 * Each slot gets %B43_DMA_PTR_POISON, which the TX status path recognises
 * as "never filled" instead of taking it for a buffer.
 */
static inline void b43_dma_meta_poison(struct b43_dmadesc_meta *meta,
				       int nr_slots)
{
	int i;

	for (i = 0; i < nr_slots; i++)
		meta[i].skb = B43_DMA_PTR_POISON;
}

/**
 * __b43_dma_offset_to_slot() - b43_dma_offset_to_slot() for a known engine
 * @type: the DMA engine type, a constant in the caller
 * @status: value read from the RX (or TX) status register
 * @nr_slots: number of descriptor slots in the ring (> 0)
 *
 * The pointer comes from the device and is checked as fully as in
 * b43_dma_offset_to_slot(); only the caller's own arguments are trusted.
 *
 * Return: the slot, or -ERANGE when the pointer names no slot of the ring.
 */
static inline int __b43_dma_offset_to_slot(enum b43_dmatype type, u32 status,
					   int nr_slots)
{
	u32 size = b43_dma_desc_size(type);
	u32 offset = status & (type == B43_DMA_64BIT ? B43_DMA64_RXSTATDPTR :
						       B43_DMA32_RXDPTR);

	if (offset % size || offset / size >= (u32)nr_slots)
		return -ERANGE;
	return offset / size;
}

/**
 * b43_dma_offset_to_slot() - slot a status register's descriptor pointer names
 * @type: the DMA engine type
 * @status: value read from the RX (or TX) status register
 * @nr_slots: number of descriptor slots in the ring (> 0)
 *
 * Only the descriptor pointer field is used (%B43_DMA32_RXDPTR,
 * %B43_DMA64_RXSTATDPTR); the state and error bits around it are ignored.
 *
 * Return: the slot; -EPROTO when the pointer is not on a descriptor
 * boundary (an all-ones read from a device that went away is not);
 * -ERANGE when it points past the ring; -EINVAL for an unknown engine type
 * or an empty ring.
 */
static inline int b43_dma_offset_to_slot(enum b43_dmatype type, u32 status,
					 int nr_slots)
{
	size_t size = b43_dma_desc_size(type);
	u32 offset;

	if (!size || nr_slots <= 0)
		return -EINVAL;
	if (type == B43_DMA_64BIT)
		offset = status & B43_DMA64_RXSTATDPTR;
	else
		offset = status & B43_DMA32_RXDPTR;
	if (offset % size)
		return -EPROTO;
	return __b43_dma_offset_to_slot(type, status, nr_slots);
}

/**
 * b43_dma_engine_type() - DMA engine type from what the core reports
 * @dma64: the core's capability register (BCMA IOST or SSB TMSHIGH) has
 *	its DMA64 bit set
 * @txctl_readback: the first 32-bit TX control register read back after
 *	%B43_DMA32_TXADDREXT_MASK was written to it
 *
 * A 32-bit engine keeps the address-extension bits written to its control
 * register; a 30-bit engine has none and reads them back as zero.
 *
 * Return: %B43_DMA_64BIT, %B43_DMA_32BIT or %B43_DMA_30BIT.
 */
static inline enum b43_dmatype b43_dma_engine_type(bool dma64, u32 txctl_readback)
{
	if (dma64)
		return B43_DMA_64BIT;
	if (txctl_readback & B43_DMA32_TXADDREXT_MASK)
		return B43_DMA_32BIT;
	return B43_DMA_30BIT;
}

#endif /* B43_DMA_RING_H_ */
