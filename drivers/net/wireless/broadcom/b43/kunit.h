/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broadcom B43 wireless driver
 * Visibility of driver-internal symbols to the b43 KUnit suites
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#ifndef B43_KUNIT_H_
#define B43_KUNIT_H_

#include <kunit/visibility.h>

/*
 * A function that is static in a normal build but that a suite in tests/
 * must reach is declared VISIBLE_IF_B43_KUNIT and exported with
 * EXPORT_SYMBOL_IF_B43_KUNIT(); its prototype for the suites sits in the
 * unit's header under #if IS_ENABLED(CONFIG_B43_KUNIT_TEST).  The symbols go
 * to the EXPORTED_FOR_KUNIT_TESTING namespace, which only test modules import.
 */
#if IS_ENABLED(CONFIG_B43_KUNIT_TEST)
#define VISIBLE_IF_B43_KUNIT
#define EXPORT_SYMBOL_IF_B43_KUNIT(sym)	EXPORT_SYMBOL_IF_KUNIT(sym)
#else
#define VISIBLE_IF_B43_KUNIT		static
#define EXPORT_SYMBOL_IF_B43_KUNIT(sym)
#endif

#endif /* B43_KUNIT_H_ */
