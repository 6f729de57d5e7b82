// SPDX-License-Identifier: GPL-2.0
/* fixture: clean.  Each reading spelled out with parentheses. */

unsigned int sample_word(unsigned int i, unsigned int q)
{
	return ((i & 0x3FF) << 10) | (q & 0x3FF);
}

unsigned int field_in_place(unsigned int v)
{
	return v & (0x3FF << 10);
}

unsigned int shift_then_mask(unsigned int v)
{
	/* (v << 2) & 0xFC: the shift binds first, which is what is meant. */
	return v << 2 & 0xFC;
}
