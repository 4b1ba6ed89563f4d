// What each scheduling costs, without the tool in the way: every scenario's job (200,000 rounds,
// at most 3 s) in a fresh process pinned to core 0, alternating rounds, median rounds/s and the
// ratio to sync; and the cost of the agent's work meter listening (sync job, meter on / off).
//   node bench/scenarios.js [rounds]

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, pinned, median, alternate, note } from './lib.js';
import scenarios from '../scenarios/index.cjs';

const ROUNDS = Number(process.argv[2] ?? 200_000);
const BUDGET_MS = 3000;
const JOB = path.join(ROOT, 'bench', 'servers', 'scenario-job.cjs');

/** @param {string} name @param {boolean} meter */
function job(name, meter) {
  const [cmd, ...args] = pinned(0, [process.execPath, JOB, name, String(ROUNDS), String(BUDGET_MS), meter ? '1' : '0']);
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name}: ${r.stderr}`);
  return Promise.resolve(JSON.parse(r.stdout).roundsPerSec);
}

console.log(note);
const results = await alternate(3, Object.fromEntries(scenarios.NAMES.map((n) => [n, () => job(n, false)])));
const sync = median(results.sync);
console.log(`scenario        rounds/s (median of 3)   x sync   (${ROUNDS} rounds per job, at most ${BUDGET_MS / 1000} s)`);
for (const name of scenarios.NAMES) {
  const m = median(results[name]);
  console.log(`${name.padEnd(15)} ${Math.round(m).toLocaleString('en-US').padStart(10)}               ${(m / sync).toPrecision(2)}`);
}
const meter = await alternate(5, { off: () => job('sync', false), on: () => job('sync', true) });
console.log(`work meter listening, sync job: ${(median(meter.on) / median(meter.off)).toFixed(3)} of the rounds/s without it (median of 5 alternating rounds)`);
