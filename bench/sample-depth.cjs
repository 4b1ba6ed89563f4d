#!/usr/bin/env node
'use strict';
// What one stack sample costs the app's thread against the stack's depth: the expression the
// production agent's worker has the app's thread evaluate (src/agent/stack-sampler.cjs), this
// checkout's beside another commit's, alternating, evaluated at several depths of a recursion
// (an express handler behind five middleware runs 88 frames deep).
//   node bench/sample-depth.cjs [--against <commit>] [--rounds 15]
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const vm = require('node:vm');
const { SAMPLE_EXPRESSION } = require('../src/agent/stack-sampler.cjs');

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : fallback; };
const against = opt('against', 'd8b98a7~1');
const rounds = Number(opt('rounds', 15));
const root = path.join(__dirname, '..');
const oldSource = execFileSync('git', ['show', `${against}:src/agent/stack-sampler.cjs`], { cwd: root, encoding: 'utf8' });
const oldModule = { exports: {} };
new Function('module', 'exports', 'require', '__dirname', oldSource)(oldModule, oldModule.exports, require, path.join(root, 'src', 'agent'));
const ways = [['this checkout', new vm.Script(SAMPLE_EXPRESSION)], [against, new vm.Script(oldModule.exports.SAMPLE_EXPRESSION)]];

/** @param {vm.Script} script @param {number} depth @param {number} n */
function timed(script, depth, n) {
  const descend = (d) => (d === 0 ? run() : descend(d - 1));
  function run() {
    const t = process.hrtime.bigint();
    let bytes = 0;
    for (let i = 0; i < n; i++) bytes += script.runInThisContext().length;
    return [Number(process.hrtime.bigint() - t) / n / 1000, bytes / n];
  }
  return descend(depth);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`one stack sample, µs on the app's thread (median of ${rounds} alternating rounds of 200), and its size`);
console.log('depth   ' + ways.map(([w]) => w.padEnd(24)).join(''));
for (const depth of [10, 88, 300, 3000]) {
  const us = ways.map(() => []);
  const size = ways.map(() => 0);
  for (let r = 0; r < rounds; r++) {
    ways.forEach(([, script], i) => {
      const [t, bytes] = timed(script, depth, 200);
      us[i].push(t);
      size[i] = bytes;
    });
  }
  console.log(String(depth).padEnd(8) + ways.map((_, i) => `${median(us[i]).toFixed(1)} µs, ${(size[i] / 1024).toFixed(1)} KB`.padEnd(24)).join(''));
}
