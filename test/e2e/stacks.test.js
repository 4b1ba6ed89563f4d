// Blame: every block gets the stack that was running, its cause and phase, and advice.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { runBin, readReport, tempDir, fixture, FIXTURES, assertBlockLength, blocksOfOthers } from '../helpers.js';

/** Innermost frame of the app. @param {any[]} stack */
const appTop = (stack) => stack.find((f) => f.kind === 'app');
const EXPECTED = [
  { ms: 150, fn: 'syncBlock', cause: 'sync', phase: 'timers' },
  { ms: 250, fn: 'awaitLoop', cause: 'microtask', phase: 'microtasks' },
  { ms: 350, fn: 'tickStep', cause: 'nextTick', phase: 'nextTick' },
];

test('sync, await-loop and nextTick blocks: exact durations, own function on top, right cause and phase', async (t) => {
  const dir = tempDir(t);
  const app = fixture('three-kinds.js', dir);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', app, '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.stacks.mode, 'running');
  assert.equal(report.stacks.source, 'profile');
  assert.equal(report.blocks.length, 3, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.durationMs)));
  report.blocks.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    const want = EXPECTED[i];
    assertBlockLength(b, want.ms, `block ${i}`);
    assert.equal(appTop(b.stack)?.functionName, want.fn, JSON.stringify(b.stack.slice(0, 6)));
    assert.equal(appTop(b.stack).url, app);
    assert.ok(appTop(b.stack).line > 0 && appTop(b.stack).column > 0);
    assert.equal(b.cause, want.cause, `block ${i}`);
    assert.equal(b.phase, want.phase, `block ${i}`);
    // the samples whose time falls in the block: a sample stands for the time until the next one,
    // or one interval when the next came more than 3 intervals later (src/analyze/sample-spans.js)
    const interval = report.profile.intervalUs / 1000;
    assert.ok(b.samples.length > 0 && b.samples.every((/** @type {any} */ s) => s.tMs >= b.startMs - 3 * interval - 1 && s.tMs <= b.startMs + b.durationMs + 1), JSON.stringify({ b: [b.startMs, b.durationMs], samples: b.samples.map((/** @type {any} */ s) => s.tMs) }));
    assert.match(b.advice, want.cause === 'microtask' ? /setImmediate|worker/ : /setImmediate/);
  });
  // Node's own scheduler frames are marked as node internals (an async function resumed by V8's
  // microtask queue may have none below it)
  assert.ok(report.blocks[0].stack.some((/** @type {any} */ f) => f.kind === 'node' && f.functionName === 'listOnTimeout'));
  assert.match(report.blocks[1].advice, /awaiting already-resolved promises in a loop never yields/);
  const sites = report.topSites.map((/** @type {any} */ s) => s.functionName);
  for (const fn of ['syncBlock', 'awaitLoop', 'tickStep']) assert.ok(sites.includes(fn), `${fn} in topSites ${sites}`);
  const sync = report.topSites.find((/** @type {any} */ s) => s.functionName === 'tickStep');
  // most of its block, never more than the block itself
  assert.ok(sync.blockedMs > 200 && sync.blockedMs <= report.blocks[2].durationMs + 1, `tickStep blockedMs ${sync.blockedMs}`);
  // the profile of the window is kept, and the terminal shows the Blocks table
  assert.equal(report.profile.file, 'profile.cpuprofile');
  const profile = JSON.parse(fs.readFileSync(path.join(out, 'profile.cpuprofile'), 'utf8'));
  // it holds what ran in each block (how many nodes and samples it has depends on the machine's
  // timing: a quiet run samples little beside the three functions)
  const sampled = new Set(profile.samples.map((/** @type {number} */ id) => profile.nodes.find((/** @type {any} */ n) => n.id === id)?.callFrame.functionName));
  for (const fn of ['syncBlock', 'awaitLoop', 'tickStep']) assert.ok(sampled.has(fn), `${fn} sampled in profile.cpuprofile: ${[...sampled]}`);
  assert.equal(profile.samples.length, profile.timeDeltas.length);
  assert.match(r.stdout, /block at.*duration.*cause.*phase/);
  assert.match(r.stdout, /tickStep three-kinds\.js:\d+/);
  assert.match(r.stdout, /top blocking call sites/);
});

test('without the profile, the watchdog still catches every block and who was running', async (t) => {
  const dir = tempDir(t);
  const app = fixture('three-kinds.js', dir);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', app, '--no-profile', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.stacks.source, 'watchdog');
  assert.equal(report.profile, null);
  assert.ok(!fs.existsSync(path.join(out, 'profile.cpuprofile')));
  assert.equal(report.blocks.length, 3);
  // A capture that starts mid-block sees optimised code without its inlining details: a function
  // inlined into its caller shows as the caller, and on Node 22+ the walk can stop at the builtins
  // of optimised code (no app frame at all). The watchdog's samples are taken where the thread next
  // runs JavaScript, so a thread held in a system call (the clock the script reads, cpu-busy.cjs,
  // is a file read) is sampled as it comes back: on a crowded machine the clock's function can own
  // the most samples. What always holds: every block detected, its length, samples from the moment
  // it passed the threshold, every app frame named is one of the app's two files, and the script's
  // own frame is the block's function or its caller.
  const callers = ['(anonymous)', '(anonymous)', 'tickLoop'];
  const helper = path.join(dir, 'cpu-busy.cjs');
  /** The innermost frame of the script itself. @param {any[]} stack */
  const scriptTop = (stack) => stack.find((f) => f.kind === 'app' && f.url === app);
  // On a crowded machine the watchdog's thread can get a CPU only once a block has ended (a Node 24 run
  // beside two other suites): that block has no sample and says so. Most blocks are sampled.
  const sampled = report.blocks.filter((/** @type {any} */ b) => b.samples.length > 0);
  assert.ok(sampled.length >= 2, `${sampled.length} of 3 blocks sampled`);
  report.blocks.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    assertBlockLength(b, EXPECTED[i].ms, `block ${i}`);
    if (!b.samples.length) {
      assert.match(b.advice, /no stack sample fell inside this block/, `block ${i}`);
      return;
    }
    assert.ok(b.samples[0].tMs >= b.startMs + 40, 'the capture starts once the block passed the threshold');
    for (const f of b.stack.filter((/** @type {any} */ f) => f.kind === 'app')) assert.ok([app, helper].includes(f.url), `block ${i}: ${f.url}`);
    const own = scriptTop(b.stack);
    if (own) assert.ok([EXPECTED[i].fn, callers[i]].includes(own.functionName), `block ${i}: ${own.functionName}`);
  });
  // the timer callback's block, sampled, is seen whole on every Node version we support
  if (report.blocks[0].samples.length) {
    assert.ok(['syncBlock', '(anonymous)'].includes(scriptTop(report.blocks[0].stack)?.functionName), JSON.stringify(report.blocks[0].stack.slice(0, 8)));
    assert.equal(report.blocks[0].cause, 'sync');
  }
});

test('an express handler that blocks is in the stack of every block', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'express-blocking.js'), '--route', '/slow', '--probe', '/', '-d', '2', '-c', '2', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.ok(report.blocks.length >= 3, `${report.blocks.length} blocks`);
  for (const b of report.blocks) {
    assert.ok(b.stack.some((/** @type {any} */ f) => f.functionName === 'slowHandler'), JSON.stringify(b.stack.slice(0, 8)));
    assert.equal(b.cause, 'sync');
  }
  assert.ok(report.blocks.some((/** @type {any} */ b) => b.stack.some((/** @type {any} */ f) => f.kind === 'node_modules')), 'express frames are node_modules');
  assert.equal(report.topSites[0].functionName, 'busy');
});

test('a busy but responsive server: its 40 ms requests, sliced every 2 ms, are never one block', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'partitioned-server.js'), '--route', '/work', '--probe', '/health', '-d', '2', '-c', '2', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.ok(report.http.load.requests > 10);
  assert.ok(report.cpu.userMs > 0);
  // The work yields every ~2 ms, so a stall is the machine's (another process holding the core),
  // rare and short; the probe is answered between slices.
  assert.ok(report.blocking.fraction < 0.5, `blocked ${report.blocking.fraction}`);
  assert.ok(report.http.probe.requests > 0);
  assert.equal(report.http.probe.timeouts, 0);
});

test('an inspector already open: no crash, delay still measured, the fallback noted', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'blocks-script.js'), '--out', out, '--', ], {
    cwd: dir, env: { NODE_OPTIONS: '--inspect=127.0.0.1:0' },
  });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 3);
  assert.ok(report.notes.some((/** @type {string} */ n) => /inspector is already open/.test(n)), report.notes.join('\n'));
  assert.equal(report.profile, null);
  assert.doesNotMatch(fs.readFileSync(path.join(out, 'target.log'), 'utf8'), /Waiting for the debugger/);
});

test('compiled TypeScript: frames are mapped to the .ts source', async (t) => {
  const dir = tempDir(t);
  const source = fs.readFileSync(path.join(FIXTURES, 'mapped.ts'), 'utf8');
  const tsFile = path.join(dir, 'mapped.ts');
  fs.writeFileSync(tsFile, source);
  const js = ts.transpileModule(source, {
    fileName: 'mapped.ts',
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, inlineSourceMap: true, inlineSources: false },
  }).outputText;
  fs.writeFileSync(path.join(dir, 'mapped.js'), js);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(dir, 'mapped.js'), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 1);
  const top = appTop(report.blocks[0].stack);
  assert.equal(top.functionName, 'typedBusy');
  assert.equal(top.url, tsFile);
  const tsLines = source.split('\n');
  assert.match(tsLines[top.line - 1], /typedBusy|performance\.now|Math\.sqrt/, `line ${top.line}: ${tsLines[top.line - 1]}`);
});

/**
 * test/fixtures/bundle: app.js requiring a package "rowsum" (1.2.0), bundled by esbuild 0.28.2
 * (--bundle --platform=node): minified.js with --minify --sourcemap (checksumRows is `h` there),
 * plain.js with neither (esbuild marks each module it inlines with a comment of its path).
 * @param {string} dir @param {string} bundle
 */
function layOutBundle(dir, bundle) {
  const from = path.join(FIXTURES, 'bundle');
  for (const [src, to] of [[bundle, `dist/${bundle}`], ['minified.js.map', 'dist/minified.js.map'], ['app.js', 'src/app.js'],
    ['rowsum/index.js', 'node_modules/rowsum/index.js'], ['rowsum/package.json', 'node_modules/rowsum/package.json']]) {
    fs.mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
    fs.copyFileSync(path.join(from, src), path.join(dir, to));
  }
  return path.join(dir, 'dist', bundle);
}

test('a minified bundle: the block is named with the source\'s names, package and line, through its map', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', layOutBundle(dir, 'minified.js'), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 1, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.durationMs)));
  const { culprit } = report.blocks[0];
  assert.deepEqual([culprit.functionName, culprit.owner?.name, culprit.owner?.version], ['checksumRows', 'rowsum', '1.2.0'], JSON.stringify(culprit));
  assert.equal(culprit.url, path.join(dir, 'node_modules/rowsum/index.js'));
  assert.deepEqual([culprit.calledFrom?.url, culprit.calledFrom?.line], [path.join(dir, 'src/app.js'), 4], JSON.stringify(culprit.calledFrom));
  assert.match(culprit.label, /^rowsum@1\.2\.0 checksumRows ← src\/app\.js:4$/);
});

test('a bundle built without a source map: the package is told apart by the bundler\'s module comments, the line is the bundle\'s', async (t) => {
  const dir = tempDir(t);
  const bundle = layOutBundle(dir, 'plain.js');
  const out = path.join(dir, 'out');
  const r = await runBin(['run', bundle, '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 1, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.durationMs)));
  const { culprit, fix } = report.blocks[0];
  // esbuild renamed the package's function (checksumRows2) beside the app's binding of the same name
  assert.deepEqual([culprit.functionName, culprit.owner?.name, culprit.owner?.version], ['checksumRows2', 'rowsum', '1.2.0'], JSON.stringify(culprit));
  assert.equal(culprit.url, path.join(bundle, 'node_modules/rowsum/index.js'));
  const lines = fs.readFileSync(bundle, 'utf8').split('\n');
  assert.equal(culprit.calledFrom?.url, bundle);
  assert.match(lines[culprit.calledFrom.line - 1], /checksumRows\(150\)/);
  // a package's one call, as in the mapped bundle (the app's own loop, before)
  assert.equal(fix, 'cache-bound-offload');
});

test('--stacks async-origin: blocked-at tells where the blocking callback was scheduled', async (t) => {
  const dir = tempDir(t);
  const app = fixture('blocks-script.js', dir);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', app, '--stacks', 'async-origin', '--no-profile', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.stacks.mode, 'async-origin');
  assert.equal(report.blocks.length, 3);
  for (const b of report.blocks) {
    assert.ok(b.origin?.some((/** @type {any} */ f) => f.url === app), JSON.stringify(b.origin));
  }
});

test('a loop that never returns: the ongoing block still gets the watchdog\'s samples', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  // (4 s: on a crowded machine the watchdog's thread wrote nothing in 2.5)
  const r = await runBin(['run', path.join(FIXTURES, 'endless-loop.js'), '-d', '4', '--kill-after', '500', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 1);
  const [b] = report.blocks;
  assert.equal(b.ongoing, true);
  assert.ok(b.samples.length > 0, 'samples written while the block lasted');
  assert.equal(b.cause, 'sync');
  assert.equal(b.phase, 'timers');
});

test('work paced by setTimeout: no block, but a finding that says why progress is slow', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'timer-paced.js'), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.blocks.length, 0);
  assert.ok(report.loop.turnsPerSec > 0, 'the loop turned'); // how often: the machine's to say (a crowded one, 203 a second)
  assert.deepEqual(report.findings.map((/** @type {any} */ f) => f.kind), ['timer-paced']);
  assert.match(r.stdout, /finding: .*setImmediate/);
  // and a loop that blocks gets no such finding
  const out2 = path.join(dir, 'out2');
  await runBin(['run', path.join(FIXTURES, 'three-kinds.js'), '--out', out2], { cwd: dir });
  assert.deepEqual(readReport(out2).findings, []);
});

test('--threads: a worker thread that blocks shows in its own row while the main loop stays free', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'threads-and-children.js'), '--threads', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.deepEqual(blocksOfOthers(report), []);
  assert.equal(report.threads.length, 1, 'the app\'s worker, not our watchdog');
  const [worker] = report.threads;
  assert.equal(worker.blocking.count, 1);
  const [workerBlock] = report.loops.find((/** @type {any} */ l) => l.kind === 'worker-thread').blocks;
  assertBlockLength(workerBlock, 400, 'worker block');
  assert.ok(worker.lag.maxMs >= 360);
  assert.match(r.stdout, /thread \d+ /);
  // without --threads there is no per-thread data
  const out2 = path.join(dir, 'out2');
  await runBin(['run', path.join(FIXTURES, 'threads-and-children.js'), '--out', out2], { cwd: dir });
  assert.equal(readReport(out2).threads, null);
});
