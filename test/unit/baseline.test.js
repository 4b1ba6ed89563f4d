// run --baseline: this run judged with compare's rule against saved runs, the settings that
// differ, and where the result shows (summary.md, junit.xml, the terminal table).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { judgeAgainstBaseline, describeRegressions } from '../../src/analyze/baseline.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderJunit } from '../../src/report/junit.js';
import { renderBaselineTable } from '../../src/report/baseline-table.js';
import { sampleReport } from './sample-report.js';
import { Chalk } from 'chalk';

/** @param {(r: any) => void} edit */
function edited(edit) {
  const r = sampleReport();
  edit(r);
  return r;
}

const side = (/** @type {any[]} */ reports) => ({ label: 'main/', runs: reports.map((report, i) => ({ path: `main/run-${i}/report.json`, report })) });

test('a metric worse by the threshold is a regression; better ones and direction-less ones are not', () => {
  const base = edited((r) => { r.lag.p99Ms = 200; r.http.load.rps = 100; r.cpu.percent = 10; });
  const now = edited((r) => { r.lag.p99Ms = 260; r.http.load.rps = 150; r.cpu.percent = 30; });
  const b = judgeAgainstBaseline(now, side([base]), { regressionPct: 10 });
  const by = Object.fromEntries(b.metrics.map((m) => [m.key, m]));
  assert.equal(by['lag.p99Ms'].mark, 'regression');
  assert.equal(by['lag.p99Ms'].pct, 30);
  assert.equal(by['lag.p99Ms'].baseline, 200);
  assert.equal(by['lag.p99Ms'].value, 260);
  assert.equal(by['http.load.rps'].mark, 'improvement');
  assert.equal(by['cpu.percent'].mark, 'changed');
  assert.equal(by['lag.maxMs'].mark, null, 'unchanged');
  assert.deepEqual(b.regressions, [{ metric: 'lag p99', key: 'lag.p99Ms', pct: 30 }]);
  assert.deepEqual(b.settingsDiffer, []);
  assert.equal(b.runs, 1);
  assert.match(describeRegressions(b)[0], /^lag p99: \+30% against the baseline \(threshold 10%\)$/);
  assert.equal(judgeAgainstBaseline(now, side([base]), { regressionPct: 50 }).regressions.length, 0, 'under a wider threshold');
});

test('the baseline side is the median of its runs', () => {
  const runs = [150, 200, 400].map((v) => edited((r) => { r.lag.p99Ms = v; }));
  const b = judgeAgainstBaseline(edited((r) => { r.lag.p99Ms = 205; }), side(runs), { regressionPct: 10 });
  const m = b.metrics.find((x) => x.key === 'lag.p99Ms');
  assert.equal(m?.baseline, 200);
  assert.equal(m?.mark, null);
});

test('settings that differ are listed (compare\'s check of saved runs), settings a report lacks are not', () => {
  const a = sampleReport();
  const b = edited((r) => { r.run.settings.connections = 50; r.target.nodeVersion = 'v22.1.0'; delete r.run.settings.durationS; });
  const judged = judgeAgainstBaseline(b, side([a, a]), { regressionPct: 10 });
  assert.deepEqual(judged.settingsDiffer, [
    'connections: 10 in the baseline, 50 in this run',
    'Node: v20.20.2 in the baseline, v22.1.0 in this run',
  ]);
});

test('summary.md, junit.xml and the terminal show the comparison', () => {
  const base = edited((r) => { r.lag.p99Ms = 200; });
  const report = edited((r) => { r.lag.p99Ms = 260; r.run.settings.connections = 5; });
  report.baseline = judgeAgainstBaseline(report, side([base]), { regressionPct: 10 });
  const md = renderMarkdown(report);
  assert.match(md, /### Against the baseline: 1 regression\(s\)/);
  assert.match(md, /\| lag p99 \| 200 ms \| 260 ms \| \+60\.0 ms \(\+30%\) \| \*\*▲ regression\*\* \|/);
  assert.match(md, /baseline main\/ \(1 run\): a metric worse by at least 10% is a regression; one run on each side cannot be told from noise/);
  assert.match(md, /> warning: settings differ from the baseline: connections: 10 in the baseline, 5 in this run/);
  const xml = renderJunit(report);
  assert.match(xml, /<testcase classname="eventloop-probe\.baseline" name="baseline: lag p99" time="0">\s*<failure message="lag p99 regressed \+30% against the baseline \(threshold 10%\)" type="baseline">/);
  assert.match(xml, /<testcase classname="eventloop-probe\.baseline" name="baseline: lag max" time="0">\s*<system-out>/);
  assert.match(xml, /name="verdict"/, 'the verdict case stays');
  const text = renderBaselineTable(report, new Chalk({ level: 0 }));
  assert.match(text, /│ against the baseline │ baseline │ this run │ change/);
  assert.match(text, /│ lag p99 +│ 200 ms +│ 260 ms +│ \+60\.0 ms \(\+30%\) │ ▲ regression │/);
  assert.match(text, /1 regression\(s\) against the baseline: lag p99 \+30%/);
  assert.match(text, /warning: settings differ from the baseline: connections/);
  assert.equal(renderBaselineTable(sampleReport(), new Chalk({ level: 0 })), '');
  assert.doesNotMatch(renderMarkdown(sampleReport()), /Against the baseline/);
});
