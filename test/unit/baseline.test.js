// The baseline gate: what it judges by default (blocking call sites, the longest block and the time
// blocked, on a CPU, past floors), what it only shows (noisy metrics with one run a side), what
// repeated runs or a name make it judge, and the sentences it leads every output with.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeAgainstBaseline, describeRegressions } from '../../src/analyze/baseline.js';
import { testCanTell, smallestP, runsToTell } from '../../src/analyze/noise.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderBaselineTable } from '../../src/report/baseline-table.js';
import { gateMetricKeys } from '../../src/analyze/gate-metrics.js';
import { holmPasses } from '../../src/analyze/metric-judge.js';
import { sampleReport } from './sample-report.js';
import { Chalk } from 'chalk';

const CWD = '/srv/app';
const plain = new Chalk({ level: 0 });

/** @param {(r: any) => void} edit */
function edited(edit) {
  const r = sampleReport();
  r.blocks = [];
  edit(r);
  return r;
}

/**
 * A block with the culprit the diagnosis writes.
 * @param {number} ms @param {{fn?: string, file?: string, line?: number, owner?: any, caller?: string, runMs?: number}} [o]
 */
function block(ms, o = {}) {
  const file = o.file ?? '/srv/app/app.js';
  const fn = o.fn ?? 'renderQuarterlyReport';
  const owner = o.owner ?? { kind: 'app', name: 'app' };
  const calledFrom = { functionName: o.caller ?? fn, url: file, line: o.line ?? 5 };
  const label = owner.kind === 'app' ? `${fn} app.js:${calledFrom.line}` : `${owner.name}@${owner.version} ${fn} ← app.js:${calledFrom.line}`;
  return { startMs: 0, durationMs: ms, ...(o.runMs === undefined ? {} : { runMs: o.runMs }), culprit: { functionName: fn, url: owner.kind === 'app' ? file : `/srv/app/node_modules/${owner.name}/index.js`, line: 1, owner, calledFrom, label } };
}

/** @param {number} n @param {number} ms @param {any} [o] */
const blocks = (n, ms, o) => Array.from({ length: n }, () => block(ms, o));
const side = (/** @type {any[]} */ reports) => ({ label: 'main/', runs: reports.map((report, i) => ({ path: `main/run-${i}/report.json`, report })) });
/** @param {any[]} runs @param {any[]} base @param {any} [o] */
const judge = (runs, base, o = {}) => judgeAgainstBaseline(runs, side(base), { regressionPct: 10, cwd: CWD, ...o });

test('one run a side: noisy metrics are shown, not judged; blocking is judged and named', () => {
  const base = edited((r) => { r.lag.p99Ms = 2; r.http.probe.maxMs = 10; r.http.load.rps = 100; });
  const now = edited((r) => { r.lag.p99Ms = 3; r.http.probe.maxMs = 16.4; r.http.load.rps = 60; r.blocks = blocks(6, 120); });
  const b = judge([now], [base]);
  const by = Object.fromEntries(b.metrics.map((m) => [m.key, m]));
  assert.equal(by['http.probe.maxMs'].mark, 'changed', 'probe max +64%: shown, not judged');
  assert.equal(by['http.probe.maxMs'].judged, null);
  assert.equal(by['http.load.rps'].mark, 'changed');
  assert.equal(by['blocks.longestOnCpuMs'].judged, 'blocking');
  assert.equal(b.noiseTest, false);
  assert.deepEqual(b.regressions.map((r) => r.kind), ['site', 'metric', 'metric']);
  assert.equal(b.regressions[0].text, 'new blocking function renderQuarterlyReport (app.js:5), 120 ms, 6 blocks; it was not in the baseline');
  assert.equal(b.regressions[1].text, 'longest block 120 ms on a CPU, there was no block in the baseline');
  assert.match(b.regressions[2].text, /^loop blocked 36% of the time, was 0% in the baseline/);
  assert.deepEqual(describeRegressions(b), b.regressions.map((r) => r.text));
  assert.equal(judge([base], [base]).regressions.length, 0, 'the same run against itself');
});

test('a named metric is judged with one run a side, and says so', () => {
  const base = edited((r) => { r.lag.p99Ms = 200; });
  const now = edited((r) => { r.lag.p99Ms = 260; });
  const b = judge([now], [base], { metrics: gateMetricKeys(['lag.p99']).keys });
  assert.deepEqual(b.named, ['lag.p99Ms']);
  assert.deepEqual(b.regressions.map((r) => [r.key, r.pct, r.text]), [['lag.p99Ms', 30, 'lag p99 260 ms, was 200 ms in the baseline (+30%); judged because it was named']]);
  assert.deepEqual(gateMetricKeys(['probe.p99', 'load.rps', 'CPU', 'nope']), { keys: ['http.probe.p99Ms', 'http.load.rps', 'cpu.percent'], unknown: ['nope'] });
  assert.ok(gateMetricKeys(['all']).keys.length > 10);
});

test('repeated runs: the rank test judges noisy metrics when it can tell, and only beyond the noise', () => {
  assert.equal(testCanTell(3, 3, 0.05), false);
  assert.equal(testCanTell(4, 4, 0.05), true);
  assert.equal(testCanTell(1, 20, 0.05), false);
  assert.ok(Math.abs(smallestP(4, 4) - 2 / 70) < 1e-12);
  assert.equal(runsToTell(0.05), 4);
  const runs = (/** @type {number[]} */ values) => values.map((v) => edited((r) => { r.http.load.p99Ms = v; }));
  const slower = judge(runs([130, 131, 128, 135, 129, 132]), runs([100, 102, 98, 101, 99, 97]));
  const m = slower.metrics.find((x) => x.key === 'http.load.p99Ms');
  assert.equal(m?.judged, 'noise test');
  assert.equal(m?.mark, 'regression');
  assert.match(slower.regressions[0].text, /^load p99 131 ms, was 100 ms in the baseline \(\+31\.2%\); beyond the noise: p 0\.0022, 6 runs against 6$/);
  // 5 against 5 tells p 0.0079 at best: below alpha, not below alpha over the number of noisy
  // metrics (Holm's correction: each is one more chance of a false alarm)
  const five = judge(runs([130, 131, 128, 135, 129]), runs([100, 102, 98, 101, 99]));
  assert.equal(five.metrics.find((x) => x.key === 'http.load.p99Ms')?.mark, 'within noise');
  assert.deepEqual([...holmPasses([{ key: 'a', p: 0.01 }, { key: 'b', p: 0.03 }, { key: 'c', p: 0.5 }], 0.05)], ['a']);
  assert.deepEqual([...holmPasses([{ key: 'a', p: 0.01 }, { key: 'b', p: 0.02 }], 0.05)], ['a', 'b']);
  const mixed = judge(runs([130, 90, 128, 95, 129]), runs([100, 132, 98, 131, 99]));
  assert.equal(mixed.metrics.find((x) => x.key === 'http.load.p99Ms')?.mark, 'within noise');
  assert.equal(mixed.regressions.length, 0);
  const few = judge(runs([130, 131, 135]), runs([100, 102, 98]));
  assert.equal(few.noiseTest, false);
  assert.equal(few.regressions.length, 0, '3 runs a side cannot tell');
});

test('a site keeps its identity across line shifts, checkout folders and machine waits', () => {
  const base = edited((r) => { r.blocks = blocks(6, 120, { line: 5, file: '/home/ci/work/app/app.js' }); });
  const moved = edited((r) => { r.blocks = blocks(6, 125, { line: 9 }); });
  const b = judge([moved], [base]);
  assert.deepEqual(b.sites.map((s) => [s.status, s.where]), [['same', 'app.js:9']]);
  assert.equal(b.regressions.length, 0);
  // a stall the machine made longer counts with the time the code ran
  const waited = edited((r) => { r.blocks = blocks(6, 400, { runMs: 121 }); });
  assert.equal(judge([waited], [base]).regressions.length, 0);
  // another function of the same name in another file is another site
  const other = edited((r) => { r.blocks = [...blocks(6, 120), ...blocks(3, 120, { file: '/srv/app/lib/report.js' })]; });
  assert.deepEqual(judge([other], [base]).sites.map((s) => [s.status, s.where]), [['new', 'lib/report.js:5'], ['same', 'app.js:5']]);
});

test('floors: a short new block, a little growth, more blocks as throughput varies: no regression', () => {
  const base = edited((r) => { r.blocks = blocks(10, 120); });
  const sporadic = edited((r) => { r.blocks = [...blocks(10, 120), block(60, { fn: 'gcHeavy' })]; });
  const s = judge([sporadic], [base]);
  assert.equal(s.sites.find((x) => x.functionName === 'gcHeavy')?.status, 'new');
  assert.equal(s.regressions.length, 0, 'held 60 ms < 2T');
  assert.equal(judge([edited((r) => { r.blocks = blocks(10, 130); })], [base]).regressions.length, 0, '+8.3% a block: under the threshold');
  // 40% more blocks of the same length, as 40% more requests came through (a machine that ran the
  // app more): the site is the same, and so is the time blocked per request
  const more = judge([edited((r) => { r.blocks = blocks(14, 120); r.http.load.requests = 476; })], [base]);
  assert.equal(more.sites[0].status, 'same');
  assert.deepEqual(more.regressions, []);
  // 40% more blocks for the same requests: the time blocked grew, per second and per request
  assert.deepEqual(judge([edited((r) => { r.blocks = blocks(14, 120); })], [base]).regressions.map((r) => r.key), ['blocks.blockedOnCpu']);
  const one = edited((r) => { r.blocks = [block(400), block(400)]; });
  assert.equal(judge([edited((r) => { r.blocks = [block(420), block(420)]; })], [one]).regressions.length, 0, '+5% a block');
});

test('a site blocks longer or more often: named with both sides\' figures', () => {
  const base = edited((r) => { r.blocks = blocks(10, 120); r.run.durationMs = 5000; });
  const longer = judge([edited((r) => { r.blocks = blocks(10, 180); r.run.durationMs = 5000; })], [base]);
  assert.equal(longer.regressions[0].text, 'blocking function renderQuarterlyReport (app.js:5) blocks longer: 180 ms a block, was 120 ms in the baseline (+50%); 10 blocks (1.80 s)');
  const often = judge([edited((r) => { r.blocks = blocks(25, 120); r.run.durationMs = 5000; })], [base]);
  assert.equal(often.regressions[0].text, 'blocking function renderQuarterlyReport (app.js:5) blocks more often: 25 blocks (3.00 s), was 10 blocks (1.20 s) in the baseline');
  // the 400 ms block among 120 ms ones: the typical block is the same, the longest block is judged
  const outlier = judge([edited((r) => { r.blocks = [...blocks(9, 120), block(400)]; r.run.durationMs = 5000; })], [base]);
  assert.deepEqual(outlier.regressions.map((r) => r.key), ['blocks.longestOnCpuMs', 'blocks.blockedOnCpu']);
  assert.equal(outlier.regressions[0].text, 'longest block 400 ms on a CPU, was 120 ms in the baseline (+233.3%)');
});

test('a package call is named with its owner, version and calling line; a version change is said', () => {
  const yaml = (/** @type {string} */ version) => ({ fn: 'load', caller: 'handler', line: 14, owner: { kind: 'package', name: 'js-yaml', version } });
  const base = edited((r) => { r.blocks = blocks(2, 120, yaml('3.14.1')); });
  const added = judge([edited((r) => { r.blocks = blocks(4, 230, yaml('4.1.0')); })], [edited(() => {})]);
  assert.equal(added.regressions[0].text, 'new blocking call js-yaml@4.1.0 load from handler (app.js:14), 230 ms, 4 blocks; it was not in the baseline');
  const upgraded = judge([edited((r) => { r.blocks = blocks(4, 230, yaml('4.1.0')); })], [base]);
  assert.equal(upgraded.regressions[0].text, 'blocking call js-yaml@4.1.0 load from handler (app.js:14) blocks longer: 230 ms a block, was 120 ms in the baseline (+91.7%); 4 blocks (920 ms); js-yaml was 3.14.1 in the baseline');
});

test('repeated runs: a site in most runs of this side and none of the baseline is new; a sporadic one is not', () => {
  const clean = Array.from({ length: 5 }, () => edited(() => {}));
  const withBlock = Array.from({ length: 5 }, () => edited((r) => { r.blocks = blocks(6, 120); }));
  const b = judge(withBlock, clean);
  assert.equal(b.noiseTest, true);
  assert.match(b.regressions[0].text, /^new blocking function renderQuarterlyReport \(app\.js:5\), 120 ms, 6 blocks \(medians of 5 runs\); it was not in the baseline$/);
  const once = [withBlock[0], ...clean.slice(1)];
  assert.equal(judge(once, clean).regressions.length, 0, 'in 1 run of 5: the median run has none');
});

test('a baseline whose blocks name no owners (an earlier version): sites shown, not judged', () => {
  const old = sampleReport(); // its blocks carry stacks, no culprits
  const b = judge([edited((r) => { r.blocks = blocks(6, 120); })], [old]);
  assert.match(String(b.sitesNote), /name no owners/);
  assert.ok(b.regressions.every((r) => r.kind === 'metric'));
  // a baseline of this version whose one block no sample fell in (a busy machine's): judged
  const unsampled = edited((r) => { r.blocks = [{ startMs: 0, durationMs: 80, culprit: null, owners: [], fix: 'none' }]; });
  const now = judge([edited((r) => { r.blocks = blocks(6, 120); })], [unsampled]);
  assert.equal(now.sitesNote, null);
  assert.equal(now.regressions[0].kind, 'site');
});

test('settings that differ are listed (compare\'s check of saved runs), settings a report lacks are not', () => {
  const a = sampleReport();
  const b = edited((r) => { r.run.settings.connections = 50; r.target.nodeVersion = 'v22.1.0'; delete r.run.settings.durationS; });
  assert.deepEqual(judge([b], [a, a]).settingsDiffer, [
    'connections: 10 in the baseline, 50 in this run',
    'Node: v20.20.2 in the baseline, v22.1.0 in this run',
  ]);
});

test('summary.md, junit.xml and the terminal lead with the regression in words', () => {
  const report = edited((r) => { r.blocks = blocks(6, 120); r.run.settings.connections = 5; });
  report.baseline = judge([report], [edited(() => {})]);
  const sentence = 'new blocking function renderQuarterlyReport (app.js:5), 120 ms, 6 blocks; it was not in the baseline';
  const md = renderMarkdown(report);
  const lines = md.split('\n');
  assert.match(lines[0], /^## .* eventloop-probe: /);
  assert.equal(lines[4], '### 🔺 3 regression(s) against the baseline main/:', 'right under the heading and the run line');
  assert.equal(lines[6], `- ${sentence}`);
  assert.match(md, /### Against the baseline: 3 regression\(s\)/);
  assert.match(md, /\| function renderQuarterlyReport \(app\.js:5\) \| \*\*▲ new\*\* \| - \| 720 ms · 6 · 120 ms \| - \|/);
  assert.match(md, /\| probe p99 \| 812 ms \| 812 ms \| 0\.00 ms \(0%\) \| shown \|/);
  assert.match(md, /> warning: settings differ from the baseline: connections: 10 in the baseline, 5 in this run/);
  const xml = renderJunit(report);
  assert.match(xml, /<testcase classname="eventloop-probe\.baseline" name="baseline: new blocking function renderQuarterlyReport \(app\.js:5\)" time="0">\s*<failure message="new blocking function renderQuarterlyReport \(app\.js:5\), 120 ms, 6 blocks; it was not in the baseline" type="baseline">/);
  assert.match(xml, /name="baseline: probe p99" time="0">\s*<system-out>[^<]*\(shown, not judged\)/);
  assert.match(xml, /name="verdict"/, 'the verdict case stays');
  const text = renderBaselineTable(report, plain);
  assert.ok(text.startsWith(`3 regression(s) against the baseline main/:\n  ▲ ${sentence}\n`), text);
  assert.match(text, /│ probe p99 +│ 812 ms +│ 812 ms +│ 0\.00 ms \(0%\) +│ shown +│/);
  assert.match(text, /1 baseline run against 1\): judged: blocking call sites new \(100 ms held\), blocking 10% and 25 ms longer, or twice as often/);
  assert.match(text, /warning: settings differ from the baseline: connections/);
  assert.equal(renderBaselineTable(sampleReport(), plain), '');
  assert.doesNotMatch(renderMarkdown(sampleReport()), /Against the baseline/);
  const passed = edited(() => {});
  passed.baseline = judge([passed], [passed]);
  assert.match(renderJunit(passed), /name="baseline: blocking call sites" time="0">\s*<system-out>no blocking call site new or grown against main\/</);
  assert.ok(renderBaselineTable(passed, plain).startsWith('no regression against the baseline main/\n'));
});
