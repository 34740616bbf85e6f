#!/usr/bin/env python3
"""Draws the agent benchmark's tasks from the compilers' truths.

Every task is drawn with a fixed seed from what a compiler said about the
corpus, never from cortex's index:

  P1  find a definition: a symbol's name (`Type.method` for a method, the bare
      name for a function or class) -> the file:line of every definition the
      truth's call edges lead to under that name.
  P2  find the references of a symbol: a function or method (its name and the
      file:line of its definition) -> the lines of every call site the truth
      binds to that definition.
  P4  a file's imports and importers: a file -> the corpus files (Go: package
      directories) it imports, and the files that import it.
  P5  dead code: a scope (Go: a package directory; else a file) -> the
      functions and methods the truth finds unused there.

usage: tasks.py --lang L --calls T.jsonl [--imports I.jsonl] [--unused U.jsonl]
                [--files-root DIR] [--n 40] [--seed 23] > tasks.jsonl
"""
import argparse
import collections
import json
import os
import random
import re
import sys

# truth kinds that are a call edge to a definition of the corpus (score.py's EDGE_KINDS)
EDGE_KINDS = {"func", "function", "method", "interface_method", "class", "constructor"}
# P2 asks for the references of functions and methods: a class's `new C()` is an
# instantiation, not a call, in some languages' indexes
P2_KINDS = {"func", "function", "method", "interface_method"}
IDENT = re.compile(r"^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)?$")


def read_jsonl(path):
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def package_of(path):
    """JavaScript: the npm package a corpus path belongs to (its first component)."""
    return path.split("/", 1)[0]


def task_name(lang, rec):
    """The name an agent would ask for: `Type.method` or `name`, the module left out."""
    name = rec.get("target_name") or ""
    if lang == "python":
        module = rec["target_file"][:-3].replace("/", ".")
        if module.endswith(".__init__"):
            module = module[: -len(".__init__")]
        if name.startswith(module + "."):
            name = name[len(module) + 1:]
    name = re.sub(r"\[[^\]]*\]", "", name)  # Go generic receivers: T[K].m
    parts = name.split(".")
    name = ".".join(parts[-2:])
    return name if IDENT.match(name) else None


class Lang:
    """Which part of a corpus the tasks are drawn from, per language."""

    def __init__(self, lang):
        self.lang = lang

    def in_scope(self, path):
        if self.lang == "ts":
            return path.startswith("rxjs/")  # the ts corpus holds express too: that is JavaScript
        return True

    def same_unit(self, a, b):
        # JavaScript: each npm package is its own repository; a call or a
        # require() across packages goes through node_modules, which the
        # corpus (packages side by side) does not have
        return package_of(a) == package_of(b) if self.lang == "js" else True


class Corpus:
    """The files of the corpus the tasks are asked on: a truth may name a file
    the corpus does not hold (tstruth.js resolves `require('ms')` in
    send/index.js to send/node_modules/ms, which the JavaScript corpus leaves
    out with every node_modules)."""

    def __init__(self, root):
        self.root = root

    def has(self, path):
        return not path.startswith("/") and (self.root is None or os.path.isfile(os.path.join(self.root, path)))


def edges_of(lang, calls, corpus):
    L = Lang(lang)
    out = []
    for r in calls:
        if r.get("kind") in EDGE_KINDS and r.get("target_file") and not r["target_file"].startswith("/"):
            if L.same_unit(r["file"], r["target_file"]) and corpus.has(r["file"]) and corpus.has(r["target_file"]):
                out.append(r)
    return out


def draw(rng, items, n):
    items = sorted(items)
    return items if len(items) <= n else sorted(rng.sample(items, n))


# ctags kinds that define something a call can name (a function, method or class)
CTAGS_KINDS = {"function", "method", "member", "class", "func", "methodSpec", "struct", "interface", "type"}


def ctags_counts(root):
    """How many definitions universal-ctags finds per (name, enclosing type)
    and per name: to keep P1 to names the truth knows every definition of."""
    import subprocess
    out = subprocess.run(["ctags", "-R", "--output-format=json", "--fields=+nKZ", "--exclude=.cortex", "--exclude=.git",
                          "-f", "-", "."], cwd=root, capture_output=True, text=True, errors="replace").stdout
    by_scope, by_name = collections.Counter(), collections.Counter()
    for line in out.split("\n"):  # not splitlines(): a tag's pattern may hold U+2028
        if not line.strip():
            continue
        t = json.loads(line)
        if t.get("_type") != "tag" or t.get("kind") not in CTAGS_KINDS:
            continue
        by_name[t["name"]] += 1
        if t.get("scope"):
            by_scope[(t["name"], t["scope"].split(".")[-1])] += 1
    return by_scope, by_name


def p1_tasks(lang, calls, rng, n, root=None):
    """Names are drawn among those whose every definition (as universal-ctags
    counts them, with their enclosing type for `Type.method`) is a definition
    the truth's call edges lead to: a name defined again where nothing calls
    it (`Argument` in two click modules, `@overload` stubs) would make a right
    answer look wrong."""
    L = Lang(lang)
    by_scope, by_name = ctags_counts(root) if root else (None, None)
    defs = collections.defaultdict(set)  # task name -> {(file, line)}
    corpus = Corpus(root)
    for r in calls:
        if r.get("kind") in EDGE_KINDS and r.get("target_file") and corpus.has(r["target_file"]):
            name = task_name(lang, r)
            if name:
                defs[name].add((r["target_file"], r["target_line"]))
    names = [nm for nm, locs in defs.items() if any(L.in_scope(f) for f, _ in locs)]
    if by_name is not None:
        def ctags_n(nm):
            parts = nm.split(".")
            return by_scope[(parts[1], parts[0])] if len(parts) == 2 else by_name[nm]
        names = [nm for nm in names if ctags_n(nm) <= len(defs[nm])]
    return [{"cat": "P1", "name": nm, "expect": [{"file": f, "line": ln} for f, ln in sorted(defs[nm])]}
            for nm in draw(rng, names, n)]


UNJUDGED_KINDS = {"unknown", "multiple"}  # the compiler had no single answer (score.py's)


def p2_tasks(lang, calls, rng, n, root=None):
    """Each task also lists the lines where the compiler saw a call of the
    name but had no single answer (`unknown`, `multiple`): an answer naming
    them is neither right nor wrong there (benches/accuracy's rule)."""
    L = Lang(lang)
    sites = collections.defaultdict(set)
    names = {}
    open_sites = collections.defaultdict(set)
    for r in calls:
        if r.get("kind") in UNJUDGED_KINDS:
            open_sites[r["name"]].add((r["file"], r["line"]))
    for r in edges_of(lang, calls, Corpus(root)):
        if r["kind"] not in P2_KINDS or not L.in_scope(r["target_file"]):
            continue
        name = task_name(lang, r)
        if not name:
            continue
        key = (r["target_file"], r["target_line"])
        names[key] = name
        sites[key].add((r["file"], r["line"]))
    return [{"cat": "P2", "name": names[k], "file": k[0], "line": k[1],
             "expect": [{"file": f, "line": ln} for f, ln in sorted(sites[k])],
             "unjudged": [f"{f}:{ln}" for f, ln in sorted(open_sites[short_name(names[k])] - sites[k])]}
            for k in draw(rng, list(sites), n)]


def short_name(name):
    return name.split(".")[-1]


def p4_tasks(lang, edges, rng, n, all_files=(), root=None):
    """edges: {file, target} (Go: target is a package directory); all_files:
    the corpus's files (Go: a file imports nothing of the corpus and is
    imported through its package)."""
    L = Lang(lang)
    imports = collections.defaultdict(set)
    importers = collections.defaultdict(set)
    corpus = Corpus(root)
    for e in edges:
        if not L.same_unit(e["file"], e["target"]) or not corpus.has(e["file"]):
            continue
        if lang != "go" and not corpus.has(e["target"]):
            continue
        imports[e["file"]].add(e["target"])
        importers[e["target"]].add(e["file"])
    if lang == "go":
        # a Go file is imported through its package: every file of a directory
        # some file imports has those importers
        files = set(all_files) | set(imports)
        by_dir = {f: importers.get(os.path.dirname(f), set()) for f in files}
        candidates = [f for f in files if imports.get(f) or by_dir[f]]
        get_importers = lambda f: by_dir[f]
    else:
        candidates = set(imports) | set(importers)
        get_importers = lambda f: importers.get(f, set())
    candidates = [f for f in candidates if L.in_scope(f)]
    return [{"cat": "P4", "file": f, "unit": "dir" if lang == "go" else "file",
             "expect_imports": sorted(imports.get(f, ())), "expect_importers": sorted(get_importers(f))}
            for f in draw(rng, candidates, n)]


def is_test_path(p):
    return "test" in p or "Test" in p


def p5_tasks(lang, unused, scopes, rng, n):
    """unused: {file, line, name}; scopes: every scope the tasks may ask about
    (Go: package directories; else files). Half the tasks (at most) are scopes
    where the truth finds dead code, the rest scopes where it finds none."""
    L = Lang(lang)
    by_scope = collections.defaultdict(list)
    for u in unused:
        s = os.path.dirname(u["file"]) if lang == "go" else u["file"]
        by_scope[s].append(u)
    scopes = {s for s in scopes if L.in_scope(s) and not is_test_path(s)}
    with_dead = sorted(s for s in scopes if by_scope.get(s))
    without = sorted(s for s in scopes if not by_scope.get(s))
    picked = draw(rng, with_dead, n // 2)
    picked += draw(rng, without, n - len(picked))
    return [{"cat": "P5", "scope": s, "unit": "dir" if lang == "go" else "file",
             "expect": sorted(by_scope.get(s, []), key=lambda u: (u["file"], u["line"]))}
            for s in sorted(picked)]


EXTS = {"go": (".go",), "python": (".py",), "ts": (".ts", ".js"), "js": (".js",), "c": (".c", ".h")}


def scopes_of(lang, root):
    """The scopes P5 may ask about: the corpus's source files, or for Go the
    directories holding .go files."""
    exts = EXTS[lang]
    out = set()
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".") and x != "node_modules"]
        for f in files:
            if f.endswith(exts) and not f.endswith(".d.ts"):
                rel = os.path.relpath(os.path.join(d, f), root)
                out.add(os.path.dirname(rel) if lang == "go" else rel)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lang", required=True, choices=["go", "python", "ts", "js", "c"])
    ap.add_argument("--calls", help="call-edge truth (P1, P2)")
    ap.add_argument("--imports", help="import-edge truth (P4)")
    ap.add_argument("--root", help="the corpus the call and import truths are about")
    ap.add_argument("--unused", help="dead-code truth (P5)")
    ap.add_argument("--unused-root", help="the corpus the dead-code truth is about (its scopes)")
    ap.add_argument("--n", type=int, default=40, help="tasks per category (at most)")
    ap.add_argument("--seed", type=int, default=23)
    args = ap.parse_args()
    tasks = []
    if args.calls:
        calls = read_jsonl(args.calls)
        tasks += p1_tasks(args.lang, calls, random.Random(f"{args.seed}:P1:{args.lang}"), args.n, args.root)
        tasks += p2_tasks(args.lang, calls, random.Random(f"{args.seed}:P2:{args.lang}"), args.n, args.root)
    if args.imports:
        files = [os.path.join(d, f) for d in scopes_of(args.lang, args.root) for f in os.listdir(os.path.join(args.root, d))
                 if f.endswith(".go")] if args.lang == "go" else ()
        tasks += p4_tasks(args.lang, read_jsonl(args.imports), random.Random(f"{args.seed}:P4:{args.lang}"), args.n,
                          files, args.root)
    if args.unused:
        scopes = scopes_of(args.lang, args.unused_root)
        tasks += p5_tasks(args.lang, read_jsonl(args.unused), scopes, random.Random(f"{args.seed}:P5:{args.lang}"),
                          args.n)
    if args.calls and args.root:
        # the corpus's files where the compiler recorded no call: left out of
        # its build (Go build constraints) or holding none; a call site an
        # answer names there cannot be judged (benches/accuracy's rule)
        seen = {r["file"] for r in calls}
        files = {os.path.relpath(os.path.join(d, f), args.root) for d, dirs, fs in os.walk(args.root)
                 if not any(p.startswith(".") for p in os.path.relpath(d, args.root).split(os.sep) if p != ".")
                 for f in fs if f.endswith(EXTS[args.lang])}
        tasks.append({"cat": "meta", "unjudged_files": sorted(files - seen)})
    for i, t in enumerate(tasks):
        t["id"] = f"{args.lang}-{t['cat']}-{i:03d}"
        t["lang"] = args.lang
        print(json.dumps(t, sort_keys=True))
    counts = collections.Counter(t["cat"] for t in tasks if t["cat"] != "meta")
    print(f"tasks: {args.lang}: {dict(sorted(counts.items()))}", file=sys.stderr)


if __name__ == "__main__":
    main()
