// Opening a running process's inspector from outside: SIGUSR1 makes Node listen on 127.0.0.1
// (9229, or the next free port); we learn which port from the OS (the socket that was not there
// before) and its WebSocket address from /json/list on it.

import { setTimeout as sleep } from 'node:timers/promises';
import { listeningSockets } from '../proc/listening.js';
import { ProbeError, UsageError, EXIT } from '../errors.js';

const POLL_MS = 50;

/**
 * @param {number} pid
 * @param {import('../proc/listening.js').ListeningSocket[]} before the process's sockets before the signal
 * @param {{timeoutMs: number, abort: AbortSignal}} options
 * @returns {Promise<{port: number, url: string}>}
 */
export async function openInspector(pid, before, options) {
  const known = new Set(before.map((s) => s.inode));
  try {
    process.kill(pid, 'SIGUSR1');
  } catch (error) {
    throw new UsageError(`cannot signal process ${pid}: ${/** @type {NodeJS.ErrnoException} */ (error).code}`, 'run eventloop-probe as the user that runs the app');
  }
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && !options.abort.aborted) {
    const fresh = listeningSockets(pid).filter((s) => !known.has(s.inode) && isLoopback(s.address));
    for (const socket of fresh) {
      const url = await webSocketUrl(socket.port);
      if (url) return { port: socket.port, url };
    }
    await sleep(POLL_MS);
  }
  if (options.abort.aborted) throw new ProbeError('interrupted while opening the app\'s inspector', EXIT.INTERRUPTED);
  for (const socket of before.filter((s) => isLoopback(s.address))) { // an inspector opened at run time
    if (await webSocketUrl(socket.port)) {
      throw new UsageError(`process ${pid} already has its inspector open on port ${socket.port}; attach will not take over a debugger session`, 'close the debugger first, or measure with eventloop-probe run');
    }
  }
  const seconds = options.timeoutMs / 1000;
  throw new UsageError(
    `process ${pid} opened no inspector port within ${seconds} s of SIGUSR1: either the app handles SIGUSR1 itself (then Node does not open its inspector), or its main thread is stuck in a synchronous call (then Node opens the inspector on 127.0.0.1:9229 when that call returns, and it stays open until the app closes it or restarts)`,
    'remove the app\'s SIGUSR1 handler, or attach with a --attach-timeout longer than the stuck call',
  );
}

/**
 * The inspector's WebSocket address on `port`, or null when that port is something else.
 * @param {number} port
 * @returns {Promise<string | null>}
 */
export async function webSocketUrl(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(1000) });
    if (!response.ok) return null;
    const list = await response.json();
    const url = Array.isArray(list) ? list.find((t) => typeof t?.webSocketDebuggerUrl === 'string')?.webSocketDebuggerUrl : null;
    return url ?? null;
  } catch {
    return null;
  }
}

/**
 * Closes an inspector we opened but could not hand to an agent: `require` is captured during the
 * evaluation (it does not exist after it), and the close waits for the next check phase.
 * @param {import('./cdp.js').Cdp} cdp
 */
export async function closeInspectorVia(cdp) {
  const expression = '(function (r) { const i = r("node:inspector"); setImmediate(() => { if (i.url()) i.close(); }); })(require)';
  try {
    await cdp.send('Runtime.evaluate', { expression, includeCommandLineAPI: true }, 2000);
  } catch {
    // the app is stuck or gone: nothing more we can do from here
  }
}

/** @param {string} address */
export function isLoopback(address) {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
}
