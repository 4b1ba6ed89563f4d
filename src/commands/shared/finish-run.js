// The one path from "the agent's data and what the tool saw" to "report folder and exit code",
// taken by `run` (and so by compare's and --repeat's runs) and by `attach`: read what the agent
// left, keep the CPU profiles beside the report, build the report, judge it against a baseline,
// write the folder, and pick the exit code. A command brings only what it alone knows: the target
// as the report names it and how it ended (`ending`), its own notes and files.

import { EXIT } from '../../errors.js';
import { TOOL } from '../../tool.js';
import { readAgentData } from '../../collect/agent-data.js';
import { buildReport } from '../../analyze/build-report.js';
import { readProfiles } from '../../collect/profile-files.js';
import { mergeContinuous } from '../../analyze/merge-profiles.js';
import { connectionNotes, agentErrorNotes } from '../../analyze/run-notes.js';
import { judgeAgainstBaseline } from '../../analyze/baseline.js';
import { artifactsFor, writeReportFolder } from '../../report/write-folder.js';
import { keepProfile, otherLoops, loopArtifacts } from './loop-profiles.js';
import { gateMessage } from './gates.js';
import { DEFAULT_FORMATS, RUN_DEFAULTS, AGENT_DEFAULTS } from '../../defaults.js';

/**
 * @typedef {import('../../../types/report.js').Report} Report
 * @typedef {import('../../collect/agent-data.js').AgentData} AgentData
 * @typedef {import('../../load/http-stats.js').HttpStats} HttpStats
 *
 * @typedef {object} Ending what the command reads of its target once the agent's data is in
 * @property {import('../../../types/report.js').ReportTarget} target
 * @property {number} [windowFrom] epoch ms the window starts (a script's: its loop's first turn); default the window's
 * @property {number | null} [startupMs] the main module's run before the loop's first turn
 * @property {import('../../analyze/run-failure.js').RunFailure | null} [failure] how the app failed (report.failure)
 * @property {string | null} failed the closing message of a target that failed (exit code 3), or null
 * @property {{first: string[], last: string[]}} notes the command's notes, before and after the ones every run gets
 *
 * @typedef {object} Seen what the tool saw of the run
 * @property {string} dataDir the agent's data folder
 * @property {string} outDir the report folder
 * @property {number} pid the measured process: its agent's data is the report's main loop
 * @property {'load' | 'observe' | 'script'} mode
 * @property {number} spawnedAt epoch ms the target was started (or attached to)
 * @property {{measureStart: number, measureEnd: number, warmup: {from: number, to: number} | null,
 *   stillRunningAtEnd: boolean, load: {stats: HttpStats} | null, probe: {stats: HttpStats} | null}} window
 * @property {boolean} flushed the agent answered the stop request
 * @property {{type: string, [key: string]: any}[]} messages what the agent said over its channel
 * @property {import('../../../types/report.js').RunSettings} settings
 * @property {{failOn?: import('../../analyze/budgets.js').Budget[], format?: string[], threads?: boolean,
 *   baselineThreshold?: number, baselineMetrics?: string[]}} opts
 * @property {import('./saved-runs.js').Side | null} baseline saved runs to judge this one against (--baseline)
 * @property {Record<string, string>} files the command's own files in the folder (target.log, a profiler's output)
 * @property {(agent: AgentData | null, others: AgentData[]) => Ending} ending agent: the measured loop's data; others:
 *   every other loop's (cluster workers, worker threads)
 * @property {{killed: string, stopped: string}} words the closing message after a second interrupt, after the first
 *
 * @typedef {object} FinishIO
 * @property {NodeJS.WritableStream} stderr
 * @property {NodeJS.ProcessEnv} env
 * @property {string} cwd
 * @property {AbortSignal} stop first Ctrl-C / SIGTERM
 * @property {AbortSignal} kill second Ctrl-C
 * @property {boolean} [stepSummary] append summary.md to $GITHUB_STEP_SUMMARY (default true)
 */

/**
 * @param {Seen} seen @param {FinishIO} io
 * @returns {{exitCode: number, message: string | null, report: Report, outDir: string}}
 */
export function finishRun(seen, io) {
  const { window: w, outDir } = seen;
  const agents = readAgentData(seen.dataDir);
  const agent = agents.find((d) => d.pid === seen.pid && d.threadId === null) ?? null;
  const ending = seen.ending(agent, agents.filter((d) => d !== agent));
  const from = ending.windowFrom ?? w.measureStart;
  // the warm-up's blocks get their stacks too; the profile kept for the flame graph is the window's
  /** @type {string[]} profile files that could not be read, as notes */
  const unread = [];
  const profiles = mergeContinuous(readProfiles(seen.dataDir, seen.pid, unread), w.warmup?.from ?? from, w.measureEnd);
  const windowProfiles = mergeContinuous(profiles, from, w.measureEnd);
  const kept = keepProfile(windowProfiles, outDir);
  const loops = otherLoops(agents.filter((d) => d !== agent), seen.dataDir, outDir, { from, to: w.measureEnd }, unread);
  const formats = seen.opts.format ?? DEFAULT_FORMATS;
  const notes = [
    ...ending.notes.first,
    ...connectionNotes([{ name: 'load', stats: w.load?.stats ?? null }, { name: 'probe', stats: w.probe?.stats ?? null }]),
    ...agentErrorNotes(seen.messages),
    ...unread,
    ...ending.notes.last,
  ];
  const startFailed = ending.failure?.stage === 'start';
  const report = buildReport({
    tool: TOOL,
    target: ending.target,
    mode: seen.mode,
    spawnedAt: seen.spawnedAt,
    startupMs: ending.startupMs ?? null,
    measureStart: from,
    measureEnd: w.measureEnd,
    warmup: w.warmup,
    stillRunningAtEnd: w.stillRunningAtEnd,
    flushed: seen.flushed,
    stopError: seen.messages.find((m) => m.type === 'agent-error' && m.cmd === 'stop')?.message ?? null,
    settings: seen.settings,
    thresholdMs: seen.settings.thresholdMs,
    windowMs: AGENT_DEFAULTS.windowMs,
    probe: w.probe?.stats ?? null,
    load: w.load?.stats ?? null,
    agent,
    workerAgents: agents.filter((d) => d !== agent && d.threadId === null),
    profiles,
    loops,
    ...(seen.opts.threads ? {} : { threads: null }),
    stacks: { mode: seen.settings.stacks ?? RUN_DEFAULTS.stacks, profile: seen.settings.profile ?? RUN_DEFAULTS.profile },
    cwd: io.cwd,
    notes,
    artifacts: {
      json: 'report.json', ...seen.files, ...kept,
      // each other loop's profile: "profile:worker:<pid>", "profile:thread:<threadId>"
      ...loopArtifacts(loops),
      ...artifactsFor(formats.filter((f) => f !== 'json'), { profile: kept.profile ? { file: kept.profile } : null }),
    },
    failOn: startFailed ? undefined : seen.opts.failOn,
    failure: ending.failure ?? null,
  });
  // a failed start has no window: nothing to judge against a baseline
  if (seen.baseline && !startFailed) {
    report.baseline = judgeAgainstBaseline([report], seen.baseline, {
      regressionPct: seen.opts.baselineThreshold ?? RUN_DEFAULTS.baselineThreshold, metrics: seen.opts.baselineMetrics, cwd: io.cwd,
    });
  }
  const written = writeReportFolder(outDir, report, {
    formats, env: io.env, stepSummary: io.stepSummary !== false, profile: windowProfiles.find((p) => p.kind === 'continuous')?.profile ?? null,
  });
  for (const note of written.notes) io.stderr.write(`eventloop-probe: ${note}\n`);
  return { ...outcome(report, ending, seen.words, io), report, outDir };
}

/**
 * The options a run used, as report.json records them (run.settings).
 * @param {{probeInterval: number, probeTimeout: number, connections: number, rate?: number, method: string, duration: number,
 *   warmup: number, threshold: number, resolution: number, stacks: import('../../../types/report.js').StacksMode,
 *   profile: boolean, profileInterval: number}} opts
 * @param {{routes: string[], probe: string | null, load: boolean, scenario: {name: string, rounds: number} | null}} where
 *   what was loaded and probed: the routes, the probed path, whether load ran, a scenario's job
 * @returns {import('../../../types/report.js').RunSettings}
 */
export function runSettings(opts, where) {
  return {
    routes: where.routes,
    probe: where.probe,
    probeIntervalMs: opts.probeInterval,
    probeTimeoutMs: opts.probeTimeout,
    connections: opts.connections,
    rate: opts.rate ?? null,
    method: opts.method,
    durationS: opts.duration,
    warmupS: opts.warmup,
    load: where.load,
    thresholdMs: opts.threshold,
    resolutionMs: opts.resolution,
    scenario: where.scenario,
    stacks: opts.stacks,
    profile: opts.profile,
    profileIntervalUs: opts.profileInterval,
  };
}

/**
 * The exit code as README documents it, and the message that explains it: an interrupt first,
 * then a target that failed, then the gates (budgets, baseline).
 * @param {Report} report @param {Ending} ending @param {Seen['words']} words @param {FinishIO} io
 * @returns {{exitCode: number, message: string | null}}
 */
function outcome(report, ending, words, io) {
  if (io.kill.aborted) return { exitCode: EXIT.INTERRUPTED, message: words.killed };
  if (io.stop.aborted) return { exitCode: io.stop.reason === 'SIGTERM' ? EXIT.TERMINATED : EXIT.INTERRUPTED, message: words.stopped };
  if (ending.failed) return { exitCode: EXIT.TARGET, message: ending.failed };
  const gates = gateMessage(report);
  return gates ? { exitCode: EXIT.BUDGET, message: gates } : { exitCode: EXIT.OK, message: null };
}
