// The report folder of a run: --fail-on (exit 1, budgets in report.json and junit.xml), --format,
// GITHUB_STEP_SUMMARY, and `eventloop-probe report` re-rendering a saved run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { runBin, readReport, tempDir, FIXTURES } from '../helpers.js';

const script = path.join(FIXTURES, 'blocks-script.js');
const junit = (/** @type {string} */ file) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' })
  .parse(fs.readFileSync(file, 'utf8')).testsuites;

test('a breached budget: exit 1, the breach in report.json, junit.xml, summary.md, the step summary and the tables', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const stepSummary = path.join(dir, 'step-summary.md');
  fs.writeFileSync(stepSummary, '# earlier step\n');
  const r = await runBin(['run', script, '--out', out, '--fail-on', 'blocks.count>0,lag.max>2s', '--fail-on', 'blocks.longest>=200ms'],
    { cwd: dir, env: { GITHUB_STEP_SUMMARY: stepSummary } });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /2 budget\(s\) failed:\n {2}blocks\.count>0: blocking\.count is \d+ \(fails when > 0\): failed\n {2}blocks\.longest>=200ms: blocking\.longestMs is \d+(\.\d+)? ms \(fails when >= 200 ms\): failed/);
  assert.match(r.stdout, /│ blocks\.count>0 +│ blocking\.count +│ \d+ +│ > 0 +│ FAILED │/);
  const report = readReport(out);
  assert.deepEqual(report.budgets.map((/** @type {any} */ b) => [b.expr, b.path, b.op, b.limit, b.ok]), [
    ['blocks.count>0', 'blocking.count', '>', 0, false],
    ['lag.max>2s', 'lag.maxMs', '>', 2000, true],
    ['blocks.longest>=200ms', 'blocking.longestMs', '>=', 200, false],
  ]);
  assert.equal(report.budgets[0].actual, report.blocking.count);
  assert.equal(report.budgets[1].actual, report.lag.maxMs);
  assert.deepEqual(Object.keys(report.artifacts).sort(), ['flamegraph', 'html', 'json', 'junit', 'log', 'md', 'profile']);
  for (const file of Object.values(report.artifacts)) assert.ok(fs.existsSync(path.join(out, /** @type {string} */ (file))), file);
  const suites = junit(path.join(out, 'junit.xml'));
  assert.deepEqual([suites.tests, suites.failures], ['3', '2']);
  assert.match(suites.testsuite.testcase[0].failure.message, new RegExp(`blocking\\.count is ${report.blocking.count} `));
  const summary = fs.readFileSync(path.join(out, 'summary.md'), 'utf8');
  assert.match(summary, /### Budgets: 2 of 3 failed/);
  assert.equal(fs.readFileSync(stepSummary, 'utf8'), `# earlier step\n${summary}\n`);
});

test('budgets that hold: exit 0; --format md writes summary.md and report.json only', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', script, '--out', out, '--fail-on', 'blocks.count>10,lag.p99>5s', '--format', 'md'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['profile.cpuprofile', 'report.json', 'summary.md', 'target.log']);
  const report = readReport(out);
  assert.ok(report.budgets.every((/** @type {any} */ b) => b.ok));
  assert.deepEqual(report.artifacts, { json: 'report.json', log: 'target.log', profile: 'profile.cpuprofile', md: 'summary.md' });
});

test('--no-profile: no flamegraph.html and none listed; report.html still drawn; `report` re-renders it the same', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', script, '--out', out, '--no-profile'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['junit.xml', 'report.html', 'report.json', 'summary.md', 'target.log']);
  const report = readReport(out);
  assert.equal(report.profile, null);
  assert.equal(report.run.settings.profile, false);
  assert.deepEqual(report.artifacts, { json: 'report.json', log: 'target.log', html: 'report.html', md: 'summary.md', junit: 'junit.xml' });
  const again = await runBin(['report', out], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.ok(!fs.existsSync(path.join(out, 'flamegraph.html')));
  assert.deepEqual(readReport(out).artifacts, report.artifacts);
});

for (const [name, args, expected] of /** @type {[string, string[], RegExp][]} */ ([
  ['unknown field', ['--fail-on', 'lag.p999>5ms'], /--fail-on.*"lag\.p999" is not a numeric field of report\.json/],
  ['no operator', ['--fail-on', 'lag.p99'], /--fail-on.*cannot read "lag\.p99"/],
  ['unit that does not fit', ['--fail-on', 'blocks.count>3ms'], /unit ms does not fit blocking\.count/],
  ['unknown format', ['--format', 'html,pdf'], /--format.*not pdf/],
])) {
  test(`bad --fail-on/--format (${name}): one line, exit 2, nothing started or written`, async (t) => {
    const dir = tempDir(t);
    const r = await runBin(['run', script, ...args], { cwd: dir, timeoutMs: 15_000 });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, expected);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.ok(!fs.existsSync(path.join(dir, 'reports')));
  });
}

test('report <dir>: re-renders a saved run; --fail-on checks new budgets; --out writes elsewhere', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const first = await runBin(['run', script, '--out', out, '--format', 'json'], { cwd: dir });
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(fs.readdirSync(out).sort(), ['profile.cpuprofile', 'report.json', 'target.log']);
  const saved = readReport(out);

  const again = await runBin(['report', out], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /verdict: blocked/);
  assert.deepEqual(fs.readdirSync(out).sort(), ['flamegraph.html', 'junit.xml', 'profile.cpuprofile', 'report.html', 'report.json', 'summary.md', 'target.log']);
  const rerendered = readReport(out);
  assert.deepEqual({ ...rerendered, artifacts: null }, { ...saved, artifacts: null, budgets: [] }, 'the data is unchanged');
  // The run's own CPU profile is in the page: all samples, and the samples inside its blocks.
  const html = fs.readFileSync(path.join(out, 'report.html'), 'utf8');
  const data = JSON.parse(/<script type="application\/json" id="elp-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
  assert.equal(data.flame.source, 'profile');
  assert.ok(data.flame.full.v > 0 && data.flame.blocked.v > 0, 'full and blocked-only graphs have samples');
  assert.ok(data.flame.blocked.v <= data.flame.full.v);

  const gated = await runBin(['report', path.join(out, 'report.json'), '--fail-on', 'blocks.count>=3', '--format', 'junit,json', '-o', 'again'], { cwd: dir });
  assert.equal(gated.code, 1, gated.stderr);
  assert.match(gated.stderr, /1 budget\(s\) failed/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'again')).sort(), ['junit.xml', 'report.json']);
  assert.equal(junit(path.join(dir, 'again', 'junit.xml')).failures, '1');
  assert.equal(readReport(path.join(dir, 'again')).budgets[0].actual, saved.blocking.count);
});

test('report: bad input is one line and exit 2', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"schemaVersion": 1,');
  fs.writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ schemaVersion: 1, tool: { name: 'something-else' } }));
  fs.writeFileSync(path.join(dir, 'newer.json'), JSON.stringify({ schemaVersion: 2, tool: { name: 'eventloop-probe' } }));
  fs.mkdirSync(path.join(dir, 'empty'));
  for (const [input, expected] of /** @type {[string, RegExp][]} */ ([
    ['missing', /report not found: missing/],
    ['empty', /no report\.json in empty/],
    ['broken.json', /broken\.json is not valid JSON/],
    ['other.json', /other\.json is not an eventloop-probe report/],
    ['newer.json', /schemaVersion 2, newer than this eventloop-probe reads \(1\).*upgrade/],
  ])) {
    const r = await runBin(['report', input], { cwd: dir, timeoutMs: 15_000 });
    assert.equal(r.code, 2, `${input}: ${r.stderr}`);
    assert.match(r.stderr, expected);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
  assert.deepEqual(fs.readdirSync(path.join(dir, 'empty')), [], 'nothing written');
});
