# SPDX-License-Identifier: GPL-2.0
"""Debian packages each stage needs, installed with apt-get when missing."""

import os
import subprocess

from .util import StepError, log, run

# What each stage needs on a fresh Debian 12 ("bookworm").  linux-source-6.12
# comes from bookworm-security / bookworm-updates.
PACKAGES = {
    "tree": ["linux-source-6.12", "xz-utils", "git", "rsync"],
    "build": ["build-essential", "flex", "bison", "bc", "libelf-dev",
              "libssl-dev", "cpio", "ccache", "kmod", "python3"],
    # lz4 compresses the x86_64 guest's bzImage (kunit/x86_64.config).
    "qemu-x86_64": ["qemu-system-x86", "lz4"],
    # The big-endian guest: QEMU pseries and Debian's cross toolchain.
    "qemu-powerpc64": ["qemu-system-ppc"],
    "cross-powerpc64": ["gcc-powerpc64-linux-gnu",
                        "binutils-powerpc64-linux-gnu"],
    # The KMSAN guest's compiler: Debian 12's clang is clang-14.
    "clang": ["clang-14"],
    # The coverage guest's initramfs is busybox; gcov-12 comes with gcc-12.
    "coverage": ["busybox-static", "lcov", "cpio", "gcc-12"],
    # checkpatch's SPDX check needs ply and GitPython; one upstream
    # Coccinelle rule (check_bq27xxx_data.cocci) is scripted in OCaml.
    # The real regulatory database the TX power suites are checked against.
    "regdb": ["wireless-regdb"],
    "static": ["sparse", "coccinelle", "perl", "python3", "python3-ply",
               "python3-git", "ocaml-nox", "patch"],
}

_updated = os.environ.get("B43_KUNIT_APT_UPDATED") == "1"


def missing(pkgs):
    out = []
    for p in pkgs:
        cp = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
        if cp.returncode != 0 or "install ok installed" not in cp.stdout:
            out.append(p)
    return out


def ensure(*groups):
    """Install every package of the named groups that is not installed."""
    global _updated
    want = []
    for g in groups:
        for p in PACKAGES[g]:
            if p not in want:
                want.append(p)
    need = missing(want)
    if not need:
        return
    if os.geteuid() != 0:
        raise StepError("deps", "missing packages and not root: "
                        + " ".join(need))
    log("installing with apt-get: " + " ".join(need))
    env = {"DEBIAN_FRONTEND": "noninteractive"}
    if not _updated:
        run(["apt-get", "update", "-q"], "deps", env=env, quiet=True)
        _updated = True
    run(["apt-get", "install", "-y", "-q", "--no-install-recommends"] + need,
        "deps", env=env, quiet=True)
    still = missing(need)
    if still:
        raise StepError("deps", "apt-get did not install: " + " ".join(still))
