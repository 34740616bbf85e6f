// The graph and analysis tools over MCP with the official 2.x client, on
// tests/fixtures/repos/graph: whole answers of a transitive walk, a path,
// impact's groups and a directory's dependents (each node's name, place,
// depth and the edge that reached it), the errors an agent can act on
// (isError), and, as a client that has listed the tools, every answer
// checked against the tool's outputSchema. The expected values follow from
// the fixture's source (tests/e2e/graph.sh notes why each edge is bound).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { harness } from './common.mjs';

const cortex = process.env.CORTEX;
const work = process.env.WORK;
if (!cortex || !work) {
  console.error('usage: CORTEX=path/to/cortex WORK=scratch/dir node ' + process.argv[1]);
  process.exit(2);
}
const repo = join(work, 'graph');
mkdirSync(repo, { recursive: true });
cpSync(new URL('../../fixtures/repos/graph/', import.meta.url).pathname, repo, { recursive: true });
execFileSync('git', ['init', '-q', repo]);
const root = realpathSync(repo);

// a node as compared: its place, depth, and the edge's place and binding
const node = (name, file, line, depth, edgeFile, edgeLine, binding) =>
  ({ name, file, line, depth, edge: edgeFile ? { file: edgeFile, line: edgeLine, binding } : undefined });
const brief = (n) => ({
  name: n.name, file: n.file, line: n.line, depth: n.depth,
  edge: n.edge ? { file: n.edge.file, line: n.edge.line, binding: n.edge.binding } : undefined,
});

const h = harness('graph');
const transport = new StdioClientTransport({ command: cortex, args: ['mcp', '--root', root], stderr: 'inherit' });
const client = new Client({ name: 'cortex-e2e-graph', version: '1.0.0' });
await client.connect(transport, { timeout: 60000 });
const call = async (args) => {
  const r = await client.callTool({ name: 'graph', arguments: args });
  assert.equal(r.isError, false, `graph failed: ${r.content[0].text}`);
  return r.structuredContent;
};
const CALLS = [];
try {
  await h.check('callers to depth 3', async () => {
    const args = { operation: 'callers', target: 'Item.price', depth: 3 };
    CALLS.push(args);
    const r = await call(args);
    assert.equal(r.target.name, 'Item.price');
    assert.deepEqual(r.nodes.map(brief), [
      node('Discounted.total', 'shop/models.py', 7, 1, 'shop/models.py', 8, 'inherit'),
      node('checkout', 'shop/cart.py', 4, 2, 'shop/cart.py', 5, 'type'),
      node('main', 'shop/cart.py', 8, 3, 'shop/cart.py', 9, 'scoped'),
      node('report', 'shop/report.py', 4, 3, 'shop/report.py', 5, 'import'),
    ]);
    assert.deepEqual([r.total_found, r.total_returned, r.truncated, r.truncated_at_depth], [4, 4, false, 0]);
    assert.deepEqual(r.ambiguous, []);
    // lines 2 to 8: three either side of the call on line 5, read from disk
    assert.deepEqual([r.nodes[1].edge.context_line, r.nodes[1].edge.context],
      [2, '\n\ndef checkout(d: Discounted):\n    return d.total() + helper()\n\n\ndef main():']);
  });
  await h.check('path', async () => {
    const args = { operation: 'path', target: 'report', to: 'Item.price', depth: 5, include_context: false };
    CALLS.push(args);
    const r = await call(args);
    assert.equal(r.found, true);
    assert.deepEqual(r.nodes.map(brief), [
      node('checkout', 'shop/cart.py', 4, 1, 'shop/report.py', 5, 'import'),
      node('Discounted.total', 'shop/models.py', 7, 2, 'shop/cart.py', 5, 'type'),
      node('Item.price', 'shop/models.py', 2, 3, 'shop/models.py', 8, 'inherit'),
    ]);
  });
  await h.check('impact groups and severities', async () => {
    const args = { operation: 'impact', target: 'checkout', depth: 2, include_context: false };
    CALLS.push(args);
    const r = await call(args);
    assert.deepEqual(r.groups, { callers: 3, value_users: 0, type_users: 0, implementations: 0, dependents: 1 });
    assert.deepEqual(r.nodes.map((n) => [n.name, n.depth, n.severity, n.group]), [
      ['main', 1, 'direct', 'callers'], ['report', 1, 'direct', 'callers'], ['run', 2, 'transitive', 'callers'],
      ['shop/report.py', 1, 'direct', 'dependents'],
    ]);
  });
  await h.check("a directory's dependents", async () => {
    const args = { operation: 'dependents', target: 'shop', depth: 2 };
    CALLS.push(args);
    const r = await call(args);
    assert.deepEqual(r.target, { name: 'shop', kind: 'directory', file: 'shop' });
    assert.deepEqual(r.nodes.map((n) => [n.name, n.kind, n.depth]), [['tools/cli.py', 'file', 1]]);
  });
  await h.check('several definitions: the chosen one and candidates', async () => {
    const args = { operation: 'definition', target: 'total' };
    CALLS.push(args);
    const r = await call(args);
    assert.deepEqual([r.target.name, r.target.file, r.target.line], ['total', 'shop/cart.py', 12]);
    assert.deepEqual(r.candidates.map((c) => [c.name, c.file, c.line]), [['Discounted.total', 'shop/models.py', 7]]);
    assert.equal(r.nodes[0].source, 'def total():\n    return 0');
  });
  await h.check('nothing matched: empty, with suggestion', async () => {
    const args = { operation: 'callers', target: 'Itme.price' };
    CALLS.push(args);
    const r = await call(args);
    assert.deepEqual([r.target, r.nodes, r.suggestion, r.total_found], [null, [], ['Item.price'], 0]);
  });
  for (const [name, args, message] of [
    ['an unknown operation', { operation: 'nope', target: 'checkout' }, /must be one of "definition"/],
    ['path without to', { operation: 'path', target: 'report' }, /needs `to`/],
    ['callers of a file', { operation: 'callers', target: 'shop/cart.py' }, /is a file/],
    ['a path outside the root', { operation: 'dependencies', target: '../../etc/passwd' }, /outside|leaves|root/],
  ]) {
    await h.check(`${name}: isError`, async () => {
      const r = await client.callTool({ name: 'graph', arguments: args });
      assert.equal(r.isError, true);
      assert.match(r.content[0].text, message);
    });
  }
  const ANALYSIS = [];
  const analysis = async (args) => {
    ANALYSIS.push(args);
    const r = await client.callTool({ name: 'analysis', arguments: args });
    assert.equal(r.isError, false, `analysis failed: ${r.content[0].text}`);
    return r.structuredContent;
  };
  await h.check('analysis: unused_symbols', async () => {
    const r = await analysis({ operation: 'unused_symbols' });
    assert.deepEqual(r.symbols.map((s) => [s.name, s.file, s.line]),
      [['_orphan', 'shop/models.py', 19], ['Vault.used', 'web/handler.ts', 22]]);
  });
  await h.check('analysis: circular_dependencies', async () => {
    const r = await analysis({ operation: 'circular_dependencies' });
    assert.deepEqual([r.file_cycles, r.directory_cycles],
      [[['loop/a.ts', 'loop/b.ts', 'loop/sub/c.ts']], [['loop/sub', 'loop']]]);
  });
  await h.check('analysis: symbols with counts', async () => {
    const r = await analysis({ operation: 'symbols', kinds: ['class'], ref_count_min: 2 });
    assert.deepEqual(r.symbols.map((s) => [s.name, s.ref_count, s.external_ref_count]),
      [['Item', 2, 0], ['Discounted', 2, 2], ['Handler', 2, 2]]);
  });
  await h.check('analysis: detail without a target is an isError', async () => {
    const r = await client.callTool({ name: 'analysis', arguments: { operation: 'detail' } });
    assert.equal(r.isError, true);
    assert.match(r.content[0].text, /needs `target`/);
  });
  await h.check("each answer follows the tool's outputSchema", async () => {
    await client.listTools();
    const rejected = [];
    for (const [tool, list] of [['graph', CALLS], ['analysis', ANALYSIS]]) {
      for (const args of list) {
        try {
          await client.callTool({ name: tool, arguments: args });
        } catch (e) {
          rejected.push(`${tool} ${JSON.stringify(args)}: ${e.message}`);
        }
      }
    }
    assert.deepEqual(rejected, []);
  });
} finally {
  await client.close();
}
h.finish();
