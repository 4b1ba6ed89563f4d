// `compare --runs` of saved runs: side by side with deltas, regressions marked, Mann-Whitney U
// over repeated runs, what each side was measured with and a warning when that differs, and one
// line with exit 2 for anything that is not a report.json of ours or an option of the other form.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES } from '../helpers.js';

/** One real report.json, and copies of it with the probe and lag figures scaled (a group of runs). */
async function savedRuns(/** @type {import('node:test').TestContext} */ t) {
  const dir = tempDir(t);
  const out = path.join(dir, 'real');
  const r = await runBin(['run', path.join(FIXTURES, 'http-server.js'), '--route', '/', '-d', '0.5', '-c', '2', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const real = readReport(out);
  /** @param {string} folder @param {number[]} factors */
  const group = (folder, factors) => factors.forEach((f, i) => {
    const copy = structuredClone(real);
    copy.http.probe.p99Ms = 10 * f;
    copy.lag.p99Ms = 5 * f;
    copy.http.load.rps = 1000 + i; // steady
    fs.mkdirSync(path.join(dir, folder, `run-${i + 1}`), { recursive: true });
    fs.writeFileSync(path.join(dir, folder, `run-${i + 1}`, 'report.json'), JSON.stringify(copy));
  });
  return { dir, out, real, group };
}

test('two saved runs: values side by side, delta and %, a blocking regression marked, a noisy change only marked changed', async (t) => {
  const { dir, out, real } = await savedRuns(t);
  const slower = structuredClone(real);
  slower.http.probe.p99Ms = real.http.probe.p99Ms * 3 + 20;
  slower.blocking = { ...real.blocking, longestMs: (real.blocking?.longestMs ?? 0) + 500 };
  fs.writeFileSync(path.join(dir, 'slower.json'), JSON.stringify(slower));
  const r = await runBin(['compare', '--runs', path.join(out, 'report.json'), 'slower.json', '--json'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const diff = JSON.parse(r.stdout);
  assert.equal(diff.kind, 'saved');
  assert.deepEqual(diff.sides.map((/** @type {any} */ s) => s.n), [1, 1]);
  const p99 = diff.metrics.find((/** @type {any} */ m) => m.key === 'http.probe.p99Ms');
  assert.deepEqual(p99.values, [real.http.probe.p99Ms, slower.http.probe.p99Ms]);
  // single runs: no test, so a latency's change is shown and not judged; the longest block is
  assert.equal(p99.deltas[0].mark, 'changed');
  assert.ok(p99.deltas[0].pct > 100);
  assert.equal(p99.deltas[0].p, null);
  assert.deepEqual(diff.regressions.map((/** @type {any} */ x) => x.metric), ['longest block']);
  const lag = diff.metrics.find((/** @type {any} */ m) => m.key === 'lag.p99Ms');
  assert.equal(lag.deltas[0].delta, 0);
  assert.equal(lag.deltas[0].mark, null);
  assert.match(r.stderr, /1 regression\(s\): longest block/);
  assert.match(r.stderr, /is marked "changed" and not judged \(it cannot be told from noise\)/);
  // each side with what it was measured with, from its own report; the same settings: no warning
  assert.deepEqual(diff.warnings, []);
  assert.deepEqual(diff.settingsDiffer, []);
  assert.equal(diff.sides[0].settings.nodeVersion, real.target.nodeVersion);
  assert.equal(diff.sides[0].settings.profile, true);
  assert.equal(diff.sides[0].settings.connections, 2);
  assert.match(r.stderr, new RegExp(`A = .*report\\.json \\(1 run\\): node ${real.target.nodeVersion}, 2 connections on /, probe / every 50 ms, 0\\.5 s, threshold 50 ms, profile ${real.run.settings.profileIntervalUs} µs`));
  assert.doesNotMatch(r.stderr, /warning/);
});

test('runs measured with different settings: a warning in the table and in compare.json, naming each', async (t) => {
  const { dir, out, real } = await savedRuns(t);
  const other = structuredClone(real);
  other.run.settings = { ...other.run.settings, profile: false, connections: 8, thresholdMs: 100 };
  other.run.thresholdMs = 100;
  other.profile = null;
  other.target.nodeVersion = 'v22.0.0';
  fs.writeFileSync(path.join(dir, 'other.json'), JSON.stringify(other));
  const r = await runBin(['compare', '--runs', path.join(out, 'report.json'), 'other.json', '--out', 'diff'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const diff = JSON.parse(fs.readFileSync(path.join(dir, 'diff', 'compare.json'), 'utf8'));
  assert.deepEqual(diff.settingsDiffer.map((/** @type {any} */ d) => d.key), ['profile', 'thresholdMs', 'connections', 'nodeVersion']);
  assert.deepEqual(diff.settingsDiffer[0].values, [['on'], ['off']]);
  assert.equal(diff.warnings.length, 1);
  const line = r.stdout.split('\n').find((l) => l.startsWith('warning: '));
  assert.ok(line, r.stdout);
  assert.match(line, /different settings: CPU profile \(A on, B off\); threshold \(A 50 ms, B 100 ms\); connections \(A 2, B 8\); Node \(A v\S+, B v22\.0\.0\)/);
  assert.match(r.stdout, /B = other\.json \(1 run\): node v22\.0\.0, 8 connections on \/.*threshold 100 ms, no profile/);
});

test('folders of repeated runs: Mann-Whitney U says beyond the noise, or within it', async (t) => {
  const { dir, group } = await savedRuns(t);
  group('before', [1.0, 1.1, 0.9, 1.05]);
  group('after', [2.0, 2.2, 1.9, 2.1]);
  group('same', [1.02, 0.95, 1.08, 0.97]);
  const r = await runBin(['compare', '--runs', 'before', 'after', 'same', '--json', '--out', 'diff'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const diff = JSON.parse(r.stdout);
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, 'diff', 'compare.json'), 'utf8')), diff);
  assert.deepEqual(diff.sides.map((/** @type {any} */ s) => s.n), [4, 4, 4]);
  const p99 = diff.metrics.find((/** @type {any} */ m) => m.key === 'http.probe.p99Ms');
  const [after, same] = p99.deltas;
  assert.equal(after.beyondNoise, true);
  assert.ok(after.p < 0.05 && Math.abs(after.p - 2 / 70) < 1e-3, `p ${after.p}`); // complete separation, 4 vs 4
  assert.equal(after.mark, 'regression');
  assert.equal(same.beyondNoise, false);
  assert.notEqual(same.mark, 'regression');
  assert.match(r.stderr, /Mann-Whitney U/);
});

test('not a report of ours, a newer schema, one run only, missing, no --runs, options of the other form: one line, exit 2', async (t) => {
  const { dir, out, real } = await savedRuns(t);
  const good = path.join(out, 'report.json');
  fs.writeFileSync(path.join(dir, 'other.json'), JSON.stringify({ name: 'lighthouse', audits: {} }));
  fs.writeFileSync(path.join(dir, 'newer.json'), JSON.stringify({ ...real, schemaVersion: 2 }));
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"schemaVersion": 1,');
  const cases = [
    [['compare', '--runs', good, 'other.json'], /other\.json is not a report\.json of eventloop-probe/],
    [['compare', '--runs', good, 'newer.json'], /newer\.json has schemaVersion 2, newer than this eventloop-probe reads \(1\)/],
    [['compare', '--runs', good, 'broken.json'], /broken\.json is not valid JSON/],
    [['compare', '--runs', good, 'missing.json'], /cannot read missing\.json: no such file or folder/],
    [['compare', '--runs', good], /compare --runs needs at least two saved runs/],
    // saved runs are never guessed from the disk: without --runs a name is a scenario
    [['compare', good, 'other.json'], /unknown scenario: .*report\.json \(one of sync, .*; to compare saved runs: compare --runs <a> <b>\)/],
    [['compare', 'sync', '--runs', good, 'other.json'], /compare --runs takes saved runs only; sync comes after them/],
    [['compare', '--runs', good, good, '--rounds', '5'], /--rounds is an option of the scenario replay, not of compare --runs/],
    [['compare', '--runs', good, good, '--repeat', '2'], /--repeat is an option of the scenario replay/],
    [['compare', 'sync', '--fail-on-regression', '10'], /--fail-on-regression is an option of compare --runs \(saved runs\)/],
    [['compare', '--threshold', '5'], /--threshold is an option of compare --runs/],
  ];
  for (const [args, pattern] of /** @type {[string[], RegExp][]} */ (cases)) {
    const r = await runBin(args, { cwd: dir });
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, pattern);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});

test('--fail-on-regression: exit 1 on a regression beyond the noise, 0 within it', async (t) => {
  const { dir, group } = await savedRuns(t);
  group('base', [1.0, 1.1, 0.9, 1.05]);
  group('head', [2.0, 2.2, 1.9, 2.1]);
  group('same', [1.02, 0.95, 1.08, 0.97]);
  const bad = await runBin(['compare', '--runs', 'base', 'head', '--fail-on-regression', '10%'], { cwd: dir });
  assert.equal(bad.code, 1, bad.stderr);
  assert.match(bad.stdout, /failed: \d+ regression\(s\) of at least 10%: .*probe p99/);
  const good = await runBin(['compare', '--runs', 'base', 'same', '--fail-on-regression', '10%'], { cwd: dir });
  assert.equal(good.code, 0, good.stdout);
  const wide = await runBin(['compare', '--runs', 'base', 'head', '--fail-on-regression', '500'], { cwd: dir });
  assert.equal(wide.code, 0, 'a doubling is under a 500% threshold');
});
