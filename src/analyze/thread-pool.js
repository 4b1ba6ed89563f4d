// When the loop is free and the service is still slow: libuv's thread pool. fs, dns.lookup, zlib
// and crypto's async forms queue for its threads (UV_THREADPOOL_SIZE, 4 by default); a route that
// fills them makes every other request that needs the pool wait, a file read behind a password
// hash. From the agent's canary jobs (how long a tiny job waited), the stacks of the pool requests
// it saw during short bursts, and the CPU of the app's other threads: whether the pool was
// saturated, who filled it, and what helps. Pure.

import { parseStackLines } from './attribution.js';
import { siteOf } from './frames.js';
import { nodeModuleOf } from './time-owners.js';

/**
 * @typedef {{api: string, type: string, functionName: string | null, url: string | null, line: number | null, package: string | null,
 *   count: number, medianMs?: number | null, poolMs: number, share: number}} PoolCaller
 *   poolMs: how long its requests held a thread, estimated: their median time to the callback less
 *   the queue's wait (the fastest caller's median, or a canary's), times their number; share: of all
 *   callers' poolMs (of the requests when none held a thread measurably)
 * @typedef {object} ThreadPool
 * @property {number} size libuv's threads (UV_THREADPOOL_SIZE, else 4)
 * @property {number | null} cores CPUs the process may run on
 * @property {number} canaries canary jobs timed in the window
 * @property {number} waitP50Ms how long a canary waited for a thread (a lower bound: the loop's idle time meanwhile)
 * @property {number} waitP90Ms
 * @property {number} waitP99Ms
 * @property {number} waitMaxMs
 * @property {number} waitingShare the share of canaries that waited half the block threshold or longer
 * @property {number | null} otherThreadsCores CPU of the app's threads other than the loop's, in cores
 * @property {number} [queuedShare] the share of canaries that found every thread busy (waited a tenth of the threshold, 2 ms at least)
 * @property {boolean} saturated a fifth of the canaries or more waited half the block threshold; or
 *   most found every thread busy while the probe was slow and the loop was not (a request that makes
 *   several pool jobs in a row, a file read's open, stat, read and close, waits each time)
 * @property {PoolCaller[]} callers who made the pool requests seen, most first
 * @property {string | null} advice
 */

/** A pool whose jobs waited the threshold at least this share of the time is saturated. */
const SATURATED_SHARE = 0.2;
/** A pool with no free thread for at least this share of the canaries is full. */
const FULL_SHARE = 0.5;
const MIN_CANARIES = 5;

/**
 * @param {{pool?: {t: number, waitMs: number}[], poolCallers?: {t: number, requests: {type: string, stack: string[]}[]}[],
 *   summary: any}} agent (older agents' data has no pool)
 * @param {{from: number, to: number, thresholdMs: number, cwd: string, cpuMs: number, lagP99Ms: number, probeP99Ms?: number | null}} c
 * @returns {ThreadPool | null}
 */
export function threadPoolSection(agent, c) {
  const canaries = agent.pool ?? [];
  const waits = canaries.filter((p) => p.t >= c.from && p.t <= c.to).map((p) => p.waitMs).sort((a, b) => a - b);
  if (!waits.length) return null;
  const size = agent.summary?.pool?.size ?? 4;
  const cores = agent.summary?.pool?.cores ?? null;
  const windowMs = Math.max(1, c.to - c.from);
  const threadRunMs = agent.summary?.threadRunMs;
  const otherThreadsCores = typeof threadRunMs === 'number' ? Math.max(0, round2((c.cpuMs - threadRunMs) / windowMs)) : null;
  // a job that waits half the block threshold for a thread waits as long as the loop's lag rule allows
  const waitingShare = round3(waits.filter((w) => w >= c.thresholdMs / 2).length / waits.length);
  // a canary that found a thread free ran at once; one that waited a tenth of the threshold found
  // all of them busy. A full pool is saturated when what an innocent request suffered (the probe)
  // is slow and the loop's lag does not explain it.
  const queuedShare = round3(waits.filter((w) => w >= Math.max(2, c.thresholdMs / 10)).length / waits.length);
  const probeHurt = typeof c.probeP99Ms === 'number' && c.probeP99Ms >= c.thresholdMs && c.lagP99Ms < c.thresholdMs / 2;
  const saturated = waits.length >= MIN_CANARIES && (waitingShare >= SATURATED_SHARE || (queuedShare >= FULL_SHARE && probeHurt));
  // who fills the pool is the same in the warm-up as in the window: every burst of the run counts
  const callers = poolCallers((agent.poolCallers ?? []).filter((b) => b.t <= c.to), canaries, c.cwd);
  /** @type {ThreadPool} */
  const section = {
    size, cores, canaries: waits.length,
    waitP50Ms: pick(waits, 50), waitP90Ms: pick(waits, 90), waitP99Ms: pick(waits, 99), waitMaxMs: waits[waits.length - 1],
    waitingShare, queuedShare, otherThreadsCores, saturated, callers, advice: null,
  };
  if (saturated) section.advice = poolAdvice(section, c);
  return section;
}

/**
 * The pool requests of the bursts, by the API that made them and the app's line that called it,
 * the one that held the pool's threads longest first.
 * @param {{t: number, durationMs?: number, requests: {type: string, stack: string[], ms?: number | null, openMs?: number}[]}[]} bursts
 * @param {{t: number, waitMs: number}[]} canaries @param {string} cwd @returns {PoolCaller[]}
 */
export function poolCallers(bursts, canaries, cwd) {
  /** @type {Map<string, PoolCaller & {times: number[]}>} */
  const by = new Map();
  let total = 0;
  /** @type {number[]} */
  const waits = [];
  for (const burst of bursts) {
    waits.push(...canaries.filter((k) => k.t >= burst.t - 500 && k.t <= burst.t + (burst.durationMs ?? 1000)).map((k) => k.waitMs));
    for (const req of burst.requests) {
      const frames = parseStackLines(req.stack);
      // the API: the outermost frame of the innermost run of Node's own frames, past the
      // wrappers that only pass a call on (util.promisify, events)
      let i = frames.findIndex((f) => f.kind === 'node');
      if (i < 0) continue;
      while (i + 1 < frames.length && frames[i + 1].kind === 'node' && !WRAPPERS.test(nodeModuleOf(frames[i + 1]))) i++;
      const apiFrame = frames[i];
      const module = nodeModuleOf(apiFrame).slice('node:'.length);
      const alias = /\[as ([\w$]+)\]/.exec(apiFrame.functionName)?.[1];
      const name = alias ?? apiFrame.functionName.split('.').pop() ?? apiFrame.functionName;
      const api = `${module === 'fs' && /promises/.test(apiFrame.url) ? 'fs.promises' : module}.${name}`;
      const app = frames.slice(i + 1).find((f) => f.kind === 'app') ?? null;
      const dep = frames.slice(i + 1).find((f) => f.kind === 'node_modules') ?? null;
      const pkg = dep && (!app || frames.indexOf(dep) < frames.indexOf(app)) ? packageName(dep.url) : null;
      const key = `${api}\0${app ? `${app.url}:${app.line}` : ''}\0${pkg ?? ''}`;
      const entry = by.get(key) ?? { api, type: req.type, functionName: app?.functionName ?? null, url: app ? siteOf(app, cwd).replace(/:\d+$/, '') : null, line: app?.line ?? null, package: pkg, count: 0, poolMs: 0, share: 0, times: [] };
      entry.count++;
      // still waiting when the burst ended: it took at least that long
      const took = typeof req.ms === 'number' ? req.ms : typeof req.openMs === 'number' ? req.openMs : null;
      if (took !== null) entry.times.push(took);
      total++;
      by.set(key, entry);
    }
  }
  // every job waits in the same queue: what sets a caller apart is how long its jobs then ran.
  // The queue's wait: the fastest caller's median (its jobs barely run), else a canary's.
  const medians = [...by.values()].filter((e) => e.times.length).map((e) => median(e.times));
  const queued = medians.length > 1 ? Math.min(...medians) : waits.length ? median(waits) : 0;
  let held = 0;
  for (const e of by.values()) {
    e.poolMs = e.times.length ? Math.max(0, median(e.times) - queued) * e.count : 0;
    held += e.poolMs;
  }
  // Times tell the callers apart only when the queue's wait does not drown how long jobs ran
  // (seconds of queue, tens of ms of work): else the work that runs on the CPU fills the pool.
  const spread = medians.length > 1 ? Math.max(...medians) - queued : 0;
  const byTime = held > 0 && spread >= Math.max(20, 0.2 * queued);
  const rows = [...by.values()].map(({ times, ...e }) => ({ ...e, medianMs: times.length ? round2(median(times)) : null, poolMs: round2(e.poolMs), share: 0 }));
  if (byTime) {
    for (const r of rows) r.share = round3(r.poolMs / held);
    return rows.sort((a, b) => b.share - a.share || b.count - a.count).slice(0, 10);
  }
  const weight = (/** @type {PoolCaller} */ r) => r.count * (isCpuWork(r) ? CPU_WEIGHT : 1);
  const all = rows.reduce((sum, r) => sum + weight(r), 0) || 1;
  for (const r of rows) r.share = round3(weight(r) / all);
  return rows.sort((a, b) => b.share - a.share || b.count - a.count).slice(0, 10);
}

/** Node's modules that only pass a call on to the one that makes the request. */
const WRAPPERS = /^node:(?:util|events|process|async|timers)$/;
/** A CPU job holds a thread far longer than a file system call: the weight of one when times cannot tell. */
const CPU_WEIGHT = 100;
/** A pool job that computes rather than waits: crypto, zlib, an addon's async work. @param {{api: string, type: string}} r */
const isCpuWork = (r) => /^(crypto|zlib)\./.test(r.api) || !/^(FSREQ|GETADDRINFO|GETNAMEINFO|FILEHANDLE)/.test(r.type);

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** @param {string} url */
function packageName(url) {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(url);
  return m ? m[1].replace(/\\/g, '/') : null;
}


/**
 * What a saturated pool needs: who fills it, and whether more threads can help.
 * @param {ThreadPool} p @param {{lagP99Ms: number}} c
 */
function poolAdvice(p, c) {
  const top = p.callers[0];
  const who = top ? `${top.api}${top.url ? ` at ${top.url}:${top.line}` : top.package ? ` (from ${top.package})` : ''}${p.callers.length > 1 ? ` (${Math.round(top.share * 100)}% of the pool's time seen)` : ''}` : null;
  const cpuBound = top ? isCpuWork(top) : false;
  const busy = p.otherThreadsCores !== null && p.cores !== null && p.otherThreadsCores >= Math.min(p.size, p.cores) - 0.5;
  const head = `libuv's thread pool was saturated: a job waited p50 ${ms(p.waitP50Ms)}, p99 ${ms(p.waitP99Ms)} for one of its ${p.size} threads${p.cores ? ` (${p.cores} cores)` : ''}${p.queuedShare ? `, ${Math.round(p.queuedShare * 100)}% of jobs found every thread busy` : ''} while the loop itself was free (lag p99 ${ms(c.lagP99Ms)})`
    + `${p.otherThreadsCores !== null ? `; the app's threads other than the loop used ${p.otherThreadsCores} cores` : ''}`
    + `${who ? `; it is filled by ${who}` : ''}. Every fs call, dns.lookup, zlib and crypto job of every request queues behind it`;
  if (cpuBound || busy) {
    return `${head}. That work is CPU-bound${busy ? ' and the CPUs are busy' : ''}: more pool threads (UV_THREADPOOL_SIZE) cannot make it faster${p.cores !== null && p.size < p.cores ? ', only let it use the idle cores' : ''}; bound how many run at once (a queue in front of the route), move it to a worker pool of its own (worker threads, e.g. piscina) so file and DNS work is not stuck behind it, or make each job cheaper`;
  }
  return `${head}. That work mostly waits (disk, DNS): more threads help: set UV_THREADPOOL_SIZE (e.g. 16, up to 1024) in the environment before the process starts; for DNS, cache lookups or use dns.resolve, which does not use the pool`;
}

/** @param {number[]} sorted @param {number} p */
function pick(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
/** @param {number} v */
const ms = (v) => `${v >= 100 ? Math.round(v) : Math.round(v * 10) / 10} ms`;
/** @param {number} v */
const round2 = (v) => Math.round(v * 100) / 100;
/** @param {number} v */
const round3 = (v) => Math.round(v * 1000) / 1000;
