// `attach --threads`: the app's worker threads that exist at attach time each get a thread agent,
// through the NodeWorker domain of the same inspector connection (one session per worker). Our
// own watchdog worker is left alone; workers started later are not measured.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const AGENT_DIR = fileURLToPath(new URL('../agent/', import.meta.url));
const THREAD_AGENT_PATH = path.join(AGENT_DIR, 'attach-thread.cjs');
const LIST_WAIT_MS = 300;

/**
 * @param {import('./cdp.js').Cdp} cdp
 * @param {object} config the thread agents' configuration
 * @param {number} timeoutMs for all the threads together
 * @returns {Promise<{attached: number, missed: number}>}
 */
export async function injectThreads(cdp, config, timeoutMs) {
  /** @type {string[]} */
  const sessions = [];
  /** @type {Map<string, (message: any) => void>} */
  const answers = new Map();
  const off = cdp.onEvent((event) => {
    if (event.method === 'NodeWorker.attachedToWorker' && !String(event.params.workerInfo?.url ?? '').includes(AGENT_DIR)) {
      sessions.push(event.params.sessionId);
    } else if (event.method === 'NodeWorker.receivedMessageFromWorker') {
      try {
        answers.get(event.params.sessionId)?.(JSON.parse(event.params.message));
      } catch { /* not an answer of ours */ }
    }
  });
  try {
    await cdp.send('NodeWorker.enable', { waitForDebuggerOnStart: false }, timeoutMs);
    await sleep(LIST_WAIT_MS); // the existing workers are announced right after the enable
    const expression = `(function (r) { return r(${JSON.stringify(THREAD_AGENT_PATH)}).attachThread(${JSON.stringify(config)}); })(require)`;
    const deadline = Date.now() + timeoutMs;
    const results = await Promise.all(sessions.map((sessionId) => new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      answers.set(sessionId, (message) => {
        if (message.id !== 1) return;
        clearTimeout(timer);
        resolve(Boolean(message.result?.result?.value?.ok));
      });
      const message = JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression, includeCommandLineAPI: true, returnByValue: true, silent: true } });
      cdp.send('NodeWorker.sendMessageToWorker', { sessionId, message }, timeoutMs).catch(() => resolve(false));
    })));
    await cdp.send('NodeWorker.disable', {}, timeoutMs).catch(() => {});
    const attached = results.filter(Boolean).length;
    return { attached, missed: results.length - attached };
  } finally {
    off();
  }
}
