// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * KUnit suite for the LED SPROM unit (ledsprom.h)
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Where the expected values come from (never from the code under test):
 *
 * [LED]  Broadcom's brcmsmac, led.c: a SPROM LED byte holds the behaviour
 *        in BRCMS_LED_BEH_MASK (0x7f) and the polarity in BRCMS_LED_AL_MASK
 *        (0x80, active low); "radio enabled" is behaviour 3.
 * [B43]  The behaviours b43 drives are the twelve of enum
 *        b43_led_behaviour (leds.h, 0 to 11); an erased byte (0xFF) is no
 *        mapping, the LED off with the polarity bit as it reads (6.12's
 *        b43_led_get_sprominfo()); an LED of a behaviour b43 does not
 *        drive is left as it is, as 6.12's switches left it.
 */
#include <kunit/test.h>

#include "../ledsprom.h"

/* All 256 bytes: a known behaviour, no mapping, or refused */
static void b43_led_sprom_decode_every_byte(struct kunit *test)
{
	unsigned int raw;

	for (raw = 0; raw < 256; raw++) {
		enum b43_led_behaviour beh = B43_LED_ON;
		bool al = true;
		int err = b43_led_sprom_decode(raw, &beh, &al);

		KUNIT_EXPECT_EQ_MSG(test, al, !!(raw & 0x80), "byte %#x", raw);
		if (raw == 0xff) {
			KUNIT_EXPECT_EQ(test, err, -ENOENT);
			KUNIT_EXPECT_EQ(test, beh, B43_LED_OFF);
			continue;
		}
		if ((raw & 0x7f) <= 11) {
			KUNIT_EXPECT_EQ_MSG(test, err, 0, "byte %#x", raw);
			KUNIT_EXPECT_EQ_MSG(test, beh, raw & 0x7f, "byte %#x",
					    raw);
		} else {
			/* regression: 6.12 stored it in the enum */
			KUNIT_EXPECT_EQ_MSG(test, err, -EINVAL, "byte %#x",
					    raw);
			KUNIT_EXPECT_EQ_MSG(test, beh, B43_LED_INACTIVE,
					    "byte %#x", raw);
		}
	}
}

/* [LED] brcmsmac's radio LED, active low */
static void b43_led_sprom_decode_radio(struct kunit *test)
{
	enum b43_led_behaviour beh;
	bool al;

	KUNIT_EXPECT_EQ(test, b43_led_sprom_decode(0x83, &beh, &al), 0);
	KUNIT_EXPECT_EQ(test, beh, B43_LED_RADIO_ALL);
	KUNIT_EXPECT_TRUE(test, al);
}

static struct kunit_case b43_ledsprom_test_cases[] = {
	KUNIT_CASE(b43_led_sprom_decode_every_byte),
	KUNIT_CASE(b43_led_sprom_decode_radio),
	{}
};

static struct kunit_suite b43_ledsprom_test_suite = {
	.name = "b43_ledsprom",
	.test_cases = b43_ledsprom_test_cases,
};

kunit_test_suite(b43_ledsprom_test_suite);
