// summary.md: the verdict, budgets, the terminal's tables and the top blocking call sites, in
// GitHub-flavoured Markdown (fits a GitHub Actions job summary). Returns a string.

import { warmupLine } from './table.js';
import { ms, pct, int, culpritText, shownSites, siteLocation } from './format.js';
import { baselineRows, baselineRule, siteRows, regressionHeadline, SITE_HEAD } from './baseline-table.js';
import { runLine } from './run-line.js';
import { poolShown, callerText } from './pool-table.js';
import { ROUTE_HEAD, routeCells, MAX_ROUTES, heldByText, heldRoutes } from './routes-table.js';
import { formatValue, actualText } from '../analyze/budgets.js';
import { multiLoops, verdictLoop, loopCells, otherLoopsWithBlocks, LOOP_HEAD } from './loop-rows.js';

/** @typedef {import('../../types/report.js').Report} Report */

const ICON = { responsive: '🟢', degraded: '🟡', saturated: '🟠', blocked: '🔴' };
const MAX_BLOCKS = 10;
const MAX_ADVICE = 3;

/** @param {unknown} v */
export function cell(v) {
  return String(v ?? '-').replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}

/** @param {string[]} head @param {unknown[][]} rows */
export function mdTable(head, rows) {
  return [`| ${head.map(cell).join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/** @param {Report} report */
export function renderMarkdown(report) {
  const failure = report.failure ?? null;
  if (failure?.stage === 'start') return failedStart(report, failure);
  const status = /** @type {'responsive' | 'degraded' | 'saturated' | 'blocked'} */ (report.verdict?.status ?? 'responsive');
  const about = verdictLoop(report);
  const out = [`## ${ICON[status] ?? ''} eventloop-probe: ${status}${about ? ` in ${cell(about.label)}` : ''}`, '', cell(runLine(report)), ''];
  if (failure) out.push(`- ❌ ${cell(failure.message)}${failure.error ? `: \`${cell(failure.error.line)}\`` : ''}`);
  out.push(...baselineLead(report.baseline));
  for (const reason of report.verdict?.reasons ?? []) out.push(`- ${reason}`);
  for (const finding of report.findings ?? []) out.push(`- finding: ${cell(finding.text)}`);
  out.push('');

  const budgets = report.budgets ?? [];
  if (budgets.length) {
    const failed = budgets.filter((b) => !b.ok).length;
    out.push(`### Budgets: ${failed ? `${failed} of ${budgets.length} failed` : `all ${budgets.length} passed`}`, '');
    out.push(mdTable(['', 'budget', 'field', 'actual', 'fails when', 'result'], budgets.map((b) => [
      b.ok ? '✅' : '❌', `\`${b.expr}\``, `\`${b.path}\``, actualText(b), `${b.op} ${formatValue(b.path, b.limit)}`, b.ok ? 'ok' : 'failed',
    ])), '');
  }

  out.push(...baselineSection(report.baseline));

  const lag = report.lag;
  out.push('### Event loop', '');
  out.push(mdTable(['event-loop delay', 'min', 'mean', 'p50', 'p90', 'p99', 'max', 'samples'],
    [['lag', ms(lag.minMs), ms(lag.meanMs), ms(lag.p50Ms), ms(lag.p90Ms), ms(lag.p99Ms), ms(lag.maxMs), int(lag.samples)]]), '');
  const b = report.blocking;
  out.push(mdTable(['ELU mean', 'ELU max', 'CPU', 'GC', 'GC max', 'RSS max', 'blocks', 'blocked', 'longest'], [[
    pct(report.elu.mean), pct(report.elu.max), `${Number(report.cpu.percent).toFixed(1)}%`,
    `${int(report.gc.count)} / ${ms(report.gc.totalMs)}`, ms(report.gc.maxMs), `${report.memory.rssMaxMb} MB`,
    int(b.count), b.count ? `${ms(b.totalMs)} (${pct(b.fraction)})` : '-', b.count ? ms(b.longestMs) : '-',
  ]]), '');

  const loops = multiLoops(report);
  if (loops) out.push(mdTable(LOOP_HEAD, loops.map((l) => loopCells(l).cells)), '');
  const threads = !loops && Array.isArray(report.threads) ? report.threads : [];
  if (threads.length) {
    out.push(mdTable(['thread', 'ELU mean', 'lag p50', 'lag p99', 'lag max', 'blocks', 'blocked', 'longest'], threads.map((t) => [
      `thread ${t.threadId}`, pct(t.elu?.mean), ms(t.lag?.p50Ms), ms(t.lag?.p99Ms), ms(t.lag?.maxMs), int(t.blocking?.count ?? 0),
      t.blocking?.count ? `${ms(t.blocking.totalMs)} (${pct(t.blocking.fraction)})` : '-', t.blocking?.count ? ms(t.blocking.longestMs) : '-',
    ])), '');
  }

  const rows = /** @type {[string, import('../../types/report.js').HttpSummary | null][]} */ ([['probe', report.http?.probe], ['load', report.http?.load]]).flatMap(([name, s]) => (s ? [/** @type {const} */ ([name, s])] : []));
  if (rows.length) {
    out.push('### HTTP', '');
    out.push(mdTable(['http', 'requests', 'req/s', 'p50', 'p90', 'p99', 'max', 'errors', 'timeouts'], rows.map(([name, s]) => [
      name, int(s.requests), Number(s.rps).toFixed(1), ms(s.p50Ms), ms(s.p90Ms), ms(s.p99Ms), ms(s.maxMs), int(s.errors), int(s.timeouts),
    ])), '');
  }

  const routes = report.routes ?? [];
  if (routes.length) {
    out.push('### Routes', '');
    const held = heldRoutes(routes).length > 0;
    out.push(mdTable(held ? [...ROUTE_HEAD, 'held by'] : ROUTE_HEAD, routes.slice(0, MAX_ROUTES).map((r) => [
      ...routeCells(r).map((x, i) => (i === 0 ? `\`${cell(x)}\`` : x)), ...(held ? [r.blocks ? cell(heldByText(r)) : '-'] : []),
    ])), '');
  }
  out.push(...blockSections(report, '###', loops ? ': main thread' : ''));
  out.push(...poolSection(report));
  for (const { loop, part } of otherLoopsWithBlocks(report)) {
    out.push(`### ${cell(loop.label)}: ${loop.verdict?.status ?? ''}`, '');
    for (const reason of loop.verdict?.reasons ?? []) out.push(`- ${cell(reason)}`);
    if (loop.verdict?.reasons?.length) out.push('');
    out.push(...blockSections(part, '####'));
  }
  const warm = warmupLine(report);
  if (warm) out.push(`_${warm}_`, '');
  for (const note of report.notes ?? []) out.push(`> note: ${cell(note)}`);
  if ((report.notes ?? []).length) out.push('');
  return out.join('\n');
}

/**
 * The top blocking call sites and the longest blocks of a loop, with the advice.
 * @param {Report} report the report, or one loop's part of it (blocks, topSites) @param {string} level heading
 * @param {string} [which] after the headings
 */
function blockSections(report, level, which = '') {
  const out = [];
  const sites = shownSites(report.topSites);
  if (sites.length) {
    out.push(`${level} Top blocking call sites${which}`, '');
    out.push(mdTable(['function', 'location', 'blocked', 'blocks'], sites.map((s) => [`\`${s.functionName}\``, siteLocation(s), ms(s.blockedMs), int(s.count)])), '');
  }

  const blocks = Array.isArray(report.blocks) ? report.blocks : [];
  if (blocks.length) {
    const longest = [...blocks].sort((x, y) => y.durationMs - x.durationMs).slice(0, MAX_BLOCKS);
    out.push(`${level} Longest blocks${which}${blocks.length > MAX_BLOCKS ? ` (${MAX_BLOCKS} of ${blocks.length})` : ''}`, '');
    out.push(mdTable(['start', 'duration', 'culprit ← called at', 'request', 'cause', 'GC'], longest.map((x) => [
      x.startMs < 0 ? `-${ms(-x.startMs)}` : `+${ms(x.startMs)}`, `${ms(x.durationMs)}${x.ongoing ? ' (still running)' : ''}`, runningFrame(x),
      x.requests?.label ? cell(x.requests.label) : '-', x.cause ?? x.phase ?? '-', typeof x.gcShare === 'number' && x.gcShare > 0 ? pct(x.gcShare) : '-',
    ])), '');
    // one line per kind of advice and place: the longest block of each says it
    const advice = new Map();
    for (const x of longest) {
      const f = x.culprit;
      const key = `${x.fix ?? x.cause}\0${f ? `${f.url}:${f.line}` : ''}`;
      if (x.advice && x.cause && !advice.has(key)) advice.set(key, x.advice);
    }
    for (const line of [...advice.values()].slice(0, MAX_ADVICE)) out.push(`- advice: ${cell(line)}`);
    if (advice.size) out.push('');
  }
  return out;
}

/** libuv's thread pool, when its jobs waited. @param {Report} report */
function poolSection(report) {
  const pool = report.threadPool;
  if (!poolShown(pool, report.run.thresholdMs)) return [];
  const out = [`### Thread pool: ${pool.saturated ? 'saturated' : 'busy'}`, ''];
  out.push(mdTable(['threads', 'cores', 'job wait p50', 'p90', 'p99', 'max', 'other threads CPU'], [[
    String(pool.size), pool.cores === null ? '-' : String(pool.cores), ms(pool.waitP50Ms), ms(pool.waitP90Ms), ms(pool.waitP99Ms), ms(pool.waitMaxMs),
    pool.otherThreadsCores === null ? '-' : `${pool.otherThreadsCores} cores`,
  ]]), '');
  if (pool.callers.length) {
    out.push(mdTable(['filled by', 'requests seen', 'share of its time'], pool.callers.slice(0, 5).map((k) => [`\`${cell(callerText(k))}\``, int(k.count), `${Math.round(k.share * 100)}%`])), '');
  }
  if (pool.advice) out.push(`- advice: ${cell(pool.advice)}`, '');
  return out;
}

/**
 * The regressions against the baseline in words, first thing under the heading: what a reviewer acts on.
 * @param {import('../analyze/baseline.js').BaselineResult | undefined} b
 */
export function baselineLead(b) {
  if (!b?.regressions.length) return [];
  return [`### 🔺 ${cell(regressionHeadline(b))}`, '', ...b.regressions.map((r) => `- ${cell(r.text)}`), ''];
}

/**
 * `run --baseline`: the blocking call sites and each metric beside the baseline's, the rule, and
 * the settings that differ.
 * @param {import('../analyze/baseline.js').BaselineResult | undefined} b
 */
export function baselineSection(b) {
  if (!b) return [];
  const n = b.regressions.length;
  const out = [`### Against the baseline: ${n ? `${n} regression(s)` : 'no regression'}`, '', cell(baselineRule(b)), ''];
  const sites = siteRows(b);
  if (sites.length) out.push(mdTable(['blocking call site', 'status', SITE_HEAD, 'this run', 'change'], sites.map((r) => [r.site, r.regression ? `**${r.status}**` : r.status, r.baseline, r.value, r.change])), '');
  if (b.sitesNote) out.push(`> note: ${cell(b.sitesNote)}`, '');
  out.push(mdTable(['metric', 'baseline', 'this run', 'change', 'judged', ''], baselineRows(b).map((r) => [r.label, r.baseline, r.value, r.change, r.judged, r.regression ? `**${r.mark}**` : r.mark])), '');
  for (const line of b.settingsDiffer) out.push(`> warning: settings differ from the baseline: ${cell(line)}`);
  if (b.settingsDiffer.length) out.push('');
  return out;
}

/** The block's culprit as the analysis labelled it, or '-'. @param {import('../../types/report.js').AttributedBlock} block */
function runningFrame(block) {
  const text = culpritText(block);
  return text === '-' ? text : `\`${cell(text)}\``;
}

/**
 * An app that failed to start: what happened and its error line; no window, so no tables.
 * @param {Report} report @param {import('../analyze/run-failure.js').RunFailure} failure
 */
function failedStart(report, failure) {
  const out = [`## ❌ eventloop-probe: failed to start`, '', cell(runLine(report)), '', `- ${cell(failure.message)}`];
  if (failure.error) out.push('', '```', failure.error.line, ...(failure.error.frame ? [`    in ${failure.error.frame}`] : []), '```');
  if (failure.log) out.push('', `The app's output is in \`${failure.log}\` in the report folder.`);
  return out.join('\n') + '\n';
}
