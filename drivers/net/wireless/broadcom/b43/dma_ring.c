// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * DMA ring arithmetic, TX status cookies and descriptor encoding
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 *
 * A pure unit: every function here takes values and returns values (or
 * fills memory the caller owns).  Nothing touches a register, a DMA mapping
 * or a struct b43_wldev, so the KUnit suite in tests/dma_ring_kunit.c can
 * reach every path without a device.  Values that come from the device (a
 * TX status cookie, a descriptor pointer read from a status register) are
 * validated here and give a negative errno, never an index.
 */
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/ssb/ssb.h>

#include "kunit.h"
#include "dma_ring.h"

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
int b43_dma_next_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < -1 || slot >= nr_slots)
		return -EINVAL;
	if (slot == nr_slots - 1)
		return 0;
	return slot + 1;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_next_slot);

/**
 * b43_dma_prev_slot() - the slot before @slot in a ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: a slot of the ring
 *
 * Return: the previous slot (slot 0 wraps to the last one), or -EINVAL when
 * @nr_slots or @slot is out of range.
 */
int b43_dma_prev_slot(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots)
		return -EINVAL;
	if (slot == 0)
		return nr_slots - 1;
	return slot - 1;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_prev_slot);

/**
 * b43_dma_free_slots() - number of free slots in a ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @used_slots: number of slots holding a buffer
 *
 * Return: @nr_slots - @used_slots, or -EINVAL when @used_slots is negative
 * or larger than the ring.
 */
int b43_dma_free_slots(int nr_slots, int used_slots)
{
	if (nr_slots <= 0 || used_slots < 0 || used_slots > nr_slots)
		return -EINVAL;
	return nr_slots - used_slots;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_free_slots);

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
bool b43_dma_tx_ring_full(int nr_slots, int used_slots)
{
	return b43_dma_free_slots(nr_slots, used_slots) <
	       B43_DMA_TX_SLOTS_PER_FRAME;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_tx_ring_full);

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
int b43_dma_first_used_slot(int nr_slots, int current_slot, int used_slots)
{
	int first;

	if (b43_dma_free_slots(nr_slots, used_slots) < 0 ||
	    current_slot < -1 || current_slot >= nr_slots)
		return -EINVAL;
	if (used_slots == 0)
		return -ENODATA;
	if (current_slot < 0)
		return -EINVAL;

	first = current_slot - used_slots + 1;
	if (first < 0)
		first += nr_slots;
	return first;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_first_used_slot);

/**
 * b43_dma_txstatus_start() - check a TX status slot against the ring
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @current_slot: the slot filled last (-1 before the first one)
 * @used_slots: number of slots holding a buffer
 * @slot: header slot named by the status report's cookie
 * @skip: on success, number of slots at the start whose frame had no status
 *
 * The device completes the frames of one ring in order, so a status report
 * names the oldest frame's header slot.  When exactly one frame's report was
 * lost, the report names the frame after it: the lost frame's
 * %B43_DMA_TX_SLOTS_PER_FRAME slots are reclaimed first (*@skip).
 *
 * Return: the slot to start reclaiming at; -ENODATA for a report on an idle
 * ring (nothing is in flight, so nothing may be unmapped); -EPROTO when
 * @slot is neither the oldest frame nor the one after it; -EINVAL when @slot
 * or the counters are out of range.
 */
int b43_dma_txstatus_start(int nr_slots, int current_slot, int used_slots,
			   int slot, int *skip)
{
	int first;

	*skip = 0;
	first = b43_dma_first_used_slot(nr_slots, current_slot, used_slots);
	if (first < 0)
		return first;
	if (slot < 0 || slot >= nr_slots)
		return -EINVAL;
	if (slot == first)
		return first;
	if (used_slots >= 2 * B43_DMA_TX_SLOTS_PER_FRAME &&
	    slot == (first + B43_DMA_TX_SLOTS_PER_FRAME) % nr_slots) {
		*skip = B43_DMA_TX_SLOTS_PER_FRAME;
		return first;
	}
	return -EPROTO;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_txstatus_start);

/**
 * b43_dma_txhdr_index() - TX header cache entry of a slot's frame
 * @nr_slots: number of descriptor slots in the ring (> 0)
 * @slot: a slot of the ring (header or payload slot of the frame)
 *
 * Return: index of the frame's entry in the ring's TX header cache, which
 * has @nr_slots / %B43_DMA_TX_SLOTS_PER_FRAME entries; -EINVAL for a slot
 * outside the ring.
 */
int b43_dma_txhdr_index(int nr_slots, int slot)
{
	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots)
		return -EINVAL;
	return slot / B43_DMA_TX_SLOTS_PER_FRAME;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_txhdr_index);

/**
 * b43_dma_meta_poison() - mark every slot's buffer pointer as not set
 * @meta: the ring's slot metadata, @nr_slots entries
 * @nr_slots: number of descriptor slots in the ring
 *
 * Each slot gets %B43_DMA_PTR_POISON, which the TX status path recognises
 * as "never filled" instead of taking it for a buffer.
 */
void b43_dma_meta_poison(struct b43_dmadesc_meta *meta, int nr_slots)
{
	int i;

	for (i = 0; i < nr_slots; i++)
		meta[i].skb = B43_DMA_PTR_POISON;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_meta_poison);

/**
 * b43_dma_cookie_encode() - TX status cookie for a frame
 * @ring_index: controller index of the TX ring, 0 ... %B43_DMA_NR_TX_RINGS - 1
 * @slot: the frame's header slot, 0 ... %B43_DMA_COOKIE_SLOT_MASK
 *
 * Return: the cookie, or 0 (never a valid cookie) when @ring_index or @slot
 * does not fit.
 */
u16 b43_dma_cookie_encode(unsigned int ring_index, int slot)
{
	if (ring_index >= B43_DMA_NR_TX_RINGS ||
	    slot < 0 || slot > B43_DMA_COOKIE_SLOT_MASK)
		return 0;
	return ((ring_index + 1) << B43_DMA_COOKIE_RING_SHIFT) | slot;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_cookie_encode);

/**
 * b43_dma_cookie_ring_index() - TX ring a status report's cookie names
 * @cookie: cookie from the device's TX status report
 *
 * Return: controller index 0 ... %B43_DMA_NR_TX_RINGS - 1, or -EINVAL when
 * the cookie's ring field names no TX ring.
 */
int b43_dma_cookie_ring_index(u16 cookie)
{
	unsigned int ring = cookie >> B43_DMA_COOKIE_RING_SHIFT;

	if (ring < 1 || ring > B43_DMA_NR_TX_RINGS)
		return -EINVAL;
	return ring - 1;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_cookie_ring_index);

/**
 * b43_dma_cookie_slot() - slot a status report's cookie names
 * @cookie: cookie from the device's TX status report
 * @nr_slots: number of descriptor slots of the ring the cookie names
 *
 * Return: the slot, -ERANGE when it lies outside the ring, -EINVAL for a
 * ring without slots.
 */
int b43_dma_cookie_slot(u16 cookie, int nr_slots)
{
	int slot = cookie & B43_DMA_COOKIE_SLOT_MASK;

	if (nr_slots <= 0)
		return -EINVAL;
	if (slot >= nr_slots)
		return -ERANGE;
	return slot;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_cookie_slot);

/**
 * b43_dma_desc_size() - size of one descriptor for an engine type
 * @type: the DMA engine type
 *
 * Return: 8 for the 30- and 32-bit engines, 16 for the 64-bit engine, 0 for
 * anything else.
 */
size_t b43_dma_desc_size(enum b43_dmatype type)
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
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_desc_size);

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
u32 b43_dma_slot_to_offset(enum b43_dmatype type, int slot)
{
	if (slot < 0)
		return 0;
	return slot * b43_dma_desc_size(type);
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_slot_to_offset);

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
int b43_dma_offset_to_slot(enum b43_dmatype type, u32 status, int nr_slots)
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
	if (offset / size >= nr_slots)
		return -ERANGE;
	return offset / size;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_offset_to_slot);

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
u32 b43_dma_address(const struct b43_dma *dma, dma_addr_t dmaaddr,
		    enum b43_addrtype addrtype)
{
	u32 lo = lower_32_bits(dmaaddr);
	u32 hi = upper_32_bits(dmaaddr);
	u32 *routed = dma->translation_in_low ? &lo : &hi;

	switch (addrtype) {
	case B43_DMA_ADDR_EXT:
		return (*routed & SSB_DMA_TRANSLATION_MASK) >>
		       SSB_DMA_TRANSLATION_SHIFT;
	case B43_DMA_ADDR_LOW:
	case B43_DMA_ADDR_HIGH:
		*routed = (*routed & ~SSB_DMA_TRANSLATION_MASK) |
			  dma->translation;
		return addrtype == B43_DMA_ADDR_LOW ? lo : hi;
	}
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_address);

#define B43_DMA_DESC_ALL_FLAGS	(B43_DMA_DESC_FRAMESTART | \
				 B43_DMA_DESC_FRAMEEND | B43_DMA_DESC_IRQ)

/*
 * Flag bits of the 32-bit control word.  The 64-bit layout carries the same
 * flags at the same bits of its control0 word (B43_DMA64_DCTL0_*, and
 * D64_CTRL1_* in brcmsmac); the suite checks both layouts bit by bit.
 */
static u32 b43_dma_desc_ctl_flags(int nr_slots, int slot, unsigned int flags)
{
	u32 ctl = 0;

	if (slot == nr_slots - 1)
		ctl |= B43_DMA32_DCTL_DTABLEEND;
	if (flags & B43_DMA_DESC_FRAMESTART)
		ctl |= B43_DMA32_DCTL_FRAMESTART;
	if (flags & B43_DMA_DESC_FRAMEEND)
		ctl |= B43_DMA32_DCTL_FRAMEEND;
	if (flags & B43_DMA_DESC_IRQ)
		ctl |= B43_DMA32_DCTL_IRQ;
	return ctl;
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
 * @flags: &enum b43_dma_desc_flags
 *
 * Every word is written little-endian, as the engine reads it.
 *
 * Return: 0; -EMSGSIZE when @bufsize does not fit the byte count field;
 * -EINVAL for a slot outside the ring, an unknown flag or engine type.  On
 * error @desc is left as it was.
 */
int b43_dma_desc_encode(enum b43_dmatype type, const struct b43_dma *dma,
			struct b43_dmadesc_generic *desc, int nr_slots,
			int slot, dma_addr_t dmaaddr, size_t bufsize,
			unsigned int flags)
{
	u32 ctl, addrext;

	if (nr_slots <= 0 || slot < 0 || slot >= nr_slots ||
	    (flags & ~B43_DMA_DESC_ALL_FLAGS) || !b43_dma_desc_size(type))
		return -EINVAL;
	if (bufsize > B43_DMA32_DCTL_BYTECNT)
		return -EMSGSIZE;

	ctl = b43_dma_desc_ctl_flags(nr_slots, slot, flags);
	addrext = b43_dma_address(dma, dmaaddr, B43_DMA_ADDR_EXT);

	if (type == B43_DMA_64BIT) {
		desc->dma64.control0 = cpu_to_le32(ctl);
		desc->dma64.control1 =
			cpu_to_le32(bufsize |
				    ((addrext << B43_DMA64_DCTL1_ADDREXT_SHIFT) &
				     B43_DMA64_DCTL1_ADDREXT_MASK));
		desc->dma64.address_low =
			cpu_to_le32(b43_dma_address(dma, dmaaddr,
						    B43_DMA_ADDR_LOW));
		desc->dma64.address_high =
			cpu_to_le32(b43_dma_address(dma, dmaaddr,
						    B43_DMA_ADDR_HIGH));
		return 0;
	}

	ctl |= bufsize;
	ctl |= (addrext << B43_DMA32_DCTL_ADDREXT_SHIFT) &
	       B43_DMA32_DCTL_ADDREXT_MASK;
	desc->dma32.control = cpu_to_le32(ctl);
	desc->dma32.address =
		cpu_to_le32(b43_dma_address(dma, dmaaddr, B43_DMA_ADDR_LOW));
	return 0;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_desc_encode);

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
enum b43_dmatype b43_dma_engine_type(bool dma64, u32 txctl_readback)
{
	if (dma64)
		return B43_DMA_64BIT;
	if (txctl_readback & B43_DMA32_TXADDREXT_MASK)
		return B43_DMA_32BIT;
	return B43_DMA_30BIT;
}
EXPORT_SYMBOL_IF_B43_KUNIT(b43_dma_engine_type);
