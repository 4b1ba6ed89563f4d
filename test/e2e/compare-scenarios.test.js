// `compare` replays the scheduling scenarios of the article (reduced rounds and time budget) and
// must reach the article's verdicts: which patterns block the loop, what each block was, which fix
// it recommends. Each scenario runs in a process of its own, one after the other, so how fast one
// was beside another is the machine's to decide: those figures are bench/scenarios.js's (each job
// alone, alternating rounds), and here only their bookkeeping is checked.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, tempDir, alive } from '../helpers.js';

test('compare (all scenarios): the article\'s verdicts and orderings, compare.json and one report per scenario', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'cmp');
  const r = await runBin(['compare', '--rounds', '60000', '--time-budget', '1.5', '--json', '--out', out], { cwd: dir, timeoutMs: 120_000 });
  assert.equal(r.code, 0, r.stderr);
  const printed = JSON.parse(r.stdout);
  const compare = JSON.parse(fs.readFileSync(path.join(out, 'compare.json'), 'utf8'));
  // the page and the junit beside it, each run's own report.html linked from the page
  const html = fs.readFileSync(path.join(out, 'compare.html'), 'utf8');
  assert.equal((html.match(/<svg /g) ?? []).length, 4);
  for (const row of compare.scenarios) assert.ok(fs.existsSync(path.join(out, row.report.replace(/report\.json$/, 'report.html'))), `${row.name} report.html`);
  const junit = fs.readFileSync(path.join(out, 'junit.xml'), 'utf8');
  assert.equal((junit.match(/<testcase /g) ?? []).length, compare.scenarios.length);
  assert.equal((junit.match(/<failure /g) ?? []).length, compare.scenarios.filter((/** @type {any} */ r) => r.verdict === 'blocks').length);
  assert.deepEqual(printed, compare);
  assert.match(r.stderr, new RegExp(`recommendation: use ${compare.best}:`)); // which: asserted below
  /** @type {Record<string, any>} */
  const s = Object.fromEntries(compare.scenarios.map((/** @type {any} */ row) => [row.name, row]));
  assert.deepEqual(Object.keys(s), ['sync', 'async-await', 'next-tick', 'set-timeout', 'set-immediate', 'partitioned', 'worker-thread']);

  for (const row of compare.scenarios) {
    const report = JSON.parse(fs.readFileSync(path.join(out, row.report), 'utf8'));
    assert.equal(report.work.scenario, row.name);
    assert.ok(row.throughput > 0, `${row.name} did no work`);
    assert.ok(report.http.probe.requests > 0, `${row.name}: no probe answered`);
    assert.ok(!alive(report.target.pid), `${row.name}: target still alive`);
    for (const key of ['verdict', 'throughput', 'throughputRatio', 'cpu', 'lag', 'http', 'report']) assert.ok(key in row, `${row.name}.${key}`);
  }
  // The loop is held for a whole job: blocks, each with the scenario's job in its stack and advice.
  for (const name of ['sync', 'async-await', 'next-tick']) {
    assert.equal(s[name].verdict, 'blocks', `${name} verdict`);
    assert.ok(s[name].blocks.count >= 1, `${name} blocks`);
    assert.ok(s[name].phase, `${name}: the blocks' cause or phase`);
    assert.ok(s[name].blockAdvice, `${name}: the longest block's advice`);
    const report = JSON.parse(fs.readFileSync(path.join(out, s[name].report), 'utf8'));
    const longest = [...report.blocks].sort((a, b) => b.durationMs - a.durationMs)[0];
    assert.ok(longest.stack.some((/** @type {any} */ f) => /scenarios[\\/](lib[\\/]job|[\w-]+)\.cjs$/.test(f.url)), `${name}: ${JSON.stringify(longest.stack.slice(0, 6))}`);
  }
  // setTimeout(0), setImmediate per round and the two fixes: the loop stays free
  for (const name of ['set-timeout', 'set-immediate', 'partitioned', 'worker-thread']) assert.equal(s[name].verdict, 'responsive', `${name} verdict`);
  // the recommendation is a responsive row with the most work done; each ratio is to sync's
  assert.ok(['partitioned', 'worker-thread', 'set-immediate'].includes(compare.best), `best ${compare.best}`);
  for (const row of compare.scenarios) assert.equal(row.throughputRatio, Math.round((row.throughput / s.sync.throughput) * 1000) / 1000, row.name);
  assert.equal(s.sync.throughputRatio, 1);
});

test('compare with names and --repeat: only those scenarios, runs alternate, medians and spread', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'cmp');
  const r = await runBin(['compare', 'sync', 'partitioned', '--rounds', '40000', '--time-budget', '1.5', '--repeat', '2', '--out', out], { cwd: dir, timeoutMs: 90_000 });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /rounds\/s \(spread\)/);
  assert.match(r.stdout, /compared 2 scenario\(s\) in \d+\.\d s/);
  const order = [...r.stderr.matchAll(/\[\d\/4\] (\S+):/g)].map((m) => m[1]);
  assert.deepEqual(order, ['sync', 'partitioned', 'sync', 'partitioned']);
  const compare = JSON.parse(fs.readFileSync(path.join(out, 'compare.json'), 'utf8'));
  assert.deepEqual(compare.scenarios.map((/** @type {any} */ s) => s.name), ['sync', 'partitioned']);
  for (const row of compare.scenarios) {
    assert.deepEqual(row.reports, [path.join(row.name, 'run-1', 'report.json'), path.join(row.name, 'run-2', 'report.json')]);
    assert.ok(row.throughputSpread.min <= row.throughput && row.throughput <= row.throughputSpread.max);
    for (const rel of row.reports) assert.ok(fs.existsSync(path.join(out, rel)));
  }
  assert.equal(compare.scenarios[0].verdict, 'blocks');
  assert.equal(compare.scenarios[1].verdict, 'responsive');
  assert.equal(compare.settings.repeat, 2);
  // the header and compare.json say what the runs were measured with, from their reports
  const first = JSON.parse(fs.readFileSync(path.join(out, compare.scenarios[0].reports[0]), 'utf8'));
  assert.equal(compare.settings.nodeVersion, first.target.nodeVersion);
  assert.equal(compare.settings.probe, first.run.settings.probe);
  assert.equal(compare.settings.profile, true);
  assert.match(r.stdout, new RegExp(`node ${first.target.nodeVersion} · 40,000 rounds per job · 1\\.5 s per scenario · 2 runs each \\(medians\\) · probe /healthcheck every 50 ms · threshold 50 ms · profile ${first.run.settings.profileIntervalUs} µs`));
});

test('compare: an unknown scenario or a missing file is one line and exit 2, nothing started', async (t) => {
  const dir = tempDir(t);
  const bad = await runBin(['compare', 'sync', 'set-timout'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^eventloop-probe: error: unknown scenario: set-timout \(one of sync, .*\)\n$/);
  const missing = await runBin(['compare', '--runs', 'a/report.json', 'b/report.json'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr.trim().split('\n').length, 1);
  assert.match(missing.stderr, /cannot read a\/report\.json: no such file or folder/);
  // a path without --runs is no scenario: no guessing from the disk
  const path1 = await runBin(['compare', 'a/report.json', 'b/report.json'], { cwd: dir });
  assert.equal(path1.code, 2);
  assert.match(path1.stderr, /^eventloop-probe: error: unknown scenario: a\/report\.json \(one of sync, .*compare --runs <a> <b>\)\n$/);
  const bad2 = await runBin(['compare', '--repeat', '0'], { cwd: dir });
  assert.equal(bad2.code, 2);
  assert.ok(!fs.existsSync(path.join(dir, 'reports')));
});
