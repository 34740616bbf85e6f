#!/usr/bin/env python3
"""Writes the docs/benchmarks.md section "Reference accuracy against compiler
truth" from benches/accuracy/results/<lang>.json and .md (run.sh calls it).

    report.py --results DIR --versions versions.tsv --cortex PATH LANG...
"""
import argparse
import datetime
import json
import os
import subprocess

CORPUS = {
    "go": ("Go", "go/types (Debian golang-go {golang-go})",
           "Debian golang-github-spf13-cobra-dev {golang-github-spf13-cobra-dev}, "
           "golang-github-spf13-pflag-dev {golang-github-spf13-pflag-dev}, "
           "golang-github-go-sql-driver-mysql-dev {golang-github-go-sql-driver-mysql-dev}, "
           "golang-google-protobuf-dev {golang-google-protobuf-dev} (module sources with their tests and testdata)"),
    "python": ("Python", "jedi `Script.goto` (Debian python3-jedi {python3-jedi})",
               "Debian python3-flask {python3-flask}, python3-click {python3-click}, "
               "python3-requests {python3-requests}"),
    "ts": ("TypeScript / JavaScript", "the TypeScript compiler API (npm typescript {npm typescript})",
           "npm rxjs {npm rxjs} (`src/`, TypeScript), express {npm express} (`lib/`, CommonJS JavaScript)"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--results", required=True)
    ap.add_argument("--versions", required=True)
    ap.add_argument("--cortex", required=True)
    ap.add_argument("langs", nargs="+")
    a = ap.parse_args()
    versions = {}
    with open(a.versions) as fh:
        for line in fh:
            k, _, v = line.rstrip("\n").partition("\t")
            versions[k] = v
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rev = subprocess.run(["git", "-C", repo, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    res = {l: json.load(open(os.path.join(a.results, f"{l}.json"))) for l in a.langs}
    out = []
    w = out.append
    w("<!-- accuracy:begin -->")
    w("## Reference accuracy against compiler truth\n")
    w(f"Made by `benches/accuracy/run.sh` on {day} at {rev}: every call whose callee is a name, "
      "in corpora of Debian and npm packages, as a compiler binds it, against the call references of "
      "cortex's store (`ref_bindings`: each reference's label and target). Joined on the callee name's "
      "position (file, line, byte column). A served edge (a reference with a target) is *right* when "
      "its target is the compiler's definition (same file, the definition's name line or first line); "
      "*precision* is right / served edges at sites the compiler answered. *Edge recall* is the share of "
      "the compiler's call edges to a function, method or class declared in the corpus that cortex "
      "serves with the right target. Calls of builtins, of library functions outside the corpus and of "
      "function-valued variables are in the truth: an edge cortex serves for one is wrong. The scorer "
      "(`benches/accuracy/score.py`) has its own unit test (`test_scorer.py`).\n")
    w("| language | truth | corpus |")
    w("|---|---|---|")
    for l in a.langs:
        name, tool, corpus = CORPUS[l]
        w(f"| {name} | {tool.format(**versions)} | {corpus.format(**versions)} |")
    w("")
    w("| language | call sites (truth) | served edges judged | precision | " +
      "precision by label | edges in the corpus | edge recall | `ambiguous` among them |")
    w("|---|---:|---:|---:|---|---:|---:|---:|")
    for l in a.langs:
        r = res[l]
        labels = ", ".join(f"`{k}` {v['precision']}% ({v['judged']:,})" for k, v in r["labels"].items()
                           if v["judged"])
        R = r["recall"]
        w(f"| {CORPUS[l][0]} | {r['truth']['calls']:,} | {r['total']['judged']:,} | **{r['total']['precision']}%** | "
          f"{labels} | {R['edges']:,} | **{R['recall']}%** | {R['ambiguous']:,} |")
    w("")
    w("Targets (issue 21): precision of served edges ≥ 98% on every language, ≥ 95% for every label; "
      "edge recall ≥ 90% for Go, ≥ 85% for the others. C (clang) is not measured yet.\n")
    for l in a.langs:
        w(f"### {CORPUS[l][0]}\n")
        with open(os.path.join(a.results, f"{l}.md")) as fh:
            w(fh.read().rstrip() + "\n")
    w("<!-- accuracy:end -->")
    print("\n".join(out))


if __name__ == "__main__":
    main()
