// `eventloop-probe report <dir|report.json>`: re-render the formats of a saved run (and, with
// --fail-on, check new budgets against it).

import fs from 'node:fs';
import path from 'node:path';
import { EXIT, UsageError } from '../../errors.js';
import { SCHEMA_VERSION } from '../../analyze/build-report.js';
import { gateMessage } from '../shared/gates.js';
import { evaluateBudgets } from '../../analyze/budgets.js';
import { artifactsFor, readProfile, writeReportFolder } from '../../report/write-folder.js';
import { loadBaseline } from '../shared/saved-runs.js';
import { judgeAgainstBaseline } from '../../analyze/baseline.js';
import { completeSaved } from '../../analyze/saved-report.js';
import { isProductionLog, logToReport } from '../../production/log-report.js';
import { TOOL } from '../../tool.js';
import { RUN_DEFAULTS, DEFAULT_FORMATS } from '../../defaults.js';

/** @typedef {import('../../../types/report.js').Report} Report */

/**
 * Reads and checks a saved report.
 * @param {string} input a report folder or its report.json
 * @param {string} cwd
 * @returns {{report: Report, dir: string, file: string}}
 */
export function loadReport(input, cwd) {
  const given = path.resolve(cwd, input);
  if (!fs.existsSync(given)) throw new UsageError(`report not found: ${input}`, 'give a report folder or its report.json');
  const file = fs.statSync(given).isDirectory() ? path.join(given, 'report.json') : given;
  if (!fs.existsSync(file)) throw new UsageError(`no report.json in ${input}`, 'give a folder written by eventloop-probe run');
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path.relative(cwd, file) || file} is not valid JSON (${/** @type {Error} */ (error).message})`);
  }
  if (!report || typeof report !== 'object' || report.tool?.name !== 'eventloop-probe' || !Number.isInteger(report.schemaVersion)) {
    throw new UsageError(`${input} is not an eventloop-probe report (no tool.name "eventloop-probe" with a schemaVersion)`);
  }
  if (report.schemaVersion > SCHEMA_VERSION) {
    throw new UsageError(`${input} has schemaVersion ${report.schemaVersion}, newer than this eventloop-probe reads (${SCHEMA_VERSION})`, 'upgrade eventloop-probe');
  }
  // an app that failed to start has no verdict, and says why
  const failedStart = report.failure?.stage === 'start';
  for (const key of ['run', 'lag', 'blocking', ...(failedStart ? [] : ['verdict'])]) {
    if (!report[key] || typeof report[key] !== 'object') throw new UsageError(`${input} is not a complete report: "${key}" is missing`);
  }
  return { report, dir: path.dirname(file), file };
}

/**
 * @param {{input: string, out?: string, failOn?: import('../../analyze/budgets.js').Budget[], format?: string[],
 *   baseline?: string, baselineThreshold?: number, baselineMetrics?: string[]}} opts
 * @param {{env: NodeJS.ProcessEnv, cwd: string}} io
 * @returns {{exitCode: number, message: string | null, report: Report, outDir: string, files: string[], notes: string[]}}
 */
export function rerenderReport(opts, io) {
  const log = productionLog(opts.input, io.cwd);
  if (log) return logReport(log, opts, io);
  const { report: saved, dir } = loadReport(opts.input, io.cwd);
  const baseline = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : null;
  const outDir = opts.out ? path.resolve(io.cwd, opts.out) : dir;
  if (fs.existsSync(outDir) && !fs.statSync(outDir).isDirectory()) throw new UsageError(`--out ${opts.out} is a file`, 'give a folder');
  try {
    fs.mkdirSync(outDir, { recursive: true });
    fs.accessSync(outDir, fs.constants.W_OK);
  } catch {
    throw new UsageError(`cannot write to ${opts.out ?? dir}`, 'give a writable folder with --out');
  }
  // The saved report with what this command decides anew: the budgets (with --fail-on) and the
  // files it writes (flamegraph.html only when the saved profile can be read).
  const formats = opts.format ?? DEFAULT_FORMATS;
  const { profile, note } = formats.includes('html') || formats.includes('pprof') ? readProfile(dir, saved) : { profile: null, note: null };
  const artifacts = { ...saved.artifacts, ...artifactsFor(formats.filter((f) => f !== 'json'), profile ? saved : { profile: null }) };
  if (formats.includes('html') && !profile) delete artifacts.flamegraph;
  // a failed start has no window: budgets and a baseline have nothing to be checked against
  const failedStart = saved.failure?.stage === 'start';
  /** @type {Report} */
  const report = {
    ...saved,
    budgets: opts.failOn && !failedStart ? evaluateBudgets(saved, opts.failOn) : Array.isArray(saved.budgets) ? saved.budgets : [],
    artifacts,
  };
  if (baseline && !failedStart) report.baseline = judgeAgainstBaseline([report], baseline, { regressionPct: opts.baselineThreshold ?? RUN_DEFAULTS.baselineThreshold, metrics: opts.baselineMetrics, cwd: io.cwd });
  // report.json is written back as it was saved; what is shown is it completed by the analysis
  const shown = completeSaved(report, io.cwd);
  const finished = writeReportFolder(outDir, report, { formats, env: io.env, stepSummary: false, profile, sourceDir: dir, shown });
  if (note) finished.notes.unshift(note);
  const unchecked = failedStart && (opts.failOn || baseline) ? 'the app failed to start: no measured window to check budgets or a baseline against' : null;
  const message = unchecked ?? gateMessage(report);
  return { exitCode: message ? EXIT.BUDGET : EXIT.OK, message, report: shown, outDir, files: finished.files, notes: finished.notes };
}

/**
 * The text of a production log (`node --require eventloop-probe/register` writes it), or null.
 * @param {string} input @param {string} cwd
 */
function productionLog(input, cwd) {
  const file = path.resolve(cwd, input);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile() || file.endsWith('.json')) return null;
  const text = fs.readFileSync(file, 'utf8');
  return isProductionLog(text) ? { file, text } : null;
}

/**
 * `report <log>`: the production log's blocks, figures and flame graph as a report folder (by
 * default reports/<log name>/).
 * @param {{file: string, text: string}} log
 * @param {Parameters<typeof rerenderReport>[0]} opts @param {Parameters<typeof rerenderReport>[1]} io
 */
function logReport(log, opts, io) {
  const { report: built, profile } = logToReport(log.text, { file: log.file, tool: TOOL });
  const outDir = path.resolve(io.cwd, opts.out ?? path.join('reports', path.basename(log.file).replace(/\.[^.]*$/, '')));
  try {
    fs.mkdirSync(outDir, { recursive: true });
    fs.accessSync(outDir, fs.constants.W_OK);
  } catch {
    throw new UsageError(`cannot write to ${path.relative(io.cwd, outDir) || outDir}`, 'give a writable folder with --out');
  }
  if (profile) fs.writeFileSync(path.join(outDir, 'profile.cpuprofile'), JSON.stringify(profile));
  const formats = opts.format ?? DEFAULT_FORMATS;
  /** @type {Report} */
  const report = {
    ...built,
    budgets: opts.failOn ? evaluateBudgets(built, opts.failOn) : [],
    artifacts: { json: 'report.json', ...(profile ? { profile: 'profile.cpuprofile' } : {}), ...artifactsFor(formats.filter((f) => f !== 'json'), profile ? built : { profile: null }) },
  };
  const shown = completeSaved(report, io.cwd);
  const finished = writeReportFolder(outDir, report, { formats, env: io.env, stepSummary: false, profile: profile ? readProfile(outDir, report).profile : null, sourceDir: outDir, shown });
  const message = gateMessage(report);
  return { exitCode: message ? EXIT.BUDGET : EXIT.OK, message, report: shown, outDir, files: finished.files, notes: finished.notes };
}
