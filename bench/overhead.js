// Overhead of the agent in monitoring-only mode: the same server bare and under
// `eventloop-probe run --no-load --no-probe --stacks none --no-profile` (delay, ELU, CPU, GC, blocks:
// no stacks, no CPU profile; bench/attribution.js measures those), driven by an outside
// autocannon, alternating rounds.
//   node bench/overhead.js [--rounds 3] [--seconds 5]
// Target: >= 0.98 of bare throughput on both servers.

import { parseArgs } from 'node:util';
import { serverRps, alternate, median, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const out = tempDir();

/** @param {string} server @param {boolean} agent */
const measure = (server, agent) => serverRps(server, agent ? ['--stacks', 'none', '--no-profile'] : null, { out, seconds });

console.log(`overhead of the agent (monitoring only), ${rounds} alternating rounds of ${seconds} s, autocannon -c 20`);
console.log(note);
const rows = [];
for (const server of ['hello.cjs', 'awaits.cjs']) {
  const r = await alternate(rounds, { bare: () => measure(server, false), agent: () => measure(server, true) });
  const ratio = median(r.agent) / median(r.bare);
  rows.push({ server, bare: Math.round(median(r.bare)), agent: Math.round(median(r.agent)), ratio: ratio.toFixed(3), rounds: `${r.bare.map(Math.round).join('/')} vs ${r.agent.map(Math.round).join('/')}` });
}
console.table(rows);
