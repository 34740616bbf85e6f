#!/usr/bin/env python3
"""Latency of cortex's MCP tools through the stdio protocol.

Spawns `cortex mcp --root ROOT` on an existing index, times the start to the
first answer (an `explore` call sent at once), then runs representative calls
of each tool — names, files and classes drawn from the store in a fixed order,
so runs are reproducible — one at a time, each timed from the write of the
request to the read of its response. Prints a Markdown table of p50, p95 and
max per tool (or JSON with --json). Uses the legacy handshake (initialize),
which every client speaks.

usage: mcp_latency.py --cortex BIN --root DIR [--calls N] [--json]
"""
import argparse
import json
import os
import sqlite3
import subprocess
import sys
import time


def percentile(values, p):
    s = sorted(values)
    if not s:
        return 0.0
    k = min(len(s) - 1, max(0, int(round(p / 100.0 * (len(s) - 1)))))
    return s[k]


def sample(db, sql, n):
    rows = [r[0] for r in db.execute(sql)]
    if not rows:
        return []
    step = max(1, len(rows) // n)
    picked = rows[::step][:n]
    while len(picked) < n:
        picked += picked[: n - len(picked)]
    return picked


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--only", help="measure only the tools whose label contains this text")
    args = ap.parse_args()

    db_path = os.path.join(args.root, ".cortex", "cortex.db")
    if not os.path.exists(db_path):
        sys.exit(f"mcp_latency: no index at {db_path}: run `cortex index {args.root}` first")
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    n = args.calls
    # Deterministic samples: every k-th row of a sorted list.
    functions = sample(db, "SELECT DISTINCT short_name FROM symbols WHERE kind IN ('function','method') ORDER BY short_name", n)
    qualified = sample(db, "SELECT DISTINCT name FROM symbols WHERE kind IN ('function','method') ORDER BY name", n)
    files = sample(db, "SELECT path FROM files ORDER BY path", n)
    containers = [tuple(r) for r in db.execute(
        "SELECT f.path, s.name FROM symbols s JOIN files f ON f.id = s.file_id "
        "WHERE s.kind IN ('class','struct','enum','interface','union') ORDER BY f.path, s.line_start")]
    step = max(1, len(containers) // n)
    containers = (containers[::step] * (n // max(1, len(containers[::step])) + 1))[:n] if containers else []
    words = sample(db, "SELECT DISTINCT short_name FROM symbols WHERE kind IN ('class','struct','function','method','macro','constant') "
                       "AND length(short_name) > 3 ORDER BY short_name", n)
    # hubs: the functions whose names the most references bear (kfree, Sprintf-like)
    hubs = [r[0] for r in db.execute(
        "SELECT s.name FROM (SELECT name, count(*) AS n FROM refs GROUP BY name ORDER BY n DESC LIMIT 200) r "
        "JOIN symbols s ON s.short_name = r.name AND s.kind IN ('function','method') GROUP BY s.name "
        "ORDER BY max(r.n) DESC, s.name LIMIT 20")]
    types = [p for _, p in containers]
    db.close()

    # (label, tool, arguments): the graph tool's operations by name
    def graph(op, targets, **extra):
        return [{"operation": op, "target": t, **extra} for t in targets]

    calls = {
        "search": ("search", [{"query": w, "limit": 10} for w in words]),
        "get_file_symbols": ("get_file_symbols", [{"file": f, "limit": 200} for f in files]),
        "get_children": ("get_children", [{"file": f, "parent": p} for f, p in containers]),
        "get_imports": ("get_imports", [{"file": f} for f in files]),
        "get_callers": ("get_callers", [{"name": q, "limit": 50} for q in functions]),
        "get_callees": ("get_callees", [{"caller": q} for q in qualified]),
        "graph definition": ("graph", graph("definition", qualified)),
        "graph references": ("graph", graph("references", qualified)),
        "graph callers, depth 1": ("graph", graph("callers", qualified)),
        "graph callees, depth 1": ("graph", graph("callees", qualified)),
        "graph implementations": ("graph", graph("implementations", types)),
        "analysis detail": ("analysis", graph("detail", qualified)),
        "graph callers of a hub, depth 3": ("graph", graph("callers", hubs, depth=3)),
        "graph impact of a hub, depth 3": ("graph", graph("impact", hubs, depth=3)),
        # over the whole corpus: a few calls each
        "analysis circular_dependencies": ("analysis", [{"operation": "circular_dependencies"}] * 3),
        "analysis dependency_graph": ("analysis", [{"operation": "dependency_graph"}] * 3),
        "analysis hotspots": ("analysis", [{"operation": "hotspots"}] * 3),
        "analysis unused_symbols": ("analysis", [{"operation": "unused_symbols"}] * 3),
    }

    if args.only:
        calls = {k: v for k, v in calls.items() if args.only in k}
    t0 = time.perf_counter()
    proc = subprocess.Popen([args.cortex, "mcp", "--root", args.root, "--no-index"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    next_id = [0]

    def rpc(method, params):
        next_id[0] += 1
        msg = json.dumps({"jsonrpc": "2.0", "id": next_id[0], "method": method, "params": params}) + "\n"
        start = time.perf_counter()
        proc.stdin.write(msg.encode())
        proc.stdin.flush()
        line = proc.stdout.readline()  # buffered: an unbuffered pipe reads one byte per call
        elapsed = (time.perf_counter() - start) * 1000.0
        reply = json.loads(line)
        return elapsed, reply

    # Start to first answer: the first request goes out as soon as the process exists.
    _, first = rpc("tools/call", {"name": "explore", "arguments": {"max_entries": 50}})
    first_ms = (time.perf_counter() - t0) * 1000.0
    if "result" not in first or first["result"].get("isError"):
        sys.exit(f"mcp_latency: explore failed: {first}")
    rpc("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}})
    proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    proc.stdin.flush()

    results = {}
    errors = {}
    for label, (tool, arg_list) in calls.items():
        times = []
        for a in arg_list:
            ms, reply = rpc("tools/call", {"name": tool, "arguments": a})
            if "error" in reply or reply.get("result", {}).get("isError"):
                errors[label] = errors.get(label, 0) + 1
            times.append(ms)
        if times:
            results[label] = {"calls": len(times), "p50": percentile(times, 50), "p95": percentile(times, 95),
                              "max": max(times)}
    proc.stdin.close()
    proc.wait(timeout=60)

    if args.json:
        print(json.dumps({"root": args.root, "first_answer_ms": first_ms, "tools": results, "errors": errors}, indent=2))
        return
    print(f"Start to first answer (`explore`): {first_ms:.1f} ms\n")
    print("| tool | calls | p50 ms | p95 ms | max ms | error results |")
    print("|---|---:|---:|---:|---:|---:|")
    for tool, r in results.items():
        print(f"| `{tool}` | {r['calls']} | {r['p50']:.2f} | {r['p95']:.2f} | {r['max']:.2f} | {errors.get(tool, 0)} |")


if __name__ == "__main__":
    main()
