/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * DMA ring arithmetic, TX status cookies and descriptor encoding
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_DMA_RING_H_
#define B43_DMA_RING_H_

#include <linux/types.h>

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

/**
 * enum b43_dma_desc_flags - per-descriptor flags for b43_dma_desc_encode()
 *
 * @B43_DMA_DESC_FRAMESTART: the buffer starts a frame
 * @B43_DMA_DESC_FRAMEEND: the buffer ends a frame
 * @B43_DMA_DESC_IRQ: raise an interrupt when the engine is done with it
 *
 * The end-of-table flag is not among them: b43_dma_desc_encode() sets it
 * on the ring's last slot by itself.
 */
enum b43_dma_desc_flags {
	B43_DMA_DESC_FRAMESTART	= BIT(0),
	B43_DMA_DESC_FRAMEEND	= BIT(1),
	B43_DMA_DESC_IRQ	= BIT(2),
};

int b43_dma_next_slot(int nr_slots, int slot);
int b43_dma_prev_slot(int nr_slots, int slot);
int b43_dma_free_slots(int nr_slots, int used_slots);
bool b43_dma_tx_ring_full(int nr_slots, int used_slots);
int b43_dma_first_used_slot(int nr_slots, int current_slot, int used_slots);
int b43_dma_txstatus_start(int nr_slots, int current_slot, int used_slots,
			   int slot, int *skip);
int b43_dma_txhdr_index(int nr_slots, int slot);
void b43_dma_meta_poison(struct b43_dmadesc_meta *meta, int nr_slots);

u16 b43_dma_cookie_encode(unsigned int ring_index, int slot);
int b43_dma_cookie_ring_index(u16 cookie);
int b43_dma_cookie_slot(u16 cookie, int nr_slots);

size_t b43_dma_desc_size(enum b43_dmatype type);
u32 b43_dma_slot_to_offset(enum b43_dmatype type, int slot);
int b43_dma_offset_to_slot(enum b43_dmatype type, u32 status, int nr_slots);
u32 b43_dma_address(const struct b43_dma *dma, dma_addr_t dmaaddr,
		    enum b43_addrtype addrtype);
int b43_dma_desc_encode(enum b43_dmatype type, const struct b43_dma *dma,
			struct b43_dmadesc_generic *desc, int nr_slots,
			int slot, dma_addr_t dmaaddr, size_t bufsize,
			unsigned int flags);

enum b43_dmatype b43_dma_engine_type(bool dma64, u32 txctl_readback);

#endif /* B43_DMA_RING_H_ */
