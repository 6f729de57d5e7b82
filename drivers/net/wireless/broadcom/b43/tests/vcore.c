// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * A virtual 802.11 core for the driver-level KUnit suites
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The driver is not changed for this model: it is handed a struct
 * ssb_device whose bus ops (include/linux/ssb/ssb.h) are the functions
 * below, on a struct ssb_bus of type SSB_BUSTYPE_SSB, and goes through its
 * own b43_ssb_probe() and b43_bus_dev_ssb_init(); or, for a core of a BCMA
 * bus, a struct bcma_device on a SoC-hosted struct bcma_bus whose host ops
 * (include/linux/bcma/bcma.h) are the model, through b43_bcma_probe() and
 * b43_bus_dev_bcma_init().  The model decodes what
 * the driver writes from the hardware documentation, never with the
 * driver's headers:
 *
 * [MMIO]  bcm-v4 "MMIO" and FreeBSD bwn's if_bwnreg.h: MAC control 0x120
 *         (bit 0 MAC enabled, 1 PSM run, 2 PSM jump to 0, 10 IHR enabled,
 *         31 G mode), interrupt reason 0x128 (write 1 to clear; bit 0 MAC
 *         suspended), object control 0x160, object data 0x164 (low 16
 *         bits) and 0x166 (high 16 bits), PHY version 0x3E0, radio control
 *         0x3F6, radio data high 0x3F8 and low 0x3FA, PHY control 0x3FC,
 *         PHY data 0x3FE.  The 32-bit CFP start register 0x18C is seen
 *         as the two 16-bit registers 0x604 (low) and 0x606 (high) on core
 *         revisions 3 to 10 (bwn_chip_init()'s and b43's chip access
 *         check of it).
 * [OBJ]   bcm-v4 "ObjectMemory": the object control word is bit 25 auto-
 *         increment on read, bit 24 on write, bits 18..16 the object
 *         (0 microcode, 1 shared memory, 2 microcode registers, 3 internal
 *         hardware registers, 4 RCMTA), bits 15..0 a 32-bit word address;
 *         the running microcode keeps its revision, patch level, date and
 *         time at shared memory bytes 0, 2, 4 and 6.
 * [PCM]   bwn_fw_loaducode() (FreeBSD): the PCM image is written by
 *         setting internal hardware register 0x1EA to 0x4000 and then
 *         writing each word to register 0x1EB, which takes them in turn.
 * [SSB]   include/linux/ssb/ssb_regs.h: the backplane registers at
 *         0xF00..0xFFF of every core (target state low/high 0xF98/0xF9C,
 *         initiator state 0xF90, ID low 0xFF8) and the window size 0x1000.
 * [VER]   bcm-v4 "PHY Versioning" and "Radio Versioning": PHY type in bits
 *         11..8 of the PHY version, the radio ID read as two halves at
 *         radio register 1.
 * [RADIO] bcm-specs "RadioRegister": a G-PHY's 2050 radio has 128
 *         registers, 0x00..0x7F; a read sets bit 7 of the offset (G PHYs:
 *         offset |= 0x80) and offsets above 0x7F reach the same registers.
 *         brcmsmac phy_cmn.c read_radio_reg(), phy_radio.h: an N-PHY's
 *         2055 and 2056 are read with bit 8 of the offset set
 *         (RADIO_2055_READ_OFF), the 2057 with bit 9 (RADIO_2057_READ_OFF).
 *         From core revision 24 the radio is reached through 0x3D8
 *         (address) and 0x3DA (data) instead, and its ID is in radio
 *         registers 0 (revision in bits 0-3, version in 4-7), 1 and 2 (the
 *         ID's low and high byte): brcmsmac phy_cmn.c read_radio_id().
 * [NCAL]  brcmsmac phy_n.c: the 2056's resistor calibration starts when
 *         SYN register 0x2C (RCAL_MASTER) is written 0x9 and is done when
 *         bit 7 of SYN register 0x2D (RCAL_CODE_OUT) reads 1
 *         (wlc_phy_radio205x_rcal()); an N-PHY's RF control command
 *         register 0x78 clears its bits 0-1 when the override they start
 *         is done (wlc_phy_rfctrl_override_nphy_rev7()).  The model's
 *         calibrations and overrides are done at once.
 * [HT]    The HT-PHY's radio 2059 has no public document; what the model
 *         does for it is what the logs of Broadcom's driver that b43's
 *         phy_ht.c was written from show: registers of radio core 3 at
 *         0x800 + r, reads with bit 9 of the offset set; the resistor
 *         calibration started by bit 1 of 0x804 is done when bit 0 of
 *         0x945 reads 1, the RC calibration started by writing 0x55 to
 *         0x13C when bit 1 of 0x140 does.  The write to all three radio
 *         cores at once (0xC00 + r) is kept as a register of its own.
 * [BCMA]  include/linux/bcma/bcma_regs.h and drivers/bcma/core.c: each
 *         core has agent (wrapper) registers beside its window: IO control
 *         0x408, IO status 0x500, reset control 0x800 and status 0x804;
 *         the core-specific IO status flags are the bits SSB keeps in
 *         target state high bits 16-28 (brcmsmac aiutils.c ai_core_sflags()
 *         reads either): bit 0 a 2.4 GHz PHY, 1 a 5 GHz PHY, 12 DMA64.  The
 *         clock control register 0x1E0 of a core: requests in bits 1 (force
 *         HT), 4 (HT available) and 8-10 (external resources), status in
 *         bit 17 (HT available) and 24-26; bcma waits for the status.  The
 *         model's clocks come up at once.
 * [DMA]   The 32-bit DMA engine, the same Broadcom engine as the b44
 *         Ethernet core's (drivers/net/ethernet/broadcom/b44.h) and bwn's
 *         (if_bwnreg.h BWN_DMA32_*): controller i at 0x200 + 0x20 * i;
 *         TX control +0x00 (bit 0 enable, bits 16-17 address extension),
 *         TX ring address +0x04, TX last posted descriptor +0x08, TX
 *         status +0x0C; RX the same at +0x10..+0x1C, RX control bits 1-7
 *         the frame offset.  Status: bits 0-11 the current descriptor as
 *         a byte offset, bits 12-15 the state (0 disabled, 1 active,
 *         2 idle wait, 3 stopped).  A descriptor is two little-endian
 *         words, control and address; control bits 0-12 the byte count,
 *         16-17 address extension, 28 end of table, 29 interrupt on
 *         completion, 30 frame end, 31 frame start.  The engine walks the
 *         table from descriptor 0 and wraps after the end-of-table one.
 * [DMA64] The 64-bit engine, announced by the core's DMA64 capability
 *         (ssb_regs.h SSB_TMSHIGH_DMA64), as brcmsmac drives it (d11.h
 *         struct dma64regp, dma.c D64_*): controller i at 0x200 + 0x40 * i;
 *         TX control +0x00, pointer +0x04, ring address low/high +0x08,
 *         +0x0C, status 0 +0x10; RX the same at +0x20..+0x30.  Status 0:
 *         bits 0-12 the current descriptor in bytes, bits 28-31 the state
 *         (2 idle wait).  A descriptor is four little-endian words, ctrl1
 *         (the flags of [DMA] in bits 28-31), ctrl2 (byte count from bit
 *         0, address extension bits 16-17), address low, address high.
 * [IRQ]   brcmsmac d11.h: the interrupt reason of each DMA controller at
 *         0x20 + 8 * i (I_RU bit 13 RX descriptor underflow, I_RI bit 16
 *         RX done, I_XI bit 24 TX done), write 1 to clear; in the main
 *         reason MI_DMAINT bit 15 (any DMA) and MI_TFS bit 29 (a TX status
 *         is in the FIFO).
 * [TXS]   brcmsmac d11.h and main.c brcms_b_txstatus(): the TX status FIFO
 *         at 0x170 (frmtxstatus) and 0x174 (frmtxstatus2); word 0 bit 0
 *         valid (TXS_V), bit 1 acknowledged (TX_STATUS_ACK_RCV), bits 2-4
 *         suppression reason, 8-11 RTS tries, 12-15 frame tries, 16-31
 *         the frame ID (TXS_FID_MASK); word 1 bits 0-15 the sequence
 *         number, 16-23 PHY status.  Reading word 0 pops the entry.
 * [TXH]   The frame ID a frame's TX header carries: byte 0x48 for
 *         microcode older than 410 (bcm-v4 "TX header for ucode 351"),
 *         byte 0x4C from 410 (bwn's struct bwn_txhdr; brcmsmac d11txh
 *         TxFrameID, 16-bit word 0x26).
 * [RXF]   The RX engine writes a frame's bytes (the microcode's RX header,
 *         then the frame) from the start of the descriptor's buffer, at
 *         most its byte count per descriptor, and goes on in the next
 *         descriptor when the frame does not fit.  It keeps one
 *         descriptor free: it fills a descriptor only while the next one
 *         is not the one the driver last posted (RX +0x18), so that a full
 *         ring is told from an empty one.
 *
 * What the model leaves out: timing (every side effect is at once), the
 * microcode's own work (once started it only reports its revision and
 * suspends the MAC; it "transmits" each frame the TX engine reads, at
 * once, and reports it in the TX status FIFO unless the test holds it),
 * the radio's and PHY's analog behaviour (their registers are plain
 * storage), the size of each object memory on a given core (each is the
 * full 16-bit address range), PIO, and address translation for a PCI host
 * (the bus is SSB_BUSTYPE_SSB, where DMA addresses are not translated).
 * An access the documents do not allow - outside the window, misaligned,
 * an object number above 4, a 16-bit access with auto-increment, a
 * descriptor that points at no memory - is counted in bad_access and is a
 * driver defect.
 */
#include <kunit/device.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/bcma/bcma.h>
#include <linux/dma-direct.h>
#include <linux/firmware.h>
#include <linux/idr.h>
#include <linux/slab.h>
#include <linux/ssb/ssb_regs.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include "../b43.h"
#include "../dma.h"
#include "../main.h"
#include "../xmit.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* [MMIO] */
#define VC_MACCTL		0x120
#define  VC_MACCTL_ENABLED	BIT(0)
#define  VC_MACCTL_PSM_RUN	BIT(1)
#define  VC_MACCTL_PSM_JMP0	BIT(2)
#define VC_IRQ_REASON		0x128
#define  VC_IRQ_MAC_SUSPENDED	BIT(0)
#define VC_OBJ_CTL		0x160
#define VC_OBJ_DATA		0x164
#define VC_OBJ_DATA_HIGH	0x166
#define VC_CFP_START		0x18C
#define VC_CFP_START_LOW	0x604
#define VC_CFP_START_HIGH	0x606
#define VC_RADIO24_CTL		0x3D8
#define VC_RADIO24_DATA		0x3DA
#define VC_PHY_VER		0x3E0
#define VC_RADIO_CTL		0x3F6
#define VC_RADIO_DATA_HIGH	0x3F8
#define VC_RADIO_DATA_LOW	0x3FA
#define VC_PHY_CTL		0x3FC
#define VC_PHY_DATA		0x3FE

/* [OBJ] */
#define VC_OBJ_AUTOINC_R	BIT(25)
#define VC_OBJ_AUTOINC_W	BIT(24)
#define VC_OBJ_SEL(ctl)		(((ctl) >> 16) & 0x7)
#define VC_OBJ_ADDR(ctl)	((ctl) & 0xFFFF)

/* [PCM] */
#define VC_IHR_PCM_CTL		0x1EA
#define VC_IHR_PCM_DATA		0x1EB

/* [VER] */
#define VC_RADIO_ID_REG		0x01
#define VC_PHY_TYPE(vc)		(((vc)->cfg.phy_ver >> 8) & 0xF)
#define VC_PHY_N		4
#define VC_RADIO_VER(vc)	(((vc)->cfg.radio_id >> 12) & 0xFFFF)

/* [BCMA] */
#define VC_BCMA_CLKCTLST	0x1E0
#define VC_CLK_FORCEHT		BIT(1)
#define VC_CLK_HAVEHTREQ	BIT(4)
#define VC_CLK_EXTRESREQ	GENMASK(10, 8)
#define VC_CLK_HAVEHT		BIT(17)
#define VC_CLK_EXTRESST		GENMASK(26, 24)
#define VC_BCMA_IOST		0x500
#define VC_BCMA_AGENT_SIZE	0x1000

/* [NCAL] */
#define VC_2056_RCAL_MASTER	0x2C
#define VC_2056_RCAL_START	0x09
#define VC_2056_RCAL_CODE_OUT	0x2D
#define VC_2056_RCAL_DONE	BIT(7)
#define VC_NPHY_RFCTL_CMD	0x78
#define VC_NPHY_RFCTL_BUSY	GENMASK(1, 0)

/* [HT] */
#define VC_2059_RCAL_CONFIG	0x804
#define VC_2059_RCAL_START	BIT(1)
#define VC_2059_RCAL_STATUS	0x945
#define VC_2059_RCAL_DONE	BIT(0)
#define VC_2059_RCCAL_START	0x13C
#define VC_2059_RCCAL_GO	0x55
#define VC_2059_RCCAL_STATUS	0x140
#define VC_2059_RCCAL_DONE	BIT(1)

/* [DMA], [DMA64] */
#define VC_DMA_BASE		0x200
#define VC_DMA_CTL_ENABLE	BIT(0)
#define VC_DESC_EOT		BIT(28)
#define VC_DESC_IOC		BIT(29)
#define VC_DESC_EOF		BIT(30)
#define VC_DESC_SOF		BIT(31)
#define VC_DESC_AE		GENMASK(17, 16)

/* Where one engine has its registers, and what its descriptors look like */
struct vc_dma_layout {
	u16 stride;		/* between controllers */
	u16 txctl, txindex, txring, txringhi, txstatus;
	u16 rxctl, rxindex, rxring, rxringhi, rxstatus;
	u8 desc_size;
	u16 table;		/* bytes of descriptor table the pointers reach */
	u32 cd;			/* status: the current descriptor, in bytes */
	u32 idlewait;		/* status: the state of an enabled engine */
	u32 active;		/* status: the state of a busy one */
	u32 ctl_ae;		/* control: address extension */
	u32 len;		/* descriptor: the byte count */
};

static const struct vc_dma_layout vc_dma32 = {
	.stride = 0x20,
	.txctl = 0x00, .txring = 0x04, .txindex = 0x08, .txringhi = 0,
	.txstatus = 0x0C,
	.rxctl = 0x10, .rxring = 0x14, .rxindex = 0x18, .rxringhi = 0,
	.rxstatus = 0x1C,
	.desc_size = 8, .table = 4096, .cd = GENMASK(11, 0),
	.idlewait = 0x2000, .active = 0x1000, .ctl_ae = GENMASK(17, 16),
	.len = GENMASK(12, 0),
};

static const struct vc_dma_layout vc_dma64 = {
	.stride = 0x40,
	.txctl = 0x00, .txindex = 0x04, .txring = 0x08, .txringhi = 0x0C,
	.txstatus = 0x10,
	.rxctl = 0x20, .rxindex = 0x24, .rxring = 0x28, .rxringhi = 0x2C,
	.rxstatus = 0x30,
	.desc_size = 16, .table = 8192, .cd = GENMASK(12, 0),
	.idlewait = 0x20000000, .active = 0x10000000, .ctl_ae = GENMASK(17, 16),
	.len = GENMASK(12, 0),
};

/* A descriptor as the engine reads it: flags, byte count, address */
struct vc_desc {
	u32 flags;		/* VC_DESC_SOF ... VC_DESC_EOT */
	u32 len;
	bool ae;
	u64 addr;
};

/* [IRQ] */
#define VC_DMA_REASON(i)	(0x20 + 8 * (i))
#define VC_DMAIRQ_RU		BIT(13)
#define VC_DMAIRQ_RI		BIT(16)
#define VC_DMAIRQ_XI		BIT(24)
#define VC_IRQ_DMA		BIT(15)
#define VC_IRQ_TX_OK		BIT(29)

/* [TXS] */
#define VC_TXSTAT0		0x170
#define VC_TXSTAT1		0x174
#define VC_TXS_VALID		BIT(0)
#define VC_TXS_ACK		BIT(1)
#define VC_TXS_FRAMES_SHIFT	12

/* [TXH] */
#define VC_TXH_COOKIE_351	0x48
#define VC_TXH_COOKIE		0x4C

#define VC_LOG_SIZE		0x20000

/*
 * A BCM4318: ssb core revision 9, G-PHY revision 7 (analog 3), radio 2050
 * revision 8 by Broadcom (manufacturer 0x17F); a 2.4 GHz PHY only.  The
 * microcode reports 410.2160, one of the revisions xmit.h names as tested.
 */
const struct b43_vcore_cfg b43_vcore_bcm4318 = {
	.chip_id = 0x4318,
	.chip_rev = 2,
	.core_rev = 9,
	.phy_ver = 0x3207,
	.radio_id = 0x8205017F,
	.tmshigh = BIT(16),
	.fw_rev = 410,
	.fw_patch = 2160,
	.fw_date = 0x0521,
	.fw_time = 0x1200,
};

/*
 * A BCM4322: ssb core revision 16, N-PHY revision 3, radio 2056 revision
 * 3; both bands; 64-bit DMA.
 */
const struct b43_vcore_cfg b43_vcore_bcm4322 = {
	.chip_id = 0x4322,
	.chip_rev = 1,
	.core_rev = 16,
	.phy_ver = 0x0403,
	.radio_id = 0x3205617F,
	.tmshigh = BIT(16) | BIT(17) | BIT(28),
	.chipcommon = true,
	.fw_rev = 410,
	.fw_patch = 2160,
	.fw_date = 0x0521,
	.fw_time = 0x1200,
};

/*
 * An N-PHY core on a BCMA bus hosted by a SoC: core revision 23 (b43 runs
 * ucode16_mimo on it), the BCM4322's N-PHY and radio, a chipcommon core;
 * the chip ID a BCM43224's (0xA8D8), which bcma's PMU code knows.
 */
const struct b43_vcore_cfg b43_vcore_bcma_nphy = {
	.chip_id = 0xA8D8,
	.chip_rev = 1,
	.core_rev = 23,
	.phy_ver = 0x0403,
	.radio_id = 0x3205617F,
	.tmshigh = BIT(16) | BIT(17) | BIT(28),
	.chipcommon = true,
	.bcma = true,
	.fw_rev = 410,
	.fw_patch = 2160,
	.fw_date = 0x0521,
	.fw_time = 0x1200,
};

/*
 * A BCM4331: BCMA core revision 29 (ucode29_mimo), HT-PHY revision 1,
 * radio 2059 revision 0, a chipcommon core.  The PHY's analog type is 0:
 * the driver does not look at it for an HT-PHY.
 */
const struct b43_vcore_cfg b43_vcore_bcm4331 = {
	.chip_id = 0x4331,
	.chip_rev = 2,
	.core_rev = 29,
	.phy_ver = 0x0701,
	.radio_id = 0x0205917F,
	.tmshigh = BIT(16) | BIT(17) | BIT(28),
	.chipcommon = true,
	.bcma = true,
	.fw_rev = 410,
	.fw_patch = 2160,
	.fw_date = 0x0521,
	.fw_time = 0x1200,
};

static struct b43_vcore *to_vcore(struct ssb_device *sdev)
{
	return container_of(sdev->bus, struct b43_vcore, bus);
}

static bool vc_in_window(struct b43_vcore *vc, u16 offset, unsigned int width)
{
	if (offset + width > B43_VCORE_MMIO_SIZE || offset % width) {
		vc->bad_access++;
		return false;
	}
	return true;
}

/* A little-endian register of @width bytes in a register window */
static u32 vc_load(const u8 *win, u16 offset, unsigned int width)
{
	switch (width) {
	case 1:
		return win[offset];
	case 2:
		return get_unaligned_le16(&win[offset]);
	default:
		return get_unaligned_le32(&win[offset]);
	}
}

static void vc_store(u8 *win, u16 offset, unsigned int width, u32 value)
{
	switch (width) {
	case 1:
		win[offset] = value;
		break;
	case 2:
		put_unaligned_le16(value, &win[offset]);
		break;
	default:
		put_unaligned_le32(value, &win[offset]);
	}
}

static void vc_log(struct b43_vcore *vc, u16 offset, u8 width, u32 value)
{
	if (vc->log_len == VC_LOG_SIZE) {
		vc->log_lost++;
		return;
	}
	vc->log[vc->log_len++] = (struct b43_vcore_write){
		.offset = offset, .width = width, .value = value,
	};
}

static u32 vc_reg(struct b43_vcore *vc, u16 reg)
{
	return get_unaligned_le32(&vc->mmio[reg]);
}

static void vc_set_bits(struct b43_vcore *vc, u16 reg, u32 bits)
{
	put_unaligned_le32(vc_reg(vc, reg) | bits, &vc->mmio[reg]);
}

/* The object word the control word selects, or NULL (counted) */
static u32 *vc_obj_word(struct b43_vcore *vc)
{
	unsigned int sel = VC_OBJ_SEL(vc->obj_ctl);

	if (sel >= B43_VCORE_NR_OBJ) {
		vc->bad_access++;
		return NULL;
	}
	return &vc->obj[sel][VC_OBJ_ADDR(vc->obj_ctl)];
}

static void vc_obj_advance(struct b43_vcore *vc, u32 flag)
{
	if (vc->obj_ctl & flag)
		vc->obj_ctl = (vc->obj_ctl & ~0xFFFFu) |
			      ((VC_OBJ_ADDR(vc->obj_ctl) + 1) & 0xFFFF);
}

/*
 * A write to an object word.  @mask selects the half (or both) written.
 * Internal hardware register 0x1EB is the PCM data port [PCM].
 */
static void vc_obj_write(struct b43_vcore *vc, u32 value, u32 mask)
{
	unsigned int sel = VC_OBJ_SEL(vc->obj_ctl);
	u32 *w = vc_obj_word(vc);

	if (!w)
		return;
	if (sel == B43_VCORE_OBJ_IHR &&
	    VC_OBJ_ADDR(vc->obj_ctl) == VC_IHR_PCM_DATA && mask == ~0u) {
		if (vc->pcm_len < B43_VCORE_OBJ_WORDS)
			vc->pcm[vc->pcm_len++] = value;
		else
			vc->bad_access++;
		return;
	}
	if (sel == B43_VCORE_OBJ_IHR &&
	    VC_OBJ_ADDR(vc->obj_ctl) == VC_IHR_PCM_CTL)
		vc->pcm_len = 0;
	if (sel == B43_VCORE_OBJ_SHARED && vc->cfg.shm_stuck)
		return;
	if (sel == B43_VCORE_OBJ_UCODE)
		vc->ucode_written = true;
	*w = (*w & ~mask) | (value & mask);
}

/*
 * The microcode starts when PSM run is set with jump-to-0 clear.  Unless
 * it is silent, it reports its revision in shared memory [OBJ] and
 * suspends the MAC, which the interrupt reason says [MMIO].
 */
static void vc_macctl_written(struct b43_vcore *vc, u32 old, u32 new)
{
	u32 *shm = vc->obj[B43_VCORE_OBJ_SHARED];

	/* A running microcode suspends the MAC when asked to [MMIO] */
	if ((old & VC_MACCTL_ENABLED) && !(new & VC_MACCTL_ENABLED) &&
	    (new & VC_MACCTL_PSM_RUN) && !vc->cfg.fw_silent)
		vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_MAC_SUSPENDED);

	if ((old & VC_MACCTL_PSM_RUN) || !(new & VC_MACCTL_PSM_RUN) ||
	    (new & VC_MACCTL_PSM_JMP0))
		return;
	vc->psm_starts++;
	if (vc->cfg.fw_silent || !vc->ucode_written)
		return;
	shm[0] = vc->cfg.fw_rev | (u32)vc->cfg.fw_patch << 16;
	shm[1] = vc->cfg.fw_date | (u32)vc->cfg.fw_time << 16;
	vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_MAC_SUSPENDED);
}

/*
 * The CPU address of @len bytes of memory the driver gave the engine at
 * DMA address @addr (dma-direct: no IOMMU in the guests), or NULL - and a
 * bad access - for an address that is not memory.
 */
static void *vc_dma_mem(struct b43_vcore *vc, u64 addr, size_t len)
{
	phys_addr_t phys = dma_to_phys(vc->dev, addr);

	if (!len || !pfn_valid(PHYS_PFN(phys)) ||
	    !pfn_valid(PHYS_PFN(phys + len - 1))) {
		vc->bad_access++;
		return NULL;
	}
	return phys_to_virt(phys);
}

static const struct vc_dma_layout *vc_dl(struct b43_vcore *vc)
{
	return vc->cfg.tmshigh & SSB_TMSHIGH_DMA64 ? &vc_dma64 : &vc_dma32;
}

/* [DMA], [DMA64]: read the descriptor at byte @off of the table at @table */
static bool vc_desc_read(struct b43_vcore *vc, u64 table, u32 off,
			 struct vc_desc *d)
{
	const struct vc_dma_layout *l = vc_dl(vc);
	__le32 *w = vc_dma_mem(vc, table + off, l->desc_size);
	u32 w0, w1;

	if (!w)
		return false;
	w0 = le32_to_cpu(w[0]);
	w1 = le32_to_cpu(w[1]);
	if (l->desc_size == 8) {
		d->flags = w0 & GENMASK(31, 28);
		d->len = w0 & l->len;
		d->ae = w0 & VC_DESC_AE;
		d->addr = w1;
	} else {
		d->flags = w0 & GENMASK(31, 28);
		d->len = w1 & l->len;
		d->ae = w1 & VC_DESC_AE;
		d->addr = (u64)le32_to_cpu(w[3]) << 32 | le32_to_cpu(w[2]);
	}
	return true;
}

static u64 vc_table(struct b43_vcore *vc, u16 lo, u16 hi)
{
	u64 a = vc_reg(vc, lo);

	if (hi)
		a |= (u64)vc_reg(vc, hi) << 32;
	return a;
}

static void vc_txs_push(struct b43_vcore *vc, u32 word0, u32 word1)
{
	unsigned int i;

	if (vc->txs_len == B43_VCORE_TXS_FIFO) {
		vc->bad_access++;
		return;
	}
	i = (vc->txs_head + vc->txs_len++) % B43_VCORE_TXS_FIFO;
	vc->txs[i][0] = word0;
	vc->txs[i][1] = word1;
	vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_TX_OK);
}

/* [TXS] the status the microcode gives a frame it sent */
static void vc_tx_status(struct b43_vcore *vc, const struct b43_vcore_txframe *f)
{
	u32 word0 = VC_TXS_VALID | (u32)f->cookie << 16 |
		    (u32)(vc->cfg.tx_tries & 0xF) << VC_TXS_FRAMES_SHIFT;

	if (!vc->cfg.tx_nack)
		word0 |= VC_TXS_ACK;
	vc_txs_push(vc, word0, 0);
}

/* Frames that ended, in order, get their status until @n were given */
static unsigned int vc_tx_complete(struct b43_vcore *vc, unsigned int n)
{
	unsigned int done = 0;

	while (done < n && vc->nr_txs_done < vc->nr_txf &&
	       vc->txf[vc->nr_txs_done].ended) {
		vc_tx_status(vc, &vc->txf[vc->nr_txs_done++]);
		done++;
	}
	return done;
}

/* [DMA] one TX descriptor: a frame starts, goes on or ends */
static void vc_tx_desc(struct b43_vcore *vc, unsigned int i, u16 slot,
		       const struct vc_desc *desc)
{
	struct b43_vcore_dma *d = &vc->dma[i];
	u32 ctl = desc->flags, len = desc->len;
	struct b43_vcore_txframe *f;
	unsigned int n;
	void *mem;

	if (ctl & VC_DESC_SOF) {
		if (d->in_frame || vc->nr_txf == B43_VCORE_MAX_TXF) {
			vc->bad_access++;
			d->in_frame = false;
			return;
		}
		f = &vc->txf[vc->nr_txf++];
		memset(f, 0, offsetof(struct b43_vcore_txframe, data));
		f->ring = i;
		f->first_desc = slot;
		d->txf = f;
		d->in_frame = true;
	} else if (!d->in_frame) {
		vc->bad_access++;
		return;
	}
	f = d->txf;
	if (desc->ae)
		vc->bad_access++;
	if (f->nr_desc < B43_VCORE_TXF_DESC) {
		f->desc_len[f->nr_desc] = len;
		f->desc_flags[f->nr_desc] = ctl >> 28;
	}
	f->nr_desc++;
	mem = vc_dma_mem(vc, desc->addr, len);
	if (mem) {
		n = min_t(unsigned int, len, B43_VCORE_TXF_SIZE - f->len);
		memcpy(f->data + f->len, mem, n);
		f->len += n;
		if (n < len)
			vc->bad_access++;
	}
	if (!(ctl & VC_DESC_EOF))
		return;

	/* [TXH] the microcode reads the frame ID from the header */
	d->in_frame = false;
	n = vc->cfg.fw_rev < 410 ? VC_TXH_COOKIE_351 : VC_TXH_COOKIE;
	if (f->len >= n + 2)
		f->cookie = get_unaligned_le16(f->data + n);
	else
		vc->bad_access++;
	f->ended = true;
	if (!vc->cfg.tx_hold)
		vc_tx_complete(vc, 1);
}

/* [DMA] the driver posted descriptors up to its TX index: read them */
static void vc_tx_run(struct b43_vcore *vc, unsigned int i)
{
	const struct vc_dma_layout *l = vc_dl(vc);
	u16 base = VC_DMA_BASE + l->stride * i;
	u32 ctl = vc_reg(vc, base + l->txctl);
	u64 table = vc_table(vc, base + l->txring,
			     l->txringhi ? base + l->txringhi : 0);
	u32 last = vc_reg(vc, base + l->txindex) & l->cd;
	struct b43_vcore_dma *d = &vc->dma[i];
	struct vc_desc desc;
	bool irq = false;
	unsigned int n;

	if (!(ctl & VC_DMA_CTL_ENABLE))
		return;
	if (ctl & l->ctl_ae) {
		vc->bad_access++;
		return;
	}
	for (n = 0; d->tx_cur != last; n++) {
		if (n == l->table / l->desc_size || last % l->desc_size) {
			vc->bad_access++;	/* a pointer past the table */
			return;
		}
		if (!vc_desc_read(vc, table, d->tx_cur, &desc))
			return;
		vc_tx_desc(vc, i, d->tx_cur / l->desc_size, &desc);
		irq |= desc.flags & VC_DESC_IOC;
		d->tx_cur = desc.flags & VC_DESC_EOT ? 0 :
			    d->tx_cur + l->desc_size;
	}
	if (irq)
		vc_set_bits(vc, VC_DMA_REASON(i), VC_DMAIRQ_XI);
}

static u32 vc_dma_status(struct b43_vcore *vc, unsigned int i, u16 ctl,
			 u32 cur)
{
	const struct vc_dma_layout *l = vc_dl(vc);

	if (vc->cfg.dma_stuck & BIT(i))
		return (cur & l->cd) | l->active;
	return (cur & l->cd) |
	       (vc_reg(vc, ctl) & VC_DMA_CTL_ENABLE ? l->idlewait : 0);
}

static bool vc_is_dma(struct b43_vcore *vc, u16 offset)
{
	return offset >= VC_DMA_BASE &&
	       offset < VC_DMA_BASE + vc_dl(vc)->stride * B43_VCORE_NR_DMA;
}

/* A DMA controller register: status reads, pointer writes */
static bool vc_dma_read(struct b43_vcore *vc, u16 offset, u32 *v)
{
	const struct vc_dma_layout *l = vc_dl(vc);
	unsigned int i = (offset - VC_DMA_BASE) / l->stride;
	u16 base = VC_DMA_BASE + l->stride * i, r = offset - base;

	if (r == l->txstatus) {
		*v = vc_dma_status(vc, i, base + l->txctl, vc->dma[i].tx_cur);
		return true;
	}
	if (r == l->rxstatus) {
		*v = vc_dma_status(vc, i, base + l->rxctl, vc->dma[i].rx_cur);
		return true;
	}
	return false;
}

static void vc_dma_written(struct b43_vcore *vc, u16 offset)
{
	const struct vc_dma_layout *l = vc_dl(vc);
	unsigned int i = (offset - VC_DMA_BASE) / l->stride;
	u16 base = VC_DMA_BASE + l->stride * i, r = offset - base;
	bool on = vc_reg(vc, offset) & VC_DMA_CTL_ENABLE;

	if (r == l->txctl && !on) {
		vc->dma[i].tx_cur = 0;
		vc->dma[i].in_frame = false;
	} else if (r == l->rxctl && !on) {
		vc->dma[i].rx_cur = 0;
	} else if (r == l->txindex) {
		vc_tx_run(vc, i);
	}
}

static bool vc_is_w1c(u16 offset)
{
	return offset == VC_IRQ_REASON ||
	       (offset >= VC_DMA_REASON(0) &&
		offset < VC_DMA_REASON(B43_VCORE_NR_DMA) && !(offset % 8));
}

/* [RADIO] the radio register the radio control register selects */
static u16 vc_radio_reg(struct b43_vcore *vc, bool read)
{
	switch (VC_RADIO_VER(vc)) {
	case 0x2050:
		return vc->radio_addr & 0x7F;
	case 0x2055:
	case 0x2056:
		return read ? vc->radio_addr & ~0x100 : vc->radio_addr;
	case 0x2057:
	case 0x2059:
		return read ? vc->radio_addr & ~0x200 : vc->radio_addr;
	}
	return vc->radio_addr;
}

/* [BCMA] the clocks a write to the clock control register asks for */
static void vc_clk_written(struct b43_vcore *vc, u32 value)
{
	u32 st = value & ~(VC_CLK_HAVEHT | VC_CLK_EXTRESST);

	if (value & (VC_CLK_FORCEHT | VC_CLK_HAVEHTREQ))
		st |= VC_CLK_HAVEHT;
	st |= (value & VC_CLK_EXTRESREQ) << 16;
	put_unaligned_le32(st, &vc->mmio[VC_BCMA_CLKCTLST]);
}

/* [NCAL] a PHY register write, and what it starts */
static void vc_phy_write(struct b43_vcore *vc, u16 value)
{
	if (VC_PHY_TYPE(vc) == VC_PHY_N && vc->phy_addr == VC_NPHY_RFCTL_CMD)
		value &= ~VC_NPHY_RFCTL_BUSY;
	vc->phy[vc->phy_addr] = value;
}

/* [NCAL], [HT] a radio register write, and what it starts */
static void vc_radio_write(struct b43_vcore *vc, u16 value)
{
	u16 reg = vc_radio_reg(vc, false);

	vc->radio[reg] = value;
	switch (VC_RADIO_VER(vc)) {
	case 0x2056:
		if (reg == VC_2056_RCAL_MASTER && value == VC_2056_RCAL_START)
			vc->radio[VC_2056_RCAL_CODE_OUT] |= VC_2056_RCAL_DONE;
		break;
	case 0x2059:
		if (reg == VC_2059_RCAL_CONFIG && (value & VC_2059_RCAL_START))
			vc->radio[VC_2059_RCAL_STATUS] |= VC_2059_RCAL_DONE;
		if (reg == VC_2059_RCCAL_START && value == VC_2059_RCCAL_GO)
			vc->radio[VC_2059_RCCAL_STATUS] |= VC_2059_RCCAL_DONE;
		break;
	}
}

/* [RADIO] the radio's own registers from core revision 24 on */
static bool vc_radio24(struct b43_vcore *vc, u16 offset, unsigned int width)
{
	return vc->cfg.core_rev >= 24 && width == 2 &&
	       (offset == VC_RADIO24_CTL || offset == VC_RADIO24_DATA);
}

static u32 vc_read(struct b43_vcore *vc, u16 offset, unsigned int width)
{
	u32 v, *w;

	if (!vc_in_window(vc, offset, width))
		return ~0u >> (32 - 8 * width);

	if (width == 4 && vc_is_dma(vc, offset) && vc_dma_read(vc, offset, &v))
		return v;
	if (vc_radio24(vc, offset, width) && offset == VC_RADIO24_DATA)
		return vc->radio[vc_radio_reg(vc, true)];

	switch (offset) {
	case VC_TXSTAT0:
		if (width != 4)
			break;
		if (vc->cfg.txs_all_ones)
			return ~0u;
		if (!vc->txs_len)
			return 0;
		v = vc->txs[vc->txs_head][0];
		vc->txs_latched = vc->txs[vc->txs_head][1];
		vc->txs_head = (vc->txs_head + 1) % B43_VCORE_TXS_FIFO;
		vc->txs_len--;
		return v;
	case VC_TXSTAT1:
		if (width != 4)
			break;
		return vc->cfg.txs_all_ones ? ~0u : vc->txs_latched;
	case VC_OBJ_DATA:
	case VC_OBJ_DATA_HIGH:
		if (width == 1 || (width == 2 && (vc->obj_ctl & VC_OBJ_AUTOINC_R))) {
			vc->bad_access++;
			return 0;
		}
		w = vc_obj_word(vc);
		v = w ? *w : 0;
		if (offset == VC_OBJ_DATA_HIGH)
			return v >> 16;
		if (width == 2)
			return v & 0xFFFF;
		vc_obj_advance(vc, VC_OBJ_AUTOINC_R);
		return v;
	case VC_PHY_DATA:
		if (width == 2)
			return vc->phy[vc->phy_addr];
		break;
	case VC_RADIO_DATA_LOW:
	case VC_RADIO_DATA_HIGH:
		if (width != 2)
			break;
		if (vc->radio_addr == VC_RADIO_ID_REG)
			return offset == VC_RADIO_DATA_LOW ?
			       vc->cfg.radio_id & 0xFFFF :
			       vc->cfg.radio_id >> 16;
		return offset == VC_RADIO_DATA_LOW ?
		       vc->radio[vc_radio_reg(vc, true)] : 0;
	}

	return vc_load(vc->mmio, offset, width);
}

static void vc_write(struct b43_vcore *vc, u16 offset, unsigned int width,
		     u32 value)
{
	u32 old;

	vc_log(vc, offset, width, value);
	if (!vc_in_window(vc, offset, width))
		return;

	if (vc_radio24(vc, offset, width)) {
		if (offset == VC_RADIO24_CTL)
			vc->radio_addr = value;
		else
			vc_radio_write(vc, value);
		return;
	}

	if (vc_is_w1c(offset)) {
		/* Write 1 to clear [MMIO], [IRQ] */
		old = vc_read(vc, offset, width);
		vc_store(vc->mmio, offset, width, old & ~value);
		return;
	}

	switch (offset) {
	case VC_MACCTL:
		old = get_unaligned_le32(&vc->mmio[VC_MACCTL]);
		vc_store(vc->mmio, offset, width, value);
		vc_macctl_written(vc, old,
				  get_unaligned_le32(&vc->mmio[VC_MACCTL]));
		return;
	case VC_OBJ_DATA:
	case VC_OBJ_DATA_HIGH:
		if (width == 1 ||
		    (width == 2 && (vc->obj_ctl & VC_OBJ_AUTOINC_W))) {
			vc->bad_access++;
			return;
		}
		if (width == 4) {
			vc_obj_write(vc, value, ~0u);
			vc_obj_advance(vc, VC_OBJ_AUTOINC_W);
		} else if (offset == VC_OBJ_DATA) {
			vc_obj_write(vc, value, 0x0000FFFF);
		} else {
			vc_obj_write(vc, value << 16, 0xFFFF0000);
		}
		return;
	case VC_PHY_VER:
		return;		/* read-only */
	case VC_PHY_DATA:
		if (width == 2) {
			vc_phy_write(vc, value);
			return;
		}
		break;
	case VC_RADIO_DATA_LOW:
		if (width == 2) {
			vc_radio_write(vc, value);
			return;
		}
		break;
	}

	vc_store(vc->mmio, offset, width, value);
	if (width == 4 && vc_is_dma(vc, offset))
		vc_dma_written(vc, offset);
	if (vc->cfg.bcma && offset == VC_BCMA_CLKCTLST && width == 4)
		vc_clk_written(vc, value);
	if (offset == VC_CFP_START && width == 4 &&
	    vc->cfg.core_rev >= 3 && vc->cfg.core_rev <= 10) {
		put_unaligned_le16(value, &vc->mmio[VC_CFP_START_LOW]);
		put_unaligned_le16(value >> 16, &vc->mmio[VC_CFP_START_HIGH]);
	}
	if (offset == VC_OBJ_CTL && width == 4)
		vc->obj_ctl = value;
	else if (offset == VC_PHY_CTL && width == 2)
		vc->phy_addr = value;
	else if (offset == VC_RADIO_CTL && width == 2)
		vc->radio_addr = value;
}

/* The chipcommon core: registers that hold what is written */
static u32 vc_cc_read(struct b43_vcore *vc, u16 offset, unsigned int width)
{
	if (!vc_in_window(vc, offset, width))
		return ~0u >> (32 - 8 * width);
	return vc_load(vc->cc_mmio, offset, width);
}

static void vc_cc_write(struct b43_vcore *vc, u16 offset, unsigned int width,
			u32 value)
{
	if (vc_in_window(vc, offset, width))
		vc_store(vc->cc_mmio, offset, width, value);
}

/*
 * The bus ops: one access each to the 802.11 core or (@cc) to the
 * chipcommon core, under the core's lock
 */
static u32 vc_bus_read(struct b43_vcore *vc, bool cc, u16 offset,
		       unsigned int width)
{
	unsigned long flags;
	u32 v;

	spin_lock_irqsave(&vc->lock, flags);
	if (cc)
		v = vc_cc_read(vc, offset, width);
	else
		v = vc_read(vc, offset, width);
	spin_unlock_irqrestore(&vc->lock, flags);
	return v;
}

static void vc_bus_write(struct b43_vcore *vc, bool cc, u16 offset,
			 unsigned int width, u32 value)
{
	unsigned long flags;

	spin_lock_irqsave(&vc->lock, flags);
	if (cc)
		vc_cc_write(vc, offset, width, value);
	else
		vc_write(vc, offset, width, value);
	spin_unlock_irqrestore(&vc->lock, flags);
}

static u32 vc_read_locked(struct ssb_device *sdev, u16 offset,
			  unsigned int width)
{
	struct b43_vcore *vc = to_vcore(sdev);

	return vc_bus_read(vc, sdev != vc->sdev, offset, width);
}

static void vc_write_locked(struct ssb_device *sdev, u16 offset,
			    unsigned int width, u32 value)
{
	struct b43_vcore *vc = to_vcore(sdev);

	vc_bus_write(vc, sdev != vc->sdev, offset, width, value);
}

static u8 vc_read8(struct ssb_device *sdev, u16 offset)
{
	return vc_read_locked(sdev, offset, 1);
}

static u16 vc_read16(struct ssb_device *sdev, u16 offset)
{
	return vc_read_locked(sdev, offset, 2);
}

static u32 vc_read32(struct ssb_device *sdev, u16 offset)
{
	return vc_read_locked(sdev, offset, 4);
}

static void vc_write8(struct ssb_device *sdev, u16 offset, u8 value)
{
	vc_write_locked(sdev, offset, 1, value);
}

static void vc_write16(struct ssb_device *sdev, u16 offset, u16 value)
{
	vc_write_locked(sdev, offset, 2, value);
}

static void vc_write32(struct ssb_device *sdev, u16 offset, u32 value)
{
	vc_write_locked(sdev, offset, 4, value);
}

/* A block access is @count bytes through one FIFO register of @reg_width */
static void __maybe_unused vc_block_rd(struct b43_vcore *vc, void *buffer,
				       size_t count, u16 offset, u8 reg_width)
{
	unsigned long flags;
	u8 *p = buffer;
	size_t i;

	spin_lock_irqsave(&vc->lock, flags);
	if (!reg_width || reg_width > 4 || count % reg_width)
		vc->bad_access++;
	else
		for (i = 0; i < count; i += reg_width) {
			u32 v = vc_read(vc, offset, reg_width);

			if (reg_width == 4)
				put_unaligned_le32(v, p + i);
			else if (reg_width == 2)
				put_unaligned_le16(v, p + i);
			else
				p[i] = v;
		}
	spin_unlock_irqrestore(&vc->lock, flags);
}

static void __maybe_unused vc_block_wr(struct b43_vcore *vc,
				       const void *buffer, size_t count,
				       u16 offset, u8 reg_width)
{
	const u8 *p = buffer;
	unsigned long flags;
	size_t i;

	spin_lock_irqsave(&vc->lock, flags);
	if (!reg_width || reg_width > 4 || count % reg_width)
		vc->bad_access++;
	else
		for (i = 0; i < count; i += reg_width)
			vc_write(vc, offset, reg_width,
				 reg_width == 4 ? get_unaligned_le32(p + i) :
				 reg_width == 2 ? get_unaligned_le16(p + i) :
				 p[i]);
	spin_unlock_irqrestore(&vc->lock, flags);
}

#ifdef CONFIG_SSB_BLOCKIO
static void vc_block_read(struct ssb_device *sdev, void *buffer, size_t count,
			  u16 offset, u8 reg_width)
{
	vc_block_rd(to_vcore(sdev), buffer, count, offset, reg_width);
}

static void vc_block_write(struct ssb_device *sdev, const void *buffer,
			   size_t count, u16 offset, u8 reg_width)
{
	vc_block_wr(to_vcore(sdev), buffer, count, offset, reg_width);
}
#endif

static const struct ssb_bus_ops b43_vcore_ops = {
	.read8 = vc_read8,
	.read16 = vc_read16,
	.read32 = vc_read32,
	.write8 = vc_write8,
	.write16 = vc_write16,
	.write32 = vc_write32,
#ifdef CONFIG_SSB_BLOCKIO
	.block_read = vc_block_read,
	.block_write = vc_block_write,
#endif
};

/* [BCMA] the fake BCMA bus: the 802.11 core and chipcommon, on a SoC */
struct b43_vcore_bcma {
	struct bcma_bus bus;
	struct bcma_device core;
	struct bcma_device cc;
	struct b43_vcore *vc;
	u8 agent[2][VC_BCMA_AGENT_SIZE];	/* the core's, chipcommon's */
};

static struct b43_vcore_bcma *to_vb(struct bcma_device *core)
{
	return container_of(core->bus, struct b43_vcore_bcma, bus);
}

static u32 vb_read(struct bcma_device *core, u16 offset, unsigned int width)
{
	struct b43_vcore_bcma *vb = to_vb(core);

	return vc_bus_read(vb->vc, core == &vb->cc, offset, width);
}

static void vb_write(struct bcma_device *core, u16 offset, unsigned int width,
		     u32 value)
{
	struct b43_vcore_bcma *vb = to_vb(core);

	vc_bus_write(vb->vc, core == &vb->cc, offset, width, value);
}

static u8 vb_read8(struct bcma_device *core, u16 offset)
{
	return vb_read(core, offset, 1);
}

static u16 vb_read16(struct bcma_device *core, u16 offset)
{
	return vb_read(core, offset, 2);
}

static u32 vb_read32(struct bcma_device *core, u16 offset)
{
	return vb_read(core, offset, 4);
}

static void vb_write8(struct bcma_device *core, u16 offset, u8 value)
{
	vb_write(core, offset, 1, value);
}

static void vb_write16(struct bcma_device *core, u16 offset, u16 value)
{
	vb_write(core, offset, 2, value);
}

static void vb_write32(struct bcma_device *core, u16 offset, u32 value)
{
	vb_write(core, offset, 4, value);
}

#ifdef CONFIG_BCMA_BLOCKIO
static void vb_block_read(struct bcma_device *core, void *buffer,
			  size_t count, u16 offset, u8 reg_width)
{
	vc_block_rd(to_vb(core)->vc, buffer, count, offset, reg_width);
}

static void vb_block_write(struct bcma_device *core, const void *buffer,
			   size_t count, u16 offset, u8 reg_width)
{
	vc_block_wr(to_vb(core)->vc, buffer, count, offset, reg_width);
}
#endif

/* [BCMA] the agent registers: what is written, read back */
static u8 *vb_agent(struct bcma_device *core, u16 offset)
{
	struct b43_vcore_bcma *vb = to_vb(core);

	if (offset + 4 > VC_BCMA_AGENT_SIZE || offset % 4) {
		vb->vc->bad_access++;
		return NULL;
	}
	return &vb->agent[core == &vb->cc][offset];
}

static u32 vb_aread32(struct bcma_device *core, u16 offset)
{
	struct b43_vcore *vc = to_vb(core)->vc;
	unsigned long flags;
	u32 v = ~0u;
	u8 *r;

	spin_lock_irqsave(&vc->lock, flags);
	r = vb_agent(core, offset);
	if (r)
		v = get_unaligned_le32(r);
	spin_unlock_irqrestore(&vc->lock, flags);
	return v;
}

static void vb_awrite32(struct bcma_device *core, u16 offset, u32 value)
{
	struct b43_vcore *vc = to_vb(core)->vc;
	unsigned long flags;
	u8 *r;

	spin_lock_irqsave(&vc->lock, flags);
	r = vb_agent(core, offset);
	if (r)
		put_unaligned_le32(value, r);
	spin_unlock_irqrestore(&vc->lock, flags);
}

static const struct bcma_host_ops b43_vcore_bcma_ops = {
	.read8 = vb_read8,
	.read16 = vb_read16,
	.read32 = vb_read32,
	.write8 = vb_write8,
	.write16 = vb_write16,
	.write32 = vb_write32,
#ifdef CONFIG_BCMA_BLOCKIO
	.block_read = vb_block_read,
	.block_write = vb_block_write,
#endif
	.aread32 = vb_aread32,
	.awrite32 = vb_awrite32,
};

KUNIT_DEFINE_ACTION_WRAPPER(vc_kvfree, kvfree, const void *);
KUNIT_DEFINE_ACTION_WRAPPER(vc_skb_queue_purge, skb_queue_purge,
			    struct sk_buff_head *);

static DEFINE_IDA(b43_vcore_ida);

static void vc_ida_free(void *id)
{
	ida_free(&b43_vcore_ida, (long)id);
}

static void *vc_kvzalloc(struct kunit *test, size_t size)
{
	void *p = kvzalloc(size, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, vc_kvfree, p));
	return p;
}

/* The core's memory is the test's: nothing to free on the last put */
static void vb_dev_release(struct device *dev)
{
}

KUNIT_DEFINE_ACTION_WRAPPER(vb_put_device, put_device, struct device *);

/*
 * [BCMA] The same core on a fake BCMA bus hosted by a SoC (no host bridge):
 * the 802.11 core, then chipcommon, with the agent's IO status flags of
 * cfg.tmshigh.  DMA goes to the KUnit device.
 */
static void vc_bcma_new(struct b43_vcore *vc)
{
	struct b43_vcore_bcma *vb = vc_kvzalloc(vc->test, sizeof(*vb));

	vb->vc = vc;
	vb->bus.hosttype = BCMA_HOSTTYPE_SOC;
	vb->bus.ops = &b43_vcore_bcma_ops;
	vb->bus.chipinfo.id = vc->cfg.chip_id;
	vb->bus.chipinfo.rev = vc->cfg.chip_rev;
	vb->bus.boardinfo.vendor = SSB_BOARDVENDOR_BCM;
	INIT_LIST_HEAD(&vb->bus.cores);

	vb->core.bus = &vb->bus;
	vb->core.id.manuf = BCMA_MANUF_BCM;
	vb->core.id.id = BCMA_CORE_80211;
	vb->core.id.rev = vc->cfg.core_rev;
	vb->core.id.class = BCMA_CL_SIM;
	vb->core.dma_dev = vc->dev;
	list_add_tail(&vb->core.list, &vb->bus.cores);

	vb->cc.bus = &vb->bus;
	vb->cc.id.manuf = BCMA_MANUF_BCM;
	vb->cc.id.id = BCMA_CORE_CHIPCOMMON;
	vb->cc.core_index = 1;
	list_add_tail(&vb->cc.list, &vb->bus.cores);
	vb->bus.drv_cc.core = &vb->cc;
	vb->bus.drv_cc.pmu.core = &vb->cc;
	spin_lock_init(&vb->bus.drv_cc.gpio_lock);

	put_unaligned_le32(vc->cfg.tmshigh >> 16, &vb->agent[0][VC_BCMA_IOST]);
	vc->bcma = vb;

	/* A device the driver can take references to (the firmware loader
	 * does), named after the KUnit device; dropped when the test ends,
	 * after the driver let go of the core.
	 */
	device_initialize(&vb->core.dev);
	vb->core.dev.release = vb_dev_release;
	KUNIT_ASSERT_EQ(vc->test, 0,
			kunit_add_action_or_reset(vc->test, vb_put_device,
						  &vb->core.dev));
	KUNIT_ASSERT_EQ(vc->test, 0, dev_set_name(&vb->core.dev, "%s-bcma",
						  dev_name(vc->dev)));
}

/**
 * b43_vcore_new() - make a virtual core, not yet probed
 * @test: the test that owns it; everything is freed when it ends
 * @cfg: what the core is
 *
 * The SPROM is that of a 2.4 GHz board with a locally administered MAC
 * address; a test may change @vc->bus.sprom before b43_vcore_probe().
 *
 * Return: the core.  Fails the test if memory runs out.
 */
struct b43_vcore *b43_vcore_new(struct kunit *test,
				const struct b43_vcore_cfg *cfg)
{
	static const u8 mac[ETH_ALEN] = { 0x02, 0x00, 0x00, 0x43, 0x18, 0x01 };
	struct b43_vcore *vc;
	unsigned int i;
	char name[32];
	int id;

	vc = vc_kvzalloc(test, sizeof(*vc));
	vc->test = test;
	vc->cfg = *cfg;
	spin_lock_init(&vc->lock);
	for (i = 0; i < B43_VCORE_NR_OBJ; i++)
		vc->obj[i] = vc_kvzalloc(test, B43_VCORE_OBJ_WORDS * sizeof(u32));
	vc->pcm = vc_kvzalloc(test, B43_VCORE_OBJ_WORDS * sizeof(u32));
	vc->phy = vc_kvzalloc(test, 0x10000 * sizeof(u16));
	vc->radio = vc_kvzalloc(test, 0x10000 * sizeof(u16));
	vc->log = vc_kvzalloc(test, VC_LOG_SIZE * sizeof(*vc->log));
	vc->txf = vc_kvzalloc(test, B43_VCORE_MAX_TXF * sizeof(*vc->txf));
	skb_queue_head_init(&vc->rx_delivered);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test,
							   vc_skb_queue_purge,
							   &vc->rx_delivered));
	if (!vc->cfg.tx_tries)
		vc->cfg.tx_tries = 1;

	/* A test may make several cores: each device has a driver of its name */
	id = ida_alloc(&b43_vcore_ida, GFP_KERNEL);
	KUNIT_ASSERT_GE(test, id, 0);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, vc_ida_free,
							   (void *)(long)id));
	snprintf(name, sizeof(name), "b43-vcore%d", id);
	vc->dev = kunit_device_register(test, name);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vc->dev);

	vc->bus.bustype = SSB_BUSTYPE_SSB;
	vc->bus.chip_id = cfg->chip_id;
	vc->bus.chip_rev = cfg->chip_rev;
	vc->bus.boardinfo.vendor = SSB_BOARDVENDOR_BCM;
	vc->bus.sprom.revision = 2;
	vc->bus.sprom.board_rev = 0x10;
	ether_addr_copy(vc->bus.sprom.il0mac, mac);
	vc->bus.sprom.maxpwr_bg = 0x4C;
	vc->bus.sprom.itssi_bg = 0x3E;

	vc->bus.nr_devices = 1;
	vc->sdev = &vc->bus.devices[0];
	vc->sdev->bus = &vc->bus;
	vc->sdev->ops = &b43_vcore_ops;
	vc->sdev->dev = vc->dev;
	vc->sdev->dma_dev = vc->dev;
	vc->sdev->id.vendor = SSB_VENDOR_BROADCOM;
	vc->sdev->id.coreid = SSB_DEV_80211;
	vc->sdev->id.revision = cfg->core_rev;
	if (cfg->chipcommon) {
		/* The second core: chipcommon, what ssb_bus_scan() would find */
		struct ssb_device *cc = &vc->bus.devices[1];

		vc->bus.nr_devices = 2;
		cc->bus = &vc->bus;
		cc->ops = &b43_vcore_ops;
		cc->dev = vc->dev;
		cc->id.vendor = SSB_VENDOR_BROADCOM;
		cc->id.coreid = SSB_DEV_CHIPCOMMON;
		vc->bus.chipco.dev = cc;
		spin_lock_init(&vc->bus.chipco.gpio_lock);
	}

	/* [VER], [RADIO], [SSB] */
	put_unaligned_le16(cfg->phy_ver, &vc->mmio[VC_PHY_VER]);
	if (cfg->core_rev >= 24) {
		vc->radio[0] = cfg->radio_id >> 28;
		vc->radio[1] = VC_RADIO_VER(vc) & 0xFF;
		vc->radio[2] = VC_RADIO_VER(vc) >> 8;
	}
	put_unaligned_le32(cfg->tmshigh, &vc->mmio[SSB_TMSHIGH]);
	if (cfg->bcma)
		vc_bcma_new(vc);
	return vc;
}

/* The bus takes the core away, unless a test did */
static void vc_remove(void *data)
{
	struct b43_vcore *vc = data;

	if (vc->bcma) {
		if (bcma_get_drvdata(&vc->bcma->core))
			b43_bcma_remove(&vc->bcma->core);
	} else if (ssb_get_drvdata(vc->sdev)) {
		b43_ssb_remove(vc->sdev);
	}
}

/**
 * b43_vcore_probe() - attach the driver to the core, as its bus would
 * @vc: the core
 *
 * Calls b43_ssb_probe() (b43_bcma_probe() for a BCMA core, with a copy of
 * @vc->bus.sprom as the BCMA bus's SPROM) and waits for the firmware
 * request it starts: the guest has no b43 firmware, so it fails as on a
 * machine without it and nothing is registered with mac80211.  A core
 * that probed is removed through b43_ssb_remove() (b43_bcma_remove())
 * when the test ends.
 *
 * Return: what the probe returned.
 */
int b43_vcore_probe(struct b43_vcore *vc)
{
	static const struct ssb_device_id id = SSB_DEVICE(SSB_VENDOR_BROADCOM,
							  SSB_DEV_80211,
							  SSB_ANY_REV);
	struct b43_wl *wl;
	int err;

	if (vc->bcma) {
		vc->bcma->bus.sprom = vc->bus.sprom;
		err = b43_bcma_probe(&vc->bcma->core);
	} else {
		err = b43_ssb_probe(vc->sdev, &id);
	}
	if (err)
		return err;
	wl = b43_vcore_wldev(vc)->wl;
	flush_work(&wl->firmware_load);
	KUNIT_ASSERT_EQ(vc->test, 0,
			kunit_add_action_or_reset(vc->test, vc_remove, vc));
	return 0;
}

/**
 * b43_vcore_wldev() - the driver's device for a probed core
 * @vc: the core
 *
 * Return: the struct b43_wldev b43_ssb_probe() attached.
 */
struct b43_wldev *b43_vcore_wldev(struct b43_vcore *vc)
{
	if (vc->bcma)
		return bcma_get_drvdata(&vc->bcma->core);
	return ssb_get_drvdata(vc->sdev);
}

/**
 * b43_vcore_log_clear() - forget the writes so far
 * @vc: the core
 */
void b43_vcore_log_clear(struct b43_vcore *vc)
{
	unsigned long flags;

	spin_lock_irqsave(&vc->lock, flags);
	vc->log_len = 0;
	vc->log_lost = 0;
	spin_unlock_irqrestore(&vc->lock, flags);
}

/**
 * b43_vcore_reg32() - a 32-bit register as the core holds it
 * @vc: the core
 * @offset: the register, 4-byte aligned, inside the window
 *
 * Return: its value, with no side effect.
 */
u32 b43_vcore_reg32(struct b43_vcore *vc, u16 offset)
{
	return get_unaligned_le32(&vc->mmio[offset & (B43_VCORE_MMIO_SIZE - 4)]);
}

/**
 * b43_vcore_reg16() - a 16-bit register as the core holds it
 * @vc: the core
 * @offset: the register, 2-byte aligned, inside the window
 *
 * Return: its value, with no side effect.
 */
u16 b43_vcore_reg16(struct b43_vcore *vc, u16 offset)
{
	return get_unaligned_le16(&vc->mmio[offset & (B43_VCORE_MMIO_SIZE - 2)]);
}

/**
 * b43_vcore_obj_word() - a word of an object memory
 * @vc: the core
 * @obj: the object
 * @word: the 32-bit word address
 *
 * Return: the word.
 */
u32 b43_vcore_obj_word(struct b43_vcore *vc, enum b43_vcore_obj obj, u16 word)
{
	return vc->obj[obj][word];
}

/**
 * b43_vcore_firmware() - a firmware blob the driver may release
 * @data: the file's bytes
 * @len: how many
 *
 * The blob is what request_firmware() would return for a file read
 * directly: release_firmware() frees it (vfree() of the data, kfree() of
 * the struct), so the driver owns it once handed over.
 *
 * Return: the blob, or NULL if memory runs out.
 */
const struct firmware *b43_vcore_firmware(const void *data, size_t len)
{
	struct firmware *fw = kzalloc(sizeof(*fw), GFP_KERNEL);
	void *buf = vmalloc(len);

	if (!fw || !buf) {
		kfree(fw);
		vfree(buf);
		return NULL;
	}
	memcpy(buf, data, len);
	fw->data = buf;
	fw->size = len;
	return fw;
}

static struct b43_vcore *wl_to_vcore(struct b43_wl *wl)
{
	struct b43_bus_dev *dev = wl->current_dev->dev;

	if (dev->bus_type == B43_BUS_BCMA)
		return to_vb(dev->bdev)->vc;
	return to_vcore(dev->sdev);
}

/* mac80211's workqueue, taken over: the work is counted, not run */
static void vc_queue_work(struct b43_wl *wl, struct work_struct *work)
{
	struct b43_vcore *vc = wl_to_vcore(wl);

	vc->works++;
	vc->last_work = work;
}

/* mac80211's RX path, taken over: the frames wait for the test */
static void vc_rx_deliver(struct b43_wl *wl, struct sk_buff *skb)
{
	skb_queue_tail(&wl_to_vcore(wl)->rx_delivered, skb);
}

/*
 * b43_wireless_core_stop() without free_irq() (and with no work to cancel:
 * none ran), then b43_wireless_core_exit()
 */
static void vc_stop(void *data)
{
	struct b43_wldev *dev = data;

	mutex_lock(&dev->wl->mutex);
	if (b43_status(dev) == B43_STAT_STARTED) {
		b43_set_status(dev, B43_STAT_INITIALIZED);
		b43_write32(dev, B43_MMIO_GEN_IRQ_MASK, 0);
		b43_mac_suspend(dev);
	}
	b43_wireless_core_exit(dev);
	mutex_unlock(&dev->wl->mutex);
}

static int vc_give_fw(struct b43_firmware_file *f, const u8 *file, size_t len)
{
	release_firmware(f->data);
	f->data = b43_vcore_firmware(file, len);
	f->filename = "b43-vcore";
	f->type = B43_FWTYPE_PROPRIETARY;
	return f->data ? 0 : -ENOMEM;
}

/**
 * b43_vcore_start() - bring a probed core up, as mac80211's start would
 * @vc: the core
 *
 * What b43_op_start() does, on the real driver code: with a one-word
 * microcode and an empty initial-values file in place of the files the
 * guest does not have, b43_wireless_core_init() (chip, PHY, DMA rings on
 * the model's engine), then what b43_wireless_core_start() does after
 * request_threaded_irq() (wake the queues, status started, MAC enabled,
 * interrupt mask), which these suites leave out: b43_vcore_irq() calls the
 * handlers.  The channel (the 2.4 GHz band's first), the retry limits
 * (the wiphy's) and the rates a TX status reports (hw->max_rates) are what
 * ieee80211_register_hw() sets, which these suites never call.  mac80211's
 * workqueue and RX path are taken over (b43_queue_work(),
 * b43_rx_deliver()): queued work is counted in @vc->works, received frames
 * wait in @vc->rx_delivered.  The core is stopped and exited when the
 * test ends.
 *
 * Return: 0, or the error of b43_wireless_core_init().
 */
int b43_vcore_start(struct b43_vcore *vc)
{
	static const u8 ucode[] = { 'u', 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0 };
	static const u8 initvals[] = { 'i', 1, 0, 0, 0, 0, 0, 0 };
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	struct ieee80211_hw *hw = dev->wl->hw;
	int err;

	kunit_activate_static_stub(vc->test, b43_queue_work, vc_queue_work);
	kunit_activate_static_stub(vc->test, b43_rx_deliver, vc_rx_deliver);
	if (vc_give_fw(&dev->fw.ucode, ucode, sizeof(ucode)) ||
	    vc_give_fw(&dev->fw.initvals, initvals, sizeof(initvals)))
		return -ENOMEM;
	cfg80211_chandef_create(&hw->conf.chandef,
				&hw->wiphy->bands[NL80211_BAND_2GHZ]->channels[0],
				NL80211_CHAN_NO_HT);
	hw->conf.long_frame_max_tx_count = hw->wiphy->retry_long;
	hw->conf.short_frame_max_tx_count = hw->wiphy->retry_short;
	if (!hw->max_report_rates)
		hw->max_report_rates = hw->max_rates;

	mutex_lock(&dev->wl->mutex);
	err = b43_wireless_core_init(dev);
	if (!err) {
		ieee80211_wake_queues(hw);
		b43_set_status(dev, B43_STAT_STARTED);
		b43_mac_enable(dev);
		b43_write32(dev, B43_MMIO_GEN_IRQ_MASK, dev->irq_mask);
	}
	mutex_unlock(&dev->wl->mutex);
	if (err)
		return err;
	return kunit_add_action_or_reset(vc->test, vc_stop, dev);
}

/**
 * b43_vcore_irq() - take the core's interrupt, as the IRQ core would
 * @vc: the core
 *
 * Calls b43_interrupt_handler() and, when it asks for it, the threaded
 * handler b43_interrupt_thread_handler(), on IRQ 0 (never the core's: the
 * handlers do not look at it).
 *
 * Return: what the top half returned (IRQ_NONE, IRQ_WAKE_THREAD, ...).
 */
int b43_vcore_irq(struct b43_vcore *vc)
{
	struct b43_wldev *dev = b43_vcore_wldev(vc);
	irqreturn_t ret;

	ret = b43_interrupt_handler(0, dev);
	if (ret == IRQ_WAKE_THREAD)
		b43_interrupt_thread_handler(0, dev);
	return ret;
}

/**
 * b43_vcore_txs_push() - put a TX status of the test's own in the FIFO
 * @vc: the core
 * @word0: status word 0 [TXS]
 * @word1: status word 1
 */
void b43_vcore_txs_push(struct b43_vcore *vc, u32 word0, u32 word1)
{
	unsigned long flags;

	spin_lock_irqsave(&vc->lock, flags);
	vc_txs_push(vc, word0, word1);
	spin_unlock_irqrestore(&vc->lock, flags);
}

/**
 * b43_vcore_tx_complete() - report frames held by &b43_vcore_cfg.tx_hold
 * @vc: the core
 * @n: how many, oldest first
 *
 * Return: how many got their status (fewer when fewer were sent).
 */
unsigned int b43_vcore_tx_complete(struct b43_vcore *vc, unsigned int n)
{
	unsigned long flags;
	unsigned int done;

	spin_lock_irqsave(&vc->lock, flags);
	done = vc_tx_complete(vc, n);
	spin_unlock_irqrestore(&vc->lock, flags);
	return done;
}

/**
 * b43_vcore_rx() - receive a frame through the RX engine [RXF]
 * @vc: the core
 * @buf: what the engine writes: the microcode's RX header, then the frame
 * @len: how many bytes
 * @flags: B43_VCORE_RX_NO_DATA to complete one descriptor without writing
 *
 * The frame goes into the descriptors from the engine's current one, at
 * most each one's byte count, and the engine moves past them and raises
 * RX done; with no descriptor free it drops the frame and raises RX
 * descriptor underflow instead.
 *
 * Return: the descriptors used, -ENODEV with the engine disabled, or
 * -ENOSPC when there was no descriptor.
 */
int b43_vcore_rx(struct b43_vcore *vc, const void *buf, size_t len,
		 unsigned int flags)
{
	const struct vc_dma_layout *l = vc_dl(vc);
	u64 table = vc_table(vc, VC_DMA_BASE + l->rxring,
			     l->rxringhi ? VC_DMA_BASE + l->rxringhi : 0);
	struct b43_vcore_dma *d = &vc->dma[0];
	unsigned long irqflags;
	struct vc_desc desc;
	size_t pos = 0;
	u32 cur, posted;
	int used = 0;

	spin_lock_irqsave(&vc->lock, irqflags);
	posted = vc_reg(vc, VC_DMA_BASE + l->rxindex) & l->cd;
	if (!(vc_reg(vc, VC_DMA_BASE + l->rxctl) & VC_DMA_CTL_ENABLE)) {
		spin_unlock_irqrestore(&vc->lock, irqflags);
		return -ENODEV;
	}
	cur = d->rx_cur;
	do {
		u32 next, n;
		void *mem;

		if (!vc_desc_read(vc, table, cur, &desc))
			break;
		next = desc.flags & VC_DESC_EOT ? 0 : cur + l->desc_size;
		if (next == posted || used == l->table / l->desc_size) {
			vc->rx_dropped++;
			vc_set_bits(vc, VC_DMA_REASON(0), VC_DMAIRQ_RU);
			vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_DMA);
			spin_unlock_irqrestore(&vc->lock, irqflags);
			return -ENOSPC;
		}
		n = min_t(size_t, desc.len, len - pos);
		if (flags & B43_VCORE_RX_NO_DATA) {
			pos = len;
		} else {
			mem = vc_dma_mem(vc, desc.addr, n);
			if (mem)
				memcpy(mem, buf + pos, n);
			pos += n;
		}
		cur = next;
		used++;
	} while (pos < len);
	d->rx_cur = cur;
	vc_set_bits(vc, VC_DMA_REASON(0), VC_DMAIRQ_RI);
	vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_DMA);
	spin_unlock_irqrestore(&vc->lock, irqflags);
	return used;
}

/**
 * b43_vcore_rx_pointer() - make the RX engine report a descriptor pointer
 * @vc: the core
 * @offset: the byte offset its status register is to show
 *
 * For a device that reports a pointer outside the ring; raises RX done.
 */
void b43_vcore_rx_pointer(struct b43_vcore *vc, u32 offset)
{
	unsigned long flags;

	spin_lock_irqsave(&vc->lock, flags);
	vc->dma[0].rx_cur = offset & vc_dl(vc)->cd;
	vc_set_bits(vc, VC_DMA_REASON(0), VC_DMAIRQ_RI);
	vc_set_bits(vc, VC_IRQ_REASON, VC_IRQ_DMA);
	spin_unlock_irqrestore(&vc->lock, flags);
}

/**
 * b43_vcore_rx_posted() - the RX descriptor the driver last posted
 * @vc: the core
 *
 * Return: RX +0x18 as a descriptor index.
 */
unsigned int b43_vcore_rx_posted(struct b43_vcore *vc)
{
	const struct vc_dma_layout *l = vc_dl(vc);

	return (vc_reg(vc, VC_DMA_BASE + l->rxindex) & l->cd) / l->desc_size;
}
