// SPDX-License-Identifier: GPL-2.0-only
/// The PHY table bulk helpers (b43_ntab_write_bulk(), b43_httab_read_bulk(),
/// b43_lptab_*_bulk(), ... and tables_nphy.c's ntab_upload()) take the
/// element width from the table address: B43_NTAB16(table, offset) says
/// "16-bit elements", and the helper reads its void * buffer as u16 values.
/// A buffer of another element size is read with the wrong stride: a u32
/// array behind a 16-bit address writes the halves of the first 32 entries
/// instead of 64 values.  This rule reports a call whose buffer has a known
/// integer element type (array or pointer, local, parameter or file scope)
/// that differs from the width the address names, directly
/// (B43_HTTAB16(...)) or through a name #defined in the driver's headers
/// (B43_NTAB_FRAMESTRUCT is B43_NTAB32(0x0A, 0x000)).
//
// Confidence: High
// Options: --no-includes --include-headers
//# pristine 6.12: b43/phy_ht.c:725
//# That is b43_phy_ht_tssi_setup()'s TSSI power table: u32 regval[64]
//# written with B43_HTTAB16(26 + c, 0).
//# Buffers whose element type spatch cannot see (a struct member, as in
//# b43_nphy_set_rf_sequence()'s e->lna1_gain, or a cast) are not checked.

virtual report

@initialize:python@
@@
import os
import re

WIDTH = {"u8": 8, "s8": 8, "__u8": 8, "u16": 16, "s16": 16, "__u16": 16,
	 "u32": 32, "s32": 32, "__u32": 32}
ADDR = re.compile(r"^B43_(N|HT|LP|LCN)TAB(8|16|32)$")
DEFINE = re.compile(r"^#define\s+(B43_\w*TAB_\w+)\s+(B43_(?:N|HT|LP|LCN)TAB(8|16|32))\s*\(",
		    re.M)
named = {}


def element_width(t):
	words = [w for w in t.replace("*", " ").split()
		 if w not in ("const", "volatile", "static")]
	return WIDTH.get(" ".join(words))


def address_width(file, name):
	"""Bits a table address names, or None when it names none."""
	m = ADDR.match(name)
	if m:
		return int(m.group(2))
	d = os.path.dirname(os.path.abspath(file))
	if d not in named:
		named[d] = {}
		for f in sorted(os.listdir(d)):
			if f.endswith(".h"):
				with open(os.path.join(d, f), errors="replace") as h:
					for m in DEFINE.finditer(h.read()):
						named[d][m.group(1)] = int(m.group(3))
	return named[d].get(name)


def check(p, fn, addr, t, buf):
	want = address_width(p[0].file, addr)
	have = element_width(t)
	if want and have and want != have:
		coccilib.report.print_report(p[0], "%s(): %s names %d-bit table "
					     "elements, but %s holds %s (%d-bit)"
					     % (fn, addr, want, buf, t, have))

@bulk depends on report@
identifier fn =~ "^b43_(n|ht|lp|lcn)tab_(write|read)_bulk$";
identifier m =~ "^B43_(N|HT|LP|LCN)TAB(8|16|32)$";
identifier a =~ "^B43_[A-Z0-9]*TAB_[A-Za-z0-9_]+$";
type T;
idexpression T[] ab;
idexpression T *pb;
expression dev, t, o, n;
position p;
@@
(
fn@p(dev, m(t, o), n, ab)
|
fn@p(dev, m(t, o), n, pb)
|
fn@p(dev, a, n, ab)
|
fn@p(dev, a, n, pb)
)

@script:python depends on bulk@
p << bulk.p;
fn << bulk.fn;
m << bulk.m = "";
a << bulk.a = "";
T << bulk.T;
ab << bulk.ab = "";
pb << bulk.pb = "";
@@
check(p, fn, m or a, T, ab or pb)

@upload depends on report@
identifier fn =~ "tab_upload$";
identifier m =~ "^B43_(N|HT|LP|LCN)TAB(8|16|32)$";
identifier a =~ "^B43_[A-Z0-9]*TAB_[A-Za-z0-9_]+$";
type T;
idexpression T[] ab;
idexpression T *pb;
expression dev, t, o;
position p;
@@
(
fn@p(dev, m(t, o), ab)
|
fn@p(dev, m(t, o), pb)
|
fn@p(dev, a, ab)
|
fn@p(dev, a, pb)
)

@script:python depends on upload@
p << upload.p;
fn << upload.fn;
m << upload.m = "";
a << upload.a = "";
T << upload.T;
ab << upload.ab = "";
pb << upload.pb = "";
@@
check(p, fn, m or a, T, ab or pb)
