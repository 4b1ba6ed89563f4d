// What one of the production agent's stack captures costs the app when it starts: V8's profiler,
// started through an inspector session (as the agent's worker starts it on the app's thread),
// walks the whole heap for the code compiled so far, on the app's thread. Measured in a child
// process per Node version that grows its heap to each size and starts and stops a profile
// several times: the time the start held its thread (median), and the same read from the
// profile (first sample less its start stamp: what the agent measures and budgets). Then what the
// agent does instead on a large heap, stack samples the app's thread evaluates (agent/stack-sampler.cjs):
// a loop of known length timed alone and while a worker samples it every 2 ms, alternating, the
// median extra time per sample.
//   node bench/capture-start.js [--sizes 0,100,300,600] [--rounds 5] [--nodes 20,22,24]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { nodeOf, ROOT } from './lib.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '0,100,300,600' }, rounds: { type: 'string', default: '5' }, nodes: { type: 'string', default: '20,22,24' } } });

// the child: grows its heap in steps, and at each size times Profiler.start (and reads the profile)
const CHILD = `
const inspector = require('node:inspector');
const session = new inspector.Session();
session.connect();
const post = (m, p) => new Promise((resolve, reject) => session.post(m, p, (e, r) => (e ? reject(e) : resolve(r))));
const keep = [];
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
(async () => {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  for (const mb of process.argv[1].split(',').map(Number)) {
    while (process.memoryUsage().heapUsed < mb * 1048576) {
      const chunk = [];
      for (let i = 0; i < 1000; i++) chunk.push({ i, name: 'item ' + i });
      keep.push(chunk);
    }
    const calls = [], walks = [];
    for (let r = 0; r < Number(process.argv[2]); r++) {
      const t0 = process.hrtime.bigint();
      await post('Profiler.start');
      calls.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const until = Date.now() + 20;
      while (Date.now() < until);
      const { profile } = await post('Profiler.stop');
      walks.push(((profile.timeDeltas[0] ?? 0) - 1000) / 1000);
    }
    console.log(JSON.stringify({ mb: Math.round(process.memoryUsage().heapUsed / 1048576), call: median(calls), walk: median(walks) }));
  }
})();
`;

console.log(`capture start against heap size: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}); ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${values.rounds} starts at each size, medians`);
console.log('| Node | heap | Profiler.start held the thread | read from the profile |');
console.log('|---|---|---|---|');
for (const major of values.nodes.split(',')) {
  const node = major === process.versions.node.split('.')[0] ? process.execPath : nodeOf(major);
  if (!fs.existsSync(node)) {
    console.log(`| ${major} | - | no Node ${major} here (npm run test:matrix once) | |`);
    continue;
  }
  const run = spawnSync(node, ['--max-old-space-size=4096', '-e', CHILD, values.sizes, values.rounds], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`Node ${major}: ${run.stderr}`);
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  for (const line of run.stdout.trim().split('\n')) {
    const r = JSON.parse(line);
    console.log(`| ${version} | ${r.mb} MB | ${r.call.toFixed(1)} ms | ${r.walk.toFixed(1)} ms |`);
  }
}

// the sampler's cost: the main thread runs a loop of known length, alone and while a worker samples
// its stack every 2 ms as the agent does; rounds alternate, the median extra time per sample
const SAMPLER = `
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import inspector from 'node:inspector';
const { SAMPLE_EXPRESSION } = await import(process.env.SAMPLER_MODULE);
if (isMainThread) {
  function work() { let x = 0; for (let i = 0; i < 2e8; i++) x = (x * 31 + i) % 1000003; return x; }
  work();
  const each = [];
  for (let r = 0; r < Number(process.env.ROUNDS); r++) {
    const t0 = performance.now(); work(); const alone = performance.now() - t0;
    const w = new Worker(new URL(import.meta.url), { env: process.env });
    await new Promise((resolve) => w.once('message', resolve));
    const t1 = performance.now(); work(); const sampled = performance.now() - t1;
    w.postMessage('stop');
    const n = await new Promise((resolve) => w.once('message', resolve));
    await w.terminate();
    each.push(((sampled - alone) * 1000) / n);
  }
  each.sort((a, b) => a - b);
  console.log(JSON.stringify({ us: each[Math.floor(each.length / 2)], min: each[0], max: each[each.length - 1] }));
} else {
  const session = new inspector.Session();
  session.connectToMainThread();
  let stop = false;
  let n = 0;
  parentPort.on('message', () => { stop = true; });
  parentPort.postMessage('ready');
  while (!stop) {
    await new Promise((resolve) => session.post('Runtime.evaluate', { expression: SAMPLE_EXPRESSION, returnByValue: true, silent: true }, resolve));
    n++;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  parentPort.postMessage(n);
}
`;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-sampler-'));
try {
  const file = path.join(scratch, 'sampler-cost.mjs');
  fs.writeFileSync(file, SAMPLER);
  console.log('');
  console.log(`stack samples instead (agent/stack-sampler.cjs): the app's thread's extra time per sample, a sample every 2 ms, ${values.rounds} rounds`);
  console.log('| Node | per sample, median (min..max) |');
  console.log('|---|---|');
  for (const major of values.nodes.split(',')) {
    const node = major === process.versions.node.split('.')[0] ? process.execPath : nodeOf(major);
    if (!fs.existsSync(node)) continue;
    const env = { ...process.env, SAMPLER_MODULE: pathToFileURL(path.join(ROOT, 'src', 'agent', 'stack-sampler.cjs')).href, ROUNDS: values.rounds };
    const run = spawnSync(node, [file], { encoding: 'utf8', env });
    if (run.status !== 0) throw new Error(`Node ${major}: ${run.stderr}`);
    const r = JSON.parse(run.stdout.trim());
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    console.log(`| ${version} | ${r.us.toFixed(0)} µs (${r.min.toFixed(0)}..${r.max.toFixed(0)}) |`);
  }
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
