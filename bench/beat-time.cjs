'use strict';
// What one heartbeat of the production agent costs the app's thread, in µs of wall time inside the
// beat (a synchronous function: its wall time is its CPU time unless the thread is preempted), in an
// idle hello server with the agent registered as `--require eventloop-probe/register` would: the
// whole beat, the agent's work on it (onBeat), the thread's schedstat read when the beat makes one,
// and, for comparison, the clock and event-loop-utilisation reads the beat opens with, made alone by
// a timer of their own (its own wake-ups: the first code to run after the thread slept).
//
//   node bench/beat-time.cjs                 # 10 s idle
//   node bench/beat-time.cjs --seconds 30

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { parseArgs } = require('node:util');
const { performance } = require('node:perf_hooks');

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-beat-time-'));
process.env.EVENTLOOP_PROBE_LOG = path.join(dir, 'agent.log');

const { LoopMonitor } = require('../src/agent/loop-monitor.cjs');
const us = (/** @type {bigint} */ t0) => Number(process.hrtime.bigint() - t0) / 1000;
/** @type {Record<string, number[]>} */
const times = { beat: [], onBeat: [], schedstat: [], 'clock+ELU alone': [] };
const beat = LoopMonitor.prototype.beat;
LoopMonitor.prototype.beat = function timedBeat() {
  const self = /** @type {any} */ (this);
  if (!self.timed) {
    self.timed = true;
    const onBeat = self.onBeat;
    self.onBeat = (/** @type {any[]} */ ...a) => { const t0 = process.hrtime.bigint(); onBeat(...a); times.onBeat.push(us(t0)); };
    const sched = self.sched;
    self.sched = () => { const t0 = process.hrtime.bigint(); const r = sched(); times.schedstat.push(us(t0)); return r; };
  }
  const t0 = process.hrtime.bigint();
  beat.call(this);
  times.beat.push(us(t0));
};
require('../src/register.cjs');

// a period that is no multiple of the beat's: its own wake-ups
setInterval(() => { const t0 = process.hrtime.bigint(); performance.timeOrigin + performance.now(); performance.eventLoopUtilization(); times['clock+ELU alone'].push(us(t0)); }, 137).unref();

const q = (/** @type {number[]} */ v, /** @type {number} */ p) => v[Math.min(v.length - 1, Math.floor(v.length * p))];
const server = http.createServer((req, res) => res.end('hi')).listen(0, '127.0.0.1', () => {
  setTimeout(() => {
    server.close();
    console.log(`one beat of the production agent, idle hello server, ${seconds} s, node ${process.version}, ${new Date().toISOString().slice(0, 16)} UTC`);
    for (const [name, list] of Object.entries(times)) {
      const v = list.slice(3).sort((a, b) => a - b); // the first few compile
      console.log(`${name.padEnd(16)} ${String(v.length).padStart(4)} calls   median ${q(v, 0.5)?.toFixed(1) ?? '-'} µs   p90 ${q(v, 0.9)?.toFixed(1) ?? '-'} µs`);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, seconds * 1000);
});
