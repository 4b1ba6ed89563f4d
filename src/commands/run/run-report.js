// What `run` brings to the one path to its report folder (shared/finish-run.js): the measured
// process, the window it observed, the settings, its own files and notes, and how the app ended
// (report.failure), read once the agent's data is in; a failed start gets no verdict, no budgets
// and no baseline (there is no window to judge).

import { earlyExitNote } from '../../analyze/run-notes.js';
import { runFailure } from '../../analyze/run-failure.js';
import { renderFailure } from '../../report/failure.js';
import { ProfiledTarget } from '../../profile/profiled-target.js';
import { runSettings } from '../shared/finish-run.js';
import { RUN_DEFAULTS } from '../../defaults.js';

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
 * @property {import('../shared/saved-runs.js').Side | null} baseline
 */

/** @param {RunRecordInput} run @returns {import('../shared/finish-run.js').Seen} */
export function seenByRun(run) {
  const { opts, io, target, child, observed, stopped, spawnedAt, outDir, output } = run;
  const hello = child.messages.find((m) => m.type === 'hello');
  const appPid = hello?.pid ?? child.pid;
  const probe = opts.probe === false ? null : opts.probe ?? target.probe ?? target.routes[0];
  const scenario = opts.scenario ? { name: opts.scenario, rounds: opts.rounds ?? RUN_DEFAULTS.rounds } : null;
  return {
    dataDir: run.dataDir, outDir, pid: appPid, mode: observed.mode, spawnedAt,
    window: {
      measureStart: observed.measureStart ?? spawnedAt, measureEnd: observed.measureEnd, warmup: observed.warmup ?? null,
      stillRunningAtEnd: observed.stillRunningAtEnd, load: observed.load, probe: observed.probe,
    },
    flushed: stopped.flushed,
    messages: child.messages,
    settings: runSettings(opts, { routes: target.routes, probe, load: opts.load && observed.mode === 'load', scenario }),
    opts,
    baseline: run.baseline,
    files: { log: 'target.log', ...(child instanceof ProfiledTarget ? child.artifacts : {}) },
    words: { killed: 'killed by a second interrupt', stopped: 'interrupted: the app stopped, report written' },
    ending: (agent) => {
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
      const last = [];
      if (stopped.escalated) last.push(`the app ignored SIGTERM for ${opts.killAfter} ms and was killed with SIGKILL`);
      if (output.truncated) last.push(`target output was truncated at ${output.maxBytes} bytes in target.log`);
      return {
        target: {
          script: target.display, args: target.given ? [] : opts.appArgs ?? [], nodeVersion: hello?.nodeVersion ?? process.version, pid: appPid,
          exitCode: exit.code, signal: exit.signal, port: observed.port,
          listenAfterMs: observed.listenAt ? Math.round(observed.listenAt - spawnedAt) : null,
          command: target.given,
          launcher: claimed ? { pid: child.pid, command: target.display, exitCode: child.commandExit?.code ?? null, signal: child.commandExit?.signal ?? null } : null,
          commandLine: claimed ? child.claimedCommandLine : null,
        },
        // a script's window starts at its loop's first turn: its main module's run is start-up
        windowFrom: (observed.mode === 'script' ? agent?.startup?.loopAt : null) ?? undefined,
        startupMs: agent?.startup?.durationMs ?? null,
        failure,
        failed: failure ? renderFailure(failure, { outDir, cwd: io.cwd, lastLines: failure.error ? [] : output.lastLines(10) }) : null,
        notes: { first: [...observed.notes, ...(child instanceof ProfiledTarget ? child.notes : []), ...(early ? [early] : [])], last },
      };
    },
  };
}
