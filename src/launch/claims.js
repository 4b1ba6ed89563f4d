// The tool's end of `run -- <command>`: a Unix socket (abstract on Linux: nothing left behind)
// every Node.js process of the command connects to when it starts. A process that listens on a
// TCP port offers itself (a claim); `decide` answers whether it is the app: measure it, pass (wait
// for another listen) or ignore. Once one is measured, every other process is told to ignore, and
// the measured one's connection is its agent's channel (JSON lines, as with fd 3).

import fs from 'node:fs';
import net from 'node:net';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import wire from '../agent/wire.cjs';

/** How long a cluster worker's claim waits for its primary's before it is taken alone. */
const WORKER_WAIT_MS = 1000;

/**
 * @typedef {{type: 'claim', pid: number, ppid: number, clusterWorker: boolean, port: number, address: string, family: string, t: number}} Claim
 * @typedef {'measure' | 'worker' | 'pass' | 'ignore' | 'wait'} Decision measure: the app; worker: a cluster worker of
 *   it; pass: not this listen, keep watching; ignore: stop watching; wait: ask again once a process is measured
 *   (a cluster worker's claim that came before its primary's)
 * @typedef {object} ClaimHandlers
 * @property {(claim: Claim, late: boolean) => Decision} decide late: a held claim decided without its primary
 * @property {(claim: Claim) => void} onMeasured
 * @property {(message: {type: string, [key: string]: any}) => void} onMessage what the measured agent says
 * @property {() => void} onGone the measured process's connection closed (it ended)
 */

export class ClaimServer {
  constructor() {
    /** @type {ClaimHandlers} set by the Target that spawns the command */
    this.handlers = { decide: () => 'ignore', onMeasured() {}, onMessage() {}, onGone() {} };
    /** @type {string | null} */
    this.dir = process.platform === 'linux' ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'elp-'));
    this.path = this.dir ? path.join(this.dir, 'claims.sock') : `\0eventloop-probe-claims-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
    /** @type {Set<net.Socket>} connected processes not measured (yet) */
    this.waiting = new Set();
    /** @type {Map<net.Socket, {pid: number, ppid: number, clusterWorker: boolean}>} who each connection is */
    this.who = new Map();
    /** @type {{socket: net.Socket, claim: Claim} | null} */
    this.measured = null;
    /** @type {{socket: net.Socket, claim: Claim}[]} */
    this.held = [];
    /** @type {Claim[]} every claim seen */
    this.claims = [];
    this.closed = false;
    /** the process the tool started is the app and listened: no other process is a candidate */
    this.appListened = false;
    /** @type {NodeJS.Timeout | null} */
    this.heldTimer = null;
    this.server = net.createServer((socket) => this.accept(socket));
    this.ready = new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.path, () => resolve(undefined));
    });
  }

  /** @param {net.Socket} socket */
  accept(socket) {
    socket.on('error', () => {});
    if (this.closed || this.appListened) {
      write(socket, { cmd: 'ignore' });
      return;
    }
    this.waiting.add(socket);
    socket.once('close', () => {
      this.waiting.delete(socket);
      if (this.measured?.socket === socket) this.handlers.onGone();
    });
    wire.onMessages(socket, (message) => {
      const { pid, ppid, clusterWorker } = message;
      if (this.measured?.socket === socket) this.handlers.onMessage(message);
      else if (message.type === 'candidate') {
        this.who.set(socket, { pid, ppid, clusterWorker });
        // once the app is measured, only its cluster workers (which listen after it) are candidates
        if (this.measured && !this.isMeasuredWorker({ ppid, clusterWorker })) this.ignore(socket);
      } else if (message.type === 'claim' && this.waiting.has(socket)) this.onClaim(socket, /** @type {Claim} */ (/** @type {unknown} */ (message)));
    });
  }

  /** @param {net.Socket} socket @param {Claim} claim @param {boolean} [late] */
  onClaim(socket, claim, late = false) {
    if (!late) this.claims.push(claim);
    const decision = this.closed ? 'ignore' : this.handlers.decide(claim, late);
    if (decision === 'wait') {
      this.held.push({ socket, claim });
      this.heldTimer ??= setTimeout(() => this.decideHeld(true), WORKER_WAIT_MS).unref();
      return;
    }
    if (decision === 'pass') {
      write(socket, { cmd: 'pass' });
      return;
    }
    this.waiting.delete(socket);
    if (decision === 'ignore') {
      write(socket, { cmd: 'ignore' });
      return;
    }
    write(socket, { cmd: 'measure', role: decision === 'worker' ? 'cluster-worker' : 'main' });
    if (decision === 'worker') return;
    this.measured = { socket, claim };
    this.handlers.onMeasured(claim);
    this.decideHeld(false);
    this.ignoreAll();
  }

  /** The held claims, again: a cluster worker of the measured process is measured as one. @param {boolean} late */
  decideHeld(late) {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = null;
    const held = this.held;
    this.held = [];
    for (const { socket, claim } of held) {
      if (this.waiting.has(socket)) this.onClaim(socket, claim, late);
    }
  }

  /**
   * Every process still waiting stops watching: the app is measured (found by its claim or its own
   * listen). The measured process's cluster workers, which listen after it, keep watching.
   * @param {boolean} [all] also those (the run is over)
   */
  ignoreAll(all = false) {
    for (const socket of this.waiting) {
      const who = this.who.get(socket);
      // not introduced yet: decided when it is (see accept)
      if (!all && (!who || this.isMeasuredWorker(who))) continue;
      this.ignore(socket);
    }
    for (const { socket } of this.held) write(socket, { cmd: 'ignore' });
    this.held = [];
  }

  /** @param {{clusterWorker: boolean, ppid: number}} who */
  isMeasuredWorker(who) {
    return Boolean(who.clusterWorker && this.measured && who.ppid === this.measured.claim.pid);
  }

  /** @param {net.Socket} socket */
  ignore(socket) {
    write(socket, { cmd: 'ignore' });
    this.waiting.delete(socket);
  }

  /** The process the tool started listened itself: the others stop watching, now and from their start. */
  startedAppListened() {
    this.appListened = true;
    this.ignoreAll(true);
  }

  /** @param {object} command to the measured agent */
  send(command) {
    if (this.measured) write(this.measured.socket, command);
  }

  close() {
    this.closed = true;
    if (this.heldTimer) clearTimeout(this.heldTimer);
    const open = [...this.waiting];
    this.ignoreAll(true);
    for (const socket of open) socket.end(); // after 'ignore': a candidate that reads it ends nothing
    this.measured?.socket.destroy();
    this.server.close();
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/** @param {net.Socket} socket @param {object} command */
function write(socket, command) {
  if (socket.writable) socket.write(wire.encode(command));
}
