// SPDX-License-Identifier: GPL-2.0-only
/// A mask and a shift written without parentheses, "x & M << N", is
/// "x & (M << N)" in C: the shift binds tighter.  Whoever writes it almost
/// always means "(x & M) << N", and when they do mean the other reading,
/// the parentheses cost nothing.  The same goes for ">>".  The intent has to
/// be read from the hardware's bit layout, so there is no patch mode.
//
// Confidence: High
// Options: --no-includes --include-headers
//# pristine 6.12: b43/phy_n.c:1518
//# That line builds the N-PHY sample table word; brcmsmac's
//# wlc_phy_loadsampletable_nphy() writes ((i & 0x3ff) << 10) | (q & 0x3ff).

virtual report

// Without "disable paren" the standard isomorphisms let this pattern match
// the parenthesised "x & (M << N)", which is what the rule asks for, and
// without "bitand_comm" it would match "x << N & M" read as "M & x << N".
@r depends on report disable paren, bitand_comm@
expression x, m, n;
position p;
@@

(
x &@p m << n
|
x &@p m >> n
)

@script:python depends on report@
p << r.p;
@@
coccilib.report.print_report(p[0], "'x & M << N' is 'x & (M << N)' (>> alike): "
			     "add the parentheses that say which is meant")
