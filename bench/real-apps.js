// Real apps on a quiet machine: how responsive the tool finds a NestJS app and a server that
// loaded the TypeScript compiler, run after run in the default mode (what test/e2e/real-apps
// cannot assert on a busy machine: the verdict and the lag the machine decides there).
//   node bench/real-apps.js [rounds]
// Target: responsive every time, lag max under the block threshold, no stall of the tool's in the window.

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ROOT, BIN, tempDir, note, median } from './lib.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const APPS = ['compiles-typescript.js', 'nest-app.js'];
const out = tempDir();
console.log(note);
/** @type {Record<string, any[]>} */
const reports = Object.fromEntries(APPS.map((a) => [a, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const app of round % 2 ? [...APPS].reverse() : APPS) {
    const dir = path.join(out, `${app}-${round}`);
    const r = spawnSync(process.execPath, [BIN, 'run', path.join(ROOT, 'test', 'fixtures', 'real-apps', app), '--route', '/', '--probe', '/health', '-c', '2', '-d', '3', '--format', 'json', '--out', dir], {
      cwd: out, encoding: 'utf8', env: { ...process.env, CI: '1' },
    });
    if (r.status !== 0) throw new Error(`${app}: ${r.stderr}`);
    reports[app].push(JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')));
  }
}
console.log('| app | runs | responsive | lag max (median, worst) | probe p99 (median) | blocks | tool stalls in the window | start-up stall before the load (median) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const app of APPS) {
  const list = reports[app];
  const lagMax = list.map((r) => r.lag.maxMs);
  console.log(`| ${app} | ${list.length} | ${list.filter((r) => r.verdict.status === 'responsive').length} | ${median(lagMax).toFixed(1)} ms, ${Math.max(...lagMax).toFixed(1)} ms | ${median(list.map((r) => r.http.probe.p99Ms)).toFixed(1)} ms | ${list.reduce((n, r) => n + r.blocks.length, 0)} | ${list.reduce((n, r) => n + r.toolStalls.stallsInWindow, 0)} | ${median(list.map((r) => r.toolStalls.beforeLoadMs)).toFixed(0)} ms |`);
}
