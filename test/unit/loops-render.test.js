// Every output shows every event loop (report.loops): the terminal's loops table and per-loop
// blocks, summary.md, a junit test case per loop, report.html's loop selector with each loop's
// flame graph, and the any-loop budgets naming the loop. Reports without loops render as before.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Chalk } from 'chalk';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderRunTables } from '../../src/report/table.js';
import { renderWorkersTable } from '../../src/report/workers-table.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderJunit } from '../../src/report/junit.js';
import { writeRenderedFiles } from '../../src/report/write-folder.js';
import { evaluateBudgets, parseBudgets, describeResult } from '../../src/analyze/budgets.js';
import { sampleReport } from './sample-report.js';
import { sampleLoopsReport, tinyProfile } from './sample-loops.js';
import { tempDir } from '../helpers.js';

const plain = new Chalk({ level: 0 });
/** The lines of a terminal table that hold a text (cli-table3 rows are one line each here). @param {string} text @param {string} needle */
const rowsWith = (text, needle) => text.split('\n').filter((l) => l.includes(needle));
/** The cells of a table line. @param {string} line */
const cellsOf = (line) => line.split(/[│|]/).map((c) => c.trim()).filter(Boolean);

test('terminal: one loops table with a row per loop, the marks, per-loop blocks and the verdict\'s loop', () => {
  const report = sampleLoopsReport();
  const text = renderRunTables(report, plain, '/srv/app') + renderWorkersTable(report, plain);
  assert.deepEqual(cellsOf(rowsWith(text, 'cluster worker 4242 (')[0]),
    ['cluster worker 4242 (exited with code 1 at +1.50 s)', '455 ms', '460 ms', '97.0%', '2', '910 ms (61.0%)', '460 ms', 'blocked']);
  assert.deepEqual(cellsOf(rowsWith(text, 'worker thread 3 (')[0]),
    ['worker thread 3 (measured from outside)', '-', '-', '100.0%', '1', '2.00 s (100.0%)', '2.00 s', 'blocked']);
  assert.equal(cellsOf(rowsWith(text, '│ main thread')[0])[1], '304 ms');
  assert.equal(rowsWith(text, 'cluster worker │').length, 0, 'no separate cluster-worker table');
  assert.equal(rowsWith(text, 'thread 3 ').filter((l) => l.includes('│ thread 3')).length, 0, 'no thread rows of the old kind');
  // each loop's blocks and call sites under a heading naming it, in loop order
  const at = (/** @type {string} */ s) => text.indexOf(s);
  assert.ok(at('main thread:') < at('cluster worker 4242:') && at('cluster worker 4242:') < at('worker thread 3:'), text);
  const worker = text.slice(at('cluster worker 4242:'), at('worker thread 3:'));
  assert.match(worker, /spinFor file:\/\/\/srv\/app\/cluster\.js:8/);
  assert.match(worker, /top blocking call sites[\s\S]*spinFor[\s\S]*910 ms/);
  assert.match(worker, /advice: move the busy wait to a worker thread/);
  assert.match(text.slice(at('worker thread 3:')), /2\.30 s \(ongoing\)[\s\S]*crunchForever file:\/\/\/srv\/app\/thread\.js:5/);
  assert.match(text, /verdict: blocked in cluster worker 4242 \(cluster worker 4242: longest block 460 ms/);
});

test('terminal: another loop shows its 5 longest blocks, and says how many more report.json has', () => {
  const report = sampleLoopsReport();
  const worker = report.loops?.[1];
  if (!worker) throw new Error('worker');
  const block = worker.blocks[0];
  worker.blocks = Array.from({ length: 8 }, (_, i) => ({ ...block, startMs: i * 200, durationMs: 100 + i }));
  const text = renderRunTables(report, plain, '/srv/app');
  const part = text.slice(text.indexOf('cluster worker 4242:'), text.indexOf('worker thread 3:'));
  assert.deepEqual(rowsWith(part, 'spinFor ran').map((l) => cellsOf(l)[1]), ['103 ms', '104 ms', '105 ms', '106 ms', '107 ms'], 'the longest, in time order');
  assert.match(part, /\(3 shorter blocks not shown; all are in report\.json\)/);
});

test('terminal: without loops (older reports) or with the main thread alone, as before', () => {
  const old = /** @type {any} */ (sampleLoopsReport());
  delete old.loops;
  delete old.verdict.loop;
  const text = renderRunTables(old, plain, '/srv/app') + renderWorkersTable(old, plain);
  assert.ok(rowsWith(text, '│ thread 3').length >= 1, 'thread rows');
  assert.equal(rowsWith(text, '│ cluster worker ').length, 1, 'the cluster-worker table');
  assert.doesNotMatch(text, /verdict: blocked in|main thread:/);
  const one = /** @type {any} */ (sampleReport());
  one.loops = [sampleLoopsReport().loops?.[0]];
  assert.equal(renderRunTables(one, plain, '/srv/app'), renderRunTables(sampleReport(), plain, '/srv/app'));
  assert.equal(renderMarkdown(one), renderMarkdown(sampleReport()));
  assert.equal(renderJunit(one), renderJunit(sampleReport()));
});

test('summary.md: the loops table, each other loop\'s call sites and longest blocks, the verdict\'s loop', () => {
  const md = renderMarkdown(sampleLoopsReport());
  assert.match(md, /^## 🔴 eventloop-probe: blocked in cluster worker 4242/);
  assert.match(md, /\| loop \| lag p99 \| lag max \| ELU \| blocks \| blocked \| longest \| verdict \|/);
  assert.match(md, /\| cluster worker 4242 \(exited with code 1 at \+1\.50 s\) \| 455 ms \| 460 ms \| 97\.0% \| 2 \| 910 ms \(61\.0%\) \| 460 ms \| blocked \|/);
  assert.match(md, /\| worker thread 3 \(measured from outside\) \| - \| - \| 100\.0% \|/);
  assert.match(md, /### Top blocking call sites: main thread[\s\S]*`hashAll`/);
  assert.match(md, /### cluster worker 4242: blocked\n\n- longest block 460 ms >= 100 ms\n\n#### Top blocking call sites\n\n[\s\S]*\| `spinFor` \| \/srv\/app\/cluster\.js:8 \| 910 ms \| 2 \|/);
  assert.match(md, /#### Longest blocks\n\n[\s\S]*\| \+700 ms \| 460 ms \| `spinFor \/srv\/app\/cluster\.js:8` \|/);
  assert.match(md, /### worker thread 3: blocked[\s\S]*\| -300 ms \| 2\.30 s \(still running\) \| `crunchForever/);
  assert.doesNotMatch(md, /\| thread 3 \|/, 'the loops table replaces the thread table');
});

test('junit: one test case per loop, failing when that loop was blocked; budgets as before', () => {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'testcase' });
  const report = sampleLoopsReport();
  if (!report.loops) throw new Error('loops');
  report.loops[0].verdict = { status: 'responsive', reasons: ['no block'] };
  const xml = renderJunit(report);
  assert.equal(XMLValidator.validate(xml), true);
  const suites = parser.parse(xml).testsuites;
  const cases = suites.testsuite.testcase;
  assert.deepEqual(cases.map((/** @type {any} */ c) => [c.name, c.classname, Boolean(c.failure)]), [
    ['loop: main thread', 'eventloop-probe.loop', false],
    ['loop: cluster worker 4242', 'eventloop-probe.loop', true],
    ['loop: worker thread 3', 'eventloop-probe.loop', true],
  ]);
  assert.equal(suites.failures, '2');
  assert.match(cases[1].failure.message, /event loop blocked in cluster worker 4242 \(exited with code 1 at \+1\.50 s\): longest block 460 ms/);
  assert.match(cases[2].failure.message, /in worker thread 3 \(measured from outside\): stuck for the whole window/);
  report.budgets = evaluateBudgets(report, parseBudgets('loops.lag.p99>400ms'));
  const gated = parser.parse(renderJunit(report)).testsuites.testsuite.testcase;
  assert.deepEqual(gated.map((/** @type {any} */ c) => c.name), ['loops.lag.p99>400ms']);
  assert.match(gated[0].failure.message, /loops\.lag\.p99Ms is 455 ms in worker:4242 \(fails when > 400 ms\)/);
});

test('report.html: the loop selector and every loop\'s flame data (its profile file, else its block stacks)', (t) => {
  const dir = tempDir(t);
  const report = sampleLoopsReport();
  fs.writeFileSync(path.join(dir, 'profile-worker-4242.cpuprofile'), JSON.stringify(tinyProfile('workerOnlyFunction')));
  const written = writeRenderedFiles(dir, report, { formats: ['html'] });
  assert.deepEqual(written, { files: ['report.html'], notes: [] });
  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  assert.match(html, /<select id="loop-select">/);
  const open = html.indexOf('<script type="application/json" id="elp-data">');
  const data = JSON.parse(html.slice(html.indexOf('>', open) + 1, html.indexOf('</script>', open)));
  assert.equal(data.verdictLoop, 'cluster worker 4242');
  assert.equal(data.report.loops, undefined, 'the loops are in the page once');
  assert.deepEqual(data.loops.map((/** @type {any} */ l) => [l.id, l.name, l.status]), [
    ['main', 'main thread', 'blocked'],
    ['worker:4242', 'cluster worker 4242 (exited with code 1 at +1.50 s)', 'blocked'],
    ['thread:3', 'worker thread 3 (measured from outside)', 'blocked'],
  ]);
  const [main, worker, thread] = data.loops;
  assert.equal(main.flame, null, 'the main thread\'s graphs are the page\'s own');
  const names = (/** @type {any} */ flame) => flame.frames.map((/** @type {any} */ f) => f.name);
  assert.equal(worker.flame.source, 'profile');
  assert.ok(names(worker.flame).includes('workerOnlyFunction'), names(worker.flame).join());
  assert.ok(names(worker.flame).includes('spinFor'), 'blocked graphs from the block stacks');
  assert.equal(worker.flame.blocks.length, 2);
  assert.equal(thread.flame.source, 'block-samples');
  assert.ok(names(thread.flame).includes('crunchForever'));
  assert.equal(worker.blocks[0].culprit.functionName, 'spinFor');
  assert.equal(worker.sites[0].functionName, 'spinFor');
  assert.ok(!names(data.flame).includes('workerOnlyFunction'), 'the main thread\'s graph is its own');
});

test('report.html: a loop\'s profile that cannot be read is a note, the page still written', (t) => {
  const dir = tempDir(t);
  const written = writeRenderedFiles(dir, sampleLoopsReport(), { formats: ['html'] });
  assert.deepEqual(written.files, ['report.html']);
  assert.match(written.notes.join('\n'), /^cluster worker 4242: could not read profile-worker-4242\.cpuprofile/m);
});

test('budgets, any-loop forms: the worst loop of the scope, named; indexed forms unchanged', () => {
  const report = sampleLoopsReport();
  const results = evaluateBudgets(report, parseBudgets(
    'loops.lag.p99>400ms,loops.lag.p99>500ms,workers.blocks.count>0,threads.elu>90%,threads.lag.max>1ms,loops.elu<50%,workers.gc.max>2ms,threads.0.blocking.count>0'));
  assert.deepEqual(results.map((r) => [r.expr, r.path, r.actual, r.ok, r.loop]), [
    ['loops.lag.p99>400ms', 'loops.lag.p99Ms', 455, false, 'worker:4242'],
    ['loops.lag.p99>500ms', 'loops.lag.p99Ms', 455, true, 'worker:4242'],
    ['workers.blocks.count>0', 'workers.blocking.count', 2, false, 'worker:4242'],
    ['threads.elu>90%', 'threads.elu.mean', 1, false, 'thread:3'],
    ['threads.lag.max>1ms', 'threads.lag.maxMs', 0, true, 'thread:3'],
    ['loops.elu<50%', 'loops.elu.mean', 0.394, false, 'main'],
    ['workers.gc.max>2ms', 'workers.gc.maxMs', 2.5, false, 'worker:4242'],
    ['threads.0.blocking.count>0', 'threads.0.blocking.count', 1, false, undefined],
  ]);
  assert.equal(describeResult(results[0]), 'loops.lag.p99>400ms: loops.lag.p99Ms is 455 ms in worker:4242 (fails when > 400 ms): failed');
  assert.equal(describeResult(results[3]), 'threads.elu>90%: threads.elu.mean is 100% in thread:3 (fails when > 90%): failed');
  report.budgets = results;
  assert.deepEqual(cellsOf(rowsWith(renderRunTables(report, plain), 'loops.lag.p99>400ms')[0]), ['loops.lag.p99>400ms', 'loops.lag.p99Ms', '455 ms in worker:4242', '> 400 ms', 'FAILED']);
  assert.match(renderMarkdown(report), /\| ❌ \| `workers.blocks.count>0` \| `workers.blocking.count` \| 2 in worker:4242 \| > 0 \| failed \|/);
  // no loop of the scope: the gate cannot be checked, so it fails
  const noWorkers = /** @type {any} */ (sampleLoopsReport());
  noWorkers.loops = noWorkers.loops.filter((/** @type {any} */ l) => l.kind !== 'cluster-worker');
  const [none] = evaluateBudgets(noWorkers, parseBudgets('workers.lag.p99>50ms'));
  assert.deepEqual([none.actual, none.ok, none.loop], [null, false, undefined]);
  assert.equal(describeResult(none), 'workers.lag.p99>50ms: no cluster worker of this run has a value for lag.p99Ms: failed');
  assert.throws(() => parseBudgets('loops.cpu>1'), /"loops.cpu" is not a numeric field/);
  assert.throws(() => parseBudgets('workers.lag.p99>5%'), /unit % does not fit workers.lag.p99Ms/);
});

test('budgets, any-loop forms on a report written before loops: its workers and threads rows', () => {
  const old = /** @type {any} */ (sampleLoopsReport());
  delete old.loops;
  const results = evaluateBudgets(old, parseBudgets('workers.elu>90%,loops.blocks.longest>1s,threads.lag.p99>1ms'));
  assert.deepEqual(results.map((r) => [r.actual, r.ok, r.loop]), [[0.97, false, 'worker:4242'], [2000, false, 'thread:3'], [0, true, 'thread:3']]);
});
