// The figures the baseline gate shows beside the baseline's, and which of them it judges by
// default. Judged: the longest block and the time blocked, both on a CPU (blocks[].runMs where the
// system tells: a stall the machine made longer is not the code's), past an absolute floor tied to
// the block threshold and the relative threshold. Shown: latency tails and maxima, throughput, CPU
// (and CPU per request), utilisation, GC and memory, which single runs on a shared machine spread
// too far to judge; they
// are judged when both sides have enough repeated runs for the rank test to tell, or when named
// (--baseline-metrics). Pure.

import { METRICS, metricValue } from './saved-diff.js';
import { onCpuMs } from './blocking-sites.js';

/**
 * @typedef {object} GateMetric
 * @property {string} key report.json path, or blocks.* for a figure computed from the blocks
 * @property {string} label
 * @property {string} unit
 * @property {'lower' | 'higher'} better
 * @property {number} floor the smallest change that counts, in the metric's unit
 * @property {boolean} blocking judged by default, with the block threshold's floors
 * @property {(report: any) => number | null} value
 * @property {(report: any) => number | null} [confirm] a second figure that must have grown by the
 *   threshold too before the metric is a regression
 */

/** @param {any} report @returns {any[][]} the blocks of each of the app's loops */
function loopBlocks(report) {
  const main = Array.isArray(report.blocks) ? report.blocks : [];
  /** @type {any[]} */
  const loops = Array.isArray(report.loops) ? report.loops : [];
  const others = loops.filter((l) => l.kind !== 'main').map((l) => (Array.isArray(l.blocks) ? l.blocks : []));
  return [main, ...others];
}

/** The longest block of any loop, on a CPU (0 without blocks). @param {any} report */
export function longestOnCpu(report) {
  if (!Array.isArray(report.blocks)) return null;
  return Math.round(Math.max(0, ...loopBlocks(report).flat().filter((b) => !b.tool).map(onCpuMs)) * 100) / 100;
}

/** The share of the window the most blocked loop spent in blocks, on a CPU. @param {any} report */
export function blockedOnCpu(report) {
  const window = Number(report.run?.durationMs);
  if (!Array.isArray(report.blocks) || !(window > 0)) return null;
  const shares = loopBlocks(report).map((blocks) => blocks.filter((b) => !b.tool).reduce((sum, b) => sum + onCpuMs(b), 0) / window);
  return Math.round(Math.min(1, Math.max(0, ...shares)) * 10000) / 10000;
}

/**
 * Time blocked (on a CPU, the most blocked loop) per request the app answered: blocks that come
 * with requests stay put per request when a busy machine lets fewer requests through, while their
 * share of the window falls with the throughput (timer-driven blocks do the opposite). Time blocked
 * is a regression only when both grew. Null for a run without requests.
 * @param {any} report
 */
export function blockedPerRequest(report) {
  const share = blockedOnCpu(report);
  const requests = (Number(report.http?.load?.requests) || 0) + (Number(report.http?.probe?.requests) || 0);
  const window = Number(report.run?.durationMs);
  return share === null || !(requests > 0) || !(window > 0) ? null : (share * window) / requests;
}

/**
 * The app's CPU time per request it answered (load and probe) in the window: how much work a request
 * costs, which a machine that runs the app less often changes far less than latency or throughput.
 * @param {any} report
 */
export function cpuPerRequest(report) {
  const requests = (Number(report.http?.load?.requests) || 0) + (Number(report.http?.probe?.requests) || 0);
  const cpu = Number(report.cpu?.userMs) + Number(report.cpu?.systemMs);
  return requests > 0 && Number.isFinite(cpu) ? Math.round((cpu / requests) * 10000) / 10000 : null;
}

/** @type {GateMetric[]} */
export const GATE_METRICS = [
  { key: 'blocks.longestOnCpuMs', label: 'longest block', unit: 'ms', better: 'lower', floor: 1, blocking: true, value: longestOnCpu },
  { key: 'blocks.blockedOnCpu', label: 'time blocked', unit: 'fraction', better: 'lower', floor: 0.01, blocking: true, value: blockedOnCpu, confirm: blockedPerRequest },
  ...METRICS.filter((m) => m.key !== 'blocking.longestMs' && m.key !== 'blocking.fraction').map((m) => ({
    key: m.key, label: m.label, unit: m.unit,
    // CPU and utilisation: more of them for the same load is worse
    better: m.better ?? /** @type {'lower'} */ ('lower'), floor: m.floor, blocking: false,
    value: (/** @type {any} */ r) => metricValue(r, m.key),
  })),
  { key: 'cpu.msPerRequest', label: 'CPU per request', unit: 'ms', better: 'lower', floor: 0.001, blocking: false, value: cpuPerRequest },
];

/** Names a user may give --baseline-metrics for each metric: its key, without "Ms" or "http.", its label. */
const NAMES = new Map(GATE_METRICS.flatMap((m) => {
  const short = m.key.replace(/Ms$/, '');
  return [m.key, short, short.replace(/^http\./, ''), m.label, m.label.replace(/ /g, '.')].map((n) => [n.toLowerCase(), m.key]);
}));
for (const [alias, key] of [['cpu', 'cpu.percent'], ['elu', 'elu.mean'], ['rss', 'memory.rssMaxMb'], ['gc', 'gc.totalMs'], ['rps', 'http.load.rps'], ['blocks', 'blocking.count'], ['cpu.per.request', 'cpu.msPerRequest'], ['cpu.request', 'cpu.msPerRequest']]) NAMES.set(alias, key);

/**
 * The metric keys for names people type ("lag.p99", "probe.p99", "load.rps", "cpu"; "all": every one).
 * @param {string[]} names @returns {{keys: string[], unknown: string[]}}
 */
export function gateMetricKeys(names) {
  const keys = new Set();
  const unknown = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    if (name === 'all') for (const m of GATE_METRICS) keys.add(m.key);
    else if (NAMES.has(name)) keys.add(NAMES.get(name));
    else unknown.push(raw.trim());
  }
  return { keys: [...keys], unknown };
}

/** Names to suggest in an error message. */
export const METRIC_EXAMPLES = 'lag.p99, lag.max, probe.p50, probe.p99, probe.max, load.p99, load.rps, blocks, gc, rss, cpu, cpu.msPerRequest, elu or all';
