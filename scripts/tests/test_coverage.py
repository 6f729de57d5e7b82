# SPDX-License-Identifier: GPL-2.0
"""coverage.py: reading the guest's console and lcov's tracefile."""

import base64
import hashlib
import os
import tempfile
import unittest

from b43kunit import coverage
from b43kunit.util import StepError


def block(path, data, md5=None):
    enc = base64.b64encode(data).decode()
    lines = [enc[i:i + 76] for i in range(0, len(enc), 76)]
    return "\n".join([f"B43-GCDA-BEGIN {path}"] + lines +
                     [f"B43-GCDA-END {md5 or hashlib.md5(data).hexdigest()}"])


class Extract(unittest.TestCase):
    def setUp(self):
        self.build = tempfile.mkdtemp()
        self.addCleanup(lambda: __import__("shutil").rmtree(self.build))
        self.dir = os.path.join(self.build, coverage.PROFILED, "b43")
        os.makedirs(self.dir)

    def test_writes_beside_gcno(self):
        data = bytes(range(256)) * 3
        rel = os.path.join(self.dir, "dma_ring.gcda").lstrip("/")
        console = "[ 1.0] noise\n" + block(rel, data) + "\nB43-GCDA-DONE\n"
        got = coverage.extract(console, self.build)
        self.assertEqual(got, [os.path.realpath("/" + rel)])
        with open(got[0], "rb") as f:
            self.assertEqual(f.read(), data)

    def test_bad_md5_is_an_error(self):
        rel = os.path.join(self.dir, "x.gcda").lstrip("/")
        console = block(rel, b"abc", md5="0" * 32) + "\nB43-GCDA-DONE\n"
        with self.assertRaises(StepError):
            coverage.extract(console, self.build)

    def test_never_writes_outside_the_build_folder(self):
        console = block("etc/evil.gcda", b"x") + "\n" + block(
            os.path.join(self.dir, "../../../../x.gcda").lstrip("/"), b"y") \
            + "\nB43-GCDA-DONE\n"
        self.assertEqual(coverage.extract(console, self.build), [])
        self.assertFalse(os.path.exists("/etc/evil.gcda"))

    def test_unfinished_guest(self):
        with self.assertRaises(StepError):
            coverage.extract(block("a.gcda", b"x"), self.build)


class Tracefile(unittest.TestCase):
    def test_merges_records_of_one_file(self):
        text = ("SF:/t/a.h\nFN:3,f\nFNDA:0,f\nDA:3,0\nDA:4,0\nend_of_record\n"
                "SF:/t/a.h\nFN:3,f\nFNDA:2,f\nDA:3,2\nDA:4,0\nend_of_record\n"
                "SF:/t/b.c\nDA:1,1\nend_of_record\n")
        with tempfile.NamedTemporaryFile("w", delete=False) as f:
            f.write(text)
        self.addCleanup(os.unlink, f.name)
        got = coverage.parse_info(f.name)
        self.assertEqual(got[os.path.realpath("/t/a.h")],
                         {"lines": (1, 2), "functions": (1, 1)})
        self.assertEqual(got[os.path.realpath("/t/b.c")],
                         {"lines": (1, 1), "functions": (0, 0)})

    def test_thresholds_of_the_repository(self):
        want = coverage.thresholds()
        self.assertGreaterEqual(want["lines"], 90)

    def conf(self, text):
        d = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(lambda: __import__("shutil").rmtree(d))
        os.makedirs(os.path.join(d, "kunit"))
        with open(os.path.join(d, coverage.CONF), "w") as f:
            f.write(text)
        return d

    def test_file_and_driver_floors(self):
        root = self.conf("lines 90\nfunctions 90\n"
                         "file drivers/x/dma.c 80 # driver file\n"
                         "driver b43 15\n")
        want = coverage.thresholds(root)
        self.assertEqual(want["files"], {"drivers/x/dma.c": 80.0})
        self.assertEqual(want["drivers"], {"b43": 15.0})

    def test_bad_floor_lines_are_errors(self):
        for text in ("file drivers/x/dma.c\n", "driver b44 10\n",
                     "lines ninety\n", "file a b c\n", "branches 3\n"):
            with self.subTest(text=text):
                with self.assertRaises(StepError):
                    coverage.thresholds(self.conf(text))

    def test_file_rows(self):
        info = {os.path.realpath("/t/drivers/x/dma.c"):
                {"lines": (8, 10), "functions": (1, 2)}}
        rows = coverage.file_rows(info, "/t", {"drivers/x/dma.c": 80,
                                               "drivers/x/gone.c": 10})
        self.assertEqual(rows, [("drivers/x/dma.c", (8, 10), (1, 2), True),
                                ("drivers/x/gone.c", (0, 0), (0, 0), False)])


class DeclarationsOnly(unittest.TestCase):
    def write(self, name, text):
        d = tempfile.mkdtemp(prefix="b43-kunit-test-")
        self.addCleanup(lambda: __import__("shutil").rmtree(d))
        path = os.path.join(d, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_prototypes_and_structs(self):
        path = self.write("unit.h", "struct s {\n\tint a;\n};\n"
                          "int unit(struct s *s);\n")
        self.assertTrue(coverage.declarations_only(path))

    def test_inline_function_is_code(self):
        path = self.write("unit.h", "static inline int unit(void)\n{\n"
                          "\treturn 1;\n}\n")
        self.assertFalse(coverage.declarations_only(path))

    def test_c_file_is_never_declarations_only(self):
        path = self.write("unit.c", "int unit;\n")
        self.assertFalse(coverage.declarations_only(path))
