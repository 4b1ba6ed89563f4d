// report.html and flamegraph.html: a prebuilt template (templates/) with its CSS, the browser code
// (browser/*.js, plain scripts) and the data injected as JSON. One self-contained file: no network,
// nothing fetched, opens offline from a CI artifact. Returns a string.

import fs from 'node:fs';
import { TOOL } from '../tool.js';
import { runLine } from './run-line.js';
import { shownSites } from './format.js';
import { formatValue, actualText } from '../analyze/budgets.js';
import { multiLoops, loopCells, loopName, verdictLoop } from './loop-rows.js';

/** @typedef {import('../../types/report.js').Report} Report */

const TEMPLATES = new URL('./templates/', import.meta.url);
const BROWSER = new URL('./browser/', import.meta.url);
const SCRIPTS = ['util.js', 'tables.js', 'pool.js', 'timeline.js', 'flame.js', 'main.js'];
/** Stack samples of one block kept in the page (the count is shown). */
const MAX_BLOCK_SAMPLES = 20;

/** @type {{template: string, css: string, js: string} | null} */
let assets = null;
function loadAssets() {
  assets ??= {
    template: fs.readFileSync(new URL('report.html', TEMPLATES), 'utf8'),
    css: fs.readFileSync(new URL('report.css', TEMPLATES), 'utf8'),
    js: SCRIPTS.map((f) => fs.readFileSync(new URL(f, BROWSER), 'utf8')).join('\n'),
  };
  return assets;
}

/**
 * JSON that cannot end the <script> element it sits in, nor open a comment there: every `<`
 * (and the line separators older parsers trip on) becomes a \u escape, which JSON.parse reads back.
 * @param {unknown} value
 */
export function scriptSafeJson(value) {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** @param {string} s */
function escapeHtml(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * @typedef {import('./flame-data.js').FlameData} FlameData
 * @param {Report} report @param {FlameData} flame
 * @param {'report' | 'flamegraph'} view
 * @param {FlameData[] | null} loopFlames each loop's graphs, in report.loops' order (null: one loop)
 */
function renderPage(report, flame, view, loopFlames) {
  const { template, css, js } = loadAssets();
  const data = {
    view,
    runLine: runLine(report),
    report: view === 'flamegraph' ? headerOnly(report) : slim(report),
    budgets: (report.budgets ?? []).map((b) => ({ ...b, actualText: actualText(b), limitText: formatValue(b.path, b.limit) })),
    sites: shownSites(report.topSites),
    flame,
    verdictLoop: verdictLoop(report)?.label ?? null,
    loops: pageLoops(report, view, loopFlames),
  };
  const title = `${view === 'flamegraph' ? 'flame graph' : 'eventloop-probe'}: ${report.target?.script ?? ''} (${report.verdict?.status ?? (report.failure ? 'failed to start' : '?')})`;
  /** @type {Record<string, string>} */
  const values = { TITLE: escapeHtml(title), VIEW: view, VERSION: escapeHtml(TOOL.version), CSS: css, DATA: scriptSafeJson(data), JS: js.replace(/<\/script/gi, '<\\/script') };
  return template.replace(/\{\{(TITLE|VIEW|VERSION|CSS|DATA|JS)\}\}/g, (_, key) => values[key]);
}

/** @param {Report} report @param {FlameData} flame @param {FlameData[] | null} [loopFlames] */
export function renderReportHtml(report, flame, loopFlames = null) {
  return renderPage(report, flame, 'report', loopFlames);
}

/** @param {Report} report @param {FlameData} flame @param {FlameData[] | null} [loopFlames] */
export function renderFlamegraphHtml(report, flame, loopFlames = null) {
  return renderPage(report, flame, 'flamegraph', loopFlames);
}

/**
 * Every loop of the page's selector (null with one loop): its row, its blocks and call sites and
 * its flame graphs. The main thread's blocks, sites and graphs are the page's own (not repeated).
 * @param {Report} report @param {'report' | 'flamegraph'} view @param {FlameData[] | null} loopFlames
 */
function pageLoops(report, view, loopFlames) {
  const loops = multiLoops(report);
  if (!loops) return null;
  return loops.map((loop, i) => {
    const main = loop.kind === 'main';
    const blocks = main ? null : view === 'flamegraph' ? blockTimes(loop.blocks) : slimBlocks(loop.blocks);
    return {
      id: loop.id, kind: loop.kind, label: loop.label, name: loopName(loop), status: loop.verdict?.status ?? null,
      reasons: loop.verdict?.reasons ?? [], cells: loopCells(loop).cells, blocked: loopCells(loop).blocked,
      blocks, sites: main ? null : shownSites(loop.topSites),
      flame: main ? null : loopFlames?.[i] ?? null,
    };
  });
}

/** What the standalone flame graph shows of the report: the header and the blocks' times. @param {Report} report */
function headerOnly(report) {
  return {
    target: report.target, run: report.run, verdict: report.verdict,
    blocks: blockTimes(report.blocks),
  };
}

/** @param {import('../../types/report.js').AttributedBlock[] | undefined} blocks */
function blockTimes(blocks) {
  return (Array.isArray(blocks) ? blocks : []).map((b) => ({ startMs: b.startMs, durationMs: b.durationMs }));
}

/** The report without what the page does not need at full size. @param {Report} report */
function slim(report) {
  return {
    ...report,
    timeline: report.timeline ?? null,
    blocks: slimBlocks(report.blocks),
    loops: undefined, // the page's own `loops` carries what it shows of them
  };
}

/**
 * The page shows the analysis' blame (the culprit and its label); it decides nothing.
 * @param {import('../../types/report.js').AttributedBlock[] | undefined} blocks
 */
function slimBlocks(blocks) {
  return (Array.isArray(blocks) ? blocks : []).map((b) => ({
    ...b, culprit: b.culprit ?? null, culpritLabel: b.culprit?.label ?? null,
    ...(Array.isArray(b.samples) && b.samples.length > MAX_BLOCK_SAMPLES ? { samples: b.samples.slice(0, MAX_BLOCK_SAMPLES), samplesTotal: b.samples.length } : {}),
  }));
}
