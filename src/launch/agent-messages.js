// The messages an agent sent over its channel, kept in order, and waiting for one of them: shared
// by a target the tool started (`run`) and an agent it injected (`attach`).

import wire from '../agent/wire.cjs';

/** @typedef {{type: string, [key: string]: any}} AgentMessage */

export class AgentMessages {
  /** @param {() => Promise<unknown>} ended resolves when no more messages can come (asked at each wait) */
  constructor(ended) {
    this.ended = ended;
    /** @type {AgentMessage[]} */
    this.list = [];
    /** @type {Set<(message: AgentMessage) => void>} */
    this.listeners = new Set();
  }

  /**
   * Reads JSON lines from the agent's socket.
   * @param {import('node:net').Socket} socket @param {() => boolean} [open] whether its lines still count
   */
  read(socket, open = () => true) {
    socket.on('error', () => {});
    wire.onMessages(socket, (message) => { if (open()) this.push(message); });
  }

  /** A message of the agent, however it came. @param {AgentMessage} message */
  push(message) {
    this.list.push(message);
    for (const listener of this.listeners) listener(message);
  }

  /**
   * The first message matching `test`, or null when the agent is gone, time runs out or `abort` fires.
   * @param {(message: AgentMessage) => boolean} test
   * @param {number} timeoutMs
   * @param {AbortSignal} [abort]
   * @returns {Promise<AgentMessage | null>}
   */
  waitFor(test, timeoutMs, abort) {
    const seen = this.list.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(null), timeoutMs);
      const onAbort = () => done(null);
      /** @param {AgentMessage} message */
      const listener = (message) => test(message) && done(message);
      /** @param {AgentMessage | null} value */
      const done = (value) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        abort?.removeEventListener('abort', onAbort);
        resolve(value);
      };
      this.listeners.add(listener);
      abort?.addEventListener('abort', onAbort);
      this.ended().then(() => done(null));
    });
  }
}
