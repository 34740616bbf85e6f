#!/usr/bin/python3
"""Writes jedi's answer for every call in a Python corpus, one JSON line each:

    {"file","line","col","name","target_file","target_line","target_name","kind"}

Run with Debian's python3 (python3-jedi). Each call whose callee is a name or an
attribute (f(), mod.f(), obj.m(), and also C() and chained a.b().c()) is located
with the stdlib ast (file/line/col: the callee's name, 1-based line, 1-based
byte column, as cortex counts) and jedi's Script.goto(follow_imports=True) is
asked where that name is defined. Paths are relative to SITE (the directory the
packages were installed in; the corpus copy has the same layout). kind is

    function   a function declared in the corpus
    method     a function declared in a class body in the corpus
    class      a class in the corpus (a constructor call)
    external   a definition outside the corpus (stdlib, other packages, typeshed)
    builtin    a builtin (len, isinstance, str ...)
    value      a variable, parameter or attribute jedi does not follow to a def
    module     a module called (never valid; kept for completeness)
    multiple   jedi returned several definitions (a union): not scored
    unknown    jedi found nothing

Usage: pytruth.py SITE PACKAGE... > truth.jsonl
"""
import ast
import json
import os
import sys
import time

import jedi


def callee_pos(node, lines):
    """(line, byte col 0-based, name) of the callee name of a Call, or None."""
    f = node.func
    if isinstance(f, ast.Name):
        return f.lineno, f.col_offset, f.id
    if isinstance(f, ast.Attribute):
        line = lines[f.end_lineno - 1]
        end = f.end_col_offset
        start = end - len(f.attr.encode())
        if line[start:end] != f.attr.encode():  # `a . b` or a line continuation: search back
            start = line.rfind(f.attr.encode(), 0, end)
            if start < 0:
                return None
        return f.end_lineno, start, f.attr
    return None


def find_in_corpus(site, packages, full_name):
    """jedi sometimes answers with its bundled typeshed stub (click, flask) for a
    definition that is in the corpus: find the definition the stub describes in the
    corpus's source by its qualified name. (relpath, line, kind) or None."""
    parts = (full_name or "").split(".")
    if not parts or parts[0] not in packages:
        return None
    for i in range(len(parts) - 1, 0, -1):
        base = os.path.join(site, *parts[:i])
        for path in (base + ".py", os.path.join(base, "__init__.py")):
            if not os.path.isfile(path):
                continue
            with open(path, "rb") as fh:
                body = ast.parse(fh.read(), path).body
            node, parent = None, None
            for name in parts[i:]:
                found = None
                for n in body:
                    if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == name:
                        found = n  # the last one: an implementation after its @overload stubs
                if found is None:
                    return None
                parent, node, body = node, found, found.body
            kind = "class" if isinstance(node, ast.ClassDef) else (
                "method" if isinstance(parent, ast.ClassDef) else "function")
            return os.path.relpath(path, site), node.lineno, kind
    return None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    site = os.path.realpath(sys.argv[1])
    packages = sys.argv[2:]
    roots = [os.path.join(site, p) + os.sep for p in packages]
    project = jedi.Project(path=site, added_sys_path=[site])
    env = jedi.InterpreterEnvironment()
    counts = {}
    t0 = time.time()
    files = []
    for p in packages:
        for dirpath, dirnames, filenames in os.walk(os.path.join(site, p)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            files += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    out = sys.stdout
    for path in sorted(files):
        relpath = os.path.relpath(path, site)
        with open(path, "rb") as fh:
            data = fh.read()
        lines = data.split(b"\n")
        try:
            tree = ast.parse(data, path)
        except SyntaxError:
            continue
        code = data.decode("utf-8", "replace")
        script = jedi.Script(code, path=path, project=project, environment=env)
        sites = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                pos = callee_pos(node, lines)
                if pos:
                    sites.add(pos)
        for line, bcol, name in sorted(sites):
            col = len(lines[line - 1][:bcol].decode("utf-8", "replace"))
            rec = {"file": relpath, "line": line, "col": bcol + 1, "name": name}
            try:
                defs = script.goto(line, col, follow_imports=True)
            except Exception as e:  # jedi's own bugs: count, do not stop
                defs = []
                rec["error"] = type(e).__name__
            defs = list({(d.module_path and str(d.module_path), d.line, d.name, d.type): d for d in defs}.values())
            if not defs:
                rec["kind"] = "unknown"
            elif len(defs) > 1:
                rec["kind"] = "multiple"
                rec["targets"] = sorted(
                    [os.path.relpath(str(d.module_path), site) if d.module_path else "", d.line or 0] for d in defs)
            else:
                d = defs[0]
                mp = str(d.module_path) if d.module_path else ""
                if d.in_builtin_module() or not mp:
                    rec["kind"] = "builtin"
                else:
                    real = os.path.realpath(mp)
                    rec["target_file"] = os.path.relpath(real, site) if real.startswith(site + os.sep) else real
                    rec["target_line"] = d.line
                    rec["target_name"] = d.full_name or d.name
                    inside = any(real.startswith(r) for r in roots)
                    if not inside and real.endswith(".pyi"):
                        found = find_in_corpus(site, packages, d.full_name)
                        if found:
                            rec["target_file"], rec["target_line"], rec["kind"] = found
                            rec["via_stub"] = True
                    if "via_stub" in rec:
                        pass
                    elif not inside:
                        rec["kind"] = "external"
                    elif d.type == "function":
                        parent = d.parent()
                        rec["kind"] = "method" if parent is not None and parent.type == "class" else "function"
                    elif d.type == "class":
                        rec["kind"] = "class"
                    elif d.type == "module":
                        rec["kind"] = "module"
                    else:
                        rec["kind"] = "value"
            counts[rec["kind"]] = counts.get(rec["kind"], 0) + 1
            out.write(json.dumps(rec, sort_keys=False) + "\n")
    print(f"pytruth: {len(files)} files, {sum(counts.values())} calls, {time.time() - t0:.0f} s; kinds {counts}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
