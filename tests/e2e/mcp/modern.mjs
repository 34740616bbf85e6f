// The 2.x client (@modelcontextprotocol/client), pinned to the 2026-07-28
// revision: connect probes with server/discover and fails unless cortex
// offers that revision; every request then carries the per-request _meta
// envelope. Runs the shared checks, then what is particular to the era.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

import { INSTRUCTIONS, environment, harness, serverInfo, sharedChecks } from './common.mjs';

const MODERN = '2026-07-28';
const { cortex, fixture } = environment();
const h = harness('modern');

const transport = new StdioClientTransport({ command: cortex, args: ['mcp', '--root', fixture], stderr: 'inherit' });
const client = new Client({ name: 'cortex-e2e-modern', version: '1.0.0' },
  { versionNegotiation: { mode: { pin: MODERN } } });
const logs = [];
client.setNotificationHandler('notifications/message', (n) => logs.push(n.params));
await client.connect(transport, { timeout: 60000 });

await h.check('connect: pinned to 2026-07-28 through server/discover', async () => {
  assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
  const discover = client.getDiscoverResult();
  assert.deepEqual(discover.supportedVersions, [MODERN, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
  assert.equal(discover.instructions, INSTRUCTIONS);
});
await h.check('connect: server info and capabilities (no logging capability in this era)', async () => {
  assert.deepEqual(client.getServerVersion(), serverInfo(cortex));
  assert.deepEqual(client.getServerCapabilities(), {
    tools: { listChanged: false }, resources: { subscribe: false, listChanged: false }, prompts: { listChanged: false },
  });
});

const ctx = {
  era: 'modern', cortex, fixture, logs,
  callTool: (params, options) => client.callTool(params, options),
  notFoundCode: -32602, // resources/read: InvalidParams in this era
  logMeta: { 'io.modelcontextprotocol/logLevel': 'info' },
};
await sharedChecks(h, client, ctx);

await h.check('logging: a request\'s _meta logLevel asks for log messages, for that request only', async () => {
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } });
  assert.deepEqual(logs, [{ level: 'debug', logger: 'cortex', data: 'tools/call explore' }]);
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, []);
});

await client.close();
h.finish();
