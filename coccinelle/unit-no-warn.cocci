// SPDX-License-Identifier: GPL-2.0-only
/// A unit of the b43 driver (a file in kunit/units.conf) takes its input
/// from the device, from firmware files and from SPROM through its
/// callers, so a bad value is an input, not a driver bug.  A unit returns a
/// defined result (an error code) for it; WARN*(), B43_WARN_ON() and BUG*()
/// in a unit would turn one bad frame into a warning storm (or a panic with
/// panic_on_warn, as the KUnit guest runs).  Report each of them in a unit
/// file.  The unit list reaches the rule as -D units=<path>,...; without
/// it the rule does nothing.
//
// Confidence: High
// Options: --no-includes --include-headers
//# pristine 6.12: none (6.12 has no unit files)
//# A caller may still check a unit's result with B43_WARN_ON() where the
//# value is the driver's own invariant; that is outside the unit.

virtual report

@initialize:python@
@@
import os


def is_unit(file, units):
	f = os.path.normpath(file)
	return any(f == u or f.endswith("/" + u) or u.endswith("/" + f)
		   for u in map(os.path.normpath, filter(None, units.split(","))))

@w depends on report@
identifier f =~ "^(WARN|WARN_ON|WARN_ONCE|WARN_ON_ONCE|WARN_TAINT|WARN_TAINT_ONCE|B43_WARN_ON|B43legacy_WARN_ON|BUG|BUG_ON)$";
expression list es;
position p;
@@
f@p(es)

@script:python depends on w@
p << w.p;
f << w.f;
units << virtual.units;
@@
if is_unit(p[0].file, units):
	coccilib.report.print_report(p[0], "%s() in a unit: return an error "
				     "for bad input instead" % f)
