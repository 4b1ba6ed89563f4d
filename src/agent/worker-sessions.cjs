'use strict';
// The watchdog's way into the app's worker threads: the NodeWorker domain of its session to the
// main thread's inspector. Each worker thread gets a session of its own on the same connection;
// protocol messages reach the thread by interrupt, so a thread stuck in a loop still answers.
// Enabled when the first thread needs it (Node then attaches to every worker, the ones started
// later too, without pausing them), or at once when the threads are profiled from their start.

const WORKER_TITLE = /^\[worker (\d+)\]/; // "[worker 3]", "[worker 3] name" on Node 24
const ANSWER_TIMEOUT_MS = 5000;
const ANNOUNCE_WAIT_MS = 100;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

class WorkerSessions {
  /**
   * @param {import('node:inspector').Session} session connected to the main thread
   * @param {(method: string, params?: object) => Promise<any>} post on that session
   */
  constructor(session, post) {
    this.post = post;
    /** @type {Promise<void> | null} */
    this.enabled = null;
    /** @type {Map<number, string>} thread id -> session id */
    this.byThread = new Map();
    /** @type {Map<number, {sessionId: string, resolve: (result: any) => void, reject: (error: Error) => void}>} */
    this.pending = new Map();
    this.nextId = 1;
    session.on('NodeWorker.attachedToWorker', (/** @type {any} */ message) => {
      const { sessionId, workerInfo } = message.params;
      const m = WORKER_TITLE.exec(String(workerInfo?.title ?? ''));
      if (m) this.byThread.set(Number(m[1]), sessionId);
    });
    session.on('NodeWorker.detachedFromWorker', (/** @type {any} */ message) => {
      const { sessionId } = message.params;
      for (const [threadId, id] of this.byThread) if (id === sessionId) this.byThread.delete(threadId);
      for (const [id, p] of this.pending) {
        if (p.sessionId !== sessionId) continue;
        this.pending.delete(id);
        p.reject(new Error('the thread ended'));
      }
    });
    session.on('NodeWorker.receivedMessageFromWorker', (/** @type {any} */ message) => {
      let answer;
      try {
        answer = JSON.parse(message.params.message);
      } catch {
        return;
      }
      const p = this.pending.get(answer.id);
      if (!p) return; // an event of the thread's, not an answer
      this.pending.delete(answer.id);
      if (answer.error) p.reject(new Error(answer.error.message));
      else p.resolve(answer.result);
    });
  }

  /**
   * A protocol call inside worker thread `threadId`.
   * @param {number} threadId @param {string} method @param {object} [params] @returns {Promise<any>}
   */
  async send(threadId, method, params) {
    await this.enable();
    let sessionId = this.byThread.get(threadId);
    for (let i = 0; !sessionId && i < 10; i++) {
      await sleep(ANNOUNCE_WAIT_MS / 10); // a thread that has just started is announced a moment later
      sessionId = this.byThread.get(threadId);
    }
    if (!sessionId) throw new Error(`worker thread ${threadId} is not attached`);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`worker thread ${threadId} did not answer ${method}`));
      }, ANSWER_TIMEOUT_MS);
      const done = (/** @type {() => void} */ settle) => { clearTimeout(timer); settle(); };
      this.pending.set(id, {
        sessionId,
        resolve: (result) => done(() => resolve(result)),
        reject: (error) => done(() => reject(error)),
      });
      this.post('NodeWorker.sendMessageToWorker', { sessionId, message: JSON.stringify({ id, method, params }) })
        .catch((error) => {
          this.pending.delete(id);
          done(() => reject(error));
        });
    });
  }

  /** Attaches to every worker thread, now and as they start (without pausing them). */
  enable() {
    this.enabled ??= this.post('NodeWorker.enable', { waitForDebuggerOnStart: false }).then(() => sleep(ANNOUNCE_WAIT_MS));
    return this.enabled;
  }

  async close() {
    if (this.enabled) await this.post('NodeWorker.disable');
  }
}

module.exports = { WorkerSessions };
