// The 1.x client (@modelcontextprotocol/sdk): the legacy initialize
// handshake and a session. Runs the shared checks, then what is particular
// to the era (ping, logging/setLevel).
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

import { INSTRUCTIONS, environment, harness, serverInfo, sharedChecks } from './common.mjs';

const { cortex, fixture } = environment();
const h = harness('legacy');

const transport = new StdioClientTransport({ command: cortex, args: ['mcp', '--root', fixture], stderr: 'inherit' });
const client = new Client({ name: 'cortex-e2e-legacy', version: '1.0.0' });
const logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
await client.connect(transport, { timeout: 60000 });

await h.check('initialize: server info, capabilities with logging, instructions', async () => {
  assert.deepEqual(client.getServerVersion(), serverInfo(cortex));
  assert.deepEqual(client.getServerCapabilities(), {
    tools: { listChanged: false }, resources: { subscribe: false, listChanged: false }, prompts: { listChanged: false },
    logging: {},
  });
  assert.equal(client.getInstructions(), INSTRUCTIONS);
});
await h.check('ping', async () => {
  assert.deepEqual(await client.ping(), {});
});
await h.check('logging/setLevel: debug, then each tools/call is logged', async () => {
  assert.deepEqual(await client.setLoggingLevel('debug'), {});
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, [{ level: 'debug', logger: 'cortex', data: 'tools/call explore' }]);
});
await h.check('logging/setLevel: info silences debug', async () => {
  assert.deepEqual(await client.setLoggingLevel('info'), {});
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, []);
});

const ctx = {
  era: 'legacy', cortex, fixture, logs,
  callTool: (params, options) => client.callTool(params, undefined, options),
  notFoundCode: -32002, // resources/read: the legacy "resource not found" code
  logMeta: undefined,   // the session's level (info, set above) applies
};
await sharedChecks(h, client, ctx);

await client.close();
h.finish();
