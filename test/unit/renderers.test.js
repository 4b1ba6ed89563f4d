// summary.md, junit.xml and the page data of report.html, rendered from a sample report.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderReportHtml, scriptSafeJson } from '../../src/report/html.js';
import { MAX_TIMELINE_POINTS } from '../../src/analyze/cap-timeline.js';
import { flameData } from '../../src/report/flame-data.js';
import { completeSaved } from '../../src/analyze/saved-report.js';
import { evaluateBudgets, parseBudgets } from '../../src/analyze/budgets.js';
import { sampleReport } from './sample-report.js';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' });

/** @param {string} text */
function parseJunit(text) {
  assert.equal(XMLValidator.validate(text), true, 'well-formed XML');
  return parser.parse(text).testsuites;
}

test('junit: one test case per budget; failures carry the field, the actual value and the limit', () => {
  const report = sampleReport();
  report.budgets = evaluateBudgets(report, parseBudgets('lag.p99>50ms,blocks.count>5,http.probe.p99>200ms'));
  const suites = parseJunit(renderJunit(report));
  assert.equal(suites.tests, '3');
  assert.equal(suites.failures, '2');
  const cases = suites.testsuite.testcase;
  assert.deepEqual(cases.map((/** @type {any} */ c) => c.name), ['lag.p99>50ms', 'blocks.count>5', 'http.probe.p99>200ms']);
  assert.match(cases[0].failure.message, /lag.p99Ms is 304 ms \(fails when > 50 ms\)/);
  assert.match(cases[0].failure['#text'], /actual: 304 ms/);
  assert.equal(cases[1].failure, undefined);
  assert.match(cases[2].failure.message, /812 ms/);
});

test('junit without budgets: one test case for the verdict, failing when blocked and passing otherwise', () => {
  const blocked = parseJunit(renderJunit(sampleReport())).testsuite.testcase;
  assert.equal(blocked.length, 1);
  assert.equal(blocked[0].name, 'verdict');
  assert.match(blocked[0].failure.message, /event loop blocked: longest block 321 ms/);
  const fine = sampleReport();
  fine.verdict = { status: 'responsive', reasons: ['no block >= 50 ms'] };
  const ok = parseJunit(renderJunit(fine));
  assert.equal(ok.failures, '0');
  assert.equal(ok.testsuite.testcase[0].failure, undefined);
});

test('junit escapes markup and drops control characters that XML forbids', () => {
  const report = sampleReport();
  report.target.script = 'a<b>&"c\'\u0001.js';
  report.budgets = evaluateBudgets(report, parseBudgets('lag.p99<1ms'));
  const suites = parseJunit(renderJunit(report));
  assert.equal(suites.testsuite.name, 'eventloop-probe a<b>&"c\'.js');
});

test('summary.md: verdict, budgets, tables, top call sites and the longest blocks', () => {
  const report = sampleReport();
  report.budgets = evaluateBudgets(report, parseBudgets('lag.p99>50ms,blocks.count>5'));
  const md = renderMarkdown(report);
  assert.match(md, /^## 🔴 eventloop-probe: blocked/);
  assert.match(md, /### Budgets: 1 of 2 failed/);
  assert.match(md, /\| ❌ \| `lag.p99>50ms` \| `lag.p99Ms` \| 304 ms \| > 50 ms \| failed \|/);
  assert.match(md, /\| ✅ \| `blocks.count>5` \|/);
  assert.match(md, /\| lag \| 0\.00 ms \| 48\.9 ms \| 0\.38 ms \| 182 ms \| 304 ms \| 313 ms \| 167 \|/);
  assert.match(md, /\| probe \| 40 \| 20\.0 \|/);
  assert.match(md, /### Top blocking call sites[\s\S]*\| `hashAll` \| \/srv\/app\/lib\/hash\.js:12 \| 531 ms \| 2 \|/);
  assert.match(md, /### Longest blocks[\s\S]*\| \+600 ms \| 321 ms \| `hashAll \/srv\/app\/lib\/hash\.js:12` \| - \| sha256 \\\| a loop \|/);
  assert.match(md, /> note: a note with \\\| a pipe/);
  assert.doesNotMatch(md, /\| thread /, 'no thread table without --threads');
  const rows = md.split('\n').filter((l) => l.startsWith('| +'));
  assert.deepEqual(rows.map((r) => r.split(' | ')[1]), ['321 ms', '210 ms', '122 ms'], 'longest first');
});

test('a saved report completed before it is rendered: culprits from the stacks, labels, call sites from the culprits, the timeline capped', () => {
  /** A report as an older version saved it: blocks with a stack and no culprit. */
  const saved = () => {
    const report = sampleReport();
    for (const b of report.blocks) delete (/** @type {any} */ (b)).culprit;
    delete (/** @type {any} */ (report)).topSites;
    return report;
  };
  const done = completeSaved(saved(), '/srv/app');
  assert.deepEqual(done.blocks.map((b) => b.culprit?.label), ['parseBody file:///srv/app/server.js:22', 'hashAll file:///srv/app/lib/hash.js:12', 'hashAll file:///srv/app/lib/hash.js:12']);
  assert.deepEqual(done.topSites.map((s) => [s.functionName, s.blockedMs, s.count]), [['hashAll', 531, 2], ['parseBody', 122, 1]]);
  assert.equal(completeSaved(sampleReport(), '/').topSites[1].functionName, 'JSON.parse', 'the saved call sites are kept');
  const old = saved();
  for (const b of old.blocks) delete (/** @type {any} */ (b)).stack;
  assert.deepEqual(completeSaved(old, '/').topSites, [], 'older runs without stacks');
  assert.equal(completeSaved(old, '/').blocks[0].culprit, undefined);
  assert.doesNotMatch(renderMarkdown(completeSaved(old, '/')), /Top blocking/);
  const long = sampleReport();
  long.timeline.points = Array.from({ length: 5000 }, (_, i) => ({ ...long.timeline.points[0], tMs: i * 100 }));
  assert.deepEqual([completeSaved(long, '/').timeline.windowMs, completeSaved(long, '/').timeline.points.length], [200, 2500]);
});

test('report.html: data injected as JSON that cannot close its <script>, and reads back intact', () => {
  const report = sampleReport();
  report.target.script = '</script><script>window.pwned=1</script><!--';
  report.notes.push('\u2028 </SCRIPT> & <b>');
  const html = renderReportHtml(report, flameData(report, null));
  const open = html.indexOf('<script type="application/json" id="elp-data">');
  const close = html.indexOf('</script>', open);
  const json = html.slice(html.indexOf('>', open) + 1, close);
  assert.ok(!/<\/script/i.test(json) && !json.includes('<!--'));
  const data = JSON.parse(json);
  assert.equal(data.report.target.script, report.target.script);
  assert.equal(data.report.notes.at(-1), '\u2028 </SCRIPT> & <b>');
  assert.match(html, /<title>eventloop-probe: &lt;\/script&gt;&lt;script&gt;/);
  assert.doesNotMatch(html, /<(link|img|iframe)\b|src=["']https?:|href=["']https?:/i, 'nothing fetched from the network');
  assert.equal(scriptSafeJson('<>&'), '"\\u003c\\u003e\\u0026"');
});

test('report.html of a saved report whose timeline is longer than the cap: merged to fit it, keeping the worst lag and the requests', () => {
  const report = sampleReport();
  const n = MAX_TIMELINE_POINTS * 2 + 10;
  report.timeline = { windowMs: 100, points: Array.from({ length: n }, (_, i) => ({ tMs: i * 100, lagMaxMs: i === 1234 ? 900 : 1, elu: 0.5, cpuPercent: 50, gcMs: 1, probeMaxMs: 2, probes: 1, requests: 10 })) };
  const html = renderReportHtml(completeSaved(report, '/'), flameData(report, null));
  const open = html.indexOf('<script type="application/json" id="elp-data">');
  const timeline = JSON.parse(html.slice(html.indexOf('>', open) + 1, html.indexOf('</script>', open))).report.timeline;
  assert.ok(timeline.points.length <= MAX_TIMELINE_POINTS && timeline.points.length > MAX_TIMELINE_POINTS / 2, String(timeline.points.length));
  assert.equal(timeline.windowMs, 400);
  assert.equal(Math.max(...timeline.points.map((/** @type {any} */ p) => p.lagMaxMs ?? 0)), 900);
  assert.equal(timeline.points.reduce((/** @type {number} */ s, /** @type {any} */ p) => s + p.requests, 0), n * 10);
});

test('summary.md with --threads and findings: a row per thread, findings under the reasons', () => {
  const report = /** @type {any} */ (sampleReport());
  report.threads = [{ threadId: 1, lag: { p50Ms: 1, p99Ms: 420, maxMs: 430, samples: 100 }, elu: { mean: 0.9 }, blocking: { count: 2, totalMs: 800, longestMs: 430, fraction: 0.4 }, lifeMs: 2000 }];
  report.findings = [{ kind: 'timer-paced', text: 'the loop turned 900 times/s' }];
  const md = renderMarkdown(report);
  assert.match(md, /- finding: the loop turned 900 times\/s/);
  assert.match(md, /\| thread 1 \| 90\.0% \| 1\.00 ms \| 420 ms \| 430 ms \| 2 \| 800 ms \(40\.0%\) \| 430 ms \|/);
});
