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
const from = warm[0] ?? samples[0];
const to = samples.at(-1);
console.log(`\nexit code ${code}; ${report.http.load.requests.toLocaleString('en-US')} requests, ${report.timeline.points.length} timeline points, ${report.blocks.length} blocks`);
console.log(`report.json: ${(reportBytes / 1024).toFixed(0)} KB (${(reportBytes / report.timeline.points.length).toFixed(0)} bytes per 100 ms window)`);
if (from && to && to.t > from.t) {
  const perMin = (/** @type {number} */ a, /** @type {number} */ b) => `${(b - a).toFixed(1)} MB (${(((b - a) / (to.t - from.t)) * 60).toFixed(2)} MB/min)`;
  console.log(`growth from ${from.t.toFixed(0)} s to ${to.t.toFixed(0)} s:`);
  console.log(`  tool rss ${perMin(from.toolRss, to.toolRss)}, tool heap ${perMin(from.toolHeap, to.toolHeap)}`);
  console.log(`  app  rss ${perMin(from.appRss, to.appRss)}, app heap ${perMin(from.appHeap, to.appHeap)}`);
}
