/* SPDX-License-Identifier: GPL-2.0 */
/* fixture: support.  Table addresses as tables_nphy.h names them. */
#define B43_NTAB8(table, offset)	(((table) << 10) | (offset) | (1 << 28))
#define B43_NTAB16(table, offset)	(((table) << 10) | (offset) | (2 << 28))
#define B43_NTAB32(table, offset)	(((table) << 10) | (offset) | (3 << 28))

#define B43_NTAB_FRAMESTRUCT		B43_NTAB32(0x0A, 0x000)
#define B43_NTAB_FRAMELT		B43_NTAB8 (0x18, 0x000)
