// `run --repeat N`: the app run N times, one after the other, each run a whole report folder of
// its own (out/run-1 ... out/run-N), so that a side of the baseline gate has the repeated runs the
// rank test needs. The folder is a folder of runs: `--baseline` and `compare --runs` take it as it
// is. Beside the runs: repeat.json (each run's verdict and exit code, the budgets across the runs,
// and with --baseline the judgement of all N runs against it), summary.md and junit.xml.

import fs from 'node:fs';
import path from 'node:path';
import { run } from './run.js';
import { resolveTarget } from './resolve-target.js';
import { loadBaseline } from '../shared/saved-runs.js';
import { judgeAgainstBaseline } from '../../analyze/baseline.js';
import { repeatSummary } from '../../analyze/repeat-summary.js';
import { prepareOutDir } from '../../launch/out-dir.js';
import { renderRepeatMarkdown, renderRepeatJunit } from '../../report/repeat-files.js';
import { appendStepSummary } from '../../report/step-summary.js';
import { EXIT, UsageError } from '../../errors.js';
import { TOOL } from '../../tool.js';
import { RUN_DEFAULTS, DEFAULT_FORMATS } from '../../defaults.js';

/**
 * @param {import('./run.js').RunOptions & {repeat: number}} opts
 * @param {import('./run.js').RunIO} io
 */
export async function repeatRuns(opts, io) {
  const target = resolveTarget(opts, io.cwd, io.env); // a bad app or option fails before anything starts
  const baseline = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : null;
  const outDir = prepareOutDir(opts.out, target.name, io.cwd);
  const earlier = fs.readdirSync(outDir).filter((name) => /^run-\d+$/.test(name) || name === 'report.json' || name === 'repeat.json');
  if (earlier.length) {
    throw new UsageError(`${opts.out ?? outDir} already holds ${earlier.includes('report.json') ? 'a report' : 'runs'} (${earlier.slice(0, 3).join(', ')})`, 'give --repeat a new or empty --out folder, so its runs are the runs of one side');
  }
  /** @type {{dir: string, exitCode: number, message: string | null, report: any}[]} */
  const done = [];
  for (let i = 1; i <= opts.repeat && !io.stop.aborted; i++) {
    io.stderr.write(`eventloop-probe: run ${i} of ${opts.repeat}\n`);
    const dir = `run-${i}`;
    const r = await run({ ...opts, out: path.join(outDir, dir), baseline: undefined }, { ...io, stepSummary: false });
    done.push({ dir, exitCode: r.exitCode, message: r.message, report: r.report });
    if (r.exitCode === EXIT.TARGET || r.exitCode === EXIT.INTERRUPTED || r.exitCode === EXIT.TERMINATED) break;
  }
  const judged = baseline ? judgeAgainstBaseline(done.map((d) => d.report), baseline, { regressionPct: opts.baselineThreshold ?? RUN_DEFAULTS.baselineThreshold, metrics: opts.baselineMetrics, cwd: io.cwd }) : null;
  const summary = { schemaVersion: 1, tool: TOOL, kind: /** @type {const} */ ('repeat'), app: target.display, ...repeatSummary(done, opts.repeat), baseline: judged };
  const formats = opts.format ?? DEFAULT_FORMATS;
  fs.writeFileSync(path.join(outDir, 'repeat.json'), JSON.stringify(summary, null, 2) + '\n');
  const md = renderRepeatMarkdown(summary);
  if (formats.includes('md')) fs.writeFileSync(path.join(outDir, 'summary.md'), md);
  if (formats.includes('junit')) fs.writeFileSync(path.join(outDir, 'junit.xml'), renderRepeatJunit(summary));
  const note = io.env.GITHUB_STEP_SUMMARY ? appendStepSummary(io.env.GITHUB_STEP_SUMMARY, md) : null;
  if (note) io.stderr.write(`eventloop-probe: ${note}\n`);
  return { ...outcome(done, summary, io.stop), summary, outDir };
}

/**
 * The exit code and message of the whole: the app failing or an interrupt ends it as the run that
 * met it did; then budgets broken in most runs and regressions against the baseline.
 * @param {{dir: string, exitCode: number, message: string | null}[]} done
 * @param {ReturnType<typeof repeatSummary> & {baseline: import('../../analyze/baseline.js').BaselineResult | null}} summary
 * @param {AbortSignal} stop
 */
function outcome(done, summary, stop) {
  const last = done.at(-1);
  if (last && [EXIT.TARGET, EXIT.INTERRUPTED, EXIT.TERMINATED].includes(/** @type {any} */ (last.exitCode))) {
    return { exitCode: last.exitCode, message: `${last.dir}: ${last.message ?? 'stopped'}; ${done.length - 1} earlier run(s) kept` };
  }
  if (stop.aborted && done.length < summary.planned) {
    // interrupted between two runs: the runs so far are kept, none was cut short
    return { exitCode: stop.reason === 'SIGTERM' ? EXIT.TERMINATED : EXIT.INTERRUPTED, message: `interrupted after ${done.length} of ${summary.planned} runs; they are kept` };
  }
  const parts = [];
  const broken = summary.budgets.filter((b) => !b.ok);
  if (broken.length) parts.push(`${broken.length} budget(s) failed in most runs:\n${broken.map((b) => `  ${b.expr}: breached in ${b.breached} of ${b.runs} runs`).join('\n')}`);
  const regressions = summary.baseline?.regressions ?? [];
  if (regressions.length) parts.push(`${regressions.length} regression(s) against the baseline:\n${regressions.map((r) => `  ${r.text}`).join('\n')}`);
  return parts.length ? { exitCode: EXIT.BUDGET, message: parts.join('\n') } : { exitCode: EXIT.OK, message: null };
}
