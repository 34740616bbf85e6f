#!/usr/bin/env python3
"""A store after many edits against a fresh index of the same tree (issue 25).

Copies CORPUS to a temporary directory, indexes it, then makes EDITS seeded
random edits to its source files, re-indexing after each (as `cortex watch`
or an agent's edit loop would): a line appended, a function inserted, a line
deleted, a file created or removed. Then indexes a copy of the final tree
from scratch and compares:

  - the rows: every definition, reference (with how it was bound, and to
    what), text, import and chunk, by path and place, must be equal;
  - the size: the churned store's bytes (with its WAL) over the fresh one's,
    and its free pages;
  - each file's recorded counts of its rows (what the index's totals sum)
    against its rows in the churned store.

    benches/churn.py CORPUS [--edits 1000] [--seed 25] [--cortex build/cortex]
                            [--max-growth 1.05] [--json]

Exits 1 when the rows differ, a file's counts are wrong, or the growth is above --max-growth.
"""
import argparse
import hashlib
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

EXTENSIONS = {".py": "#", ".c": "//", ".h": "//", ".go": "//", ".ts": "//", ".js": "//"}

DUMPS = {
    "symbols": "SELECT f.path, s.name, s.kind, s.line_start, s.line_end, s.col, coalesce(s.sig, ''),"
               " coalesce(s.doc, ''), coalesce(p.name, '') FROM symbols s JOIN files f ON f.id = s.file_id"
               " LEFT JOIN symbols p ON p.id = s.parent_id",
    "references": "SELECT f.path, r.name, r.kind, r.line, r.col, coalesce(r.qualifier, ''),"
                  " coalesce(r.resolution, ''), coalesce(c.name, ''), coalesce(tf.path || ':' || t.name, '')"
                  " FROM ref_bindings r JOIN files f ON f.id = r.file_id LEFT JOIN symbols c ON c.id = r.caller_id"
                  " LEFT JOIN symbols t ON t.id = r.target_id LEFT JOIN files tf ON tf.id = t.file_id",
    "texts": "SELECT f.path, t.kind, t.line_start, t.line_end, t.text FROM texts t JOIN files f ON f.id = t.file_id",
    "imports": "SELECT f.path, i.name, coalesce(i.alias, ''), i.line, coalesce(tf.path, '') FROM imports i"
               " JOIN files f ON f.id = i.file_id LEFT JOIN files tf ON tf.id = i.target_file_id",
    "chunks": "SELECT f.path, c.kind, c.line_start, c.line_end, c.content FROM chunks c JOIN files f ON f.id = c.file_id",
    "files": "SELECT path, lang, hash, lines, bytes FROM files",
}


def index(cortex, root):
    subprocess.run([cortex, "index", root, "--quiet"], check=True, stdout=subprocess.DEVNULL)


def store_bytes(root):
    base = os.path.join(root, ".cortex", "cortex.db")
    return sum(os.path.getsize(p) for p in (base, base + "-wal") if os.path.exists(p))


def digest(root):
    con = sqlite3.connect(f"file:{os.path.join(root, '.cortex', 'cortex.db')}?mode=ro", uri=True)
    out = {}
    for name, sql in DUMPS.items():
        rows = sorted(repr(r) for r in con.execute(sql))
        out[name] = (len(rows), hashlib.sha256("\n".join(rows).encode()).hexdigest())
    free = con.execute("PRAGMA freelist_count").fetchone()[0] * con.execute("PRAGMA page_size").fetchone()[0]
    con.close()
    return out, free


# Each file's counts of its rows, which the index's totals sum, against its rows.
MISCOUNTED = ("SELECT f.path FROM files f WHERE f.symbol_rows <> (SELECT count(*) FROM symbols s WHERE s.file_id = f.id)"
              " OR f.ref_rows <> (SELECT count(*) FROM refs r WHERE r.id >= f.id << 32 AND r.id < (f.id + 1) << 32)"
              " OR f.text_rows <> (SELECT count(*) FROM texts t WHERE t.id >= f.id << 32 AND t.id < (f.id + 1) << 32)"
              " ORDER BY f.path")


def miscounted(root):
    con = sqlite3.connect(f"file:{os.path.join(root, '.cortex', 'cortex.db')}?mode=ro", uri=True)
    paths = [r[0] for r in con.execute(MISCOUNTED)]
    con.close()
    return paths


def dump(root, table):
    con = sqlite3.connect(f"file:{os.path.join(root, '.cortex', 'cortex.db')}?mode=ro", uri=True)
    rows = [repr(r) for r in con.execute(DUMPS[table])]
    con.close()
    return rows


def source_files(root):
    files = []
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for n in sorted(names):
            if os.path.splitext(n)[1] in EXTENSIONS:
                files.append(os.path.join(dirpath, n))
    return files


def edit(rng, root, files, i):
    """One edit; returns what it did."""
    path = rng.choice(files)
    ext = os.path.splitext(path)[1]
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = f.read().split("\n")
    what = rng.choice(["append", "insert", "delete", "create", "remove"])
    if what == "create":
        new = os.path.join(os.path.dirname(path), f"churn_{i}{ext}")
        body = (f"def churn_{i}(x):\n    return x + {i}\n" if ext == ".py"
                else f"func churn_{i}(x int) int {{ return x + {i} }}\n" if ext == ".go"
                else f"function churn_{i}(x) {{ return x + {i}; }}\n" if ext in (".ts", ".js")
                else f"int churn_{i}(int x) {{ return x + {i}; }}\n")
        if ext == ".go":
            body = "package " + package_of(lines) + "\n\n" + body
        with open(new, "w") as f:
            f.write(body)
        files.append(new)
        return what
    if what == "remove":
        if len(files) < 2:
            return "none"
        os.remove(path)
        files.remove(path)
        return what
    if what == "append":
        lines.append(f"{EXTENSIONS[ext]} churn {i}")
    elif what == "insert":
        at = rng.randrange(len(lines) + 1)
        # at a line of no indentation, so that the code around stays whole
        while at < len(lines) and lines[at][:1] in (" ", "\t", "}", ")"):
            at += 1
        stub = (f"def churned_{i}():\n    return {i}\n" if ext == ".py"
                else f"func churned_{i}() int {{ return {i} }}" if ext == ".go"
                else f"function churned_{i}() {{ return {i}; }}" if ext in (".ts", ".js")
                else f"static int churned_{i}(void) {{ return {i}; }}")
        lines[at:at] = stub.split("\n")
    elif what == "delete" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write("\n".join(lines))
    return what


def package_of(lines):
    for line in lines:
        if line.startswith("package "):
            return line.split()[1]
    return "main"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus")
    ap.add_argument("--edits", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--cortex", default=os.path.join(os.path.dirname(__file__), "..", "build", "cortex"))
    ap.add_argument("--max-growth", type=float, default=1.05)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--show", type=int, default=0, help="print up to N rows that differ, per table")
    ap.add_argument("--keep", help="leave the two trees in this directory (churned/, fresh/) to look at")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    work = args.keep or tempfile.mkdtemp(prefix="cortex-churn.")
    try:
        churned, fresh = os.path.join(work, "churned"), os.path.join(work, "fresh")
        shutil.copytree(args.corpus, churned, ignore=shutil.ignore_patterns(".cortex"))
        index(args.cortex, churned)
        cold = store_bytes(churned)
        files = source_files(churned)
        done = {}
        for i in range(args.edits):
            what = edit(rng, churned, files, i)
            done[what] = done.get(what, 0) + 1
            index(args.cortex, churned)
        after = store_bytes(churned)
        rows_churned, free = digest(churned)
        wrong_counts = miscounted(churned)
        shutil.copytree(churned, fresh, ignore=shutil.ignore_patterns(".cortex"))
        index(args.cortex, fresh)
        new = store_bytes(fresh)
        rows_fresh, fresh_free = digest(fresh)
        differ = [k for k in DUMPS if rows_churned[k] != rows_fresh[k]]
        for k in differ[:] if args.show else []:
            a, b = set(dump(churned, k)), set(dump(fresh, k))
            for r in sorted(a - b)[:args.show]:
                print(f"{k}: only after the edits: {r}")
            for r in sorted(b - a)[:args.show]:
                print(f"{k}: only in a fresh index: {r}")
        result = {"edits": args.edits, "seed": args.seed, "kinds": done, "cold_bytes": cold, "churned_bytes": after,
                  "fresh_bytes": new, "growth": round(after / new, 3), "churned_free_bytes": free,
                  "fresh_free_bytes": fresh_free, "rows": {k: rows_fresh[k][0] for k in DUMPS}, "rows_differ": differ,
                  "files_miscounted": wrong_counts}
        if args.json:
            print(json.dumps(result))
        else:
            print(f"{args.edits} edits ({', '.join(f'{k} {v}' for k, v in sorted(done.items()))}): store "
                  f"{after / 1048576:.1f} MB against {new / 1048576:.1f} MB fresh ({after / new:.3f}x), "
                  f"{free / 1048576:.1f} MB free; rows {'equal' if not differ else 'DIFFER in ' + ', '.join(differ)}; "
                  f"{len(wrong_counts)} files whose recorded row counts are wrong")
        return 1 if differ or wrong_counts or after > args.max_growth * new else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
