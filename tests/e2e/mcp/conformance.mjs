// MCP conformance of `cortex mcp` at the wire level: raw lines in, exact
// responses out, no SDK. Usage: node conformance.mjs CORTEX REPO_DIR
// (REPO_DIR: an indexed copy of tests/fixtures/repos/sample).
//
// Every probe is followed by a sentinel ping. The server answers requests
// strictly in order on one thread, so the lines before the sentinel's answer
// are exactly what the probe produced: "no response" and "no extra line" are
// checked without timeouts.
//
// Cancellation is made deterministic by back-pressure. The server's stdout is
// a FIFO we also hold a write end of: we fill it with filler bytes, so the
// server's next write blocks. We then send the request, its
// notifications/cancelled and a ping, and wait (through /proc) until the
// server's reader thread is idle in read(0) -- it has handled the cancel --
// and its main thread is blocked in write(1). Only then is the filler drained.
//
// Prints "ok - NAME" / "FAIL - NAME" (the lib.sh format), and "todo - NAME"
// for known deviations from the specification, which only count as failures
// with CORTEX_CONFORMANCE_STRICT=1. Exits 1 on any failure.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [CORTEX, ROOT] = process.argv.slice(2);
if (!CORTEX || !ROOT) {
  console.error('usage: node conformance.mjs CORTEX REPO_DIR');
  process.exit(2);
}
const STRICT = process.env.CORTEX_CONFORMANCE_STRICT === '1';
const MODERN = '2026-07-28';
const META = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'conformance', version: '1' } };
const WAIT_MS = 20000;

let passed = 0, failed = 0, todo = 0;
const pass = (name) => { passed++; console.log(`ok - ${name}`); };
const fail = (name, detail) => {
  failed++;
  console.log(`FAIL - ${name}`);
  if (detail) for (const l of String(detail).split('\n')) console.log(`    ${l}`);
};
const check = (name, cond, detail) => (cond ? pass(name) : fail(name, typeof detail === 'function' ? detail() : detail));
/** A check the server is known to fail: reported, not counted unless strict. */
const known = (name, cond, detail) => {
  if (cond) return pass(`${name} (known deviation fixed: drop it from the known list)`);
  if (STRICT) return fail(name, detail);
  todo++;
  console.log(`todo - ${name} (known deviation, not counted)`);
  if (detail) for (const l of String(detail).split('\n')) console.log(`    ${l}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const clip = (s, n = 300) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cortex-conformance-'));
process.on('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
const { O_RDONLY, O_WRONLY, O_NONBLOCK } = fs.constants;

// ---- /proc: what the server's threads are blocked in ----------------------------
const SYSCALLS = { x64: { read: 0, write: 1 }, arm64: { read: 63, write: 64 } }[process.arch];

function threads(pid) {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const base = `/proc/${pid}/task/${tid}`;
    const read = (f) => { try { return fs.readFileSync(`${base}/${f}`, 'utf8').trim(); } catch { return ''; } };
    const stat = read('stat');
    return { state: stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3), syscall: read('syscall').split(' '), wchan: read('wchan') };
  });
}
/** Blocked in `call` on `fd` (syscall file), or in a pipe_<call> wait (wchan) when that file is unreadable. */
function blockedIn(t, call, fd) {
  if (t.state !== 'S') return false;
  if (SYSCALLS && t.syscall.length > 1 && /^\d+$/.test(t.syscall[0]))
    return Number(t.syscall[0]) === SYSCALLS[call] && Number(t.syscall[1]) === fd;
  return new RegExp(`pipe_${call}`).test(t.wchan);
}
/** Resolves once the reader thread waits on stdin and the main thread on stdout, twice in a row. */
async function waitQuiescentBlocked(pid) {
  let streak = 0, observable = false;
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    let ts = [];
    try { ts = threads(pid); } catch { break; }
    observable ||= ts.some((t) => t.state === 'S' && (t.syscall.length > 1 || t.wchan));
    if (ts.some((t) => blockedIn(t, 'read', 0)) && ts.some((t) => blockedIn(t, 'write', 1))) {
      if (++streak === 2) return 'observed';
    } else streak = 0;
    await sleep(20);
  }
  if (!observable) { await sleep(1000); return 'timed'; } // no /proc insight: fall back to a generous wait
  return 'timeout';
}

// ---- one server ------------------------------------------------------------------
let serial = 0;
class Server {
  constructor(args) {
    const fifo = path.join(tmp, `stdout-${++serial}.fifo`);
    execFileSync('mkfifo', [fifo]);
    this.rfd = fs.openSync(fifo, O_RDONLY | O_NONBLOCK); // ours, polled
    const wfd = fs.openSync(fifo, O_WRONLY);            // the server's stdout, blocking
    this.ffd = fs.openSync(fifo, O_WRONLY | O_NONBLOCK); // ours, for filler
    this.child = spawn(CORTEX, ['mcp', ...args], { stdio: ['pipe', wfd, 'pipe'] });
    fs.closeSync(wfd);
    this.stderr = '';
    this.child.stderr.on('data', (d) => { this.stderr += d; });
    this.child.stdin.on('error', () => {}); // EPIPE when it died: reported by the checks
    this.exit = new Promise((res) => this.child.on('exit', (code, signal) => res({ code, signal })));
    this.pending = Buffer.alloc(0);
    this.lines = [];
    this.skip = 0;
    this.garbage = [];
    this.nextSentinel = 0;
  }

  send(text) {
    return new Promise((res, rej) => this.child.stdin.write(text, (err) => (err ? rej(err) : res())));
  }
  sendLines(...msgs) {
    // A Buffer goes out byte for byte (invalid UTF-8 must reach the server as such).
    return this.send(Buffer.concat(msgs.map((m) => Buffer.concat([
      Buffer.isBuffer(m) ? m : Buffer.from(typeof m === 'string' ? m : JSON.stringify(m)), Buffer.from('\n')]))));
  }

  pump() {
    const b = Buffer.alloc(1 << 16);
    for (;;) {
      let n;
      try { n = fs.readSync(this.rfd, b, 0, b.length, null); } catch (e) { if (e.code === 'EAGAIN') return; throw e; }
      if (n === 0) return;
      let chunk = b.subarray(0, n);
      if (this.skip) {
        const k = Math.min(this.skip, n);
        if (chunk.subarray(0, k).some((c) => c !== 0x23)) this.garbage.push('filler bytes out of order');
        this.skip -= k;
        chunk = chunk.subarray(k);
      }
      this.pending = Buffer.concat([this.pending, chunk]);
      let nl;
      while ((nl = this.pending.indexOf(0x0a)) >= 0) {
        const raw = this.pending.subarray(0, nl).toString('utf8');
        this.pending = this.pending.subarray(nl + 1);
        let msg = null;
        try { msg = JSON.parse(raw); } catch { this.garbage.push(`not JSON on stdout: ${clip(raw)}`); }
        this.lines.push({ raw, msg });
      }
    }
  }
  async next(ms = WAIT_MS) {
    const deadline = Date.now() + ms;
    for (;;) {
      this.pump();
      if (this.lines.length) return this.lines.shift();
      if (Date.now() > deadline) return null;
      await sleep(2);
    }
  }
  /** Lines up to (excluding) the response with this id; null on timeout. */
  async until(id) {
    const got = [];
    for (;;) {
      const l = await this.next();
      if (!l) return { got, timeout: true };
      if (l.msg && l.msg.id === id && !('method' in l.msg)) return { got, last: l };
      got.push(l);
    }
  }
  /** Sends the lines then a ping; returns every line the server wrote before answering the ping. */
  async exchange(...msgs) {
    const sid = `sentinel-${++this.nextSentinel}`;
    await this.sendLines(...msgs, { jsonrpc: '2.0', id: sid, method: 'ping' });
    const r = await this.until(sid);
    if (r.timeout) throw new Error(`no answer to ${sid}; stderr: ${clip(this.stderr, 2000)}`);
    return r.got;
  }
  /** Fills our stdout FIFO so the server's next write blocks; returns the filler size. */
  fill() {
    const page = Buffer.alloc(4096, 0x23), one = Buffer.from('#');
    let n = 0;
    for (const b of [page, one]) {
      for (;;) {
        try { n += fs.writeSync(this.ffd, b); } catch (e) { if (e.code === 'EAGAIN') break; throw e; }
      }
    }
    this.skip += n;
    return n;
  }
  async close() {
    this.child.stdin.end();
    const r = await Promise.race([this.exit, sleep(WAIT_MS).then(() => null)]);
    if (!r) this.child.kill('SIGKILL');
    this.pump();
    fs.closeSync(this.rfd);
    fs.closeSync(this.ffd);
    return r;
  }
}

// ---- expectations -------------------------------------------------------------------
const show = (lines) => lines.map((l) => clip(l.raw)).join('\n') || '(nothing)';

/** One error response with this id and code (and message, when given). */
function isError(l, id, code, message) {
  const m = l && l.msg;
  return !!m && m.jsonrpc === '2.0' && m.id === id && !('result' in m) && m.error && m.error.code === code &&
    Number.isInteger(m.error.code) && typeof m.error.message === 'string' &&
    (message === undefined || (message instanceof RegExp ? message.test(m.error.message) : m.error.message === message));
}
async function expectError(s, name, input, id, code, message) {
  const got = await s.exchange(input);
  check(name, got.length === 1 && isError(got[0], id, code, message),
    () => `sent:     ${clip(typeof input === 'string' ? input : JSON.stringify(input))}\nexpected: id ${JSON.stringify(id)}, code ${code}${message ? `, message ${message}` : ''}\ngot:\n${show(got)}`);
  return got[0];
}
async function expectNothing(s, name, ...inputs) {
  const got = await s.exchange(...inputs);
  check(name, got.length === 0, () => `expected no response, got:\n${show(got)}`);
}
async function request(s, msg) {
  const got = await s.exchange(msg);
  return got;
}
async function expectResult(s, name, msg, test) {
  const got = await request(s, msg);
  const m = got.length === 1 && got[0].msg;
  let ok = !!m && m.jsonrpc === '2.0' && m.id === msg.id && 'result' in m && !('error' in m);
  let why = '';
  if (ok) {
    try { ok = test(m.result) !== false; } catch (e) { ok = false; why = e.message; }
  }
  check(name, ok, () => `sent: ${clip(JSON.stringify(msg))}\n${why}got:\n${show(got)}`);
  return m ? m.result : null;
}
const req = (id, method, params) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const modern = (id, method, params = {}) => req(id, method, { ...params, _meta: { ...META, ...(params._meta || {}) } });
const call = (id, name, args, extra = {}) => req(id, 'tools/call', { name, ...(args === undefined ? {} : { arguments: args }), ...extra });

// =======================================================================================
async function main() {
  const s = new Server(['--root', ROOT]);

  // ---- legacy lifecycle --------------------------------------------------------------
  await expectResult(s, 'ping before initialize answers {}', req(1, 'ping'), (r) => Object.keys(r).length === 0);
  await expectResult(s, 'initialize echoes a supported legacy version', req(2, 'initialize', {
    protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance', version: '1' } }), (r) =>
    r.protocolVersion === '2025-06-18' && r.serverInfo?.name === 'cortex' && typeof r.serverInfo.version === 'string' &&
    r.capabilities?.tools && r.capabilities.resources && r.capabilities.prompts && r.capabilities.logging &&
    !('resultType' in r));
  await expectNothing(s, 'notifications/initialized gets no response', { jsonrpc: '2.0', method: 'notifications/initialized' });

  // ---- framing and envelope ------------------------------------------------------------
  await expectError(s, 'unparseable JSON: -32700, id null', '{"jsonrpc":"2.0","id":1,"method":', null, -32700, 'Parse error');
  await expectError(s, 'not JSON at all: -32700', 'hello there', null, -32700, 'Parse error');
  await expectError(s, 'invalid UTF-8: -32700', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), null, -32700);
  await expectError(s, 'batch array: -32600, id null', '[{"jsonrpc":"2.0","id":3,"method":"ping"}]', null, -32600, /batch/);
  await expectError(s, 'empty array: -32600', '[]', null, -32600);
  await expectError(s, 'a JSON number: -32600', '42', null, -32600);
  await expectError(s, 'a JSON string: -32600', '"ping"', null, -32600);
  await expectError(s, 'JSON null: -32600', 'null', null, -32600);
  await expectError(s, 'missing jsonrpc: -32600 with the readable id', '{"id":4,"method":"ping"}', 4, -32600, /jsonrpc/);
  await expectError(s, 'jsonrpc "1.0": -32600 with the readable id', '{"jsonrpc":"1.0","id":5,"method":"ping"}', 5, -32600, /jsonrpc/);
  await expectError(s, 'jsonrpc as a number: -32600', '{"jsonrpc":2.0,"id":6,"method":"ping"}', 6, -32600);
  await expectError(s, 'method a number: -32600', '{"jsonrpc":"2.0","id":7,"method":7}', 7, -32600, /method/);
  await expectError(s, 'method null: -32600', '{"jsonrpc":"2.0","id":8,"method":null}', 8, -32600);
  await expectError(s, 'no method, no result: -32600', '{"jsonrpc":"2.0","id":9}', 9, -32600);
  await expectError(s, 'id null: -32600, id null', '{"jsonrpc":"2.0","id":null,"method":"ping"}', null, -32600, /id/);
  await expectError(s, 'id boolean: -32600, id null', '{"jsonrpc":"2.0","id":true,"method":"ping"}', null, -32600, /id/);
  await expectError(s, 'id object: -32600, id null', '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', null, -32600, /id/);
  await expectError(s, 'id array: -32600, id null', '{"jsonrpc":"2.0","id":[1],"method":"ping"}', null, -32600);
  await expectError(s, 'id fractional: -32600, id null', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', null, -32600);
  await expectError(s, 'params a string: -32600 with the id', '{"jsonrpc":"2.0","id":10,"method":"ping","params":"x"}', 10, -32600);
  await expectError(s, 'duplicate keys: -32700', '{"jsonrpc":"2.0","id":11,"id":12,"method":"ping"}', null, -32700);
  await expectResult(s, 'string id echoed', req('abc', 'ping'), () => true);
  await expectResult(s, 'id 0 echoed', req(0, 'ping'), () => true);
  await expectResult(s, 'negative id echoed', req(-7, 'ping'), () => true);
  {
    const got = await s.exchange('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}');
    check('an id beyond 2^53 is echoed digit for digit', got.length === 1 && got[0].raw.includes('"id":9007199254740993'), () => show(got));
  }
  {
    const got = await s.exchange('{"jsonrpc":"2.0","id":"crlf","method":"ping"}\r');
    check('a CRLF-terminated request is answered', got.length === 1 && got[0].msg?.id === 'crlf' && 'result' in got[0].msg, () => show(got));
  }

  // ---- methods and params -----------------------------------------------------------------
  await expectError(s, 'unknown method: -32601', req(20, 'nope/nothing'), 20, -32601, 'Method not found');
  await expectError(s, 'resources/subscribe (not declared): -32601', req(21, 'resources/subscribe', { uri: 'cortex://file/README.md' }), 21, -32601);
  await expectError(s, 'params an array for ping: -32602', req(22, 'ping', []), 22, -32602);
  await expectError(s, 'tools/call unknown tool: -32602', call(23, 'no_such_tool', {}), 23, -32602, 'Invalid params: unknown tool "no_such_tool"');
  await expectError(s, 'tools/call without a name: -32602', req(24, 'tools/call', { arguments: {} }), 24, -32602);
  await expectError(s, 'tools/call arguments an array: -32602', call(25, 'search', [1]), 25, -32602, 'Invalid params: arguments must be an object');
  await expectError(s, 'tools/call arguments a string: -32602', call(26, 'search', 'x'), 26, -32602, 'Invalid params: arguments must be an object');
  await expectError(s, 'tools/list bad cursor: -32602', req(27, 'tools/list', { cursor: 'garbage' }), 27, -32602, 'Invalid params: unknown cursor');
  await expectError(s, 'tools/list cursor past the end: -32602', req(28, 'tools/list', { cursor: 'cortex:999999' }), 28, -32602);
  await expectError(s, 'resources/list bad cursor: -32602', req(29, 'resources/list', { cursor: 42 }), 29, -32602);
  await expectError(s, 'prompts/list bad cursor: -32602', req(30, 'prompts/list', { cursor: 'x' }), 30, -32602);
  await expectError(s, 'legacy resources/read of a missing file: -32002', req(31, 'resources/read', { uri: 'cortex://file/no/such.py' }), 31, -32002, /^Resource not found/);
  await expectError(s, 'legacy resources/read of a missing symbol: -32002', req(32, 'resources/read', { uri: 'cortex://symbol/no_such_symbol_xyz' }), 32, -32002);
  await expectError(s, 'legacy resources/read of a foreign scheme: -32002', req(33, 'resources/read', { uri: 'file:///etc/passwd' }), 33, -32002);
  await expectError(s, 'resources/read without uri: -32602', req(34, 'resources/read', {}), 34, -32602);
  await expectError(s, 'prompts/get unknown prompt: -32602', req(35, 'prompts/get', { name: 'nope' }), 35, -32602, /unknown prompt/);
  await expectError(s, 'prompts/get missing required argument: -32602', req(36, 'prompts/get', { name: 'find-symbol' }), 36, -32602, 'Invalid params: prompt find-symbol needs the argument "name"');
  await expectError(s, 'prompts/get empty required argument: -32602', req(37, 'prompts/get', { name: 'trace-call-chain', arguments: { name: '' } }), 37, -32602);
  await expectError(s, 'logging/setLevel bad level: -32602', req(38, 'logging/setLevel', { level: 'loud' }), 38, -32602, /^Invalid params: level must be one of/);
  await expectError(s, 'logging/setLevel without level: -32602', req(39, 'logging/setLevel', {}), 39, -32602);
  await expectResult(s, 'logging/setLevel "error" answers {}', req(40, 'logging/setLevel', { level: 'error' }), (r) => Object.keys(r).length === 0);
  await expectError(s, 'initialize without protocolVersion: -32602', req(41, 'initialize', { capabilities: {} }), 41, -32602);

  // ---- tool argument validation: results with isError ---------------------------------------
  const toolError = (pattern) => (r) => {
    if (r.isError !== true) throw new Error('isError is not true; ');
    const text = r.content?.[0]?.text;
    if (r.content.length !== 1 || r.content[0].type !== 'text' || !pattern.test(text)) throw new Error(`text ${JSON.stringify(text)} does not match ${pattern}; `);
    if ('structuredContent' in r) throw new Error('structuredContent on a failure; ');
  };
  await expectResult(s, 'tool arg wrong type: isError, names the property and type', call(50, 'search', { query: 5 }), toolError(/^query: must be a string, not an integer/));
  await expectResult(s, 'tool arg limit 0: isError, names the minimum', call(51, 'search', { query: 'x', limit: 0 }), toolError(/^limit: must be at least 1/));
  await expectResult(s, 'tool arg limit too large: isError', call(52, 'get_file_symbols', { file: 'src/app.py', limit: 1000000 }), toolError(/^limit: /));
  await expectResult(s, 'tool arg unknown property: isError, names it', call(53, 'search', { query: 'x', bogus: 1 }), toolError(/unknown property "bogus"/));
  await expectResult(s, 'tool arg missing required: isError, names it', call(54, 'search', {}), toolError(/missing required property "query"/));
  await expectResult(s, 'tool arg bad enum: isError', call(55, 'search', { query: 'x', format: 'xml' }), toolError(/^format: /));
  await expectResult(s, 'tool arg empty string below minLength: isError', call(56, 'get_callers', { name: '' }), toolError(/^name: /));
  await expectResult(s, 'tools/call without arguments is validated as {}', req(57, 'tools/call', { name: 'get_imports' }), toolError(/missing required property "file"/));
  await expectResult(s, 'a file not in the index: isError with a hint', call(58, 'get_file_symbols', { file: 'no/such.py' }), toolError(/no\/such\.py/));
  await expectResult(s, 'a valid tools/call: isError false, structuredContent, the compact text by default', call(59, 'get_callers', { name: 'point_add' }), (r) =>
    r.isError === false && r.structuredContent && Array.isArray(r.content) && r.content[0].type === 'text' &&
    r.content[0].text === 'defined [1]: function point_add lib/point.c:5\ndefined [2]: prototype point_add lib/point.h:9\n' +
      'lib/point.c:20:5 call point_add in main [scoped] -> [1]\n1 of 1\n');
  await expectResult(s, 'format json: the text is structuredContent as JSON', call(61, 'get_callers', { name: 'point_add', format: 'json' }), (r) =>
    r.isError === false && r.structuredContent && r.content[0].type === 'text' &&
    JSON.stringify(JSON.parse(r.content[0].text)) === JSON.stringify(r.structuredContent));

  // ---- notifications: never answered ---------------------------------------------------------
  await expectNothing(s, 'unknown notification: no response', '{"jsonrpc":"2.0","method":"notifications/whatever"}');
  await expectNothing(s, 'unknown notification with params: no response', { jsonrpc: '2.0', method: 'notifications/whatever', params: { x: 1 } });
  await expectNothing(s, 'notification with array params: no response', { jsonrpc: '2.0', method: 'notifications/initialized', params: [] });
  await expectNothing(s, 'cancelled without params: no response', { jsonrpc: '2.0', method: 'notifications/cancelled' });
  await expectNothing(s, 'cancelled with an object requestId: no response', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: { x: 1 } } });
  await expectNothing(s, 'cancelled for an id never sent: no response', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } });
  await expectNothing(s, 'cancelled for an answered id: no response', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 59, reason: 'late' } });
  await expectNothing(s, 'a request method sent as a notification: no response', { jsonrpc: '2.0', method: 'tools/call', params: { name: 'nope' } });
  await expectNothing(s, 'setLevel as a notification with a bad level: no response', { jsonrpc: '2.0', method: 'logging/setLevel', params: { level: 'loud' } });
  await expectNothing(s, 'unknown method as a notification: no response', { jsonrpc: '2.0', method: 'nope/nothing' });
  await expectNothing(s, 'modern notification: no response', { jsonrpc: '2.0', method: 'notifications/whatever', params: { _meta: META } });
  for (const [what, line] of [['a number', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":5}'],
                              ['a string', '{"jsonrpc":"2.0","method":"notifications/whatever","params":"x"}']]) {
    const got = await s.exchange(line);
    check(`notification with params ${what}: no response`, got.length === 0, () => `sent: ${line}\ngot:\n${show(got)}`);
  }

  // ---- lines that are not messages --------------------------------------------------------------
  await expectNothing(s, 'blank and whitespace lines are skipped', '', '   ', '\t', ' \t \r');
  await expectNothing(s, 'a client response (result, no method) is ignored', { jsonrpc: '2.0', id: 99, result: {} });
  await expectNothing(s, 'a client error response is ignored', { jsonrpc: '2.0', id: 'srv-1', error: { code: -32601, message: 'Method not found' } });

  // ---- size and depth limits -----------------------------------------------------------------------
  {
    const pad = 'x'.repeat(5 * 1000 * 1000);
    await expectError(s, 'a 5 MB line: one error response (id null)', `{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"${pad}"}}`, null, -32600, /longer than/);
    const ok = 'y'.repeat(3 * 1000 * 1000);
    const got = await s.exchange(`{"jsonrpc":"2.0","id":"large","method":"ping","params":{"pad":"${ok}"}}`);
    check('a 3 MB request under the limit is answered', got.length === 1 && got[0].msg?.id === 'large' && 'result' in got[0].msg, () => show(got));
    const unterminated = await s.exchange(`{"jsonrpc":"2.0","id":"big2","method":"ping","params":{"pad":"${pad}`);
    check('a 5 MB unterminated string: one error', unterminated.length === 1 && isError(unterminated[0], null, -32600), () => show(unterminated));
  }
  await expectError(s, 'JSON nested 10,000 deep: an error, id null', '['.repeat(10000) + ']'.repeat(10000), null, -32700);
  await expectError(s, 'a request with params nested 10,000 deep: an error', `{"jsonrpc":"2.0","id":"deep","method":"ping","params":{"a":${'['.repeat(10000)}${']'.repeat(10000)}}}`, null, -32700);
  await expectError(s, 'objects nested 10,000 deep: an error', '{"a":'.repeat(10000) + '1' + '}'.repeat(10000), null, -32700);
  await expectResult(s, 'still answering after the limits', req(60, 'ping'), () => true);

  // ---- the modern era (stateless, per-request _meta) ---------------------------------------------
  const serverInfo = (r) => r.resultType === 'complete' && r._meta?.['io.modelcontextprotocol/serverInfo']?.name === 'cortex';
  await expectResult(s, 'modern server/discover: versions, capabilities, serverInfo', modern(70, 'server/discover'), (r) =>
    serverInfo(r) && r.supportedVersions.includes(MODERN) && r.capabilities?.tools && r.serverInfo?.name === 'cortex');
  const list1 = await expectResult(s, 'modern tools/list: resultType, serverInfo, ttlMs, cacheScope', modern(71, 'tools/list'), (r) =>
    serverInfo(r) && Number.isInteger(r.ttlMs) && r.ttlMs >= 0 && ['public', 'private'].includes(r.cacheScope) && r.tools.length > 0);
  const list2 = await expectResult(s, 'modern tools/list again', modern(72, 'tools/list'), () => true);
  check('tools/list order is deterministic', JSON.stringify(list1?.tools) === JSON.stringify(list2?.tools));
  if (list1) {
    const names = list1.tools.map((t) => t.name);
    check('tool names are unique and well-formed', new Set(names).size === names.length && names.every((n) => /^[A-Za-z0-9_.-]{1,128}$/.test(n)), names.join(' '));
    check('every tool has an object inputSchema and annotations', list1.tools.every((t) => t.inputSchema?.type === 'object' && t.annotations && t.annotations.openWorldHint === false));
  }
  for (const [id, method] of [[73, 'prompts/list'], [74, 'resources/list'], [75, 'resources/templates/list']])
    await expectResult(s, `modern ${method}: ttlMs and cacheScope`, modern(id, method), (r) =>
      serverInfo(r) && Number.isInteger(r.ttlMs) && ['public', 'private'].includes(r.cacheScope));
  await expectResult(s, 'modern resources/read: ttlMs and cacheScope', modern(76, 'resources/read', { uri: 'cortex://file/src/app.py' }), (r) =>
    serverInfo(r) && Number.isInteger(r.ttlMs) && r.contents?.[0]?.uri === 'cortex://file/src/app.py');
  await expectResult(s, 'modern tools/call: resultType complete, serverInfo', modern(77, 'tools/call', { name: 'explore', arguments: {} }), (r) =>
    serverInfo(r) && r.isError === false && r.structuredContent);
  await expectResult(s, 'modern tool validation failure: isError result, resultType complete', modern(78, 'tools/call', { name: 'search', arguments: { query: 1 } }), (r) =>
    serverInfo(r) && r.isError === true);
  await expectResult(s, 'modern prompts/get: resultType complete', modern(79, 'prompts/get', { name: 'find-symbol', arguments: { name: 'Ledger' } }), (r) =>
    serverInfo(r) && r.messages?.length === 1);
  await expectError(s, 'modern resources/read of a missing resource: -32602', modern(80, 'resources/read', { uri: 'cortex://file/no/such.py' }), 80, -32602, /^Resource not found/);
  {
    const e = await expectError(s, 'modern unsupported version: -32022', req(81, 'tools/list', { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1999-01-01' } }), 81, -32022, 'Unsupported protocol version');
    const d = e?.msg?.error?.data;
    check('-32022 data: supported lists the versions, requested echoes', Array.isArray(d?.supported) && d.supported.includes(MODERN) &&
      d.supported.includes('2025-11-25') && d.requested === '1999-01-01', JSON.stringify(d));
  }
  await expectError(s, 'modern unsupported version on tools/call: -32022', req(82, 'tools/call', { name: 'explore', _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } }), 82, -32022);
  await expectError(s, 'modern unknown tool: -32602', modern(83, 'tools/call', { name: 'nope' }), 83, -32602);
  await expectResult(s, 'a legacy request after modern ones carries no resultType', req(84, 'tools/list'), (r) => !('resultType' in r) && !('ttlMs' in r));

  // ---- cancellation ------------------------------------------------------------------------------
  const generation = async (id) => {
    const got = await request(s, call(id, 'explore', {}));
    return got[0]?.msg?.result?.structuredContent?.index?.generation;
  };
  const gen0 = await generation(90);

  // (a) queued: a request waiting behind one whose answer cannot be written yet.
  {
    s.fill();
    await s.sendLines(call('slow-1', 'explore', {}), call('cancel-queued', 'search', { query: 'Ledger' }),
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-queued', reason: 'test' } },
      req('after-queued', 'ping'));
    const how = await waitQuiescentBlocked(s.child.pid);
    const r = await s.until('after-queued');
    const ids = r.got.map((l) => l.msg?.id);
    check(`cancel a queued request: never answered, the next ping is (${how})`, !r.timeout && r.got.length === 1 &&
      ids[0] === 'slow-1' && r.last?.msg?.result && !ids.includes('cancel-queued'), () => `got:\n${show(r.got)}${r.timeout ? '\n(timeout)' : ''}`);
  }
  // (b) running: flush_index goes out alone and blocks on its first progress
  // notification (written after its first file, while it runs); only then is
  // the cancel sent. Sent together, the reader would mark the flush cancelled
  // before the main thread picked it up: case (a) again, not a running request.
  {
    s.fill();
    await s.sendLines(call('cancel-running', 'flush_index', {}, { _meta: { progressToken: 'flush-tok' } }));
    const how1 = await waitQuiescentBlocked(s.child.pid);
    await s.sendLines({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-running' } },
      req('after-running', 'ping'));
    const how2 = await waitQuiescentBlocked(s.child.pid);
    const how = how1 === how2 ? how1 : `${how1}, ${how2}`;
    const r = await s.until('after-running');
    const stray = r.got.filter((l) => !(l.msg?.method === 'notifications/progress' && l.msg.params?.progressToken === 'flush-tok'));
    check(`cancel a running flush_index: never answered, the next ping is (${how})`, !r.timeout && stray.length === 0,
      () => `got:\n${show(r.got)}${r.timeout ? '\n(timeout)' : ''}`);
    // The flush was blocked writing this notification when the cancel came: it was running.
    check('the cancelled flush was running: its progress got out before it stopped', r.got.length >= 1, () => show(r.got));
    const progress = r.got.map((l) => l.msg?.params?.progress);
    check('progress increases', progress.every((p, i) => i === 0 || p > progress[i - 1]), progress.join(','));
    const gen1 = await generation(91);
    check('a cancelled flush commits nothing (generation unchanged)', Number.isInteger(gen0) && gen1 === gen0, `before ${gen0}, after ${gen1}`);
  }
  // (c) as a client would do it: no back-pressure. The flush may finish before the
  // cancel is read (a race the specification allows), so only the ping is checked.
  {
    await s.sendLines(call('cancel-race', 'flush_index', {}), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'cancel-race' } },
      req('after-race', 'ping'));
    const r = await s.until('after-race');
    check('flush then cancel then ping: the ping is answered, nothing else but the flush', !r.timeout && r.got.every((l) => l.msg?.id === 'cancel-race'), () => show(r.got));
    console.log(`# (c) the raced flush was ${r.got.length ? 'answered (finished before the cancel was read)' : 'not answered'}`);
  }
  await expectResult(s, 'a flush after the cancelled ones completes', call(92, 'flush_index', {}), (r) => r.isError === false && r.structuredContent.files > 0);
  // The whole progress sequence, read off the wire: every notification comes
  // before the response, and the last says the run is whole (SDK clients may
  // drop that one; see flush_index in common.mjs).
  {
    const got = await request(s, call(93, 'flush_index', {}, { _meta: { progressToken: 'whole-tok' } }));
    const notes = got.slice(0, -1).map((l) => l.msg?.params);
    const last = got[got.length - 1]?.msg;
    check('flush_index with a progress token: notifications, then the response, the last notification is the whole',
      last?.id === 93 && last.result?.isError === false && notes.length >= 1 &&
      notes.every((p) => p?.progressToken === 'whole-tok' && p.total === last.result.structuredContent.files) &&
      notes[notes.length - 1].progress === notes[notes.length - 1].total, () => show(got));
  }

  // ---- the end --------------------------------------------------------------------------------------
  await expectResult(s, 'ping still answers after everything', req('last', 'ping'), (r) => Object.keys(r).length === 0);
  const exit = await s.close();
  check('closing stdin: exit 0', exit && exit.code === 0, () => `exit ${JSON.stringify(exit)}; stderr: ${clip(s.stderr, 2000)}`);
  check('nothing written after the last answer', s.lines.length === 0 && s.pending.length === 0, () => show(s.lines));
  check('stdout carried only JSON-RPC messages', s.garbage.length === 0, () => s.garbage.join('\n'));

  // ---- a second process: initialize negotiation, modern without a handshake -------------------------
  const t = new Server(['--root', ROOT]);
  await expectResult(t, 'modern tools/call with no handshake', modern(1, 'tools/call', { name: 'get_callers', arguments: { name: 'point_add' } }), (r) =>
    r.resultType === 'complete' && r.isError === false);
  await expectResult(t, 'initialize with an unknown version: the latest legacy one', req(2, 'initialize', {
    protocolVersion: '1999-01-01', capabilities: {}, clientInfo: { name: 'c', version: '1' } }), (r) => r.protocolVersion === '2025-11-25');
  await expectResult(t, 'initialize with the oldest legacy version echoes it', req(3, 'initialize', {
    protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'c', version: '1' } }), (r) => r.protocolVersion === '2024-11-05');
  // A request still open when stdin closes is answered before the exit.
  await t.sendLines(call('at-eof', 'explore', {}));
  const texit = await t.close();
  check('a request sent just before EOF is answered', t.lines.length === 1 && t.lines[0].msg?.id === 'at-eof', () => show(t.lines));
  check('second process: exit 0', texit && texit.code === 0, () => JSON.stringify(texit));
  check('second process: stdout carried only JSON-RPC messages', t.garbage.length === 0, () => t.garbage.join('\n'));
}

try {
  await main();
} catch (e) {
  fail(`harness: ${e.message}`);
}
console.log(`# conformance: ${passed} passed, ${failed} failed, ${todo} known deviations`);
process.exit(failed ? 1 : 0);
