"""Unit tests of the accuracy scorer on a hand-made truth and a hand-made cortex
result whose precision and recall are known. Run: python3 -m unittest (in this
directory) or python3 benches/accuracy/test_scorer.py."""
import json
import os
import sqlite3
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import score  # noqa: E402


def T(line, name, kind, target=None, file="a.go"):
    r = {"file": file, "line": line, "col": 1, "name": name, "kind": kind}
    if target:
        r["target_file"], r["target_line"] = target
    return r


def R(line, name, label, target=None, file="a.go", name_line=None, qual=None):
    """A cortex call reference; target = (file, line_start)."""
    r = {"file": file, "lang": "go", "line": line, "col": 1, "name": name, "label": label,
         "target_file": None, "target_line": None, "target_name_line": None, "target_name": None}
    if target:
        r["target_file"], r["target_line"] = target
        r["target_name_line"] = name_line if name_line is not None else target[1]
        r["target_name"] = qual or name
    return r


TRUTH = [
    T(1, "f", "func", ("a.go", 10)),
    T(2, "g", "func", ("b.go", 5)),
    T(3, "len", "builtin"),
    T(4, "M", "method", ("b.go", 20)),
    T(5, "h", "unknown"),
    T(6, "k", "func", ("a.go", 30)),
    T(7, "N", "method", ("b.go", 40)),
]
REFS = [
    R(1, "f", "scoped", ("a.go", 10)),              # right
    R(2, "g", "name", ("b.go", 4), name_line=5),    # right: the truth's line is the target's name line
    R(3, "len", "name", ("c.go", 7)),               # wrong: a builtin served as an edge
    R(4, "M", "scoped", ("a.go", 20)),              # wrong: same line, other file
    R(5, "h", "name", ("a.go", 50)),                # served, the truth has no answer: not judged
    R(7, "N", "ambiguous"),                         # no target; b.go:40 is among N's definitions
    R(8, "z", "name", ("a.go", 60)),                # no truth at the site
]
DEFS = {("go", "N"): {("b.go", 40), ("c.go", 3)}}


def keyed(recs):
    return {(r["file"], r["line"], r["col"]): r for r in recs}


class ScoreTest(unittest.TestCase):
    def test_known_precision_and_recall(self):
        res = score.score(keyed(TRUTH), REFS, DEFS)
        scoped, name = res["labels"]["scoped"], res["labels"]["name"]
        self.assertEqual((scoped["served"], scoped["judged"], scoped["right"], scoped["wrong"]), (2, 2, 1, 1))
        self.assertEqual(scoped["precision"], 50.0)
        self.assertEqual((name["refs"], name["served"], name["judged"], name["right"], name["wrong"]), (4, 4, 2, 1, 1))
        self.assertEqual((name["no_truth"], name["truth_unjudged"]), (1, 1))
        self.assertEqual(res["labels"]["ambiguous"]["served"], 0)
        self.assertEqual(res["total"]["precision"], 50.0)
        rec = res["recall"]
        self.assertEqual(rec["edges"], 5)                  # f, g, M, k, N
        self.assertEqual(rec["right"], 2)                  # f, g
        self.assertEqual(rec["recall"], 40.0)
        self.assertEqual((rec["served_wrong"], rec["ambiguous"], rec["ambiguous_with_truth"], rec["no_reference"]),
                         (1, 1, 1, 1))
        wrong = {e["name"] for e in res["wrong_examples"]}
        self.assertEqual(wrong, {"len", "M"})

    def test_perfect_result(self):
        truth = [T(1, "f", "func", ("a.go", 10)), T(2, "len", "builtin")]
        refs = [R(1, "f", "scoped", ("a.go", 10)), R(2, "len", "unresolved")]
        res = score.score(keyed(truth), refs)
        self.assertEqual(res["total"]["precision"], 100.0)
        self.assertEqual(res["recall"]["recall"], 100.0)
        self.assertEqual(res["wrong_examples"], [])

    def test_a_wrong_target_fails(self):
        # The result that must fail: one target off by a line in the same file is
        # wrong, precision and recall drop below 100 and the binding is reported.
        truth = [T(1, "f", "func", ("a.go", 10)), T(2, "g", "func", ("a.go", 20))]
        refs = [R(1, "f", "scoped", ("a.go", 10)), R(2, "g", "scoped", ("a.go", 21), qual="h")]
        res = score.score(keyed(truth), refs)
        self.assertEqual(res["total"]["precision"], 50.0)
        self.assertEqual(res["recall"]["recall"], 50.0)
        self.assertNotEqual(res["total"]["precision"], 100.0)
        self.assertEqual(res["wrong_examples"][0]["name"], "g")

    def test_same_qualified_name_at_the_truth_line(self):
        # Python: @overload stubs at 12 and 17, implementation at 21: the truth names
        # 21, cortex the first stub; the same qualified name stands at 21, so it is right.
        truth = [T(1, "ctx", "function", ("g.py", 21), file="m.py")]
        refs = [R(1, "ctx", "import", ("g.py", 12), file="m.py", qual="ctx")]
        self.assertEqual(score.score(keyed(truth), refs)["total"]["precision"], 0.0)
        res = score.score(keyed(truth), refs, names_at={("g.py", 21): {"ctx"}})
        self.assertEqual(res["total"]["precision"], 100.0)
        res = score.score(keyed(truth), refs, names_at={("g.py", 21): {"Other.ctx"}})
        self.assertEqual(res["total"]["precision"], 0.0)

    def test_bad_truth_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "t.jsonl")
            with open(p, "w") as fh:
                fh.write('{"file": "a.go", "line": 1}\n')
            with self.assertRaises(ValueError):
                score.load_truth(p)

    def test_end_to_end_through_a_store(self):
        """The same case read from a SQLite file laid out like cortex's store."""
        with tempfile.TemporaryDirectory() as d:
            db = os.path.join(d, "cortex.db")
            con = sqlite3.connect(db)
            con.executescript("""
                CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT, lang TEXT);
                CREATE TABLE symbols(id INTEGER PRIMARY KEY, file_id INT, name TEXT, short_name TEXT, kind TEXT,
                                     line_start INT, line_end INT, name_line INT);
                CREATE TABLE ref_bindings(id INTEGER PRIMARY KEY, file_id INT, name TEXT, kind TEXT, qualifier TEXT,
                                          line INT, col INT, caller_id INT, target_id INT, resolution TEXT);
            """)
            files = {"a.go": 1, "b.go": 2, "c.go": 3}
            con.executemany("INSERT INTO files VALUES (?, ?, 'go')", [(i, p) for p, i in files.items()])
            sid = 0
            for r in REFS:
                tid = None
                if r["target_file"]:
                    sid += 1
                    tid = sid
                    con.execute("INSERT INTO symbols VALUES (?, ?, ?, ?, 'function', ?, ?, ?)",
                                (sid, files[r["target_file"]], r["target_name"], r["name"], r["target_line"],
                                 r["target_line"] + 3, r["target_name_line"]))
                label = None if r["label"] == "unresolved" else r["label"]
                con.execute("INSERT INTO ref_bindings(file_id, name, kind, line, col, target_id, resolution)"
                            " VALUES (1, ?, 'call', ?, 1, ?, ?)", (r["name"], r["line"], tid, label))
            for f, line in DEFS[("go", "N")]:
                sid += 1
                con.execute("INSERT INTO symbols VALUES (?, ?, 'T.N', 'N', 'method', ?, ?, ?)",
                            (sid, files[f], line, line + 2, line))
            # a type reference is not a call: ignored
            con.execute("INSERT INTO ref_bindings(file_id, name, kind, line, col) VALUES (1, 'T', 'type', 9, 1)")
            con.commit()
            con.close()
            truth = os.path.join(d, "truth.jsonl")
            with open(truth, "w") as fh:
                fh.writelines(json.dumps(t) + "\n" for t in TRUTH)
            out = os.path.join(d, "res.json")
            with open(os.devnull, "w") as devnull:
                stdout, sys.stdout = sys.stdout, devnull
                try:
                    rc = score.main(["--truth", truth, "--db", db, "--lang", "go", "--json", out])
                finally:
                    sys.stdout = stdout
            self.assertEqual(rc, 0)
            with open(out) as fh:
                res = json.load(fh)
            self.assertEqual(res["total"]["precision"], 50.0)
            self.assertEqual(res["recall"]["recall"], 40.0)
            self.assertEqual(res["recall"]["ambiguous_with_truth"], 1)
            self.assertEqual(res["labels"]["name"]["no_truth"], 1)
            self.assertEqual(score.main(["--truth", truth, "--db", os.path.join(d, "missing.db")]), 2)


if __name__ == "__main__":
    unittest.main()
