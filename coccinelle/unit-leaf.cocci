// SPDX-License-Identifier: GPL-2.0-only
/// A unit of the b43 driver (a file in kunit/units.conf) is a leaf: it
/// computes from values its caller passes in, so KUnit runs it with no
/// device.  Report, in a unit file, each
///  - call of a register or bus accessor (b43_read16/32(),
///    b43_write16/32(), b43_maskset16/32(), b43_phy_*(), b43_radio_*(),
///    b43_shm_*(), the PHY table helpers, b43_dma_read/write(), ssb_*(),
///    bcma_*()): the caller reads the register and passes the value;
///  - function taking a struct b43_wldev * (definitions and prototypes):
///    whatever it needs from the device is a parameter of its own;
///  - call of a function defined in one of the driver's other files (the
///    .c/.h files in the unit's directory that are not units): a unit
///    depends on other units only, so its tests need nothing else.
/// The unit list reaches the rule as -D units=<path>,<path>,... (paths as
/// spatch names the files, or their tail); without it the rule does nothing.
//
// Confidence: High
// Options: --no-includes --include-headers
//# pristine 6.12: none (6.12 has no unit files)
//# Calls through function pointers and macros from outside the driver
//# directory (kernel headers) are not reported.

virtual report

@initialize:python@
@@
import os
import re

ACCESSOR = re.compile(r"^(b43_(read|write|maskset)(16|32)|b43_phy_\w+|"
		      r"b43_radio_\w+|b43_shm_\w+|b43_(n|ht|lp|lcn)tab_\w+|"
		      r"b43_dma_(read|write)|ssb_\w+|bcma_\w+)$")
# A function definition: name and parameters, then a body (kernel style).
DEFN = re.compile(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;{}]*\)\s*\{",
		  re.M)
defined = {}


def unit_list(units):
	return [os.path.normpath(u) for u in units.split(",") if u]


def is_unit(file, units):
	f = os.path.normpath(file)
	return any(f == u or f.endswith("/" + u) or u.endswith("/" + f)
		   for u in unit_list(units))


def foreign(file, name, units):
	"""Defining file of name among the directory's non-unit files."""
	d = os.path.dirname(os.path.abspath(file))
	if d not in defined:
		defs, own = {}, set()
		for f in sorted(os.listdir(d)):
			if not f.endswith((".c", ".h")):
				continue
			path = os.path.join(d, f)
			with open(path, errors="replace") as h:
				names = set(DEFN.findall(h.read()))
			if is_unit(path, units):
				own |= names
			else:
				for n in names:
					defs.setdefault(n, f)
		for n in own:
			defs.pop(n, None)
		defined[d] = defs
	return defined[d].get(name)



def takes_wldev(p, fn, units):
	if is_unit(p[0].file, units):
		coccilib.report.print_report(p[0], "%s() takes a struct b43_wldev *: "
					     "pass a unit the values it needs" % fn)

@acc depends on report@
identifier f =~ "^(b43_|ssb_|bcma_)";
expression list es;
position p;
@@
f@p(es)

@script:python depends on acc@
p << acc.p;
f << acc.f;
units << virtual.units;
@@
if is_unit(p[0].file, units):
	if ACCESSOR.match(f):
		coccilib.report.print_report(p[0], "%s() in a unit: the caller "
					     "accesses the device and passes "
					     "the value in" % f)
	else:
		where = foreign(p[0].file, f, units)
		if where:
			coccilib.report.print_report(p[0], "%s() is defined in %s, "
						     "which is not a unit: a unit "
						     "calls units only" % (f, where))

@call depends on report@
identifier f !~ "^(b43_|ssb_|bcma_)";
expression list es;
position p;
@@
f@p(es)

@script:python depends on call@
p << call.p;
f << call.f;
units << virtual.units;
@@
if is_unit(p[0].file, units):
	where = foreign(p[0].file, f, units)
	if where:
		coccilib.report.print_report(p[0], "%s() is defined in %s, which "
					     "is not a unit: a unit calls units "
					     "only" % (f, where))

@dev depends on report@
identifier fn, d;
type T;
position p;
@@
T fn@p(..., struct b43_wldev *d, ...) { ... }

@proto depends on report@
identifier fn, d;
type T;
position p;
@@
T fn@p(..., struct b43_wldev *d, ...);

@script:python depends on dev@
p << dev.p;
fn << dev.fn;
units << virtual.units;
@@
takes_wldev(p, fn, units)

@script:python depends on proto@
p << proto.p;
fn << proto.fn;
units << virtual.units;
@@
takes_wldev(p, fn, units)
