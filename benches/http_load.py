#!/usr/bin/env python3
"""Load on `cortex serve` (issue 26, "Concurrency and load").

Starts `cortex serve` on a free loopback port with the given repositories (each
a git work tree, indexed first if it has no index), then runs CLIENTS
concurrent clients (threads of `cortex-http-load`, benches/http_client.c, built
beside the cortex binary: a client in C, so that the figures are the service's),
each on its own keep-alive connection, through REQUESTS
mixed requests in all: `/query` by a definition's name, `/evidence_pack`,
`/expand` of a handle a query returned, and the tools `search`,
`get_callers` and `graph` (callers, depth 2). Names are drawn from each
store in a fixed order, so runs are reproducible. With --reindex, a thread
keeps asking every repository to reindex meanwhile (its largest Python or C
file appended to first, put back at the end) and every answer's generation is checked never to go back
(never older than an answer read before its request was sent). Prints a
Markdown table: per request kind and in all, count, errors, p50, p95, p99 and
max (ms); then throughput and the server's peak RSS (from /proc).

usage: http_load.py --cortex BIN --repo DIR [--repo DIR ...] [--clients 32]
                    [--requests 20000] [--reindex] [--json]
"""
import argparse
import http.client
import json
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time


def percentile(values, p):
    s = sorted(values)
    if not s:
        return 0.0
    return s[min(len(s) - 1, max(0, int(round(p / 100.0 * (len(s) - 1)))))]


def names(root, n):
    db = sqlite3.connect(f"file:{root}/.cortex/cortex.db?mode=ro", uri=True)
    rows = [r[0] for r in db.execute(
        "SELECT DISTINCT s.short_name FROM symbols s WHERE s.kind IN ('function', 'method')"
        " AND length(s.short_name) > 3 ORDER BY s.short_name")]
    db.close()
    step = max(1, len(rows) // n)
    return rows[::step][:n]


def memory_now_kb(pid):
    """RSS, PSS and anonymous memory now (kB): the readers map the stores, and a
    page of a store mapped by several connections counts once per mapping in
    RSS; PSS shares it out, anonymous memory is the heap."""
    out = {}
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                k = line.split(":")[0]
                if k in ("Rss", "Pss", "Anonymous"):
                    out[k] = int(line.split()[1])
    except OSError:
        pass
    return out


def peak_rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--repo", action="append", required=True)
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--requests", type=int, default=20000)
    ap.add_argument("--reindex", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--workers", type=int, help="cortex serve --workers (default: the service's own)")
    args = ap.parse_args()
    repos = [os.path.realpath(r) for r in args.repo]
    client_bin = os.path.join(os.path.dirname(os.path.realpath(args.cortex)), "cortex-http-load")
    for r in repos:
        if not os.path.exists(os.path.join(r, ".cortex", "cortex.db")):
            subprocess.run([args.cortex, "index", "--quiet", r], check=True)
    tmp = tempfile.mkdtemp()
    port_file = os.path.join(tmp, "port")
    cmd = [args.cortex, "serve", "--listen", "127.0.0.1:0", "--port-file", port_file, "--no-watch",
           "--max-connections", str(args.clients + 16), "--per-client", str(args.clients + 16)]
    if args.workers:
        cmd += ["--workers", str(args.workers)]
    for r in repos:
        cmd += ["--root", os.path.dirname(r), "--repo", r]
    server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "log"), "w"))
    try:
        for _ in range(600):
            if os.path.exists(port_file) and open(port_file).read().strip():
                break
            time.sleep(0.05)
        port = int(open(port_file).read())

        def call(conn, method, path, body=None):
            data = json.dumps(body).encode() if body is not None else None
            conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
            resp = conn.getresponse()
            return resp.status, resp.read()

        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        st, body = call(conn, "GET", "/repos")
        listed = json.loads(body)
        ids = {os.path.realpath(x["repo_root"]): x["repo_id"] for x in listed}
        while any(x["status"] != "ready" for x in listed):
            time.sleep(0.2)
            listed = json.loads(call(conn, "GET", "/repos")[1])
        plan = []
        rng = random.Random(26)
        for r in repos:
            rid = ids[r]
            for name in names(r, 100):
                plan += [("query", "POST", "/query", {"repo": rid, "symbol": name, "kind": "definition"}),
                         ("evidence_pack", "POST", "/evidence_pack", {"repo": rid, "symbol": name}),
                         ("search", "POST", f"/repos/{rid}/tools/search", {"query": name, "limit": 10}),
                         ("get_callers", "POST", f"/repos/{rid}/tools/get_callers", {"name": name, "limit": 20}),
                         ("graph", "POST", f"/repos/{rid}/tools/graph",
                          {"operation": "callers", "target": name, "depth": 2, "max_results": 50}),
                         ("expand", "POST", "/expand", {"repo": rid, "query_first": name})]
        rng.shuffle(plan)
        lat = {}
        errors = {}
        generations = {}
        gen_back = []
        reindexes = [0]
        plan_file = os.path.join(tmp, "plan")
        with open(plan_file, "w") as f:
            for kind, _, path, body in plan:
                if kind == "expand":  # the client queries first, then expands the first handle
                    path, body = "/expand", {"repo": body["repo"], "symbol": body["query_first"],
                                             "kind": "definition"}
                f.write(f"{kind}\t{path}\t{json.dumps(body)}\n")

        stop = threading.Event()

        # one source file per repository, appended to before each reindex (and put back at the end)
        edited = {}
        for r in repos:
            db = sqlite3.connect(f"file:{r}/.cortex/cortex.db?mode=ro", uri=True)
            row = db.execute("SELECT path, lang FROM files WHERE lang IN ('python', 'c') ORDER BY bytes DESC"
                             " LIMIT 1").fetchone()
            db.close()
            if row:
                path = os.path.join(r, row[0])
                edited[r] = (path, open(path, "rb").read(), b"# " if row[1] == "python" else b"// ")

        def reindexer():
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
            while not stop.is_set():
                for r in repos:
                    if r in edited:
                        path, _, comment = edited[r]
                        with open(path, "ab") as f:
                            f.write(b"\n" + comment + f"load {reindexes[0]}".encode() + b"\n")
                    call(c, "POST", "/reindex", {"repo": ids[r]})
                    reindexes[0] += 1
                time.sleep(0.2)

        t0 = time.perf_counter()
        re = threading.Thread(target=reindexer) if args.reindex else None
        if re:
            re.start()
        done = subprocess.run([client_bin, str(port), str(args.clients), str(args.requests), plan_file],
                              stdout=subprocess.PIPE, check=True, text=True).stdout
        wall = time.perf_counter() - t0
        stop.set()
        # kind, status, ms, generation, repo, sent, done (µs since the client started)
        rows = [line.split("\t") for line in done.splitlines()]
        for kind, st, ms, g, rid, _, _ in rows:
            lat.setdefault(kind, []).append(float(ms))
            if not (int(st) == 200 or (args.reindex and kind == "expand" and int(st) == 409)):
                errors[kind] = errors.get(kind, 0) + 1
        # Generations only increase: an answer names a generation at least as new
        # as every answer of its repository read before its request was sent.
        # (Answers to requests in flight together may come back in either order.)
        answered = sorted((int(d), rid, int(g)) for _, _, _, g, rid, _, d in rows if int(g) >= 0)
        asked = sorted((int(s_), rid, int(g)) for _, _, _, g, rid, s_, _ in rows if int(g) >= 0)
        seen, i = {}, 0
        for sent, rid, g in asked:
            while i < len(answered) and answered[i][0] < sent:
                seen[answered[i][1]] = max(seen.get(answered[i][1], 0), answered[i][2])
                i += 1
            if g < seen.get(rid, 0):
                gen_back.append((rid, seen[rid], g))
            generations[rid] = max(g, generations.get(rid, 0))
        rss = peak_rss_kb(server.pid)
        now = memory_now_kb(server.pid)
        if args.reindex:
            for path, content, _ in edited.values():
                with open(path, "wb") as f:
                    f.write(content)
    finally:
        server.terminate()
        server.wait()
    allv = [v for vs in lat.values() for v in vs]
    out = {"clients": args.clients, "requests": len(allv), "wall_s": round(wall, 2),
           "per_second": round(len(allv) / wall, 1), "errors": sum(errors.values()),
           "generation_went_back": len(gen_back), "peak_rss_mb": round(rss / 1024, 1),
           "end_rss_mb": round(now.get("Rss", 0) / 1024, 1), "end_pss_mb": round(now.get("Pss", 0) / 1024, 1),
           "end_anonymous_mb": round(now.get("Anonymous", 0) / 1024, 1),
           "kinds": {k: {"n": len(v), "errors": errors.get(k, 0), "p50": round(percentile(v, 50), 2),
                         "p95": round(percentile(v, 95), 2), "p99": round(percentile(v, 99), 2),
                         "max": round(max(v), 2)} for k, v in sorted(lat.items())}}
    out["all"] = {"p50": round(percentile(allv, 50), 2), "p95": round(percentile(allv, 95), 2),
                  "p99": round(percentile(allv, 99), 2), "max": round(max(allv), 2)}
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{args.clients} clients, {len(allv)} requests in {out['wall_s']} s ({out['per_second']}/s), "
          f"{out['errors']} errors, generation went back {len(gen_back)} times, server peak RSS {out['peak_rss_mb']} MB"
          f" (at the end: RSS {out['end_rss_mb']} MB, PSS {out['end_pss_mb']} MB, heap {out['end_anonymous_mb']} MB)"
          + (f", {reindexes[0]} reindex requests meanwhile (a file appended to before each), generations seen "
             + ", ".join(f"{os.path.basename(r)} {generations.get(ids[r], 0)}" for r in repos) if args.reindex else ""))
    print()
    print("| request | n | errors | p50 ms | p95 ms | p99 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for k, v in out["kinds"].items():
        print(f"| {k} | {v['n']} | {v['errors']} | {v['p50']} | {v['p95']} | {v['p99']} | {v['max']} |")
    a = out["all"]
    print(f"| all | {len(allv)} | {out['errors']} | {a['p50']} | {a['p95']} | {a['p99']} | {a['max']} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
