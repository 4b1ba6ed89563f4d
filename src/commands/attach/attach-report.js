// The report of an attach: the same report.json, tables, budgets and exit codes as `run`, with
// what attaching adds (target.attached, the uptime at attach, the ports before and after).

import { EXIT } from '../../errors.js';
import { TOOL } from '../../tool.js';
import { readAgentData } from '../../analyze/agent-data.js';
import { buildReport } from '../../analyze/build-report.js';
import { readProfiles } from '../../analyze/profiles.js';
import { mergeContinuous } from '../../analyze/merge-profiles.js';
import { connectionNotes, agentErrorNotes } from '../../analyze/run-notes.js';
import { keepProfile, otherLoops, loopArtifacts } from '../shared/loop-profiles.js';
import { gateMessage } from '../shared/gates.js';
import { artifactsFor, writeReportFolder } from '../../report/write-folder.js';
import { FORMATS } from '../../options.js';

/** @typedef {import('../../proc/listening.js').ListeningSocket} ListeningSocket */

/**
 * @param {{opts: import('./attach.js').AttachOptions, io: import('../run/run.js').RunIO,
 *   info: import('../../proc/process-info.js').ProcessInfo,
 *   found: ReturnType<typeof import('../../attach/find-server.js').serverBelow>,
 *   injected: {pid: number, nodeVersion: string, uptimeS: number, inspectorPort: number, threads: {attached: number, missed: number} | null},
 *   where: ReturnType<typeof import('../../attach/origin.js').chooseOrigin>,
 *   measured: Awaited<ReturnType<typeof import('../shared/measure-window.js').measureWindow>>,
 *   flushed: boolean, attachedAt: number, dataDir: string, outDir: string,
 *   before: ListeningSocket[], after: ListeningSocket[], alive: boolean, inspectorClosed: boolean, windowMs: number,
 *   messages: import('../../launch/agent-messages.js').AgentMessage[]}} run messages: what the agent sent over its channel
 */
export function buildAttachReport(run) {
  const { opts, io, measured, where } = run;
  const pid = run.injected.pid;
  const agents = readAgentData(run.dataDir);
  const agent = agents.find((d) => d.pid === pid && d.threadId === null) ?? null;
  const profiles = mergeContinuous(readProfiles(run.dataDir, pid), measured.measureStart, measured.measureEnd);
  const kept = keepProfile(profiles, run.outDir);
  const loops = otherLoops(agents.filter((d) => d !== agent), run.dataDir, run.outDir, { from: measured.measureStart, to: measured.measureEnd });
  const formats = opts.format ?? FORMATS;
  const notes = connectionNotes([{ name: 'load', stats: measured.load?.stats ?? null }, { name: 'probe', stats: measured.probe?.stats ?? null }]);
  notes.push(...agentErrorNotes(run.messages));
  if (!run.alive) notes.push(`process ${pid} exited during the attach`);
  if (run.alive && !run.inspectorClosed) notes.push(`the app's inspector port ${run.injected.inspectorPort} was still open 3 s after detaching`);
  const threads = run.injected.threads;
  if (threads) {
    notes.push(`--threads: ${loops.length} worker thread(s) measured, those running at attach time (threads started later are not)${threads.missed ? `; ${threads.missed} did not answer (busy without a break since before the attach?)` : ''}`);
  }
  const mode = where.load ? 'load' : 'observe';
  const report = buildReport({
    tool: TOOL,
    target: {
      script: run.info.argv.join(' '), args: [], nodeVersion: run.injected.nodeVersion, pid,
      exitCode: null, signal: null, port: where.port, listenAfterMs: null,
      attached: true, uptimeAtAttachS: Math.round(run.injected.uptimeS * 10) / 10,
      portsBefore: ports(run.before), portsAfter: run.alive ? ports(run.after) : null,
      launcher: run.found.launcher, commandLine: run.found.commandLine,
    },
    mode,
    spawnedAt: run.attachedAt,
    measureStart: measured.measureStart,
    measureEnd: measured.measureEnd,
    warmup: null,
    stillRunningAtEnd: measured.stillRunningAtEnd,
    flushed: run.flushed,
    settings: {
      routes: where.routes, probe: where.probePath, probeIntervalMs: opts.probeInterval, probeTimeoutMs: opts.probeTimeout,
      connections: opts.connections, rate: opts.rate ?? null, method: opts.method, durationS: opts.duration,
      load: where.load, thresholdMs: opts.threshold, resolutionMs: opts.resolution, scenario: null,
    },
    thresholdMs: opts.threshold,
    windowMs: run.windowMs,
    probe: measured.probe?.stats ?? null,
    load: measured.load?.stats ?? null,
    agent,
    profiles,
    loops,
    ...(opts.threads ? {} : { threads: null }),
    stacks: { mode: 'running', profile: opts.profile },
    cwd: io.cwd,
    notes,
    artifacts: {
      json: 'report.json', ...kept,
      ...loopArtifacts(loops),
      ...artifactsFor(formats.filter((f) => f !== 'json'), { profile: kept.profile ? { file: kept.profile } : null }),
    },
    failOn: opts.failOn,
  });
  const finished = writeReportFolder(run.outDir, report, {
    formats, env: io.env, stepSummary: true, profile: profiles.find((p) => p.kind === 'continuous')?.profile ?? null,
  });
  for (const note of finished.notes) io.stderr.write(`eventloop-probe: ${note}\n`);
  const outDir = run.outDir;
  if (io.kill.aborted) return { exitCode: EXIT.INTERRUPTED, message: 'interrupted twice: detached, report written without waiting for the probes', report, outDir };
  if (io.stop.aborted) {
    return { exitCode: io.stop.reason === 'SIGTERM' ? EXIT.TERMINATED : EXIT.INTERRUPTED, message: 'interrupted: detached, report written', report, outDir };
  }
  if (!run.alive) return { exitCode: EXIT.TARGET, message: `process ${pid} exited during the attach`, report, outDir };
  if (!run.inspectorClosed) return { exitCode: EXIT.TARGET, message: `the app's inspector port ${run.injected.inspectorPort} is still open after detaching`, report, outDir };
  const gates = gateMessage(report);
  if (gates) return { exitCode: EXIT.BUDGET, message: gates, report, outDir };
  return { exitCode: EXIT.OK, message: null, report, outDir };
}

/** @param {ListeningSocket[]} sockets */
function ports(sockets) {
  return sockets.map((s) => `${s.family === 'IPv6' ? `[${s.address}]` : s.address}:${s.port}`);
}
