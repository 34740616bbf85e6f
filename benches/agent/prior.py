#!/usr/bin/env python3
"""Does the expand prior help, or at least never hurt? (issue 23)

On an indexed corpus and the agent benchmark's P1 tasks (a definition's
name and its place by a compiler), each task asks `query {pattern: NAME}`
with the name's last component (so the definition competes with its
namesakes) and reads the rank of the right handle. Three passes, each with
a fresh handle log: the baseline; after the agent expanded the right
handle of each task once (what an agent that found it does); after it
expanded the best wrong one of each task instead (an agent misled once).
Prints the mean reciprocal rank and how many tasks moved up or down.

usage: prior.py --cortex BIN --root INDEXED_DIR --tasks TASKS.jsonl [--limit 16]
"""
import argparse
import json
import os

from mcpclient import MCP


def rank_of(handles, task):
    """1-based rank of the first handle holding the task's definition, or 0."""
    for i, h in enumerate(handles):
        for e in task["expect"]:
            a, b = h["line_range"]
            if h["file"] == e["file"] and a <= e["line"] <= b:
                return i + 1
    return 0


def ask(mcp, task, limit):
    name = task["name"].split(".")[-1]
    _, sc, err = mcp.call("query", {"pattern": name, "limit": limit, "format": "json"})
    return [] if err else sc.get("handles", [])


def run_pass(args, tasks, expand_first):
    """One pass: optionally an expand per task first, then every task asked once."""
    log = os.path.join(args.root, ".cortex", "handles.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(log + suffix):
            os.remove(log + suffix)
    mcp = MCP(args.cortex, args.root)
    try:
        if expand_first:
            for t in tasks:
                handles = ask(mcp, t, args.limit)
                r = rank_of(handles, t)
                pick = None
                if expand_first == "right" and r:
                    pick = handles[r - 1]["id"]
                elif expand_first == "wrong":
                    pick = next((h["id"] for i, h in enumerate(handles) if i + 1 != r), None)
                if pick:
                    mcp.call("expand", {"handle_ids": [pick]})
        return [rank_of(ask(mcp, t, args.limit), t) for t in tasks]
    finally:
        mcp.close()


def mrr(ranks):
    return sum(1.0 / r for r in ranks if r) / len(ranks) if ranks else 0.0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--limit", type=int, default=16)
    args = ap.parse_args()
    tasks = [t for t in map(json.loads, open(args.tasks)) if t["cat"] == "P1"]
    base = run_pass(args, tasks, None)
    out = {"tasks": len(tasks), "baseline_mrr": round(mrr(base), 3), "baseline_top1": sum(r == 1 for r in base)}
    for kind in ("right", "wrong"):
        ranks = run_pass(args, tasks, kind)
        better = sum(1 for a, b in zip(base, ranks) if b and (not a or b < a))
        worse = sum(1 for a, b in zip(base, ranks) if a and (not b or b > a))
        out[kind] = {"mrr": round(mrr(ranks), 3), "top1": sum(r == 1 for r in ranks), "moved_up": better,
                     "moved_down": worse}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
