#!/usr/bin/env python3
"""Runs the agent benchmark's tasks on one indexed corpus: each task once
with cortex (its MCP server over stdio) and once with ripgrep, scores both
against the task's truth, and writes the per-task answers and a summary.

Tokens are characters / 3.5 of exactly what the agent reads: each MCP tool
result's content[0].text for cortex, each rg command's output for grep; tool
calls are MCP tools/call requests or rg runs.

usage: bench.py --lang L --root INDEXED_DIR --tasks T.jsonl --out R.json
                [--cats P1,P2,P4,P5] [--cortex BIN] [--strategy P1=cortex_p1_search]
"""
import argparse
import collections
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strategies  # noqa: E402
from mcpclient import MCP  # noqa: E402

CHARS_PER_TOKEN = 3.5


def prf(tp, npred, ntruth):
    """Precision, recall and F1 of one answer; an empty answer to an empty
    truth is right (1.0), anything else against an empty side is 0."""
    if npred == 0 and ntruth == 0:
        return 1.0, 1.0, 1.0
    p = tp / npred if npred else 0.0
    r = tp / ntruth if ntruth else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


UNJUDGED = set()  # files the call truth never saw (tasks.py's meta line)


def score(task, pred):
    """(tp, predicted items, expected items, missing, extra) for one answer.
    A P2 call site is not judged in a file the compiler did not analyse, nor
    where it saw a call of the name but had no single answer."""
    cat = task["cat"]
    if cat == "P2":
        open_sites = set(task.get("unjudged", ()))
        pred = [p for p in pred if p["file"] not in UNJUDGED and f"{p['file']}:{p['lo']}" not in open_sites]
    if cat in ("P1", "P2"):
        spans = sorted({(p["file"], p["lo"], p["hi"]) for p in pred})
        truth = [(e["file"], e["line"]) for e in task["expect"]]
        used = set()
        missing = []
        for f, ln in truth:
            hit = next((i for i, (pf, lo, hi) in enumerate(spans) if i not in used and pf == f and lo <= ln <= hi), None)
            if hit is None:
                missing.append(f"{f}:{ln}")
            else:
                used.add(hit)
        extra = [f"{f}:{lo}" + (f"-{hi}" if hi != lo else "") for i, (f, lo, hi) in enumerate(spans) if i not in used]
        return len(used), len(spans), len(truth), missing, extra
    if cat == "P4":
        got = {(p["dir"], p["unit"]) for p in pred}
        want = {("imports", u) for u in task["expect_imports"]} | {("importers", u) for u in task["expect_importers"]}
        return (len(got & want), len(got), len(want), sorted(f"{d} {u}" for d, u in want - got),
                sorted(f"{d} {u}" for d, u in got - want))
    if cat == "P5":
        key = lambda f, n: (f, ".".join(n.split(".")[-2:]))  # Go and TypeScript: `Type.method`
        got = collections.Counter(key(p["file"], p["name"]) for p in pred)
        want = collections.Counter(key(e["file"], e["name"]) for e in task["expect"])
        tp = sum((got & want).values())
        return (tp, sum(got.values()), sum(want.values()),
                sorted(f"{f} {n}" for f, n in (want - got).elements()), sorted(f"{f} {n}" for f, n in (got - want).elements()))
    raise ValueError(cat)


def question(task):
    if task["cat"] == "P1":
        return f"definition of {task['name']}"
    if task["cat"] == "P2":
        return f"references of {task['name']} ({task['file']}:{task['line']})"
    if task["cat"] == "P4":
        return f"imports and importers of {task['file']}"
    return f"dead code in {task['scope']}"


def run_one(fn, ctx, task):
    t0 = time.perf_counter()
    ans = fn(ctx, task)
    ms = (time.perf_counter() - t0) * 1000
    tp, npred, ntruth, missing, extra = score(task, ans.pred)
    p, r, f = prf(tp, npred, ntruth)
    chars = sum(c["chars"] for c in ans.calls)
    return {"strategy": fn.__name__, "calls": len(ans.calls), "chars": chars, "tokens": round(chars / CHARS_PER_TOKEN, 1),
            "tp": tp, "npred": npred, "ntruth": ntruth, "precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4),
            "missing": missing, "extra": extra, "ms": round(ms, 2), "requests": [c["call"] for c in ans.calls],
            "errors": sum(1 for c in ans.calls if c["error"]), "note": ans.note, "text": ans.texts}


def summarize(rows, tools=("cortex", "grep")):
    """Per tool: tasks, mean F1, micro precision and recall, tokens and calls per task."""
    out = {}
    for tool in tools:
        rs = [r[tool] for r in rows]
        if not rs:
            continue
        tp = sum(r["tp"] for r in rs)
        npred = sum(r["npred"] for r in rs)
        ntruth = sum(r["ntruth"] for r in rs)
        out[tool] = {
            "tasks": len(rs), "f1": round(statistics.mean(r["f1"] for r in rs), 4),
            "precision": round(tp / npred, 4) if npred else None, "recall": round(tp / ntruth, 4) if ntruth else None,
            "tokens": round(statistics.mean(r["tokens"] for r in rs), 1),
            "tokens_median": round(statistics.median(r["tokens"] for r in rs), 1),
            "tokens_max": max(r["tokens"] for r in rs),
            "calls": round(statistics.mean(r["calls"] for r in rs), 2),
            "errors": sum(r["errors"] for r in rs), "strategy": rs[0]["strategy"],
            "ms": round(statistics.mean(r["ms"] for r in rs), 2),
        }
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cats", default="P1,P2,P4,P5")
    ap.add_argument("--cortex", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "cortex"))
    ap.add_argument("--strategy", action="append", default=[], help="CAT=function in strategies.py, for cortex")
    ap.add_argument("--variant", action="append", default=[],
                    help="CAT=function in strategies.py: another cortex strategy run beside the chosen one, reported apart")
    args = ap.parse_args()

    cats = args.cats.split(",")
    every = [t for t in map(json.loads, open(args.tasks)) if t["lang"] == args.lang]
    tasks = [t for t in every if t["cat"] in cats]
    meta = next((t for t in every if t["cat"] == "meta"), {})
    global UNJUDGED
    UNJUDGED = set(meta.get("unjudged_files", ()))
    cortex = dict(strategies.CORTEX)
    for s in args.strategy:
        cat, fn = s.split("=", 1)
        cortex[cat] = getattr(strategies, fn)
    variants = collections.defaultdict(list)
    for s in args.variant:
        cat, fn = s.split("=", 1)
        variants[cat].append(getattr(strategies, fn))
    mcp = MCP(args.cortex, args.root)
    ctx = strategies.Ctx(args.lang, args.root, mcp)
    have = {t["name"] for t in mcp.tools()}
    for cat in list(variants):  # a variant needing a tool this cortex lacks is left out
        variants[cat] = [fn for fn in variants[cat] if set(getattr(fn, "tools", ())) <= have]
    rows = []
    try:
        for t in tasks:
            row = {"id": t["id"], "cat": t["cat"], "question": question(t), "task": t}
            row["cortex"] = run_one(cortex[t["cat"]], ctx, t)
            row["grep"] = run_one(strategies.GREP[t["cat"]], ctx, t)
            for fn in variants.get(t["cat"], []):
                row.setdefault("variants", {})[fn.__name__] = run_one(fn, ctx, t)
            rows.append(row)
    finally:
        mcp.close()
    summary = {}
    for cat in cats:
        rs = [r for r in rows if r["cat"] == cat]
        if rs:
            summary[cat] = summarize(rs)
            for fn in variants.get(cat, []):
                summary[cat].setdefault("variants", {})[fn.__name__] = summarize(
                    [{"cortex": r["variants"][fn.__name__]} for r in rs], tools=("cortex",))["cortex"]
    with open(args.out, "w") as fh:
        json.dump({"lang": args.lang, "root": args.root, "summary": summary, "tasks": rows}, fh, indent=1)
    for cat, s in summary.items():
        c, g = s["cortex"], s["grep"]
        print(f"agent: {args.lang} {cat}: {c['tasks']} tasks; cortex F1 {c['f1']:.3f}, {c['tokens']:.0f} tokens, "
              f"{c['calls']:.2f} calls; grep F1 {g['f1']:.3f}, {g['tokens']:.0f} tokens, {g['calls']:.2f} calls", file=sys.stderr)


if __name__ == "__main__":
    main()
