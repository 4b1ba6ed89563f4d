'use strict';
// A small fixed pool of worker threads that run whole jobs, first come first served. Workers are
// started on first use and unref'ed: an idle pool never keeps the process alive.

const path = require('node:path');
const os = require('node:os');
const { Worker } = require('node:worker_threads');

const WORKER_FILE = path.join(__dirname, 'hash-worker.cjs');

/**
 * @typedef {{id: number, rounds: number, budgetMs: number, flag: SharedArrayBuffer,
 *   onProgress: (n: number) => void, resolve: (rounds: number) => void, reject: (e: Error) => void}} Task
 */

class Pool {
  /** @param {number} size */
  constructor(size) {
    this.size = size;
    /** @type {{worker: Worker, task: Task | null}[]} */
    this.slots = [];
    /** @type {Task[]} */
    this.queue = [];
    this.nextId = 1;
  }

  /**
   * @param {{rounds: number, budgetMs?: number, signal?: {aborted: boolean, addEventListener?: Function},
   *   onProgress: (n: number) => void}} options
   * @returns {Promise<number>} rounds done
   */
  run(options) {
    const started = Date.now();
    const flag = new SharedArrayBuffer(4);
    const signal = options.signal;
    if (signal && signal.aborted) return Promise.resolve(0);
    if (signal && typeof signal.addEventListener === 'function') {
      signal.addEventListener('abort', () => Atomics.store(new Int32Array(flag), 0, 1), { once: true });
    }
    return new Promise((resolve, reject) => {
      const budgetMs = options.budgetMs ?? Infinity;
      this.queue.push({
        id: this.nextId++, rounds: options.rounds, flag, onProgress: options.onProgress, resolve, reject,
        get budgetMs() { return budgetMs - (Date.now() - started); },
      });
      this.dispatch();
    });
  }

  dispatch() {
    while (this.queue.length) {
      let slot = this.slots.find((s) => s.task === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = /** @type {Task} */ (this.queue.shift());
      slot.task = task;
      slot.worker.ref();
      const budgetMs = task.budgetMs;
      slot.worker.postMessage({ id: task.id, rounds: task.rounds, budgetMs: Number.isFinite(budgetMs) ? budgetMs : undefined, flag: task.flag });
    }
  }

  spawn() {
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    /** @type {{worker: Worker, task: Task | null}} */
    const slot = { worker, task: null };
    worker.on('message', (/** @type {{id: number, progress: number, rounds?: number}} */ m) => {
      const task = slot.task;
      if (!task || task.id !== m.id) return;
      if (m.progress) task.onProgress(m.progress);
      if (m.rounds === undefined) return;
      slot.task = null;
      worker.unref();
      task.resolve(m.rounds);
      this.dispatch();
    });
    worker.on('error', (error) => {
      this.slots = this.slots.filter((s) => s !== slot);
      if (slot.task) slot.task.reject(error);
      slot.task = null;
      this.dispatch();
    });
    this.slots.push(slot);
    return slot;
  }
}

const defaultSize = () => Math.max(1, Math.min(2, (os.availableParallelism ? os.availableParallelism() : os.cpus().length) - 1));

module.exports = { Pool, defaultSize };
