#!/usr/bin/env python3
"""Go dead code: cortex's `analysis unused_symbols` against go/types.

The truth (gotruth with GOTRUTH_MODE=unused) lists the unexported package-level
functions and methods of each package's own files that nothing in the package,
tests included, refers to. cortex's answer over the whole corpus is compared
as (file, name): precision is the share of what cortex lists that the truth
lists too; recall is counted over the truth's definitions in files cortex
looks at (it leaves out paths with "test" in them). Prints JSON.

usage: unused.py --truth FILE --cortex BIN --root INDEXED_DIR
"""
import argparse
import json
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truth", required=True)
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--root", required=True)
    args = ap.parse_args()
    truth = {(r["file"], r["name"]) for r in map(json.loads, open(args.truth))}
    out = subprocess.run([args.cortex, "analysis", "unused_symbols", "--kinds", "function,method", "--max-results", "500",
                          "--json", "--root", args.root], check=True, capture_output=True, text=True).stdout
    answer = json.loads(out)
    served = {(s["file"], s["name"]) for s in answer["symbols"]}
    looked_at = {t for t in truth if "test" not in t[0] and "Test" not in t[0]}
    right = served & truth
    json.dump({
        "served": len(served), "total_found": answer["total_found"], "partial": answer.get("partial"),
        "truth": len(truth), "truth_looked_at": len(looked_at), "right": len(right),
        "precision": round(100.0 * len(right) / len(served), 1) if served else None,
        "recall": round(100.0 * len(right & looked_at) / len(looked_at), 1) if looked_at else None,
        "wrong": sorted(served - truth)[:20], "missed": sorted(looked_at - served)[:20],
    }, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
