// The 1.x client (@modelcontextprotocol/sdk) over Streamable HTTP against
// `cortex serve` at $MCP_URL: the initialize handshake opens a session
// (Mcp-Session-Id), the shared checks run in it, and closing ends it.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

import { INSTRUCTIONS, environment, harness, serverInfo, sharedChecks } from './common.mjs';

const { cortex, fixture } = environment();
const h = harness('http-legacy');

const transport = new StreamableHTTPClientTransport(new URL(process.env.MCP_URL));
const client = new Client({ name: 'cortex-e2e-http-legacy', version: '1.0.0' });
const logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
await client.connect(transport, { timeout: 60000 });

await h.check('initialize: a session id, server info, capabilities with logging, instructions', async () => {
  assert.match(transport.sessionId, /^[0-9a-f]{32}$/);
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
await h.check('logging/setLevel holds for the session: debug, then each tools/call is logged', async () => {
  assert.deepEqual(await client.setLoggingLevel('debug'), {});
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, [{ level: 'debug', logger: 'cortex', data: 'tools/call explore' }]);
  assert.deepEqual(await client.setLoggingLevel('info'), {});
  logs.length = 0;
  await client.callTool({ name: 'explore', arguments: {} });
  assert.deepEqual(logs, []);
});

const ctx = {
  era: 'legacy', cortex, fixture, logs,
  callTool: (params, options) => client.callTool(params, undefined, options),
  notFoundCode: -32002,
};
await sharedChecks(h, client, ctx);

await h.check('terminateSession: DELETE ends the session; its id is then unknown (404)', async () => {
  const id = transport.sessionId;
  await transport.terminateSession();
  const r = await fetch(process.env.MCP_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': id },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
  });
  assert.equal(r.status, 404);
});

await client.close();
h.finish();
