// report.html and flamegraph.html: a prebuilt template (templates/) with its CSS, the browser code
// (browser/*.js, plain scripts) and the data injected as JSON. One self-contained file: no network,
// nothing fetched, opens offline from a CI artifact. Returns a string.

import fs from 'node:fs';
import { TOOL } from '../tool.js';
import { runLine } from './run-line.js';
import { topSites } from './top-sites.js';
import { formatValue } from '../analyze/budgets.js';
import { blamedFrame } from '../analyze/attribution.js';
import { callLabel } from '../analyze/known-calls.js';
import { capTimeline } from '../analyze/cap-timeline.js';

/** @typedef {import('../../types/report.js').Report} Report */

const TEMPLATES = new URL('./templates/', import.meta.url);
const BROWSER = new URL('./browser/', import.meta.url);
const SCRIPTS = ['util.js', 'tables.js', 'timeline.js', 'flame.js', 'main.js'];
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
 * @param {Report} report @param {import('./flame-data.js').FlameData} flame
 * @param {'report' | 'flamegraph'} view
 */
function renderPage(report, flame, view) {
  const { template, css, js } = loadAssets();
  const data = {
    view,
    runLine: runLine(report),
    report: view === 'flamegraph' ? headerOnly(report) : slim(report),
    budgets: (report.budgets ?? []).map((b) => ({ ...b, actualText: formatValue(b.path, b.actual), limitText: formatValue(b.path, b.limit) })),
    sites: topSites(report),
    flame,
  };
  const title = `${view === 'flamegraph' ? 'flame graph' : 'eventloop-probe'}: ${report.target?.script ?? ''} (${report.verdict?.status ?? '?'})`;
  /** @type {Record<string, string>} */
  const values = { TITLE: escapeHtml(title), VIEW: view, VERSION: escapeHtml(TOOL.version), CSS: css, DATA: scriptSafeJson(data), JS: js.replace(/<\/script/gi, '<\\/script') };
  return template.replace(/\{\{(TITLE|VIEW|VERSION|CSS|DATA|JS)\}\}/g, (_, key) => values[key]);
}

/** @param {Report} report @param {import('./flame-data.js').FlameData} flame */
export function renderReportHtml(report, flame) {
  return renderPage(report, flame, 'report');
}

/** @param {Report} report @param {import('./flame-data.js').FlameData} flame */
export function renderFlamegraphHtml(report, flame) {
  return renderPage(report, flame, 'flamegraph');
}

/** What the standalone flame graph shows of the report: the header and the blocks' times. @param {Report} report */
function headerOnly(report) {
  return {
    target: report.target, run: report.run, verdict: report.verdict,
    blocks: (Array.isArray(report.blocks) ? report.blocks : []).map((b) => ({ startMs: b.startMs, durationMs: b.durationMs })),
  };
}

/** The report without what the page does not need at full size. @param {Report} report */
function slim(report) {
  return {
    ...report,
    timeline: report.timeline ? capTimeline(report.timeline) : null, // a report written by an older version may be longer
    // the page shows the analysis' blame (blamedFrame) and the known call's label; it decides nothing
    blocks: (Array.isArray(report.blocks) ? report.blocks : []).map((b) => ({
      ...b, culprit: blamedFrame(b), callLabel: b.call ? callLabel(b.call) : null,
      ...(Array.isArray(b.samples) && b.samples.length > MAX_BLOCK_SAMPLES ? { samples: b.samples.slice(0, MAX_BLOCK_SAMPLES), samplesTotal: b.samples.length } : {}),
    })),
  };
}
