// Inside the profiler runner: 0x and clinic spawn the app with their own extra descriptors, so
// the agent cannot inherit our fd-3 channel. The runner listens on a Unix socket, the agent
// connects to it, and JSON lines are relayed both ways between that socket and the tool's fd 3.
// The runner adds messages of its own (app-exit, profiler-done) on the same line stream.

import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import wire from '../agent/wire.cjs';
import { FirstConnection } from '../launch/first-connection.js';

// sun_path holds 108 bytes on Linux, 104 on macOS.
const MAX_SOCKET_PATH = 100;

/**
 * A socket path in `dir` when short enough, else an abstract socket (Linux) or a path in the
 * system temp folder (removed when the server closes).
 * @param {string} dir
 */
export function socketPath(dir) {
  const inDir = path.join(dir, 'agent.sock');
  if (Buffer.byteLength(inDir) <= MAX_SOCKET_PATH) return inDir;
  const name = `eventloop-probe-${process.pid}-${crypto.randomBytes(6).toString('hex')}.sock`;
  return process.platform === 'linux' ? `\0${name}` : path.join(os.tmpdir(), name);
}

export class Relay {
  /**
   * @param {{toolFd: number, socketPath: string, onToolGone: () => void}} options
   */
  constructor(options) {
    this.socketPath = options.socketPath;
    /** @type {net.Socket | null} */
    this.agent = null;
    /** @type {string[]} lines from the tool waiting for the agent to connect */
    this.pending = [];
    this.tool = new net.Socket({ fd: options.toolFd, readable: true, writable: true });
    this.tool.on('error', () => {});
    this.tool.once('close', options.onToolGone);
    wire.onLines(this.tool, (line) => {
      if (this.agent && !this.agent.destroyed) this.agent.write(`${line}\n`);
      else this.pending.push(line);
    });
    this.link = new FirstConnection(this.socketPath, (socket) => this.accept(socket));
  }

  /** @returns {Promise<void>} */
  listen() {
    return this.link.listen();
  }

  /** The app's agent connected: the first connection only (no other process runs an agent). @param {net.Socket} socket */
  accept(socket) {
    this.agent = socket;
    wire.onLines(socket, (line) => this.send(line));
    for (const line of this.pending.splice(0)) socket.write(`${line}\n`);
  }

  /** @param {string | object} message a JSON line or an object */
  send(message) {
    const line = typeof message === 'string' ? message : JSON.stringify(message);
    if (this.tool.writable) this.tool.write(`${line}\n`);
  }

  /** Cuts the agent off (it then ends its app, as when the tool dies). */
  dropAgent() {
    this.link.close();
  }

  /** @returns {Promise<void>} */
  close() {
    this.link.close();
    return new Promise((resolve) => this.tool.end(resolve));
  }
}

