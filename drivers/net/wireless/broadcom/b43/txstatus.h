/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom B43 wireless driver
 * TX status reports: what the device says about each frame it sent
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/main.c, whose copyright notices follow:
 *   Copyright (c) 2005 Martin Langer <martin-langer@gmx.de>
 *   Copyright (c) 2005 Stefano Brivio <stefano.brivio@polimi.it>
 *   Copyright (c) 2005-2009 Michael Buesch <m@bues.ch>
 *   Copyright (c) 2005 Danny van Dyk <kugelfang@gentoo.org>
 *   Copyright (c) 2005 Andreas Jaggi <andreas.jaggi@waterwave.ch>
 *   Copyright (c) 2010-2011 Rafał Miłecki <zajec5@gmail.com>
 *   Copyright (c) 2009 Albert Herranz <albert_herranz@yahoo.es>
 *   Some parts of the code in this file are derived from the ipw2200
 *   driver  Copyright(c) 2003 - 2004 Intel Corporation.
 */
#ifndef B43_TXSTATUS_H_
#define B43_TXSTATUS_H_

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/types.h>

#include "b43.h"
#include "xmit.h"

/*
 * The firmware queues one report per transmitted frame in a FIFO that the
 * driver reads through two 32-bit registers (cores before rev 5 have a TX
 * status DMA ring instead, which b43 does not use).  Reading
 * B43_MMIO_XMITSTAT_0 gives the first word of the oldest report, valid bit
 * included; reading B43_MMIO_XMITSTAT_1 after it gives the second word.
 * Every bit is input from the device, so the unit gives a defined result
 * for any words, and it bounds the FIFO walk: a device that has gone away
 * reads all ones, valid bit set, for ever.  Header-only and inline, like
 * the DMA ring unit; the KUnit suite in tests/txstatus_kunit.c calls it
 * directly.
 */

/* Word 0 (B43_MMIO_XMITSTAT_0) */
#define B43_TXSTAT0_VALID		BIT(0)
#define B43_TXSTAT0_ACKED		BIT(1)
#define B43_TXSTAT0_SUPP_REASON		GENMASK(4, 2)
#define B43_TXSTAT0_FOR_AMPDU		BIT(5)
#define B43_TXSTAT0_INTERMEDIATE	BIT(6)
#define B43_TXSTAT0_PM_INDICATED	BIT(7)
#define B43_TXSTAT0_RTS_COUNT		GENMASK(11, 8)
#define B43_TXSTAT0_FRAME_COUNT		GENMASK(15, 12)
#define B43_TXSTAT0_COOKIE		GENMASK(31, 16)
/* Word 1 (B43_MMIO_XMITSTAT_1) */
#define B43_TXSTAT1_SEQ			GENMASK(15, 0)
#define B43_TXSTAT1_PHY_STAT		GENMASK(23, 16)

/* What a read of a register on a device that is no longer there gives */
#define B43_TXSTAT_DEAD			0xFFFFFFFFU

/*
 * More reports than the driver can have frames in flight (five TX rings of
 * 128 frames): a FIFO that still has a report after this many reads is
 * stuck, not busy.
 */
#define B43_TXSTATUS_FIFO_MAX		1024U

/**
 * b43_txstatus_check() - does a first status word hold a report
 * @v0: the value read from B43_MMIO_XMITSTAT_0
 *
 * Return: 0 when @v0 starts a report, -ENODATA when the FIFO is empty (the
 * valid bit is clear), -ENODEV when @v0 is all ones: the device is gone.
 */
static inline int b43_txstatus_check(u32 v0)
{
	if (v0 == B43_TXSTAT_DEAD)
		return -ENODEV;
	if (!(v0 & B43_TXSTAT0_VALID))
		return -ENODATA;
	return 0;
}

/**
 * b43_txstatus_decode() - fields of one TX status report
 * @v0: the first word, for which b43_txstatus_check() returned 0
 * @v1: the second word, read from B43_MMIO_XMITSTAT_1 after @v0
 * @status: filled with the report; every field is set
 *
 * The cookie is passed through as the device gives it: the DMA and PIO
 * code check it against their rings (b43_dma_cookie_ring_index() and
 * b43_dma_cookie_slot() in dma_ring.h).
 */
static inline void b43_txstatus_decode(u32 v0, u32 v1,
				       struct b43_txstatus *status)
{
	status->cookie = FIELD_GET(B43_TXSTAT0_COOKIE, v0);
	status->seq = FIELD_GET(B43_TXSTAT1_SEQ, v1);
	status->phy_stat = FIELD_GET(B43_TXSTAT1_PHY_STAT, v1);
	status->frame_count = FIELD_GET(B43_TXSTAT0_FRAME_COUNT, v0);
	status->rts_count = FIELD_GET(B43_TXSTAT0_RTS_COUNT, v0);
	status->supp_reason = FIELD_GET(B43_TXSTAT0_SUPP_REASON, v0);
	status->pm_indicated = !!(v0 & B43_TXSTAT0_PM_INDICATED);
	status->intermediate = !!(v0 & B43_TXSTAT0_INTERMEDIATE);
	status->for_ampdu = !!(v0 & B43_TXSTAT0_FOR_AMPDU);
	status->acked = !!(v0 & B43_TXSTAT0_ACKED);
}

/**
 * struct b43_txstatus_fifo - the TX status FIFO as b43_txstatus_fifo_read()
 * sees it
 * @read32: reads the device's 32-bit register at @offset
 *	(B43_MMIO_XMITSTAT_0 or B43_MMIO_XMITSTAT_1)
 * @report: takes one report, oldest first; NULL drops the reports
 * @ctx: the device, passed to both
 */
struct b43_txstatus_fifo {
	u32 (*read32)(void *ctx, u16 offset);
	void (*report)(void *ctx, const struct b43_txstatus *status);
	void *ctx;
};

/**
 * b43_txstatus_fifo_read() - take every report waiting in the TX status FIFO
 * @fifo: how to reach the FIFO and where the reports go
 *
 * Reads the first word of each report and the second only when the first
 * holds a report, the order in which the device pops its FIFO.  Stops at
 * the first empty read, at an all-ones read, or at a first word that would
 * start report number %B43_TXSTATUS_FIFO_MAX + 1, so it reads at most
 * 2 * %B43_TXSTATUS_FIFO_MAX + 1 words.  The reports taken before an error
 * have been handed to @fifo->report.
 *
 * Return: the number of reports taken, -ENODEV when a first word reads all
 * ones (the device is gone), or -EOVERFLOW when the FIFO still held a report
 * after %B43_TXSTATUS_FIFO_MAX of them.
 */
static inline int b43_txstatus_fifo_read(const struct b43_txstatus_fifo *fifo)
{
	struct b43_txstatus status;
	unsigned int n;
	u32 v0, v1;
	int err;

	for (n = 0; ; n++) {
		v0 = fifo->read32(fifo->ctx, B43_MMIO_XMITSTAT_0);
		err = b43_txstatus_check(v0);
		if (err == -ENODATA)
			return n;
		if (err)
			return err;
		if (n == B43_TXSTATUS_FIFO_MAX)
			return -EOVERFLOW;
		v1 = fifo->read32(fifo->ctx, B43_MMIO_XMITSTAT_1);
		if (fifo->report) {
			b43_txstatus_decode(v0, v1, &status);
			fifo->report(fifo->ctx, &status);
		}
	}
}

#endif /* B43_TXSTATUS_H_ */
