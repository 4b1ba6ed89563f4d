// What `attach` brings to the one path to its report folder (shared/finish-run.js): the same
// report.json, tables, budgets and exit codes as `run`, with what attaching adds (target.attached,
// the uptime at attach, the ports before and after) and its own failures: the process exited
// during the attach, or its inspector stayed open after the detach.

import { runSettings } from '../shared/finish-run.js';

/** @typedef {import('../../proc/listening.js').ListeningSocket} ListeningSocket */

/**
 * @param {{opts: import('./attach.js').AttachOptions,
 *   info: import('../../proc/process-info.js').ProcessInfo,
 *   found: ReturnType<typeof import('../../attach/find-server.js').serverBelow>,
 *   injected: {pid: number, nodeVersion: string, uptimeS: number, inspectorPort: number, threads: {attached: number, missed: number} | null},
 *   where: ReturnType<typeof import('../../attach/origin.js').chooseOrigin>,
 *   measured: Awaited<ReturnType<typeof import('../shared/measure-window.js').measureWindow>>,
 *   flushed: boolean, attachedAt: number, dataDir: string, outDir: string,
 *   before: ListeningSocket[], after: ListeningSocket[], alive: boolean, inspectorClosed: boolean,
 *   messages: import('../../launch/agent-messages.js').AgentMessage[]}} run messages: what the agent sent over its channel
 * @returns {import('../shared/finish-run.js').Seen}
 */
export function seenByAttach(run) {
  const { opts, measured, where } = run;
  const pid = run.injected.pid;
  const exited = run.alive ? null : `process ${pid} exited during the attach`;
  const inspectorOpen = run.alive && !run.inspectorClosed ? `the app's inspector port ${run.injected.inspectorPort} was still open 3 s after detaching` : null;
  return {
    dataDir: run.dataDir, outDir: run.outDir, pid, mode: where.load ? 'load' : 'observe', spawnedAt: run.attachedAt,
    window: measured, flushed: run.flushed, messages: run.messages,
    settings: runSettings(opts, { routes: where.routes, probe: where.probePath, load: where.load, scenario: null }),
    opts, baseline: null, files: {},
    words: { killed: 'interrupted twice: detached, report written without waiting for the probes', stopped: 'interrupted: detached, report written' },
    ending: (_agent, others) => {
      const threads = run.injected.threads;
      return {
        target: {
          script: run.info.argv.join(' '), args: [], nodeVersion: run.injected.nodeVersion, pid,
          exitCode: null, signal: null, port: where.port, listenAfterMs: null,
          attached: true, uptimeAtAttachS: Math.round(run.injected.uptimeS * 10) / 10,
          portsBefore: ports(run.before), portsAfter: run.alive ? ports(run.after) : null,
          launcher: run.found.launcher, commandLine: run.found.commandLine,
        },
        failed: exited ?? (run.inspectorClosed ? null : `the app's inspector port ${run.injected.inspectorPort} is still open after detaching`),
        notes: {
          first: [],
          last: [
            ...(exited ? [exited] : []), ...(inspectorOpen ? [inspectorOpen] : []),
            ...(threads ? [`--threads: ${others.length} worker thread(s) measured, those running at attach time (threads started later are not)${threads.missed ? `; ${threads.missed} did not answer (busy without a break since before the attach?)` : ''}`] : []),
          ],
        },
      };
    },
  };
}

/** @param {ListeningSocket[]} sockets */
function ports(sockets) {
  return sockets.map((s) => `${s.family === 'IPv6' ? `[${s.address}]` : s.address}:${s.port}`);
}
