// One fix per culprit in a run. A block's fix is read from its own samples, and the shares that
// decide it (the promise machinery's, the compiler's, a regex's) fall either side of their
// thresholds for the same call at the same line from one block to the next: most of all on a
// crowded machine, where the longest block is a starved one with few samples in it. The call is
// the same code in every block it held, so when its blocks disagree, its fix is read once from what
// all of them measured: each share over all their time, and the longest stretch in one regex any
// of them held (a stretch is proof of one long match; a starved block only breaks it up). A call is
// its culprit's label less the regex it names: a block names the regex that held 30% of it or more,
// and the same call's blocks fall either side of that share as of any other.

import { fixFor } from './remedies.js';

/**
 * @typedef {import('./remedies.js').Fix} Fix
 * @typedef {import('./causes.js').Cause} Cause
 * @typedef {NonNullable<Parameters<typeof fixFor>[2]>} Extra
 * @typedef {{owner: import('./time-owners.js').Owner | null, ownerMs: number, gcShare: number, queueShare: number, regexShare: number,
 *   regexRunMs: number, compileShare: number, call: import('./known-calls.js').KnownCall | null, cause: Cause, extra: Extra}} Evidence
 *   what one block's fix was read from (fixFor): its owner's time and shares, its cause, and the rest
 * @typedef {{label: string, fix: Fix | 'none', samples: number, evidence: Evidence}} Vote one block's: its culprit's label
 *   (the function, its owner and the app line that called it), its own fix, how many samples of the app's code it was read from
 * @typedef {{fix: Fix, blocks: number, samples: number}} Decided a culprit's fix over the blocks it held, and how many
 */

// fixes that belong to the block, not to the call: the start-up's, and none
const OWN = new Set(['none', 'startup']);

/**
 * What a block's fix is read from, kept small (a production agent keeps hundreds).
 * @param {import('./block-owners.js').BlockOwners} o @param {Cause} cause @param {Extra} extra @returns {Evidence}
 */
export function evidenceOf(o, cause, extra) {
  return {
    owner: o.owner, ownerMs: o.ownerMs, gcShare: o.gcShare, queueShare: o.queueShare, regexShare: o.regexShare,
    regexRunMs: o.regexRunMs, compileShare: o.compileShare, call: o.call, cause, extra,
  };
}

/**
 * The culprits whose blocks did not all read the same fix, each with the fix read from all their
 * evidence at once.
 * @param {(Vote | null)[]} votes one per block, null for a block with no culprit
 * @returns {Map<string, Decided>} by call (callOf())
 */
export function fixPerCulprit(votes) {
  /** @type {Map<string, Vote[]>} */
  const byCall = new Map();
  for (const v of votes) {
    if (!v || OWN.has(v.fix)) continue;
    const call = callOf(v.label);
    byCall.set(call, [...(byCall.get(call) ?? []), v]);
  }
  /** @type {Map<string, Decided>} */
  const out = new Map();
  for (const [call, group] of byCall) {
    if (new Set(group.map((v) => v.fix)).size < 2) continue;
    const e = pooled(group.map((v) => v.evidence));
    const fix = fixFor(/** @type {any} */ (e), e.cause, e.extra);
    out.set(call, { fix, blocks: group.length, samples: group.reduce((n, v) => n + v.samples, 0) });
  }
  return out;
}

/**
 * The call a culprit's label names: the label less the regex it names (`RegExp /.../`, before the
 * calling line, diagnose-block.js labelOf()). A calling line (`file:line`) has no arrow in it.
 * @param {string} label @returns {string}
 */
export function callOf(label) {
  return label.replace(/ RegExp \/.*\/(?=( ← [^←]*)?$)/, '');
}

/**
 * Several blocks' evidence as one: each share weighed by its owner's time, the longest regex stretch
 * of any, the cause and what the samples said (a queue drained from a scheduler, the tick's callback)
 * by most time; what the package and the calling line are (its async form, its verb) the heaviest's.
 * @param {Evidence[]} list @returns {Evidence}
 */
function pooled(list) {
  const heaviest = list.reduce((a, b) => (b.ownerMs > a.ownerMs ? b : a));
  const ms = list.reduce((n, e) => n + e.ownerMs, 0);
  const share = (/** @type {(e: Evidence) => number} */ f) => (ms > 0 ? list.reduce((n, e) => n + f(e) * e.ownerMs, 0) / ms : f(heaviest));
  /** @template T @param {(e: Evidence) => T} f @returns {T} */
  const most = (f) => {
    /** @type {Map<T, number>} */
    const by = new Map();
    for (const e of list) by.set(f(e), (by.get(f(e)) ?? 0) + e.ownerMs);
    return [...by].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
  };
  return {
    ...heaviest,
    ownerMs: ms,
    gcShare: share((e) => e.gcShare),
    queueShare: share((e) => e.queueShare),
    regexShare: share((e) => e.regexShare),
    compileShare: share((e) => e.compileShare),
    regexRunMs: Math.max(...list.map((e) => e.regexRunMs)),
    cause: most((e) => e.cause),
    extra: {
      ...heaviest.extra,
      codeCause: most((e) => e.extra.codeCause),
      ownQueue: most((e) => e.extra.ownQueue),
      appTick: most((e) => e.extra.appTick),
      appMicrotask: most((e) => e.extra.appMicrotask),
      builtAndCalled: most((e) => e.extra.builtAndCalled),
      grammarBuilt: most((e) => e.extra.grammarBuilt),
    },
  };
}

/**
 * What a block's advice adds when the run's decision replaced its own fix.
 * @param {Decided} d @param {Fix | 'none'} own @param {number} samples the block's own
 */
export function decidedClause(d, own, samples) {
  return ` Fix read from all ${d.blocks} blocks this call held in the run (${d.samples} samples); this block's ${samples} alone read ${own}.`;
}
