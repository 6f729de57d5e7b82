// SPDX-License-Identifier: GPL-2.0
/*
 * Broadcom B43 wireless driver
 * Module boilerplate for the b43 KUnit suites
 *
 * Broadcom enabled the development of this driver, by providing all required
 * hardware information in the form of binary software drivers.
 */
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("KUnit tests for the b43 driver");
