#!/usr/bin/env python3
"""Two builds of cortex asked the same questions on one store through MCP: the
graph tool's callers (depths 1 and 3), references and impact (depth 2),
analysis detail and get_callers for 150 sampled definitions and the 30 most
referenced names, and get_imports of 20 files. Prints how many answers differ
and the first ones. For a change meant to keep every answer. With --new-root,
the new build answers from its own index of the same tree (a change of the
store's schema, which the old build cannot read); the search questions (each
scope, words drawn from the texts) then check the full-text tables too.

    python3 benches/compare_answers.py OLD_CORTEX NEW_CORTEX ROOT [--new-root ROOT2] [--ignore FIELD ...]
"""
import random
import sqlite3
import sys

from mcp_client import McpServer


def questions(root):
    db = sqlite3.connect(f"file:{root}/.cortex/cortex.db?mode=ro", uri=True)
    rng = random.Random(7)
    names = [r[0] for r in db.execute(
        "SELECT name FROM symbols WHERE kind IN ('function','method','macro') ORDER BY id")]
    names = rng.sample(names, min(150, len(names)))
    names += [r[0] for r in db.execute("SELECT name FROM refs GROUP BY name ORDER BY count(*) DESC LIMIT 30")]
    files = [r[0] for r in db.execute("SELECT path FROM files ORDER BY id")]
    files = rng.sample(files, min(20, len(files)))
    db.close()
    calls = []
    for t in names:
        calls += [("graph", {"operation": "callers", "target": t, "depth": 1}),
                  ("graph", {"operation": "callers", "target": t, "depth": 3}),
                  ("graph", {"operation": "references", "target": t}),
                  ("analysis", {"operation": "detail", "target": t}),
                  ("get_callers", {"name": t}),
                  ("graph", {"operation": "impact", "target": t, "depth": 2})]
    calls += [("get_imports", {"file": f}) for f in files]
    words = [w for w in " ".join(names).replace("_", " ").replace(".", " ").split() if len(w) > 3]
    for w in sorted(set(words))[:60]:
        for scope in ("symbol", "text", "file", "chunk"):
            calls.append(("search", {"query": w, "scope": [scope], "limit": 20}))
    return calls


def answers(cortex, root, calls, ignored):
    server = McpServer(cortex, root)
    out = []
    for name, args in calls:
        result = server.call(name, args)
        answer = result.get("structuredContent", result)
        if isinstance(answer, dict):
            for field in ["index"] + ignored:
                answer.pop(field, None)
        out.append(answer)
    server.close()
    return out


def main():
    args = sys.argv[1:]
    ignored = []
    while "--ignore" in args:
        i = args.index("--ignore")
        ignored.append(args[i + 1])
        del args[i:i + 2]
    new_root = None
    if "--new-root" in args:
        i = args.index("--new-root")
        new_root = args[i + 1]
        del args[i:i + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    old, new, root = args
    calls = questions(root)
    a, b = answers(old, root, calls, ignored), answers(new, new_root or root, calls, ignored)
    differ = [calls[k] for k in range(len(calls)) if a[k] != b[k]]
    print(f"{len(calls)} calls, {len(differ)} differ")
    for call in differ[:10]:
        print(" ", call)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
