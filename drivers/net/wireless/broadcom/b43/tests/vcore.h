/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * A virtual 802.11 core for the driver-level KUnit suites
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The unchanged driver talks to this model through the SSB bus ops
 * (include/linux/ssb/ssb.h struct ssb_bus_ops) or the BCMA host ops
 * (include/linux/bcma/bcma.h struct bcma_host_ops), the seams below struct
 * b43_bus_dev.  vcore.c says what it models, from which documents, and what
 * it leaves out.
 */
#ifndef B43_TESTS_VCORE_H_
#define B43_TESTS_VCORE_H_

#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/ssb/ssb.h>
#include <linux/types.h>

struct kunit;
struct firmware;
struct b43_vcore_bcma;
struct b43_wldev;

/* The core's register window (include/linux/ssb/ssb_regs.h SSB_CORE_SIZE) */
#define B43_VCORE_MMIO_SIZE	0x1000

/* Object memories behind the object control word (bcm-v4 ObjectMemory) */
enum b43_vcore_obj {
	B43_VCORE_OBJ_UCODE,	/* microcode memory */
	B43_VCORE_OBJ_SHARED,	/* shared memory */
	B43_VCORE_OBJ_SCRATCH,	/* microcode registers r0..r63 */
	B43_VCORE_OBJ_IHR,	/* internal hardware registers */
	B43_VCORE_OBJ_RCMTA,	/* receive match transmitter address */
	B43_VCORE_NR_OBJ,
};

/* The object control word's address offset: 16 bits of 32-bit words */
#define B43_VCORE_OBJ_WORDS	0x10000

/**
 * struct b43_vcore_cfg - what the virtual core is
 * @chip_id: the chip (ssb_bus.chip_id), e.g. 0x4318
 * @chip_rev: the chip revision
 * @core_rev: the 802.11 core revision (ssb_device_id.revision)
 * @phy_ver: the PHY version register: analog type in bits 15..12, PHY type
 *	in 11..8, revision in 7..0 (bcm-v4 "PHY Versioning")
 * @radio_id: the radio ID word of cores before revision 24: manufacturer in
 *	bits 11..0 (0x17F is Broadcom), radio version in 27..12, revision in
 *	31..28 (bcm-v4 "Radio Versioning")
 * @tmshigh: the SSB target state high register at reset; bits 16 and 17
 *	say whether the core has a 2.4 GHz and a 5 GHz PHY, bit 28
 *	(SSB_TMSHIGH_DMA64) gives it the 64-bit DMA engine
 * @fw_rev: the microcode revision the running microcode writes to shared
 *	memory byte 0 (bcm-v4 ObjectMemory, "Microcode version")
 * @fw_patch: its patch level (byte 2)
 * @fw_date: its date word (byte 4)
 * @fw_time: its time word (byte 6)
 * @fw_silent: the microcode never answers once started
 * @shm_stuck: writes to shared memory are lost (a broken core)
 * @tx_hold: transmitted frames get no TX status until the test releases
 *	them with b43_vcore_tx_complete()
 * @tx_nack: frames are reported not acknowledged
 * @tx_tries: the frame count reported (tries at the frame's rates)
 * @txs_all_ones: the TX status registers read all-ones (a device gone)
 * @dma_stuck: the DMA controllers (a bit each) that never report
 *	themselves disabled
 * @chipcommon: the SSB bus has a chipcommon core (registers only), as an
 *	N-PHY core's PLL and GPIO accesses need; a BCMA bus always has one
 * @bcma: the core sits on a BCMA bus hosted by a SoC, not on SSB; its
 *	agent's IO status flags are @tmshigh's bits 16-28, shifted down
 */
struct b43_vcore_cfg {
	u16 chip_id;
	u8 chip_rev;
	u8 core_rev;
	u16 phy_ver;
	u32 radio_id;
	u32 tmshigh;
	u16 fw_rev;
	u16 fw_patch;
	u16 fw_date;
	u16 fw_time;
	bool fw_silent;
	bool shm_stuck;
	bool tx_hold;
	bool tx_nack;
	u8 tx_tries;
	bool txs_all_ones;
	u8 dma_stuck;
	bool chipcommon;
	bool bcma;
};

/* The DMA engine: six controllers (vcore.c [DMA], [DMA64]) */
#define B43_VCORE_NR_DMA	6
#define B43_VCORE_MAX_TXF	160
#define B43_VCORE_TXF_DESC	4
#define B43_VCORE_TXF_SIZE	2600
#define B43_VCORE_TXS_FIFO	256

/**
 * struct b43_vcore_txframe - a frame the TX engine read from a ring
 * @ring: the DMA controller
 * @first_desc: the descriptor that started it (frame start flag)
 * @nr_desc: how many descriptors it took
 * @desc_len: each descriptor's byte count
 * @desc_flags: each descriptor's flags (control bits 28-31)
 * @len: the bytes of all its descriptors together
 * @cookie: the TX frame ID the header carries
 * @ended: its frame end was read
 * @data: the bytes, up to B43_VCORE_TXF_SIZE
 */
struct b43_vcore_txframe {
	u8 ring;
	u8 nr_desc;
	u16 first_desc;
	u16 desc_len[B43_VCORE_TXF_DESC];
	u8 desc_flags[B43_VCORE_TXF_DESC];
	unsigned int len;
	u16 cookie;
	bool ended;
	u8 data[B43_VCORE_TXF_SIZE];
};

/**
 * struct b43_vcore_dma - the state of one DMA controller the registers
 *	do not hold
 * @tx_cur: the byte offset of the TX descriptor the engine reads next
 * @rx_cur: the byte offset of the RX descriptor the engine fills next
 * @in_frame: a frame start was read, its end not yet
 * @txf: the frame being read
 */
struct b43_vcore_dma {
	u32 tx_cur;
	u32 rx_cur;
	bool in_frame;
	struct b43_vcore_txframe *txf;
};

/**
 * struct b43_vcore_write - one register write the driver made
 * @offset: the register, a byte offset in the core's window
 * @width: 2 or 4 bytes (1 for an 8-bit access)
 * @value: what was written
 */
struct b43_vcore_write {
	u16 offset;
	u8 width;
	u32 value;
};

/**
 * struct b43_vcore - a virtual 802.11 core on a fake SSB bus
 * @test: the test that owns it
 * @cfg: what the core is
 * @bus: the fake SSB bus; bustype SSB_BUSTYPE_SSB, so no host bridge.  Its
 *	SPROM is the core's SPROM on either bus: a BCMA core gets a copy of
 *	it when it is probed
 * @sdev: the 802.11 core the driver is handed: the bus's first core, as
 *	ssb_set_devtypedata() looks for it there
 * @dev: the struct device of @sdev (a KUnit device, dma-direct)
 * @bcma: for a core on a BCMA bus (@cfg.bcma), the fake BCMA bus and its
 *	cores; @sdev is then not handed to the driver
 * @lock: serialises the driver's accesses and the test's inspection
 * @mmio: the register window, little-endian as the core is
 * @cc_mmio: the chipcommon core's register window, when the bus has one
 *	(plain storage: no register of it has a side effect here)
 * @obj: the object memories, 32-bit words
 * @obj_ctl: the object control word last written
 * @ucode_written: the microcode memory was written since the core started
 * @pcm: the words written to the PCM data port (internal register 0x1EB)
 * @pcm_len: how many
 * @phy: the PHY registers, by the 16-bit number written to PHY control
 * @phy_addr: the PHY register selected
 * @radio: the radio registers
 * @radio_addr: the radio register selected
 * @log: every register write, in order
 * @log_len: entries in @log
 * @log_lost: writes that did not fit in @log
 * @bad_access: accesses outside the window, misaligned, or to an object
 *	the model does not know; each is a driver defect
 * @psm_starts: how often the driver started the microcode
 * @dma: the DMA controllers' engine state
 * @txf: the frames the TX engine read, in order
 * @nr_txf: how many
 * @nr_txs_done: of those, how many got their TX status
 * @txs: the TX status FIFO, {word 0, word 1} pairs
 * @txs_head: the next status the driver reads
 * @txs_len: statuses in the FIFO
 * @txs_latched: word 1 of the status read last, for register 0x174
 * @rx_dropped: frames the RX engine had no descriptor for
 * @rx_delivered: the frames the driver handed to mac80211, in order
 * @works: work the driver queued on mac80211's workqueue (taken over:
 *	the test runs it, or not)
 * @last_work: the work queued last
 */
struct b43_vcore {
	struct kunit *test;
	struct b43_vcore_cfg cfg;
	struct ssb_bus bus;
	struct ssb_device *sdev;
	struct device *dev;
	struct b43_vcore_bcma *bcma;
	spinlock_t lock;	/* see the kernel-doc above */
	u8 mmio[B43_VCORE_MMIO_SIZE];
	u8 cc_mmio[B43_VCORE_MMIO_SIZE];
	u32 *obj[B43_VCORE_NR_OBJ];
	u32 obj_ctl;
	bool ucode_written;
	u32 *pcm;
	unsigned int pcm_len;
	u16 *phy;
	u16 phy_addr;
	u16 *radio;
	u16 radio_addr;
	struct b43_vcore_write *log;
	unsigned int log_len;
	unsigned int log_lost;
	unsigned int bad_access;
	unsigned int psm_starts;
	struct b43_vcore_dma dma[B43_VCORE_NR_DMA];
	struct b43_vcore_txframe *txf;
	unsigned int nr_txf;
	unsigned int nr_txs_done;
	u32 txs[B43_VCORE_TXS_FIFO][2];
	unsigned int txs_head;
	unsigned int txs_len;
	u32 txs_latched;
	unsigned int rx_dropped;
	struct sk_buff_head rx_delivered;
	unsigned int works;
	struct work_struct *last_work;
};

/* A BCM4318 (G-PHY rev 7, radio 2050 rev 8) on core revision 9 */
extern const struct b43_vcore_cfg b43_vcore_bcm4318;
extern const struct b43_vcore_cfg b43_vcore_bcm4322;
extern const struct b43_vcore_cfg b43_vcore_bcma_nphy;
extern const struct b43_vcore_cfg b43_vcore_bcm4331;

struct b43_vcore *b43_vcore_new(struct kunit *test,
				const struct b43_vcore_cfg *cfg);
int b43_vcore_probe(struct b43_vcore *vc);
struct b43_wldev *b43_vcore_wldev(struct b43_vcore *vc);

void b43_vcore_log_clear(struct b43_vcore *vc);
u32 b43_vcore_reg32(struct b43_vcore *vc, u16 offset);
u16 b43_vcore_reg16(struct b43_vcore *vc, u16 offset);
u32 b43_vcore_obj_word(struct b43_vcore *vc, enum b43_vcore_obj obj,
		       u16 word);

const struct firmware *b43_vcore_firmware(const void *data, size_t len);

int b43_vcore_start(struct b43_vcore *vc);
int b43_vcore_irq(struct b43_vcore *vc);
void b43_vcore_txs_push(struct b43_vcore *vc, u32 word0, u32 word1);
unsigned int b43_vcore_tx_complete(struct b43_vcore *vc, unsigned int n);

/* b43_vcore_rx() flags */
#define B43_VCORE_RX_NO_DATA	BIT(0)	/* complete the descriptor, write nothing */

int b43_vcore_rx(struct b43_vcore *vc, const void *buf, size_t len,
		 unsigned int flags);
void b43_vcore_rx_pointer(struct b43_vcore *vc, u32 offset);
unsigned int b43_vcore_rx_posted(struct b43_vcore *vc);

#endif /* B43_TESTS_VCORE_H_ */
