#!/usr/bin/env python3
"""Python's own answer for the imports between a corpus's modules.

For every module of the given packages under ROOT (a site-packages directory),
each `import a.b`, `from a.b import c` and relative `from . import c` is
resolved as the interpreter would (importlib.util.find_spec, with ROOT first on
the path); an import that leads to another file of the corpus is an edge.
`from pkg import sub` leads to the submodule's file when `sub` is one, to
pkg's own file for the names it defines. Prints
{"file","target"} lines, paths relative to ROOT.

usage: pyimports.py ROOT PACKAGE... > truth.jsonl
"""
import ast
import importlib.util
import json
import os
import sys


def main():
    root, packages = os.path.realpath(sys.argv[1]), sys.argv[2:]
    sys.path.insert(0, root)
    files = []
    for p in packages:
        for d, _, names in os.walk(os.path.join(root, p)):
            files += [os.path.join(d, n) for n in sorted(names) if n.endswith(".py")]
    corpus = {os.path.realpath(f) for f in files}

    def origin(name):
        try:
            spec = importlib.util.find_spec(name)
        except Exception:  # finding a submodule runs its package: a platform check may refuse
            return None
        o = spec and spec.origin and os.path.realpath(spec.origin)
        return o if o in corpus else None

    edges = set()
    for f in files:
        rel = os.path.relpath(f, root)
        module = rel[:-3].replace(os.sep, ".")
        package = module.rsplit(".", 1)[0] if not module.endswith("__init__") else module[: -len(".__init__")]
        if module.endswith("__init__"):
            module = package
        try:
            tree = ast.parse(open(f, "rb").read())
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    up = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
                    base = ".".join(up + ([node.module] if node.module else []))
                # a name that is a submodule is that module's; any other comes
                # from the base (a package's __init__, or a module)
                subs = [f"{base}.{a.name}" for a in node.names if a.name != "*" and origin(f"{base}.{a.name}")]
                targets = subs + ([base] if len(subs) < len(node.names) else [])
            for t in targets:
                o = t and origin(t)
                if o and o != os.path.realpath(f):
                    edges.add((rel, os.path.relpath(o, root)))
    for a, b in sorted(edges):
        print(json.dumps({"file": a, "target": b}))
    print(f"pyimports: {len(files)} files, {len(edges)} import edges", file=sys.stderr)


if __name__ == "__main__":
    main()
