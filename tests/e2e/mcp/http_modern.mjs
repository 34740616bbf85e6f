// The 2.x client (@modelcontextprotocol/client) over Streamable HTTP, pinned
// to the 2026-07-28 revision, against `cortex serve` at $MCP_URL (the
// repository's /mcp/{repo} endpoint): discovery, then the shared checks
// (every tool, resource and prompt, with exact answers), statelessly.
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

import { INSTRUCTIONS, environment, harness, sharedChecks } from './common.mjs';

const MODERN = '2026-07-28';
const { cortex, fixture } = environment();
const h = harness('http-modern');

const transport = new StreamableHTTPClientTransport(new URL(process.env.MCP_URL));
const client = new Client({ name: 'cortex-e2e-http-modern', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: MODERN } } });
const logs = [];
client.setNotificationHandler('notifications/message', (n) => logs.push(n.params));
await client.connect(transport, { timeout: 60000 });

await h.check('connect: pinned to 2026-07-28 through server/discover over HTTP', async () => {
  assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
  const discover = client.getDiscoverResult();
  assert.deepEqual(discover.supportedVersions, [MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  assert.equal(discover.instructions, INSTRUCTIONS);
  assert.equal(transport.sessionId, undefined); // stateless: no session
});

const ctx = {
  era: 'modern', cortex, fixture, logs,
  callTool: (params, options) => client.callTool(params, options),
  notFoundCode: -32602,
  logMeta: { 'io.modelcontextprotocol/logLevel': 'info' },
};
await sharedChecks(h, client, ctx);

await h.check('logging: a request\'s _meta logLevel brings its log messages on the same response stream', async () => {
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } });
  assert.deepEqual(logs, [{ level: 'debug', logger: 'cortex', data: 'tools/call explore' }]);
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, []);
});

await client.close();
h.finish();
