// Finds the external profiler a run asks for (0x, or one of clinic's tools). They are optional
// peer dependencies: looked up in the user's project first (its cwd), then beside this tool.
// Missing: a usage error with the one-line install hint.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.js';

const OWN_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLINIC_TOOLS = /** @type {const} */ (['doctor', 'flame', 'bubbleprof']);
// Folders searched instead of the defaults (path-delimited). Meant for tests and unusual layouts.
export const RESOLVE_ENV = 'EVENTLOOP_PROBE_RESOLVE_FROM';

/**
 * @typedef {'0x' | 'doctor' | 'flame' | 'bubbleprof'} ProfilerTool
 * @typedef {object} Profiler
 * @property {ProfilerTool} tool
 * @property {string} label how it is named to the user: "0x", "clinic doctor"
 * @property {string} module absolute path of the module the runner requires
 * @property {string} version
 * @property {string} html report file, relative to the report folder
 * @property {boolean} ticks it reads V8's tick log (`--prof`: 0x, clinic flame), which V8 stops writing
 *   while a profiler of the inspector runs: the agent's own profile stays off, its captures are stack samples
 */

/** Parser of --profiler. @param {string} value */
export function profilerChoice(value) {
  if (value !== '0x') throw new InvalidArgumentError('expected 0x (for clinic use --clinic doctor|flame|bubbleprof).');
  return value;
}

/** Parser of --clinic. @param {string} value */
export function clinicChoice(value) {
  if (!(/** @type {readonly string[]} */ (CLINIC_TOOLS)).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${CLINIC_TOOLS.join(', ')}.`);
  }
  return value;
}

/**
 * The profiler named by --profiler / --clinic, or null.
 * @param {{profiler?: string, clinic?: string}} opts
 * @param {{cwd: string, env: NodeJS.ProcessEnv}} where
 * @returns {Profiler | null}
 */
export function resolveProfiler(opts, where) {
  if (opts.profiler && opts.clinic) {
    throw new UsageError('--profiler and --clinic cannot be used together', 'choose one external profiler per run');
  }
  const roots = searchRoots(where);
  if (opts.profiler === '0x') {
    const found = findPackage('0x', roots);
    if (!found) throw missing('0x', '0x');
    return { tool: '0x', label: '0x', module: found.main, version: found.version, html: '0x/flamegraph.html', ticks: true };
  }
  if (opts.clinic) {
    const tool = /** @type {'doctor' | 'flame' | 'bubbleprof'} */ (opts.clinic);
    // `clinic` brings @clinic/<tool> as a dependency; a project may also install @clinic/<tool> alone.
    const found = findPackage(`@clinic/${tool}`, roots) ?? viaClinic(tool, roots);
    if (!found) throw missing(`clinic ${tool}`, 'clinic');
    return { tool, label: `clinic ${tool}`, module: found.main, version: found.version, html: `clinic/${tool}.html`, ticks: tool === 'flame' };
  }
  return null;
}

/** @param {{cwd: string, env: NodeJS.ProcessEnv}} where */
function searchRoots(where) {
  const custom = where.env[RESOLVE_ENV];
  if (custom) return custom.split(path.delimiter).filter(Boolean).map((dir) => path.resolve(where.cwd, dir));
  return [where.cwd, OWN_ROOT];
}

/**
 * @param {string} name
 * @param {string[]} roots
 * @returns {{main: string, version: string} | null}
 */
function findPackage(name, roots) {
  for (const root of roots) {
    let pkgPath;
    try {
      pkgPath = createRequire(path.join(root, 'noop.js')).resolve(`${name}/package.json`);
    } catch {
      continue;
    }
    try {
      const pkg = JSON.parse(fs.readFileSync(pkgPath, 'utf8'));
      const main = createRequire(pkgPath).resolve(`./${pkg.main || 'index.js'}`);
      return { main, version: String(pkg.version) };
    } catch {
      continue;
    }
  }
  return null;
}

/** @param {'doctor' | 'flame' | 'bubbleprof'} tool @param {string[]} roots */
function viaClinic(tool, roots) {
  for (const root of roots) {
    let clinicPkg;
    try {
      clinicPkg = createRequire(path.join(root, 'noop.js')).resolve('clinic/package.json');
    } catch {
      continue;
    }
    const found = findPackage(`@clinic/${tool}`, [path.dirname(clinicPkg)]);
    if (found) return found;
  }
  return null;
}

/** @param {string} what @param {string} pkg */
function missing(what, pkg) {
  return new UsageError(`${what} is not installed`, `npm install --save-dev ${pkg}`);
}
