// CI end to end: the action (action.yml parses, its steps run the command docs/ci.md shows, with
// fake GITHUB_* files: summary, outputs, upload before the failing step), pprof decoded back from a
// real run, and run --baseline against a saved run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { parse } from 'yaml';
import { Profile } from 'pprof-format';
import { runBin, readReport, tempDir, ROOT, FIXTURES } from '../helpers.js';

const read = (/** @type {string} */ file) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The argv a shell line stands for, as bash splits it. @param {string} line */
function shellWords(line) {
  const r = spawnSync('bash', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'words', line], { encoding: 'utf8' });
  return r.stdout.split('\0').slice(0, -1);
}

/** The fenced blocks of a Markdown text. @param {string} md */
function codeBlocks(md) {
  return [...md.matchAll(/```(\w*)\n([\s\S]*?)```/g)].map((m) => ({ lang: m[1], text: m[2] }));
}

test('action.yml and the workflow parse; the action has its inputs and fails only after the upload', () => {
  const action = parse(read('action.yml'));
  assert.equal(action.runs.using, 'composite');
  for (const input of ['app', 'routes', 'duration', 'fail-on', 'baseline', 'node-version']) assert.ok(action.inputs[input], `input ${input}`);
  const names = action.runs.steps.map((/** @type {any} */ s) => s.uses?.replace(/@.*/, '') ?? s.id ?? s.name);
  assert.deepEqual(names, ['actions/setup-node', 'Install eventloop-probe', 'probe', 'actions/upload-artifact', 'Fail on a breached budget or a regression']);
  const upload = action.runs.steps[3];
  assert.match(upload.if, /^always\(\)/);
  assert.equal(upload.uses, 'actions/upload-artifact@v4');
  const docs = read('docs/ci.md');
  for (const input of Object.keys(action.inputs)) assert.match(docs, new RegExp(`\\| \`${input}\` \\|`), `docs/ci.md documents ${input}`);
  const workflow = parse(read('.github/workflows/event-loop.yml'));
  assert.deepEqual(Object.keys(workflow.on).sort(), ['pull_request', 'push']);
  const steps = workflow.jobs.demo.steps;
  assert.ok(steps.some((/** @type {any} */ s) => s.uses === './'), 'the workflow uses this repository\'s action');
});

test('the action on the demo runs the command docs/ci.md shows, uploads, summarises, then fails', async (t) => {
  const blocks = codeBlocks(read('docs/ci.md'));
  const example = blocks.findIndex((b) => b.lang === 'yaml' && /uses: OWNER\/eventloop-probe@REF/.test(b.text) && !/baseline/.test(b.text));
  assert.ok(example >= 0, 'docs/ci.md has the action example');
  const withInputs = parse(blocks[example].text)[0].with;
  const command = blocks[example + 1];
  assert.equal(command.lang, 'sh');
  const documented = shellWords(command.text.trim());
  assert.deepEqual(documented.slice(0, 3), ['npx', 'eventloop-probe', 'run']);

  const workspace = tempDir(t);
  const args = Object.entries(withInputs).flatMap(([k, v]) => ['--input', `${k}=${v}`]);
  const result = await new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/action/local-run.js'), '--workspace', workspace, '--runs', '2', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('close', (code) => resolve({ code, out }));
  });
  const { code, out } = /** @type {{code: number, out: string}} */ (result);
  assert.equal(code, 1, 'the demo breaches blocks.count>0: the action fails');
  const { runs, uploads } = JSON.parse(out);
  assert.equal(runs.length, 2);
  for (const run of runs) {
    const [setup, install, probe, upload, fail] = run.steps;
    assert.equal(setup.ran, false, 'no node-version: no setup-node');
    assert.equal(install.exitCode, 0);
    assert.equal(probe.exitCode, 0, 'the run step records the exit code and does not fail');
    const printed = probe.log.split('\n').find((/** @type {string} */ l) => l.startsWith('eventloop-probe run'));
    assert.deepEqual(shellWords(printed), documented.slice(1), 'the action runs the documented command');
    assert.equal(upload.exitCode, 0, upload.note);
    assert.deepEqual([fail.ran, fail.exitCode], [true, 1]);
    assert.equal(run.outputs['exit-code'], '1');
    assert.equal(run.outputs.verdict, 'blocked');
    assert.equal(run.outputs['report-dir'], fs.realpathSync(path.join(workspace, 'reports/eventloop-probe')));
    assert.equal(run.summary.match(/^## .* eventloop-probe: blocked$/gm)?.length, 1, 'summary.md once in the job summary');
    assert.match(run.summary, /### Budgets: 1 of 1 failed/);
  }
  const last = runs[1];
  assert.equal(last.summary, `${fs.readFileSync(path.join(last.outputs['report-dir'], 'summary.md'), 'utf8')}\n`, 'the job summary is summary.md');
  assert.equal(uploads.length, 2);
  assert.notEqual(uploads[0].name, uploads[1].name, 'two uses in one workflow run get two artifact names');
  for (const file of ['report.json', 'report.html', 'summary.md', 'junit.xml', 'profile.cpuprofile', 'profile.pb.gz', 'benchmark.json', 'benchmark-bigger.json']) {
    assert.ok(uploads[0].files.includes(file), `uploaded ${file}`);
  }
});

test('--format pprof: the blocking function carries the samples of its block', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'blocks-script.js'), '--threshold', '90', '--format', 'json,pprof,benchmark', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.artifacts.pprof, 'profile.pb.gz');
  assert.equal(report.artifacts.benchmark, 'benchmark.json');
  const p = Profile.decode(zlib.gunzipSync(fs.readFileSync(path.join(out, 'profile.pb.gz'))));
  const s = p.stringTable.strings;
  const names = (/** @type {any} */ sample) => sample.locationId.map((/** @type {any} */ id) => {
    const loc = p.location.find((l) => l.id === id);
    const f = p.function.find((x) => x.id === loc?.line[0].functionId);
    return { name: s[Number(f?.name)], file: s[Number(f?.filename)] };
  });
  const blockOf = (/** @type {any} */ sample) => sample.label.find((/** @type {any} */ l) => s[Number(l.key)] === 'block');
  // the script's second block is blockB's (the longest in work; on a crowded machine another can
  // last longer, held off a CPU)
  assert.equal(report.blocks.length, 3, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.durationMs)));
  const inB = p.sample.filter((x) => s[Number(blockOf(x)?.str)] === '1');
  const count = (/** @type {any[]} */ list) => list.reduce((sum, x) => sum + Number(x.value[0]), 0);
  assert.ok(count(inB) > 0, 'samples labelled with the second block');
  const withB = inB.filter((x) => names(x).some((/** @type {any} */ f) => f.name === 'blockB' && f.file.endsWith('blocks-script.js')));
  assert.ok(count(withB) > count(inB) / 2, `blockB in most samples of its block (${count(withB)} of ${count(inB)})`);
  const bench = JSON.parse(fs.readFileSync(path.join(out, 'benchmark.json'), 'utf8'));
  assert.ok(bench.some((/** @type {any} */ e) => e.name === 'longest block' && e.unit === 'ms' && e.value === report.blocking.longestMs));
});

test('run --baseline: a new blocking function exits 1 named in words, differing settings warn', async (t) => {
  const dir = tempDir(t);
  const first = path.join(dir, 'first');
  const script = path.join(FIXTURES, 'blocks-script.js');
  const a = await runBin(['run', script, '--threshold', '90', '--format', 'json', '--out', first], { cwd: dir });
  assert.equal(a.code, 0, a.stderr);
  // the baseline: this run without its blocks, measured with another threshold
  const baseline = readReport(first);
  baseline.blocks = [];
  baseline.loops = baseline.loops.map((/** @type {any} */ l) => ({ ...l, blocks: [] }));
  Object.assign(baseline.blocking, { count: 0, longestMs: 0, totalMs: 0, fraction: 0 });
  baseline.run.thresholdMs = 200;
  baseline.run.settings.thresholdMs = 200;
  fs.mkdirSync(path.join(dir, 'main'));
  fs.writeFileSync(path.join(dir, 'main', 'report.json'), JSON.stringify(baseline));
  const out = path.join(dir, 'second');
  const b = await runBin(['run', script, '--threshold', '90', '--out', out, '--baseline', 'main'], { cwd: dir });
  assert.equal(b.code, 1, b.stderr);
  const report = readReport(out);
  assert.equal(report.baseline.source, 'main');
  const [site] = report.baseline.regressions;
  assert.equal(site.kind, 'site');
  // the three blocks run in busy(), called by blockA, blockB and blockC: one blocking function
  assert.match(site.text, /^new blocking function busy \(.*blocks-script\.js:\d+\), \d+ ms, 3 blocks; it was not in the baseline$/);
  assert.ok(b.stderr.includes(`regression(s) against the baseline:\n  ${site.text}\n`), b.stderr);
  assert.deepEqual(report.baseline.regressions.map((/** @type {any} */ x) => x.key), ['sites', 'blocks.longestOnCpuMs', 'blocks.blockedOnCpu']);
  assert.match(b.stdout, /baseline main \(1 baseline run against 1\): judged: blocking call sites/);
  assert.match(b.stdout, /warning: settings differ from the baseline: threshold: 200 ms in the baseline, 90 ms in this run/);
  assert.deepEqual(report.baseline.settingsDiffer, ['threshold: 200 ms in the baseline, 90 ms in this run']);
  assert.match(fs.readFileSync(path.join(out, 'summary.md'), 'utf8'), /### Against the baseline: 3 regression\(s\)/);
  assert.ok(fs.readFileSync(path.join(out, 'junit.xml'), 'utf8').includes(`<failure message="${site.text}" type="baseline">`));
  const missing = await runBin(['run', script, '--baseline', 'nope/report.json'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /^eventloop-probe: error: baseline not found: nope\/report\.json/);
});
