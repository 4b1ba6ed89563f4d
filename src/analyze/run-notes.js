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
