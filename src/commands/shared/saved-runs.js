// Saved runs for `compare --runs`: each argument is one side, a report.json file, a run folder holding
// one, or a folder whose sub-folders hold one each (repeated runs, e.g. compare's <scenario>/run-N).
// Anything that is not a report.json of ours, or is from a newer schema, is a usage error.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { SCHEMA_VERSION } from '../../analyze/build-report.js';
import { TOOL } from '../../tool.js';

/**
 * @typedef {{label: string, runs: {path: string, report: import('../../../types/report.js').Report}[]}} Side
 */

/** @param {string[]} args @param {string} cwd @returns {Side[]} */
export function loadSides(args, cwd) {
  return args.map((arg) => {
    const full = path.resolve(cwd, arg);
    const files = reportFiles(full, arg);
    return { label: arg, runs: files.map((file) => ({ path: path.relative(cwd, file) || file, report: readReport(file, path.relative(cwd, file) || file) })) };
  });
}

/** @param {string} full @param {string} arg */
function reportFiles(full, arg) {
  let stat;
  try {
    stat = fs.statSync(full);
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new UsageError(`cannot read ${arg}: ${code === 'ENOENT' ? 'no such file or folder' : code}`, 'give saved report.json files, run folders, or folders of repeated runs');
  }
  if (!stat.isDirectory()) return [full];
  const own = path.join(full, 'report.json');
  if (fs.existsSync(own)) return [own];
  let names;
  try {
    names = fs.readdirSync(full, { withFileTypes: true });
  } catch {
    throw new UsageError(`cannot read the folder ${arg}`, 'check its permissions');
  }
  const files = names.filter((d) => d.isDirectory()).sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map((d) => path.join(full, d.name, 'report.json')).filter((f) => fs.existsSync(f));
  if (files.length === 0) {
    const hint = fs.existsSync(path.join(full, 'compare.json'))
      ? 'this is a compare folder: give its scenario folders, e.g. <folder>/sync <folder>/partitioned'
      : 'give report.json files, run folders, or a folder of run folders';
    throw new UsageError(`no report.json in ${arg}`, hint);
  }
  return files;
}

/** @param {string} file @param {string} shown */
function readReport(file, shown) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code;
    throw new UsageError(code ? `cannot read ${shown} (${code})` : `${shown} is not valid JSON`, 'give a report.json written by eventloop-probe run');
  }
  if (!report || typeof report !== 'object' || report.tool?.name !== TOOL.name || typeof report.schemaVersion !== 'number') {
    throw new UsageError(`${shown} is not a report.json of ${TOOL.name}`, 'give a report.json written by eventloop-probe run');
  }
  if (report.schemaVersion > SCHEMA_VERSION) {
    throw new UsageError(`${shown} has schemaVersion ${report.schemaVersion}, newer than this ${TOOL.name} reads (${SCHEMA_VERSION})`, `upgrade ${TOOL.name}`);
  }
  return report;
}

/**
 * The saved run(s) of --baseline: a report.json, a run folder, or a folder of run folders.
 * @param {string} arg @param {string} cwd @returns {Side}
 */
export function loadBaseline(arg, cwd) {
  if (!fs.existsSync(path.resolve(cwd, arg))) {
    throw new UsageError(`baseline not found: ${arg}`, 'give the report.json or the report folder of a saved run, e.g. the main branch\'s artifact');
  }
  return loadSides([arg], cwd)[0];
}
