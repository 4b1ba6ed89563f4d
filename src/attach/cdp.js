// A minimal DevTools-protocol client: one WebSocket to a Node.js inspector, commands with an id
// and a time limit each (a command can wait on the app's main thread for as long as it is stuck in
// native code: we never wait without a limit).

import WebSocket from 'ws';
import { ProbeError, EXIT } from '../errors.js';

export class CdpTimeout extends ProbeError {
  /** @param {string} method @param {number} ms */
  constructor(method, ms) {
    super(`${method} got no answer within ${ms} ms`, EXIT.TARGET);
    this.name = 'CdpTimeout';
  }
}

export class Cdp {
  /** @param {WebSocket} socket */
  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    /** @type {Map<number, {resolve: (value: any) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    /** @type {Set<(event: {method: string, params: any}) => void>} */
    this.eventListeners = new Set();
    socket.on('message', (data) => this.onMessage(String(data)));
    socket.on('close', () => this.failAll(new Error('the inspector closed the connection')));
    socket.on('error', () => {});
  }

  /**
   * @param {string} url ws://127.0.0.1:<port>/<id>
   * @param {number} timeoutMs
   * @returns {Promise<Cdp>}
   */
  static connect(url, timeoutMs) {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { handshakeTimeout: timeoutMs, perMessageDeflate: false });
      socket.once('open', () => resolve(new Cdp(socket)));
      socket.once('error', (error) => reject(new ProbeError(`cannot connect to the app's inspector: ${error.message}`, EXIT.TARGET)));
    });
  }

  /**
   * @param {string} method @param {object} params @param {number} timeoutMs
   * @returns {Promise<any>} the command's result
   */
  send(method, params, timeoutMs) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CdpTimeout(method, timeoutMs));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (value) => { clearTimeout(timer); resolve(value); },
        reject: (error) => { clearTimeout(timer); reject(error); },
      });
      this.socket.send(JSON.stringify({ id, method, params }), (error) => error && this.pending.get(id)?.reject(error));
    });
  }

  /** @param {string} text */
  onMessage(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message.method === 'string') {
      for (const listener of this.eventListeners) listener(message);
      return;
    }
    const waiter = typeof message.id === 'number' ? this.pending.get(message.id) : undefined;
    if (!waiter) return;
    this.pending.delete(message.id);
    if (message.error) waiter.reject(new Error(message.error.message || 'inspector error'));
    else waiter.resolve(message.result);
  }

  /** @param {(event: {method: string, params: any}) => void} listener @returns {() => void} unsubscribe */
  onEvent(listener) {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** @param {Error} error */
  failAll(error) {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }

  /** @returns {Promise<void>} */
  close() {
    if (this.socket.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.socket.terminate(); resolve(); }, 1000);
      this.socket.once('close', () => { clearTimeout(timer); resolve(); });
      this.socket.close();
    });
  }
}
