// When the loop is free and the service is still slow: libuv's thread pool. fs, dns.lookup, zlib
// and crypto's async forms queue for its threads (UV_THREADPOOL_SIZE, 4 by default); a route that
// fills them makes every other request that needs the pool wait, a file read behind a password
// hash. From the agent's canary jobs (how long a tiny job waited), the stacks of the pool requests
// it saw during short bursts, and the CPU of the app's other threads: whether the pool was
// saturated, who filled it, and what helps. Pure.

import { parseStackLines } from './attribution.js';
import { FrameMapper, siteOf } from './frames.js';
import { nodeModuleOf } from './time-owners.js';
import { MACHINE_SHARE } from './verdict.js';
import { dependentImport, packageName, packageUseInApp } from './pool-app-line.js';
import { callsParameter, handsFunction } from '../sources/passed-call.js';
import { inFunction } from '../sources/js-scan.js';
import { lineInCallee } from '../sources/app-callee.js';
import { rootName } from '../sources/app-sources.js';
import { callerWhere } from './pool-caller-text.js';
import { routeSpans } from './handler-line.js';

/**
 * @typedef {{api: string, type: string, functionName: string | null, url: string | null, line: number | null, package: string | null,
 *   count: number, medianMs?: number | null, poolMs: number, share: number, native?: true, lineFrom?: 'source'}} PoolCaller
 *   native: an addon's own async work (N-API's runs on the pool), made by the package named, not through one of Node's APIs
 *   lineFrom 'source': no frame of the app was on the request's stack (the package made it from a callback of its own):
 *   the line is the app's use of the package named, read from its source (pool-app-line.js)
 *   poolMs: how long its requests held a thread, estimated: where the look timed them, the pool's
 *   queue replayed in order (chargeInOrder), for all its requests; else their median time to the callback less the queue's wait (the fastest caller's
 *   median, or a canary's), times their number; share: of all callers' poolMs (of the requests
 *   when none held a thread measurably)
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
 * @property {boolean} saturated a fifth of the canaries or more (MIN_WAITING at least) waited half the block
 *   threshold; or a quarter or more (MIN_WAITING at least) found every thread busy while the probe was slow, the
 *   loop was not, and the looks saw the app make pool jobs (a request that makes several pool jobs in a row, a
 *   file read's open, stat, read and close, waits each time); and not `overloaded`
 * @property {true} [overloaded] the canaries waited, but on an overloaded machine: the loop's thread waited for a CPU
 *   a quarter of the window or more while the app's other threads (the pool's among them) ran under a quarter of a
 *   core. A job then waits for a CPU, not for a thread: not judged a saturated pool
 * @property {PoolCaller[]} callers who made the pool requests seen, most first
 * @property {string | null} advice
 */

/** A pool whose jobs waited the threshold at least this share of the time is saturated. */
const SATURATED_SHARE = 0.2;
/**
 * A pool with no free thread for at least this share of the canaries is full. A request that makes
 * several pool jobs in a row (a file read's open, stat, read and close; a zlib stream's chunks, each
 * a job of its own) waits when any one of them finds it full: at a quarter, a request of four jobs
 * waits at least once two times in three. A canary alone waits little behind short chunks.
 */
const FULL_SHARE = 0.25;
const MIN_CANARIES = 5;
/** Canaries that waited (half the threshold; or found the pool full), at least: one late canary of a few never decides. */
const MIN_WAITING = 3;
/** The app's other threads under this many cores: its pool's threads were not the ones running. */
const POOL_IDLE_CORES = 0.25;

/**
 * @param {{pool?: {t: number, waitMs: number, elapsedMs?: number, open?: boolean}[], poolCallers?: {t: number, requests: PoolRequest[], streamCalls?: [number, number][]}[],
 *   summary: any}} agent (older agents' data has no pool)
 * @param {{from: number, to: number, thresholdMs: number, cwd: string, cpuMs: number, lagP99Ms: number, probeP99Ms?: number | null,
 *   runWaitShare?: number | null, sources?: import('../sources/app-sources.js').AppSources, appFiles?: string[], probeRoute?: string | null,
 *   loadRoutes?: string[]}} c sources: the app's
 *   files, to name the addon an app line calls; runWaitShare: the share of the window the loop's thread waited for a CPU;
 *   appFiles: the app's files the profile saw run; probeRoute: the probe's path, when no load was sent to it; loadRoutes: the
 *   paths the load was sent to
 * @returns {ThreadPool | null}
 */
export function threadPoolSection(agent, c) {
  const canaries = agent.pool ?? [];
  // a canary that waited in the window: made in it, or made before it and still waiting when it began
  // (on a full pool the five out at once were all made in the warm-up, and wait seconds)
  const waits = canaries.filter((p) => p.t <= c.to && (p.t >= c.from || p.open || p.t + (p.elapsedMs ?? p.waitMs) > c.from)).map((p) => p.waitMs).sort((a, b) => a - b);
  if (!waits.length) return null;
  const size = agent.summary?.pool?.size ?? 4;
  const cores = agent.summary?.pool?.cores ?? null;
  const windowMs = Math.max(1, c.to - c.from);
  const threadRunMs = agent.summary?.threadRunMs;
  const otherThreadsCores = typeof threadRunMs === 'number' ? Math.max(0, round2((c.cpuMs - threadRunMs) / windowMs)) : null;
  // a job that waits half the block threshold for a thread waits as long as the loop's lag rule allows
  const waiting = waits.filter((w) => w >= c.thresholdMs / 2).length;
  const waitingShare = round3(waiting / waits.length);
  // a canary that found a thread free ran at once; one that waited a tenth of the threshold found
  // all of them busy. A full pool is saturated when what an innocent request suffered (the probe)
  // is slow and the loop's lag does not explain it.
  const queued = waits.filter((w) => w >= Math.max(2, c.thresholdMs / 10)).length;
  const queuedShare = round3(queued / waits.length);
  const probeHurt = typeof c.probeP99Ms === 'number' && c.probeP99Ms >= c.thresholdMs && c.lagP99Ms < c.thresholdMs / 2;
  // who fills the pool is the same in the warm-up as in the window: every burst of the run counts
  const callers = poolCallers((agent.poolCallers ?? []).filter((b) => b.t <= c.to), canaries, c.cwd, c.sources, size, c.appFiles, probeHandler(c), c.loadRoutes ?? []);
  // short waits are full threads only when the looks saw the app make pool jobs: else a canary
  // waited for a CPU (a busy machine), not behind other jobs
  const full = queuedShare >= FULL_SHARE && queued >= MIN_WAITING && probeHurt && callers.length > 0;
  const waited = waits.length >= MIN_CANARIES && ((waitingShare >= SATURATED_SHARE && waiting >= MIN_WAITING) || full);
  const overloaded = waited && (c.runWaitShare ?? 0) >= MACHINE_SHARE && otherThreadsCores !== null && otherThreadsCores < POOL_IDLE_CORES;
  const saturated = waited && !overloaded;
  /** @type {ThreadPool} */
  const section = {
    size, cores, canaries: waits.length,
    waitP50Ms: pick(waits, 50), waitP90Ms: pick(waits, 90), waitP99Ms: pick(waits, 99), waitMaxMs: waits[waits.length - 1],
    waitingShare, queuedShare, otherThreadsCores, saturated, ...(overloaded ? { overloaded: /** @type {const} */ (true) } : {}), callers, advice: null,
  };
  if (saturated) section.advice = poolAdvice(section, c);
  return section;
}

/**
 * A pool request as the agent saw it: its resource type and creating stack, how long it took to
 * its callback (or was still open when the burst ended), and whether an addon made it (its own
 * async work, which runs on the pool: N-API's).
 * @typedef {{type: string, stack: string[], ms?: number | null, openMs?: number, at?: number, more?: number[], addon?: boolean}} PoolRequest
 *   at: when it was made (epoch ms; older agents' data lacks it); more: its later callbacks (ms since it was made), for a
 *   resource that makes several pool jobs (a zlib stream's chunks)
 */

/**
 * The pool requests of the bursts, by the API that made them (one of Node's, or an addon's own
 * work) and the app's line that called it, the one that held the pool's threads longest first.
 * @param {{t: number, durationMs?: number, requests: PoolRequest[], streamCalls?: [number, number][]}[]} bursts streamCalls:
 *   the callbacks ([id, epoch ms]) of zlib streams made before the look, each a job of the pool
 * @param {{t: number, waitMs: number, elapsedMs?: number, open?: boolean}[]} canaries @param {string} cwd
 * @param {import('../sources/app-sources.js').AppSources} [sources] @param {number} [size] the pool's threads
 * @param {string[]} [ranFiles] the app's files that ran (the profile's), read after those seen making pool jobs
 *   when a job has no app frame (a probe route that makes none leaves the looks no file of the app)
 * @param {(frame: import('./frames.js').Frame) => boolean} [probed] an app frame in the probe's handler: its jobs wait
 *   behind the pool's, they never fill it (a file read every 50 ms, four jobs each); they hold threads no caller is charged
 * @param {string[]} [routes] the paths the load was sent to
 * @returns {PoolCaller[]}
 */
export function poolCallers(bursts, canaries, cwd, sources, size = 4, ranFiles = [], probed = () => false, routes = []) {
  /** @type {Map<string, boolean>} by an app frame's site and its next one out: a wrapper's line passed over (choosingFrame) */
  const passes = new Map();
  /** @type {Map<string, import('./pool-app-line.js').PackageUse | null>} by stack */
  const uses = new Map();
  // a bundle's frames through its source map, or its module comments (frames.js), as the profile's are
  const mapper = new FrameMapper([], sources);
  const mapStack = (/** @type {import('./frames.js').Frame[]} */ frames) => frames.map((f) => (f.kind === 'app' || f.kind === 'node_modules') && f.line > 0
    ? mapper.map({ functionName: f.functionName === '(anonymous)' ? '' : f.functionName, url: f.url, lineNumber: f.line - 1, columnNumber: Math.max(0, f.column - 1) }, { at: 'call' })
    : f);
  /** @type {Map<string, PoolCaller & {times: number[], ranMs: number, timed: number}>} */
  const by = new Map();
  let total = 0;
  /** @type {number[]} */
  const waits = [];
  const files = [...new Set([...appFiles(bursts, mapStack), ...ranFiles])];
  for (const burst of bursts) {
    waits.push(...canaries.filter((k) => k.t >= burst.t - 500 && k.t <= burst.t + (burst.durationMs ?? 1000)).map((k) => k.waitMs));
    /** @type {Job[]} the burst's jobs that finished */
    const done = [];
    for (const req of burst.requests) {
      const frames = mapStack(parseStackLines(req.stack));
      const made = req.addon ? addonWork(frames, req.type, sources) : nodeRequest(frames);
      if (!made) continue;
      const { api, from, native } = made;
      const app = choosingFrame(frames.slice(from).filter((f) => f.kind === 'app'), sources, passes);
      if (app && probed(app)) {
        if (typeof req.ms === 'number' && typeof req.at === 'number') done.push({ entry: null, made: req.at, end: req.at + req.ms, first: true });
        continue;
      }
      const dep = frames.slice(from + 1).find((f) => f.kind === 'node_modules') ?? null;
      // no app frame: a package made it from a callback of its own; the app line that uses that package
      const used = !app && !native && dep && sources ? appUse(frames.slice(from + 1), files, sources, routes, uses) : null;
      const pkg = used ? used.pkg : native ? made.pkg : dep && (!app || frames.indexOf(dep) < frames.indexOf(app)) ? packageName(dep.url) : null;
      const site = app ? { url: siteOf(app, cwd).replace(/:\d+$/, ''), line: app.line } : used ? { url: siteOf({ url: used.url, line: used.line }, cwd).replace(/:\d+$/, ''), line: used.line } : null;
      const key = `${api}\0${site ? `${site.url}:${site.line}` : ''}\0${pkg ?? ''}`;
      const entry = by.get(key) ?? {
        api, type: req.type, functionName: app?.functionName ?? null, url: site?.url ?? null, line: site?.line ?? null, package: pkg, count: 0, poolMs: 0, share: 0, times: [], ranMs: 0, timed: 0,
        ...(native ? { native: /** @type {const} */ (true) } : {}), ...(used ? { lineFrom: /** @type {const} */ ('source') } : {}),
      };
      entry.count++;
      // still waiting when the burst ended: it took at least that long
      const took = typeof req.ms === 'number' ? req.ms : typeof req.openMs === 'number' ? req.openMs : null;
      if (took !== null) entry.times.push(took);
      if (typeof req.ms === 'number' && typeof req.at === 'number') {
        done.push({ entry, made: req.at, end: req.at + req.ms, first: true });
        // a resource's later jobs (a zlib stream's chunks): each made as the one before called back
        let previous = req.ms;
        for (const ms of req.more ?? []) {
          done.push({ entry, made: req.at + previous, end: req.at + ms, first: false });
          previous = ms;
        }
      }
      total++;
      by.set(key, entry);
    }
    // the later chunks of zlib streams made before the look: jobs of the pool too, charged to no one
    /** @type {Map<number, number[]>} */
    const streams = new Map();
    for (const [id, at] of burst.streamCalls ?? []) streams.set(id, [...(streams.get(id) ?? []), at]);
    for (const calls of streams.values()) {
      calls.sort((a, b) => a - b).forEach((end, i) => done.push({ entry: null, made: i ? calls[i - 1] : burst.t, end, first: false }));
    }
    chargeInOrder(done, canaries, size);
  }
  // every job waits in the same queue: what sets a caller apart is how long its jobs then ran.
  // The queue's wait: the fastest caller's median (its jobs barely run), else a canary's.
  const medians = [...by.values()].filter((e) => e.times.length).map((e) => median(e.times));
  const queued = medians.length > 1 ? Math.min(...medians) : waits.length ? median(waits) : 0;
  let held = 0;
  // what its timed jobs held (chargeInOrder), for all its jobs; else its median job less the queue's wait
  const measured = [...by.values()].some((e) => e.timed > 0);
  for (const e of by.values()) {
    e.poolMs = measured ? (e.timed ? (e.ranMs * e.count) / e.timed : 0) : e.times.length ? Math.max(0, median(e.times) - queued) * e.count : 0;
    held += e.poolMs;
  }
  // Times tell the callers apart when each job's wait is known, or when the queue's wait does not
  // drown how long jobs ran (seconds of queue, tens of ms of work): else the work that runs on the
  // CPU fills the pool.
  const spread = medians.length > 1 ? Math.max(...medians) - queued : 0;
  // a caller whose work computes but none of whose jobs was timed (seen only in the untimed first look,
  // or still running when a timed look ended: on a crowded machine a timed look may end before a job it
  // made, or even one made in it, calls back) may be the one that held the pool: times that never saw
  // it run to its end cannot rank it
  const untimedWork = [...by.values()].some((e) => e.timed === 0 && isCpuWork(e));
  const byTime = held > 0 && !untimedWork && (measured || spread >= Math.max(20, 0.2 * queued));
  const rows = [...by.values()].map(({ times, ranMs, timed, ...e }) => ({ ...e, medianMs: times.length ? round2(median(times)) : null, poolMs: round2(e.poolMs), share: 0 }));
  if (byTime) {
    for (const r of rows) r.share = round3(r.poolMs / held);
    return rows.sort((a, b) => b.share - a.share || b.count - a.count).slice(0, 10);
  }
  const weight = (/** @type {PoolCaller} */ r) => r.count * (isCpuWork(r) ? CPU_WEIGHT : 1);
  const all = rows.reduce((sum, r) => sum + weight(r), 0) || 1;
  for (const r of rows) r.share = round3(weight(r) / all);
  return rows.sort((a, b) => b.share - a.share || b.count - a.count).slice(0, 10);
}

/**
 * Of the app's frames on a job's stack, innermost first, the one whose line chose the work: the
 * innermost, but past a wrapper's line that calls a function it was handed (a connection pool's
 * `return await fn(conn)`; passed-call.js) to the line further out that handed it a function it
 * wrote there (`withConnection((conn) => conn.query(...))`).
 * @param {import('./frames.js').Frame[]} apps @param {import('../sources/app-sources.js').AppSources | undefined} sources
 * @param {Map<string, boolean>} passes what was read of each pair of sites, kept over the run's jobs
 */
function choosingFrame(apps, sources, passes) {
  const passed = (/** @type {import('./frames.js').Frame} */ f, /** @type {import('./frames.js').Frame} */ out) => {
    const code = sources?.codeLines(f.url);
    const outer = sources?.codeLines(out.url);
    return !!code && !!outer && callsParameter(code, f.line, f.column) && handsFunction(outer, out.line, out.column);
  };
  let i = 0;
  while (i + 1 < apps.length) {
    // the same sites come back on job after job of a burst: each pair is read once
    const key = `${apps[i].url}:${apps[i].line}:${apps[i].column}\0${apps[i + 1].url}:${apps[i + 1].line}:${apps[i + 1].column}`;
    if (!passes.has(key)) passes.set(key, passed(apps[i], apps[i + 1]));
    if (!passes.get(key)) break;
    i++;
  }
  return apps[i] ?? null;
}

/**
 * The app's line that handed a package the work it made a pool job of, the package's frames alone
 * on the job's stack (pool-app-line.js): the line that calls a function the stack names, else the
 * one line that uses the package; else, when the app uses it on several, its use in the handler of
 * a route the load was sent to (the job came from a promise chain the handler began: its first call
 * through the package), when only one route's handler has one.
 * @param {import('./frames.js').Frame[]} frames @param {string[]} files @param {import('../sources/app-sources.js').AppSources} sources
 * @param {string[]} routes @param {Map<string, import('./pool-app-line.js').PackageUse | null>} cache
 */
function appUse(frames, files, sources, routes, cache) {
  const key = frames.map((f) => `${f.url}:${f.line}`).join('\n');
  if (cache.has(key)) return cache.get(key) ?? null;
  let use = packageUseInApp(frames, files, sources);
  // the file's one use of the package runs once, at start-up (`new KeyvBrotli()` in a store's
  // options, `schema.plugin(...)`): the package does the work later on its own, and a handler's call
  // that began it says which request did
  const code = use ? sources.codeLines(use.url) : null;
  const startUp = !!use && !!code && !inFunction(code, use.line - 1);
  if (!use || startUp) {
    const inHandlers = routes.flatMap((route) => {
      const spans = routeSpans(files, route, sources);
      const found = spans.size ? packageUseInApp(frames, [...spans.keys()], sources, (file) => spans.get(file) ?? null, { firstCall: true }) : null;
      return found ? [found] : [];
    });
    // none in a handler: a function of the file a handler calls, that calls the package (the app's
    // `verifyCard(r, card)` over bip39's key derivation, whose job is made in a promise of its own)
    const viaHelper = inHandlers.length ? [] : routes.flatMap((route) => helperUses(frames, routeSpans(files, route, sources), sources));
    if (inHandlers.length === 1) use = inHandlers[0];
    else if (viaHelper.length === 1) use = viaHelper[0];
    else if (!startUp) use = null;
  }
  // no package of the stack is the app's: the one package an app file imports that depends on one of them
  for (const file of use ? [] : files) {
    const pkg = dependentImport(frames, file, sources);
    if (!pkg) continue;
    const facade = { functionName: '', url: `${pkg.dir}/package.json`, line: 0, column: 0, kind: /** @type {const} */ ('node_modules') };
    use = packageUseInApp([...frames, facade], [file], sources);
    if (use) break;
  }
  cache.set(key, use);
  return use;
}

/**
 * The line of a function a route's handler calls (of the handler's file) that calls a package on the job's
 * stack, innermost first, when the handler names none itself: one per file, as `lineInCallee` finds it.
 * @param {import('./frames.js').Frame[]} frames @param {Map<string, {from: number, to: number}>} spans
 * @param {import('../sources/app-sources.js').AppSources} sources @returns {import('./pool-app-line.js').PackageUse[]}
 */
function helperUses(frames, spans, sources) {
  const packages = [...new Set(frames.flatMap((f) => (f.kind === 'node_modules' ? [packageName(f.url)] : [])))];
  return [...spans].flatMap(([file, span]) => {
    const code = sources.codeLines(file);
    if (!code) return [];
    // the names its imports bind (not what a call of it returned: `const key = await kdf.derive(...)`)
    const bound = [...sources.importsOf(file)];
    for (const pkg of packages) {
      const names = bound.filter(([, spec]) => !spec.startsWith('node:') && rootName(spec) === pkg).map(([name]) => name);
      const line = names.length ? lineInCallee(code, span.from + 1, span.to + 1, names) : null;
      if (line !== null && pkg) return [{ pkg, url: file, line }];
    }
    return [];
  });
}

/**
 * The app's files the looks saw make pool requests, the most often seen first.
 * @param {{requests: PoolRequest[]}[]} bursts
 * @param {(frames: import('./frames.js').Frame[]) => import('./frames.js').Frame[]} mapStack
 */
function appFiles(bursts, mapStack) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  for (const burst of bursts) {
    for (const req of burst.requests) {
      for (const f of mapStack(parseStackLines(req.stack))) if (f.kind === 'app') seen.set(f.url, (seen.get(f.url) ?? 0) + 1);
    }
  }
  return [...seen].sort((a, b) => b[1] - a[1]).map(([url]) => url);
}

/**
 * A request made through one of Node's APIs: the API is the outermost frame of the innermost run
 * of Node's own frames, past the wrappers that only pass a call on (util.promisify, events).
 * @param {import('./frames.js').Frame[]} frames
 * @returns {{api: string, from: number, native: false, pkg: null} | null} from: the API's frame
 */
function nodeRequest(frames) {
  let i = frames.findIndex((f) => f.kind === 'node');
  if (i < 0) return null;
  while (i + 1 < frames.length && frames[i + 1].kind === 'node' && !WRAPPERS.test(nodeModuleOf(frames[i + 1]))) i++;
  const apiFrame = frames[i];
  const module = nodeModuleOf(apiFrame).slice('node:'.length);
  const alias = /\[as ([\w$]+)\]/.exec(apiFrame.functionName)?.[1];
  const name = alias ?? apiFrame.functionName.split('.').pop() ?? apiFrame.functionName;
  return { api: `${module === 'fs' && /promises/.test(apiFrame.url) ? 'fs.promises' : module}.${name}`, from: i, native: false, pkg: null };
}

/**
 * An addon's own async work: named by the package whose JavaScript called into the addon (its
 * innermost frame), or, when the app called the addon's function itself (napi-rs exports them as
 * they are), by the package the app line's call is bound to (`const { hash } = require(...)`).
 * @param {import('./frames.js').Frame[]} frames @param {string} type
 * @param {import('../sources/app-sources.js').AppSources} [sources]
 * @returns {{api: string, from: number, native: true, pkg: string | null} | null}
 */
function addonWork(frames, type, sources) {
  const first = frames[0];
  if (!first || first.kind === 'node') return null;
  const fn = first.functionName.replace(/^(?:Object|async|Module)\./, '').replace(/^(?:async )/, '');
  if (first.kind === 'node_modules') {
    const pkg = packageName(first.url);
    // a package of JavaScript calling an addon it requires (secure-password's verify calls sodium-native's
    // crypto_pwhash_str_verify_async): the addon's function is the work; the package the app called owns it
    const inner = sources && pkg && !sources.isNative(pkg, first.url) ? boundCall(sources, first) : null;
    if (inner && inner.pkg !== pkg && sources?.isNative(inner.pkg, first.url)) return { api: `${inner.pkg}.${inner.name}`, from: 0, native: true, pkg };
    return { api: `${pkg ?? 'addon'}.${/^[\w$]+$/.test(fn) ? fn : 'async work'}`, from: 0, native: true, pkg };
  }
  const called = sources && first.kind === 'app' ? boundCall(sources, first) : null;
  return { api: called ? `${called.pkg}.${called.name}` : `addon work (${type})`, from: 0, native: true, pkg: called?.pkg ?? null };
}

/**
 * The package function an app line calls by a name bound to a package (`hash(` where
 * `const { hash } = require('@node-rs/bcrypt')`, `argon2.hash(` where `argon2 = require(...)`).
 * @param {import('../sources/app-sources.js').AppSources} sources @param {import('./frames.js').Frame} frame
 * @returns {{pkg: string, name: string} | null}
 */
function boundCall(sources, frame) {
  const text = sources.codeLines(frame.url)?.[frame.line - 1];
  if (!text) return null;
  const bindings = sources.bindingsOf(frame.url);
  for (const m of text.matchAll(/(?:^|[^\w$.])([\w$]+)(?:\.([\w$]+))?\s*\(/g)) {
    const spec = bindings.get(m[1]);
    const pkg = spec ? /^(?:@[^/]+\/)?[^./][^/]*/.exec(spec.replace(/^node:.*/, ''))?.[0] : null;
    if (pkg) return { pkg, name: m[2] ?? m[1] };
  }
  return null;
}

/** Node's modules that only pass a call on to the one that makes the request. */
const WRAPPERS = /^node:(?:util|events|process|async|timers)$/;
/** A CPU job holds a thread far longer than a file system call: the weight of one when times cannot tell. */
const CPU_WEIGHT = 100;
/**
 * A pool job that computes rather than waits: crypto, zlib, an addon's async work; not a draw of random
 * bytes (a salt, an id: a few bytes from the system's generator, however often).
 * @param {{api: string, type: string}} r
 */
const isCpuWork = (r) => r.type !== 'RANDOMBYTESREQUEST' && (/^(crypto|zlib)\./.test(r.api) || !/^(FSREQ|GETADDRINFO|GETNAMEINFO|FILEHANDLE)/.test(r.type));

/**
 * A pool job of a look: its caller's entry (null: a canary), when it was made and when it called
 * back (epoch ms); first: a request's first job (a zlib stream's later chunks are not).
 * @typedef {{entry: {ranMs: number, timed: number} | null, made: number, end: number, first: boolean}} Job
 */

/**
 * How long each finished job held a thread. libuv's threads take the queue in order: replayed job
 * by job in the order they were made, each goes to the thread that freed first, starts when it was
 * made or when that thread freed, whichever is later, and frees it when it calls back; it ran from
 * its start to its callback. A job that only queued (a file read's open and stat behind password
 * hashes) starts as the job before it ends and ends at once: it is charged almost nothing, however
 * long it waited. The jobs queued before the look began are not known, so the first `size` jobs,
 * whose start the replay cannot place, are placed but not charged. The canaries are jobs too
 * (placed, never charged). Summed into each caller's ranMs.
 * @param {Job[]} done @param {{t: number, waitMs: number, elapsedMs?: number, open?: boolean}[]} canaries @param {number} size
 */
function chargeInOrder(done, canaries, size) {
  if (!done.length) return;
  const from = Math.min(...done.map((d) => d.made));
  const to = Math.max(...done.map((d) => d.end));
  /** @type {Job[]} */
  const jobs = [
    ...done,
    // a canary still queued when the measuring stopped (open) never ran: no job of the replay
    ...canaries.filter((k) => !k.open && k.t >= from && k.t <= to).map((k) => ({ entry: null, made: k.t, end: k.t + (k.elapsedMs ?? k.waitMs), first: true })),
  ].sort((a, b) => a.made - b.made || a.end - b.end);
  const free = new Array(Math.max(1, size)).fill(-Infinity);
  jobs.forEach((job, i) => {
    let thread = 0;
    for (let t = 1; t < free.length; t++) if (free[t] < free[thread]) thread = t;
    const start = Math.max(job.made, free[thread]);
    free[thread] = Math.max(start, job.end);
    if (!job.entry || i < free.length) return;
    job.entry.ranMs += Math.max(0, job.end - start);
    if (job.first) job.entry.timed += 1;
  });
}

/**
 * The probe's own pool jobs (its route's handler, read from the app's source): only when the probe is
 * a route of its own, not one the load is sent to (the probe defaults to the first route).
 * @param {{probeRoute?: string | null, sources?: import('../sources/app-sources.js').AppSources, appFiles?: string[]}} c
 * @returns {(frame: import('./frames.js').Frame) => boolean}
 */
function probeHandler(c) {
  if (!c.probeRoute || !c.sources) return () => false;
  const spans = routeSpans([...new Set(c.appFiles ?? [])], c.probeRoute, c.sources);
  return (f) => {
    const span = spans.get(f.url);
    return !!span && f.line - 1 >= span.from && f.line - 1 <= span.to;
  };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * What a saturated pool needs: who fills it, and whether more threads can help.
 * @param {ThreadPool} p @param {{lagP99Ms: number}} c
 */
function poolAdvice(p, c) {
  const top = p.callers[0];
  const what = top?.native ? `the native work of ${top.package ?? 'an addon'} (${top.api}${top.type && top.type !== 'undefined' ? `, ${top.type}` : ''})` : top?.api;
  const who = top ? `${what}${top.native ? (top.url ? ` at ${top.url}:${top.line}` : '') : callerWhere(top)}${p.callers.length > 1 ? ` (${Math.round(top.share * 100)}% of the pool's time seen)` : ''}` : null;
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
