#!/usr/bin/env python3
"""Dead code as clang sees it: every `static` function defined in a C corpus
that no translation unit including its definition references, one JSON line
each: {"file","line","name"}.

Each translation unit (every .c file but those given with --skip, as
benches/accuracy/ctruth.py takes them) is parsed with `clang -Xclang
-ast-dump=json -fsyntax-only`; a static FunctionDecl with a body in the corpus
is used in that unit when it, or one of its redeclarations, carries clang's
`isUsed` or `isReferenced` mark (a call, its address taken, a use inside a
macro's expansion). A function is dead when it is used in none of the units
where it is defined (a header's static inline function, in every unit
including the header). Code the preprocessor leaves out is not seen. line is
the name's line; paths are relative to ROOT.

Usage: cunused.py ROOT [--skip FILE]... [-- CLANG-ARGS...] > unused.jsonl
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "accuracy"))
from ctruth import Loc, command_line, walk  # noqa: E402  (clang's JSON locations decoded in print order)


def main():
    root, tus, clang_args = command_line(sys.argv[1:], __doc__)

    def rel(f):
        a = os.path.realpath(os.path.join(root, f))
        return os.path.relpath(a, root) if a.startswith(root + os.sep) else None

    defined = {}  # (file, line, name) -> used in some unit
    for tu in tus:
        r = subprocess.run(["clang", "-Xclang", "-ast-dump=json", "-fsyntax-only", *clang_args, tu],
                           cwd=root, capture_output=True)
        if not r.stdout:
            print(f"cunused: {tu}: no AST (clang exit {r.returncode})", file=sys.stderr)
            continue
        out = {"decls": {}, "calls": [], "vars": {}}
        walk(json.loads(r.stdout), Loc(), out)
        used, defs = set(), []
        for d in out["decls"].values():
            if d.get("storageClass") != "static":
                continue
            if d.get("isUsed") or d.get("isReferenced"):
                used.add(d["name"])
            pos = d.get("_pos")
            if pos and pos[0] and any(c.get("kind") == "CompoundStmt" for c in d.get("inner") or []):
                f = rel(pos[0])
                if f:
                    defs.append((f, pos[1], d["name"]))
        for key in defs:
            defined[key] = defined.get(key, False) or key[2] in used
    dead = sorted(k for k, u in defined.items() if not u)
    for f, line, name in dead:
        print(json.dumps({"file": f, "line": line, "name": name}))
    print(f"cunused: {len(tus)} units, {len(defined)} static functions defined, {len(dead)} used in none",
          file=sys.stderr)


if __name__ == "__main__":
    main()
