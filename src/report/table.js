// The terminal view of a report: lag, loop, blocks and HTTP tables and the verdict line.
// Returns a string; the caller decides where it goes.

import Table from 'cli-table3';
import { ms, pct, int } from './format.js';
import { formatValue, actualText } from '../analyze/budgets.js';
import { renderBlocks } from './blocks-table.js';
import { renderPool } from './pool-table.js';
import { renderRoutes } from './routes-table.js';
import { renderFailedStart } from './failure.js';
import { multiLoops, verdictLoop, loopCells, otherLoopsWithBlocks, LOOP_HEAD } from './loop-rows.js';

/** @typedef {import('../../types/report.js').Report} Report */

/** @typedef {import('chalk').ChalkInstance} Chalk */

/** @type {Record<import('../../types/report.js').VerdictStatus, 'green' | 'yellow' | 'magenta' | 'red'>} */
const STATUS_COLOR = { responsive: 'green', degraded: 'yellow', saturated: 'magenta', blocked: 'red' };

/** Longest blocks shown in the terminal for each loop other than the main thread. */
const OTHER_LOOP_ROWS = 5;

/** @param {string[]} head */
function table(head) {
  return new Table({ head, style: { head: [], border: [] } });
}

/** @param {Report} report @param {Chalk} c @param {string} [cwd] for file names relative to the app's folder */
export function renderRunTables(report, c, cwd = process.cwd()) {
  if (!report.verdict) return renderFailedStart(report, cwd);
  const T = report.run.thresholdMs;
  /** @param {number} v */
  const lagCell = (v) => (v >= T ? c.red(ms(v)) : v >= T / 5 ? c.yellow(ms(v)) : ms(v));
  const out = [header(report, c)];

  const lag = report.lag;
  const lagTable = table(['event-loop delay', 'min', 'mean', 'p50', 'p90', 'p99', 'max', 'samples']);
  lagTable.push(['lag', ...[lag.minMs, lag.meanMs, lag.p50Ms, lag.p90Ms, lag.p99Ms, lag.maxMs].map(lagCell), int(lag.samples)]);
  out.push(lagTable.toString());

  const loop = table(['loop', 'ELU mean', 'ELU max', 'CPU', 'GC', 'GC max', 'RSS max', 'blocks', 'blocked', 'longest']);
  const b = report.blocking;
  loop.push([
    'process', pct(report.elu.mean), pct(report.elu.max), `${report.cpu.percent.toFixed(1)}%`,
    `${int(report.gc.count)} / ${ms(report.gc.totalMs)}`, ms(report.gc.maxMs), `${report.memory.rssMaxMb} MB`,
    b.count ? c.red(int(b.count)) : '0', b.count ? `${ms(b.totalMs)} (${pct(b.fraction)})` : '-', b.count ? c.red(ms(b.longestMs)) : '-',
  ]);
  const loops = multiLoops(report);
  for (const t of loops ? [] : report.threads ?? []) {
    loop.push([`thread ${t.threadId}`, pct(t.elu.mean), '-', '-', '-', '-', '-',
      t.blocking.count ? c.red(int(t.blocking.count)) : '0', t.blocking.count ? `${ms(t.blocking.totalMs)} (${pct(t.blocking.fraction)})` : '-',
      t.blocking.count ? c.red(ms(t.blocking.longestMs)) : '-']);
  }
  out.push(loop.toString());
  if (loops) out.push(loopsTable(loops, lagCell, c));
  else if (report.threads?.length) {
    const th = table(['event-loop delay', 'p50', 'p99', 'max', 'samples']);
    th.push(['main', ms(report.lag.p50Ms), lagCell(report.lag.p99Ms), ms(report.lag.maxMs), int(report.lag.samples)]);
    for (const t of report.threads) th.push([`thread ${t.threadId}`, ms(t.lag.p50Ms), lagCell(t.lag.p99Ms), ms(t.lag.maxMs), int(t.lag.samples)]);
    out.push(th.toString());
  }
  const main = renderBlocks(report, c, cwd);
  // the other loops' longest blocks only: a cluster of busy workers would fill the screen
  const others = otherLoopsWithBlocks(report).map(({ loop, part }) => ({ loop, lines: renderBlocks(part, c, cwd, OTHER_LOOP_ROWS) })).filter((x) => x.lines.length);
  if (main.length && others.length) out.push(c.bold('main thread:'));
  out.push(...main);
  for (const { loop, lines } of others) out.push(c.bold(`${loop.label}:`), ...lines);

  const { probe, load } = report.http;
  if (probe || load) {
    const http = table(['http', 'requests', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors', 'timeouts']);
    for (const [name, s] of /** @type {[string, import('../../types/report.js').HttpSummary | null][]} */ ([['probe', probe], ['load', load]])) {
      if (!s) continue;
      http.push([
        name, int(s.requests), s.rps.toFixed(1), ms(s.p50Ms), ms(s.p90Ms), lagCell(s.p99Ms), ms(s.maxMs),
        s.errors ? c.red(int(s.errors)) : '0', s.timeouts ? c.red(int(s.timeouts)) : '0',
      ]);
    }
    out.push(http.toString());
  }
  out.push(...renderRoutes(report, c));
  out.push(...renderPool(report.threadPool, T, c));
  const warm = warmupLine(report) ?? startupLine(report);
  if (warm) out.push(c.dim(warm));
  if (report.budgets?.length) out.push(budgetTable(report.budgets, c));
  for (const f of report.findings ?? []) out.push(c.cyan(`finding: ${f.text}`));
  for (const note of report.notes) out.push(c.yellow(`note: ${note}`));
  const status = report.verdict.status;
  const about = verdictLoop(report);
  out.push(`${c.bold[STATUS_COLOR[status]](`verdict: ${status}${about ? ` in ${about.label}` : ''}`)} (${report.verdict.reasons.join('; ')})`);
  return out.join('\n') + '\n';
}

/**
 * One row per event loop of the app (main thread, cluster workers, worker threads).
 * @param {import('../../types/report.js').LoopSection[]} loops @param {(v: number) => string} lagCell @param {Chalk} c
 */
function loopsTable(loops, lagCell, c) {
  const t = table(LOOP_HEAD);
  for (const loop of loops) {
    const { cells, blocked } = loopCells(loop);
    const status = loop.verdict?.status;
    t.push(cells.map((cell, i) => (i === 1 && loop.lag?.samples ? lagCell(loop.lag.p99Ms) : blocked && (i === 4 || i === 6) ? c.red(cell)
      : i === 7 && status in STATUS_COLOR ? c[STATUS_COLOR[status]](cell) : cell)));
  }
  return t.toString();
}

/**
 * The warm-up before the window, in one line: shown apart, never judged. Null without one. In a
 * report of a production log, the start-up: the blocks before the app listened.
 * @param {Pick<Report, 'warmup'> & {run?: Pick<Report['run'], 'mode'>}} report
 */
export function warmupLine(report) {
  const w = report.warmup;
  if (!w) return null;
  if (report.run?.mode === 'log') {
    const longest = w.blocks.reduce((m, b) => Math.max(m, b.durationMs), 0);
    return `start-up, before the app listened, not judged: ${int(w.blocking.count)} block(s), the longest ${ms(longest)}`;
  }
  const parts = [`lag max ${ms(w.lagMaxMs)}`, `${int(w.blocking.count)} block(s)`];
  if (w.probe) {
    parts.unshift(w.probe.requests > 0 ? `probe p99 ${ms(w.probe.p99Ms)} (max ${ms(w.probe.maxMs)})` : 'no probe answered');
  }
  return `warm-up ${(w.durationMs / 1000).toFixed(1)} s before the window, not judged: ${parts.join(', ')}`;
}

/**
 * A script's start-up (its main module, before the loop's first turn) when it took a block's
 * length: outside the window, never judged. Null otherwise.
 * @param {Pick<Report, 'run'>} report
 */
export function startupLine(report) {
  const startup = report.run.startupMs;
  if (report.run.mode !== 'script' || typeof startup !== 'number' || startup < report.run.thresholdMs) return null;
  return `start-up ${ms(startup)} before the loop's first turn (the main module), not judged`;
}

/** @param {Report} report @param {Chalk} c */
function header(report, c) {
  const t = report.target;
  const s = report.run.settings;
  const what = report.run.mode === 'load'
    ? `${s.connections} connections on ${s.routes.join(', ')}${s.rate ? ` at ${s.rate} req/s` : ''}, probe ${s.probe ?? 'off'}`
    : report.run.mode === 'observe' ? `observing port ${t.port}, no load` : report.run.mode === 'log' ? `from the production log ${s.log ?? ''}` : 'script, no server';
  return `${c.bold('eventloop-probe')} ${t.script} · node ${t.nodeVersion} · pid ${t.pid} · ${(report.run.durationMs / 1000).toFixed(1)} s · ${what}`;
}

/** The --fail-on budgets, breaches in red. @param {import('../../types/report.js').BudgetResult[]} budgets @param {Chalk} c */
function budgetTable(budgets, c) {
  const t = table(['budget', 'field', 'actual', 'fails when', 'result']);
  for (const b of budgets) {
    t.push([b.expr, b.path, actualText(b), `${b.op} ${formatValue(b.path, b.limit)}`, b.ok ? c.green('ok') : c.red('FAILED')]);
  }
  return t.toString();
}
