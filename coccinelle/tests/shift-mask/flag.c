// SPDX-License-Identifier: GPL-2.0
/* fixture: flag.  A mask and a shift with no parentheses, both shifts. */

unsigned int sample_word(unsigned int i, unsigned int q)
{
	unsigned int word;

	word = (i & 0x3FF << 10);	/* <- flag */
	word |= q & 0x3FF;
	return word;
}

unsigned int high_bits(unsigned int v)
{
	return v & 0xFF00 >> 8;		/* <- flag */
}
