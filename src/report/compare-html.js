// compare.html: the scenario comparison as one self-contained page (no script, no network): the
// table, the recommendation, and a bar chart per metric drawn as inline SVG. Returns a string.

import { xml } from './junit.js';
import { scenarioSettings } from './compare-table.js';

/**
 * @typedef {import('../commands/compare/scenarios.js').ScenarioComparison} ScenarioComparison
 * @typedef {import('../analyze/scenario-rows.js').ScenarioRow} ScenarioRow
 */

/** @typedef {{label: string, unit: string, get: (row: ScenarioRow) => number | null, better: 'higher' | 'lower'}} Metric */

/** @type {Metric[]} */
const METRICS = [
  { label: 'work (rounds/s)', unit: '/s', get: (r) => r.throughput, better: 'higher' },
  { label: 'probe p99 (ms)', unit: ' ms', get: (r) => r.http?.probe?.p99Ms ?? null, better: 'lower' },
  { label: 'event-loop lag p99 (ms)', unit: ' ms', get: (r) => r.lag?.p99Ms ?? null, better: 'lower' },
  { label: 'CPU (% of one core)', unit: '%', get: (r) => r.cpu?.percent ?? null, better: 'higher' },
];

/** @param {number | null | undefined} v */
const fmt = (v) => (v === null || v === undefined ? '—' : v >= 100 ? Math.round(v).toLocaleString('en-US') : String(Math.round(v * 100) / 100));

/** @param {Metric} metric @param {ScenarioRow[]} rows */
function chart(metric, rows) {
  const values = rows.map((r) => metric.get(r));
  const max = Math.max(1e-9, ...values.map((v) => v ?? 0));
  const barH = 22;
  const labelW = 130;
  const width = 560;
  const height = rows.length * (barH + 6) + 8;
  const bars = rows.map((r, i) => {
    const v = values[i];
    const w = v === null ? 0 : Math.max(1, ((width - labelW - 90) * v) / max);
    const y = 4 + i * (barH + 6);
    const cls = r.verdict === 'blocks' ? 'bad' : 'good';
    return `<text x="${labelW - 8}" y="${y + 15}" text-anchor="end">${xml(r.name)}</text>`
      + `<rect class="${cls}" x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}"><title>${xml(r.name)}: ${fmt(v)}${metric.unit}</title></rect>`
      + `<text x="${(labelW + w + 6).toFixed(1)}" y="${y + 15}">${fmt(v)}${metric.unit}</text>`;
  }).join('');
  return `<figure><figcaption>${xml(metric.label)} <small>(${metric.better} is better)</small></figcaption>`
    + `<svg role="img" aria-label="${xml(metric.label)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${bars}</svg></figure>`;
}

/** @param {ScenarioComparison} compare compare.json of a scenario comparison */
export function renderCompareHtml(compare) {
  const rows = compare.scenarios ?? [];
  const head = ['scenario', 'rounds/s', 'x sync', 'CPU', 'probe p50', 'probe p99', 'probe max', 'lag p99', 'lag max', 'blocks', 'phase', 'verdict', 'advice'];
  const body = rows.map((r) => `<tr class="${r.name === compare.best ? 'best' : ''}">`
    + [
      `<a href="${xml(String(r.report).replace(/report\.json$/, 'report.html'))}">${xml(r.name)}</a>`, fmt(r.throughput), r.throughputRatio === null ? '—' : fmt(r.throughputRatio),
      `${fmt(r.cpu?.percent)}%`, fmt(r.http?.probe?.p50Ms), fmt(r.http?.probe?.p99Ms), fmt(r.http?.probe?.maxMs),
      fmt(r.lag?.p99Ms), fmt(r.lag?.maxMs), `${fmt(r.blocks?.count)} (${Math.round((r.blocks?.fraction ?? 0) * 100)}%)`,
      xml(r.phase ?? '—'), `<b class="${r.verdict === 'blocks' ? 'bad' : 'good'}">${xml(r.verdict)}</b>`, xml(r.advice ?? ''),
    ].map((c) => `<td>${c}</td>`).join('') + '</tr>').join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>eventloop-probe compare</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}
table{border-collapse:collapse;margin:12px 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}
td:first-child,th:first-child,td:last-child{text-align:left}tr.best{background:#e8f7e8}
.bad{color:#b00020;fill:#d9534f}.good{color:#176f2c;fill:#4a9d5b}svg text{font-size:12px;fill:#222}
figure{display:inline-block;margin:8px 24px 8px 0}figcaption{font-weight:600}.rec{font-size:16px;padding:8px;background:#f4f4f4}
</style></head><body>
<h1>eventloop-probe compare</h1>
<p>${[...scenarioSettings(compare.settings), compare.createdAt].map(xml).join(' · ')}</p>
<p class="rec">${xml(compare.recommendation ?? '')}</p>
<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>
${body}
</tbody></table>
<p>Each scenario name links to its own report folder (report.json, report.html).</p>
${METRICS.map((m) => chart(m, rows)).join('\n')}
</body></html>
`;
}

/** junit.xml for a comparison: a test case per scenario, failing when it blocked the loop. @param {ScenarioComparison} compare */
export function renderCompareJunit(compare) {
  const rows = compare.scenarios ?? [];
  const failures = rows.filter((r) => r.verdict === 'blocks').length;
  const seconds = ((compare.elapsedMs ?? 0) / 1000).toFixed(3);
  const cases = rows.map((r) => {
    const numbers = `${fmt(r.throughput)} rounds/s, probe p99 ${fmt(r.http?.probe?.p99Ms)} ms, lag p99 ${fmt(r.lag?.p99Ms)} ms, blocks ${fmt(r.blocks?.count)} covering ${Math.round((r.blocks?.fraction ?? 0) * 100)}% of the window`;
    const failure = r.verdict === 'blocks' ? `\n      <failure message="${xml(`${r.name} blocks the event loop: ${numbers}`)}">${xml(r.blockAdvice ?? r.advice ?? '')}</failure>\n    ` : '';
    return `    <testcase classname="eventloop-probe.compare" name="${xml(r.name)}">${failure}<system-out>${xml(numbers)}</system-out></testcase>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="eventloop-probe compare" tests="${rows.length}" failures="${failures}" errors="0" time="${seconds}">`,
    `  <testsuite name="scenarios" tests="${rows.length}" failures="${failures}" errors="0" skipped="0" time="${seconds}">`,
    ...cases, '  </testsuite>', '</testsuites>', ''].join('\n');
}
