// A block with no stack to name its culprit from: in a production log, its capture saw too little of
// it (it started late on a crowded machine, or saw only the response being written); in a run, no
// stack sample fell inside it (the profiler's thread was starved of a CPU). When the block ran one
// route's requests (or several routes', one of which held half of it or more), and that route's other
// blocks were named from their stacks, most of them alike, the report names the same culprit for it,
// marked as inferred: on a busy service the same route blocks the same way.
// Pure.

import { labelRoute } from './requests.js';

/** How many of the route's named blocks must agree on the culprit and fix. */
const AGREE_SHARE = 0.5;
/** At least this many named blocks of the route. */
const MIN_NAMED = 2;
/** A block of several routes is named after the one whose requests held at least this share of it. */
const HELD_SHARE = 0.5;
/** "GET /x ran 2 times back to back (~252 ms each) in this 270 ms block; 2 other request(s) waited behind it. Each request: " */
const REQUESTS_CLAUSE = /^[^.]*? in this \d+ ms block[^.]*\. (?:Each request: )?/;

/**
 * The route a block's requests label names, when it names one only ("GET /x", "GET /x ×2 (234 ms
 * each)"), with the time its requests held when the label says it; null for several routes.
 * @param {string | undefined} label @returns {{route: string, heldMs: number | null} | null}
 */
export function routeOfLabel(label) {
  const l = labelRoute(label);
  return l && !l.several ? { route: l.route, heldMs: l.msEach === null ? null : l.count * l.msEach } : null;
}

/**
 * The route a block ran: the one its label names, else, of several (its line's \`routes\`), the one whose
 * requests held half of it or more.
 * @param {any} b a report block @returns {{route: string, heldMs: number | null, of: number | null} | null} of: how many routes ran in it, when several
 */
export function routeOfBlock(b) {
  const one = routeOfLabel(b.requests?.label);
  if (one) return { ...one, of: null };
  const ran = Array.isArray(b.requests?.ran) ? b.requests.ran : [];
  if (ran.length < 2) return null;
  const held = (/** @type {any} */ r) => Number(r.count) * Number(r.msEach) || 0;
  const top = ran.reduce((/** @type {any} */ x, /** @type {any} */ y) => (held(y) > held(x) ? y : x));
  return held(top) >= HELD_SHARE * b.durationMs ? { route: String(top.route), heldMs: held(top), of: ran.length } : null;
}

/**
 * @typedef {object} Stacks what each block's stacks were, by its place in the list
 * @property {(i: number) => boolean} full its stacks were whole: a culprit named from them is a model
 * @property {(i: number) => boolean} missing its stacks were missing or too few: it may be named after its route
 * @property {(i: number) => string | undefined} why what its advice said of its stacks, the inferred advice's opening
 * @property {string} fullAs how the advice calls the blocks whose stacks were whole ("whose capture was full")
 */

/**
 * Fills the culprit of each unnamed block of a route from the route's named blocks (report blocks,
 * changed in place). Only blocks whose stacks were missing; only when their route's requests held
 * at least a threshold of the block, where the label says how long.
 * @param {any[]} blocks report blocks @param {number} thresholdMs @param {Stacks} stacks
 * @returns {number} how many were named so
 */
export function inferFromRoute(blocks, thresholdMs, stacks) {
  let inferred = 0;
  /** @type {Map<string, {key: string, block: any}[]>} */
  const named = new Map();
  blocks.forEach((b, i) => {
    // a model ran the route alone, or held by it half or more (a service's probe and other routes beside it)
    const r = routeOfBlock(b);
    if (!r || !b.culprit || !stacks.full(i)) return;
    const list = named.get(r.route) ?? [];
    list.push({ key: `${b.culprit.label}\0${b.fix}`, block: b });
    named.set(r.route, list);
  });
  blocks.forEach((b, i) => {
    if (b.culprit || !stacks.missing(i)) return;
    const r = routeOfBlock(b);
    const list = r ? named.get(r.route) : undefined;
    if (!r || !list || list.length < MIN_NAMED || (r.heldMs !== null && r.heldMs < thresholdMs)) return;
    /** @type {Map<string, any[]>} */
    const byKey = new Map();
    for (const x of list) byKey.set(x.key, [...(byKey.get(x.key) ?? []), x.block]);
    const [, alike] = [...byKey].sort((x, y) => y[1].length - x[1].length)[0];
    if (alike.length < AGREE_SHARE * list.length) return;
    const model = alike[alike.length - 1];
    b.culprit = model.culprit;
    b.fix = model.fix;
    b.cause = b.cause ?? model.cause;
    b.inferred = { route: r.route, alike: alike.length, named: list.length };
    // the model's advice without its sentence on the requests of its own block
    const advice = String(model.advice ?? '').replace(REQUESTS_CLAUSE, '');
    const share = r.of && r.heldMs !== null ? `${r.route} ran ${Math.round(r.heldMs)} ms of it, the most of its ${r.of} routes; ` : '';
    const why = stacks.why(i);
    b.advice = `${why ? `${why}. ` : ''}${share}${alike.length} of the ${list.length} other blocks of ${r.route} ${stacks.fullAs} named ${model.culprit.label}; in one of them: ${advice}`;
    inferred++;
  });
  return inferred;
}

/**
 * A run's blocks in which no stack sample of the app fell (the profiler's thread starved of a CPU on
 * a crowded machine), named after their route's blocks that were sampled.
 * @param {any[]} blocks report blocks (changed in place) @param {number} thresholdMs @returns {number} how many were named so
 */
export function inferInRun(blocks, thresholdMs) {
  return inferFromRoute(blocks, thresholdMs, {
    full: (i) => !blocks[i].inferred, missing: (i) => blocks[i].fix === 'none' && !blocks[i].tool,
    why: (i) => String(blocks[i].advice ?? '').replace(/\.$/, ''), fullAs: 'with stack samples',
  });
}

/** The run's note on the blocks named so. @param {number} n */
export const inferredNote = (n) => `${n} block(s) had no stack sample of the app in them (the profiler's thread starved of a CPU): each is named after the other blocks of its route (\`inferred\`)`;
