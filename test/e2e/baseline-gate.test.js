// The baseline gate end to end: --repeat keeps every run, main's runs are the baseline of a pull
// request's runs, a new blocking function fails the gate named in words (terminal, summary.md,
// junit.xml, repeat.json, the action's output), and the same app against its own runs passes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runBin, readReport, tempDir, fixture, until, ROOT } from '../helpers.js';

const NEW_BLOCK = /^new blocking function renderQuarterlyReport \(report-server\.js:\d+\), \d+(\.\d)? ms, \d+(\.\d)? blocks \(medians of 2 runs\); it was not in the baseline$/;

test('--repeat 2: every run kept; a new blocking function against main\'s runs is named and fails the gate', async (t) => {
  const dir = tempDir(t);
  const app = fixture('report-server.js', dir);
  const args = ['run', 'report-server.js', '--route', '/', '-d', '1', '-c', '2', '--repeat', '2'];
  const main = await runBin([...args, '--out', 'main'], { cwd: dir });
  assert.equal(main.code, 0, main.stderr);
  assert.match(main.stderr, /run 1 of 2\n[\s\S]*run 2 of 2\n/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'main')).sort(), ['junit.xml', 'repeat.json', 'run-1', 'run-2', 'summary.md']);
  for (const run of ['run-1', 'run-2']) assert.equal(readReport(path.join(dir, 'main', run)).target.script, 'report-server.js');
  const mainJson = JSON.parse(fs.readFileSync(path.join(dir, 'main', 'repeat.json'), 'utf8'));
  assert.deepEqual(mainJson.runs.map((/** @type {any} */ r) => [r.dir, r.exitCode]), [['run-1', 0], ['run-2', 0]]);
  assert.equal(mainJson.baseline, null);

  // the same app against main: no regression (what is judged by default is stable)
  const same = await runBin([...args, '--out', 'same', '--baseline', 'main'], { cwd: dir });
  assert.equal(same.code, 0, same.stderr + same.stdout);
  assert.match(same.stdout, /no regression against the baseline main/);

  // the pull request adds a blocking function
  const pr = await runBin([...args, '--out', 'pr', '--baseline', 'main', '--format', 'all'], { cwd: dir, env: { BLOCK: '1' } });
  assert.equal(pr.code, 1, pr.stderr);
  const judged = JSON.parse(fs.readFileSync(path.join(dir, 'pr', 'repeat.json'), 'utf8')).baseline;
  assert.equal(judged.runs, 2);
  assert.equal(judged.candidateRuns, 2);
  assert.equal(judged.source, 'main');
  assert.deepEqual(judged.reports, [path.join('main', 'run-1', 'report.json'), path.join('main', 'run-2', 'report.json')]);
  const [first] = judged.regressions;
  assert.equal(first.kind, 'site', JSON.stringify({ regressions: judged.regressions, sites: judged.sites, note: judged.sitesNote }));
  assert.match(first.text, NEW_BLOCK);
  const site = judged.sites.find((/** @type {any} */ s) => s.functionName === 'renderQuarterlyReport');
  assert.equal(site.status, 'new');
  assert.equal(site.owner.kind, 'app');
  assert.equal(site.value.runs, 2);
  // the words lead everywhere a reviewer looks
  assert.ok(pr.stderr.includes(`regression(s) against the baseline:\n  ${first.text}\n`), pr.stderr);
  assert.ok(pr.stdout.includes(`  ▲ ${first.text}\n`), pr.stdout);
  const md = fs.readFileSync(path.join(dir, 'pr', 'summary.md'), 'utf8').split('\n');
  assert.match(md[2], /^### 🔺 \d+ regression\(s\) against the baseline main:$/);
  assert.equal(md[4], `- ${first.text}`);
  const junit = fs.readFileSync(path.join(dir, 'pr', 'junit.xml'), 'utf8');
  assert.ok(junit.includes(`<failure message="${first.text.replace(/\(/g, '(')}" type="baseline">`), junit);
  // each run is a whole report folder of its own, and the two sides compare as saved runs
  assert.ok(fs.existsSync(path.join(dir, 'pr', 'run-2', 'report.html')));
  const cmp = await runBin(['compare', '--runs', 'main', 'pr', '--json'], { cwd: dir });
  assert.equal(cmp.code, 0, cmp.stderr);
  assert.deepEqual(JSON.parse(cmp.stdout).sides.map((/** @type {any} */ s) => s.n), [2, 2]);
  assert.ok(fs.existsSync(app));
});

test('--repeat into a folder that holds runs already, and bad --baseline-metrics: one line, exit 2, nothing run', async (t) => {
  const dir = tempDir(t);
  fixture('report-server.js', dir);
  fs.mkdirSync(path.join(dir, 'out', 'run-1'), { recursive: true });
  const again = await runBin(['run', 'report-server.js', '--route', '/', '--repeat', '2', '--out', 'out'], { cwd: dir });
  assert.equal(again.code, 2);
  assert.match(again.stderr, /^eventloop-probe: error: out already holds runs \(run-1\) \(give --repeat a new or empty --out folder/);
  assert.equal(again.stderr.trim().split('\n').length, 1);
  const bad = await runBin(['run', 'report-server.js', '--baseline', 'x', '--baseline-metrics', 'lag.p99,latency'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--baseline-metrics.*not latency/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out')), ['run-1']);
});

/** The action's steps on this machine (scripts/action/local-run.js). @param {string} workspace @param {Record<string, string>} inputs @param {NodeJS.ProcessEnv} [env] */
function localAction(workspace, inputs, env = {}) {
  const args = Object.entries(inputs).flatMap(([k, v]) => ['--input', `${k}=${v}`]);
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/action/local-run.js'), '--workspace', workspace, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status, run: JSON.parse(r.stdout).runs[0] };
}

test('the action: a regression against the baseline is its output `regressions` and an annotation in its own words', async (t) => {
  const workspace = tempDir(t);
  fixture('report-server.js', workspace);
  // 3 s: a new function is a regression from its second block, and a crowded machine's 1 s held one
  const inputs = { app: 'report-server.js', routes: '/', duration: '3', args: '--connections 2', upload: 'false' };
  const main = localAction(workspace, inputs);
  assert.equal(main.code, 0, JSON.stringify(main.run.steps));
  assert.equal(main.run.outputs.regressions, '');
  fs.mkdirSync(path.join(workspace, 'baseline'));
  fs.copyFileSync(path.join(main.run.outputs['report-dir'], 'report.json'), path.join(workspace, 'baseline', 'report.json'));
  fs.rmSync(path.join(workspace, 'reports'), { recursive: true });
  const pr = localAction(workspace, { ...inputs, baseline: 'baseline/report.json' }, { BLOCK: '1' });
  assert.equal(pr.code, 1);
  const [first] = pr.run.outputs.regressions.split('\n');
  assert.match(first, /^new blocking function renderQuarterlyReport \(report-server\.js:\d+\), \d+ ms, \d+ blocks; it was not in the baseline$/);
  const fail = pr.run.steps.at(-1);
  assert.ok(fail.log.startsWith(`::error title=eventloop-probe regression::${first}\n`), fail.log);
  assert.match(pr.run.summary, /^### 🔺 \d+ regression\(s\) against the baseline baseline\/report\.json:$/m);
});

test('--repeat interrupted: the run under way stops gracefully, kept with the runs before it, exit 130', async (t) => {
  const dir = tempDir(t);
  fixture('report-server.js', dir);
  let stderr = '';
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  const done = runBin(['run', 'report-server.js', '--route', '/', '-d', '1', '-c', '2', '--repeat', '3', '--out', 'out'], {
    cwd: dir, timeoutMs: 120_000, onSpawn: (c) => { child = c; c.stderr?.on('data', (d) => { stderr += d; }); },
  });
  // the event: the second run has begun
  assert.ok(await until(() => stderr.includes('run 2 of 3\n'), 90_000), stderr);
  child?.kill('SIGINT');
  const r = await done;
  assert.equal(r.code, 130, r.stderr);
  assert.match(r.stderr, /run-2: interrupted: the app stopped, report written; 1 earlier run\(s\) kept/);
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out')).sort(), ['junit.xml', 'repeat.json', 'run-1', 'run-2', 'summary.md']);
  const json = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'repeat.json'), 'utf8'));
  assert.deepEqual(json.runs.map((/** @type {any} */ x) => [x.dir, x.exitCode]), [['run-1', 0], ['run-2', 130]]);
  assert.equal(json.planned, 3);
  assert.ok(fs.existsSync(path.join(dir, 'out', 'run-2', 'report.json')));
});
