// Stack samples the app's thread evaluates (no profiler, no heap walk) become a CPU profile the
// analysis reads as it reads V8's: the stack below the evaluation, where each function begins,
// the running line as the leaf's ticks, an empty stack as the loop idle; and the app's
// Error.prepareStackTrace and stackTraceLimit are its own again after a sample.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import { SAMPLE_EXPRESSION, sampleOf, profileOf, microtasksLine } from '../../src/agent/stack-sampler.cjs';
import { timeProfile, framesOf } from '../../src/analyze/profiles.js';
import { classifyStack } from '../../src/analyze/causes.js';
import { frameKind } from '../../src/analyze/frame-kind.js';

test('a sample is the stack below the evaluation, innermost first, with where each function begins', () => {
  const prepare = (/** @type {Error} */ e) => `app's own: ${e.message}`;
  Error.prepareStackTrace = prepare;
  Error.stackTraceLimit = 7;
  let value;
  try {
    // run as the inspector runs it: a script of its own with no file name, on top of the app's code
    const script = new vm.Script(SAMPLE_EXPRESSION, { filename: '' });
    function renderReport() {
      value = script.runInThisContext();
    }
    renderReport();
    assert.equal(Error.prepareStackTrace, prepare, 'the app\'s prepareStackTrace is back');
    assert.equal(Error.stackTraceLimit, 7, 'the app\'s stackTraceLimit is back');
  } finally {
    delete Error.prepareStackTrace;
    Error.stackTraceLimit = 10;
  }
  const sample = sampleOf(value);
  assert.ok(sample && sample.us > 0, String(value));
  assert.notEqual(sample.frames[0][1], '', `the evaluation's own frame is dropped: ${JSON.stringify(sample.frames.slice(0, 3))}`);
  // the app's frame under vm's runInThisContext (the inspector calls in from no JavaScript frame)
  const [fn, file, line, , fnLine] = sample.frames.find((f) => f[0] === 'renderReport') ?? [];
  assert.equal(fn, 'renderReport', JSON.stringify(sample.frames.slice(0, 3)));
  assert.match(String(file), /stack-sampler\.test\.js$/);
  assert.ok(Number(line) > Number(fnLine), 'the running line is below the line the function begins on');
  assert.equal(sampleOf('not json'), null);
  assert.equal(sampleOf(undefined), null);
});

test('a function made at run time under the evaluation keeps its frame: no file, but a line', () => {
  // a validator a package made with new Function, running when the sample is taken (here it evaluates
  // the expression itself, as the inspector evaluates it on top of whatever runs)
  const validate = new Function('expression', 'return function validate(data) {\n  return eval(expression);\n}')(SAMPLE_EXPRESSION);
  const sample = sampleOf(validate());
  assert.ok(sample, 'a sample');
  const [fn, file, line, , fnLine] = sample.frames[0];
  assert.deepEqual([fn, file], ['validate', ''], JSON.stringify(sample.frames.slice(0, 3)));
  assert.ok(Number(line) >= 1 && Number(fnLine) >= 1, 'a line in its own script');
  assert.match(String(sample.frames[1][1]), /stack-sampler\.test\.js$/, 'its caller next');
  // a builtin the interrupt came in (no file, no line) is not kept at the top: a profile gives its time to the calling line
  const value = JSON.stringify([5, [['', '', 15, 3, 1, 1], ['replace', '', 0, 0, 0, 0], ['render', '/srv/app.js', 12, 5, 10, 20]]]);
  assert.deepEqual(sampleOf(value)?.frames, [['render', '/srv/app.js', 12, 5, 10, 20]]);
});

test('samples as a profile: a node per call path, the leaf\'s running lines as ticks, an empty stack idle', () => {
  const app = ['handler', '/srv/app.js', 12, 5, 10, 20];
  const leaf = ['load', '/srv/node_modules/js-yaml/lib/loader.js', 1795, 9, 1791, 14];
  const samples = [
    { us: 1_002_000, frames: [leaf, app] },
    { us: 1_004_500, frames: [['load', leaf[1], 1799, 3, 1791, 14], app] },
    { us: 1_007_000, frames: [] },
  ];
  const profile = profileOf(samples, 1_000_000, 1_008_000);
  assert.deepEqual(profile.timeDeltas, [2000, 2500, 2500]);
  assert.equal(profile.startTime, 1_000_000);
  assert.equal(profile.endTime, 1_008_000);
  const p = timeProfile({ kind: 'block', epochOffsetMs: 0, intervalUs: 2500, profile }, 'capture');
  const first = framesOf(p, profile.samples[0]);
  assert.deepEqual(first.map((f) => [f.functionName, f.url, f.lineNumber, f.columnNumber]), [['load', leaf[1], 1790, 13], ['handler', '/srv/app.js', 9, 19]]);
  assert.equal(profile.samples[0], profile.samples[1], 'the same call path is one node');
  const node = profile.nodes.find((n) => n.id === profile.samples[0]);
  // with the column: a minified bundle's functions all run on line 1
  assert.deepEqual(node?.positionTicks, [{ line: 1795, ticks: 1, column: 9 }, { line: 1799, ticks: 1, column: 3 }]);
  assert.deepEqual(framesOf(p, profile.samples[2]).map((f) => f.functionName), ['(idle)']);
});

test('a sample in the microtask queue gets the runMicrotasks frame a profile has; one in the nextTick queue does not', async () => {
  const microLine = await microtasksLine();
  assert.equal(typeof microLine, 'number');
  const script = new vm.Script(SAMPLE_EXPRESSION, { filename: '' });
  const sample = () => sampleOf(script.runInThisContext());
  /** @type {any[]} */
  const taken = await new Promise((resolve) => {
    process.nextTick(function inTick() {
      const tick = sample();
      Promise.resolve().then(function inMicrotask() { resolve([tick, sample()]); });
    });
  });
  const profile = profileOf(/** @type {any} */ (taken), taken[0].us - 1000, taken[1].us + 1000, microLine);
  const p = timeProfile({ kind: 'block', epochOffsetMs: 0, intervalUs: 2500, profile }, 'capture');
  const names = (/** @type {number} */ i) => framesOf(p, profile.samples[i]).map((f) => f.functionName).filter((n) => /^(inTick|inMicrotask|runMicrotasks|processTicksAndRejections)$/.test(n));
  assert.deepEqual(names(0), ['inTick', 'processTicksAndRejections']);
  assert.deepEqual(names(1), ['inMicrotask', 'runMicrotasks', 'processTicksAndRejections']);
  // taken between two continuations: processTicksAndRejections the innermost JavaScript frame
  const between = { us: taken[1].us + 500, frames: taken[1].frames.filter((/** @type {any[]} */ f) => f[0] === 'processTicksAndRejections') };
  const p2 = timeProfile({ kind: 'block', epochOffsetMs: 0, intervalUs: 2500, profile: profileOf([between], between.us - 1000, between.us + 1000, microLine) }, 'capture');
  assert.deepEqual(framesOf(p2, p2.profile.samples[0]).map((f) => f.functionName), ['runMicrotasks', 'processTicksAndRejections']);
});

test('a stack of an express handler\'s depth is read whole, to Node\'s scheduler at its bottom; a deeper one ends in a marker and reads as code, not a queue', () => {
  const script = new vm.Script(SAMPLE_EXPRESSION, { filename: '' });
  /** @param {number} n @returns {any} */
  function descend(n) {
    return n === 0 ? sampleOf(script.runInThisContext()) : descend(n - 1);
  }
  const shallow = descend(5);
  // five middleware in front of a handler: 88 frames
  const deep = descend(90);
  assert.ok(shallow && deep);
  const names = (/** @type {any} */ s) => s.frames.map((/** @type {any[]} */ f) => f[0]);
  assert.ok(!names(deep).includes('(more frames)'), `read whole: ${deep.frames.length} frames`);
  // the bottom is the real one: the same outermost frames as a shallow sample from the same caller
  assert.deepEqual(deep.frames.slice(-3).map((/** @type {any[]} */ f) => f.slice(0, 2)), shallow.frames.slice(-3).map((/** @type {any[]} */ f) => f.slice(0, 2)));

  const runaway = descend(3000);
  assert.ok(runaway);
  assert.equal(names(runaway).at(-1), '(more frames)', 'no bottom to keep');
  assert.ok(runaway.frames.length <= 128, `bounded: ${runaway.frames.length}`);
  assert.ok(names(runaway).slice(2, -1).every((/** @type {string} */ n) => n === 'descend'), 'the recursion, then the marker');
  // a package's frames and then the marker: no scheduler frame below, but the stack was cut, so it is
  // not read as a promise continuation (an async function resumed with nothing under it)
  const pkg = ['composeNode', '/srv/node_modules/js-yaml/lib/loader.js', 1365, 3, 1300, 1];
  const cut = { us: 1_002_000, frames: [pkg, pkg, ['(more frames)', '', 0, 0, 0, 0]] };
  const p = timeProfile({ kind: 'block', epochOffsetMs: 0, intervalUs: 2500, profile: profileOf([cut], 1_000_000, 1_003_000) }, 'capture');
  const frames = framesOf(p, p.profile.samples[0]).map((f) => ({ ...f, kind: frameKind(f) }));
  assert.deepEqual(classifyStack(frames), { cause: 'sync', phase: 'poll' });
  assert.deepEqual(classifyStack(frames.slice(0, 2)), { cause: 'microtask', phase: 'microtasks' }, 'uncut, the same frames read as a continuation');
});
