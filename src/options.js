// Parsers for option values. Each throws commander's InvalidArgumentError with what was expected,
// which commander turns into one line and exit code 2.

import { InvalidArgumentError } from 'commander';
import { parseBudgets } from './analyze/budgets.js';
import { UsageError } from './errors.js';
import { gateMetricKeys, METRIC_EXAMPLES } from './analyze/gate-metrics.js';
import { DEFAULT_FORMATS } from './defaults.js';

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** @param {string} value seconds, or with a unit: 500ms, 10s, 2m */
export function seconds(value) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(String(value).trim());
  const n = m ? Number(m[1]) * ({ ms: 0.001, s: 1, m: 60 })[/** @type {'ms'|'s'|'m'} */ (m[2] || 's')] : NaN;
  if (!(n > 0)) throw new InvalidArgumentError('expected a positive duration in seconds, e.g. 10, 2.5, 500ms or 2m.');
  return n;
}

/** @param {string} value seconds as for `seconds`, or 0 */
export function secondsOrZero(value) {
  return /^0+(\.0*)?(ms|s|m)?$/.test(String(value).trim()) ? 0 : seconds(value);
}

/** @param {string} value */
export function positiveInt(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a whole number greater than 0.');
  return n;
}

/** @param {string} value milliseconds */
export function positiveMs(value) {
  const n = Number(String(value).replace(/ms$/, ''));
  if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError('expected a positive number of milliseconds.');
  return n;
}

/** @param {string} value */
export function port(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new InvalidArgumentError('expected a TCP port from 1 to 65535.');
  return n;
}

/** @param {string} value */
export function httpMethod(value) {
  const m = String(value).toUpperCase();
  if (!HTTP_METHODS.includes(m)) throw new InvalidArgumentError(`expected one of ${HTTP_METHODS.join(', ')}.`);
  return m;
}

/** @param {string} value @param {string[]} previous */
export function route(value, previous = []) {
  if (!String(value).startsWith('/')) throw new InvalidArgumentError('expected a path starting with /, e.g. /api/users?id=1.');
  return [...previous, value];
}

/** @param {string} value @param {Record<string, string>} previous */
export function header(value, previous = {}) {
  const i = String(value).indexOf(':');
  if (i <= 0) throw new InvalidArgumentError('expected "Name: value", e.g. -H "authorization: Bearer x".');
  return { ...previous, [value.slice(0, i).trim().toLowerCase()]: value.slice(i + 1).trim() };
}

/** @param {string} value budgets, e.g. "lag.p99>50ms,blocks.count>0" @param {import('./analyze/budgets.js').Budget[]} previous */
export function budgets(value, previous = []) {
  try {
    return [...previous, ...parseBudgets(value)];
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new InvalidArgumentError(`${error.message}; ${error.hint}.`);
  }
}

/** Every format: the defaults, pprof (profile.pb.gz) and benchmark (github-action-benchmark's JSON). */
export const FORMATS = [...DEFAULT_FORMATS, 'pprof', 'benchmark'];

/** @param {string} value comma-separated formats: json, html, md (markdown), junit, pprof, benchmark, or all */
export function formats(value) {
  const names = String(value).split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)
    .flatMap((s) => (s === 'all' ? FORMATS : [s === 'markdown' ? 'md' : s === 'xml' ? 'junit' : s]));
  const unknown = names.filter((s) => !FORMATS.includes(s));
  if (names.length === 0 || unknown.length) throw new InvalidArgumentError(`expected a comma-separated list of ${FORMATS.join(', ')} (or all)${unknown.length ? `, not ${unknown.join(', ')}` : ''}.`);
  return [...new Set(names)];
}

/** @param {string} value a percentage, e.g. 10 or 10% */
export function percent(value) {
  const n = Number(String(value).replace(/%$/, ''));
  if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError('expected a positive percentage, e.g. 10.');
  return n;
}

/**
 * --node-arg: node flags for the app file, each value split on spaces as NODE_OPTIONS is
 * (--node-arg="--import tsx" is two flags).
 * @param {string} value @param {string[]} previous
 */
export function nodeArgs(value, previous = []) {
  const flags = String(value).trim().split(/\s+/).filter(Boolean);
  if (flags.length === 0 || !flags[0].startsWith('-')) {
    throw new InvalidArgumentError('expected node flags, e.g. --node-arg=--env-file=.env or --node-arg="--import tsx".');
  }
  return [...previous, ...flags];
}

// node flags that NODE_OPTIONS refuses but the command line takes
const CLI_ONLY_NODE_FLAGS = ['--env-file', '--env-file-if-exists', '--run', '--watch', '--watch-path', '--test', '--check', '--eval', '--print', '--experimental-strip-types'];

/** node flags whose value may come as the next argument */
export const NODE_VALUE_FLAGS = ['--import', '--require', '-r', '--loader', '--experimental-loader', '--env-file', '--conditions', '-C'];

/** @param {string} flag e.g. --env-file=.env, --import */
export function isNodeFlag(flag) {
  const name = flag.split('=')[0];
  return process.allowedNodeEnvironmentFlags.has(name) || CLI_ONLY_NODE_FLAGS.includes(name);
}

/**
 * --baseline-metrics: noisy metrics to judge against the baseline even with one run a side.
 * @param {string} value comma-separated names, e.g. "lag.p99,probe.p99,load.rps" or all
 * @param {string[]} previous
 */
export function baselineMetrics(value, previous = []) {
  const { keys, unknown } = gateMetricKeys(String(value).split(','));
  if (unknown.length || keys.length === 0) throw new InvalidArgumentError(`expected metric names such as ${METRIC_EXAMPLES}${unknown.length ? `, not ${unknown.join(', ')}` : ''}.`);
  return [...new Set([...previous, ...keys])];
}
