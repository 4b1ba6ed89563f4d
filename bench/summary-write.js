// How long the agent's summary write holds the app's loop while the disk is busy: the old way (a
// new file beside it, renamed over it) and the agent's (src/agent/sink.cjs: in place), alternating
// write by write in one run, with a child process keeping the disk busy (large files written and
// synced, many small files made and removed: another test suite, a build, a log shipper).
// Prints, per way, the median, p99 and longest write in ms and how many took 20 ms or more.
//
//   node bench/summary-write.js                 # 300 writes each, every 50 ms, disk busy
//   node bench/summary-write.js --writes 100 --quiet-disk

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { median, percentile, tempDir } from './lib.js';

const require = createRequire(import.meta.url);
const { Sink } = require('../src/agent/sink.cjs');

const { values } = parseArgs({ options: { writes: { type: 'string', default: '300' }, 'quiet-disk': { type: 'boolean', default: false } } });
const writes = Number(values.writes);
const dir = tempDir();

// the busy disk: a child that writes 200 MB and syncs it, then makes and removes 200 small files, over and over
const BUSY = `
const fs = require('node:fs'); const path = require('node:path');
const dir = process.argv[1]; const mb = Buffer.alloc(1 << 20, 1);
for (;;) {
  const fd = fs.openSync(path.join(dir, 'big'), 'w');
  for (let i = 0; i < 200; i++) fs.writeSync(fd, mb);
  fs.fsyncSync(fd); fs.closeSync(fd);
  for (let i = 0; i < 200; i++) fs.writeFileSync(path.join(dir, 'small' + i), 'x');
  for (let i = 0; i < 200; i++) fs.rmSync(path.join(dir, 'small' + i));
}`;
const busyDir = path.join(dir, 'busy');
fs.mkdirSync(busyDir);
const busy = values['quiet-disk'] ? null : spawn(process.execPath, ['-e', BUSY, busyDir], { stdio: 'ignore' });
process.on('exit', () => busy?.kill('SIGKILL'));
if (busy) await sleep(2000);

const sink = new Sink(path.join(dir, 'sink'), 'bench');
fs.mkdirSync(path.join(dir, 'sink'));
const oldPath = path.join(dir, 'old-summary.json');
/** a summary of the size the agent writes: some kB of counters and histograms @param {number} i */
const summary = (i) => ({ i, lag: Array.from({ length: 200 + (i % 50) }, (_, k) => k * 1.5), elu: 0.5, gc: { count: i } });

/** @type {Record<string, number[]>} */
const ms = { 'renamed over': [], 'in place': [] };
const ways = {
  'renamed over': (/** @type {object} */ s) => { fs.writeFileSync(`${oldPath}.tmp`, JSON.stringify(s)); fs.renameSync(`${oldPath}.tmp`, oldPath); },
  'in place': (/** @type {object} */ s) => sink.writeSummary(s),
};
for (let i = 0; i < writes; i++) {
  // the order alternates: neither way always comes first after the pause
  for (const name of i % 2 ? ['in place', 'renamed over'] : ['renamed over', 'in place']) {
    const t = performance.now();
    ways[/** @type {keyof typeof ways} */ (name)](summary(i));
    ms[name].push(performance.now() - t);
  }
  await sleep(50);
}
busy?.kill('SIGKILL');
if (sink.broken) throw new Error('the sink failed to write');
JSON.parse(fs.readFileSync(sink.summaryPath, 'utf8')); // the padded summary still parses

console.log(`summary writes, ${writes} each, ${busy ? 'disk busy' : 'disk quiet'} (ms on the app's loop)`);
console.log('way            median     p99     max   >=20ms');
for (const [name, list] of Object.entries(ms)) {
  const f = (/** @type {number} */ v) => v.toFixed(2).padStart(7);
  console.log(`${name.padEnd(13)}${f(median(list))} ${f(percentile(list, 99))} ${f(Math.max(...list))} ${String(list.filter((v) => v >= 20).length).padStart(8)}`);
}
