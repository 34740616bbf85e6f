#!/usr/bin/env node
// Writes the TypeScript compiler's answer for every call in a TypeScript or
// JavaScript corpus, one JSON line each:
//
//   {"file","line","col","name","target_file","target_line","target_name","kind"}
//
// One program over all the corpus's files (allowJs, so CommonJS JavaScript is
// checked with the compiler's own inference: require(), module.exports,
// X.prototype.m = function). For every call and `new` whose callee is a name
// (f(), a.b.f(), new C()), file/line/col is the name (1-based line, 1-based byte
// column), and the target is the declaration of getSymbolAtLocation's symbol
// (through import aliases; of several declarations, the one with a body: an
// overloaded function's implementation). kind is
//
//   function   a function (or a variable initialised with a function) in the corpus
//   method     a method (class, object literal, prototype assignment) in the corpus
//   class      a class in the corpus (new C(), or a call of it)
//   external   a declaration outside the corpus (lib.*.d.ts, @types, other packages)
//   value      a variable, parameter or property that is not a function
//   unknown    no symbol, or a symbol with no declaration
//
// With TSTRUTH_MODE=heritage it writes instead, for every class and interface
// of the corpus, each type its `extends` and `implements` clauses name that is
// declared in the corpus (through import aliases), after a line for each such
// base with the type fields empty:
//
//   {"type_file","type_line","type_name","iface_file","iface_line","iface_name"}
//
// With TSTRUTH_MODE=imports it writes the import edges between the corpus's
// files as the compiler resolves them: {"file","target"}.
//
// Usage: node tstruth.js ROOT DIR... > truth.jsonl   (DIR relative to ROOT; paths
// in the output are relative to ROOT)
'use strict';
const path = require('path');
const ts = require('typescript');

const { root, dirs, files, options, program } = require('./tsprogram').corpusProgram(ts, process.argv.slice(2), 'tstruth.js', {});
const corpusDirs = dirs.map((d) => path.join(root, d) + path.sep);
const checker = program.getTypeChecker();

const inCorpus = (f) => corpusDirs.some((d) => f.startsWith(d));
const rel = (f) => (f.startsWith(root + path.sep) ? path.relative(root, f) : f);

function isFunctionLike(n) {
  return n && (ts.isFunctionExpression(n) || ts.isArrowFunction(n) || ts.isClassExpression(n));
}

function declKind(d) {
  if (ts.isFunctionDeclaration(d)) return 'function';
  if (ts.isMethodDeclaration(d) || ts.isMethodSignature(d) || ts.isGetAccessor(d) || ts.isSetAccessor(d)) return 'method';
  if (ts.isClassDeclaration(d) || ts.isClassExpression(d)) return 'class';
  if (ts.isConstructorDeclaration(d)) return 'class';
  if (ts.isVariableDeclaration(d)) return isFunctionLike(d.initializer) ? 'function' : 'value';
  if (ts.isPropertyAssignment(d) || ts.isPropertyDeclaration(d)) return isFunctionLike(d.initializer) ? 'method' : 'value';
  if (ts.isBinaryExpression(d) || ts.isPropertyAccessExpression(d)) {
    // JS: X.prototype.m = function, module.exports.f = function, exports.f = ...
    const bin = ts.isBinaryExpression(d) ? d : d.parent;
    return ts.isBinaryExpression(bin) && isFunctionLike(bin.right) ? 'method' : 'value';
  }
  if (ts.isFunctionExpression(d) || ts.isArrowFunction(d)) return 'function';
  return 'value';
}

function declName(d) {
  const n = ts.getNameOfDeclaration(d);
  return n || d;
}

function callee(expr) {
  for (;;) {
    if (ts.isParenthesizedExpression(expr) || ts.isNonNullExpression(expr)) expr = expr.expression;
    else if (ts.isIdentifier(expr)) return expr;
    else if (ts.isPropertyAccessExpression(expr)) return expr.name;
    else return null;
  }
}

function byteCol(sf, pos) {
  const lc = sf.getLineAndCharacterOfPosition(pos);
  const lineStart = sf.getPositionOfLineAndCharacter(lc.line, 0);
  return { line: lc.line + 1, col: Buffer.byteLength(sf.text.slice(lineStart, pos), 'utf8') + 1 };
}

if (process.env.TSTRUTH_MODE === 'heritage') {
  const pairs = new Map();
  const bases = new Map();
  const where = (d) => {
    const dsf = d.getSourceFile();
    return { file: rel(dsf.fileName), line: dsf.getLineAndCharacterOfPosition(declName(d).getStart(dsf)).line + 1 };
  };
  for (const sf of program.getSourceFiles()) {
    if (!inCorpus(sf.fileName) || sf.isDeclarationFile) continue;
    const visit = (node) => {
      if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name && node.heritageClauses) {
        const t = where(node);
        for (const clause of node.heritageClauses) {
          for (const ht of clause.types) {
            let sym = checker.getSymbolAtLocation(ht.expression);
            if (sym && sym.flags & ts.SymbolFlags.Alias) {
              try { sym = checker.getAliasedSymbol(sym); } catch (e) { /* keep */ }
            }
            const d = sym && sym.declarations && sym.declarations.find((x) => ts.isClassDeclaration(x) || ts.isInterfaceDeclaration(x));
            if (!d || !inCorpus(d.getSourceFile().fileName) || !d.name) continue;
            const b = where(d);
            bases.set(`${b.file}:${b.line}`, { type_file: '', type_line: 0, type_name: '', iface_file: b.file, iface_line: b.line, iface_name: d.name.text });
            pairs.set(`${t.file}:${t.line}:${b.file}:${b.line}`, { type_file: t.file, type_line: t.line, type_name: node.name.text,
              iface_file: b.file, iface_line: b.line, iface_name: d.name.text });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const lines = [...bases.values(), ...pairs.values()].map((r) => JSON.stringify(r));
  process.stdout.write(lines.join('\n') + '\n');
  process.stderr.write(`tstruth: ${bases.size} bases, ${pairs.size} (type, base) pairs\n`);
  process.exit(0);
}

if (process.env.TSTRUTH_MODE === 'imports') {
  // every import, re-export and require() of a string that the compiler's
  // module resolution leads to a file of the corpus: {"file","target"}
  const edges = new Set();
  const host = ts.createCompilerHost(options);
  for (const sf of program.getSourceFiles()) {
    if (!inCorpus(sf.fileName) || sf.isDeclarationFile) continue;
    const specs = [];
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier &&
          ts.isStringLiteral(node.moduleSpecifier))
        specs.push(node.moduleSpecifier.text);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require' &&
          node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]))
        specs.push(node.arguments[0].text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const spec of specs) {
      const r = ts.resolveModuleName(spec, sf.fileName, options, host).resolvedModule;
      if (!r || !inCorpus(r.resolvedFileName) || r.resolvedFileName === sf.fileName) continue;
      edges.add(JSON.stringify({ file: rel(sf.fileName), target: rel(r.resolvedFileName) }));
    }
  }
  process.stdout.write([...edges].sort().join('\n') + '\n');
  process.stderr.write(`tstruth: ${edges.size} import edges between corpus files\n`);
  process.exit(0);
}

const out = [];
const counts = {};
let skipped = 0;
for (const sf of program.getSourceFiles()) {
  if (!inCorpus(sf.fileName) || sf.isDeclarationFile) continue;
  const visit = (node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const id = callee(node.expression);
      if (!id) skipped++;
      else {
        const { line, col } = byteCol(sf, id.getStart(sf));
        const rec = { file: rel(sf.fileName), line, col, name: id.text };
        let sym = checker.getSymbolAtLocation(id);
        if (sym && sym.flags & ts.SymbolFlags.Alias) {
          try { sym = checker.getAliasedSymbol(sym); } catch (e) { /* keep the alias */ }
        }
        const decls = (sym && sym.declarations) || [];
        if (decls.length === 0) rec.kind = id.text === 'require' ? 'builtin' : 'unknown';
        else {
          const d = decls.find((x) => x.body) || decls[0];
          const dsf = d.getSourceFile();
          const pos = declName(d).getStart(dsf);
          rec.target_file = rel(dsf.fileName);
          rec.target_line = dsf.getLineAndCharacterOfPosition(pos).line + 1;
          rec.target_name = checker.getFullyQualifiedName(sym).replace(/^".*"\./, '');
          let kind = declKind(d);
          if (ts.isNewExpression(node) && kind === 'function') kind = 'class'; // new F() of a JS constructor function
          rec.kind = inCorpus(dsf.fileName) ? kind : 'external';
          if (rec.kind === 'value' && !inCorpus(dsf.fileName)) rec.kind = 'external';
        }
        counts[rec.kind] = (counts[rec.kind] || 0) + 1;
        out.push(rec);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}
out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col));
process.stdout.write(out.map((r) => JSON.stringify(r)).join('\n') + '\n');
process.stderr.write(`tstruth: ${files.length} files, ${out.length} calls by name (${skipped} of other expressions skipped); kinds ${JSON.stringify(counts)}\n`);
