// Notes that explain an odd run to the reader of the report. Pure.

const CONNECT_CODES = ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'];

/**
 * Requests that could not reach the app at all: it closed its server, reset connections or died.
 * @param {{name: string, stats: {errorCodes: Record<string, number>} | null}[]} streams
 * @returns {string[]}
 */
export function connectionNotes(streams) {
  const notes = [];
  for (const { name, stats } of streams) {
    if (!stats) continue;
    const seen = CONNECT_CODES.filter((code) => stats.errorCodes[code] > 0);
    if (seen.length === 0) continue;
    const count = seen.reduce((sum, code) => sum + stats.errorCodes[code], 0);
    notes.push(`${count} ${name} request(s) could not connect or were cut off (${seen.map((c) => `${c} ${stats.errorCodes[c]}`).join(', ')}): did the app close its server, reset connections or stop?`);
  }
  return notes;
}

/**
 * A server that ended by itself while we were still measuring it.
 * @param {{mode: string, stillRunningAtEnd: boolean}} observed
 * @param {{code: number | null, at: number} | null} exit
 * @param {number} startedAt epoch ms the target was spawned
 * @returns {string | null}
 */
export function earlyExitNote(observed, exit, startedAt) {
  if (observed.mode === 'script' || observed.stillRunningAtEnd || !exit || exit.code === null) return null;
  return `the target exited on its own (code ${exit.code}) after ${((exit.at - startedAt) / 1000).toFixed(1)} s, before the load ended`;
}

/**
 * What the user can do about a failed target, from what was seen of it.
 * @param {string | null} failure the failure message, or null
 * @param {{wantedPort?: number, listenedPorts: number[], output: string, env: NodeJS.ProcessEnv}} seen
 * @returns {string | null}
 */
export function withHint(failure, seen) {
  if (!failure) return null;
  if (seen.wantedPort && !seen.listenedPorts.includes(seen.wantedPort)) {
    const other = seen.listenedPorts.length ? `it listened on ${seen.listenedPorts.join(', ')}` : 'it listened on no port';
    return `${failure}: --port ${seen.wantedPort} was asked for but ${other} (drop --port, or make the app listen on it)`;
  }
  if (/EADDRINUSE/.test(seen.output)) {
    return `${failure}: its port is already in use${seen.env.PORT ? ` (PORT=${seen.env.PORT} is set: unset it and the tool picks a free one)` : ' (stop the other process, or let the app listen on process.env.PORT)'}`;
  }
  return failure;
}

/**
 * What the agent said went wrong inside the app while handling the tool's commands (its own bugs:
 * the app never sees them), and what each cost.
 * @param {{type: string, cmd?: string | null, message?: string}[]} messages
 */
export function agentErrorNotes(messages) {
  const cost = /** @type {Record<string, string>} */ ({
    start: 'the window may have started without the CPU profile',
    stop: 'its last data (the CPU profile among it) may be missing',
    'window-end': 'the window\'s totals were taken later',
  });
  return messages.filter((m) => m.type === 'agent-error')
    .map((m) => `the agent failed handling '${m.cmd ?? '?'}' inside the app (${m.message ?? 'no message'})${m.cmd && cost[m.cmd] ? `: ${cost[m.cmd]}` : ''}; please report it`);
}
