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
 * A pure unit: every function here and every inline helper in dma_ring.h
 * takes values and returns values (or fills memory the caller owns).
 * Nothing touches a register, a DMA mapping or a struct b43_wldev, so the
 * KUnit suite in tests/dma_ring_kunit.c can reach every path without a
 * device.  Values that come from the device (a TX status cookie, a
 * descriptor pointer read from a status register) are validated and give a
 * negative errno, never an index.
 */
#include <linux/errno.h>

#include "kunit.h"
#include "dma_ring.h"

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
