// How close cortex's token estimate (a unit's bytes / 4, core/util/tokens.h)
// is to a real BPE tokenizer's count, on the units handles name: every
// definition (its line span) and every documentation chunk of an indexed
// repository, read from its committed JSONL index. Prints one JSON line.
//
//   node measure.mjs REPO [--encoding cl100k_base|o200k_base] [--sample N]
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { getEncoding } from "js-tiktoken";

const args = process.argv.slice(2);
const repo = args[0];
const opt = (name, dflt) => (args.indexOf(name) >= 0 ? args[args.indexOf(name) + 1] : dflt);
const encoding = opt("--encoding", "cl100k_base");
const sample = Number(opt("--sample", "4000"));
const enc = getEncoding(encoding);

// a record type's lines: DIR/PREFIX.jsonl, or its shards DIR/PREFIX/*.jsonl
function* jsonl(dir, prefix) {
  const paths = [];
  if (existsSync(join(dir, prefix + ".jsonl"))) paths.push(join(dir, prefix + ".jsonl"));
  if (existsSync(join(dir, prefix)))
    for (const f of readdirSync(join(dir, prefix)).sort()) if (f.endsWith(".jsonl")) paths.push(join(dir, prefix, f));
  for (const p of paths) for (const line of readFileSync(p, "utf8").split("\n")) if (line) yield JSON.parse(line);
}

// every nth unit, so the sample spreads over the repository deterministically
const units = [];
for (const s of jsonl(join(repo, ".cortex/index"), "symbols")) if (s.kind !== "import") units.push({ kind: "definition", file: s.file, lines: s.line });
for (const c of jsonl(join(repo, ".cortex/chunks"), "chunks")) if (c.kind === "doc") units.push({ kind: "doc", text: c.content });
const step = Math.max(1, Math.floor(units.length / sample));
const files = new Map();
const lines = (file) => {
  if (!files.has(file)) files.set(file, readFileSync(join(repo, file), "utf8").split("\n"));
  return files.get(file);
};
const rows = { definition: [], doc: [] };
for (let i = 0; i < units.length; i += step) {
  const u = units[i];
  const text = u.text ?? lines(u.file).slice(u.lines[0] - 1, u.lines[1]).join("\n");
  const bytes = Buffer.byteLength(text, "utf8");
  if (!bytes) continue;
  rows[u.kind].push({ estimate: Math.ceil(bytes / 4), real: enc.encode(text).length });
}
const summary = (r) => {
  if (!r.length) return null;
  const est = r.reduce((a, x) => a + x.estimate, 0), real = r.reduce((a, x) => a + x.real, 0);
  const errs = r.map((x) => Math.abs(x.estimate - x.real) / Math.max(1, x.real)).sort((a, b) => a - b);
  const q = (p) => errs[Math.min(errs.length - 1, Math.floor(p * errs.length))];
  return { units: r.length, estimate_over_real: +(est / real).toFixed(3), median_abs_error: +q(0.5).toFixed(3), p90_abs_error: +q(0.9).toFixed(3) };
};
console.log(JSON.stringify({ repo, encoding, definition: summary(rows.definition), doc: summary(rows.doc) }));
