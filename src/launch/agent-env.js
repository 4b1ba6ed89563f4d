// The environment a target starts with: our preload prepended to NODE_OPTIONS (the user's own
// NODE_OPTIONS kept after it, or the one their --env-file sets), the agent's configuration, and a
// PORT when the user set none.

import { fileURLToPath } from 'node:url';
import wire from '../agent/wire.cjs';

export const AGENT_PATH = fileURLToPath(new URL('../agent/preload.cjs', import.meta.url));

/** @param {string} file */
export function requireOption(file) {
  // NODE_OPTIONS splits on spaces unless the value is double-quoted.
  return `--require "${file.replace(/(["\\])/g, '\\$1')}"`;
}

/**
 * @param {NodeJS.ProcessEnv} base the environment the user gave us
 * @param {object} agentConfig passed to the agent as JSON
 * @param {{port?: number, nodeOptions?: string | null}} [extra] nodeOptions: NODE_OPTIONS of the app's
 *   --env-file, which Node applies only when the environment has none (the agent's always is)
 * @returns {NodeJS.ProcessEnv}
 */
export function targetEnv(base, agentConfig, extra = {}) {
  const own = base.NODE_OPTIONS || extra.nodeOptions || '';
  const userOptions = own ? ` ${own}` : '';
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...base,
    NODE_OPTIONS: `${requireOption(AGENT_PATH)}${userOptions}`,
    [wire.ENV_NAME]: JSON.stringify(agentConfig),
  };
  if (!base.PORT && extra.port) env.PORT = String(extra.port);
  return env;
}
