#!/usr/bin/env python3
"""Definition recall of cortex against universal-ctags on one corpus.

A ctags tag is found when cortex's JSONL index has a symbol with the same name
(the last component of cortex's qualified name), the same file (relative to
the corpus root), a compatible kind and cortex line[0] == the ctags line.
Misses are grouped into categories that say why, with examples; symbols cortex
finds that ctags does not are counted per kind.

Prints a Markdown section on stdout; --details writes every miss to a file.

usage: recall.py --lang c|python --root CORPUS --ctags TAGS.json --index DIR
                 [--db cortex.db] [--error-spans EXE] [--details FILE] [--summary FILE]
                 [--examples N] [--categories N] [--title TEXT]
"""
import argparse
import collections
import glob
import json
import os
import re
import sqlite3
import subprocess
import sys

# The ctags kinds measured per language, and the cortex kinds that count as the
# same definition. ctags parses .h files as C++, whose kind names for these are
# the same as C's.
LANGS = {
    "c": {
        "extensions": (".c", ".h"),
        "kinds": {
            "function": {"function"},
            "struct": {"struct"},
            "union": {"union"},
            "enum": {"enum"},
            "typedef": {"type"},
            "macro": {"macro"},
        },
    },
    "python": {
        "extensions": (".py",),
        "kinds": {
            "class": {"class"},
            # ctags: `function` is a def outside a class, `member` one directly
            # inside a class; cortex calls the latter `method`. Either cortex kind
            # counts for either, so only the name and line decide.
            "function": {"function", "method"},
            "member": {"method", "function"},
        },
    },
}

# For the "cortex finds more" table: the ctags kind(s) that correspond to each
# cortex kind (ctags' default kinds; prototypes and includes are off by default).
COUNTERPARTS = {
    "c": {
        "function": ["function"], "prototype": ["prototype"], "struct": ["struct"], "union": ["union"],
        "enum": ["enum"], "type": ["typedef"], "macro": ["macro"], "variable": ["variable"],
        "constant": ["enumerator"], "property": ["member"], "import": ["header"],
    },
    "python": {
        "class": ["class"], "function": ["function"], "method": ["member"], "variable": ["variable"],
        "constant": ["variable"], "property": ["variable"], "import": ["namespace", "unknown"],
        "prototype": [],
    },
}

# Further languages describe themselves in benches/recall-kinds/<lang>.json:
# {"extensions": [".go"], "kinds": {ctags kind: [cortex kinds]},
#  "counterparts": {cortex kind: [ctags kinds]},
#  "same_tag": {ctags kind: suffix}} -- optional: a tag of that kind whose name
# ends with the suffix is the same definition as the tag without it (Ruby's
# `attr_accessor :x` is one declaration; ctags tags its reader `x` and its
# writer `x=` on the same line, cortex records the property `x` once).
SAME_TAG = {}
def load_language_files():
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "recall-kinds")
    if not os.path.isdir(folder):
        return
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            spec = json.load(f)
        lang = name[:-5]
        LANGS[lang] = {"extensions": tuple(spec["extensions"]),
                       "kinds": {k: set(v) for k, v in spec["kinds"].items()}}
        COUNTERPARTS[lang] = spec.get("counterparts", {})
        SAME_TAG[lang] = spec.get("same_tag", {})


load_language_files()

ANON = re.compile(r"^__anon[0-9a-f]+$")


def load_ctags(path, root, exts, same_tag=None):
    tags = set()
    all_tags = []
    root = os.path.realpath(root)
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                t = json.loads(line)
            except json.JSONDecodeError:
                continue
            if t.get("_type") != "tag" or not t["path"].endswith(exts):
                continue
            p = os.path.relpath(os.path.realpath(t["path"]), root)
            name = t["name"]
            suffix = (same_tag or {}).get(t["kind"])
            if suffix and name.endswith(suffix) and len(name) > len(suffix):
                name = name[: -len(suffix)]
            all_tags.append((name, p, t.get("line", 0), t["kind"]))
    for name, p, line, kind in all_tags:
        if not ANON.match(name):
            tags.add((name, p, line, kind))
    return tags, all_tags


def load_cortex(index_dir, exts):
    syms = []
    # one symbols.jsonl, or its shards symbols/NN.jsonl (docs/index-format.md)
    shards = sorted(glob.glob(os.path.join(index_dir, "symbols", "*.jsonl"))) or [os.path.join(index_dir, "symbols.jsonl")]
    for shard in shards:
        with open(shard, encoding="utf-8") as f:
            path = None
            for line in f:
                s = json.loads(line)
                # a symbol after its file's first says no file (format 1.3)
                path = s["file"] = s.get("file", path)
                if not s["file"].endswith(exts):
                    continue
                # Imports and top-level modules keep their dotted name, as ctags does
                # for Java and Go packages (`java.util`); a top-level module named
                # `A.B` (Ruby's `module A::B`) also counts under its last
                # component, as ctags names it.
                entry = (s["file"], s["line"][0], s["line"][1], s["kind"], s.get("name_line", s["line"][0]))
                if s["kind"] in ("import", "module") and "parent" not in s:
                    syms.append((s["name"],) + entry)
                    if s["kind"] == "module" and "." in s["name"]:
                        syms.append((s["name"].rsplit(".", 1)[-1],) + entry)
                else:
                    syms.append((s["name"].rsplit(".", 1)[-1],) + entry)
    files = set()
    with open(os.path.join(index_dir, "files.jsonl"), encoding="utf-8") as f:
        for line in f:
            files.add(json.loads(line)["path"])
    return syms, files


def parse_error_files(db):
    if not db or not os.path.exists(db):
        return set()
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return {r[0] for r in con.execute("SELECT path FROM files WHERE parse_errors != 0")}
    finally:
        con.close()


def error_spans(exe, root, paths):
    """{path: [(first line, last line, ERROR|MISSING)]} from the cortex-error-spans tool."""
    spans = collections.defaultdict(list)
    if not exe or not paths:
        return spans
    out = subprocess.run([exe, root], input="\n".join(sorted(paths)) + "\n", capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        p, a, b, what = line.split("\t")
        spans[p].append((int(a), int(b), what))
    return spans


class Sources:
    def __init__(self, root):
        self.root = root
        self.cache = {}

    def line(self, path, n):
        if path not in self.cache:
            try:
                with open(os.path.join(self.root, path), encoding="utf-8", errors="replace") as f:
                    self.cache[path] = f.read().split("\n")
            except OSError:
                self.cache[path] = []
        lines = self.cache[path]
        return lines[n - 1] if 0 < n <= len(lines) else ""


def bucket(n):
    return f"{n:+d}" if abs(n) <= 3 else (">+3" if n > 0 else "<-3")


def has_body(src, path, line):
    """True when the statement starting at `line` opens a `{` before it ends with `;`."""
    for n in range(line, line + 10):
        t = src.line(path, n).split("//")[0].strip()
        if t.endswith(";"):
            return False
        if t.endswith("{"):
            return True
    return False


def classify(tag, lang, compat, by_line, by_name, lines_with_function, cortex_files, spans, src):
    """Why a ctags tag has no matching cortex symbol: (category, line difference or None)."""
    name, path, line, kind = tag
    if path not in cortex_files:
        return "file not indexed by cortex (skipped: too large, unreadable or binary)", None
    text = src.line(path, line)
    if lang == "python" and re.match(rf"\s*(self\.)?{re.escape(name)}\s*=\s*lambda\b", text):
        return "lambda assigned to a name: ctags tags it as a function, cortex as a variable (or not at all)", None
    if lang == "c" and kind in ("enum", "struct", "union", "typedef") and \
            re.search(rf"\b(enum|struct|union)\s+\w+\s*\**\s*{re.escape(name)}\s*(\[|=|;|,)", text):
        return f"ctags error: a variable declared with an enum/struct type, tagged as `{kind}`", None
    same_line = by_line.get((path, name, line), [])
    if same_line:
        return f"same name and line, but cortex kind is `{'/'.join(sorted(set(same_line)))}`", None
    cands = by_name.get((path, name), [])
    near = [c for c in cands if c[2] in compat]
    inside = [c for c in near if c[0] <= line <= c[1]]
    if inside:
        best = min(inside, key=lambda c: line - c[0])
        if kind == "function":
            why = "return type on its own line: ctags gives the name's line, cortex the definition's first line"
        elif kind == "typedef":
            why = "multi-line typedef: ctags gives the line of the new name, cortex the `typedef` line"
        else:
            why = "ctags line inside cortex's span, after its first line"
        return why, line - best[0]
    prev = src.line(path, line - 1).strip()
    if lang == "c" and kind == "function" and re.match(rf"{re.escape(name)}\s*\(", text) and \
            (not prev or prev.endswith((";", "}", "*/", ")")) or prev.startswith("#")):
        # `NAME(...)` at the start of a line with no return type above it: a macro call.
        if (path, line) in lines_with_function:
            return ("function defined by a macro (`SYSCALL_DEFINE2(io_setup, ...) {`): ctags names it after the macro, "
                    "cortex after its first argument (`io_setup`)"), None
        if has_body(src, path, line):
            return "function defined by a macro (`NAME(args) {`) that cortex does not index", None
        return "ctags tags a top-level macro call (`BTF_ID_LIST_SINGLE(x)`, `subsys_initcall(f)`) as a function", None
    if any(a <= line <= b and what == "ERROR" for a, b, what in spans.get(path, [])):
        return "inside a region the grammar could not parse (ERROR node; cortex keeps what parsed around it)", None
    if near:
        best = min(near, key=lambda c: abs(c[0] - line))
        return "same name elsewhere in the file, ctags line outside cortex's span", line - best[0]
    if cands:
        kinds = "/".join(sorted({c[2] for c in cands}))
        return f"name is in the file only as cortex kind `{kinds}` (other line)", None
    if lang == "c":
        if kind == "typedef" and re.search(rf"\(\s*(\*\s*)?(const\s+)?{re.escape(name)}\s*\)", text):
            return "typedef with a parenthesized name (`typedef void (name)(...)`): no C plugin query for it", None
        if kind == "macro" and not re.match(r"\s*#\s*define\b", text):
            return "macro defined on a continuation line or inside another directive", None
        if re.match(rf"\s*[A-Z][A-Z0-9_]*\s*\(.*\b{re.escape(name)}\b", text):
            return "name inside a macro call cortex does not parse (e.g. `DEFINE_X(name)`)", None
    if spans.get(path):
        return "not found; the file has parse errors elsewhere (ERROR/MISSING nodes)", None
    return "not found (no symbol of that name in the file)", None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lang", required=True, choices=sorted(LANGS))
    ap.add_argument("--root", required=True)
    ap.add_argument("--ctags", required=True)
    ap.add_argument("--index", required=True, help="cortex's JSONL index directory (symbols.jsonl, files.jsonl)")
    ap.add_argument("--db", help="cortex.db, for which files had parse errors")
    ap.add_argument("--error-spans", help="the cortex-error-spans tool, to locate ERROR nodes")
    ap.add_argument("--details", help="write every miss here")
    ap.add_argument("--summary", help="write recall per kind here as JSON, for benches/report.py")
    ap.add_argument("--examples", type=int, default=10)
    ap.add_argument("--categories", type=int, default=8, help="categories shown per kind group in Markdown")
    ap.add_argument("--title", default=None)
    args = ap.parse_args()

    spec = LANGS[args.lang]
    exts = spec["extensions"]
    measured = spec["kinds"]
    tags, all_tags = load_ctags(args.ctags, args.root, exts, SAME_TAG.get(args.lang))
    syms, cortex_files = load_cortex(args.index, exts)
    err_files = parse_error_files(args.db)
    src = Sources(args.root)

    by_line = collections.defaultdict(list)  # (file, name, line) -> [kind]
    by_name = collections.defaultdict(list)  # (file, name) -> [(line0, line1, kind)]
    lines_with_function = set()  # (file, line) where a cortex function starts
    by_name_line = collections.defaultdict(list)  # (file, name, name_line) -> [kind]
    for short, f, l0, l1, k, nl in syms:
        by_name_line[(f, short, nl)].append(k)
        by_line[(f, short, l0)].append(k)
        by_name[(f, short)].append((l0, l1, k))
        if k == "function":
            lines_with_function.add((f, l0))

    found = collections.Counter()
    total = collections.Counter()
    lenient = collections.Counter()
    named = collections.Counter()
    misses = []
    for tag in sorted(tags, key=lambda t: (t[1], t[2], t[0], t[3])):
        name, path, line, kind = tag
        if kind not in measured:
            continue
        total[kind] += 1
        compat = measured[kind]
        on_name_line = any(k in compat for k in by_name_line.get((path, name, line), []))
        on_first_line = any(k in compat for k in by_line.get((path, name, line), []))
        if on_first_line:
            named[kind] += 1  # first-line-only recall, shown for reference
        if on_name_line or on_first_line:
            found[kind] += 1
            lenient[kind] += 1
            continue
        if any(c[2] in compat and c[0] <= line <= c[1] for c in by_name.get((path, name), [])):
            lenient[kind] += 1
        misses.append(tag)

    # Locate ERROR nodes only in files with misses (and parse errors, when the store says).
    missed_files = {t[1] for t in misses if t[1] in cortex_files}
    spans = error_spans(args.error_spans, args.root, missed_files & err_files if err_files else missed_files)

    cats = collections.defaultdict(list)
    diffs = collections.defaultdict(collections.Counter)
    for tag in misses:
        c, d = classify(tag, args.lang, measured[tag[3]], by_line, by_name, lines_with_function, cortex_files, spans,
                        src)
        cats[c].append(tag)
        if d is not None:
            diffs[c][bucket(d)] += 1

    # ---- cortex finds more -------------------------------------------------
    ctags_any = {(n, p, l) for n, p, l, _ in all_tags}
    ctags_kind_count = collections.Counter(k for _, _, _, k in tags)
    cortex_kind = collections.Counter()
    cortex_only = collections.defaultdict(list)
    for short, f, l0, l1, k, _ in syms:
        cortex_kind[k] += 1
        if (short, f, l0) not in ctags_any:
            cortex_only[k].append((short, f, l0, k))

    out = []
    w = out.append
    title = args.title or os.path.basename(os.path.normpath(args.root))
    n_all = sum(total.values())
    n_found = sum(found.values())
    n_len = sum(lenient.values())
    w(f"### Recall: {title} ({args.lang})\n")
    w(f"ctags definitions measured: {n_all} (anonymous `__anon*` tags left out); "
      f"files: {len({t[1] for t in tags})} with tags, {len(cortex_files)} indexed by cortex.\n")
    w("Found = same name, file and compatible kind, and the ctags line is the line of cortex's name: `name_line` "
      "(written when the name is not on the definition's first line, e.g. a return type on its own line) or "
      "`line[0]`. This is the target; the categories below are its misses. First line only = the same with "
      "`line[0]` alone. Within span = ctags line anywhere inside the cortex symbol's lines.\n")
    w("| ctags kind | cortex kind(s) | ctags tags | found | recall | recall (first line only) "
      "| recall (within span) | target ≥ 95% |")
    w("|---|---|---:|---:|---:|---:|---:|---|")
    for kind in measured:
        if not total[kind]:
            w(f"| {kind} | {'/'.join(sorted(measured[kind]))} | 0 | 0 | – | – | – | – |")
            continue
        r = 100.0 * found[kind] / total[kind]
        rl = 100.0 * lenient[kind] / total[kind]
        rn = 100.0 * named[kind] / total[kind]
        w(f"| {kind} | {'/'.join(sorted(measured[kind]))} | {total[kind]} | {found[kind]} | {r:.1f}% | {rn:.1f}% | {rl:.1f}% | "
          f"{'met' if r >= 95.0 else 'not met'} |")
    if n_all:
        w(f"| **all** | | {n_all} | {n_found} | {100.0 * n_found / n_all:.1f}% | "
          f"{100.0 * sum(named.values()) / n_all:.1f}% | {100.0 * n_len / n_all:.1f}% | "
          f"{'met' if all(found[k] >= 0.95 * total[k] for k in measured if total[k]) else 'not met'} |")
    w("")

    w(f"#### Misses by category ({len(misses)} misses)\n")
    w("| category | misses | by ctags kind | line difference (ctags − cortex): count |")
    w("|---|---:|---|---|")
    ordered = sorted(cats.items(), key=lambda kv: -len(kv[1]))
    for c, ts in ordered:
        per = collections.Counter(t[3] for t in ts)
        dl = ", ".join(f"{b}: {n}" for b, n in diffs[c].most_common(6)) if diffs[c] else "–"
        w(f"| {c} | {len(ts)} | {', '.join(f'{k} {n}' for k, n in per.most_common())} | {dl} |")
    w("")
    for c, ts in ordered[: args.categories]:
        w(f"**{c}** ({len(ts)}), examples (`file:line: source line`, ctags kind):\n")
        w("```")
        step = max(1, len(ts) // args.examples)  # spread examples over the corpus, not one file
        for name, path, line, kind in ts[::step][: args.examples]:
            w(f"{path}:{line}: {src.line(path, line).strip()[:110]}    [{kind} {name}]")
        w("```\n")

    w("#### What cortex finds that ctags does not\n")
    w("Per cortex kind: symbols in the JSONL index, the ctags tags of the corresponding kind, and the cortex "
      "symbols with no ctags tag (of any kind) at the same name, file and line.\n")
    w("| cortex kind | cortex symbols | ctags kind | ctags tags | cortex-only | more than ctags? |")
    w("|---|---:|---|---:|---:|---|")
    cp = COUNTERPARTS[args.lang]
    for k, n in cortex_kind.most_common():
        ck = cp.get(k, [])
        ct = sum(ctags_kind_count[x] for x in ck)
        more = "yes" if n > ct else ""
        w(f"| {k} | {n} | {'/'.join(ck) if ck else '–'} | {ct if ck else '–'} | {len(cortex_only[k])} | {more} |")
    w("")
    for k, n in cortex_kind.most_common():
        ck = cp.get(k, [])
        ct = sum(ctags_kind_count[x] for x in ck)
        if n <= ct or not cortex_only[k]:
            continue
        items = cortex_only[k]
        step = max(1, len(items) // 5)
        w(f"cortex-only `{k}` examples:\n")
        w("```")
        for name, path, line, kind in items[::step][:5]:
            w(f"{path}:{line}: {src.line(path, line).strip()[:110]}    [{name}]")
        w("```\n")

    print("\n".join(out))

    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as f:
            json.dump({"lang": args.lang, "total": n_all, "found": n_found, "within_span": n_len,
                       "kinds": {k: {"total": total[k], "found": found[k], "name_line": named[k],
                                     "within_span": lenient[k]} for k in measured},
                       "categories": [[c, len(ts)] for c, ts in ordered]}, f, indent=1)

    if args.details:
        with open(args.details, "w", encoding="utf-8") as f:
            for c, ts in ordered:
                f.write(f"== {c} ({len(ts)})\n")
                for name, path, line, kind in ts:
                    f.write(f"{path}:{line}: [{kind} {name}] {src.line(path, line).strip()}\n")
            for k in sorted(cortex_only):
                f.write(f"== cortex-only {k} ({len(cortex_only[k])})\n")
                for name, path, line, kind in cortex_only[k]:
                    f.write(f"{path}:{line}: [{name}] {src.line(path, line).strip()}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
