// Blame for every block: the CPU-profile samples that fell inside it give the stack that was
// running, where its time went (top frames), its cause and loop phase, and one line of advice.
// Aggregated over blocks: the call sites that blocked the loop longest.

import { framesOf } from './profiles.js';
import { FrameMapper, siteOf, kindOf, AGENT_DIR } from './frames.js';
import { classifyStack, adviceFor } from './causes.js';
import { round } from './blocks.js';

const MAX_SAMPLES_PER_BLOCK = 10;
const MAX_FRAMES = 40;
const SAMPLE_FRAMES = 12;

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./blocks.js').Block & {stack?: Frame[], samples?: {tMs: number, stack: Frame[]}[],
 *   phase?: string | null, cause?: string | null, advice?: string,
 *   topFrames?: {functionName: string, url: string, line: number, ms: number, share: number}[], origin?: Frame[],
 *   toolMs?: number, captureMs?: number, tool?: boolean}} AttributedBlock
 * @typedef {{functionName: string, url: string, line: number, blockedMs: number, count: number}} Site
 */

/**
 * @param {import('./blocks.js').Block[]} blocks times relative to `from`
 * @param {import('./profiles.js').TimedProfile[]} profiles
 * @param {{from: number, cwd: string, thresholdMs?: number, gcPauses?: {t: number, durationMs: number}[], origins?: {t: number, durationMs: number, stack: string[]}[],
 *   toolStalls?: {t: number, durationMs: number, what?: string}[]}} context
 * @returns {{blocks: AttributedBlock[], topSites: Site[]}}
 */
export function attributeBlocks(blocks, profiles, context) {
  const mapper = new FrameMapper();
  /** @type {Map<string, Frame[]>} */
  const stackCache = new Map();
  /** @type {Map<string, Site>} */
  const sites = new Map();

  const out = blocks.map((block) => {
    const start = context.from + block.startMs;
    const end = start + block.durationMs;
    const samples = samplesIn(profiles, start, end, mapper, stackCache);
    /** @type {AttributedBlock} */
    const result = { ...block };
    // The tool's own work inside the block: what the agent timed itself, and samples of its frames.
    // (a watchdog capture's start is timed from its worker thread: the round trip, an upper bound
    // of what it held the loop, shown as captureMs and never used to disown the block)
    const stalls = context.toolStalls ?? [];
    const toolMs = overlapMs(stalls.filter((s) => s.what !== 'block capture start'), start, end);
    const captureMs = overlapMs(stalls.filter((s) => s.what === 'block capture start'), start, end);
    if (captureMs > 0) result.captureMs = round(captureMs);
    const toolSamples = samples.filter((s) => isToolSample(s.frames)).length;
    if (toolMs > 0) result.toolMs = round(toolMs);
    if (isToolBlock(block.durationMs, toolMs, samples.length ? toolSamples / samples.length : 0, context.thresholdMs ?? 0)) result.tool = true;
    const origin = context.origins?.find((o) => o.t < end && o.t + o.durationMs > start);
    if (origin) result.origin = parseStackLines(origin.stack);
    const gcMs = overlapMs(context.gcPauses ?? [], start, end);
    if (samples.length === 0) {
      const gc = gcMs >= block.durationMs / 2;
      Object.assign(result, {
        stack: [], samples: [], topFrames: [],
        cause: gc ? 'gc' : null, phase: gc ? 'gc' : null,
        advice: gc ? adviceFor('gc', 'gc', block.durationMs, null) : 'no stack sample fell inside this block (stacks off, or the capture did not reach it)',
      });
      return result;
    }
    /** @type {Map<string, number>} */ const causeCount = new Map();
    /** @type {Map<string, number>} */ const phaseCount = new Map();
    /** @type {Map<string, {frame: Frame, count: number, sample: Frame[]}>} */ const tops = new Map();
    for (const s of samples) {
      const c = classifyStack(s.frames);
      if (c) {
        causeCount.set(c.cause, (causeCount.get(c.cause) ?? 0) + 1);
        phaseCount.set(`${c.cause}\0${c.phase}`, (phaseCount.get(`${c.cause}\0${c.phase}`) ?? 0) + 1);
      }
      const top = topFrame(s.frames);
      if (!top) continue;
      const key = `${top.functionName}\0${top.url}\0${top.line}`;
      const t = tops.get(key) ?? { frame: top, count: 0, sample: s.frames };
      t.count += 1;
      tops.set(key, t);
    }
    // GC samples say the collector ran, not why the loop was held: they decide only when they
    // are the majority (or the observer saw pauses covering half the block).
    const gcSamples = causeCount.get('gc') ?? 0;
    causeCount.delete('gc');
    let cause = /** @type {any} */ (argmax(causeCount) ?? 'sync');
    if (gcSamples > samples.length / 2) { cause = 'gc'; phaseCount.set('gc\0gc', gcSamples); }
    let phase = /** @type {any} */ ((argmax(new Map([...phaseCount].filter(([k]) => k.startsWith(`${cause}\0`)))) ?? `${cause}\0poll`).split('\0')[1]);
    if (gcMs >= block.durationMs / 2) { cause = 'gc'; phase = 'gc'; }
    const ranked = [...tops.values()].sort((a, b) => b.count - a.count);
    const best = ranked[0];
    const site = best ? siteOf(best.frame, context.cwd) : null;
    Object.assign(result, {
      stack: (best?.sample ?? samples[0].frames).slice(0, MAX_FRAMES),
      samples: spread(samples, MAX_SAMPLES_PER_BLOCK).map((s) => ({ tMs: round(s.t - context.from), stack: s.frames.slice(0, SAMPLE_FRAMES) })),
      topFrames: ranked.slice(0, 5).map((t) => ({ ...pick(t.frame), ms: round((t.count / samples.length) * block.durationMs), share: round(t.count / samples.length) })),
      cause, phase,
      advice: adviceFor(cause, phase, block.durationMs, site),
    });
    for (const t of result.tool ? [] : ranked) {
      const key = `${t.frame.functionName}\0${t.frame.url}\0${t.frame.line}`;
      const s = sites.get(key) ?? { ...pick(t.frame), blockedMs: 0, count: 0 };
      s.blockedMs += (t.count / samples.length) * block.durationMs;
      s.count += 1;
      sites.set(key, s);
    }
    return result;
  });

  const topSites = [...sites.values()]
    .map((s) => ({ ...s, blockedMs: round(s.blockedMs) }))
    .sort((a, b) => b.blockedMs - a.blockedMs)
    .slice(0, 20);
  return { blocks: out, topSites };
}

/**
 * A block is the tool's, not the app's, when the agent's own timed work leaves less than the
 * threshold of it, or when most of its samples ran in the agent's code.
 * @param {number} durationMs @param {number} toolMs @param {number} toolShare of the block's samples
 * @param {number} thresholdMs
 */
export function isToolBlock(durationMs, toolMs, toolShare, thresholdMs) {
  return (toolMs > 0 && durationMs - toolMs < thresholdMs) || toolShare > 0.5;
}

/**
 * A sample of the tool's own work: the innermost JavaScript frame above Node's internals is the
 * agent's. (Agent frames further down, as under `run --scenario`'s job, are not: the job runs.)
 * @param {Frame[]} frames innermost first
 */
export function isToolSample(frames) {
  const js = frames.find((f) => f.kind === 'app' || f.kind === 'node_modules');
  return Boolean(js && js.url.startsWith(AGENT_DIR));
}

/** @param {Frame} f */
const pick = (f) => ({ functionName: f.functionName, url: f.url, line: f.line });

/**
 * The frame to blame: the innermost frame of the app, else of a dependency, else the innermost.
 * @param {Frame[]} frames
 */
export function topFrame(frames) {
  // a sample running our own agent's code (its flush, a profile hand-over) is no call site of the app's
  if (isToolSample(frames)) return null;
  return frames.find((f) => f.kind === 'app') ?? frames.find((f) => f.kind === 'node_modules')
    ?? frames.find((f) => f.kind !== 'gc' && !f.functionName.startsWith('(')) ?? null;
}

/**
 * @param {import('./profiles.js').TimedProfile[]} profiles @param {number} start @param {number} end
 * @param {FrameMapper} mapper @param {Map<string, Frame[]>} cache
 * @returns {{t: number, frames: Frame[]}[]}
 */
function samplesIn(profiles, start, end, mapper, cache) {
  // The continuous profile sampled the whole block; the watchdog's captures are the fallback
  // (profile off, or a block that never ended and so never reached the continuous profile).
  for (const kind of ['continuous', 'block']) {
    /** @type {{t: number, frames: Frame[]}[]} */
    const found = [];
    profiles.forEach((p, index) => {
      if (p.kind !== kind || p.endEpochMs < start || p.startEpochMs > end) return;
      for (let i = lowerBound(p.times, start); i < p.times.length && p.times[i] <= end; i++) {
        const key = `${index}:${p.leaves[i]}`;
        let frames = cache.get(key);
        if (!frames) {
          frames = framesOf(p, p.leaves[i]).map((cf) => mapper.map(cf));
          cache.set(key, frames);
        }
        if (frames.length === 1 && (frames[0].functionName === '(idle)' || frames[0].functionName === '(program)')) continue;
        found.push({ t: p.times[i], frames });
      }
    });
    if (found.length) return found;
  }
  return [];
}

/** @param {Float64Array} times @param {number} t */
function lowerBound(times, t) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** @template T @param {T[]} items @param {number} n @returns {T[]} */
function spread(items, n) {
  if (items.length <= n) return items;
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);
}

/** @param {Map<string, number>} counts */
function argmax(counts) {
  let best = null;
  let max = -1;
  for (const [k, v] of counts) if (v > max) { best = k; max = v; }
  return best;
}

/** @param {{t: number, durationMs: number}[]} pauses @param {number} start @param {number} end */
function overlapMs(pauses, start, end) {
  return pauses.reduce((sum, p) => sum + Math.max(0, Math.min(end, p.t + p.durationMs) - Math.max(start, p.t)), 0);
}

/**
 * Frames from V8 stack-trace lines ("    at fn (file:line:col)"), as blocked-at gives them.
 * @param {string[]} lines @returns {Frame[]}
 */
export function parseStackLines(lines) {
  return lines.map((raw) => {
    const line = raw.trim().replace(/^at\s+/, '');
    const m = /^(?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(line);
    if (!m) return { functionName: line, url: '', line: 0, column: 0, kind: kindOf('', line) };
    const url = m[2].startsWith('file://') ? new URL(m[2]).pathname : m[2];
    const fn = m[1] || '(anonymous)';
    return { functionName: fn, url, line: Number(m[3]), column: Number(m[4]), kind: kindOf(url, fn) };
  }).filter((f) => f.url || f.functionName);
}
