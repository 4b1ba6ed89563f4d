// Cause/phase classification, the frame to blame, advice, findings and attribution from profiles.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyStack } from '../../src/analyze/causes.js';
import { attributeBlocks, topFrame, parseStackLines } from '../../src/analyze/attribution.js';
import { timeProfile } from '../../src/analyze/profiles.js';
import { kindOf } from '../../src/analyze/frames.js';
import { loopFindings } from '../../src/analyze/findings.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A temp folder for an app's files: `write` puts one in (its folders made), `remove` deletes them all.
 * @param {string} prefix
 */
function tempFolder(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (/** @type {string} */ rel, /** @type {string} */ text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  return { dir, write, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A production capture's 200 ms block whose samples all ran one stack (under a setImmediate callback, then
 * 100 ms idle), its innermost function on one line of its file, read by the analysis.
 * @param {string} dir the app's folder @param {{name: string, file: string, line: number, column: number}[]} stack
 *   outermost first; line 0-based, column 0-based (where the function's parameters begin) @param {number} ranLine 1-based
 */
function blockRunning(dir, stack, ranLine) {
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0, column = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: column, scriptId: '1' });
  const leaf = stack.length + 2;
  const nodes = [
    { id: 1, callFrame: cf('(root)', ''), children: [2, leaf + 1] },
    { id: 2, callFrame: cf('processImmediate', 'node:internal/timers'), children: [3] },
    ...stack.map((f, i) => ({ id: i + 3, callFrame: cf(f.name, f.file, f.line, f.column), ...(i + 3 === leaf ? { positionTicks: [{ line: ranLine, ticks: 200 }] } : { children: [i + 4] }) })),
    { id: leaf + 1, callFrame: cf('(idle)', '') },
  ];
  const profile = { nodes, startTime: 1_000_000, endTime: 1_300_000, samples: [...Array(200).fill(leaf), ...Array(100).fill(leaf + 1)], timeDeltas: Array(300).fill(1000) };
  const timed = timeProfile({ kind: 'block', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'capture');
  return attributeBlocks([{ startMs: 0, durationMs: 200 }], [timed], { from: 6000, cwd: dir }).blocks[0];
}

/** @param {string} name @param {string} [url] */
const f = (name, url = '/app/server.js') => ({ functionName: name, url, line: 1, column: 1, kind: kindOf(url, name) });
const node = (/** @type {string} */ name) => f(name, 'node:internal/x');

test('phases and causes from the scheduler frames under the app', () => {
  assert.deepEqual(classifyStack([f('work'), node('listOnTimeout'), node('processTimers')]), { cause: 'sync', phase: 'timers' });
  assert.deepEqual(classifyStack([f('work'), node('processImmediate')]), { cause: 'sync', phase: 'check' });
  assert.deepEqual(classifyStack([f('handler'), node('emit'), node('parserOnIncoming')]), { cause: 'sync', phase: 'poll' });
  assert.deepEqual(classifyStack([f('step'), node('processTicksAndRejections')]), { cause: 'nextTick', phase: 'nextTick' });
  assert.deepEqual(classifyStack([f('loop'), f('runMicrotasks', ''), node('processTicksAndRejections')]), { cause: 'microtask', phase: 'microtasks' });
  // drained after a timer callback: runNextTicks -> runMicrotasks above listOnTimeout
  assert.deepEqual(classifyStack([f('loop'), f('runMicrotasks', ''), node('runNextTicks'), node('listOnTimeout')]), { cause: 'microtask', phase: 'microtasks' });
  assert.deepEqual(classifyStack([f('loop')]), { cause: 'microtask', phase: 'microtasks' });
  assert.deepEqual(classifyStack([f('top'), node('Module._compile'), node('executeUserEntryPoint')]), { cause: 'startup', phase: 'main' });
  assert.deepEqual(classifyStack([f('(garbage collector)', '')]), { cause: 'gc', phase: 'gc' });
  assert.equal(classifyStack([f('(idle)', '')]), null);
  assert.equal(classifyStack([]), null);
});

test('frame kinds, the frame to blame, stack lines from blocked-at', () => {
  assert.equal(kindOf('node:internal/timers', 'x'), 'node');
  assert.equal(kindOf('/p/node_modules/express/lib/router.js', 'x'), 'node_modules');
  assert.equal(kindOf('', 'update'), 'native');
  assert.equal(kindOf('/p/app.js', 'x'), 'app');
  assert.equal(topFrame([node('a'), f('dep', '/p/node_modules/d/i.js'), f('mine')])?.functionName, 'mine');
  assert.equal(topFrame([node('a'), f('dep', '/p/node_modules/d/i.js')])?.functionName, 'dep');
  const frames = parseStackLines(['    at Timeout.later (/p/app.js:12:5)', '    at listOnTimeout (node:internal/timers:569:17)', '    at file:///p/m.mjs:3:1']);
  assert.deepEqual(frames.map((x) => [x.functionName, x.url, x.line, x.column, x.kind]), [
    ['Timeout.later', '/p/app.js', 12, 5, 'app'], ['listOnTimeout', 'node:internal/timers', 569, 17, 'node'], ['(anonymous)', '/p/m.mjs', 3, 1, 'app'],
  ]);
});

test('attribution: samples inside each block give its stack, cause, top frames and the top sites', () => {
  // root -> processTimers -> listOnTimeout -> busy (id 4); root -> (idle) (id 5);
  // root -> processTicksAndRejections -> step (id 7)
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
  const profile = {
    nodes: [
      { id: 1, callFrame: cf('(root)', ''), children: [2, 5, 6] },
      { id: 2, callFrame: cf('processTimers', 'node:internal/timers'), children: [3] },
      { id: 3, callFrame: cf('listOnTimeout', 'node:internal/timers'), children: [4] },
      { id: 4, callFrame: cf('busy', 'file:///app/a.js', 9) },
      { id: 5, callFrame: cf('(idle)', '') },
      { id: 6, callFrame: cf('processTicksAndRejections', 'node:internal/process/task_queues'), children: [7] },
      { id: 7, callFrame: cf('step', '/app/b.js', 19) },
    ],
    startTime: 1_000_000, endTime: 1_400_000,
    // one sample per ms: 100 idle, 100 busy, 100 idle, 100 step
    samples: [...Array(100).fill(5), ...Array(100).fill(4), ...Array(100).fill(5), ...Array(100).fill(7)],
    timeDeltas: Array(400).fill(1000),
  };
  const timed = timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'p.json');
  // sample i is at epoch 5000 + 1000 + i + 1 ms; the window starts at 6000
  const blocks = [{ startMs: 100, durationMs: 100 }, { startMs: 300, durationMs: 100 }, { startMs: 205, durationMs: 60 }];
  const { blocks: out, topSites } = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app' });
  assert.equal(out[0].cause, 'sync');
  assert.equal(out[0].phase, 'timers');
  assert.deepEqual(out[0].stack?.map((x) => x.functionName), ['busy', 'listOnTimeout', 'processTimers']);
  assert.equal(out[0].stack?.[0].url, '/app/a.js');
  assert.equal(out[0].stack?.[0].line, 10);
  assert.equal(out[0].samples?.length, 10);
  assert.match(String(out[0].advice), /timer callback.*a\.js:10 ran 100 ms/);
  assert.equal(out[1].cause, 'nextTick');
  assert.equal(out[1].topFrames?.[0].functionName, 'step');
  assert.equal(out[1].topFrames?.[0].share, 1);
  // a block in which only idle samples fell has no stack and says so
  assert.deepEqual(out[2].stack, []);
  assert.equal(out[2].cause, null);
  assert.deepEqual(topSites.map((s) => [s.functionName, s.blockedMs, s.count]), [['busy', 100, 1], ['step', 100, 1]]);
});

test('findings: timer-paced only with many idle turns and no I/O and no block', () => {
  const base = { blocks: 0, seconds: 2, elu: 0.1, cpuPercent: 12, resolutionMs: 10, uv: { turns: 1800, events: 5 } };
  assert.deepEqual(loopFindings(base).findings.map((x) => x.kind), ['timer-paced']);
  assert.equal(loopFindings(base).loop?.turnsPerSec, 900);
  assert.deepEqual(loopFindings({ ...base, blocks: 1 }).findings, []);
  assert.deepEqual(loopFindings({ ...base, uv: { turns: 1800, events: 1800 } }).findings, [], 'I/O-driven turns');
  assert.deepEqual(loopFindings({ ...base, uv: { turns: 500, events: 0 } }).findings, [], 'our own heartbeat alone');
  assert.deepEqual(loopFindings({ ...base, cpuPercent: 90, elu: 0.9 }).findings, []);
  assert.deepEqual(loopFindings({ ...base, uv: null }), { loop: null, findings: [] });
  // on a crowded machine each step also waited for a CPU: the turns are counted over the rest of the time
  const crowded = { ...base, uv: { turns: 400, events: 2 }, runWaitShare: 0.6 };
  assert.deepEqual(loopFindings(crowded).findings.map((x) => x.kind), ['timer-paced']);
  assert.match(loopFindings(crowded).findings[0].text, /^the loop turned 200 times\/s \(500 a second it was not waiting for a CPU\)/);
  assert.deepEqual(loopFindings({ ...crowded, runWaitShare: 0 }).findings, [], 'as few turns on a free CPU');
});

test('attribution: with no collections observed, the collector\'s share of the block\'s samples is its GC share', () => {
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
  const profile = {
    nodes: [
      { id: 1, callFrame: cf('(root)', ''), children: [2, 4] },
      { id: 2, callFrame: cf('processImmediate', 'node:internal/timers'), children: [3] },
      { id: 3, callFrame: cf('build', 'file:///app/a.js', 4) },
      { id: 4, callFrame: cf('(garbage collector)', '') },
    ],
    startTime: 1_000_000, endTime: 1_100_000,
    // 100 ms: 40 of the app's, 60 of the collector's, interleaved
    samples: Array.from({ length: 100 }, (_, i) => (i % 5 < 2 ? 3 : 4)),
    timeDeltas: Array(100).fill(1000),
  };
  const timed = timeProfile({ kind: 'block', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'capture');
  const blocks = [{ startMs: 0, durationMs: 100 }];
  const unobserved = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app' }).blocks[0];
  assert.equal(unobserved.gcShare, 0.6);
  assert.ok(Math.abs(Number(unobserved.gcMs) - 60) < 2, String(unobserved.gcMs));
  assert.equal(unobserved.cause, 'gc');
  assert.equal(unobserved.fix, 'allocation');
  // observed and none in the block: the observer's word stands, not the samples'
  const observed = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app', gcPauses: [], gcRuns: [] }).blocks[0];
  assert.equal(observed.gcShare, 0);
});

test('attribution: a block whose every sample is the collector\'s is a pause with no code to blame, said as one', () => {
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
  const profile = {
    nodes: [{ id: 1, callFrame: cf('(root)', ''), children: [2] }, { id: 2, callFrame: cf('(garbage collector)', '') }],
    startTime: 1_000_000, endTime: 1_060_000, samples: [2, 2, 2], timeDeltas: [10_000, 20_000, 20_000],
  };
  const timed = timeProfile({ kind: 'block', epochOffsetMs: 5000, intervalUs: 10_000, profile }, 'capture');
  const blocks = [{ startMs: 0, durationMs: 56 }];
  for (const extra of [{}, { gcPauses: [{ t: 6000, durationMs: 53 }], gcRuns: [] }]) {
    const b = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app', ...extra }).blocks[0];
    assert.equal(b.culprit, null);
    assert.deepEqual([b.cause, b.fix], ['gc', 'allocation']);
    assert.match(String(b.advice), /^garbage collection took (95|100)% of this 56 ms block/);
    assert.equal(b.samples?.length, 3, 'the samples stay for the report');
  }
  // the observer saw almost no GC: the samples alone do not make it a pause
  const little = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app', gcPauses: [{ t: 6000, durationMs: 2 }], gcRuns: [] }).blocks[0];
  assert.doesNotMatch(String(little.advice), /^garbage collection took/);
});

test('attribution: a block that ran two routes\' handlers back to back names each route\'s own culprit', () => {
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
  const profile = {
    nodes: [
      { id: 1, callFrame: cf('(root)', ''), children: [2] },
      { id: 2, callFrame: cf('parserOnIncoming', 'node:_http_server'), children: [3, 4] },
      { id: 3, callFrame: cf('quote', 'file:///app/a.js', 4) },
      { id: 4, callFrame: cf('report', 'file:///app/b.js', 8) },
    ],
    startTime: 1_000_000, endTime: 1_300_000,
    // one sample a ms: /quote's handler 120 ms, then /report's 80 ms, then /quote's alone 100 ms
    samples: [...Array(120).fill(3), ...Array(80).fill(4), ...Array(100).fill(3)],
    timeDeltas: Array(300).fill(1000),
  };
  const timed = timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'p.json');
  // sample i is at epoch 6001 + i: the window starts at 6000
  const blockRequests = [
    { t: 6000, durationMs: 200, requests: /** @type {any[]} */ ([[0, 120, 'GET', '/quote', 200], [120, 200, 'GET', '/report', 200]]) },
    { t: 6200, durationMs: 100, requests: /** @type {any[]} */ ([[0, 100, 'GET', '/quote', 200]]) },
  ];
  const blocks = [{ startMs: 0, durationMs: 200 }, { startMs: 200, durationMs: 100 }];
  const [both, one] = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app', blockRequests }).blocks;
  assert.equal(both.culprit?.functionName, 'quote', 'the block is named for what held most of it');
  assert.deepEqual(both.requests?.ran.map((r) => [r.route, r.culprit?.functionName, r.culprit?.line]), [['GET /quote', 'quote', 5], ['GET /report', 'report', 9]]);
  assert.equal(both.requests?.ran[1].fix, both.fix, 'each route has its fix');
  assert.match(String(both.advice), /worker thread\. GET \/report ran 80 ms of it, held by report b\.js:9 \(own-loop\)\.$/);
  assert.doesNotMatch(String(both.advice), /GET \/quote ran \d+ ms of it/, 'the route the block is named for is not said again');
  assert.equal(one.requests?.ran[0].culprit, undefined, 'a block of one route says its culprit once');
});

test('a bundle\'s app source is known to every block, whichever is read first: a first block with no app frame still gets its line from the source', async () => {
  const { dir, write, remove } = tempFolder('elp-order-');
  try {
    write('node_modules/pool/package.json', JSON.stringify({ name: 'pool', version: '3.2.0', main: 'index.js' }));
    write('node_modules/pool/index.js', 'exports.process = async function process(items, fn) {\n  for (const x of items) await fn(x);\n};\n');
    const app = [
      "const { process } = require('pool');",
      'async function price(sku) { return sku.length; }',
      'async function sheet(skus) {',
      '  return process(skus, (sku) => price(sku));',
      '}',
      'module.exports = { sheet };',
    ];
    write('src/app.js', `${app.join('\n')}\n`);
    // the bundle has the app's lines one for one (its map maps each line to the same line of src/app.js)
    write('dist/server.cjs', `${app.join('\n')}\n`);
    const bundle = path.join(dir, 'dist/server.cjs');
    const map = { version: 3, sources: ['../src/app.js'], names: [], mappings: ['AAAA', ...app.slice(1).map(() => 'AACA')].join(';') };
    const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
    const profile = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2, 4, 5] },
        { id: 2, callFrame: cf('runMicrotasks', ''), children: [3] },
        // the pool's own continuation: no app frame under it
        { id: 3, callFrame: cf('process', path.join(dir, 'node_modules/pool/index.js'), 0) },
        { id: 4, callFrame: cf('(idle)', '') },
        // later, the app's price function, in the bundle
        { id: 5, callFrame: cf('price', `file://${bundle}`, 1) },
      ],
      startTime: 1_000_000, endTime: 1_400_000,
      samples: [...Array(100).fill(3), ...Array(100).fill(4), ...Array(100).fill(5), ...Array(100).fill(4)],
      timeDeltas: Array(400).fill(1000),
    };
    const timed = timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile, sourceMaps: { [`file://${bundle}`]: map } }, 'p.json');
    const { blocks: out } = attributeBlocks([{ startMs: 0, durationMs: 100 }, { startMs: 200, durationMs: 100 }], [timed], { from: 6000, cwd: dir });
    assert.equal(out[0].culprit?.owner?.name, 'pool');
    assert.equal(out[0].culprit?.lineFrom, 'source', JSON.stringify(out[0].culprit));
    assert.deepEqual([path.relative(dir, String(out[0].culprit?.calledFrom?.url)), out[0].culprit?.calledFrom?.line], ['src/app.js', 4]);
    assert.equal(path.relative(dir, String(out[1].culprit?.url)), 'src/app.js');
  } finally {
    remove();
  }
});

test('attribution: a call whose blocks read two fixes takes the one read from all of them, and its advice says so', () => {
  const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });
  const profile = {
    nodes: [
      { id: 1, callFrame: cf('(root)', ''), children: [2, 4, 6] },
      { id: 2, callFrame: cf('processImmediate', 'node:internal/timers'), children: [3] },
      { id: 3, callFrame: cf('build', 'file:///app/a.js', 4) },
      { id: 4, callFrame: cf('processTicksAndRejections', 'node:internal/process/task_queues'), children: [5] },
      { id: 5, callFrame: cf('build', 'file:///app/a.js', 4) },
      { id: 6, callFrame: cf('(idle)', '') },
    ],
    startTime: 1_000_000, endTime: 1_250_000,
    // one sample a ms: build from setImmediate 100 ms, idle 100 ms, the same build from a tick 30 ms
    samples: [...Array(100).fill(3), ...Array(100).fill(6), ...Array(30).fill(5)],
    timeDeltas: Array(230).fill(1000),
  };
  const timed = timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'p.json');
  const blocks = [{ startMs: 0, durationMs: 100 }, { startMs: 200, durationMs: 30 }];
  const [long, short] = attributeBlocks(blocks, [timed], { from: 6000, cwd: '/app' }).blocks;
  assert.equal(long.culprit?.label, short.culprit?.label, 'one call');
  assert.equal(short.cause, 'nextTick', 'the block keeps its own cause');
  assert.deepEqual([long.fix, short.fix], ['own-loop', 'own-loop']);
  assert.doesNotMatch(String(long.advice), /blocks this call held/);
  assert.match(String(short.advice), /Fix read from all 2 blocks this call held in the run \(\d+ samples\); this block's \d+ alone read nextTick\.$/);
  // alone, the short block reads its own; read after the long one (a production log's next line), the run's
  const alone = attributeBlocks([blocks[1]], [timed], { from: 6000, cwd: '/app' });
  assert.equal(alone.blocks[0].fix, 'nextTick');
  const first = attributeBlocks([blocks[0]], [timed], { from: 6000, cwd: '/app' });
  assert.deepEqual(first.votes.map((v) => [v.label, v.fix]), [[long.culprit?.label, 'own-loop']]);
  assert.equal(attributeBlocks([blocks[1]], [timed], { from: 6000, cwd: '/app', votes: first.votes }).blocks[0].fix, 'own-loop');
});

test('a regex a package\'s function was handed by its caller\'s loop over a table makes no stretch: the package\'s time, not a ReDoS; a pattern that stays the same does', async () => {
  const { dir, write, remove } = tempFolder('elp-handed-');
  try {
    write('node_modules/uadetect/package.json', JSON.stringify({ name: 'uadetect', version: '2.0.0', main: 'detect.js', description: 'user agent detection' }));
    // device-detector-js's shape: a function that builds and runs the regex it is handed
    const matchLines = ['exports.match = (raw, ua) => {', "  const re = RegExp(raw, 'i');", '  const m = re.exec(ua);', '  return m;', '};'];
    write('node_modules/uadetect/match.js', `${matchLines.join('\n')}\n`);
    const detectLines = (/** @type {string} */ call) => ["const { match } = require('./match');", 'exports.detect = function detect(ua) {', '  for (const rule of RULES) {', `    if (${call}) return rule;`, '  }', '};'];
    write('node_modules/uadetect/table.js', `${detectLines('match(rule.regex, ua)').join('\n')}\n`);
    write('node_modules/uadetect/fixed.js', `${detectLines('match(PATTERN, rule.text)').join('\n')}\n`);
    write('app.js', "const { detect } = require('uadetect');\nmodule.exports = (req) => detect(req.headers['user-agent']);\n");
    const cf = (/** @type {string} */ name, /** @type {string} */ url, line = 0, column = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: column, scriptId: '1' });
    /** @param {string} caller */
    const fixOf = (caller) => {
      const profile = {
        nodes: [
          { id: 1, callFrame: cf('(root)', ''), children: [2, 5] },
          { id: 2, callFrame: cf('module.exports', path.join(dir, 'app.js'), 1, 17), children: [3] },
          { id: 3, callFrame: cf('detect', path.join(dir, `node_modules/uadetect/${caller}`), 1, detectLines('')[1].indexOf('(')), children: [4] },
          // the profile began after the patterns were compiled: no `RegExp:` frame, the time on line 3
          { id: 4, callFrame: cf('exports.match', path.join(dir, 'node_modules/uadetect/match.js'), 0, matchLines[0].indexOf('(')), positionTicks: [{ line: 3, ticks: 200 }] },
          { id: 5, callFrame: cf('(idle)', '') },
        ],
        startTime: 1_000_000, endTime: 1_300_000,
        samples: [...Array(200).fill(4), ...Array(100).fill(5)],
        timeDeltas: Array(300).fill(1000),
      };
      const timed = timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'p.json');
      const [block] = attributeBlocks([{ startMs: 0, durationMs: 200 }], [timed], { from: 6000, cwd: dir }).blocks;
      assert.equal(block.culprit?.owner?.name, 'uadetect');
      return block.fix;
    };
    assert.equal(fixOf('table.js'), 'cache-bound-offload', 'pattern after pattern of a table');
    assert.equal(fixOf('fixed.js'), 'regex-dependency', 'one pattern, run 200 ms on end');
  } finally {
    remove();
  }
});

test('a minified bundle\'s function on one line: the line its time was on is the one the production capture\'s witnesses saw, which know the column', async () => {
  const { dir, write, remove } = tempFolder('elp-witnessed-');
  try {
    const app = ['function fromUrl(s) {', '  var a = s.length;', '  var b = a * 2;', '  return s.match(new RegExp(P));', '}'];
    write('src/app.js', `${app.join('\n')}\n`);
    // one generated line: columns 0, 20, 40 and 60 map to the app's lines 1 to 4
    const bundleLine = 'function hm(s){     var a=s.length;     var b=a*2;          return s.match(new RegExp(P))}';
    write('dist/server.js', `${bundleLine}\n//# sourceMappingURL=server.js.map\n`);
    write('dist/server.js.map', JSON.stringify({ version: 3, sources: ['../src/app.js'], names: [], mappings: 'AAAA,oBACA,oBACA,oBACA' }));
    const bundle = path.join(dir, 'dist/server.js');
    const cf = (/** @type {string} */ name, /** @type {string} */ url, column = 0) => ({ functionName: name, url, lineNumber: 0, columnNumber: column, scriptId: '1' });
    // V8's line ticks: the line alone, no column
    const profile = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [4, 3] },
        { id: 4, callFrame: cf('processImmediate', 'node:internal/timers'), children: [2] },
        { id: 2, callFrame: cf('hm', `file://${bundle}`, 11), positionTicks: [{ line: 1, ticks: 200 }] },
        { id: 3, callFrame: cf('(idle)', '') },
      ],
      startTime: 1_000_000, endTime: 1_300_000,
      samples: [...Array(200).fill(2), ...Array(100).fill(3)],
      timeDeltas: Array(300).fill(1000),
    };
    // the stacks the app's thread gave meanwhile, with their column: the regex's line, 5 of 6
    const witnessed = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2, 3] },
        { id: 2, callFrame: cf('hm', bundle, 0), positionTicks: [{ line: 1, ticks: 5, column: 75 }, { line: 1, ticks: 1, column: 25 }] },
        // another function of the same minified name further on the line: not this one's witness
        { id: 3, callFrame: cf('hm', bundle, 200), positionTicks: [{ line: 1, ticks: 50, column: 25 }] },
      ],
      startTime: 1_000_000, endTime: 1_200_000,
      samples: [...Array(6).fill(2), ...Array(50).fill(3)],
      timeDeltas: Array(56).fill(3000),
    };
    const read = (/** @type {boolean} */ withWitnesses) => {
      const profiles = [timeProfile({ kind: 'block', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'capture')];
      if (withWitnesses) profiles.push(timeProfile({ kind: 'witness', epochOffsetMs: 5000, intervalUs: 20_000, profile: witnessed }, 'witness'));
      return attributeBlocks([{ startMs: 0, durationMs: 200 }], profiles, { from: 6000, cwd: dir }).blocks[0];
    };
    const blind = read(false);
    assert.equal(path.relative(dir, String(blind.culprit?.url)), 'src/app.js');
    assert.equal(blind.fix, 'own-loop', 'the profile alone cannot tell which of lines 1-4 ran');
    const seen = read(true);
    assert.equal(seen.fix, 'regex-app', JSON.stringify(seen.culprit));
  } finally {
    remove();
  }
});

test('a package shipped minified, its regex compiled before a production capture began: the witnesses\' column finds the literal the line runs', async () => {
  const { dir, write, remove } = tempFolder('elp-min-regex-');
  try {
    write('node_modules/pdfkitish/package.json', JSON.stringify({ name: 'pdfkitish', version: '2.5.2', main: 'dist/pdf.min.js' }));
    // one line of minified code over MINIFIED_LINE characters, the data URL's regex in the middle of it
    const head = `var pad=${JSON.stringify('x'.repeat(3000))};`;
    const fn = 'e.extract=function(t){var e=(t=t||"").split("base64,"),r=null;if(2===e.length){var n=/^data:(\\w*\\/\\w*);*(charset=(?!charset=)[\\w=-]*)*;*$/.exec(e[0]);r=n}return r};';
    const line = `${head}${fn}var tail=1;`;
    write('node_modules/pdfkitish/dist/pdf.min.js', `${line}\n`);
    write('app.js', "const pdf = require('pdfkitish');\nmodule.exports = (s) => pdf.extract(s);\n");
    const lib = path.join(dir, 'node_modules/pdfkitish/dist/pdf.min.js');
    const fnAt = line.indexOf('function(t)');
    const execAt = line.indexOf('exec(e[0])') + 1; // 1-based, as a stack trace gives it: the method's name
    const cf = (/** @type {string} */ name, /** @type {string} */ url, lineNumber = 0, column = 0) => ({ functionName: name, url, lineNumber, columnNumber: column, scriptId: '1' });
    const profile = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2, 4] },
        { id: 2, callFrame: cf('module.exports', path.join(dir, 'app.js'), 1, 17), children: [3] },
        // V8's line ticks: the line alone, no column, and no `RegExp:` frame (compiled before the capture)
        { id: 3, callFrame: cf('e.extract', lib, 0, fnAt + 8), positionTicks: [{ line: 1, ticks: 200 }] },
        { id: 4, callFrame: cf('(idle)', '') },
      ],
      startTime: 1_000_000, endTime: 1_300_000,
      samples: [...Array(200).fill(3), ...Array(100).fill(4)],
      timeDeltas: Array(300).fill(1000),
    };
    const witnessed = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2] },
        { id: 2, callFrame: cf('e.extract', lib, 0, fnAt), positionTicks: [{ line: 1, ticks: 7, column: execAt }] },
      ],
      startTime: 1_000_000, endTime: 1_200_000,
      samples: Array(7).fill(2),
      timeDeltas: Array(7).fill(20_000),
    };
    const read = (/** @type {boolean} */ withWitnesses) => {
      const profiles = [timeProfile({ kind: 'block', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'capture')];
      if (withWitnesses) profiles.push(timeProfile({ kind: 'witness', epochOffsetMs: 5000, intervalUs: 20_000, profile: witnessed }, 'witness'));
      return attributeBlocks([{ startMs: 0, durationMs: 200 }], profiles, { from: 6000, cwd: dir }).blocks[0];
    };
    const blind = read(false);
    assert.equal(blind.culprit?.owner?.name, 'pdfkitish');
    assert.equal(blind.fix, 'cache-bound-offload', 'the profile alone cannot tell what of the line ran');
    const seen = read(true);
    assert.equal(seen.fix, 'regex-dependency', JSON.stringify(seen.culprit));
    assert.match(String(seen.culprit?.label), /RegExp \/\^data:/);
  } finally {
    remove();
  }
});

test('a package building a regex on each pass spends the line\'s time building it, not in the small literal that escapes its text', () => {
  const { dir, write, remove } = tempFolder('elp-builds-');
  try {
    write('node_modules/wordfilter/package.json', JSON.stringify({ name: 'wordfilter', version: '1.0.0', main: 'index.js', description: 'a profanity filter' }));
    // bad-words' shape: one regex built for each word of its list, the word escaped by a literal first
    const lines = ['exports.isProfane = function isProfane(s) {', '  return LIST.filter((w) => {', "    const re = new RegExp(`\\\\b${w.replace(/(\\W)/g, '\\\\$1')}\\\\b`, 'gi');", '    return re.test(s);', '  }).length > 0;', '};'];
    write('node_modules/wordfilter/index.js', `${lines.join('\n')}\n`);
    const file = path.join(dir, 'node_modules/wordfilter/index.js');
    const block = blockRunning(dir, [{ name: 'isProfane', file, line: 0, column: lines[0].indexOf('(') }, { name: '', file, line: 1, column: lines[1].indexOf('(w)') }], 3);
    assert.equal(block.culprit?.owner?.name, 'wordfilter');
    assert.equal(block.fix, 'cache-bound-offload', JSON.stringify({ label: block.culprit?.label, call: block.call, advice: block.advice }));
  } finally {
    remove();
  }
});

test('a regex call broken over lines (prettier\'s): the literal on the next line is the one the call\'s line runs', () => {
  const { dir, write, remove } = tempFolder('elp-broken-call-');
  try {
    write('node_modules/redact/package.json', JSON.stringify({ name: 'redact', version: '5.1.0', main: 'index.js' }));
    // @octokit/request-error 5.1.0's shape: V8 puts the replace's time on the line of `.replace(`
    const lines = ['exports.redact = function redact(headers) {', '  return {', '    authorization: headers.authorization.replace(', '      / .*$/,', '      " [REDACTED]"', '    ),', '  };', '};'];
    write('node_modules/redact/index.js', `${lines.join('\n')}\n`);
    const block = blockRunning(dir, [{ name: 'redact', file: path.join(dir, 'node_modules/redact/index.js'), line: 0, column: lines[0].indexOf('(') }], 3);
    assert.equal(block.culprit?.owner?.name, 'redact');
    assert.equal(block.fix, 'regex-dependency', JSON.stringify({ label: block.culprit?.label, advice: block.advice }));
    assert.match(String(block.culprit?.label), /RegExp \/ \.\*\$\//);
  } finally {
    remove();
  }
});

test('a validator a package made at run time: its line ticks are its own script\'s, and the app line that calls it names it', () => {
  const { dir, write, remove } = tempFolder('elp-made-');
  try {
    write('node_modules/schemacheck/package.json', JSON.stringify({ name: 'schemacheck', version: '2.17.1', main: 'index.js' }));
    write('node_modules/schemacheck/index.js', 'module.exports = function compile(schema) { return new Function("data", "return true"); };\n');
    const lines = ["const validator = require('schemacheck');", "const checkSignup = validator({ type: 'object' });", 'function importTick(batch) {',
      '  let ok = 0;', '  for (const s of batch) if (checkSignup(s)) ok++;', '  return ok;', '}', 'module.exports = importTick;'];
    write('app.js', `${lines.join('\n')}\n`);
    // V8's profile: the made function, no file, line 3 of its own script, its ticks on line 6 of that script
    const block = blockRunning(dir, [{ name: 'importTick', file: path.join(dir, 'app.js'), line: 2, column: lines[2].indexOf('(') }, { name: 'validate', file: '', line: 2, column: 25 }], 6);
    assert.deepEqual(block.culprit?.owner, { kind: 'package', name: 'schemacheck', version: '2.17.1' }, JSON.stringify(block.culprit));
    assert.equal(block.culprit?.calledFrom?.line, 5, 'the line that calls checkSignup, not line 6 of the made script');
  } finally {
    remove();
  }
});

test('a block cut by the window\'s edge says so before its advice: its requests are not known, its time is the part inside the window', () => {
  const { dir, write, remove } = tempFolder('elp-clipped-');
  try {
    write('app.js', 'function work() {\n  let x = 0;\n  for (let i = 0; i < 1e9; i++) x += i;\n  return x;\n}\n');
    const cf = (/** @type {string} */ name, /** @type {string} */ url, lineNumber = 0, column = 0) => ({ functionName: name, url, lineNumber, columnNumber: column, scriptId: '1' });
    const profile = {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2] },
        { id: 2, callFrame: cf('processImmediate', 'node:internal/timers'), children: [3] },
        { id: 3, callFrame: cf('work', path.join(dir, 'app.js'), 0, 13), positionTicks: [{ line: 3, ticks: 200 }] },
      ],
      startTime: 1_000_000, endTime: 1_200_000,
      samples: Array(200).fill(3),
      timeDeltas: Array(200).fill(1000),
    };
    const profiles = [timeProfile({ kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000, profile }, 'p.json')];
    const read = (/** @type {object} */ block) => attributeBlocks([{ startMs: 0, durationMs: 200, ...block }], profiles, { from: 6000, cwd: dir }).blocks[0];
    const whole = read({});
    assert.doesNotMatch(String(whole.advice), /edge of the measured window/);
    const cut = read({ clipped: true, fullDurationMs: 1450 });
    assert.match(String(cut.advice), /^This block went on past the edge of the measured window \(1450 ms in all, 200 ms inside it\): the requests that ran in it are not known/);
    assert.equal(cut.fix, whole.fix);
    // requests that ran in the part inside the window are known: it says so, then names them
    const blockRequests = [{ t: 6000, durationMs: 200, requests: /** @type {any[]} */ ([[0, 100, 'GET', '/sum', 200], [100, 200, 'GET', '/sum', 200]]) }];
    const named = attributeBlocks([{ startMs: 0, durationMs: 200, clipped: true, fullDurationMs: 1450 }], profiles, { from: 6000, cwd: dir, blockRequests }).blocks[0];
    assert.match(String(named.advice), /^This block went on past the edge of the measured window \(1450 ms in all, 200 ms inside it\): what follows is of its part inside the window\. GET \/sum ran 2 times back to back/);
  } finally {
    remove();
  }
});
