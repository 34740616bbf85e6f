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
    "c": ("C", "clang `-ast-dump=json` (Debian clang {clang})",
          "the tree-sitter runtime library, npm tree-sitter {npm tree-sitter} (`vendor/tree-sitter/lib`: "
          "`src/`, `include/`; each `.c` but `lib.c` a translation unit)"),
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
    # the last commit that changed what cortex binds (the benchmark's own commits change nothing measured)
    rev = subprocess.run(["git", "-C", repo, "log", "-1", "--format=%h", "--", "core", "plugins", "sdk"],
                         capture_output=True, text=True).stdout.strip()
    day = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    res = {l: json.load(open(os.path.join(a.results, f"{l}.json"))) for l in a.langs}
    out = []
    w = out.append
    w("<!-- accuracy:begin -->")
    w("## Reference accuracy against compiler truth\n")
    w(f"Made by `benches/accuracy/run.sh` on {day}, cortex at {rev}: every call whose callee is a name, "
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
      "edge recall ≥ 90% for Go, ≥ 85% for the others.\n")
    w("Sites are not judged where the compiler has no answer (`unknown`: a type error, an untyped `this`; "
      "`multiple`: jedi's unions, a macro body expanded to different targets) or where it sees no call: "
      "the column *no truth at the site* counts them. In C these are mostly macro invocations "
      "(`array_push(...)`, which cortex binds to the `#define`, 870 of them) and code compiled out "
      "(`src/wasm_store.c` without `TREE_SITTER_FEATURE_WASM`); in Go, files that go/build excludes "
      "by build constraints. `ambiguous` references have no target; whether the compiler's definition "
      "is among the name's definitions is counted beside the recall.\n")
    if "c" in a.langs:
        w("The C corpus is small and kind to name binding: one library, no vendored copies, few static "
          "functions sharing a name. It does not show the failures issue 21 found in redis (a file-static "
          "function elsewhere making calls ambiguous, libc names bound to a `#define`); a larger C project "
          "that compiles from a Debian package without configuring is still to be found.\n")
    for l in a.langs:
        w(f"### {CORPUS[l][0]}\n")
        with open(os.path.join(a.results, f"{l}.md")) as fh:
            w(fh.read().rstrip() + "\n")
    w("<!-- accuracy:end -->")
    print("\n".join(out))


if __name__ == "__main__":
    main()
