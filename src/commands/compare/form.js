// `compare` has two explicit forms, each with its own options:
//   compare [scenario...]                 replays the scheduling scenarios (default: all)
//   compare --runs <a> <b> [more...]      compares saved runs (report.json files or folders)
// Nothing is guessed from the disk: an option of the other form is a usage error, never ignored.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import scenarios from '../../../scenarios/index.cjs';

/** Options only the scenario replay takes (commander's attribute names). */
export const SCENARIO_ONLY = ['rounds', 'timeBudget', 'repeat'];
/** Options only the saved-run comparison takes. */
export const SAVED_ONLY = ['threshold', 'failOnRegression'];

/** @param {string} key an attribute name, e.g. timeBudget @returns {string} --time-budget */
const flag = (key) => `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;

/**
 * Which form the user asked for, checked before anything starts.
 * @param {string[]} args the positional arguments (scenario names)
 * @param {{runs?: string[]}} opts
 * @param {(key: string) => boolean} given whether the user gave this option on the command line
 * @param {string} cwd
 * @returns {{kind: 'scenarios', names: string[]} | {kind: 'saved', paths: string[]}}
 */
export function compareForm(args, opts, given, cwd) {
  if (opts.runs) {
    if (args.length) throw new UsageError(`compare --runs takes saved runs only; ${args[0]} comes after them`, 'put every saved run after --runs, or replay scenarios without --runs');
    const wrong = SCENARIO_ONLY.find(given);
    if (wrong) throw new UsageError(`${flag(wrong)} is an option of the scenario replay, not of compare --runs`, `drop ${flag(wrong)}`);
    if (opts.runs.length < 2) throw new UsageError('compare --runs needs at least two saved runs', 'e.g. eventloop-probe compare --runs before/report.json after/report.json');
    return { kind: 'saved', paths: opts.runs };
  }
  const wrong = SAVED_ONLY.find(given);
  if (wrong) throw new UsageError(`${flag(wrong)} is an option of compare --runs (saved runs), not of the scenario replay`, `compare saved runs with compare --runs <a> <b> ${flag(wrong)} ...`);
  const unknown = args.find((arg) => !scenarios.NAMES.includes(arg));
  if (unknown !== undefined) {
    const savedRun = /[\\/]|\.json$/i.test(unknown) || fs.existsSync(path.resolve(cwd, unknown));
    throw new UsageError(`unknown scenario: ${unknown}`, `one of ${scenarios.NAMES.join(', ')}${savedRun ? '; to compare saved runs: compare --runs <a> <b>' : ''}`);
  }
  return { kind: 'scenarios', names: args.length ? [...new Set(args)] : [...scenarios.NAMES] };
}
