// `eventloop-probe compare [args...]`: scenario names replay the scheduling scenarios; existing
// report.json files or folders compare saved runs. An argument that exists on disk is a saved run.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import scenarios from '../../scenarios/index.cjs';

/**
 * @param {string[]} args
 * @param {string} cwd
 * @returns {{kind: 'scenarios', names: string[]} | {kind: 'saved', paths: string[]}}
 */
export function classifyCompareArgs(args, cwd) {
  if (args.length === 0) return { kind: 'scenarios', names: [...scenarios.NAMES] };
  const kinds = args.map((arg) => {
    if (fs.existsSync(path.resolve(cwd, arg))) return 'saved';
    if (scenarios.NAMES.includes(arg)) return 'scenarios';
    if (/[\\/]|\.json$/i.test(arg)) throw new UsageError(`cannot read ${arg}: no such file or folder`, 'give saved report.json files or their folders');
    throw new UsageError(`unknown scenario: ${arg}`, `one of ${scenarios.NAMES.join(', ')}, or saved report.json files`);
  });
  if (kinds.every((k) => k === 'scenarios')) return { kind: 'scenarios', names: [...new Set(args)] };
  if (kinds.every((k) => k === 'saved')) {
    if (args.length < 2) throw new UsageError('compare needs at least two saved runs', 'e.g. eventloop-probe compare before/report.json after/report.json');
    return { kind: 'saved', paths: args };
  }
  throw new UsageError('cannot mix scenario names and saved runs', 'give either scenario names or report.json files/folders');
}
