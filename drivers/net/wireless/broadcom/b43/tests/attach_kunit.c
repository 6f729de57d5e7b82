// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite: b43_ssb_probe() on the virtual core
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * The real probe path (b43_bus_dev_ssb_init(), b43_wireless_init(),
 * b43_wireless_core_attach()) runs against the model in vcore.c.  Where the
 * expected values come from:
 *
 * [VER]   bcm-v4 "PHY Versioning" / "Radio Versioning": PHY type 2 is G,
 *         radio 0x2050 by manufacturer 0x17F (Broadcom) goes with it;
 *         main.c b43_phy_versioning() supports G up to revision 9.
 * [BAND]  main.c b43_supported_bands(): the SPROM's device ID 0x431A is a
 *         BCM4318 that is 5 GHz only; b43 runs no 5 GHz band on a G-PHY
 *         (b43_wireless_core_attach()), which leaves the core no band.
 * [CHK]   main.c b43_validate_chipaccess(): a core whose shared memory does
 *         not keep what is written is refused with -ENODEV.
 * [REM]   What b43_ssb_probe() attached, b43_ssb_remove() detaches: the
 *         core's driver data (b43_bus_set_wldev()) and driver-type data
 *         (ssb_set_devtypedata()) are cleared when their objects are
 *         freed (main.c b43_one_core_detach(), b43_wireless_exit()).
 */
#include <kunit/test.h>
#include <linux/etherdevice.h>

#include "../b43.h"
#include "../main.h"
#include "vcore.h"

MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);

/* A G-PHY core attaches: the PHY, its band and the MAC address */
static void ssb_probe_g_phy(struct kunit *test)
{
	struct b43_vcore *vc = b43_vcore_new(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev;
	struct wiphy *wiphy;

	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	dev = b43_vcore_wldev(vc);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	wiphy = dev->wl->hw->wiphy;

	KUNIT_EXPECT_EQ(test, dev->phy.type, 2);		/* [VER] G */
	KUNIT_EXPECT_EQ(test, dev->phy.rev, 7);
	KUNIT_EXPECT_EQ(test, dev->phy.analog, 3);
	KUNIT_EXPECT_EQ(test, dev->phy.radio_ver, 0x2050);
	KUNIT_EXPECT_EQ(test, dev->phy.radio_rev, 8);
	KUNIT_EXPECT_TRUE(test, dev->phy.gmode);
	KUNIT_EXPECT_NOT_NULL(test, wiphy->bands[NL80211_BAND_2GHZ]);
	KUNIT_EXPECT_NULL(test, wiphy->bands[NL80211_BAND_5GHZ]);
	KUNIT_EXPECT_TRUE(test, ether_addr_equal(wiphy->perm_addr,
						 vc->bus.sprom.il0mac));
	/* No firmware in the guest: nothing registered with mac80211 */
	KUNIT_EXPECT_FALSE(test, dev->wl->hw_registered);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/*
 * An N-PHY core of a BCMA bus attaches through b43_bcma_probe(): the bus
 * type, the PHY and both bands, which the agent's IO status and the
 * SPROM's device ID announce
 */
static void bcma_probe_n_phy(struct kunit *test)
{
	struct b43_vcore *vc = b43_vcore_new(test, &b43_vcore_bcma_nphy);
	struct b43_wldev *dev;
	struct wiphy *wiphy;

	vc->bus.sprom.dev_id = 0x4353;	/* a dual-band BCM43224 (pci.ids) */
	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	dev = b43_vcore_wldev(vc);
	KUNIT_ASSERT_NOT_NULL(test, dev);
	wiphy = dev->wl->hw->wiphy;

	KUNIT_EXPECT_EQ(test, dev->dev->bus_type, B43_BUS_BCMA);
	KUNIT_EXPECT_EQ(test, dev->dev->core_rev, 23);
	KUNIT_EXPECT_EQ(test, dev->phy.type, 4);		/* [VER] N */
	KUNIT_EXPECT_EQ(test, dev->phy.rev, 3);
	KUNIT_EXPECT_EQ(test, dev->phy.radio_ver, 0x2056);
	KUNIT_EXPECT_EQ(test, dev->phy.radio_rev, 3);
	KUNIT_EXPECT_NOT_NULL(test, wiphy->bands[NL80211_BAND_2GHZ]);
	KUNIT_EXPECT_NOT_NULL(test, wiphy->bands[NL80211_BAND_5GHZ]);
	KUNIT_EXPECT_TRUE(test, ether_addr_equal(wiphy->perm_addr,
						 vc->bus.sprom.il0mac));
	KUNIT_EXPECT_FALSE(test, dev->wl->hw_registered);
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

/*
 * [REM]: a core probed on a machine without the firmware files (the guest
 * has none) is removed whole: the firmware request failed, nothing was
 * registered with mac80211, and still everything probe allocated goes.
 */
static void ssb_remove_without_firmware(struct kunit *test)
{
	struct b43_vcore *vc = b43_vcore_new(test, &b43_vcore_bcm4318);
	struct b43_wldev *dev;

	KUNIT_ASSERT_EQ(test, 0, b43_vcore_probe(vc));
	dev = b43_vcore_wldev(vc);
	KUNIT_ASSERT_NULL(test, dev->fw.ucode.data);
	KUNIT_ASSERT_FALSE(test, dev->wl->hw_registered);

	b43_ssb_remove(vc->sdev);
	KUNIT_EXPECT_NULL(test, ssb_get_drvdata(vc->sdev));
	KUNIT_EXPECT_NULL(test, ssb_get_devtypedata(vc->sdev));
}

struct probe_refusal {
	const char *desc;
	u16 phy_ver;
	u32 radio_id;
	u16 sprom_dev_id;
	bool shm_stuck;
	int err;
};

static const struct probe_refusal probe_refusals[] = {
	{ "G-PHY revision 10: unsupported [VER]", 0x320A, 0x8205017F,
	  0, false, -EOPNOTSUPP },
	{ "PHY type 15: unknown [VER]", 0x3F01, 0x8205017F,
	  0, false, -EOPNOTSUPP },
	{ "radio by manufacturer 0x17E, not Broadcom [VER]", 0x3207,
	  0x8205017E, 0, false, -EOPNOTSUPP },
	{ "radio 0x2055 on a G-PHY [VER]", 0x3207, 0x8205517F,
	  0, false, -EOPNOTSUPP },
	{ "SPROM device 0x431A: 5 GHz only, on a G-PHY [BAND]", 0x3207,
	  0x8205017F, 0x431A, false, -EOPNOTSUPP },
	{ "shared memory loses writes [CHK]", 0x3207, 0x8205017F,
	  0, true, -ENODEV },
};

KUNIT_ARRAY_PARAM_DESC(probe_refusals, probe_refusals, desc);

/* A core the driver cannot run is refused with a defined error */
static void ssb_probe_refused(struct kunit *test)
{
	const struct probe_refusal *p = test->param_value;
	struct b43_vcore_cfg cfg = b43_vcore_bcm4318;
	struct b43_vcore *vc;

	cfg.phy_ver = p->phy_ver;
	cfg.radio_id = p->radio_id;
	cfg.shm_stuck = p->shm_stuck;
	vc = b43_vcore_new(test, &cfg);
	vc->bus.sprom.dev_id = p->sprom_dev_id;

	KUNIT_EXPECT_EQ(test, b43_vcore_probe(vc), p->err);
	KUNIT_EXPECT_NULL(test, ssb_get_devtypedata(vc->sdev));
	KUNIT_EXPECT_EQ(test, vc->bad_access, 0);
}

static struct kunit_case b43_drv_attach_cases[] = {
	KUNIT_CASE(ssb_probe_g_phy),
	KUNIT_CASE(bcma_probe_n_phy),
	KUNIT_CASE(ssb_remove_without_firmware),
	KUNIT_CASE_PARAM(ssb_probe_refused, probe_refusals_gen_params),
	{}
};

static struct kunit_suite b43_drv_attach_suite = {
	.name = "b43_drv_attach",
	.test_cases = b43_drv_attach_cases,
};

kunit_test_suite(b43_drv_attach_suite);
