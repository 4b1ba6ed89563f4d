// How to start a TypeScript entry: through the app's own tsx when it has one (node --import tsx),
// else through Node's type stripping where this Node has it (22.6+ behind a flag, on by default
// from 22.18 and 23.6), else a usage error that says what to install.

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../errors.js';

const TS_FILE = /\.(ts|mts|cts)$/;

/** @param {string} version e.g. "22.6.0" @param {[number, number]} at @returns {boolean} version >= at */
function atLeast(version, [major, minor]) {
  const [M, m] = version.split('.').map(Number);
  return M > major || (M === major && m >= minor);
}

/** @param {string} version */
export function stripTypesFlag(version) {
  if (atLeast(version, [23, 6]) || (atLeast(version, [22, 18]) && !atLeast(version, [23, 0]))) return { supported: true, flag: null };
  if (atLeast(version, [22, 6])) return { supported: true, flag: '--experimental-strip-types' };
  return { supported: false, flag: null };
}

/**
 * @param {string} script absolute path of the entry
 * @param {string} display as the user gave it
 * @param {string} [nodeVersion] of the Node that will run it (ours)
 * @returns {{nodeArgs: string[], via: 'tsx' | 'strip-types' | null}}
 */
export function typeScriptLaunch(script, display, nodeVersion = process.versions.node) {
  if (!TS_FILE.test(script)) return { nodeArgs: [], via: null };
  let tsx = null;
  try {
    tsx = createRequire(path.join(path.dirname(script), 'noop.js')).resolve('tsx');
  } catch {
    // the app has no tsx
  }
  if (tsx) return { nodeArgs: ['--import', pathToFileURL(tsx).href], via: 'tsx' };
  const strip = stripTypesFlag(nodeVersion);
  if (strip.supported) return { nodeArgs: strip.flag ? [strip.flag] : [], via: 'strip-types' };
  throw new UsageError(
    `cannot run the TypeScript entry ${display} on Node ${nodeVersion}: this Node has no type stripping and the app has no tsx`,
    'install tsx in the app (npm install -D tsx), run the compiled .js, or use Node >= 22.6');
}
