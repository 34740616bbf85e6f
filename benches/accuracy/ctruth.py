#!/usr/bin/env python3
"""Writes clang's answer for every call in a C corpus, one JSON line each:

    {"file","line","col","name","target_file","target_line","target_name","kind"}

Each translation unit (every .c file but those given with --skip) is parsed with
`clang -Xclang -ast-dump=json -fsyntax-only`; for every CallExpr whose callee
is a name (f(...), or p->f(...) / s.f(...) through a function pointer field),
file/line/col is where that name is spelled (inside a macro's definition when
the call comes from a macro expansion) and the target is the function's
definition: in the same translation unit for a static function, anywhere in the
corpus for an external one (C's one-definition rule), else its declaration.
kind is

    function   a function defined in the corpus
    prototype  a function declared in the corpus but defined nowhere in it
    external   a function declared outside the corpus (libc)
    builtin    a compiler builtin (__builtin_expect ...)
    value      a call through a variable, parameter or struct field

Clang's JSON writes a location's file and line only when they change from the
previous location it printed, so the dump is walked in its own order.

Usage: ctruth.py ROOT [--skip FILE]... [-- CLANG-ARGS...] > truth.jsonl
(paths relative to ROOT, where clang runs; CLANG-ARGS e.g. -Iinclude -Isrc)
"""
import json
import os
import subprocess
import sys


class Loc:
    def __init__(self):
        self.file = None
        self.line = None

    def bare(self, b):
        if not b:
            return None
        if "file" in b:
            self.file = b["file"]
        if "line" in b:
            self.line = b["line"]
        return (self.file, self.line, b.get("col"))

    def decode(self, loc):
        """The spelling position of a location object, updating the state."""
        if not loc:
            return None
        if "spellingLoc" in loc or "expansionLoc" in loc:
            pos = None
            for k, v in loc.items():
                p = self.bare(v)
                if k == "spellingLoc":
                    pos = p
            return pos
        return self.bare(loc)


def walk(node, st, out):
    """Decodes every node's location in print order; collects decls and calls."""
    for k, v in list(node.items()):
        if k == "loc":
            node["_pos"] = st.decode(v)
        elif k == "range":
            node["_begin"] = st.decode(v.get("begin"))
            node["_end"] = st.decode(v.get("end"))
        elif k == "inner":
            for c in v:
                walk(c, st, out)
    kind = node.get("kind")
    if kind == "FunctionDecl":
        out["decls"][node["id"]] = node
    elif kind == "CallExpr":
        out["calls"].append(node)
    elif kind in ("VarDecl", "ParmVarDecl", "FieldDecl"):
        out["vars"][node["id"]] = node


def callee(call):
    """The DeclRefExpr or MemberExpr that names the callee, or None."""
    inner = call.get("inner") or []
    if not inner:
        return None
    n = inner[0]
    while n.get("kind") in ("ImplicitCastExpr", "ParenExpr", "UnaryOperator") and n.get("inner"):
        if n.get("kind") == "UnaryOperator" and n.get("opcode") != "*":
            return None
        n = n["inner"][0]
    return n if n.get("kind") in ("DeclRefExpr", "MemberExpr") else None


def command_line(argv, usage):
    """ROOT [--skip FILE]... [-- CLANG_ARGS...]: the corpus root, the
    translation units under it (each .c file, in path order, but those
    skipped) and clang's extra arguments."""
    args = list(argv)
    if not args:
        sys.exit(usage)
    root = os.path.realpath(args.pop(0))
    skip, clang_args = set(), []
    while args:
        a = args.pop(0)
        if a == "--skip":
            skip.add(args.pop(0))
        elif a == "--":
            clang_args, args = args, []
    tus = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for f in sorted(filenames):
            p = os.path.relpath(os.path.join(dirpath, f), root)
            if f.endswith(".c") and p not in skip:
                tus.append(p)
    return root, tus, clang_args


def main():
    root, tus, clang_args = command_line(sys.argv[1:], __doc__)

    def rel(f):
        if not f:
            return None
        a = os.path.realpath(os.path.join(root, f))
        return os.path.relpath(a, root) if a.startswith(root + os.sep) else a

    defs_global = {}  # name -> (file, line) of an external definition in the corpus
    per_tu = []
    errors = 0
    for tu in tus:
        r = subprocess.run(["clang", "-Xclang", "-ast-dump=json", "-fsyntax-only", *clang_args, tu],
                           cwd=root, capture_output=True)
        if r.returncode != 0:
            errors += 1
            print(f"ctruth: {tu}: clang exit {r.returncode}: {r.stderr.decode(errors='replace')[:300]}", file=sys.stderr)
        if not r.stdout:
            continue
        ast = json.loads(r.stdout)
        out = {"decls": {}, "calls": [], "vars": {}}
        walk(ast, Loc(), out)
        del ast
        for d in out["decls"].values():
            pos = d.get("_pos")
            if pos and any(c.get("kind") == "CompoundStmt" for c in d.get("inner") or []):
                d["_def"] = True
                if d.get("storageClass") != "static":
                    defs_global.setdefault(d["name"], (rel(pos[0]), pos[1]))
        per_tu.append(out)

    records = {}
    for out in per_tu:
        decls = out["decls"]
        # a function's definition in this translation unit, by name (its redeclarations share it)
        local_def = {d["name"]: d for d in decls.values() if d.get("_def")}
        for call in out["calls"]:
            c = callee(call)
            # an expression has no loc: a name's is where its range begins, a
            # member's (p->f) where its range ends
            pos = c and c.get("_end" if c["kind"] == "MemberExpr" else "_begin")
            if not pos or not pos[0]:
                continue
            f, line, col = pos
            relf = rel(f)
            if relf is None or os.path.isabs(relf):
                continue  # a call spelled in a system header
            rec = {"file": relf, "line": line, "col": col}
            if c["kind"] == "MemberExpr":
                rec["name"] = c.get("name")
                rec["kind"] = "value"
                fd = out["vars"].get(c.get("referencedMemberDecl"))
                if fd and fd.get("_pos"):
                    rec["target_file"], rec["target_line"] = rel(fd["_pos"][0]), fd["_pos"][1]
            else:
                ref = c.get("referencedDecl") or {}
                name = ref.get("name")
                rec["name"] = name
                if ref.get("kind") != "FunctionDecl":
                    rec["kind"] = "value"
                    v = out["vars"].get(ref.get("id"))
                    if v and v.get("_pos"):
                        rec["target_file"], rec["target_line"] = rel(v["_pos"][0]), v["_pos"][1]
                else:
                    d = decls.get(ref.get("id")) or {}
                    target = None
                    if name in local_def:
                        p = local_def[name]["_pos"]
                        target = (rel(p[0]), p[1])
                    elif d.get("storageClass") != "static" and name in defs_global:
                        target = defs_global[name]
                    if target:
                        rec["kind"] = "function"
                        rec["target_file"], rec["target_line"] = target
                    elif d.get("isImplicit") or (name or "").startswith("__builtin"):
                        rec["kind"] = "builtin"
                    else:
                        p = d.get("_pos")
                        tf = rel(p[0]) if p and p[0] else None
                        rec["kind"] = "prototype" if tf and not os.path.isabs(tf) else "external"
                        if tf:
                            rec["target_file"], rec["target_line"] = tf, p[1]
                rec["target_name"] = name
            key = (relf, line, col)
            old = records.get(key)
            if old and (old.get("target_file"), old.get("target_line")) != (rec.get("target_file"), rec.get("target_line")):
                old["kind"] = "multiple"  # one macro body, expansions that bind differently
            elif not old:
                records[key] = rec
    counts = {}
    for key in sorted(records):
        r = records[key]
        counts[r["kind"]] = counts.get(r["kind"], 0) + 1
        sys.stdout.write(json.dumps(r) + "\n")
    print(f"ctruth: {len(tus)} translation units ({errors} with errors), {len(records)} call sites; kinds {counts}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
