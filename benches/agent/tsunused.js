#!/usr/bin/env node
// Dead code as the TypeScript compiler sees it (noUnusedLocals): every
// function and method of a TypeScript or JavaScript corpus that the compiler
// reports as declared but never read (diagnostics 6133 and 6196), one JSON
// line each:
//
//   {"file","line","name"}
//
// One program over the corpus's files, as tstruth.js builds it (allowJs; for
// JavaScript also checkJs, so CommonJS files are checked too). Kept: module-level
// function declarations and variables initialised with a function, and class
// members that are methods or function-valued properties (only `private` and
// `#private` members can be unused to the compiler); nested functions are
// locals and are left out. name is `Class.member` for members; line is the
// name's (1-based); paths are relative to ROOT.
//
// Usage: node tsunused.js ROOT DIR... > unused.jsonl
'use strict';
const path = require('path');
// the compiler benches/accuracy/package.json pins (fetch.sh installs it)
const ts = require(process.env.TYPESCRIPT_MODULE || path.join(__dirname, '..', 'accuracy', 'node_modules', 'typescript'));

const { root, files, program } = require('../accuracy/tsprogram').corpusProgram(ts, process.argv.slice(2), 'tsunused.js', {
  checkJs: true, noUnusedLocals: true,
});
const corpus = new Set(files);
const isFn = (n) => n && (ts.isFunctionExpression(n) || ts.isArrowFunction(n));

// the innermost node at pos
function nodeAt(sf, pos) {
  let found = sf;
  const visit = (n) => {
    if (n.getStart(sf) <= pos && pos < n.getEnd()) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  ts.forEachChild(sf, visit);
  return found;
}

const out = new Map();
let diags = 0;
for (const sf of program.getSourceFiles()) {
  if (!corpus.has(sf.fileName)) continue;
  for (const d of program.getSemanticDiagnostics(sf)) {
    if (d.code !== 6133 && d.code !== 6196) continue;
    diags++;
    let n = nodeAt(sf, d.start);
    if (ts.isIdentifier(n) || ts.isPrivateIdentifier(n)) n = n.parent;
    let name = null;
    if (ts.isFunctionDeclaration(n) && n.name && ts.isSourceFile(n.parent)) name = n.name.text;
    else if (ts.isVariableDeclaration(n) && isFn(n.initializer) && ts.isIdentifier(n.name) &&
             ts.isVariableStatement(n.parent.parent) && ts.isSourceFile(n.parent.parent.parent)) name = n.name.text;
    else if ((ts.isMethodDeclaration(n) || (ts.isPropertyDeclaration(n) && isFn(n.initializer)) ||
              ts.isGetAccessor(n) || ts.isSetAccessor(n)) && n.name && ts.isClassLike(n.parent)) {
      const cls = n.parent.name ? n.parent.name.text : '(anonymous)';
      name = `${cls}.${n.name.text}`;
    }
    if (!name) continue;
    const line = sf.getLineAndCharacterOfPosition(n.name.getStart(sf)).line + 1;
    const file = path.relative(root, sf.fileName);
    out.set(`${file}:${line}:${name}`, { file, line, name });
  }
}
const recs = [...out.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
process.stdout.write(recs.map((r) => JSON.stringify(r)).join('\n') + (recs.length ? '\n' : ''));
process.stderr.write(`tsunused: ${files.length} files, ${diags} unused diagnostics, ${recs.length} unused functions and methods\n`);
