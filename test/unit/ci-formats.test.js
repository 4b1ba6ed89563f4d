// The CI formats: pprof (profile.pb.gz, decoded back), github-action-benchmark's JSON, the job
// summary cut at GitHub's limit, and the expression evaluator of scripts/action/local-run.js.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { Profile } from 'pprof-format';
import { encodePprof } from '../../src/report/pprof.js';
import { renderBenchmark } from '../../src/report/benchmark.js';
import { fitStepSummary, appendStepSummary } from '../../src/report/step-summary.js';
import { writeRenderedFiles, artifactsFor } from '../../src/report/write-folder.js';
import { evaluate, stepRuns, interpolate } from '../../scripts/action/expression.js';
import { tempDir } from '../helpers.js';
import { sampleReport } from './sample-report.js';

/**
 * A generated file whose line 1 maps to line 11 of src/orig.ts (inline source map), a profile
 * sampling it every 1 ms (idle, hot, hot, hot, idle, idle) and a report with one block at 2-5 ms.
 * @param {string} dir
 */
function profiled(dir) {
  const gen = path.join(dir, 'gen.js');
  const map = { version: 3, sources: ['src/orig.ts'], names: [], mappings: 'AAUA' };
  fs.writeFileSync(gen, `function hot() {}\n//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`);
  const frame = (/** @type {string} */ functionName, /** @type {string} */ url) => ({ functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '1' });
  const cpuProfile = {
    nodes: [
      { id: 1, callFrame: frame('(root)', ''), children: [2, 3] },
      { id: 2, callFrame: frame('hot', pathToFileURL(gen).href) },
      { id: 3, callFrame: frame('(idle)', '') },
    ],
    startTime: 0, endTime: 7000, samples: [3, 2, 2, 2, 3, 3], timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000],
  };
  const epoch = Date.parse('2026-11-23T10:00:00.000Z');
  const report = { ...sampleReport(), profile: { file: 'profile.cpuprofile', startEpochMs: epoch, intervalUs: 1000 }, blocks: [{ startMs: 2, durationMs: 3 }] };
  return { cpuProfile, report, orig: path.join(dir, 'src', 'orig.ts') };
}

/** @param {Buffer} gz */
function decode(gz) {
  const p = Profile.decode(zlib.gunzipSync(gz));
  const s = p.stringTable.strings;
  const fn = (/** @type {any} */ sample) => {
    const loc = p.location.find((l) => l.id === sample.locationId[0]);
    const f = p.function.find((x) => x.id === loc?.line[0].functionId);
    return { name: s[Number(f?.name)], file: s[Number(f?.filename)], line: Number(loc?.line[0].line) };
  };
  const labels = (/** @type {any} */ sample) => Object.fromEntries(sample.label.map((/** @type {any} */ l) => [s[Number(l.key)], s[Number(l.str)]]));
  return { p, s, fn, labels };
}

test('pprof: source-mapped frames, counts and CPU time, the block as labels on its samples', (t) => {
  const dir = tempDir(t);
  const { cpuProfile, report, orig } = profiled(dir);
  const { p, s, fn, labels } = decode(encodePprof(cpuProfile, report));
  assert.deepEqual(p.sampleType.map((v) => `${s[Number(v.type)]}/${s[Number(v.unit)]}`), ['samples/count', 'cpu/nanoseconds']);
  assert.equal(Number(p.period), 1_000_000);
  assert.equal(p.timeNanos, BigInt(Date.parse('2026-11-23T10:00:00.000Z')) * 1_000_000n);
  const hot = p.sample.filter((x) => fn(x).name === 'hot');
  assert.equal(hot.length, 1, 'equal stacks in one block are merged');
  assert.deepEqual(fn(hot[0]), { name: 'hot', file: orig, line: 11 });
  assert.deepEqual(hot[0].value.map(Number), [3, 3_000_000]);
  assert.deepEqual(labels(hot[0]), { block: '0', block_start: '2ms' });
  const idle = p.sample.filter((x) => fn(x).name === '(idle)');
  assert.deepEqual(idle.map((x) => [Number(x.value[0]), x.label.length]), [[3, 0]], 'outside the block: no label');
});

test('pprof in the report folder: listed in artifacts only with a profile, a note without one', (t) => {
  const dir = tempDir(t);
  const { cpuProfile, report } = profiled(dir);
  fs.writeFileSync(path.join(dir, 'profile.cpuprofile'), JSON.stringify(cpuProfile));
  assert.deepEqual(artifactsFor(['pprof', 'benchmark'], report), { pprof: 'profile.pb.gz', benchmark: 'benchmark.json', benchmarkBigger: 'benchmark-bigger.json' });
  assert.deepEqual(artifactsFor(['pprof'], sampleReport()), {});
  const written = writeRenderedFiles(dir, report, { formats: ['pprof', 'benchmark'] });
  assert.deepEqual(written, { files: ['profile.pb.gz', 'benchmark.json', 'benchmark-bigger.json'], notes: [] });
  assert.ok(decode(fs.readFileSync(path.join(dir, 'profile.pb.gz'))).p.sample.length > 0);
  const none = writeRenderedFiles(tempDir(t), sampleReport(), { formats: ['pprof'] });
  assert.deepEqual(none.files, []);
  assert.match(none.notes[0], /no CPU profile in this run/);
});

test('benchmark: smaller-is-better and bigger-is-better entries; unmeasured metrics left out', () => {
  const { smaller, bigger } = renderBenchmark(sampleReport());
  const s = JSON.parse(smaller);
  assert.deepEqual(s.map((/** @type {any} */ e) => [e.name, e.unit, e.value]), [
    ['event loop lag p99', 'ms', 304], ['event loop lag max', 'ms', 313], ['time blocked', '%', 32.7],
    ['longest block', 'ms', 321], ['probe latency p99', 'ms', 812], ['load latency p99', 'ms', 900],
  ]);
  assert.doesNotMatch(s[0].extra, /pid/, 'extra stays the same from run to run');
  assert.deepEqual(JSON.parse(bigger).map((/** @type {any} */ e) => [e.name, e.unit, e.value]), [['load throughput', 'req/s', 150]]);
  const noHttp = { ...sampleReport(), http: { probe: null, load: null } };
  assert.deepEqual(JSON.parse(renderBenchmark(noHttp).smaller).map((/** @type {any} */ e) => e.name), ['event loop lag p99', 'event loop lag max', 'time blocked', 'longest block']);
  assert.deepEqual(JSON.parse(renderBenchmark(noHttp).bigger), []);
});

test('job summary: whole when it fits, cut at a line and said so when it does not', (t) => {
  assert.deepEqual(fitStepSummary('# a\nb', 0, 100), { text: '# a\nb\n', cut: false });
  const md = Array.from({ length: 50 }, (_, i) => `line ${i} é`).join('\n');
  const fitted = fitStepSummary(md, 10, 300);
  assert.equal(fitted.cut, true);
  assert.ok(Buffer.byteLength(fitted.text) <= 290, `${Buffer.byteLength(fitted.text)} bytes`);
  assert.match(fitted.text, /^line 0 é\n/);
  assert.match(fitted.text, /\n> eventloop-probe: this summary was cut to fit GitHub's 1 MiB limit for one step; the whole summary\.md is in the report folder/);
  assert.doesNotMatch(fitted.text, /line 49/);
  const dir = tempDir(t);
  const file = path.join(dir, 'step.md');
  fs.writeFileSync(file, 'x'.repeat(1024 * 1024 - 200));
  const note = appendStepSummary(file, 'y'.repeat(100) + '\n' + 'z'.repeat(500));
  assert.match(note ?? '', /over GitHub's 1 MiB step summary limit/);
  assert.ok(fs.statSync(file).size <= 1024 * 1024);
  assert.equal(appendStepSummary(path.join(dir, 'new.md'), 'short'), null);
  assert.equal(fs.readFileSync(path.join(dir, 'new.md'), 'utf8'), 'short\n');
});

test('action expressions: inputs, step outputs, comparisons, status functions; unknown names throw', () => {
  const values = /** @type {Record<string, string>} */ ({ 'inputs.node-version': '', 'inputs.upload': 'true', 'steps.probe.outputs.exit-code': '1' });
  const ctx = (failed = false) => ({ lookup: (/** @type {string} */ p) => values[p], status: { failed } });
  assert.equal(evaluate("inputs.node-version != ''", ctx()), false);
  assert.equal(evaluate("always() && inputs.upload == 'true'", ctx(true)), true);
  assert.equal(stepRuns("steps.probe.outputs.exit-code != '0'", ctx(true)), false, 'no status function: success() && ...');
  assert.equal(stepRuns("always() && steps.probe.outputs.exit-code != '0'", ctx(true)), true);
  assert.equal(stepRuns(undefined, ctx(true)), false);
  assert.equal(evaluate("!(inputs.upload == 'false') || failure()", ctx()), true);
  assert.equal(interpolate('code ${{ steps.probe.outputs.exit-code }}!', ctx()), 'code 1!');
  assert.throws(() => evaluate('matrix.node', ctx()), /unknown name matrix\.node/);
  assert.throws(() => evaluate("inputs.upload == 'true' ==", ctx()), /unexpected end/);
});
