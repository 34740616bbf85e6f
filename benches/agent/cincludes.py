#!/usr/bin/env python3
"""The #include edges between a C corpus's files as the preprocessor sees
them, one JSON line each: {"file","target"} (paths relative to ROOT).

Every .c and .h file is preprocessed alone (`clang -E -dI`, a header as a C
file) with the given arguments; `-dI` keeps each #include directive the
preprocessor acts on (those in branches it skips are left out), in the file
the preceding line marker names. Each directive of the file itself is then
resolved by clang's search order: for "x.h" the including file's directory,
then each -I directory; for <x.h> each -I directory; the first existing file
inside ROOT is the target (a system header is no edge).

Usage: cincludes.py ROOT [-- CLANG-ARGS...] > imports.jsonl
"""
import json
import os
import re
import subprocess
import sys

MARKER = re.compile(r'^# \d+ "((?:[^"\\]|\\.)*)"')
DIRECTIVE = re.compile(r'^#\s*include\s*([<"])([^>"]+)[>"]')


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    root = os.path.realpath(args.pop(0))
    clang_args = args[args.index("--") + 1:] if "--" in args else []
    incdirs = [a[2:] for a in clang_args if a.startswith("-I") and len(a) > 2]
    files = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for f in sorted(filenames):
            if f.endswith((".c", ".h")):
                files.append(os.path.relpath(os.path.join(dirpath, f), root))

    def resolve(includer, quote, spec):
        dirs = ([os.path.dirname(includer)] if quote == '"' else []) + incdirs
        for d in dirs:
            p = os.path.normpath(os.path.join(d, spec))
            if os.path.isfile(os.path.join(root, p)):
                return p if not p.startswith("..") else None
        return None

    edges = []
    for f in files:
        r = subprocess.run(["clang", "-E", "-dI", *clang_args, "-x", "c", f], cwd=root, capture_output=True,
                           text=True, errors="replace")
        current = None
        seen = set()
        for line in r.stdout.splitlines():
            m = MARKER.match(line)
            if m:
                current = os.path.normpath(m.group(1))
                continue
            m = DIRECTIVE.match(line)
            if m and current == f:
                t = resolve(f, m.group(1), m.group(2))
                if t and t != f and t not in seen:
                    seen.add(t)
                    edges.append({"file": f, "target": t})
    for e in edges:
        print(json.dumps(e))
    print(f"cincludes: {len(files)} files, {len(edges)} include edges between them", file=sys.stderr)


if __name__ == "__main__":
    main()
