// The cluster workers' channels: a Unix socket the tool listens on (on Linux an abstract one: no
// file to leave behind even if the tool is killed; elsewhere in a folder of its own under the
// system's temp folder), which every cluster worker's agent connects to. Each worker gets the commands the main process gets; one that starts late (a replacement
// forked mid-run) first gets the commands it missed, so its window begins with the others'.

import fs from 'node:fs';
import net from 'node:net';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { AgentMessages } from './agent-messages.js';
import wire from '../agent/wire.cjs';

// commands a late worker still needs, in order
const CATCH_UP = ['start', 'window', 'window-end'];

export class LoopSockets {
  /** Listening once `ready` resolves. */
  constructor() {
    /** @type {string | null} */
    this.dir = process.platform === 'linux' ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'elp-'));
    this.path = this.dir ? path.join(this.dir, 'loops.sock') : `\0eventloop-probe-loops-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
    /** @type {{socket: net.Socket, inbox: AgentMessages, gone: Promise<void>}[]} */
    this.peers = [];
    /** @type {object[]} */
    this.sent = [];
    this.server = net.createServer((socket) => this.accept(socket));
    this.ready = new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.path, () => resolve(undefined));
    });
  }

  /** @param {net.Socket} socket */
  accept(socket) {
    const gone = new Promise((resolve) => socket.once('close', () => resolve(undefined)));
    const inbox = new AgentMessages(() => gone);
    inbox.read(socket);
    this.peers.push({ socket, inbox, gone });
    for (const command of this.sent) write(socket, command);
  }

  /** @param {{cmd: string}} command */
  send(command) {
    if (CATCH_UP.includes(command.cmd)) this.sent.push(command);
    for (const peer of this.peers) write(peer.socket, command);
  }

  /**
   * Tells every worker to stop and waits until each wrote its data (or is gone, or `timeoutMs`).
   * @param {number} timeoutMs
   */
  async stop(timeoutMs) {
    this.send({ cmd: 'stop' });
    await Promise.all(this.peers.map((peer) => peer.inbox.waitFor((m) => m.type === 'stopped', timeoutMs)));
  }

  close() {
    for (const peer of this.peers) peer.socket.destroy();
    this.server.close();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** @param {net.Socket} socket @param {object} command */
function write(socket, command) {
  if (socket.writable) socket.write(wire.encode(command));
}
