// Findings: slow progress that is not a block. The article's setTimeout pattern (await a timer per
// step) never blocks the loop, yet caps the work at about a thousand steps a second: the loop
// turns often, handles almost no I/O per turn, and stays mostly idle. How often is counted over the
// time the thread was not waiting for a CPU: on a crowded machine each step also waits for one, and
// the same loop turned 203 times a second of the window where it turns 900 alone.

const MIN_TURNS_PER_SEC = 300;
const MAX_EVENTS_PER_TURN = 0.2;

/**
 * @param {{blocks: number, seconds: number, elu: number, cpuPercent: number, resolutionMs: number | null,
 *   uv: {turns: number, events: number} | null, runWaitShare?: number | null}} run runWaitShare: of the window, the
 *   app's thread waited for a CPU (report.machine.runWaitShare)
 * @returns {{loop: {turns: number, turnsPerSec: number, ioEventsPerTurn: number} | null,
 *   findings: {kind: string, text: string}[]}}
 */
export function loopFindings(run) {
  if (!run.uv || run.seconds <= 0) return { loop: null, findings: [] };
  const turnsPerSec = run.uv.turns / run.seconds;
  const eventsPerTurn = run.uv.turns ? run.uv.events / run.uv.turns : 0;
  const loop = { turns: run.uv.turns, turnsPerSec: Math.round(turnsPerSec), ioEventsPerTurn: Math.round(eventsPerTurn * 1000) / 1000 };
  // the time the thread had a CPU or slept: its waits for one paced the loop too
  const own = 1 - Math.min(0.9, Math.max(0, run.runWaitShare ?? 0));
  // our own heartbeat turns the loop once per resolution
  const appTurns = turnsPerSec / own - (run.resolutionMs ? 1000 / run.resolutionMs : 0);
  /** @type {{kind: string, text: string}[]} */
  const findings = [];
  if (run.blocks === 0 && appTurns >= MIN_TURNS_PER_SEC && eventsPerTurn <= MAX_EVENTS_PER_TURN && run.elu < 0.5 && run.cpuPercent < 50) {
    findings.push({
      kind: 'timer-paced',
      text: `the loop turned ${Math.round(turnsPerSec)} times/s${own < 0.9 ? ` (${Math.round(turnsPerSec / own)} a second it was not waiting for a CPU)` : ''} with ${loop.ioEventsPerTurn} I/O events per turn, busy ${Math.round(run.elu * 100)}% of the time at ${run.cpuPercent}% CPU: `
        + 'work paced by timers (e.g. await setTimeout per step) waits at least 1 ms a step and never uses the CPU it could; '
        + 'yield with setImmediate instead, or do ~10 ms of work per step',
    });
  }
  return { loop, findings };
}
