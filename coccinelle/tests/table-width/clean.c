// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  Every buffer matches its table, or has no known type. */
#include "tables.h"

static const u32 framestruct[4] = { 1, 2, 3, 4 };
static const u8 framelt[4] = { 1, 2, 3, 4 };

#define ntab_upload(dev, offset, data) \
	b43_ntab_write_bulk(dev, offset, ARRAY_SIZE(data), data)

struct gain_entry {
	u8 lna1_gain[4];
};

void tssi_setup(struct b43_wldev *dev)
{
	u16 regval[64];
	int i;

	for (i = 0; i < 64; i++)
		regval[i] = i;
	b43_httab_write_bulk(dev, B43_HTTAB16(26, 0), 64, regval);
}

void upload(struct b43_wldev *dev, const struct gain_entry *e)
{
	ntab_upload(dev, B43_NTAB_FRAMESTRUCT, framestruct);
	b43_ntab_write_bulk(dev, B43_NTAB_FRAMELT, 4, framelt);
	b43_ntab_write_bulk(dev, B43_NTAB8(0, 8), 4, e->lna1_gain);
}

void save(struct b43_wldev *dev, u32 *saved)
{
	b43_lptab_read_bulk(dev, B43_LPTAB32(10, 0x140), 4, saved);
}
