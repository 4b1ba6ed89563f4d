// The tool's end of the injected agent's channel: a Unix socket the agent connects to (JSON
// lines both ways, as with `run`). Closing it is how the tool detaches: the agent notices, stops
// everything and closes the inspector; it notices the same way when the tool is killed.

import { AgentMessages } from '../launch/agent-messages.js';
import { FirstConnection } from '../launch/first-connection.js';
import wire from '../agent/wire.cjs';

/** @typedef {import('node:net').Socket} Socket */

export class AgentLink {
  /** @param {string} socketPath */
  constructor(socketPath) {
    this.socketPath = socketPath;
    /** @type {Socket | null} */
    this.agent = null;
    /** @type {{code: null, signal: null, at: number} | null} set when the agent's connection ends */
    this.exitInfo = null;
    /** @type {(value: unknown) => void} */
    let ended = () => {};
    /** resolves when the agent's connection ends (it detached, or the app exited) */
    this.exited = new Promise((resolve) => { ended = resolve; });
    this.ended = ended;
    this.inbox = new AgentMessages(() => this.exited);
    this.link = new FirstConnection(socketPath, (socket) => this.accept(socket));
  }

  /** @returns {Promise<void>} */
  listen() {
    return this.link.listen();
  }

  /** @param {Socket} socket */
  accept(socket) {
    this.agent = socket;
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
    if (this.agent?.writable) this.agent.write(wire.encode(command));
  }

  /** Detaches: the agent sees its channel close and cleans up inside the app. */
  close() {
    this.link.close();
  }
}
