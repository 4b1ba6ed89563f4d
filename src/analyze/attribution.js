// Blame for every block: the CPU-profile samples that fell inside it, each weighed by the time it
// stands for (sample-spans.js), give the stack that was running, where its time went (top
// frames), the frame to blame, the known blocking call it was in (known-calls.js), its cause and
// loop phase, its share of garbage collection, and one line of advice. Aggregated over blocks:
// the call sites that blocked the loop longest. Every output takes the blame from here.

import { FrameMapper, siteOf, kindOf, toPath } from './frames.js';
import { isAgentUrl } from './frame-kind.js';
import { classifyStack } from './causes.js';
import { rooted } from './rootless-samples.js';
import { gcOnlyAdvice } from './remedies.js';
import { BlockSampler } from './block-samples.js';
import { gcInBlock } from './gc-share.js';
import { round } from './blocks.js';
import { diagnoseBlock } from './diagnose-block.js';
import { appFilesOf } from './profiles.js';
import { requestsOfBlock, routeStretches, summariseBlockRequests } from './requests.js';
import { AppSources } from '../sources/app-sources.js';
import { ownerOf } from './ownership.js';
import { fixPerCulprit, decidedClause, callOf } from './culprit-fix.js';
import { linesFromRun } from './run-line.js';
import { ownersFromRoute, routeOwners } from './route-owner.js';
import { ownerKey } from './block-owners.js';
import { routeOfBlock } from './same-route.js';
import { inlinedCallees } from './inlined-callee.js';
import { calledOver, between } from './hidden-callee.js';

const MAX_SAMPLES_PER_BLOCK = 10;
const MAX_FRAMES = 40;
const SAMPLE_FRAMES = 12;

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {{functionName: string, url: string, line: number}} Site0
 * @typedef {import('./blocks.js').Block & {stack?: Frame[], samples?: {tMs: number, stack: Frame[]}[],
 *   phase?: string | null, cause?: string | null, advice?: string, fix?: import('./remedies.js').Fix | 'none',
 *   topFrames?: {functionName: string, url: string, line: number, ms: number, share: number}[], origin?: Frame[],
 *   culprit?: import('./diagnose-block.js').Culprit | null, owners?: import('./block-owners.js').OwnerShare[],
 *   call?: import('./known-calls.js').KnownCall | null, gcMs?: number, gcShare?: number,
 *   toolMs?: number, captureMs?: number, tool?: boolean, toolBy?: string | null, requests?: import('./requests.js').BlockRequestsSummary}} AttributedBlock
 * @typedef {{functionName: string, url: string, line: number, blockedMs: number, count: number}} Site
 * @typedef {import('../sources/app-sources.js').AppSources} AppSourcesType
 */

/**
 * @param {import('./blocks.js').Block[]} blocks times relative to `from`
 * @param {import('./profiles.js').TimedProfile[]} profiles
 * @param {{from: number, cwd: string, thresholdMs?: number, gcPauses?: {t: number, durationMs: number}[], gcRuns?: import('./gc-share.js').GcRun[],
 *   origins?: {t: number, durationMs: number, stack: string[]}[], toolStalls?: {t: number, durationMs: number, what?: string}[],
 *   sources?: AppSourcesType, blockRequests?: import('./requests.js').BlockRequests[], looks?: {t: number, durationMs: number}[],
 *   processThread?: boolean, briefTool?: boolean, appFiles?: string[], votes?: import('./culprit-fix.js').Vote[],
 *   routeOwners?: import('./route-owner.js').RouteOwner[], callees?: import('./inlined-callee.js').Teacher[]}} context
 *   gcPauses/gcRuns: the collections observed (absent: none were, and the collector's share of the block's samples stands for them);
 *   sources: the app's files (read from disk when not given); blockRequests: the requests around each block; looks: when the
 *   agent's async hook looked at the thread pool's callers (its hook's own frames then are the tool's); briefTool: the
 *   agent on this thread does only brief steps (the production agent: no profile hand-over), so a sample of its own
 *   stands for one sampling interval, never for a gap it ends (a crowded machine's), and the block is its own only when
 *   that time leaves less than the threshold of it; appFiles: the app's files beyond those the profiles saw run (its
 *   entry script), where a package's block with no app frame on its stack finds the line that handed it the work;
 *   votes: the culprits and fixes of blocks read before these (the production log's), counted in each culprit's fix;
 *   routeOwners: the routes and owners of blocks read before these, counted in each route's owner (route-owner.js);
 *   callees: the app's functions blocks read before these ran under a package's calls (inlined-callee.js)
 * @returns {{blocks: AttributedBlock[], topSites: Site[], coverage: BlockCoverage[], votes: import('./culprit-fix.js').Vote[],
 *   routeOwners: import('./route-owner.js').RouteOwner[], callees: import('./inlined-callee.js').Teacher[]}} coverage: one per block, in order; votes: these blocks' culprits
 *   and their own fixes, for a later call's `votes`; routeOwners: these blocks' routes and owners (the app's, not the tool's), for a later call's;
 *   callees: these blocks' app functions under a package's calls, for a later call's
 */
export function attributeBlocks(blocks, profiles, context) {
  const sources = context.sources ?? new AppSources();
  const mapper = new FrameMapper(profiles.map((p) => p.sourceMaps ?? {}), sources);
  const sampler = new BlockSampler(profiles, mapper, sources);
  /** @type {string[] | null} */
  let files = null;
  // the app's own sources its frames map to (a bundle's app.js), before the files that ran: every frame
  // of the app's the profiles hold is mapped first, so that what a block's line is read from does not
  // depend on which blocks were read before it (a block with no app frame of its own maps none)
  const appFiles = () => {
    if (files) return files;
    for (const p of profiles) for (const node of p.profile.nodes) if (kindOf(toPath(node.callFrame.url), node.callFrame.functionName) === 'app') mapper.map(node.callFrame);
    return (files = [...new Set([...mapper.mappedAppFiles(), ...appFilesOf(profiles), ...(context.appFiles ?? [])])]);
  };
  /** @type {SiteShare[]} */
  const shares = [];
  /** @type {BlockCoverage[]} */
  const coverage = [];
  /** @type {(import('./culprit-fix.js').Vote | null)[]} */
  const votes = [];
  /** @type {Map<number, (fix: import('./remedies.js').Fix) => string>} the advice of a block read again with another fix */
  const adviceWith = new Map();
  /** @type {Map<number, string>} what a block's advice says of the line its call's other blocks gave it (run-line.js) */
  let lineSaid = new Map();
  /** @type {Map<number, (prefer: string) => boolean>} block i read again with an owner preferred: true when that owner names it now */
  const rereads = new Map();
  /** @type {Map<number, string>} what a block's advice says of the owner its route's other blocks gave it (route-owner.js) */
  let ownerSaid = new Map();
  // each block's samples, route and witnesses, first: a block whose package frames run alone where a
  // stack of its thread, or other blocks of the same calls, ran the app's function over them ran that
  // function, which V8's profiler did not show (inlined-callee.js)
  const read = blocks.map((block) => {
    const start = context.from + block.startMs;
    const sampled = sampler.samplesIn(start, start + block.durationMs, !block.ongoing && !block.clipped);
    const around = requestsOfBlock(start, context.blockRequests ?? []);
    const route = around ? routeOfBlock({ durationMs: block.durationMs, requests: summariseBlockRequests(around, block.durationMs) })?.route ?? null : null;
    return { sampled, around, samples: sampled.filter((s) => !s.vm && !isToolSample(s.frames)), route, witnesses: sampler.witnessesIn(start, start + block.durationMs) };
  });
  const inlined = inlinedCallees(read, context.callees ?? []);

  const out = blocks.map((block, index) => {
    votes[index] = null;
    const start = context.from + block.startMs;
    const end = start + block.durationMs;
    const { sampled, around } = read[index];
    // while the agent's async hook looked at the pool's callers, the hook's own frames are its cost
    const looks = (context.looks ?? []).filter((l) => l.t < end && l.t + l.durationMs > start);
    const outside = sampled.filter((s) => !looks.length || !inLook(s, looks));
    // V8 alone, no JavaScript on the stack: counted only in a promise chain's owners (below)
    const all = sampled.filter((s) => !s.vm);
    const samples = outside.filter((s) => !s.vm);
    const lookShare = all.length ? 1 - samples.length / all.length : 0;
    /** @type {AttributedBlock} */
    const result = { ...block };
    // The tool's own work inside the block: what the agent timed itself, and samples of its frames.
    // (a watchdog capture's start is timed from its worker thread: the round trip, an upper bound
    // of what it held the loop, shown as captureMs and never used to disown the block; the production
    // agent's heap walk, timed on the app's thread by the capture's own profile, is its own work)
    const stalls = context.toolStalls ?? [];
    const toolMs = overlapMs(stalls.filter((s) => s.what !== 'block capture start'), start, end);
    const captureMs = overlapMs(stalls.filter((s) => s.what === 'block capture start'), start, end);
    if (captureMs > 0) result.captureMs = round(captureMs);
    if (toolMs > 0) result.toolMs = round(toolMs);
    // the production agent's steps are brief: its samples stand for one interval each, and make the
    // block its own only if they leave less than the threshold of it (a share of a few samples says nothing)
    const tool = context.briefTool
      ? isToolBlock(block.durationMs, toolMs + agentMs(samples, sampler.intervalMs(start, end)), 0, context.thresholdMs ?? 0)
      : isToolBlock(block.durationMs, toolMs, Math.max(lookShare, agentShare(samples)), context.thresholdMs ?? 0);
    if (tool) Object.assign(result, { tool: true, toolBy: toolWork(stalls, samples, start, end) });
    const requests = around ? summariseBlockRequests(around, block.durationMs) : null;
    if (requests) result.requests = requests;
    const origin = context.origins?.find((o) => o.t < end && o.t + o.durationMs > start);
    if (origin) result.origin = parseStackLines(origin.stack);
    // no collections observed (the production agent's sampled GC): the share of the block's samples
    // that were the collector's stands for them, once the samples are blamed below
    const observed = Boolean(context.gcPauses);
    const gcMs = observed ? gcInBlock(context.gcPauses ?? [], context.gcRuns ?? [], start, end) : 0;
    let gcShare = block.durationMs > 0 ? Math.min(1, gcMs / block.durationMs) : 0;
    Object.assign(result, { gcMs: round(gcMs), gcShare: round(gcShare) });
    // The tool's own samples (the heartbeat, its messages, a profile hand-over) own none of the
    // block's time and are never its culprit: what the app ran is judged from the others.
    // what the profiler left out under the app's code, given back from the witnesses (rootless-samples.js)
    // and over it: a package's function the app's line calls, compiled into the app's code (hidden-callee.js)
    const witnesses = read[index].witnesses;
    const hidden = calledOver(between(rooted(inlined.restore(index, samples.filter((s) => !isToolSample(s.frames))), witnesses), witnesses), witnesses, sources);
    const appSamples = hidden.samples;
    coverage.push(coverageOf(appSamples, start, end));
    if (appSamples.length === 0) {
      const gc = gcShare >= 0.5;
      Object.assign(result, {
        stack: [], samples: [], topFrames: [], culprit: null, owners: [], call: null,
        cause: gc ? 'gc' : null, phase: gc ? 'gc' : null, fix: gc ? 'allocation' : 'none',
        advice: gc ? gcOnlyAdvice(block.durationMs, gcShare)
          : samples.length ? 'only the tool\'s own work was sampled inside this block (the capture did not reach the app\'s code)'
            : 'no stack sample fell inside this block (stacks off, or the capture did not reach it)',
      });
      return result;
    }
    const blame = blameBlock(appSamples, block.durationMs);
    if (!observed && blame.total > 0) {
      gcShare = blame.gcWeight / blame.total;
      Object.assign(result, { gcMs: round(gcShare * block.durationMs), gcShare: round(gcShare) });
    }
    // every sample the collector's and no code beside them: a pause with nothing to blame but the
    // allocations before it, said as a pause with no code sampled (unless the observer saw little GC)
    if (!blame.tops.length && blame.gcWeight > 0 && (!observed || gcShare >= 0.5)) {
      Object.assign(result, {
        stack: appSamples[0].frames.slice(0, MAX_FRAMES),
        samples: spread(appSamples, MAX_SAMPLES_PER_BLOCK).map((s) => ({ tMs: round(s.t - context.from), stack: s.frames.slice(0, SAMPLE_FRAMES) })),
        topFrames: [], culprit: null, owners: [], call: null, cause: 'gc', phase: 'gc', fix: 'allocation',
        advice: gcOnlyAdvice(block.durationMs, gcShare),
      });
      return result;
    }
    const { cause, phase, codeCause } = causeOf(blame, gcShare);
    const best = blame.tops[0];
    // A microtask block's samples of V8 alone are its promise machinery between two continuations
    // (Node 24.22 and later show it so; earlier, as Node's runMicrotasks): the chain's time, also
    // when its garbage took the collector most of the block
    const vmSamples = outside.filter((s) => s.vm);
    const owned = codeCause === 'microtask' ? withVm(appSamples, vmSamples) : appSamples;
    const blockContext = { cause, codeCause, phase, durationMs: block.durationMs, gcShare, appTop: best ? pick(best.frame) : null, cwd: context.cwd, requests, appFiles };
    // the block read with an owner preferred (route-owner.js): its culprit, fix and advice, and the
    // sentence on the routes that ran in it, which names the culprit
    const readAs = (/** @type {string | null} */ prefer) => {
      const d = diagnoseBlock(owned, { ...blockContext, prefer }, sources);
      const culprit = labelled(d.culprit, context.cwd);
      const routesSaid = requests && around ? nameRoutes(requests, around, { start, durationMs: block.durationMs, appSamples, vmSamples, culprit, cwd: context.cwd, appFiles }, sources) : '';
      const withRoutes = (/** @type {string} */ advice) => withSentence(withSentence(withSentence(advice, routesSaid), inlined.said.get(index)), hidden.said ?? undefined);
      return { d, culprit, prefer, advice: withRoutes(d.advice), withRoutes };
    };
    const take = (/** @type {ReturnType<typeof readAs>} */ read) => {
      const label = read.culprit?.label;
      if (label && !tool) {
        votes[index] = { label, fix: read.d.fix, samples: appSamples.length, evidence: read.d.evidence };
        adviceWith.set(index, (fix) => withSentence(withSentence(read.withRoutes(diagnoseBlock(owned, { ...blockContext, fix, prefer: read.prefer }, sources).advice), ownerSaid.get(index)), lineSaid.get(index)));
      }
      Object.assign(result, {
        stack: (read.d.stack ?? best?.sample ?? appSamples[0].frames).slice(0, MAX_FRAMES),
        culprit: read.culprit, owners: read.d.owners, call: read.d.call, fix: read.d.fix, advice: read.advice,
      });
    };
    take(readAs(null));
    if (!tool && result.culprit?.owner) rereads.set(index, (prefer) => {
      const read = readAs(prefer);
      if (!read.culprit?.owner || ownerKey(read.culprit.owner) !== prefer) return false;
      take(read);
      return true;
    });
    Object.assign(result, {
      samples: spread(appSamples, MAX_SAMPLES_PER_BLOCK).map((s) => ({ tMs: round(s.t - context.from), stack: s.frames.slice(0, SAMPLE_FRAMES) })),
      topFrames: blame.tops.slice(0, 5).map((t) => ({ ...pick(t.frame), ms: round(t.ms), share: round(t.ms / block.durationMs) })),
      cause, phase,
    });
    // the call sites count the app's blocks only: the same blocks the table lists
    if (ownerOf(result, context.thresholdMs ?? 0, { processThread: context.processThread }) === 'app') {
      blame.tops.forEach((t, i) => shares.push({ frame: pick(t.frame), ms: t.ms, samples: t.samples, blamed: i === 0 }));
    }
    return result;
  });
  // a block whose top owner and another held it near evenly: the one its route's other blocks name
  ownerSaid = ownersFromRoute(out, rereads, context.routeOwners ?? []);
  for (const [i, said] of ownerSaid) out[i].advice = withSentence(String(out[i].advice ?? ''), said);
  // a package's block with no line of the app: the one its call's other blocks were all called from
  lineSaid = linesFromRun(out, (f) => siteOf(f, context.cwd));
  for (const [i, said] of lineSaid) {
    out[i].advice = withSentence(String(out[i].advice ?? ''), said);
    const v = votes[i];
    if (v && out[i].culprit?.label) v.label = String(out[i].culprit?.label);
  }
  decideFixes(out, votes, adviceWith, context.votes ?? []);
  // a block cut by the window's edge: what the advice says of it is of the part inside the window
  blocks.forEach((block, i) => {
    if (!block.clipped || !out[i].advice) return;
    const full = Math.round(block.fullDurationMs ?? block.durationMs);
    const known = (out[i].requests?.ran.length ?? 0) > 0;
    out[i].advice = `This block went on past the edge of the measured window (${full} ms in all, ${Math.round(block.durationMs)} ms inside it)${known ? ':' : ': the requests that ran in it are not known, and'} what follows is of its part inside the window. ${out[i].advice}`;
  });
  return { blocks: out, topSites: callSites(shares), coverage, votes: votes.filter((v) => v !== null), routeOwners: routeOwners(out, new Set(rereads.keys())), callees: inlined.teachers };
}

/** A sentence added to advice: ` The ...`, after a full stop. @param {string} advice @param {string | undefined} sentence */
const withSentence = (advice, sentence) => (sentence ? `${advice.replace(/\.?$/, '.')}${sentence}` : advice);

/**
 * One fix per culprit over the run (culprit-fix.js): a block whose own samples read another fix than
 * the one read from all its culprit's blocks takes that one, with its advice read again for it and a
 * sentence that says so; a route's own culprit in a block of several routes takes it too.
 * @param {AttributedBlock[]} blocks @param {(import('./culprit-fix.js').Vote | null)[]} votes
 * @param {Map<number, (fix: import('./remedies.js').Fix) => string>} adviceWith block i's advice read again with another fix
 * @param {import('./culprit-fix.js').Vote[]} earlier the votes of blocks read before these (a production log's)
 */
function decideFixes(blocks, votes, adviceWith, earlier) {
  const decided = fixPerCulprit([...earlier, ...votes]);
  if (!decided.size) return;
  blocks.forEach((b, i) => {
    const v = votes[i];
    const d = v ? decided.get(callOf(v.label)) : undefined;
    const advice = v && d && v.fix !== d.fix ? adviceWith.get(i)?.(d.fix) : undefined;
    if (v && d && advice !== undefined) Object.assign(b, { fix: d.fix, advice: withSentence(advice, decidedClause(d, v.fix, v.samples)) });
    for (const r of b.requests?.ran ?? []) {
      const own = r.culprit?.label ? decided.get(callOf(r.culprit.label)) : undefined;
      if (own && r.fix && r.fix !== 'startup' && r.fix !== 'none') r.fix = own.fix;
    }
  });
}

/**
 * @typedef {{frame: Site0, ms: number, samples: number, blamed: boolean}} SiteShare one block's time
 *   in one frame: how much, from how many samples, and whether the block is blamed on it
 */

/**
 * Why the loop was held, from a stretch's blame: the cause and phase most of its time had.
 * @param {ReturnType<typeof blameBlock>} blame @param {number} gcShare the collector's share the observer saw
 * @returns {{cause: any, phase: any, codeCause: any}} codeCause: the cause of the code's own samples, GC's aside
 */
function causeOf(blame, gcShare) {
  const cause = /** @type {any} */ (argmax(blame.causes) ?? 'sync');
  const phase = /** @type {any} */ ((argmax(new Map([...blame.phases].filter(([k]) => k.startsWith(`${cause}\0`)))) ?? `${cause}\0poll`).split('\0')[1]);
  // GC samples say the collector ran, not why the loop was held: they decide only when they
  // are the majority (or the observer saw pauses covering half the block). The code's own cause is
  // kept beside it: what allocated what the collector freed (a promise chain's promises)
  return blame.gcWeight > blame.total / 2 || gcShare >= 0.5 ? { cause: 'gc', phase: 'gc', codeCause: cause } : { cause, phase, codeCause: cause };
}

// a route's stretches of a block need this many of its samples to name their own culprit
const MIN_ROUTE_SAMPLES = 3;
// and this share of the block: two routes at least must hold this much for each to be named
const MIN_ROUTE_SHARE = 0.2;

/**
 * A block that ran several routes' slow handlers back to back (two connections, two routes): each
 * route's own culprit and fix on its entry of `requests.ran`, from the samples of the stretches
 * its requests ran; and, for the advice, the routes held by another culprit than the block's.
 * @param {import('./requests.js').BlockRequestsSummary} requests its `ran` entries get `culprit` and `fix`
 * @param {import('./requests.js').BlockRequests} around
 * @param {{start: number, durationMs: number, appSamples: import('./block-samples.js').BlockSample[], vmSamples: import('./block-samples.js').BlockSample[],
 *   culprit: {label?: string} | null, cwd: string, appFiles: () => string[]}} c
 * @param {AppSourcesType} sources
 * @returns {string} a sentence for the advice, or ''
 */
function nameRoutes(requests, around, c, sources) {
  const big = requests.ran.filter((r) => r.count * r.msEach >= MIN_ROUTE_SHARE * c.durationMs);
  if (big.length < 2) return '';
  const stretches = routeStretches(around, c.durationMs);
  for (const r of big) {
    const spans = (stretches.get(r.route) ?? []).map(([a, b]) => /** @type {[number, number]} */ ([c.start + a, c.start + b]));
    const found = routeCulprit(c.appSamples, c.vmSamples, spans, { cwd: c.cwd, requests: { ...requests, ran: [r] }, appFiles: c.appFiles }, sources);
    if (found) Object.assign(r, found);
  }
  const others = big.filter((r) => r.culprit && r.culprit.label !== c.culprit?.label);
  return others.length
    ? ` ${others.map((r) => `${r.route} ran ${Math.round(r.count * r.msEach)} ms of it, held by ${r.culprit?.label}${r.fix ? ` (${r.fix})` : ''}`).join('; ')}.`
    : '';
}

/**
 * One route's culprit in a block that ran several routes' requests: the samples that fell in the
 * stretches its requests ran (a sample stands for the time before it: its middle decides), blamed
 * as a block of that length. Null when too few samples fell there to say.
 * @param {import('./block-samples.js').BlockSample[]} appSamples the block's samples of the app and packages
 * @param {import('./block-samples.js').BlockSample[]} vmSamples the block's samples of V8 alone
 * @param {[number, number][]} spans epoch ms
 * @param {{cwd: string, requests: import('./requests.js').BlockRequestsSummary, appFiles: () => string[]}} c
 * @param {AppSourcesType} sources
 * @returns {{culprit: import('./diagnose-block.js').Culprit | null, fix: import('./remedies.js').Fix | 'none'} | null}
 */
function routeCulprit(appSamples, vmSamples, spans, c, sources) {
  const inside = (/** @type {import('./block-samples.js').BlockSample} */ s) => spans.some(([a, b]) => s.t - s.weightMs / 2 >= a && s.t - s.weightMs / 2 < b);
  const own = appSamples.filter(inside);
  const durationMs = spans.reduce((sum, [a, b]) => sum + b - a, 0);
  if (own.length < MIN_ROUTE_SAMPLES || durationMs <= 0) return null;
  const blame = blameBlock(own, durationMs);
  const best = blame.tops[0];
  if (!best) return null;
  const gcShare = blame.total > 0 ? blame.gcWeight / blame.total : 0;
  const { cause, phase, codeCause } = causeOf(blame, gcShare);
  const owned = codeCause === 'microtask' ? withVm(own, vmSamples.filter(inside)) : own;
  const d = diagnoseBlock(owned, { cause, codeCause, phase, durationMs, gcShare, appTop: pick(best.frame), ...c }, sources);
  const culprit = labelled(d.culprit, c.cwd);
  return culprit ? { culprit, fix: d.fix } : null;
}

/**
 * The call sites that blocked the loop longest, from each block's time per frame: the one
 * algorithm of report.topSites (a saved report without them gets them from its blocks' culprits,
 * saved-report.js). One sample that happens to sit in a block is noise: a site needs two samples,
 * or to be the frame some block is blamed on.
 * @param {SiteShare[]} shares @param {number} [limit] @returns {Site[]}
 */
export function callSites(shares, limit = 20) {
  /** @type {Map<string, Site & {samples: number, blamed: boolean}>} */
  const sites = new Map();
  for (const { frame, ms, samples, blamed } of shares) {
    const key = `${frame.functionName}\0${frame.url}\0${frame.line}`;
    const s = sites.get(key) ?? { functionName: frame.functionName, url: frame.url, line: frame.line, blockedMs: 0, count: 0, samples: 0, blamed: false };
    s.blockedMs += ms;
    s.count += 1;
    s.samples += samples;
    s.blamed ||= blamed;
    sites.set(key, s);
  }
  return [...sites.values()]
    .filter((s) => s.samples >= 2 || s.blamed)
    .map(({ samples: _n, blamed: _b, ...s }) => ({ ...s, blockedMs: round(s.blockedMs) }))
    .sort((a, b) => b.blockedMs - a.blockedMs)
    .slice(0, limit);
}

/**
 * The culprit with a label for people: the analysis' own ("bcryptjs@2.4.3 bcrypt.hashSync ←
 * app.js:19"), else its function and place, relative to the app's folder.
 * @template {{functionName: string, url: string, line: number, label?: string}} C
 * @param {C | null} culprit @param {string} cwd @returns {C | null}
 */
export function labelled(culprit, cwd) {
  if (!culprit || culprit.label) return culprit;
  return { ...culprit, label: `${culprit.functionName || '(anonymous)'} ${culprit.url ? siteOf(culprit, cwd) : '-'}` };
}

/**
 * @typedef {{samples: number, firstMs: number | null, lastMs: number | null}} BlockCoverage how much of a block
 *   the profile saw running the app's code: its samples taken inside the block (the tool's own left out),
 *   the first and the last one's time from the block's start
 */

/**
 * @param {import('./block-samples.js').BlockSample[]} samples @param {number} start @param {number} end epoch ms
 * @returns {BlockCoverage}
 */
function coverageOf(samples, start, end) {
  let n = 0;
  let first = Infinity;
  let last = -Infinity;
  for (const s of samples) {
    if (s.t < start || s.t > end) continue;
    n++;
    if (s.t < first) first = s.t;
    if (s.t > last) last = s.t;
  }
  return { samples: n, firstMs: n ? round(first - start) : null, lastMs: n ? round(last - start) : null };
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

const MIN_WEIGHT_MS = 1e-6;

/**
 * What of the tool's held a block of its own: its longest timed step in the block, else the agent's
 * function most sampled in it ("name (file:line)"), for the report's note and its `toolStalls`.
 * @param {{t: number, durationMs: number, what?: string}[]} stalls
 * @param {import('./block-samples.js').BlockSample[]} samples @param {number} start @param {number} end
 * @returns {string | null}
 */
function toolWork(stalls, samples, start, end) {
  let longest = null;
  for (const s of stalls) {
    const ms = overlapMs([s], start, end);
    if (s.what && ms > 0 && (!longest || ms > longest.ms)) longest = { ms, what: s.what };
  }
  if (longest) return longest.what;
  /** @type {Map<string, number>} */
  const byFrame = new Map();
  for (const s of samples) {
    if (!isToolSample(s.frames)) continue;
    const f = s.frames.find((x) => x.kind === 'app' || x.kind === 'node_modules');
    if (!f) continue;
    const key = `${f.functionName || '(anonymous)'} (${f.url.split(/[\\/]/).pop()}:${f.line})`;
    byFrame.set(key, (byFrame.get(key) ?? 0) + Math.max(s.weightMs, MIN_WEIGHT_MS)); // a sample with no weight still counts
  }
  return [...byFrame].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * The time a block's samples of the agent stand for, one sampling interval each at most (its work is
 * brief steps: a gap one of them ends was not its).
 * @param {import('./block-samples.js').BlockSample[]} samples @param {number} intervalMs
 */
function agentMs(samples, intervalMs) {
  let ms = 0;
  for (const s of samples) if (isToolSample(s.frames)) ms += Math.min(Math.max(0, s.weightMs), intervalMs);
  return ms;
}

/**
 * Samples and V8's samples of the same block, in time order.
 * @param {import('./block-samples.js').BlockSample[]} samples @param {import('./block-samples.js').BlockSample[]} vm @returns {import('./block-samples.js').BlockSample[]}
 */
function withVm(samples, vm) {
  return vm.length ? [...samples, ...vm].sort((a, b) => a.t - b.t) : samples;
}

/** The share of a block's sampled time spent with our agent's frames on the stack. @param {import('./block-samples.js').BlockSample[]} samples */
function agentShare(samples) {
  let agent = 0;
  let total = 0;
  for (const s of samples) {
    const w = s.weightMs > 0 ? s.weightMs : 0;
    total += w;
    if (isToolSample(s.frames)) agent += w;
  }
  if (total > 0) return agent / total;
  return samples.length ? samples.filter((s) => isToolSample(s.frames)).length / samples.length : 0;
}

/**
 * A sample in the agent's async hook (Node's hook dispatch innermost) while a look ran.
 * @param {import('./block-samples.js').BlockSample} s @param {{t: number, durationMs: number}[]} looks
 */
function inLook(s, looks) {
  if (!looks.some((l) => s.t >= l.t && s.t <= l.t + l.durationMs)) return false;
  const js = s.frames.find((f) => f.kind !== 'native');
  return Boolean(js && (js.url === 'node:internal/async_hooks' || js.url === 'node:internal/promise_hooks' || isAgentUrl(js.url)));
}

/** @param {{t: number, durationMs: number}[]} spans @param {number} start @param {number} end */
function overlapMs(spans, start, end) {
  return spans.reduce((sum, p) => sum + Math.max(0, Math.min(end, p.t + p.durationMs) - Math.max(start, p.t)), 0);
}

/**
 * Where one block's time went, by time: the frame to blame of each sample (a GC sample stands for
 * the frame around it: the allocation that triggered it), the cause and phase, the known call.
 * Time no sample covers goes to the frame the block is blamed on.
 * @param {import('./block-samples.js').BlockSample[]} samples @param {number} durationMs
 */
export function blameBlock(samples, durationMs) {
  let total = samples.reduce((sum, s) => sum + s.weightMs, 0);
  const even = !(total > 0);
  if (even) total = samples.length;
  /** @type {Map<string, number>} */ const causes = new Map();
  /** @type {Map<string, number>} */ const phases = new Map();
  /** @type {Map<string, {frame: Frame, ms: number, samples: number, sample: Frame[]}>} */ const tops = new Map();
  let gcWeight = 0;
  samples.forEach((s, i) => {
    const w = even ? 1 : s.weightMs;
    const c = classifyStack(s.frames);
    if (c?.cause === 'gc') gcWeight += w;
    else if (c) {
      causes.set(c.cause, (causes.get(c.cause) ?? 0) + w);
      phases.set(`${c.cause}\0${c.phase}`, (phases.get(`${c.cause}\0${c.phase}`) ?? 0) + w);
    }
    const around = c?.cause === 'gc' ? aroundGc(samples, i) : s;
    if (!around) return;
    const top = topFrame(around.frames);
    if (top) {
      const key = `${top.functionName}\0${top.url}\0${top.line}`;
      const t = tops.get(key) ?? { frame: top, ms: 0, samples: 0, sample: around.frames };
      t.ms += w;
      t.samples += 1;
      tops.set(key, t);
    }
  });
  const scale = even ? durationMs / total : 1;
  const ranked = [...tops.values()].map((t) => ({ ...t, ms: t.ms * scale })).sort((a, b) => b.ms - a.ms);
  // time no sample stands for (the profile started or stopped inside the block) is the blamed frame's
  if (ranked[0] && !even) ranked[0].ms += Math.max(0, durationMs - total);
  return { total, gcWeight, causes, phases, tops: ranked };
}

/**
 * The nearest sample with a JavaScript stack before a GC sample (else after it), in one block.
 * @template {{frames: Frame[]}} S @param {S[]} samples @param {number} i @returns {S | null}
 */
function aroundGc(samples, i) {
  for (let j = i - 1; j >= 0; j--) if (samples[j].frames[0]?.kind !== 'gc') return samples[j];
  for (let j = i + 1; j < samples.length; j++) if (samples[j].frames[0]?.kind !== 'gc') return samples[j];
  return null;
}

/**
 * A sample of the tool's own work: the innermost JavaScript frame above Node's internals is the
 * agent's. (Agent frames further down, as under `run --scenario`'s job, are not: the job runs.)
 * @param {Frame[]} frames innermost first
 */
export function isToolSample(frames) {
  const js = frames.find((f) => f.kind === 'app' || f.kind === 'node_modules');
  return Boolean(js && isAgentUrl(js.url));
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
 * The frame a block is blamed on, for every output: the block's culprit (decided above, by time);
 * for a report saved before blocks had one, the same rule applied to its stack.
 * @param {{culprit?: {functionName: string, url: string, line: number} | null, stack?: any[]}} block
 * @returns {{functionName: string, url: string, line: number} | null}
 */
export function blamedFrame(block) {
  if (block.culprit !== undefined) return block.culprit;
  const stack = Array.isArray(block.stack) ? block.stack : [];
  const top = stack.length ? topFrame(stack.map((f) => ({ ...f, url: f.url ?? '', kind: f.kind ?? kindOf(f.url ?? '', f.functionName ?? '') }))) : null;
  return top ? pick(top) : null;
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

/**
 * Frames from V8 stack-trace lines ("    at fn (file:line:col)"), as blocked-at gives them.
 * @param {string[]} lines @returns {Frame[]}
 */
export function parseStackLines(lines) {
  return lines.map((raw) => {
    const line = raw.trim().replace(/^at\s+/, '').replace(/^async\s+/, '');
    const m = /^(?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(line);
    if (!m) return { functionName: line, url: '', line: 0, column: 0, kind: kindOf('', line) };
    const url = m[2].startsWith('file://') ? new URL(m[2]).pathname : m[2];
    const fn = m[1] || '(anonymous)';
    return { functionName: fn, url, line: Number(m[3]), column: Number(m[4]), kind: kindOf(url, fn) };
  }).filter((f) => f.url || f.functionName);
}
