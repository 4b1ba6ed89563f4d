'use strict';
// `run --scenario`: the agent does a scenario's job inside the user's process, back to back for
// the measured window, while the load hits the user's own routes. Each job starts from a fresh
// setImmediate, so the app's own callbacks get a turn between jobs, as between two requests.
// Loaded only when the tool's configuration asks for it.

/**
 * @typedef {{path: string, name: string, rounds: number}} ScenarioConfig
 */

/** @param {ScenarioConfig} config */
function startScenario(config) {
  const scenario = require(config.path);
  const controller = new AbortController();
  let jobs = 0;

  function next() {
    if (controller.signal.aborted) return;
    const immediate = setImmediate(() => {
      if (controller.signal.aborted) return;
      scenario.run({ rounds: config.rounds, signal: controller.signal }).then(
        () => { jobs++; next(); },
        () => { controller.abort(); },
      );
    });
    immediate.unref();
  }
  next();
  return {
    stop() { controller.abort(); },
    get jobs() { return jobs; },
  };
}

module.exports = { startScenario };
