// One chalk instance per output stream: NO_COLOR turns colour off, FORCE_COLOR turns it on, and
// otherwise colour only goes to a terminal.

import { Chalk } from 'chalk';

/**
 * @param {{isTTY?: boolean}} stream
 * @param {NodeJS.ProcessEnv} env
 * @returns {import('chalk').ChalkInstance}
 */
export function chalkFor(stream, env) {
  if (env.NO_COLOR) return new Chalk({ level: 0 });
  if (env.FORCE_COLOR !== undefined) {
    const level = env.FORCE_COLOR === '' || env.FORCE_COLOR === 'true' ? 1 : Number(env.FORCE_COLOR);
    return new Chalk({ level: /** @type {0 | 1 | 2 | 3} */ (Math.min(3, Math.max(0, level || 0))) });
  }
  return new Chalk({ level: stream.isTTY ? 1 : 0 });
}
