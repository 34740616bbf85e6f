#!/usr/bin/env python3
"""Scores cortex's call references against a compiler's truth (stdlib only).

    score.py --truth T.jsonl --db .cortex/cortex.db [--lang go] [--json OUT] [--md OUT] [--examples N]

Truth: JSONL, one call site a line, {file, line, col, name, kind, target_file,
target_line, ...}, as written by gotruth / pytruth.py / tstruth.js / ctruth.py:
the callee name's position (1-based line, 1-based byte column, paths relative to
the indexed root) and the definition the compiler binds it to.

cortex: the call references (kind `call`; with --ref-kinds, others too: `instantiation`
is TypeScript's `new C()` but Go's composite literal T{}) of the store's `ref_bindings` view (each reference's
label and target, however they are bound; a reference with no target is
`ambiguous` when the view says so, `unresolved` otherwise) and the target
symbol's file and lines.

The two are joined on (file, line, col). Then:

- a *served edge* is a cortex call reference with a target. It is judged when
  the truth has a record at the same position whose kind is not `unknown` or
  `multiple`: it is *right* when the truth's target is a definition in the
  corpus in the same file whose line is the target symbol's name line or first
  line, *wrong* otherwise (a builtin, a library function, a function value or
  another definition). precision = right / judged, per label and overall.
- a *truth edge* is a truth record whose kind is an edge kind (a function,
  method, interface method or class declared in the corpus). recall = truth
  edges served with the right target / truth edges; the rest are broken down
  into served wrong, ambiguous (with whether the right definition was among
  the name's definitions), unresolved, and no reference at that position.

Exit status: 0, or 2 on bad input. Thresholds are not this script's business.
"""
import argparse
import collections
import json
import sqlite3
import sys

# truth kinds that are call edges to a definition inside the corpus
EDGE_KINDS = {"func", "function", "method", "interface_method", "class", "constructor"}
# truth kinds that cannot be judged (the compiler had no single answer)
UNJUDGED_KINDS = {"unknown", "multiple"}


def load_truth(path):
    truth = {}
    with open(path, encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            for k in ("file", "line", "col", "kind"):
                if k not in r:
                    raise ValueError(f"{path}:{n}: missing {k!r}")
            truth[(r["file"], r["line"], r["col"])] = r
    return truth


CALL_KINDS = ("call",)  # --ref-kinds call,instantiation adds `new C()` (TypeScript / JavaScript)


def load_cortex(db, lang=None, kinds=CALL_KINDS):
    """The store's call references (dicts with the target's file, lines and
    qualified name); per (lang, name) the definitions of that name, as
    {(file, line)}; and per (file, line) the qualified names defined there."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    where = f"r.kind IN ({','.join('?' * len(kinds))})" + (" AND f.lang = ?" if lang else "")
    refs = [dict(row) for row in con.execute(
        "SELECT f.path AS file, f.lang AS lang, r.line, r.col, r.name, r.qualifier, r.resolution AS label,"
        " r.target_id, s.name AS target_name, s.kind AS target_kind, tf.path AS target_file,"
        " s.line_start AS target_line, s.name_line AS target_name_line"
        " FROM ref_bindings r JOIN files f ON f.id = r.file_id"
        " LEFT JOIN symbols s ON s.id = r.target_id LEFT JOIN files tf ON tf.id = s.file_id"
        f" WHERE {where}", (*kinds, *([lang] if lang else [])))]
    names = {r["name"] for r in refs}
    defs = collections.defaultdict(set)
    names_at = collections.defaultdict(set)
    for flang, short, path, name, name_line, line_start in con.execute(
            "SELECT f.lang, s.short_name, f.path, s.name, s.name_line, s.line_start"
            " FROM symbols s JOIN files f ON f.id = s.file_id WHERE s.kind <> 'import'"):
        names_at[(path, name_line)].add(name)
        names_at[(path, line_start)].add(name)
        if short in names:
            defs[(flang, short)].update(((path, name_line), (path, line_start)))
    con.close()
    return refs, defs, names_at


def label_of(ref):
    if ref.get("target_file") is not None:
        return ref.get("label") or "(none)"
    return ref.get("label") or "unresolved"


def is_right(ref, t, names_at=None):
    """A served edge is right when it names the truth's definition: the same
    file, and the truth's line is the target's name line or first line, or a
    definition of the same qualified name stands at the truth's line (Python
    @overload stubs before the implementation, a def under if/else)."""
    tf, tl = t.get("target_file"), t.get("target_line")
    if not tf or tf != ref.get("target_file"):
        return False
    if tl in (ref.get("target_name_line"), ref.get("target_line")):
        return True
    return bool(names_at) and ref.get("target_name") in names_at.get((tf, tl), ())


def pct(a, b):
    return round(100.0 * a / b, 1) if b else None


def score(truth, refs, defs=None, examples=10, names_at=None):
    """truth: {(file, line, col): record}; refs: list of cortex call references
    (file, lang, line, col, name, label, target_file, target_line, target_name_line,
    target_name); defs: {(lang, name): {(file, line)}} for the ambiguous check;
    names_at: {(file, line): {qualified names}} (see is_right)."""
    defs = defs or {}
    by_key = {}
    for r in refs:
        by_key[(r["file"], r["line"], r["col"])] = r
    labels = collections.OrderedDict()

    def lab(name):
        return labels.setdefault(name, {"refs": 0, "served": 0, "judged": 0, "right": 0, "wrong": 0,
                                        "no_truth": 0, "truth_unjudged": 0, "truth_kinds": collections.Counter()})

    wrong = []
    for key in sorted(by_key):
        r = by_key[key]
        L = lab(label_of(r))
        L["refs"] += 1
        t = truth.get(key)
        served = r.get("target_file") is not None
        L["served"] += served
        if t is None:
            L["no_truth"] += 1
            continue
        L["truth_kinds"][t["kind"]] += 1
        if not served:
            continue
        if t["kind"] in UNJUDGED_KINDS:
            L["truth_unjudged"] += 1
            continue
        L["judged"] += 1
        if is_right(r, t, names_at):
            L["right"] += 1
        else:
            L["wrong"] += 1
            wrong.append((r, t))

    total = {k: sum(v[k] for v in labels.values()) for k in ("refs", "served", "judged", "right", "wrong",
                                                              "no_truth", "truth_unjudged")}
    # recall over the truth's edges inside the corpus
    rec = {"edges": 0, "right": 0, "served_wrong": 0, "ambiguous": 0, "ambiguous_with_truth": 0,
           "unresolved": 0, "no_reference": 0}
    by_kind = collections.OrderedDict()
    for key in sorted(truth):
        t = truth[key]
        if t["kind"] not in EDGE_KINDS:
            continue
        K = by_kind.setdefault(t["kind"], {"edges": 0, "right": 0})
        rec["edges"] += 1
        K["edges"] += 1
        r = by_key.get(key)
        if r is None:
            rec["no_reference"] += 1
        elif r.get("target_file") is not None:
            if is_right(r, t, names_at):
                rec["right"] += 1
                K["right"] += 1
            else:
                rec["served_wrong"] += 1
        elif r.get("label") == "ambiguous":
            rec["ambiguous"] += 1
            cands = defs.get((r.get("lang"), r["name"]), set())
            if (t.get("target_file"), t.get("target_line")) in cands:
                rec["ambiguous_with_truth"] += 1
        else:
            rec["unresolved"] += 1
    rec["recall"] = pct(rec["right"], rec["edges"])
    for K in by_kind.values():
        K["recall"] = pct(K["right"], K["edges"])

    for L in labels.values():
        L["precision"] = pct(L["right"], L["judged"])
        L["truth_kinds"] = dict(L["truth_kinds"].most_common())
    total["precision"] = pct(total["right"], total["judged"])

    # the most frequent wrong bindings: (callee name, cortex target, truth kind)
    groups = collections.Counter()
    sample = {}
    for r, t in wrong:
        g = (r["name"], label_of(r), f'{r.get("target_name")} ({r.get("target_file")}:{r.get("target_name_line")})',
             t["kind"], t.get("target_name") or "")
        groups[g] += 1
        sample.setdefault(g, f'{r["file"]}:{r["line"]}:{r["col"]}')
    top = [{"count": n, "name": g[0], "label": g[1], "cortex_target": g[2], "truth_kind": g[3],
            "truth_target": g[4], "example": sample[g]} for g, n in groups.most_common(examples)]
    wrong_by_kind = collections.Counter(t["kind"] for _, t in wrong)
    truth_kinds = collections.Counter(t["kind"] for t in truth.values())
    matched = sum(1 for k in truth if k in by_key)
    return {"labels": labels, "total": total, "recall": rec, "recall_by_kind": by_kind,
            "truth": {"calls": len(truth), "kinds": dict(truth_kinds.most_common()), "with_reference": matched},
            "wrong_by_truth_kind": dict(wrong_by_kind.most_common()), "wrong_examples": top}


def markdown(name, res):
    out = []
    w = out.append
    T = res["truth"]
    w(f"Truth: {T['calls']:,} call sites ({', '.join(f'{k} {v:,}' for k, v in T['kinds'].items())}); "
      f"cortex has a call reference at {T['with_reference']:,} of them.\n")
    w("| label | call refs | served with a target | judged | right | wrong | precision | no truth at the site |")
    w("|---|---:|---:|---:|---:|---:|---:|---:|")
    for k, L in res["labels"].items():
        p = "—" if L["precision"] is None else f"{L['precision']}%"
        w(f"| `{k}` | {L['refs']:,} | {L['served']:,} | {L['judged']:,} | {L['right']:,} | {L['wrong']:,} | {p} | {L['no_truth']:,} |")
    t = res["total"]
    p = "—" if t["precision"] is None else f"**{t['precision']}%**"
    w(f"| all | {t['refs']:,} | {t['served']:,} | {t['judged']:,} | {t['right']:,} | {t['wrong']:,} | {p} | {t['no_truth']:,} |")
    w("")
    if res["wrong_by_truth_kind"]:
        w("Wrong served edges by what the compiler says the callee is: " +
          ", ".join(f"{k} {v:,}" for k, v in res["wrong_by_truth_kind"].items()) +
          " (builtin, external, conversion and value: cortex served an edge where there is no call edge in the corpus).\n")
    R = res["recall"]
    w(f"Edge recall: **{R['recall']}%** of {R['edges']:,} call edges to a definition in the corpus are served "
      f"with the right target. The rest: served wrong {R['served_wrong']:,}, `ambiguous` {R['ambiguous']:,} "
      f"(the right definition among the name's definitions in {R['ambiguous_with_truth']:,}), "
      f"no target {R['unresolved']:,}, no call reference at the site {R['no_reference']:,}.\n")
    w("| truth kind | edges | right | recall |")
    w("|---|---:|---:|---:|")
    for k, K in res["recall_by_kind"].items():
        w(f"| {k} | {K['edges']:,} | {K['right']:,} | {K['recall']}% |")
    w("")
    if res["wrong_examples"]:
        w("Most frequent wrong bindings (callee, cortex's label and target, what the compiler says):\n")
        w("| n | callee | label | cortex target | truth | example |")
        w("|---:|---|---|---|---|---|")
        for e in res["wrong_examples"]:
            tt = e["truth_kind"] + (f" `{e['truth_target']}`" if e["truth_target"] else "")
            w(f"| {e['count']} | `{e['name']}` | `{e['label']}` | `{e['cortex_target']}` | {tt} | {e['example']} |")
        w("")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--truth", required=True)
    ap.add_argument("--db", required=True, help="the store: .cortex/cortex.db")
    ap.add_argument("--lang", help="only references in files of this cortex language")
    ap.add_argument("--name", default="corpus")
    ap.add_argument("--json")
    ap.add_argument("--md")
    ap.add_argument("--examples", type=int, default=10)
    ap.add_argument("--ref-kinds", default=",".join(CALL_KINDS), help="reference kinds scored, comma-separated")
    a = ap.parse_args(argv)
    try:
        truth = load_truth(a.truth)
        refs, defs, names_at = load_cortex(a.db, a.lang, tuple(a.ref_kinds.split(",")))
    except (OSError, ValueError, sqlite3.Error) as e:
        print(f"score.py: {e}", file=sys.stderr)
        return 2
    res = score(truth, refs, defs, a.examples, names_at)
    md = markdown(a.name, res)
    if a.json:
        with open(a.json, "w", encoding="utf-8") as fh:
            json.dump(res, fh, indent=1)
    if a.md:
        with open(a.md, "w", encoding="utf-8") as fh:
            fh.write(md + "\n")
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
