// Whether the app failed, and how: report.json's `failure`. A failed start (the app ended, crashed,
// found its port taken or never listened before the measured window began) has no window to
// judge: no verdict, no tables. A failure during the window (a crash, a server that ended on its
// own) keeps what the window saw. Pure.

import { withHint } from './run-notes.js';
import { appError } from './app-error.js';

/**
 * @typedef {'start' | 'run'} FailureStage start: before the measured window (nothing to judge); run: inside it
 * @typedef {'spawn-error' | 'exited' | 'killed' | 'port-in-use' | 'never-listened' | 'unreachable' | 'exited-early'} FailureReason
 * @typedef {{stage: FailureStage, reason: FailureReason, message: string,
 *   error: import('./app-error.js').AppError | null, log: string | null}} RunFailure
 */

/**
 * @param {object} seen
 * @param {string} seen.what who failed, for the message: "the app", "npm start"
 * @param {Error | null} seen.spawnError
 * @param {{code: number | null, signal: string | null, at: number} | null} seen.exit the measured process's end (null: it ran until stopped)
 * @param {string | null} seen.crashedBy a signal it died of that the tool did not send
 * @param {number} seen.startedAt epoch ms it was started
 * @param {boolean} seen.expectServer routes, a port or a command were given: it has to listen
 * @param {boolean} [seen.launcher] it was started by a command (npm start) whose Node.js process that listens is the app
 * @param {boolean} seen.listened it listened on a TCP port
 * @param {boolean} seen.loopTurned its event loop turned at least once (a script's window starts then)
 * @param {boolean} seen.stillRunningAtEnd alive when the window ended
 * @param {boolean} [seen.unreachable] it listens on an address that is not loopback
 * @param {'load' | 'observe' | 'script'} seen.mode
 * @param {string} seen.stderr its stderr (the start and the end of it)
 * @param {string} seen.output its last output lines, both streams
 * @param {number | undefined} seen.wantedPort --port
 * @param {number[]} seen.listenedPorts
 * @param {NodeJS.ProcessEnv} seen.env
 * @param {string} [seen.cwd]
 * @param {string | null} [seen.log] the log file, relative to the report folder
 * @param {string} [seen.hint] what else was seen (a listening process without the agent)
 * @returns {RunFailure | null}
 */
export function runFailure(seen) {
  const found = classify(seen);
  if (!found) return null;
  const hinted = withHint(found.message, {
    wantedPort: seen.wantedPort, env: seen.env, output: `${seen.output}\n${seen.stderr}`, listenedPorts: seen.listenedPorts,
  }) ?? found.message;
  const portTaken = !seen.listened && /EADDRINUSE/.test(`${seen.output}\n${seen.stderr}`);
  const reason = portTaken && found.stage === 'start' && found.reason !== 'spawn-error' ? 'port-in-use' : found.reason;
  return {
    stage: found.stage,
    reason,
    message: seen.hint && found.stage === 'start' ? `${hinted}; ${seen.hint}` : hinted,
    // an app still running without listening has its last line of stderr, which need not say why
    error: found.reason === 'spawn-error' ? null : appError(seen.stderr, seen.cwd, { strict: found.reason === 'never-listened' }),
    log: seen.log ?? null,
  };
}

/** @param {Parameters<typeof runFailure>[0]} seen @returns {{stage: FailureStage, reason: FailureReason, message: string} | null} */
function classify(seen) {
  const { what, exit } = seen;
  const after = exit ? ` after ${((exit.at - seen.startedAt) / 1000).toFixed(1)} s` : '';
  if (seen.spawnError) return { stage: 'start', reason: 'spawn-error', message: `could not start ${what}: ${seen.spawnError.message}` };
  if (seen.unreachable) return { stage: 'start', reason: 'unreachable', message: `${what} listens on an address that is not loopback; load was not sent` };
  // before the window: a server that never listened, a script whose loop never turned
  const beforeWindow = seen.expectServer ? !seen.listened : !seen.loopTurned && !seen.listened;
  const portTaken = !seen.listened && /EADDRINUSE/.test(`${seen.output}\n${seen.stderr}`);
  const stage = beforeWindow || portTaken ? 'start' : 'run';
  if (!seen.stillRunningAtEnd && exit) {
    const without = (seen.expectServer || portTaken) && !seen.listened ? ' without listening on a port'
      : !seen.loopTurned && !seen.listened ? ', before its event loop ever turned' : '';
    if (seen.crashedBy) return { stage, reason: 'killed', message: `${what} was killed by ${seen.crashedBy}${after}${without}` };
    if (exit.code !== 0 && exit.code !== null) return { stage, reason: 'exited', message: `${what} exited with code ${exit.code}${after}${without}` };
    if (seen.expectServer && !seen.listened) return { stage: 'start', reason: 'exited', message: `${what} exited${after} without listening on a port` };
    if (seen.listened && seen.mode !== 'script') {
      return { stage: 'run', reason: 'exited-early', message: `${what} exited on its own${exit.code === null ? '' : ` (code ${exit.code})`}${after}, before the load ended` };
    }
  }
  if (seen.expectServer && !seen.listened) {
    return {
      stage: 'start', reason: 'never-listened',
      message: seen.launcher
        ? `no Node.js process of ${what} listened on a port within --listen-timeout (does the app listen on PORT? raise --listen-timeout if it starts slowly)`
        : `${what} did not listen on a port within --listen-timeout (raise --listen-timeout if it starts slowly; else is --route right, and does the app listen on PORT?)`,
    };
  }
  return null;
}
