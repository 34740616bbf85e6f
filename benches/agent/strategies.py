"""How an agent answers each task category, with cortex and with ripgrep.

Each strategy is one function `(ctx, task) -> Answer`: the calls it makes
(each with exactly the text the agent reads) and the answer it draws from
them, never from the truth. A strategy reads only the task's question: the
name (P1), the symbol's name and definition (P2), the file (P4), the scope
(P5). To try another tool (issue 23's `query`), write a function and name it
in CORTEX (or on the command line: bench.py --strategy P1=cortex_p1_query).
"""
import os
import re
import subprocess

# ---------------------------------------------------------------- the answer


class Answer:
    def __init__(self):
        self.calls = []  # {"call": what was run, "chars": len(text), "error": bool}
        self.texts = []
        self.pred = []  # P1/P2: {"file","lo","hi"}; P4: {"dir": "imports"|"importers", "unit"}; P5: {"file","name"}
        self.note = None

    def record(self, call, text, error=False):
        self.calls.append({"call": call, "chars": len(text), "error": error})
        self.texts.append(text)


class Ctx:
    def __init__(self, lang, root, mcp=None):
        self.lang = lang
        self.root = root
        self.mcp = mcp
        self._files = None

    def files(self):
        """The corpus's files (what an agent's directory listing shows), for
        resolving an import it has read."""
        if self._files is None:
            out = set()
            for d, dirs, names in os.walk(self.root):
                dirs[:] = [x for x in dirs if not x.startswith(".")]
                for n in names:
                    out.add(os.path.relpath(os.path.join(d, n), self.root))
            self._files = out
        return self._files


def short(name):
    return name.split(".")[-1]


def names_match(found, asked):
    """`Type.method` asked: the found name ends with both parts; `name` asked:
    its last part is the name."""
    a = asked.split(".")
    f = found.split(".")
    return len(f) >= len(a) and f[-len(a):] == a


# ---------------------------------------------------------------- cortex


def cortex_call(ctx, ans, tool, args):
    text, sc, err = ctx.mcp.call(tool, args)
    ans.record({"tool": tool, "arguments": args}, text, err)
    return sc, err


def cortex_p1_search(ctx, task):
    """P1: one `search` for the name among symbols, compact text, no source
    lines; the definitions are the hits whose name is the one asked (an
    import or a C prototype, which the hit's kind names, is not a
    definition)."""
    ans = Answer()
    sc, _ = cortex_call(ctx, ans, "search", {"query": task["name"], "scope": ["symbol"], "limit": 5,
                                             "context_lines": 0, "format": "text"})
    for r in sc.get("results", []):
        if r.get("type", "symbol") == "symbol" and r.get("kind") not in ("import", "prototype") and names_match(r.get("name", ""), task["name"]):
            ans.pred.append({"file": r["file"], "lo": r["line"], "hi": r.get("line_end") or r["line"]})
    return ans


def _is_the_definition(target, task):
    """A reference's target is the symbol asked about: a definition of its
    name in its file, `Type.method` as asked; a longer name (a method beside
    a function of the same name, a nested function) only where the
    definition starts (up to ten lines above its name: decorators, a doc
    comment). A TypeScript overload signature of it counts, as a Python
    definition under if/else does."""
    if not target or target.get("file") != task["file"] or not names_match(target.get("name", ""), task["name"]):
        return False
    same_depth = target["name"].count(".") == task["name"].count(".")
    return same_depth or 0 <= task["line"] - target.get("line", -99) <= 10


def cortex_p2_callers(ctx, task):
    """P2: `get_callers` of the name (`Type.method` or `fn`), compact text; the
    references are those bound to the definition asked about (another
    definition's namesakes, ambiguous and unresolved ones are left). When the
    answer holds no definition at that place, once more with the bare name."""
    ans = Answer()
    names = [task["name"]] + ([short(task["name"])] if "." in task["name"] else [])
    for name in names:
        sc, _ = cortex_call(ctx, ans, "get_callers", {"name": name, "limit": 500, "format": "text"})
        defs = sc.get("definitions") or []
        if any(_is_the_definition(d, task) for d in defs):
            break
    for r in sc.get("references", []):
        if _is_the_definition(r.get("target"), task):
            ans.pred.append({"file": r["file"], "lo": r["line"], "hi": r["line"]})
    return ans


def cortex_p4_imports(ctx, task):
    """P4: one `get_imports` of the file, compact text: what it imports (each
    import's resolved file; Go: that file's package directory) and the files
    that import it."""
    ans = Answer()
    sc, _ = cortex_call(ctx, ans, "get_imports", {"file": task["file"], "format": "text"})
    for i in sc.get("imports", []):
        if i.get("resolved"):
            unit = os.path.dirname(i["resolved"]) if task["unit"] == "dir" else i["resolved"]
            ans.pred.append({"dir": "imports", "unit": unit})
    for i in sc.get("imported_by", []):
        ans.pred.append({"dir": "importers", "unit": i["file"]})
    return ans


def in_scope(path, task):
    return os.path.dirname(path) == task["scope"] if task["unit"] == "dir" else path == task["scope"]


def cortex_p5_unused(ctx, task):
    """P5: one `analysis unused_symbols` under the scope (path_prefix; a Go
    package's directory), compact text; the answer is what it lists in the
    scope itself (a prefix also reaches subdirectories)."""
    ans = Answer()
    prefix = task["scope"] + ("/" if task["unit"] == "dir" else "")
    sc, _ = cortex_call(ctx, ans, "analysis", {"operation": "unused_symbols", "path_prefix": prefix, "format": "text"})
    for s in sc.get("symbols", []):
        if in_scope(s["file"], task):
            ans.pred.append({"file": s["file"], "name": s["name"]})
    return ans


def _graph_edges(ctx, task, arguments):
    """One `graph` call on the definition's `file:line`, no context lines,
    compact text; the answer is its nodes' edges (one per calling definition:
    a second call from the same function is not listed)."""
    ans = Answer()
    sc, _ = cortex_call(ctx, ans, "graph", {**arguments, "target": f"{task['file']}:{task['line']}",
                                            "include_context": False, "max_results": 500, "max_per_level": 500,
                                            "format": "text"})
    for n in sc.get("nodes", []):
        e = n.get("edge") or {}
        if e.get("file"):
            ans.pred.append({"file": e["file"], "lo": e["line"], "hi": e["line"]})
    return ans


def cortex_p2_graph_callers(ctx, task):
    """P2 (alternative): `graph callers`, depth 1."""
    return _graph_edges(ctx, task, {"operation": "callers"})


def cortex_p2_graph_references(ctx, task):
    """P2 (alternative): `graph references` with reference_kind call."""
    return _graph_edges(ctx, task, {"operation": "references", "reference_kind": "call"})


def cortex_p1_query(ctx, task):
    """P1: one `query {symbol, kind: definition}` (issue 23's handles: one
    line each, no signature or doc); the definitions are the handles whose
    name is the one asked (an import or a C prototype is not a definition)."""
    ans = Answer()
    sc, _ = cortex_call(ctx, ans, "query", {"symbol": task["name"], "kind": "definition", "limit": 5, "format": "text"})
    for h in sc.get("handles", []):
        if h.get("kind") not in ("import", "prototype") and names_match(h.get("name") or "", task["name"]):
            a, b = (h.get("line_range") or [0, 0])[:2]
            ans.pred.append({"file": h["file"], "lo": a, "hi": b})
    return ans


cortex_p1_query.tools = ("query",)


def cortex_p2_query(ctx, task):
    """P2: one `query {symbol, kind: reference}` (reference handles, each
    with its binding); the references are the calls bound to a definition
    (`ambiguous` and `unresolved` left). A reference handle does not name the
    definition it is bound to, so a namesake's calls cannot be told apart."""
    ans = Answer()
    sc, _ = cortex_call(ctx, ans, "query", {"symbol": task["name"], "kind": "reference", "limit": 200, "format": "text"})
    for h in sc.get("ref_handles", []):
        if h.get("ref_type", "call") == "call" and h.get("binding") not in ("ambiguous", "unresolved", None):
            a = (h.get("line_range") or [0])[0]
            ans.pred.append({"file": h["file"], "lo": a, "hi": a})
    return ans


cortex_p2_query.tools = ("query",)


CORTEX = {"P1": cortex_p1_search, "P2": cortex_p2_callers, "P4": cortex_p4_imports, "P5": cortex_p5_unused}

# ---------------------------------------------------------------- ripgrep


RG_TYPE = {"go": "go", "python": "py", "ts": "ts", "js": "js", "c": "c"}  # rg -t: the language's files


def rg(ctx, ans, args):
    """Runs `rg ARGS` in the corpus root; the agent reads its output (stdout
    and stderr) as a shell tool returns it."""
    cmd = ["rg", "--sort", "path"] + args
    p = subprocess.run(cmd, cwd=ctx.root, capture_output=True, text=True, errors="replace")
    text = p.stdout + p.stderr
    ans.record({"cmd": " ".join(shell_quote(a) for a in cmd)}, text, p.returncode > 1)
    return p.stdout


def shell_quote(a):
    return a if re.fullmatch(r"[\w./=,:+-]+", a) else "'" + a.replace("'", "'\\''") + "'"


def parse_rg(out, single=None):
    """rg -n lines: (file, line, text); `single` names the file when rg
    searched one file (it prints no file name then)."""
    rows = []
    for line in out.splitlines():
        if single:
            m = re.match(r"^(\d+):(.*)$", line)
            if m:
                rows.append((single, int(m.group(1)), m.group(2)))
        else:
            m = re.match(r"^(.*?):(\d+):(.*)$", line)
            if m:
                rows.append((m.group(1), int(m.group(2)), m.group(3)))
    return rows


def p1_pattern(lang, name):
    n = re.escape(short(name))
    typ = re.escape(name.split(".")[0]) if "." in name else None
    if lang == "python":
        return rf"^\s*(async\s+)?(def|class)\s+{n}\b"
    if lang == "go":
        if typ:
            return rf"^func\s+\([^)]*\b{typ}(\[[^\]]*\])?\)\s*{n}\b"
        return rf"^func\s+{n}\b|^type\s+{n}\b"
    if lang in ("ts", "js"):
        return (rf"\bfunction\s*\*?\s*{n}\b|\bclass\s+{n}\b|\binterface\s+{n}\b|\b{n}\s*[=:]\s*(async\s+)?(function\b|\()"
                rf"|^\s*((public|private|protected|static|async|readonly|abstract|override|get|set)\s+)*{n}\s*[<(]")
    if lang == "c":
        return rf"^[A-Za-z_][\w \t*]*\b{n}\s*\(|^{n}\s*\("
    raise ValueError(lang)


def grep_p1(ctx, task):
    """P1: one rg over the language's files (`-t go`, `-t py`, ...) for the language's definition forms of the name (`def NAME`,
    `func NAME`, `func (r *Type) NAME`, `function NAME`, `NAME = function`,
    a C declarator at a line's start); every line it prints is an answer,
    but a C line ending in `;` (a prototype)."""
    ans = Answer()
    out = rg(ctx, ans, ["-n", "-t", RG_TYPE[ctx.lang], p1_pattern(ctx.lang, task["name"])])
    for f, ln, text in parse_rg(out):
        if not (ctx.lang == "c" and text.rstrip().endswith(";")):
            ans.pred.append({"file": f, "lo": ln, "hi": ln})
    return ans


def grep_p2(ctx, task):
    """P2: `rg -nw -t LANG NAME`; every line but the definition's own is a reference."""
    ans = Answer()
    out = rg(ctx, ans, ["-nw", "-t", RG_TYPE[ctx.lang], short(task["name"])])
    for f, ln, _ in parse_rg(out):
        if (f, ln) != (task["file"], task["line"]):
            ans.pred.append({"file": f, "lo": ln, "hi": ln})
    return ans


# --- P4: import lines read and mapped to files the way an agent reads them

IMPORT_LINES = {
    "python": r"^\s*(from|import)\s",
    "ts": r"\brequire\(|^\s*import\s|^\s*export\s.*\sfrom\s",
    "js": r"\brequire\(|^\s*import\s|^\s*export\s.*\sfrom\s",
    "go": r'^import\s|^\s+(\w+\s+|[._]\s+)?"[^"]+"\s*(//.*)?$',
    "c": r"^\s*#\s*include\b",
}


def _py_module_file(ctx, module):
    p = module.replace(".", "/")
    for cand in (p + ".py", p + "/__init__.py"):
        if cand in ctx.files():
            return cand
    return None


def resolve_python(ctx, importer, text):
    text = text.split("#")[0].strip()
    pkg = os.path.dirname(importer).replace("/", ".")
    out = set()
    m = re.match(r"^from\s+(\.*)([\w.]*)\s+import\s+(.*)$", text)
    if m:
        dots, mod, names = m.groups()
        if dots:
            parts = pkg.split(".") if pkg else []
            parts = parts[: len(parts) - (len(dots) - 1)] if len(dots) > 1 else parts
            base = ".".join(parts + ([mod] if mod else []))
        else:
            base = mod
        names = [n.strip().split(" as ")[0].strip("()\\ ") for n in names.split(",")]
        names = [n for n in names if n]
        subs = [_py_module_file(ctx, f"{base}.{n}") for n in names if n != "*"]
        out.update(s for s in subs if s)
        if not names or len([s for s in subs if s]) < len(names):
            b = _py_module_file(ctx, base)
            if b:
                out.add(b)
        return out
    m = re.match(r"^import\s+(.*)$", text)
    if m:
        for part in m.group(1).split(","):
            f = _py_module_file(ctx, part.strip().split(" as ")[0].strip())
            if f:
                out.add(f)
    return out


JS_EXTS = (".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs")


def resolve_js(ctx, importer, text):
    out = set()
    for spec in re.findall(r"""['"](\.{1,2}(?:/[^'"]*)?)['"]""", text):
        base = os.path.normpath(os.path.join(os.path.dirname(importer), spec))
        stem = re.sub(r"\.(js|mjs|cjs)$", "", base)
        cands = [base] + [stem + e for e in JS_EXTS] + [base + "/index" + e for e in JS_EXTS]
        for c in cands:
            if c in ctx.files():
                out.add(c)
                break
    return out


def resolve_go(ctx, importer, text):
    out = set()
    for path in re.findall(r'"([^"]+)"', text):
        d = "src/" + path
        if any(f.startswith(d + "/") and f.endswith(".go") and os.path.dirname(f) == d for f in ctx.files()):
            out.add(d)
    return out


def resolve_c(ctx, importer, text):
    m = re.search(r'#\s*include\s*[<"]([^>"]+)[>"]', text)
    if not m:
        return set()
    spec = m.group(1)
    local = os.path.normpath(os.path.join(os.path.dirname(importer), spec))
    if local in ctx.files():
        return {local}
    ends = sorted(f for f in ctx.files() if f == spec or f.endswith("/" + spec))
    return {ends[0]} if len(ends) == 1 else set()


RESOLVE = {"python": resolve_python, "ts": resolve_js, "js": resolve_js, "go": resolve_go, "c": resolve_c}


def importer_pattern(lang, file):
    base = os.path.basename(file)
    stem = os.path.splitext(base)[0]
    if lang == "python":
        word = os.path.basename(os.path.dirname(file)) if stem == "__init__" else stem
        pat = rf"^\s*(from|import)\s.*\b{re.escape(word)}\b"
        return pat + (r"|^\s*from\s+\.+\s+import\s" if stem == "__init__" else "")
    if lang in ("ts", "js"):
        word = os.path.basename(os.path.dirname(file)) if stem == "index" else stem
        return rf"""(require\(|\bfrom\s+|^\s*import\s+)['"][^'"]*\b{re.escape(word)}(\.[jt]s)?['"]"""
    if lang == "go":
        return '"' + re.escape(os.path.dirname(file)[len("src/"):]) + '"'
    if lang == "c":
        return rf'#\s*include\s*[<"]([^>"]*/)?{re.escape(base)}[>"]'
    raise ValueError(lang)


def grep_p4(ctx, task):
    """P4: two rg: the file's import lines (`^import|^from`, `require(`,
    `#include`), each mapped to a corpus file as its language resolves it;
    then the lines in the language's files that import the file's module (its
    name, Go: its package's import path), kept when they resolve to it."""
    ans = Answer()
    f = task["file"]
    out = rg(ctx, ans, ["-n", IMPORT_LINES[ctx.lang], f])
    resolve = RESOLVE[ctx.lang]
    for _, _, text in parse_rg(out, single=f):
        for unit in resolve(ctx, f, text):
            ans.pred.append({"dir": "imports", "unit": unit})
    out = rg(ctx, ans, ["-n", "-t", RG_TYPE[ctx.lang], importer_pattern(ctx.lang, f)])
    target = os.path.dirname(f) if task["unit"] == "dir" else f
    for g, _, text in parse_rg(out):
        if g != f and target in resolve(ctx, g, text):
            ans.pred.append({"dir": "importers", "unit": g})
    return ans


# --- P5: candidates listed, then each name counted

def grep_p5(ctx, task):
    """P5: one rg for the scope's restricted definitions (Go: lower-case
    functions and methods of the package's files, tests aside; C: `static`
    functions; TypeScript/JavaScript: module-level functions that are not
    exported and private methods), then one `rg -cw NAME` per candidate over
    where it can be used (Go: the package's directory; C: the corpus;
    TypeScript/JavaScript: the file); a name counted once (its definition) is
    dead."""
    ans = Answer()
    scope = task["scope"]
    cands = []  # (file, name, where to count)
    if ctx.lang == "go":
        out = rg(ctx, ans, ["-n", "--max-depth", "1", "-g", "*.go", "-g", "!*_test.go",
                            r"^func\s+(\([^)]*\)\s*)?[a-z_]\w*\s*[\[(]", scope])
        for f, _, text in parse_rg(out):
            m = re.match(r"^func\s+(?:\(\s*\w*\s*\*?\s*(\w+)(?:\[[^\]]*\])?\s*\)\s*)?([a-z_]\w*)", text)
            if m and m.group(2) not in ("init", "main", "_"):
                cands.append((f, f"{m.group(1)}.{m.group(2)}" if m.group(1) else m.group(2), ["--max-depth", "1", scope]))
    elif ctx.lang == "c":
        out = rg(ctx, ans, ["-n", r"^static\s[^;=]*\b\w+\s*\([^;]*$", scope])
        for _, _, text in parse_rg(out, single=scope):
            m = re.search(r"\b(\w+)\s*\(", text)
            if m:
                cands.append((scope, m.group(1), []))
    elif ctx.lang in ("ts", "js"):
        out = rg(ctx, ans, ["-n", r"^(async\s+)?function\s*\*?\s*\w+|^\s+(private\s+(static\s+)?(async\s+)?|#)\w+\s*\(", scope])
        for _, _, text in parse_rg(out, single=scope):
            m = re.match(r"^(?:async\s+)?function\s*\*?\s*(\w+)", text) or \
                re.match(r"^\s+(?:private\s+(?:static\s+)?(?:async\s+)?|#)(\w+)\s*\(", text)
            if m:
                cands.append((scope, m.group(1), [scope]))
    else:
        ans.note = "no grep strategy for this language"
        return ans
    for f, name, where in cands:
        out = rg(ctx, ans, ["-cw", short(name)] + where)
        total = sum(int(line.rsplit(":", 1)[-1]) for line in out.splitlines() if line.strip())
        if total == 1:
            ans.pred.append({"file": f, "name": name})
    return ans


GREP = {"P1": grep_p1, "P2": grep_p2, "P4": grep_p4, "P5": grep_p5}
