/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * LED behaviour from the SPROM
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Copyright (C) 2026 The b43-kunit developers
 */
#ifndef B43_LEDSPROM_H_
#define B43_LEDSPROM_H_

#include <linux/errno.h>
#include <linux/types.h>

#include "leds.h"

/*
 * Each of the four LEDs has a SPROM byte (gpio0 to gpio3): the behaviour in
 * bits 0-6, active low in bit 7, 0xFF for an LED with no mapping.  A value
 * b43 has no behaviour for must not reach enum b43_led_behaviour, whose
 * switches would load a value outside the enum.  Header-only, like the
 * other small units; tests/ledsprom_kunit.c calls it directly.
 */

/**
 * b43_led_sprom_decode() - an LED's behaviour from its SPROM byte
 * @raw: the byte
 * @behaviour: filled with the behaviour; B43_LED_OFF after an error
 * @activelow: filled with the polarity; false for 0xFF
 *
 * Return: 0; -ENOENT for 0xFF, no mapping (the LED stays off); -EINVAL for
 * a behaviour value b43 does not know (the LED stays off too).
 */
static inline int b43_led_sprom_decode(u8 raw,
				       enum b43_led_behaviour *behaviour,
				       bool *activelow)
{
	u8 value = raw & B43_LED_BEHAVIOUR;
	bool known = raw != 0xff && value <= B43_LED_INACTIVE;

	*activelow = raw != 0xff && (raw & B43_LED_ACTIVELOW);
	*behaviour = known ? value : B43_LED_OFF;
	if (known)
		return 0;
	return raw == 0xff ? -ENOENT : -EINVAL;
}

#endif /* B43_LEDSPROM_H_ */
