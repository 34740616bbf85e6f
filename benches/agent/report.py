#!/usr/bin/env python3
"""The agent benchmark's report: results/<lang>.json -> Markdown (the section
"Agent efficiency" of docs/benchmarks.md) and results/summary.json.

usage: report.py --results DIR --out report.md [--docs docs/benchmarks.md]
                 [--command ARGS] [--cortex-desc TEXT] [--seconds S] [--n N] [--seed S]
       report.py --merge A.json B.json --out C.json   (one language's runs on two corpora)
"""
import argparse
import datetime
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import strategies  # noqa: E402
from bench import summarize  # noqa: E402

LANGS = [("go", "Go"), ("python", "Python"), ("ts", "TypeScript"), ("js", "JavaScript"), ("c", "C")]
CATS = [("P1", "find a definition"), ("P2", "find a symbol's references"), ("P4", "a file's imports and importers"),
        ("P5", "dead code")]
TARGET_F1, TARGET_TOKENS, TARGET_CALLS, TARGET_RATIO = 0.9, 300, 1.1, 10

CORPORA = {
    "go": "Debian golang-github-spf13-cobra-dev, -pflag-dev, golang-github-go-sql-driver-mysql-dev, golang-google-protobuf-dev "
          "(benches/accuracy's Go corpus); P5: the Go standard library (Debian golang-1.19 `src/` without `cmd/`, `vendor/`)",
    "python": "Debian python3-flask, python3-click, python3-requests (benches/accuracy's Python corpus)",
    "ts": "npm rxjs 7.8.1 `src/` (tasks; the index also holds express's `lib/`, as benches/accuracy's corpus does)",
    "js": "npm express 4.21.2 and 24 of the packages it depends on (body-parser, send, serve-static, finalhandler, qs, "
          "debug, iconv-lite, negotiator, ...), as npm ships them",
    "c": "the tree-sitter runtime library (npm tree-sitter 0.25.1, `vendor/tree-sitter/lib`)",
}
TRUTHS = {
    "go": "go/types (benches/accuracy/gotruth): call edges; imports: go/parser + go/build (benches/agent/goimports); "
          "dead code: gotruth's unused mode on the standard library",
    "python": "jedi `Script.goto` (pytruth.py): call edges; imports: importlib (pyimports.py); no dead-code truth",
    "ts": "the TypeScript compiler API (tstruth.js): call edges, imports; dead code: noUnusedLocals (tsunused.js)",
    "js": "the TypeScript compiler API with allowJs (tstruth.js): call edges and imports within a package; "
          "dead code: noUnusedLocals with checkJs (tsunused.js)",
    "c": "clang `-ast-dump=json` (ctruth.py): call edges; includes: `clang -E -dI` (cincludes.py); "
         "dead code: clang's isUsed/isReferenced marks (cunused.py)",
}


def load(results):
    out = {}
    for lang, _ in LANGS:
        p = os.path.join(results, f"{lang}.json")
        if os.path.exists(p):
            with open(p) as fh:
                out[lang] = json.load(fh)
    return out


def fmt_f1(x):
    return f"{x:.2f}" if x is not None else "—"


def fmt_tok(x):
    return f"{x:,.0f}"


def cell_ratio(c, g):
    return f"{g['tokens'] / c['tokens']:.1f}x" if c["tokens"] else "—"


def shorten(items, k=3):
    if not items:
        return "—"
    s = ", ".join(f"`{i}`" for i in items[:k])
    return s + (f" (+{len(items) - k})" if len(items) > k else "")


def doc_first_line(fn):
    return " ".join((fn.__doc__ or "").split())


def render(data, args):
    w = []
    date = datetime.datetime.utcnow().strftime("%Y-%m-%d")
    langs = [(l, n) for l, n in LANGS if l in data]
    w.append("<!-- agent:begin -->")
    w.append("## Agent efficiency: cortex's tools against ripgrep\n")
    w.append(f"Made by `benches/agent/run.sh{args.command}` on {date} ({args.cortex_desc}), "
             f"2 cores; {args.n} tasks at most per category and language, drawn with seed {args.seed}; "
             f"the whole run took {args.seconds} s (truths cached; each corpus copied to /tmp and indexed cold). "
             "Issue 23's benchmark: for each task, cortex answers through its MCP server (stdio, one "
             "`tools/call` after another) and ripgrep through `rg` run in the corpus root, both by a fixed "
             "strategy that reads only the question, and both answers are scored against a compiler's truth.\n")
    w.append("- **F1**: per task, of the answer's items against the truth's (an empty answer to an empty truth is 1.0), "
             "averaged over the tasks. P1 and P2 items are places (file and line: a definition's name line inside the "
             "span cortex gives, a call site's line); P4 items are the files imported (Go: package directories) and the "
             "files importing; P5 items are (file, name).")
    w.append("- **tokens per task**: characters ÷ 3.5 of exactly what the agent reads: every tool result's "
             "`content[0].text` for cortex, every rg command's output for grep, summed over the task's calls.")
    w.append("- **calls per task**: MCP `tools/call` requests, or rg runs.\n")
    w.append("| language | corpus | truth |")
    w.append("|---|---|---|")
    for l, name in langs:
        w.append(f"| {name} | {CORPORA[l]} | {TRUTHS[l]} |")
    w.append("")

    # the main table
    w.append("| category | language | tasks | F1 cortex | F1 grep | tokens/task cortex | tokens/task grep | grep ÷ cortex tokens | calls/task cortex | calls/task grep |")
    w.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    overall = {}
    for cat, what in CATS:
        rows_all = []
        for l, name in langs:
            s = data[l]["summary"].get(cat)
            if not s:
                continue
            rows_all += [r for r in data[l]["tasks"] if r["cat"] == cat]
            c, g = s["cortex"], s["grep"]
            w.append(f"| {cat} {what} | {name} | {c['tasks']} | {fmt_f1(c['f1'])} | {fmt_f1(g['f1'])} | "
                     f"{fmt_tok(c['tokens'])} | {fmt_tok(g['tokens'])} | {cell_ratio(c, g)} | {c['calls']:.2f} | {g['calls']:.2f} |")
        if rows_all:
            s = summarize(rows_all)
            overall[cat] = s
            c, g = s["cortex"], s["grep"]
            w.append(f"| **{cat}** | all | {c['tasks']} | **{fmt_f1(c['f1'])}** | {fmt_f1(g['f1'])} | "
                     f"**{fmt_tok(c['tokens'])}** | {fmt_tok(g['tokens'])} | {cell_ratio(c, g)} | **{c['calls']:.2f}** | {g['calls']:.2f} |")
    every = [r for l, _ in langs for r in data[l]["tasks"]]
    tot = summarize(every)
    tc, tg = tot["cortex"], tot["grep"]
    w.append(f"| **all** | all | {tc['tasks']} | **{fmt_f1(tc['f1'])}** | {fmt_f1(tg['f1'])} | **{fmt_tok(tc['tokens'])}** | "
             f"{fmt_tok(tg['tokens'])} | {cell_ratio(tc, tg)} | **{tc['calls']:.2f}** | {tg['calls']:.2f} |")
    w.append("")

    # micro precision / recall and token spread
    w.append("Precision and recall over all of a row's items (micro), and the spread of tokens per task:\n")
    w.append("| category | language | cortex precision | cortex recall | grep precision | grep recall | cortex tokens median / max | grep tokens median / max |")
    w.append("|---|---|---:|---:|---:|---:|---:|---:|")
    pct = lambda x: f"{100 * x:.1f}%" if x is not None else "—"
    for cat, _ in CATS:
        for l, name in langs:
            s = data[l]["summary"].get(cat)
            if not s:
                continue
            c, g = s["cortex"], s["grep"]
            w.append(f"| {cat} | {name} | {pct(c['precision'])} | {pct(c['recall'])} | {pct(g['precision'])} | "
                     f"{pct(g['recall'])} | {fmt_tok(c['tokens_median'])} / {fmt_tok(c['tokens_max'])} | "
                     f"{fmt_tok(g['tokens_median'])} / {fmt_tok(g['tokens_max'])} |")
    w.append("")

    # targets
    w.append("### Targets (issue 23)\n")
    w.append("| target | measured | verdict |")
    w.append("|---|---|---|")
    low = [(cat, name, data[l]["summary"][cat]["cortex"]["f1"]) for cat, _ in CATS for l, name in langs
           if cat in data[l]["summary"] and data[l]["summary"][cat]["cortex"]["f1"] < TARGET_F1]
    w.append(f"| F1 ≥ {TARGET_F1} on every category | per category, all languages: "
             + ", ".join(f"{cat} {overall[cat]['cortex']['f1']:.3f}" for cat, _ in CATS if cat in overall)
             + ("; language rows below it: " + ", ".join(f"{cat} {n} {f:.3f}" for cat, n, f in low) if low else "")
             + f" | {'**met**' if all(overall[cat]['cortex']['f1'] >= TARGET_F1 for cat, _ in CATS if cat in overall) else '**not met**'}"
             + (" by category, not by every language row" if low else "") + " |")
    w.append(f"| ≤ {TARGET_TOKENS} tokens per task on average | {tc['tokens']:.0f} over all tasks; per category "
             + ", ".join(f"{cat} {overall[cat]['cortex']['tokens']:.0f}" for cat, _ in CATS if cat in overall)
             + f" | {'**met**' if tc['tokens'] <= TARGET_TOKENS else '**not met**'} |")
    w.append(f"| ≤ {TARGET_CALLS} tool calls per task on average | {tc['calls']:.2f} over all tasks | "
             f"{'**met**' if tc['calls'] <= TARGET_CALLS else '**not met**'} |")
    rows = [(cat, name, data[l]["summary"][cat]) for cat, _ in CATS for l, name in langs if cat in data[l]["summary"]]
    met = [(cat, n) for cat, n, s in rows if s["cortex"]["tokens"] and s["grep"]["tokens"] / s["cortex"]["tokens"] >= TARGET_RATIO
           and s["cortex"]["f1"] > s["grep"]["f1"]]
    w.append(f"| ≥ {TARGET_RATIO}x fewer tokens than grep at higher F1 | {len(met)} of {len(rows)} rows"
             + (": " + ", ".join(f"{cat} {n}" for cat, n in met) if met else "")
             + f"; all tasks: {tg['tokens'] / tc['tokens']:.1f}x fewer, F1 {tc['f1']:.2f} against {tg['f1']:.2f} | "
             f"{'**met**' if tg['tokens'] >= TARGET_RATIO * tc['tokens'] and tc['f1'] > tg['f1'] else '**not met**'}"
             + (" over all tasks, not in every row (grep is cheap where one search answers)" if len(met) < len(rows) else "")
             + " |")
    w.append("")

    # the notes written by hand on what the run showed
    notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "notes.md")
    if os.path.exists(notes):
        with open(notes, encoding="utf-8") as fh:
            w.append(fh.read().rstrip("\n") + "\n")

    # strategies
    w.append("### Strategies\n")
    w.append("One function per category and tool in `benches/agent/strategies.py`, fixed for every task (issue 23's "
             "`query` tool can replace a category's with `bench.py --strategy P1=<function>`):\n")
    for cat, what in CATS:
        used = {data[l]["summary"][cat]["cortex"]["strategy"] for l, _ in langs if cat in data[l]["summary"]}
        for fn in sorted(used):
            w.append(f"- {cat} cortex (`{fn}`): {doc_first_line(getattr(strategies, fn)).split(': ', 1)[-1]}")
        w.append(f"- {cat} grep (`{strategies.GREP[cat].__name__}`): "
                 f"{doc_first_line(strategies.GREP[cat]).split(': ', 1)[-1]}")
    w.append("")
    var_rows = [(cat, name, fn, v, data[l]["summary"][cat]["cortex"]) for cat, _ in CATS for l, name in langs
                if cat in data[l]["summary"] for fn, v in data[l]["summary"][cat].get("variants", {}).items()]
    if var_rows:
        w.append("Other cortex tools for the same tasks, run beside the chosen strategy (`bench.py --variant`):\n")
        w.append("| category | language | strategy | F1 | tokens/task | calls/task | chosen strategy's F1 / tokens |")
        w.append("|---|---|---|---:|---:|---:|---|")
        for cat, name, fn, v, c in var_rows:
            w.append(f"| {cat} | {name} | `{fn}` | {fmt_f1(v['f1'])} | {fmt_tok(v['tokens'])} | {v['calls']:.2f} | "
                     f"{fmt_f1(c['f1'])} / {fmt_tok(c['tokens'])} |")
        w.append("")
        for fn in sorted({fn for _, _, fn, _, _ in var_rows}):
            w.append(f"- `{fn}`: {doc_first_line(getattr(strategies, fn)).split(': ', 1)[-1]}")
        w.append("")

    # worst tasks
    w.append("### Where cortex's answers fall short\n")
    w.append("Per category, the tasks with the lowest F1 (then the most tokens), with what the truth expected and "
             "cortex did not give (*missing*) and what it gave beyond the truth (*extra*); every task's request and "
             "answer text is in `benches/agent/results/<lang>.json`.\n")
    for cat, what in CATS:
        rs = [r for l, _ in langs for r in data[l]["tasks"] if r["cat"] == cat]
        bad = sorted((r for r in rs if r["cortex"]["f1"] < 1), key=lambda r: (r["cortex"]["f1"], -r["cortex"]["tokens"]))
        if not rs:
            continue
        w.append(f"**{cat} {what}**: {len(bad)} of {len(rs)} tasks below F1 1.0.\n")
        if bad:
            w.append("| task | question | F1 | tokens | truth | missing | extra |")
            w.append("|---|---|---:|---:|---:|---|---|")
            for r in bad[:args.worst]:
                c = r["cortex"]
                w.append(f"| {r['id']} | {r['question']} | {c['f1']:.2f} | {c['tokens']:.0f} | {c['ntruth']} | "
                         f"{shorten(c['missing'])} | {shorten(c['extra'])} |")
            w.append("")
        big = sorted(rs, key=lambda r: -r["cortex"]["tokens"])[:3]
        w.append("Largest answers: " + "; ".join(
            f"{r['id']} ({r['question']}): {r['cortex']['tokens']:,.0f} tokens for {r['cortex']['ntruth']} expected items"
            for r in big) + ".\n")
    w.append("<!-- agent:end -->")
    return "\n".join(w) + "\n", {"overall": overall, "total": tot,
                                 "per_language": {l: data[l]["summary"] for l, _ in langs}}


def splice(doc_path, section):
    with open(doc_path, encoding="utf-8") as fh:
        doc = fh.read()
    b, e = doc.find("<!-- agent:begin -->"), doc.find("<!-- agent:end -->")
    if 0 <= b < e:
        doc = doc[:b] + section.rstrip("\n") + doc[e + len("<!-- agent:end -->"):]
    else:
        doc = doc.rstrip("\n") + "\n\n" + section
    with open(doc_path, "w", encoding="utf-8") as fh:
        fh.write(doc)


def merge(paths, out):
    """One language's results from runs on two corpora (Go: P5 on the standard library)."""
    parts = [json.load(open(p)) for p in paths]
    m = {"lang": parts[0]["lang"], "root": [p["root"] for p in parts], "summary": {}, "tasks": []}
    for p in parts:
        m["summary"].update(p["summary"])
        m["tasks"] += p["tasks"]
    with open(out, "w") as fh:
        json.dump(m, fh, indent=1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results")
    ap.add_argument("--out", required=True)
    ap.add_argument("--docs")
    ap.add_argument("--merge", nargs="+")
    ap.add_argument("--cortex-desc", default="cortex", help="which binary answered (run.sh says)")
    ap.add_argument("--seconds", default="?")
    ap.add_argument("--command", default="", help="run.sh's arguments, for the report")
    ap.add_argument("--n", default=40)
    ap.add_argument("--seed", default=23)
    ap.add_argument("--worst", type=int, default=10)
    args = ap.parse_args()
    if args.merge:
        merge(args.merge, args.out)
        return
    data = load(args.results)
    if not data:
        sys.exit("report.py: no results")
    md, summary = render(data, args)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(md)
    with open(os.path.join(args.results, "summary.json"), "w") as fh:
        json.dump(summary, fh, indent=1)
    if args.docs:
        splice(args.docs, md)


if __name__ == "__main__":
    main()
