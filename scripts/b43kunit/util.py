# SPDX-License-Identifier: GPL-2.0
"""Small helpers shared by every stage: logging, commands, errors, tallies."""

import errno
import os
import shlex
import subprocess
import sys
import time

T0 = time.monotonic()


class StepError(Exception):
    """A step failed: names the step and, where there is one, the file."""

    def __init__(self, step, msg, path=None):
        self.step = step
        self.path = path
        self.msg = msg
        where = f" ({path})" if path else ""
        super().__init__(f"step {step}{where}: {msg}")


def elapsed():
    s = int(time.monotonic() - T0)
    return f"{s // 60:02d}:{s % 60:02d}"


def log(msg):
    print(f"[b43-kunit {elapsed()}] {msg}", flush=True)


def stage(name):
    print(f"\n[b43-kunit {elapsed()}] === {name} ===", flush=True)


def run(cmd, step, cwd=None, env=None, check=True, capture=False,
        stdin=None, quiet=False, path=None, input_text=None):
    """Run a command; on failure raise StepError naming the step.

    capture=True returns the CompletedProcess with text stdout/stderr.
    quiet=True hides the command's output unless it fails.
    """
    if not quiet:
        log("$ " + " ".join(shlex.quote(str(c)) for c in cmd))
    full_env = None
    if env:
        full_env = dict(os.environ)
        full_env.update(env)
    kw = {}
    if capture or quiet:
        kw["stdout"] = subprocess.PIPE
        kw["stderr"] = subprocess.PIPE
    try:
        cp = subprocess.run([str(c) for c in cmd], cwd=cwd, env=full_env,
                            stdin=stdin, text=True, errors="replace",
                            input=input_text, **kw)
    except FileNotFoundError as e:
        raise StepError(step, f"command not found: {cmd[0]}", path) from e
    except OSError as e:
        raise StepError(step, describe_oserror(e), path) from e
    if check and cp.returncode != 0:
        tail = ""
        if capture or quiet:
            out = (cp.stdout or "") + (cp.stderr or "")
            tail = "\n" + "\n".join(out.rstrip().splitlines()[-40:])
            disk = disk_full_hint(out)
            if disk:
                tail += "\n" + disk
        raise StepError(step, f"`{' '.join(map(str, cmd[:6]))}` exited "
                        f"{cp.returncode}{tail}", path)
    return cp


def disk_full_hint(text):
    if "No space left on device" in text:
        return "the disk is full: free space (or set B43_KUNIT_WORK elsewhere) and rerun"
    return ""


def describe_oserror(e):
    if e.errno == errno.ENOSPC:
        return f"disk full writing {e.filename or ''}: free space and rerun"
    return f"{e.strerror or e} {e.filename or ''}".strip()


def write_atomic(path, text):
    """Write a file so that an interrupted run never leaves half of it."""
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


class Tally:
    """Counts every KUnit case and every check for the final summary line."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.failures = []

    def ok(self, name, detail=""):
        self.passed += 1
        log(f"PASS {name}{': ' + detail if detail else ''}")

    def fail(self, name, detail=""):
        self.failed += 1
        self.failures.append(name)
        log(f"FAIL {name}{': ' + detail if detail else ''}")

    def check(self, name, good, detail=""):
        (self.ok if good else self.fail)(name, detail)
        return good

    def add_counts(self, passed, failed, failures=()):
        self.passed += passed
        self.failed += failed
        self.failures.extend(failures)

    def summary(self):
        return f"{self.passed} passed, {self.failed} failed"


def die(err):
    print(f"b43-kunit: error: {err}", file=sys.stderr, flush=True)
    sys.exit(1)
