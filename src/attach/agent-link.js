// The tool's end of the injected agent's channel: a Unix socket the agent connects to (JSON
// lines both ways, as with `run`). Closing it is how the tool detaches: the agent notices, stops
// everything and closes the inspector; it notices the same way when the tool is killed.

import net from 'node:net';
import { AgentMessages } from '../launch/agent-messages.js';

export class AgentLink {
  /** @param {string} socketPath */
  constructor(socketPath) {
    this.socketPath = socketPath;
    /** @type {net.Socket | null} */
    this.agent = null;
    /** @type {{code: null, signal: null, at: number} | null} set when the agent's connection ends */
    this.exitInfo = null;
    /** @type {(value: unknown) => void} */
    let ended = () => {};
    /** resolves when the agent's connection ends (it detached, or the app exited) */
    this.exited = new Promise((resolve) => { ended = resolve; });
    this.ended = ended;
    this.inbox = new AgentMessages(() => this.exited);
    this.server = net.createServer((socket) => this.accept(socket));
  }

  /** @returns {Promise<void>} */
  listen() {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.socketPath, () => resolve());
    });
  }

  /** @param {net.Socket} socket the first connection only */
  accept(socket) {
    if (this.agent) {
      socket.destroy();
      return;
    }
    this.agent = socket;
    this.server.close();
    socket.once('close', () => {
      this.exitInfo ??= { code: null, signal: null, at: Date.now() };
      this.ended(this.exitInfo);
    });
    this.inbox.read(socket);
  }

  get messages() {
    return this.inbox.list;
  }

  /** @type {AgentMessages['waitFor']} */
  waitFor(test, timeoutMs, abort) {
    return this.inbox.waitFor(test, timeoutMs, abort);
  }

  /** @param {object} command */
  send(command) {
    if (this.agent?.writable) this.agent.write(JSON.stringify(command) + '\n');
  }

  /** Detaches: the agent sees its channel close and cleans up inside the app. */
  close() {
    this.server.close();
    this.agent?.destroy();
  }
}
