/* SPDX-License-Identifier: GPL-2.0 */
/*

  Broadcom B43 wireless driver

  Broadcom enabled the development of this driver, by providing all required
  hardware information in the form of binary software drivers.

*/
#ifndef B43_FIXTURE2_H_
#define B43_FIXTURE2_H_
#endif /* fixture: clean */
