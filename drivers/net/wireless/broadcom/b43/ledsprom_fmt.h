/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * The SPROM's LED byte: behaviour values and polarity bit
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_LEDSPROM_FMT_H_
#define B43_LEDSPROM_FMT_H_

/*
 * The values the LED SPROM unit (ledsprom.h) decodes, which leds.c acts
 * on.  In a file of their own because they came from leds.h, whose
 * licence is GPL-2.0, while ledsprom.h holds code from leds.c, which is
 * GPL-2.0-or-later.
 */

#define B43_LED_BEHAVIOUR		0x7F
#define B43_LED_ACTIVELOW		0x80
/* LED behaviour values */
enum b43_led_behaviour {
	B43_LED_OFF,
	B43_LED_ON,
	B43_LED_ACTIVITY,
	B43_LED_RADIO_ALL,
	B43_LED_RADIO_A,
	B43_LED_RADIO_B,
	B43_LED_MODE_BG,
	B43_LED_TRANSFER,
	B43_LED_APTRANSFER,
	B43_LED_WEIRD,		/* FIXME */
	B43_LED_ASSOC,
	B43_LED_INACTIVE,
};

#endif /* B43_LEDSPROM_FMT_H_ */
