// The agent's channel: a command whose handler throws (our own bug) reaches the tool as an
// 'agent-error' that names the command, never the app; the run's notes say what it cost.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { AgentMessages } from '../../src/launch/agent-messages.js';
import { agentErrorNotes } from '../../src/analyze/run-notes.js';

const require = createRequire(import.meta.url);
const { openChannel } = require('../../src/agent/channel.cjs');

test('a handler that throws on a command: the tool hears of it, the app does not', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-channel-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const socketPath = path.join(dir, 's');
  const server = net.createServer();
  server.listen(socketPath);
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  const channel = openChannel(socketPath, (/** @type {{cmd: string}} */ command) => {
    if (command.cmd === 'stop') throw new Error('boom in stop');
  }, () => {});
  const [socket] = await accepted;
  const inbox = new AgentMessages(() => new Promise(() => {}));
  inbox.read(socket);
  socket.write('not json\n');
  socket.write(`${JSON.stringify({ cmd: 'window' })}\n`);
  socket.write(`${JSON.stringify({ cmd: 'stop' })}\n`);
  const error = await inbox.waitFor((m) => m.type === 'agent-error', 5000);
  assert.deepEqual(error, { type: 'agent-error', cmd: 'stop', message: 'boom in stop' });
  assert.deepEqual(agentErrorNotes(inbox.list), ["the agent failed handling 'stop' inside the app (boom in stop): its last data (the CPU profile among it) may be missing; please report it"]);
  channel.close();
  socket.destroy();
  server.close();
});
