// The program the TypeScript truths share (tstruth.js, ../agent/tsunused.js):
// the command line ROOT DIR..., every TypeScript and JavaScript file under the
// DIRs (node_modules, hidden directories and .d.ts left out, in path order),
// and one program over them (allowJs, ES2022, CommonJS, Node10 resolution)
// with the options each truth adds.
'use strict';
const fs = require('fs');
const path = require('path');

function walk(p, out) {
  const st = fs.statSync(p);
  if (st.isFile()) {
    if (/\.(ts|tsx|js|mjs|cjs)$/.test(p) && !p.endsWith('.d.ts')) out.push(p);
    return out;
  }
  for (const e of fs.readdirSync(p).sort()) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    walk(path.join(p, e), out);
  }
  return out;
}

// ts: the compiler module; script: the caller's name for its usage line.
function corpusProgram(ts, argv, script, extra) {
  const [root0, ...dirs] = argv;
  if (!root0 || dirs.length === 0) {
    process.stderr.write(`usage: node ${script} ROOT DIR...\n`);
    process.exit(2);
  }
  const root = fs.realpathSync(root0);
  const files = [];
  for (const d of dirs) walk(path.join(root, d), files);
  const options = {
    allowJs: true, checkJs: false, noEmit: true, skipLibCheck: true, strict: false,
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [],
    maxNodeModuleJsDepth: 0, ...extra,
  };
  return { root, dirs, files, options, program: ts.createProgram(files, options) };
}

module.exports = { corpusProgram };
