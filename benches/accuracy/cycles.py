#!/usr/bin/env python3
"""Import cycles: cortex's `analysis circular_dependencies` against a compiler's import graph.

The truth is the import edges between the corpus's files as the compiler resolves
them ({"file","target"} lines: tstruth.js with TSTRUTH_MODE=imports); its cycles are
the strongly connected components with more than one file. cortex's file cycles
over the same files are compared as sets of files. Prints JSON.

usage: cycles.py --truth FILE --cortex BIN --root INDEXED_DIR
"""
import argparse
import json
import subprocess
import sys


def components(edges):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter[0]
                counter[0] += 1
                stack.append(node)
                on.add(node)
            succ = graph[node]
            if i < len(succ):
                work.append((node, i + 1))
                nxt = succ[i]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(frozenset(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--truth", required=True)
    ap.add_argument("--cortex", required=True)
    ap.add_argument("--root", required=True)
    args = ap.parse_args()
    edges = [(r["file"], r["target"]) for r in map(json.loads, open(args.truth))]
    truth = set(components(edges))
    out = subprocess.run([args.cortex, "analysis", "circular_dependencies", "--max-results", "500", "--json", "--root",
                          args.root], check=True, capture_output=True, text=True).stdout
    served = {frozenset(c) for c in json.loads(out)["file_cycles"]}
    right = served & truth
    json.dump({
        "truth_edges": len(edges), "truth_cycles": len(truth), "served_cycles": len(served), "right": len(right),
        "precision": round(100.0 * len(right) / len(served), 1) if served else None,
        "recall": round(100.0 * len(right) / len(truth), 1) if truth else None,
        "truth_sizes": sorted(len(c) for c in truth), "served_sizes": sorted(len(c) for c in served),
        "wrong": [sorted(c)[:6] for c in sorted(served - truth, key=len)][:5],
        "missed": [sorted(c)[:6] for c in sorted(truth - served, key=len)][:5],
    }, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
