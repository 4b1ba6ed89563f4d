// The heartbeat started by a preload, before the main module: a block in the loop's first turn
// counts its run and wait from that turn, not from the agent's start (the main module's own run
// and wait would make a block of a crowded start-up read as the machine's stall).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

// the monitor, as the agents start it: its blocks as JSON on stdout
const PRELOAD = `
const { LoopMonitor } = require(${JSON.stringify(path.join(ROOT, 'src', 'agent', 'loop-monitor.cjs'))});
const monitor = new LoopMonitor({ resolutionMs: 1000, thresholdMs: 200, windowMs: 1000, timeline: false },
  (block) => require('node:fs').writeSync(1, JSON.stringify(block) + '\\n'));
monitor.start();
globalThis.monitor = monitor;
`;

// a main module of 40 ms of CPU time, then a block of 300 ms in the first turn's check phase;
// the monitor's stop beats once more, after the block
const APP = `
const { cpuDeadline } = require(${JSON.stringify(path.join(ROOT, 'test', 'fixtures', 'cpu-busy.cjs'))});
function spin(ms) {
  const done = cpuDeadline(ms);
  let n = 0;
  do for (let i = 0; i < 10000; i++) n = (n * 31 + 7) % 1000003; while (!done());
  return n;
}
spin(40);
setImmediate(() => {
  spin(300);
  setImmediate(() => globalThis.monitor.stop());
});
`;

test('a block in the loop\'s first turn, before the heartbeat\'s first beat: its run and wait are its own, not the main module\'s', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'preload.cjs'), PRELOAD);
  fs.writeFileSync(path.join(dir, 'app.cjs'), APP);
  const child = spawn(process.execPath, ['--require', './preload.cjs', 'app.cjs'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0, stderr);
  const blocks = stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l));
  assert.equal(blocks.length, 1, stdout);
  const [block] = blocks;
  assert.ok(block.durationMs >= 300, stdout);
  // the thread's run and wait (Linux's schedstat)
  assert.equal(typeof block.runMs, 'number', stdout);
  assert.equal(typeof block.waitMs, 'number', stdout);
  // the block's own: the main module's 40 ms of CPU are not in it
  assert.ok(block.runMs >= 250, `the block ran 300 ms of CPU time: ${stdout}`);
  assert.ok(block.runMs + block.waitMs <= block.durationMs + 10, `run and wait inside the block: ${stdout}`);
});
