// A package's block in which no sample had a frame of the app (the package ran on from its own
// continuation, after an `await`, and the handler's source did not tell the line) names no line of
// the app. The other blocks the same function of the same package held in the run may have: when
// three quarters of them or more were called from one line of the app (of the same route, where the
// requests say), that line is this block's too, marked as read from the run. Pure.

/**
 * @typedef {import('./attribution.js').AttributedBlock} Block
 * @typedef {{url: string, line: number}} At
 */

// the culprits that are a call the app makes: a package's, an addon's, one of Node's APIs
const CALLED = new Set(['package', 'native', 'node']);
/** At least this many other blocks of the call from one line... */
const MIN_ALIKE = 2;
/**
 * ...and at least this share of them. A call reached by two paths of the handler (mikro-orm's
 * `em.fork()` and `em.find()` on the next line, 2 and 12 blocks) names the line most of its time
 * went through; a call the app makes from two sites alike (graphql's `graphql()` and its field
 * resolver) names none.
 */
const ALIKE_SHARE = 0.75;

/** The call a culprit is, whatever line called it. @param {any} c */
const callKey = (c) => `${c.owner.kind}\0${c.owner.name}\0${c.owner.version ?? ''}\0${c.functionName}\0${c.url}:${c.line}`;
/** @param {Block} b */
const routeOf = (b) => b.requests?.ran[0]?.route ?? null;

/**
 * Gives each such block the line its call's other blocks were called from (its culprit's
 * `calledFrom`, `lineFrom` "run", and its label), changed in place.
 * @param {Block[]} blocks @param {(f: At) => string} site
 * @returns {Map<number, string>} the blocks given a line, by index: the sentence their advice adds
 */
export function linesFromRun(blocks, site) {
  /** @type {Map<string, {block: Block, at: At & {functionName: string}}[]>} */
  const called = new Map();
  for (const b of blocks) {
    const c = b.culprit;
    if (b.tool || !c?.owner || !CALLED.has(c.owner.kind) || !c.calledFrom) continue;
    called.set(callKey(c), [...(called.get(callKey(c)) ?? []), { block: b, at: c.calledFrom }]);
  }
  /** @type {Map<number, string>} */
  const out = new Map();
  blocks.forEach((b, i) => {
    const c = b.culprit;
    if (b.tool || !c?.owner || !CALLED.has(c.owner.kind) || c.calledFrom) return;
    const route = routeOf(b);
    const others = (called.get(callKey(c)) ?? []).filter((x) => !route || !routeOf(x.block) || routeOf(x.block) === route);
    /** @type {Map<string, typeof others>} */
    const byLine = new Map();
    for (const x of others) byLine.set(`${x.at.url}:${x.at.line}`, [...(byLine.get(`${x.at.url}:${x.at.line}`) ?? []), x]);
    const most = [...byLine.values()].sort((p, q) => q.length - p.length)[0] ?? [];
    if (most.length < MIN_ALIKE || most.length < ALIKE_SHARE * others.length) return;
    const at = most[0].at;
    b.culprit = { ...c, calledFrom: { functionName: at.functionName, url: at.url, line: at.line }, lineFrom: 'run', ...(c.label ? { label: `${c.label} ← ${site(at)}` } : {}) };
    const how = most.length === others.length ? `The ${others.length} other blocks of this call in the run were all` : `${most.length} of the ${others.length} other blocks of this call in the run were`;
    out.set(i, ` ${how} called from ${site(at)}${route ? `, for ${route}` : ''}: its line, read from the run.`);
  });
  return out;
}
