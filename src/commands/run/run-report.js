// The report of a run, from what it observed: the measured process's agent data and profiles, the
// app's other loops, how the app ended (report.failure) and the notes; a failed start gets no
// verdict, no budgets and no baseline (there is no window to judge).

import { TOOL } from '../../tool.js';
import { readAgentData } from '../../analyze/agent-data.js';
import { buildReport } from '../../analyze/build-report.js';
import { readProfiles } from '../../analyze/profiles.js';
import { mergeContinuous } from '../../analyze/merge-profiles.js';
import { connectionNotes, earlyExitNote, agentErrorNotes } from '../../analyze/run-notes.js';
import { runFailure } from '../../analyze/run-failure.js';
import { keepProfile, otherLoops, loopArtifacts } from '../shared/loop-profiles.js';
import { artifactsFor } from '../../report/write-folder.js';
import { ProfiledTarget } from '../../profile/profiled-target.js';
import { RUN_DEFAULTS, DEFAULT_FORMATS } from '../../defaults.js';

/**
 * @typedef {object} RunRecordInput
 * @property {import('./run.js').RunOptions} opts
 * @property {import('./run.js').RunIO} io
 * @property {import('./resolve-target.js').RunTarget} target
 * @property {import('../../launch/target.js').Target} child
 * @property {Awaited<ReturnType<typeof import('./run.js').observe>>} observed
 * @property {{exit: import('../../launch/target.js').ExitInfo, escalated: boolean, flushed: boolean}} stopped
 * @property {number} spawnedAt epoch ms
 * @property {string} dataDir @property {string} outDir
 * @property {import('../../launch/output-log.js').OutputLog} output
 * @property {number} windowMs
 */

/** @param {RunRecordInput} run */
export function buildRunReport(run) {
  const { opts, io, target, child, observed, stopped, spawnedAt, outDir, output } = run;
  const hello = child.messages.find((m) => m.type === 'hello');
  const appPid = hello?.pid ?? child.pid;
  const agents = readAgentData(run.dataDir);
  const agent = agents.find((d) => d.pid === appPid && d.threadId === null) ?? null;
  // a script's window starts at its loop's first turn: its main module's run is start-up
  const windowFrom = (observed.mode === 'script' ? agent?.startup?.loopAt : null) ?? observed.measureStart ?? spawnedAt;
  // the warm-up's blocks get their stacks too; the profile kept for the flame graph is the window's
  const profiles = mergeContinuous(readProfiles(run.dataDir, appPid), observed.warmup?.from ?? windowFrom, observed.measureEnd);
  const windowProfiles = mergeContinuous(profiles, windowFrom, observed.measureEnd);
  const kept = keepProfile(windowProfiles, outDir);
  const otherLoopData = otherLoops(agents.filter((d) => d !== agent), run.dataDir, outDir, { from: windowFrom, to: observed.measureEnd });
  const formats = opts.format ?? DEFAULT_FORMATS;
  const artifacts = {
    json: 'report.json', log: 'target.log', ...kept,
    // each other loop's profile: "profile:worker:<pid>", "profile:thread:<threadId>"
    ...loopArtifacts(otherLoopData),
    ...(child instanceof ProfiledTarget ? child.artifacts : {}),
    ...artifactsFor(formats.filter((f) => f !== 'json'), { profile: kept.profile ? { file: kept.profile } : null }),
  };
  const claimed = child.claimedPid !== null;
  // the measured process's own end: the spawned process's, or what the agent of a process found by its listen wrote
  const exit = claimed ? { code: agent?.exits.at(-1)?.code ?? null, signal: null } : stopped.exit;
  const interrupted = io.stop.aborted;
  const listenedPorts = child.messages.filter((m) => m.type === 'listen').map((m) => m.port);
  const failure = interrupted ? null : runFailure({
    what: target.launcher && !claimed ? target.display : 'the app', launcher: target.launcher && !claimed,
    spawnError: child.spawnError, exit: child.exitInfo && { ...child.exitInfo, code: claimed ? exit.code : child.exitInfo.code },
    crashedBy: child.crashedBySignal, startedAt: child.startedAt, expectServer: target.expectServer,
    listened: observed.port !== null, loopTurned: Boolean(agent?.startup?.loopAt) || (agent !== null && agent.startup === null),
    stillRunningAtEnd: observed.stillRunningAtEnd, unreachable: observed.unreachable, mode: observed.mode,
    stderr: output.errTail, output: output.lastLines(20).join('\n'), wantedPort: opts.port, listenedPorts, env: io.env, cwd: io.cwd,
    log: 'target.log', hint: observed.hint ?? undefined,
  });
  const early = interrupted || failure?.stage === 'start' ? null : earlyExitNote(observed, child.exitInfo, child.startedAt);
  const notes = [...observed.notes, ...(child instanceof ProfiledTarget ? child.notes : []), ...(early ? [early] : [])];
  notes.push(...connectionNotes([{ name: 'load', stats: observed.load?.stats ?? null }, { name: 'probe', stats: observed.probe?.stats ?? null }]));
  notes.push(...agentErrorNotes(child.messages));
  if (stopped.escalated) notes.push(`the app ignored SIGTERM for ${opts.killAfter} ms and was killed with SIGKILL`);
  if (output.truncated) notes.push(`target output was truncated at ${output.maxBytes} bytes in target.log`);
  const startFailed = failure?.stage === 'start';
  const report = buildReport({
    tool: TOOL,
    target: {
      script: target.display, args: target.given ? [] : opts.appArgs ?? [], nodeVersion: hello?.nodeVersion ?? process.version, pid: appPid,
      exitCode: exit.code, signal: exit.signal, port: observed.port,
      listenAfterMs: observed.listenAt ? Math.round(observed.listenAt - spawnedAt) : null,
      command: target.given,
      launcher: claimed ? { pid: child.pid, command: target.display, exitCode: child.commandExit?.code ?? null, signal: child.commandExit?.signal ?? null } : null,
      commandLine: claimed ? child.claimedCommandLine : null,
    },
    mode: observed.mode,
    spawnedAt,
    startupMs: agent?.startup?.durationMs ?? null,
    measureStart: windowFrom,
    measureEnd: observed.measureEnd,
    warmup: observed.warmup ?? null,
    stillRunningAtEnd: observed.stillRunningAtEnd,
    flushed: stopped.flushed,
    settings: settingsOf(opts, target, observed.mode),
    thresholdMs: opts.threshold,
    windowMs: run.windowMs,
    probe: observed.probe?.stats ?? null,
    load: observed.load?.stats ?? null,
    agent,
    workerAgents: agents.filter((d) => d !== agent && d.threadId === null),
    profiles,
    loops: otherLoopData,
    ...(opts.threads ? {} : { threads: null }),
    stacks: { mode: opts.stacks, profile: opts.profile },
    cwd: io.cwd,
    notes,
    artifacts,
    failOn: startFailed ? undefined : opts.failOn,
    failure,
  });
  return { report, failure, windowProfiles };
}

/**
 * @param {import('./run.js').RunOptions} opts @param {import('./resolve-target.js').RunTarget} target @param {string} mode
 * @returns {import('../../../types/report.js').RunSettings}
 */
export function settingsOf(opts, target, mode) {
  return {
    routes: target.routes,
    probe: opts.probe === false ? null : opts.probe ?? target.probe ?? target.routes[0],
    probeIntervalMs: opts.probeInterval,
    probeTimeoutMs: opts.probeTimeout,
    connections: opts.connections,
    rate: opts.rate ?? null,
    method: opts.method,
    durationS: opts.duration,
    warmupS: opts.warmup,
    load: opts.load && mode === 'load',
    thresholdMs: opts.threshold,
    resolutionMs: opts.resolution,
    scenario: opts.scenario ? { name: opts.scenario, rounds: opts.rounds ?? RUN_DEFAULTS.rounds } : null,
    stacks: opts.stacks,
    profile: opts.profile,
    profileIntervalUs: opts.profileInterval,
  };
}
