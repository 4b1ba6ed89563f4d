'use strict';
// The scheduling scenarios of the article "How even quick Node.js async functions can block the
// Event-Loop" (Michael Gokhman, Snyk, 2019) and the fixes it arrives at, in the order a
// comparison shows them.

const path = require('node:path');

const NAMES = ['sync', 'async-await', 'next-tick', 'set-timeout', 'set-immediate', 'partitioned', 'worker-thread'];

/**
 * @typedef {object} Scenario
 * @property {string} name
 * @property {string} description one line: how the work is scheduled
 * @property {string} expected one line: what the article reports about it (what a comparison should show)
 * @property {string} advice one line: what to do about it
 * @property {(options: import('./lib/job.cjs').JobOptions) => Promise<number>} run does the job, resolves with rounds done
 */

/** @param {string} name */
function scenarioPath(name) {
  return NAMES.includes(name) ? path.join(__dirname, `${name}.cjs`) : null;
}

/** @param {string} name @returns {Scenario | null} */
function loadScenario(name) {
  const file = scenarioPath(name);
  return file ? require(file) : null;
}

module.exports = { NAMES, scenarioPath, loadScenario };
