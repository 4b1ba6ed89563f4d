'use strict';
// The one rule of a stall the machine held, shared by the agent (which acts on it as the stall ends)
// and the analysis (ownership.js, which adds the collector's helper threads' wait to the machine's part).

/**
 * The loop ran less than the threshold of the stall: the rest was the machine's.
 * @param {number} durationMs @param {number} waitMs the machine's part of it (ownership.js's machineMs;
 *   the agent: its thread's wait for a CPU) @param {number} thresholdMs
 */
function isStarved(durationMs, waitMs, thresholdMs) {
  return waitMs > 0 && durationMs - waitMs < thresholdMs;
}

module.exports = { isStarved };
