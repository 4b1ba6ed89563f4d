'use strict';
// --stacks async-origin: blocked-at, which records where the callback that blocked was scheduled
// (an async_hooks stack per asynchronous resource: expensive, see the README). Loaded from the
// tool's own dependencies by absolute path; the agent itself has none.

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @param {(event: object) => void} push
 */
function startAsyncOrigin(config, push) {
  if (!config.blockedAtPath) return null;
  let active = true;
  /** @type {any} */
  let handle = null;
  try {
    const blocked = require(config.blockedAtPath);
    handle = blocked((/** @type {number} */ durationMs, /** @type {string[]} */ stack) => {
      if (active) push({ type: 'origin', t: Date.now() - durationMs, durationMs, stack });
    }, { threshold: config.thresholdMs, trimFalsePositives: true });
  } catch (error) {
    push({ type: 'note', text: `blocked-at could not start: ${/** @type {Error} */ (error).message}` });
  }
  return {
    stop() {
      active = false;
      handle?.stop?.();
    },
  };
}

module.exports = { startAsyncOrigin };
