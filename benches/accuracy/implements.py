#!/usr/bin/env python3
"""Go interface implementations: cortex's `graph implementations` against go/types.

The truth (gotruth with GOTRUTH_MODE=implements) lists, per package, each
non-empty non-generic interface and the named types of the package that
implement it (T or *T), test files aside. cortex is asked, through one MCP
session, for the implementations of each of those interfaces (`pkg.Name`);
its answers are kept to the truth's scope (the interface's package, no test
files, no interfaces) and compared as (type file, type name, interface file,
interface name). Prints precision and recall as JSON.

usage: implements.py --truth FILE --cortex BIN --root INDEXED_DIR
"""
import argparse
import json
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truth", required=True)
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--declared", action="store_true",
                    help="the truth is what types declare (TypeScript's heritage clauses): any directory, interfaces too")
    args = ap.parse_args()

    interfaces, truth = [], set()
    for line in open(args.truth):
        r = json.loads(line)
        if not r["type_name"]:
            interfaces.append((r["iface_file"], r["iface_line"], r["iface_name"]))
        else:
            truth.add((r["type_file"], r["type_name"], r["iface_file"], r["iface_name"]))

    proc = subprocess.Popen([args.cortex, "mcp", "--root", args.root, "--no-index"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    next_id = [0]

    def call(name, arguments):
        next_id[0] += 1
        msg = {"jsonrpc": "2.0", "id": next_id[0], "method": "tools/call", "params": {"name": name, "arguments": arguments}}
        proc.stdin.write((json.dumps(msg) + "\n").encode())
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    served, asked, missing = set(), 0, 0
    for file, line, name in interfaces:
        asked += 1
        # `pkg.Name`: the package by its directory (file:line may name a method
        # declared on the same line: `type I interface{ m() }`)
        package = os.path.basename(os.path.dirname(file))
        reply = call("graph", {"operation": "implementations", "target": f"{package}.{name}",
                               "include_context": False, "max_results": 500})
        result = reply.get("result", {})
        content = result.get("structuredContent") or {}
        target = content.get("target") or {}
        if result.get("isError") or target.get("name") != name or target.get("file") != file:
            missing += 1  # the interface is not where the truth says, or not an interface to cortex
            continue
        package = os.path.dirname(file)
        for n in content.get("nodes", []):
            # the truth's scope: the package's own files, tests aside, and no interfaces
            if args.declared:
                if n.get("depth") == 1 and n.get("edge"):
                    served.add((n["file"], n["name"], file, name))
                continue
            if os.path.dirname(n["file"]) == os.path.dirname(file) and n.get("depth") == 1 \
                    and n["kind"] != "interface" and not n["file"].endswith("_test.go"):
                served.add((n["file"], n["name"], file, name))
    proc.stdin.close()
    proc.wait(timeout=60)

    right = served & truth
    report = {
        "interfaces": asked, "interfaces_not_found": missing, "truth_pairs": len(truth), "served_pairs": len(served),
        "right": len(right),
        "precision": round(100.0 * len(right) / len(served), 1) if served else None,
        "recall": round(100.0 * len(right) / len(truth), 1) if truth else None,
        "wrong": sorted(served - truth)[:20], "missed": sorted(truth - served)[:20],
    }
    json.dump(report, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
