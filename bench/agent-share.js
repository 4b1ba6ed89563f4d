// What the production agent's own code costs a server, read from inside one run: the server runs
// with the agent (`--require eventloop-probe/register`) under V8's CPU profiler at a fixed request
// rate, and every sample whose stack holds a frame of the agent (src/agent, src/production), or
// Node's dispatch of the GC entries the agent observes, is the agent's. The figure is a share of
// the same process's busy time in the same seconds, so a shared VM's noise, which moves both,
// mostly cancels; bench/overhead.js's ratios across processes spread ±15% on this machine, wider
// than the few percent asked of the agent. What a profile cannot see is not counted: Node's
// allocation of a diagnostics-channel message for each request, the garbage the agent makes, and
// the wake-ups of its timers and worker (those are the idle figure of bench/overhead.js --idle).
//
//   node bench/agent-share.js                          # hello and awaits, Node 20, 3 rounds
//   node bench/agent-share.js --nodes 20,22,24 --rounds 5
//   node bench/agent-share.js --off requests           # with a piece turned off (EVENTLOOP_PROBE_OFF)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, nodeOf, pinned, freePort, waitForPort, autocannon, median, note } from './lib.js';

const { values } = parseArgs({ options: {
  servers: { type: 'string', default: 'hello,awaits' }, nodes: { type: 'string', default: '20' }, rounds: { type: 'string', default: '3' },
  seconds: { type: 'string', default: '5' }, rate: { type: 'string', default: '4000' }, off: { type: 'string', default: '' },
  interval: { type: 'string', default: '250' },
} });
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
/** @param {string} major */
const nodeFor = (major) => (major === process.versions.node.split('.')[0] ? process.execPath : nodeOf(major));
const AGENT = /[\\/]src[\\/](agent|production)[\\/]/;
// Node's side of observing GC: the entry it builds for each collection (on Node 20 with two
// deprecated getters made for each), queued and dispatched to the observer
const GC_DISPATCH = /^node:internal\/perf\/observe$/;

/**
 * Where a profile's busy time went in its last `seconds` (the fixed-rate load: the process ends
 * right after it; its start-up and the warm-up are left out): the agent's (by the agent's file
 * nearest the leaf) and the rest.
 * @param {any} profile a .cpuprofile @param {number} seconds
 */
function shares(profile, seconds) {
  /** @type {Map<number, any>} */
  const byId = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** @type {Map<number, string | null>} whose time a node's samples are: an agent file, 'gc entries', or null */
  const owner = new Map();
  /** @param {number} id @returns {string | null} */
  const ownerOf = (id) => {
    if (owner.has(id)) return /** @type {string | null} */ (owner.get(id));
    const { url } = byId.get(id).callFrame;
    const up = parent.get(id);
    const mine = AGENT.test(url) ? path.basename(url) : GC_DISPATCH.test(url) ? 'gc entries (Node)' : null;
    const o = mine ?? (up === undefined ? null : ownerOf(up));
    owner.set(id, o);
    return o;
  };
  let busyUs = 0;
  /** @type {Record<string, number>} */
  const agent = {};
  const from = profile.endTime - seconds * 1e6;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const node = byId.get(profile.samples[i]);
    const us = profile.timeDeltas[i + 1] ?? 0; // a sample's time is the gap to the next one
    if (at < from || node.callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const o = ownerOf(node.id);
    if (o) agent[o] = (agent[o] ?? 0) + us;
  }
  return { busyUs, agent };
}

/** One round: the server under the agent and the profiler, at the fixed rate. @param {string} server @param {string} major */
async function measure(server, major) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-share-'));
  try {
    fs.writeFileSync(path.join(dir, 'exit-on-sigint.cjs'), "process.on('SIGINT', () => process.exit(0));\n");
    const argv = pinned(0, [nodeFor(major), '--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', values.interval,
      '--require', path.join(dir, 'exit-on-sigint.cjs'), '--require', REGISTER, path.join(ROOT, 'bench', 'servers', `${server}.cjs`)]);
    const child = spawn(argv[0], argv.slice(1), { stdio: 'ignore', env: { ...process.env, PORT: String(port), EVENTLOOP_PROBE_LOG: path.join(dir, 'blocks.log'), ...(values.off ? { EVENTLOOP_PROBE_OFF: values.off } : {}) } });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await waitForPort(port, 30_000);
    autocannon(port, { seconds: 1 }); // warm-up
    const r = autocannon(port, { seconds: Number(values.seconds), rate: Number(values.rate), connections: 10 });
    child.kill('SIGINT');
    await Promise.race([exited, sleep(30_000)]);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`${server} on Node ${major}: no profile written`);
    const s = shares(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), Number(values.seconds));
    return { ...s, requests: Math.max(1, r.requests.total) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const rounds = Number(values.rounds);
console.log(`the agent's share of the server's busy CPU (V8 profile every ${values.interval} µs), ${values.seconds} s at ${values.rate} req/s after 1 s at saturation, ${rounds} rounds${values.off ? `, off: ${values.off}` : ''}`);
console.log(`${note}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
/** @type {Record<string, string | number>[]} */
const rows = [];
for (const server of values.servers.split(',')) {
  for (const major of values.nodes.split(',')) {
    /** @type {{busyUs: number, agent: Record<string, number>, requests: number}[]} */
    const runs = [];
    for (let i = 0; i < rounds; i++) runs.push(await measure(server, major));
    const total = (/** @type {typeof runs[number]} */ r) => Object.values(r.agent).reduce((a, b) => a + b, 0);
    const parts = [...new Set(runs.flatMap((r) => Object.keys(r.agent)))];
    const byPart = parts.map((p) => [p, median(runs.map((r) => (r.agent[p] ?? 0) / r.requests))]).sort((a, b) => Number(b[1]) - Number(a[1]));
    rows.push({
      server, node: major,
      'busy µs/req': median(runs.map((r) => r.busyUs / r.requests)).toFixed(1),
      'agent µs/req': median(runs.map((r) => total(r) / r.requests)).toFixed(2),
      'agent share': `${(100 * median(runs.map((r) => total(r) / r.busyUs))).toFixed(2)}% (${runs.map((r) => (100 * total(r) / r.busyUs).toFixed(2)).join(', ')})`,
      parts: byPart.slice(0, 4).map(([p, us]) => `${p} ${Number(us).toFixed(2)}`).join(', '),
    });
  }
}
console.table(rows);
