/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * RX header and PLCP parse: what the device says about a received frame
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_RXHDR_H_
#define B43_RXHDR_H_

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/ieee80211.h>
#include <linux/minmax.h>
#include <linux/stddef.h>
#include <linux/types.h>

#include <net/cfg80211.h>

#include "b43.h"
#include "xmit.h"

/*
 * Every field of the RX header and of the PLCP in front of the frame comes
 * from the device and is input, so b43_rxhdr_parse() gives a defined result
 * for any bytes and any lengths: a description of the frame, or an error.
 * It runs for every received frame and has one caller, b43_rx(), so it is
 * inline like the DMA ring unit; the KUnit suite in tests/rxhdr_kunit.c
 * calls it directly.
 */

/**
 * b43_plcp_get_bitrate_idx_cck() - rate index of a received CCK PLCP header
 * @plcp: the PLCP header the device stored in front of the frame
 *
 * Reads the SIGNAL byte (the rate in units of 100 kbit/s, IEEE 802.11
 * HR/DSSS PLCP).
 *
 * Return: the index into the driver's 2 GHz bitrate table (0: 1 Mbit/s,
 * 1: 2 Mbit/s, 2: 5.5 Mbit/s, 3: 11 Mbit/s), or -1 for any other SIGNAL.
 */
static inline int
b43_plcp_get_bitrate_idx_cck(const struct b43_plcp_hdr6 *plcp)
{
	switch (plcp->raw[0]) {
	case 0x0A:
		return 0;
	case 0x14:
		return 1;
	case 0x37:
		return 2;
	case 0x6E:
		return 3;
	}
	return -1;
}

/**
 * b43_plcp_get_bitrate_idx_ofdm() - rate index of a received OFDM PLCP header
 * @plcp: the PLCP header the device stored in front of the frame
 * @ghz5: the frame came in on the 5 GHz band
 *
 * Reads the RATE bits (bits 0-3) of the OFDM SIGNAL field.
 *
 * Return: the index into the driver's bitrate table of the band (6 Mbit/s
 * is index 0 on 5 GHz and index 4 on 2 GHz, after the four CCK rates), or
 * -1 for a RATE value that names no rate.
 */
static inline int
b43_plcp_get_bitrate_idx_ofdm(const struct b43_plcp_hdr6 *plcp, bool ghz5)
{
	/* For 2 GHz band first OFDM rate is at index 4, see main.c */
	int base = ghz5 ? 0 : 4;

	switch (plcp->raw[0] & 0xF) {
	case 0xB:
		return base + 0;
	case 0xF:
		return base + 1;
	case 0xA:
		return base + 2;
	case 0xE:
		return base + 3;
	case 0x9:
		return base + 4;
	case 0xD:
		return base + 5;
	case 0x8:
		return base + 6;
	case 0xC:
		return base + 7;
	}
	return -1;
}

/**
 * struct b43_rx_cfg - what the parse needs to know besides the frame
 * @bands: the device's bands as registered with mac80211 (wiphy->bands):
 *	a frame on a band without an entry is refused
 * @hdr_format: the firmware's header format (struct b43_firmware.hdr_format),
 *	which places the MAC status, MAC time and channel words
 * @fw_rev: the firmware's revision: G-PHY firmware before 508 gives the
 *	channel field as the frequency minus 2400 MHz
 * @plcp_fail: pass on frames whose PLCP names no rate (FIF_PLCPFAIL)
 */
struct b43_rx_cfg {
	struct ieee80211_supported_band *const *bands;
	enum b43_firmware_hdr_format hdr_format;
	u16 fw_rev;
	bool plcp_fail;
};

/* The hardware decrypted the frame with the key at @key_idx. */
#define B43_RXINFO_DECRYPTED	BIT(0)
/*
 * The PHY (G or LP) gives the raw @jssi, which the radio's RSSI conversion
 * turns into the signal in dBm, with the three flags after it as inputs.
 */
#define B43_RXINFO_JSSI		BIT(1)
#define B43_RXINFO_OFDM		BIT(2)	/* an OFDM frame */
#define B43_RXINFO_GAINCTL	BIT(3)	/* legacy PHY gain control */
#define B43_RXINFO_TRSTATE	BIT(4)	/* TR switch state */

/*
 * The least an 802.11 frame carries after the PLCP and padding: frame
 * control, duration, address 1 (an ACK or CTS) and the FCS.
 */
#define B43_RX_MIN_FRAME_LEN	(2 + 2 + ETH_ALEN + FCS_LEN)

/**
 * struct b43_rxinfo - what the RX header says that mac80211's status cannot
 * @mac_time: the low 16 bits of the TSF when the frame began
 * @pull: bytes in front of the 802.11 header: the PLCP and any padding
 * @flags: B43_RXINFO_*
 * @key_idx: the firmware's key index, with B43_RXINFO_DECRYPTED
 * @jssi: the raw JSSI, with B43_RXINFO_JSSI
 */
struct b43_rxinfo {
	u16 mac_time;
	u8 pull;
	u8 flags;
	u8 key_idx;
	u8 jssi;
};

/**
 * b43_rxhdr_parse() - describe a received frame from its RX header and PLCP
 * @status: mac80211's RX status, zeroed by the caller; gets the flags,
 *	rate, antenna, band, frequency and, unless B43_RXINFO_JSSI, signal
 * @info: the rest of the description
 * @rxhdr: the RX header the device wrote in front of the frame
 * @hdr_len: bytes of @rxhdr that are valid
 * @frame: the frame after the RX header: padding, PLCP, 802.11 frame, FCS
 * @len: bytes at @frame
 * @cfg: the firmware and device facts the header does not carry
 *
 * Nothing outside @hdr_len bytes of @rxhdr and @len bytes of @frame is read.
 * Once the header is long enough, RX_FLAG_FAILED_FCS_CRC in @status->flag
 * is set whatever the result, so that the caller can count FCS errors of
 * frames it drops.  A frame whose PLCP names no rate, passed on because of
 * @cfg->plcp_fail, gets RX_FLAG_FAILED_PLCP_CRC and rate index 0: mac80211
 * takes the rate index of any other frame as an index into the band's
 * bitrate table.
 *
 * Return: 0 and @status and @info filled in; -EBADMSG when the hardware
 * could not decrypt the frame; -EMSGSIZE when the header or the frame is too
 * short for what the header says; -EILSEQ when the PLCP names no rate (for
 * this band) and @cfg->plcp_fail is false; -EPROTO when the channel field
 * names a PHY type b43 does not drive or a band the device did not
 * register; -EINVAL for an unknown @cfg->hdr_format.
 */
static inline int b43_rxhdr_parse(struct ieee80211_rx_status *status,
				  struct b43_rxinfo *info,
				  const struct b43_rxhdr_fw4 *rxhdr,
				  size_t hdr_len, const u8 *frame, size_t len,
				  const struct b43_rx_cfg *cfg)
{
	const struct b43_plcp_hdr6 *plcp;
	const struct ieee80211_hdr *wlhdr;
	u16 phystat0, chanstat, chanid;
	u32 macstat;
	u8 band;
	int rate;

	switch (cfg->hdr_format) {
	case B43_FW_HDR_598:
		if (hdr_len < offsetofend(struct b43_rxhdr_fw4,
					  format_598.channel))
			return -EMSGSIZE;
		macstat = le32_to_cpu(rxhdr->format_598.mac_status);
		info->mac_time = le16_to_cpu(rxhdr->format_598.mac_time);
		chanstat = le16_to_cpu(rxhdr->format_598.channel);
		break;
	case B43_FW_HDR_410:
	case B43_FW_HDR_351:
		if (hdr_len < offsetofend(struct b43_rxhdr_fw4,
					  format_351.channel))
			return -EMSGSIZE;
		macstat = le32_to_cpu(rxhdr->format_351.mac_status);
		info->mac_time = le16_to_cpu(rxhdr->format_351.mac_time);
		chanstat = le16_to_cpu(rxhdr->format_351.channel);
		break;
	default:
		return -EINVAL;
	}
	phystat0 = le16_to_cpu(rxhdr->phy_status0);

	if (macstat & B43_RX_MAC_FCSERR)
		status->flag |= RX_FLAG_FAILED_FCS_CRC;
	if (macstat & B43_RX_MAC_DECERR)
		return -EBADMSG;

	info->pull = sizeof(*plcp) + ((macstat & B43_RX_MAC_PADDING) ? 2 : 0);
	if (len < info->pull + B43_RX_MIN_FRAME_LEN)
		return -EMSGSIZE;
	plcp = (const struct b43_plcp_hdr6 *)(frame + info->pull -
					      sizeof(*plcp));
	wlhdr = (const struct ieee80211_hdr *)(frame + info->pull);

	info->flags = 0;
	if (macstat & B43_RX_MAC_DEC) {
		/* The 802.11 header and the start of the IV (6.12's rule). */
		if (len - info->pull <
		    ieee80211_hdrlen(wlhdr->frame_control) + 3)
			return -EMSGSIZE;
		info->key_idx = (macstat & B43_RX_MAC_KEYIDX) >>
				B43_RX_MAC_KEYIDX_SHIFT;
		info->flags = B43_RXINFO_DECRYPTED;
	}

	chanid = (chanstat & B43_RX_CHAN_ID) >> B43_RX_CHAN_ID_SHIFT;
	band = (chanstat & B43_RX_CHAN_5GHZ) ? NL80211_BAND_5GHZ :
					       NL80211_BAND_2GHZ;
	switch (chanstat & B43_RX_CHAN_PHYTYPE) {
	case B43_PHYTYPE_HT:
		status->signal = max3(rxhdr->phy_ht_power0,
				      rxhdr->phy_ht_power1,
				      rxhdr->phy_ht_power2);
		break;
	case B43_PHYTYPE_N:
		/* Broadcom has code for min and avg, but always uses max */
		if (rxhdr->power0 == 16 || rxhdr->power0 == 32)
			status->signal = max(rxhdr->power1, rxhdr->power2);
		else
			status->signal = max(rxhdr->power0, rxhdr->power1);
		break;
	case B43_PHYTYPE_G:
		/* A 2.4 GHz-only PHY, whatever the band bit says. */
		band = NL80211_BAND_2GHZ;
		fallthrough;
	case B43_PHYTYPE_LP:
		info->jssi = rxhdr->jssi;
		info->flags |= B43_RXINFO_JSSI;
		if (phystat0 & B43_RX_PHYST0_OFDM)
			info->flags |= B43_RXINFO_OFDM;
		if (phystat0 & B43_RX_PHYST0_GAINCTL)
			info->flags |= B43_RXINFO_GAINCTL;
		if (le16_to_cpu(rxhdr->phy_status3) & B43_RX_PHYST3_TRSTATE)
			info->flags |= B43_RXINFO_TRSTATE;
		break;
	default:
		return -EPROTO;
	}
	if (!cfg->bands[band])
		return -EPROTO;

	/* CCK exists only on 2.4 GHz (IEEE 802.11 clauses 15 and 16). */
	if (phystat0 & B43_RX_PHYST0_OFDM)
		rate = b43_plcp_get_bitrate_idx_ofdm(plcp,
						     band == NL80211_BAND_5GHZ);
	else if (band == NL80211_BAND_2GHZ)
		rate = b43_plcp_get_bitrate_idx_cck(plcp);
	else
		rate = -1;
	if (rate < 0) {
		if (!cfg->plcp_fail)
			return -EILSEQ;
		status->flag |= RX_FLAG_FAILED_PLCP_CRC;
		rate = 0;
	}
	if (phystat0 & (B43_RX_PHYST0_PLCPHCF | B43_RX_PHYST0_PLCPFV))
		status->flag |= RX_FLAG_FAILED_PLCP_CRC;
	if (phystat0 & B43_RX_PHYST0_SHORTPRMBL)
		status->enc_flags |= RX_ENC_FLAG_SHORTPRE;
	status->rate_idx = rate;
	status->antenna = !!(phystat0 & B43_RX_PHYST0_ANT);

	/*
	 * Somewhere between 478.104 and 508.1084 the G-PHY firmware changed
	 * from the frequency offset to the channel number, which the other
	 * PHYs' firmware gives (the SHM channel cookie is the plain channel
	 * number in b43).
	 */
	status->band = band;
	if ((chanstat & B43_RX_CHAN_PHYTYPE) == B43_PHYTYPE_G &&
	    cfg->fw_rev < 508)
		status->freq = chanid + 2400;
	else
		status->freq = ieee80211_channel_to_frequency(chanid, band);
	return 0;
}

#endif /* B43_RXHDR_H_ */
