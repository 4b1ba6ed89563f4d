#!/usr/bin/env node
// Long run under load: does memory stay flat? Runs `eventloop-probe run` in this process (so the
// tool's own heap is this process's) against the hello server for --minutes (default 10) with
// load on, and every --every seconds samples the tool's RSS and heap and the app's (the agent
// writes the app's memory to its event file every second). Prints the samples, the growth after
// the first minute (warm-up), and the size of the report. Not part of npm test.
//
//   node bench/soak.js                 # 10 minutes
//   node bench/soak.js --minutes 3 --every 10

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { ROOT } from './lib.js';
import { main } from '../src/cli.js';

const argv = process.argv.slice(2);
const opt = (/** @type {string} */ name, /** @type {number} */ fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const minutes = opt('--minutes', 10);
const everyS = opt('--every', 5);
const connections = opt('--connections', 10);
const MB = 1024 * 1024;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-soak-'));
const out = path.join(work, 'report');
const sink = () => new Writable({ write(_chunk, _encoding, done) { done(); } });
const stop = new AbortController();
const kill = new AbortController();
process.once('SIGINT', () => stop.abort('SIGINT'));

/** The app's latest memory sample from the agent's event file (its pid is in the file's name). */
function appMemory() {
  try {
    const dataDir = fs.readdirSync(out).find((name) => name.startsWith('.agent-'));
    if (!dataDir) return null;
    const file = fs.readdirSync(path.join(out, dataDir)).find((name) => /^events-\d+\.ndjson$/.test(name));
    if (!file) return null;
    const full = path.join(out, dataDir, file);
    const size = fs.statSync(full).size;
    const fd = fs.openSync(full, 'r');
    const buf = Buffer.alloc(Math.min(size, 64 * 1024));
    fs.readSync(fd, buf, 0, buf.length, size - buf.length);
    fs.closeSync(fd);
    const mem = buf.toString('utf8').split('\n').filter((l) => l.includes('"type":"mem"')).at(-1);
    return mem ? { ...JSON.parse(mem), eventsBytes: size } : null;
  } catch {
    return null; // the folder is being written or removed
  }
}

/** @type {{t: number, toolRss: number, toolHeap: number, appRss: number, appHeap: number, eventsKb: number}[]} */
const samples = [];
const started = Date.now();
console.log(`soak: ${minutes} min, -c ${connections} on the hello server, a sample every ${everyS} s`);
console.log('   t s   tool rss  tool heap    app rss   app heap  agent events');
const timer = setInterval(() => {
  const tool = process.memoryUsage();
  const app = appMemory();
  if (!app) return;
  const s = { t: (Date.now() - started) / 1000, toolRss: tool.rss / MB, toolHeap: tool.heapUsed / MB, appRss: app.rss / MB, appHeap: app.heapUsed / MB, eventsKb: app.eventsBytes / 1024 };
  samples.push(s);
  console.log(`${s.t.toFixed(0).padStart(6)} ${s.toolRss.toFixed(1).padStart(8)} MB ${s.toolHeap.toFixed(1).padStart(7)} MB ${s.appRss.toFixed(1).padStart(7)} MB ${s.appHeap.toFixed(1).padStart(7)} MB ${s.eventsKb.toFixed(0).padStart(9)} KB`);
}, everyS * 1000);

const code = await main(['run', path.join(ROOT, 'bench', 'servers', 'hello.cjs'), '--route', '/', '-c', String(connections), '-d', `${minutes}m`, '--out', out, '--no-progress'], {
  stdout: sink(), stderr: sink(), env: { ...process.env, CI: '1' }, cwd: work, stop: stop.signal, kill: kill.signal,
});
clearInterval(timer);

const report = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
const reportBytes = fs.statSync(path.join(out, 'report.json')).size;
fs.rmSync(work, { recursive: true, force: true });

const warm = samples.filter((s) => s.t >= 60);
console.log(`\nexit code ${code}; ${report.http.load.requests.toLocaleString('en-US')} requests, ${report.timeline.points.length} timeline points of ${report.timeline.windowMs} ms, ${report.blocks.length} blocks`);
console.log(`report.json: ${(reportBytes / 1024).toFixed(0)} KB`);
// Heaps saw-tooth with GC: compare the mean of the first third of the samples after warm-up
// (the first minute) with the mean of the last third.
const third = Math.floor(warm.length / 3);
if (third >= 1) {
  const head = warm.slice(0, third);
  const tail = warm.slice(-third);
  const mean = (/** @type {typeof samples} */ list, /** @type {'toolRss' | 'toolHeap' | 'appRss' | 'appHeap'} */ key) => list.reduce((sum, s) => sum + s[key], 0) / list.length;
  const minutesApart = ((tail.at(-1)?.t ?? 0) + (tail[0]?.t ?? 0) - (head.at(-1)?.t ?? 0) - (head[0]?.t ?? 0)) / 2 / 60;
  const growth = (/** @type {'toolRss' | 'toolHeap' | 'appRss' | 'appHeap'} */ key) => {
    const d = mean(tail, key) - mean(head, key);
    return `${mean(head, key).toFixed(1)} -> ${mean(tail, key).toFixed(1)} MB (${d >= 0 ? '+' : ''}${(d / minutesApart).toFixed(2)} MB/min)`;
  };
  console.log(`growth, mean of the first vs the last third of the samples after the first minute (${minutesApart.toFixed(1)} min apart):`);
  console.log(`  tool rss ${growth('toolRss')}, tool heap ${growth('toolHeap')}`);
  console.log(`  app  rss ${growth('appRss')}, app heap ${growth('appHeap')}`);
  // RSS saw-tooths when V8 gives pages back: the peak of each third is the steadier figure
  const peak = (/** @type {typeof samples} */ list, /** @type {'toolRss' | 'appRss'} */ key) => Math.max(...list.map((s) => s[key]));
  const spanMin = ((tail.at(-1)?.t ?? 0) - (head[0]?.t ?? 0)) / 60;
  const peakGrowth = (/** @type {'toolRss' | 'appRss'} */ key) => {
    const d = peak(tail, key) - peak(head, key);
    return `${peak(head, key).toFixed(1)} -> ${peak(tail, key).toFixed(1)} MB (${d >= 0 ? '+' : ''}${(d / spanMin).toFixed(2)} MB/min over ${spanMin.toFixed(1)} min)`;
  };
  console.log(`growth, peak of the first vs the last third: tool rss ${peakGrowth('toolRss')}, app rss ${peakGrowth('appRss')}`);
}
