// SPDX-License-Identifier: GPL-2.0
/* fixture: flag.  Buffers whose element size is not the table's width. */
#include "tables.h"

static const u16 framestruct[4] = { 1, 2, 3, 4 };

#define ntab_upload(dev, offset, data) \
	b43_ntab_write_bulk(dev, offset, ARRAY_SIZE(data), data)

void tssi_setup(struct b43_wldev *dev)
{
	u32 regval[64];
	int i;

	for (i = 0; i < 64; i++)
		regval[i] = i;
	b43_httab_write_bulk(dev, B43_HTTAB16(26, 0), 64, regval);	/* <- flag */
}

void upload(struct b43_wldev *dev)
{
	ntab_upload(dev, B43_NTAB_FRAMESTRUCT, framestruct);		/* <- flag */
	b43_ntab_write_bulk(dev, B43_NTAB_FRAMELT, 4, framestruct);	/* <- flag */
}

void save(struct b43_wldev *dev, u8 *saved)
{
	b43_lptab_read_bulk(dev, B43_LPTAB32(10, 0x140), 4, saved);	/* <- flag */
}
