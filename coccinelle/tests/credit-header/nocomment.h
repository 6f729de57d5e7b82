/* SPDX-License-Identifier: GPL-2.0 */
#ifndef B43_FIXTURE_H_
#define B43_FIXTURE_H_

int b43_fixture(void);

#endif /* B43_FIXTURE_H_ fixture: flag */
