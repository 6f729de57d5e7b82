/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Broadcom B43 wireless driver
 * LED behaviour from the SPROM
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 *
 * Code here comes from b43/leds.c, whose copyright notices follow:
 *   Copyright (c) 2005 Martin Langer <martin-langer@gmx.de>,
 *   Copyright (c) 2005 Stefano Brivio <stefano.brivio@polimi.it>
 *   Copyright (c) 2005-2007 Michael Buesch <m@bues.ch>
 *   Copyright (c) 2005 Danny van Dyk <kugelfang@gentoo.org>
 *   Copyright (c) 2005 Andreas Jaggi <andreas.jaggi@waterwave.ch>
 */
#ifndef B43_LEDSPROM_H_
#define B43_LEDSPROM_H_

#include <linux/errno.h>
#include <linux/types.h>

#include "leds.h"

/*
 * Each of the four LEDs has a SPROM byte (gpio0 to gpio3): the behaviour in
 * bits 0-6, active low in bit 7, 0xFF for an LED with no mapping.  A value
 * b43 has no behaviour for must not reach enum b43_led_behaviour: UBSAN's
 * enum check reports a load of a value none of its names has, and the
 * driver's switches on it would take their default.  Header-only, like
 * the other small units; tests/ledsprom_kunit.c calls it directly.
 */

/**
 * b43_led_sprom_decode() - an LED's behaviour from its SPROM byte
 * @raw: the byte
 * @behaviour: filled with the behaviour: B43_LED_OFF for no mapping,
 *	B43_LED_INACTIVE (the LED is left as it is) for a value b43 does not
 *	know
 * @activelow: filled with the polarity bit, whatever the behaviour
 *
 * Return: 0; -ENOENT for 0xFF, no mapping; -EINVAL for a behaviour value b43
 * does not know.
 */
static inline int b43_led_sprom_decode(u8 raw,
				       enum b43_led_behaviour *behaviour,
				       bool *activelow)
{
	u8 value = raw & B43_LED_BEHAVIOUR;
	int err = raw == 0xff ? -ENOENT :
		  value > B43_LED_INACTIVE ? -EINVAL : 0;

	*activelow = raw & B43_LED_ACTIVELOW;
	*behaviour = err == -ENOENT ? B43_LED_OFF :
		     err ? B43_LED_INACTIVE : value;
	return err;
}

#endif /* B43_LEDSPROM_H_ */
