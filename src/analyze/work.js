// The work the app reported on the `eventloop-probe:work` channel (the scenarios do), counted
// inside the measured window: rounds per timeline window, a window cut by an edge counted for
// the part inside.

/**
 * @typedef {{scenario: string | null, rounds: number, windowMs: number, windows: [number, number][]}} AgentWork
 * @typedef {{scenario: string | null, rounds: number, roundsPerSec: number}} Work
 */

/**
 * @param {AgentWork | null} work the agent's summary of it
 * @param {number} from epoch ms, start of the measured window
 * @param {number} to epoch ms, its end
 * @returns {Work | null}
 */
export function workInWindow(work, from, to) {
  if (!work || !Array.isArray(work.windows)) return null;
  let rounds = 0;
  for (const [t, n] of work.windows) {
    const inside = Math.min(t + work.windowMs, to) - Math.max(t, from);
    if (inside > 0) rounds += n * Math.min(1, inside / work.windowMs);
  }
  const seconds = (to - from) / 1000;
  return {
    scenario: work.scenario,
    rounds: Math.round(rounds),
    roundsPerSec: seconds > 0 ? Math.round((rounds / seconds) * 10) / 10 : 0,
  };
}
