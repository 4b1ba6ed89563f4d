// Samples that end in the app's function on a line that calls a package's function V8 compiled into
// the app's code before a production capture began: the block's witnesses give back the package's
// frames over it, on the lines that call them by name. The app's own lines, one witness, or witnesses
// that mostly had the app's function running alone: nothing is added.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calledOver, between } from '../../src/analyze/hidden-callee.js';
import { AppSources } from '../../src/sources/app-sources.js';

/** A temp app whose handler calls gifenc's quantize on line 4 and does its own work on line 3. @param {import('node:test').TestContext} t */
function app(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-hidden-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'app.js');
  fs.writeFileSync(file, [
    "const { quantize, applyPalette } = require('gifenc');", // 1
    'http.createServer((req, res) => {', // 2
    '  for (let i = 0; i < n; i++) px[i] = (px[i] * 3) & 255;', // 3
    '  const palette = quantize(px, 256);', // 4
    '  res.end(applyPalette(px, palette));', // 5
    '});', // 6
  ].join('\n'));
  return { dir, file };
}

/** @param {string} functionName @param {string} url @param {number} line @param {'app' | 'node_modules' | 'node'} kind */
const f = (functionName, url, line, kind) => ({ functionName, url, line, column: 1, kind });

test('samples on the line that calls quantize get the frames the witnesses had over the handler there; the loop\'s own line stays the app\'s', (t) => {
  const { dir, file } = app(t);
  const pnn = path.join(dir, 'node_modules/gifenc/src/pnnquant2.js');
  const handler = f('(anonymous)', file, 2, 'app');
  const emit = f('emit', 'node:events', 471, 'node');
  const quantize = f('quantize', pnn, 145, 'node_modules');
  const bins = f('create_bin_list', pnn, 83, 'node_modules');
  /** @param {number} line @param {any[]} frames */
  const sample = (line, frames, i = 0) => ({ t: i, weightMs: 1, frames, line: { line, text: '' } });
  const samples = [sample(4, [handler, emit], 0), sample(4, [handler, emit], 1), sample(3, [handler, emit], 2)];
  const witnesses = [sample(83, [bins, quantize, handler, emit]), sample(83, [bins, quantize, handler, emit]), sample(150, [quantize, handler, emit])];
  const sources = new AppSources();
  const out = calledOver(samples, witnesses, sources);
  assert.deepEqual(out.samples.map((s) => s.frames.map((x) => x.functionName)), [
    ['create_bin_list', 'quantize', '(anonymous)', 'emit'],
    ['create_bin_list', 'quantize', '(anonymous)', 'emit'],
    ['(anonymous)', 'emit'],
  ]);
  assert.match(out.said ?? '', /on a line that calls quantize \(pnnquant2\.js:145\) of gifenc/);

  // one witness does not decide
  assert.equal(calledOver(samples, witnesses.slice(0, 1), sources).said, null);
  // the handler running alone in as many witnesses as a half of those over it: its own loop
  const own = [sample(3, [handler, emit]), sample(3, [handler, emit])];
  assert.equal(calledOver(samples, [...witnesses.slice(0, 2), ...own], sources).said, null);
  // a line that calls no function the witnesses saw over it
  assert.equal(calledOver([sample(3, [handler, emit])], witnesses, sources).said, null);
});

test('a helper of the app\'s inlined into the handler: the witnesses give back the helper between the package and the handler; the handler\'s own call stays', () => {
  const APP = '/srv/app.js';
  const LIB = '/srv/node_modules/transliteration/slugify.js';
  const handler = f('(anonymous)', APP, 28, 'app');
  const helper = f('findArticleBySlug', APP, 17, 'app');
  const slugify = f('slugify', LIB, 30, 'node_modules');
  const handle = f('handle', '/srv/node_modules/express/lib/router/layer.js', 86, 'node_modules');
  /** @param {any[]} frames */
  const sample = (frames, i = 0) => ({ t: i, weightMs: 1, frames, line: null });
  const samples = [sample([slugify, handler, handle]), sample([slugify, handler, handle])];
  const through = sample([slugify, helper, handler, handle]);
  const direct = sample([slugify, handler, handle]);
  const names = (/** @type {any[]} */ out) => out.map((s) => s.frames.map((x) => x.functionName).join(' < '));
  assert.deepEqual(names(between(samples, [through, through, through])), Array(2).fill('slugify < findArticleBySlug < (anonymous) < handle'));
  // the handler calling the package itself in as many witnesses as half of those through the helper
  assert.deepEqual(names(between(samples, [through, through, direct])), Array(2).fill('slugify < (anonymous) < handle'));
  // one witness does not decide
  assert.deepEqual(names(between(samples, [through])), Array(2).fill('slugify < (anonymous) < handle'));
});
