// The memory tools over MCP with the official 2.x client (docs/memory.md):
// a real `cortex mcp` on a small git repository, called as an agent calls
// it: add → get → query (text and each filter) → update (expires_at: null)
// → move → list → recent → prune (dry_run, then for real) → remove, each
// answer compared whole where it is fixed and the files on disk byte for
// byte; the errors an agent can act on (isError) for a slug that climbs and
// a missing memory; the annotations (memory writes, only memory_delete
// destroys); files edited, deleted and broken by hand between two calls on
// the same live connection; and, once the client has listed the tools,
// every answer checked against the tool's outputSchema.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { harness } from './common.mjs';

const cortex = process.env.CORTEX;
const work = process.env.WORK;
if (!cortex || !work) {
  console.error('usage: CORTEX=path/to/cortex WORK=scratch/dir node ' + process.argv[1]);
  process.exit(2);
}
const repo = join(work, 'repo');
mkdirSync(join(repo, 'src'), { recursive: true });
writeFileSync(join(repo, 'src/app.py'), 'def main():\n    return 1\n');
execFileSync('git', ['init', '-q', repo]);
const root = realpathSync(repo);
const store = join(root, '.cortex/memory');
const file = (path) => readFileSync(join(store, path + '.md'), 'utf8');
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const h = harness('memory');
const transport = new StdioClientTransport({
  command: cortex, args: ['mcp', '--root', root], stderr: 'inherit',
  env: { ...process.env, XDG_DATA_HOME: join(work, 'xdg') },
});
const client = new Client({ name: 'cortex-e2e-memory', version: '1.0.0' });
await client.connect(transport, { timeout: 60000 });

const CALLS = [];
const call = async (name, args) => {
  CALLS.push([name, args]);
  const r = await client.callTool({ name, arguments: args });
  assert.equal(r.isError, false, `${name} ${JSON.stringify(args)} failed: ${r.content[0].text}`);
  const { index, ...rest } = r.structuredContent; // the code index's block: not memory's business
  assert.equal(typeof index.generation, 'number');
  return rest;
};
const memory = (args) => call('memory', args);
const forget = (args) => call('memory_delete', args);
const failure = async (name, args) => {
  const r = await client.callTool({ name, arguments: args });
  assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail`);
  return r.content[0].text;
};
const paths = (r) => r.memories.map((m) => m.path);

let wal; // decisions/use-wal as added
try {
  await h.check('tools/list: memory writes, memory_delete alone destroys', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    assert.deepEqual(byName.memory.annotations,
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    assert.deepEqual(byName.memory_delete.annotations,
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    assert.deepEqual(tools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name), ['memory_delete']);
    assert.deepEqual(tools.filter((t) => t.annotations?.readOnlyHint === false).map((t) => t.name),
      ['memory', 'memory_delete', 'flush_index']);
  });

  await h.check('add: the answer and the file, byte for byte', async () => {
    const r = await memory({
      operation: 'add', path: 'decisions/use-wal', title: 'Use WAL', body: 'WAL lets readers run during a write.\n',
      tags: ['db', 'sqlite'], citations: [{ file: 'src/app.py', symbol: 'main' }, { file: 'gone.py' }],
      expires_at: '2030-01-01T00:00:00Z',
    });
    wal = r.memory;
    assert.match(wal.created_at, ISO);
    assert.deepEqual(r, {
      operation: 'add', store: 'project', file: 'decisions/use-wal.md',
      memory: {
        path: 'decisions/use-wal', category: 'decisions', title: 'Use WAL', tags: ['db', 'sqlite'], source: 'mcp',
        created_at: wal.created_at, updated_at: wal.created_at, expires_at: '2030-01-01T00:00:00.000Z',
        token_estimate: 10, summary: 'WAL lets readers run during a write.',
      },
    });
    assert.equal(file('decisions/use-wal'), '---\ntitle: Use WAL\n' +
      `created_at: ${wal.created_at}\nupdated_at: ${wal.created_at}\nexpires_at: 2030-01-01T00:00:00.000Z\n` +
      'tags: [db, sqlite]\nsource: mcp\ncitations:\n- file: src/app.py\n  symbol: main\n- file: gone.py\n---\n' +
      'WAL lets readers run during a write.\n');
    await sleep(5); // distinct updated_at for the orders below
    await memory({ operation: 'add', path: 'decisions/db/pool-size', body: '# Pool size\nEight connections per worker.\n',
      tags: ['db'], source: 'user' });
    await sleep(5);
    await memory({ operation: 'add', path: 'standards/naming', body: 'Functions are module_verb everywhere in core.\n',
      tags: ['style'] });
  });

  await h.check('get: every field, the citations checked against the code', async () => {
    const r = await memory({ operation: 'get', path: 'decisions/use-wal' });
    assert.deepEqual(r, {
      operation: 'get', store: 'project',
      memory: {
        ...wal, body: 'WAL lets readers run during a write.\n', expired: false, stale: true,
        citations: [
          { file: 'src/app.py', symbol: 'main', file_exists: true, symbol_found: true },
          { file: 'gone.py', file_exists: false },
        ],
      },
    });
  });

  await h.check('query: text, then each filter, exact paths in order', async () => {
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'readers' })), ['decisions/use-wal']);
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'connections OR module_verb' })).sort(),
      ['decisions/db/pool-size', 'standards/naming']);
    // no filter: updated_at, newest first
    const all = await memory({ operation: 'query' });
    assert.deepEqual([paths(all), all.total], [['standards/naming', 'decisions/db/pool-size', 'decisions/use-wal'], 3]);
    assert.deepEqual(paths(await memory({ operation: 'query', category: 'decisions' })),
      ['decisions/db/pool-size', 'decisions/use-wal']);
    assert.deepEqual(paths(await memory({ operation: 'query', tags: ['sqlite', 'style'] })),
      ['standards/naming', 'decisions/use-wal']);
    assert.deepEqual(paths(await memory({ operation: 'query', source: 'user' })), ['decisions/db/pool-size']);
    assert.deepEqual(paths(await memory({ operation: 'query', updated_after: wal.updated_at })),
      ['standards/naming', 'decisions/db/pool-size']);
    assert.deepEqual(paths(await memory({ operation: 'query', updated_before: all.memories[0].updated_at })),
      ['decisions/db/pool-size', 'decisions/use-wal']);
    // AND across filter types
    assert.deepEqual(paths(await memory({ operation: 'query', category: 'decisions', tags: ['db'], source: 'mcp' })),
      ['decisions/use-wal']);
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'worker', category: 'standards' })), []);
    // sorts and paging
    assert.deepEqual(paths(await memory({ operation: 'query', sort_by: 'created_at', sort_order: 'asc' })),
      ['decisions/use-wal', 'decisions/db/pool-size', 'standards/naming']);
    // token estimates 12, 11, 10 (a quarter of the body's bytes), largest first
    const page = await memory({ operation: 'query', sort_by: 'token_estimate', limit: 1, offset: 1 });
    assert.deepEqual([paths(page), page.total], [['decisions/db/pool-size'], 3]);
  });

  await h.check('update: expires_at null clears, the body changes, created_at stays', async () => {
    const r = await memory({ operation: 'update', path: 'decisions/use-wal', expires_at: null, body: 'WAL, always.\n' });
    assert.ok(r.memory.updated_at > wal.updated_at, r.memory.updated_at);
    assert.deepEqual(r, {
      operation: 'update', store: 'project', file: 'decisions/use-wal.md',
      memory: { ...wal, expires_at: null, updated_at: r.memory.updated_at, token_estimate: 4, summary: 'WAL, always.' },
    });
    assert.equal(file('decisions/use-wal'), '---\ntitle: Use WAL\n' +
      `created_at: ${wal.created_at}\nupdated_at: ${r.memory.updated_at}\n` +
      'tags: [db, sqlite]\nsource: mcp\ncitations:\n- file: src/app.py\n  symbol: main\n- file: gone.py\n---\n' +
      'WAL, always.\n');
    wal = r.memory;
  });

  await h.check('move: the same bytes under the new path, none left behind', async () => {
    const before = file('decisions/use-wal');
    const r = await memory({ operation: 'move', path: 'decisions/use-wal', to: 'archive/2026/use-wal' });
    assert.deepEqual(r, {
      operation: 'move', store: 'project', moved_from: 'decisions/use-wal', file: 'archive/2026/use-wal.md',
      memory: { ...wal, path: 'archive/2026/use-wal', category: 'archive/2026' },
    });
    assert.equal(file('archive/2026/use-wal'), before);
    assert.equal(existsSync(join(store, 'decisions/use-wal.md')), false);
    wal = r.memory;
  });

  await h.check('list: recursive, categories with descriptions and counts (memories directly in each), then the memories', async () => {
    await memory({ operation: 'describe_category', category: 'decisions', description: 'Why things are so' });
    const r = await memory({ operation: 'list', recursive: true });
    assert.deepEqual(r.categories, [
      { path: 'archive', description: null, memories: 0 },
      { path: 'archive/2026', description: null, memories: 1 },
      { path: 'decisions', description: 'Why things are so', memories: 0 },
      { path: 'decisions/db', description: null, memories: 1 },
      { path: 'standards', description: null, memories: 1 },
    ]);
    assert.deepEqual([r.category, paths(r), r.total],
      ['', ['archive/2026/use-wal', 'standards/naming', 'decisions/db/pool-size'], 3]);
    const top = await memory({ operation: 'list' });
    assert.deepEqual([top.categories.map((c) => c.path), paths(top)], [['archive', 'decisions', 'standards'], []]);
  });

  await h.check('recent: the latest by updated_at', async () => {
    const r = await memory({ operation: 'recent', limit: 2 });
    assert.deepEqual([paths(r), r.total], [['archive/2026/use-wal', 'standards/naming'], 3]);
  });

  await h.check('prune: dry_run says, keeps; then removes the expired alone', async () => {
    await memory({ operation: 'add', path: 'old-note', body: 'Expired already.\n', expires_at: '2021-01-01' });
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'expired' })), []);
    assert.deepEqual(await forget({ operation: 'prune', dry_run: true }),
      { operation: 'prune', store: 'project', removed: ['old-note'], dry_run: true });
    assert.equal(existsSync(join(store, 'old-note.md')), true);
    assert.deepEqual(await forget({ operation: 'prune' }),
      { operation: 'prune', store: 'project', removed: ['old-note'], dry_run: false });
    assert.equal(existsSync(join(store, 'old-note.md')), false);
    assert.equal((await memory({ operation: 'query', include_expired: true })).total, 3);
  });

  await h.check('remove: the file goes; a second remove is an isError', async () => {
    assert.deepEqual(await forget({ operation: 'remove', path: 'standards/naming' }),
      { operation: 'remove', store: 'project', removed: ['standards/naming'], dry_run: false });
    assert.equal(existsSync(join(store, 'standards/naming.md')), false);
    assert.equal(await failure('memory_delete', { operation: 'remove', path: 'standards/naming' }),
      'no memory "standards/naming" (list or query shows the memories)');
    assert.deepEqual(paths(await memory({ operation: 'query' })), ['archive/2026/use-wal', 'decisions/db/pool-size']);
  });

  await h.check('a hand edit between two calls on the live server: get and query read the file as it is now', async () => {
    const before = await memory({ operation: 'get', path: 'decisions/db/pool-size' });
    assert.equal(before.memory.body, '# Pool size\nEight connections per worker.\n');
    writeFileSync(join(store, 'decisions/db/pool-size.md'),
      '---\ntitle: Pool size, revised\ntags: [db, hand]\nsource: user\n---\nSixteen connections per worker, said a person.\n');
    const r = await memory({ operation: 'get', path: 'decisions/db/pool-size' });
    assert.equal(r.notice, undefined);
    assert.equal(r.problems, undefined);
    assert.deepEqual([r.memory.title, r.memory.tags, r.memory.source, r.memory.summary, r.memory.body], [
      'Pool size, revised', ['db', 'hand'], 'user', 'Sixteen connections per worker, said a person.',
      'Sixteen connections per worker, said a person.\n',
    ]);
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'sixteen' })), ['decisions/db/pool-size']);
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'eight' })), []);
    assert.deepEqual(paths(await memory({ operation: 'query', tags: ['hand'] })), ['decisions/db/pool-size']);
  });

  await h.check('a file deleted by hand leaves query and get on the live server', async () => {
    await memory({ operation: 'add', path: 'notes/scratch', body: 'Soon gone by hand.\n' });
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'gone' })), ['notes/scratch']);
    unlinkSync(join(store, 'notes/scratch.md'));
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'gone' })), []);
    const all = await memory({ operation: 'query' });
    assert.deepEqual([paths(all).sort(), all.total], [['archive/2026/use-wal', 'decisions/db/pool-size'], 2]);
    assert.equal(await failure('memory', { operation: 'get', path: 'notes/scratch' }),
      'no memory "notes/scratch" (list or query shows the memories)');
  });

  await h.check('a malformed hand edit: reported as file:line:col and skipped, the rest still works', async () => {
    writeFileSync(join(store, 'decisions/db/pool-size.md'),
      '---\ntitle: Pool size\ntags: [db, unclosed\n---\nBroken by hand.\n');
    const q = await memory({ operation: 'query' });
    assert.equal(q.problems.length, 1, JSON.stringify(q.problems));
    assert.match(q.problems[0], /^decisions\/db\/pool-size\.md:4:1: front matter: /);
    assert.deepEqual([paths(q), q.total], [['archive/2026/use-wal'], 1]);
    assert.match(await failure('memory', { operation: 'get', path: 'decisions/db/pool-size' }),
      /^decisions\/db\/pool-size\.md:4:1: front matter: /);
    // the rest of the store reads and writes
    assert.equal((await memory({ operation: 'get', path: 'archive/2026/use-wal' })).memory.body, 'WAL, always.\n');
    const added = await memory({ operation: 'add', path: 'notes/while-broken', body: 'Written beside a broken file.\n' });
    assert.equal(added.problems.length, 1);
    assert.deepEqual(paths(await memory({ operation: 'query', text: 'beside' })), ['notes/while-broken']);
    // mended by hand: read again, the problem gone
    writeFileSync(join(store, 'decisions/db/pool-size.md'), '---\ntags: [db]\n---\nMended.\n');
    const mended = await memory({ operation: 'query', text: 'mended' });
    assert.deepEqual([paths(mended), mended.problems], [['decisions/db/pool-size'], undefined]);
    await forget({ operation: 'remove', path: 'notes/while-broken' });
  });

  await h.check('errors: a slug that climbs, a missing memory, nothing written outside', async () => {
    assert.match(await failure('memory', { operation: 'add', path: '../x', body: 'x' }), /^category "\.\." is not valid: /);
    assert.match(await failure('memory', { operation: 'get', path: 'decisions/../../x' }), /is not valid/);
    assert.equal(await failure('memory', { operation: 'get', path: 'nope/missing' }),
      'no memory "nope/missing" (list or query shows the memories)');
    assert.equal(await failure('memory', { operation: 'update', path: 'nope/missing', body: 'x' }),
      'no memory "nope/missing" (list or query shows the memories)');
    assert.equal(existsSync(join(root, '.cortex/x.md')), false);
    assert.equal(existsSync(join(root, 'x.md')), false);
  });

  await h.check("each answer follows the tool's outputSchema", async () => {
    const rejected = [];
    for (const [tool, args] of CALLS.filter(([, a]) => ['get', 'query', 'list', 'recent'].includes(a.operation))) {
      try {
        await client.callTool({ name: tool, arguments: args });
      } catch (e) {
        rejected.push(`${tool} ${JSON.stringify(args)}: ${e.message}`);
      }
    }
    assert.deepEqual(rejected, []);
  });
} finally {
  await client.close();
}
h.finish();
