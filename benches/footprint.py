#!/usr/bin/env python3
"""Where an index's bytes go (issue 25, "measure first, then cut").

For a repository indexed with `cortex index`, reports:

  - .cortex/ in total, the store (cortex.db), the JSONL index and the chunks,
    each in bytes and as a multiple of the indexed source's bytes;
  - the store per table, index and full-text shadow table (SQLite's dbstat),
    and its free pages;
  - the JSONL index per record stream (symbols, references, texts, files) and,
    within each, per field: the bytes its `"key": value` pairs take.

    benches/footprint.py ROOT [--markdown] [--check RATIOS.json]

--check compares the store's and the JSONL's ratios to source with those
RATIOS.json records ({"store": r, "jsonl": r}) and exits 1 when either is more
than 10% above: the regression guard of the suite (tests/footprint), run on a
fixed fixture, not a timing.
"""
import argparse
import json
import os
import sqlite3
import sys


def tree_bytes(path):
    total = 0
    for dirpath, _, names in os.walk(path):
        for n in names:
            p = os.path.join(dirpath, n)
            if not os.path.islink(p):
                total += os.path.getsize(p)
    return total


def store_objects(db_path):
    """(name, kind, bytes) per table, index and shadow table; free bytes."""
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    kinds = dict(con.execute("SELECT name, type FROM sqlite_master"))
    try:
        rows = con.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC").fetchall()
    except sqlite3.OperationalError:
        rows = []  # a SQLite without the dbstat table
    page = con.execute("PRAGMA page_size").fetchone()[0]
    free = con.execute("PRAGMA freelist_count").fetchone()[0] * page
    source = con.execute("SELECT coalesce(sum(bytes), 0), count(*) FROM files").fetchone()
    con.close()
    objects = []
    for name, size in rows:
        kind = kinds.get(name, "table")
        if name.startswith("sqlite_autoindex"):
            kind = "index"
        elif "_fts_" in name or name.endswith("_fts"):
            kind = "fts"
        objects.append((name, kind, size))
    return objects, free, source


# a reference written as an array: its fields by position (docs/index-format.md)
TUPLE_FIELDS = ("name", "line", "col", "kind", "rest")


def jsonl_fields(index_dir):
    """{stream: {"bytes": n, "records": n, "fields": {key: bytes}}} over the JSONL files."""
    streams = {}
    for dirpath, _, names in os.walk(index_dir):
        for n in sorted(names):
            if not n.endswith(".jsonl"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, n), index_dir)
            stream = rel.split(os.sep)[0].removesuffix(".jsonl")
            s = streams.setdefault(stream, {"bytes": 0, "records": 0, "fields": {}})
            with open(os.path.join(dirpath, n), "rb") as f:
                for line in f:
                    s["bytes"] += len(line)
                    s["records"] += 1
                    rec = json.loads(line)
                    if isinstance(rec, list):
                        # a reference by position (format 1.4): each value plus its comma
                        for k, v in zip(TUPLE_FIELDS, rec):
                            size = len(json.dumps(v, ensure_ascii=False, separators=(",", ":")).encode()) + 1
                            s["fields"][k] = s["fields"].get(k, 0) + size
                        continue
                    for k, v in rec.items():
                        # the pair as the writer spells it: "key":value plus its comma
                        size = len(json.dumps(k, ensure_ascii=False).encode()) + 2 + \
                            len(json.dumps(v, ensure_ascii=False, separators=(",", ":")).encode())
                        s["fields"][k] = s["fields"].get(k, 0) + size
    return streams


def mb(n):
    return f"{n / 1048576:.1f}"


def measure(root):
    data = os.path.join(root, ".cortex")
    store = os.path.join(data, "cortex.db")
    objects, free, (source, files) = store_objects(store)
    streams = jsonl_fields(os.path.join(data, "index"))
    sizes = {
        "source": source,
        "files": files,
        "cortex": tree_bytes(data),
        "store": os.path.getsize(store),
        "jsonl": tree_bytes(os.path.join(data, "index")),
        "chunks": tree_bytes(os.path.join(data, "chunks")) if os.path.isdir(os.path.join(data, "chunks")) else 0,
        "free": free,
    }
    return sizes, objects, streams


def report(root, sizes, objects, streams):
    src = sizes["source"] or 1
    w = [f"#### {os.path.basename(os.path.abspath(root))}: {sizes['files']} files, {mb(src)} MB of source\n",
         "| part | MB | ÷ source |", "|---|---:|---:|"]
    for key, label in (("cortex", "`.cortex/` in total"), ("store", "store (`cortex.db`)"),
                       ("jsonl", "JSONL index"), ("chunks", "chunks"), ("free", "store's free pages")):
        w.append(f"| {label} | {mb(sizes[key])} | {sizes[key] / src:.2f}x |")
    w += ["", "| store object | kind | MB | share |", "|---|---|---:|---:|"]
    total = sum(size for _, _, size in objects) or 1
    for name, kind, size in objects:
        if size * 200 < total:
            continue  # under half a percent
        w.append(f"| `{name}` | {kind} | {mb(size)} | {100 * size / total:.1f}% |")
    w += ["", "| JSONL stream | records | MB | fields by bytes |", "|---|---:|---:|---|"]
    for stream, s in sorted(streams.items(), key=lambda kv: -kv[1]["bytes"]):
        fields = sorted(s["fields"].items(), key=lambda kv: -kv[1])
        parts = ", ".join(f"`{k}` {100 * v / s['bytes']:.0f}%" for k, v in fields[:8])
        w.append(f"| {stream} | {s['records']:,} | {mb(s['bytes'])} | {parts} |")
    return "\n".join(w) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("root")
    ap.add_argument("--check", help="recorded ratios (JSON) the store and JSONL may exceed by 10%% at most")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args()
    sizes, objects, streams = measure(args.root)
    if args.json:
        print(json.dumps({"sizes": sizes, "objects": objects, "streams": streams}))
    else:
        print(report(args.root, sizes, objects, streams))
    if args.check:
        with open(args.check) as f:
            recorded = json.load(f)
        bad = []
        for key in ("store", "jsonl"):
            ratio = sizes[key] / (sizes["source"] or 1)
            if ratio > recorded[key] * 1.10:
                bad.append(f"{key}: {ratio:.2f}x the source, recorded {recorded[key]:.2f}x (10% allowed)")
        for b in bad:
            print(f"footprint: {b}", file=sys.stderr)
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
