#!/usr/bin/env python3
"""Unit tests of the agent benchmark's scoring and answer reading (no cortex,
no corpus): python3 -m unittest -v test_bench (from benches/agent/)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import strategies  # noqa: E402


class Score(unittest.TestCase):
    def test_prf_empty(self):
        self.assertEqual(bench.prf(0, 0, 0), (1.0, 1.0, 1.0))
        self.assertEqual(bench.prf(0, 2, 0)[2], 0.0)
        self.assertEqual(bench.prf(0, 0, 3)[2], 0.0)

    def test_p1_span_holds_the_name_line(self):
        task = {"cat": "P1", "expect": [{"file": "a.py", "line": 12}]}
        tp, npred, ntruth, missing, extra = bench.score(task, [{"file": "a.py", "lo": 10, "hi": 20},
                                                              {"file": "b.py", "lo": 12, "hi": 12}])
        self.assertEqual((tp, npred, ntruth, missing, extra), (1, 2, 1, [], ["b.py:12"]))

    def test_p1_one_answer_matches_one_truth(self):
        task = {"cat": "P1", "expect": [{"file": "a.py", "line": 12}, {"file": "a.py", "line": 14}]}
        tp, _, _, missing, _ = bench.score(task, [{"file": "a.py", "lo": 10, "hi": 20}])
        self.assertEqual((tp, missing), (1, ["a.py:14"]))

    def test_p2_unjudged_sites_and_files(self):
        bench.UNJUDGED = {"gen.go"}
        try:
            task = {"cat": "P2", "expect": [{"file": "a.go", "line": 3}], "unjudged": ["a.go:9"]}
            pred = [{"file": f, "lo": ln, "hi": ln} for f, ln in (("a.go", 3), ("a.go", 9), ("gen.go", 1), ("a.go", 5))]
            tp, npred, ntruth, missing, extra = bench.score(task, pred)
            self.assertEqual((tp, npred, ntruth, extra), (1, 2, 1, ["a.go:5"]))
        finally:
            bench.UNJUDGED = set()

    def test_p4_both_directions(self):
        task = {"cat": "P4", "expect_imports": ["b.py"], "expect_importers": ["c.py"]}
        pred = [{"dir": "imports", "unit": "b.py"}, {"dir": "imports", "unit": "c.py"}]
        tp, npred, ntruth, missing, extra = bench.score(task, pred)
        self.assertEqual((tp, npred, ntruth, missing, extra), (1, 2, 2, ["importers c.py"], ["imports c.py"]))

    def test_p5_type_and_method(self):
        task = {"cat": "P5", "expect": [{"file": "f.go", "line": 3, "name": "a.v7"}, {"file": "f.go", "line": 9, "name": "b.v7"}]}
        tp, npred, _, missing, _ = bench.score(task, [{"file": "f.go", "name": "a.v7"}])
        self.assertEqual((tp, npred, missing), (1, 1, ["f.go b.v7"]))


class Reading(unittest.TestCase):
    def test_names_match(self):
        self.assertTrue(strategies.names_match("Group.group", "Group.group"))
        self.assertTrue(strategies.names_match("mod.Group.group", "Group.group"))
        self.assertTrue(strategies.names_match("Step.appendString", "appendString"))
        self.assertFalse(strategies.names_match("Command.group", "Group.group"))

    def test_the_definition_asked(self):
        task = {"name": "MarshalFrom", "file": "any.pb.go", "line": 265}
        self.assertTrue(strategies._is_the_definition({"file": "any.pb.go", "name": "MarshalFrom", "line": 200}, task))
        self.assertFalse(strategies._is_the_definition({"file": "any.pb.go", "name": "Any.MarshalFrom", "line": 240}, task))
        self.assertTrue(strategies._is_the_definition({"file": "any.pb.go", "name": "outer.MarshalFrom", "line": 265}, task))
        self.assertFalse(strategies._is_the_definition({"file": "other.go", "name": "MarshalFrom", "line": 265}, task))

    def test_parse_rg(self):
        self.assertEqual(strategies.parse_rg("a/b.go:12:func x() {\n"), [("a/b.go", 12, "func x() {")])
        self.assertEqual(strategies.parse_rg("7:import os\n", single="m.py"), [("m.py", 7, "import os")])


class Resolve(unittest.TestCase):
    def ctx(self, lang, files):
        c = strategies.Ctx(lang, "/nonexistent")
        c._files = set(files)
        return c

    def test_python(self):
        c = self.ctx("python", ["pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py"])
        self.assertEqual(strategies.resolve_python(c, "pkg/a.py", "from .sub import b, thing"),
                         {"pkg/sub/b.py", "pkg/sub/__init__.py"})
        self.assertEqual(strategies.resolve_python(c, "pkg/sub/b.py", "from ..a import (  # noqa"), {"pkg/a.py"})
        self.assertEqual(strategies.resolve_python(c, "x.py", "import pkg.a as q, os"), {"pkg/a.py"})

    def test_js(self):
        c = self.ctx("js", ["lib/a.js", "lib/b/index.js"])
        self.assertEqual(strategies.resolve_js(c, "lib/x.js", "var a = require('./a'), b = require('./b')"),
                         {"lib/a.js", "lib/b/index.js"})

    def test_c(self):
        c = self.ctx("c", ["src/alloc.h", "include/tree_sitter/api.h"])
        self.assertEqual(strategies.resolve_c(c, "src/x.c", '#include "./alloc.h"'), {"src/alloc.h"})
        self.assertEqual(strategies.resolve_c(c, "src/x.c", "#include <tree_sitter/api.h>"), {"include/tree_sitter/api.h"})
        self.assertEqual(strategies.resolve_c(c, "src/x.c", "#include <stdio.h>"), set())


if __name__ == "__main__":
    unittest.main()
