// The production agent's worker thread: watches the app's heartbeat, captures what the main thread
// runs while its loop is blocked (a CPU profile through an inspector session to the main thread,
// started once the loop is half the threshold late; on a heap the profiler's start would walk too
// long, stack samples the main thread evaluates: agent/stack-sampler.cjs), and when the main thread reports the block,
// diagnoses it with the same analysis as `run` (who owned the time, the line that called it, the
// fix) and writes one JSON line. Also the "start" and "stats" lines. Everything here runs off the
// app's thread; the log is appended synchronously from this thread only.
//
// An idle service must not pay for the watch: while nothing is pending this thread sleeps in
// Atomics.wait and reads its messages with receiveMessageOnPort, so its event loop does not turn
// (a turn of a Node loop, with the tasks V8 posts for it, cost about 0.3 ms of CPU on our VM, a
// futex wake-up 0.1 ms). The inspector session to the main thread is open only while a capture
// runs: a session left connected makes Node print "Waiting for the debugger to disconnect..."
// when the app calls process.exit().

import fs from 'node:fs';
import path from 'node:path';
import inspector from 'node:inspector';
import { workerData, parentPort, receiveMessageOnPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { TOOL } from '../tool.js';
import { blockLine, listenLine, statsLine, startLine } from './lines.js';
import { captureOf } from './capture-of.js';
import { CaptureBudget, startWalkMs, PROFILER_WALK } from './capture-budget.js';
import { sampleStacks, nowUs, profileOf, microtasksLine, SAMPLE_EXPRESSION, sampleOf } from '../agent/stack-sampler.cjs';

const require = createRequire(import.meta.url);
const { epochNow, monotonicToEpochMs } = require('../agent/clock.cjs');
const { mainAnswered } = require('../agent/hang-up.cjs');

/** @type {{heartbeat: SharedArrayBuffer, settings: import('./settings.cjs').ProductionSettings, pid: number, loop: string, cwd: string, argv: string[], nodeVersion: string}} */
const data = /** @type {any} */ (workerData);
const { settings } = data;
const beat = new Float64Array(data.heartbeat, 0, 4);
// [0] 1: the main thread posted a message (it notifies this word)
const mail = new Int32Array(data.heartbeat, 32, 1);
const POLL_MS = Math.max(10, Math.round(settings.thresholdMs / 4));
// a loop that keeps beating is looked at this often at least (its messages wake this thread anyway)
const MAX_SLEEP_MS = 1000;
// a quiet watch lets this thread's own loop turn this often (the tasks V8 posts to it run then)
const QUIET_TURN_MS = 10_000;
const START_AFTER_MS = settings.thresholdMs / 2;
// A look is due this long after the moment the loop would be START_AFTER_MS late. The heartbeat's
// interval divides resolution + START_AFTER_MS, and each beat comes a little after its due time:
// a look due exactly then lands just before a beat, sees the one before, and the next is due one
// interval later (a look every beat: 9-10 wake-ups a second of an idle service at the defaults).
// A few ms later it sees that beat and sleeps two intervals.
const LOOK_SLACK_MS = 5;
// In an app that serves HTTP requests, a capture goes on this long after the loop turned: blocks back
// to back (slow requests queued one behind the other) are then sampled from their start, not from
// when a new capture could begin (half a threshold and more into each, too late to name it). Not in
// other apps: a session still open when an app calls process.exit() makes Node print "Waiting for
// the debugger to disconnect...", and a script that blocks then exits would. A capture ends after
// MAX_CAPTURE_MS at most, its blocks written, and a new one begins at once if the loop is still held.
const LINGER_MS = settings.thresholdMs;
const MAX_CAPTURE_MS = Math.max(1000, settings.thresholdMs * 5);
const SAMPLING_US = 1000;
// a block the main thread reported is written once its capture ended and its requests and garbage
// collection came (the main thread sends them on a heartbeat 50 ms or more after the block), or
// after this long without them
const PAIR_WAIT_MS = 2500;
// A block's diagnosis holds this thread 10-60 ms (more for the first: its sources are read). While the
// loop is late, a block is going on: its capture comes first (a sampled capture's samples and the start
// of a capture wait for this thread), and the diagnoses wait for the loop to turn, this long at most.
const DEFER_MAX_MS = 5000;
const KEEP_CAPTURES = 8;
// a capture names a block's culprit when it holds at least this many samples of the app's code,
// the first of them before the last third of the block (else the block is written as 'partial')
const MIN_SAMPLES = 5;
const MIN_SEEN_SHARE = 1 / 3;
const KEEP_EVENTS_MS = 120_000;
// the culprits, own fixes and evidence of the blocks diagnosed so far, the latest this many: a culprit's
// fix is read from all its blocks' evidence (culprit-fix.js), not from one block's side of a threshold
const KEEP_VOTES = 500;
/** @type {import('../analyze/culprit-fix.js').Vote[]} */
const votes = [];
// ...and their routes and owners: a block two owners held near evenly is named after the owner its
// route's blocks so far name (route-owner.js), as a run's is
/** @type {import('../analyze/route-owner.js').RouteOwner[]} */
const owners = [];
// ...and the app's functions they ran under a package's calls: a later block whose package frames run
// alone there had that function inlined (inlined-callee.js; a capture starts after V8 optimized the code)
/** @type {import('../analyze/inlined-callee.js').Teacher[]} */
const callees = [];
const budget = new CaptureBudget(settings.captureBudgetMs);
// the app's entry script, where a package's block with no app frame on its stack finds the app line
const appFiles = data.argv[0] && !data.argv[0].startsWith('-') ? [path.resolve(data.cwd, data.argv[0])] : [];
// the beat before the lateness a capture was refused for (one refusal a block), and when refusals were
/** @type {number} */ let refusedFor = 0;
/** @type {number[]} */ const refusals = [];
let walkNoted = false;
// After a profiler start that walked the heap half a threshold or more (20 ms at least; said once in a
// note), captures sample the stack without the profiler (agent/stack-sampler.cjs), a sample every SAMPLER_MS
// (settings.capture 'auto'): a capture starts when a block is half a threshold old, and a walk that
// long again would leave no time to sample a block of threshold length. Below it, the profiler, which
// sees native code and garbage collection, and whose starts the budget holds.
const SAMPLER_WALK_MS = Math.max(20, settings.thresholdMs / 2);
const SAMPLER_MS = 2;
// a sample's period: the pause and the round trip to the app's thread
const SAMPLER_INTERVAL_US = 2500;
/** @type {ReturnType<typeof sampleStacks> | null} the sampler's capture */
let sampling = null;
// a sampled capture whose thread did not answer for half a threshold (native code holds it: samples
// cannot see inside, V8's profiler can): the captures of the next UNANSWERED_HOLD_MS use the
// profiler, within the budget. Only the next one did before: an app whose blocks are one native
// call had every other block unnamed
const UNANSWERED_HOLD_MS = 60_000;
// how long a sampled capture waits for the app's thread before it counts as unanswered: half a threshold
const UNANSWERED_US = (settings.thresholdMs / 2) * 1000;
let unansweredAt = -Infinity;
/** @type {number | null} processTicksAndRejections's line that runs the microtask queue, for the sampler's profiles */
let microLine = null;
microtasksLine().then((line) => { microLine = line; }, () => {});

/** @type {inspector.Session | null} open while a capture runs */
let session = null;
/** @param {string} method @param {object} [params] @returns {Promise<any>} */
const send = (method, params) => new Promise((resolve, reject) => {
  if (!session) {
    reject(new Error('no inspector session'));
    return;
  }
  session.post(method, params, (e, r) => (e ? reject(e) : resolve(r)));
});
/**
 * One stack of the app's thread, as the sampler takes it (every frame, whatever V8 compiled), or null.
 * @returns {Promise<{us: number, frames: (string | number)[][]} | null>}
 */
const witnessStack = () => send('Runtime.evaluate', { expression: SAMPLE_EXPRESSION, returnByValue: true, silent: true })
  .then((r) => sampleOf(r?.result?.value), () => null);
function closeSession() {
  try {
    session?.disconnect();
  } catch {
    // gone with the main thread
  }
  session = null;
}

// the analysis is loaded once the watch runs: a block right after start-up is captured too
/** @type {Promise<{timeProfile: typeof import('../analyze/profiles.js').timeProfile, attributeBlocks: typeof import('../analyze/attribution.js').attributeBlocks,
 *   ownerOf: typeof import('../analyze/ownership.js').ownerOf, sources: import('../sources/app-sources.js').AppSources}> | null} */
let analysis = null;
let analysisSettled = false;
const loadAnalysis = () => (analysis ??= Promise.all([import('../analyze/profiles.js'), import('../analyze/attribution.js'), import('../analyze/ownership.js'), import('../sources/app-sources.js')])
  .then(([p, a, o, s]) => ({ timeProfile: p.timeProfile, attributeBlocks: a.attributeBlocks, ownerOf: o.ownerOf, sources: new s.AppSources() })));
/** @type {{from: number, to: number, profile: any, epochOffsetMs: number, startMs: number, intervalUs: number, witnessed?: any}[]} witnessed: the
 *   stacks the app's thread gave during a profiler's capture, as a profile */
const captures = [];
/** @type {{us: number, frames: (string | number)[][]}[]} the running capture's */
let witnesses = [];
// one asked at a time (a thread inside a native call answers once it returns), this many a capture at most
let witnessing = false;
const MAX_WITNESSES = 100;
/** @type {{t: number, durationMs: number, waitMs?: number, runMs?: number, at: number}[]} */
const pending = [];
/** @type {{t: number, observed?: false, pauses?: {t: number, durationMs: number}[], runs?: any[]}[]} the garbage collection in each block (not observed: the capture's samples tell it) */
const blockGc = [];
/** @type {any[]} */ const blockRequests = [];
let capturing = false;
let captureFrom = 0;
let captureStartMs = 0;
// when the loop was seen on time again while a capture runs (0: not since it was last seen late)
let turnedAt = 0;
// the app serves HTTP requests (a block said so)
let served = false;
let failures = 0;
let dropped = 0;
let minute = { start: 0, written: 0 };
let sink = makeSink();
// the app's heap at the last stats line (MB), for the note on a capture's cost
let heapMb = 0;

parentPort?.on('message', receive);

/** A message of the main thread. @param {any} m */
function receive(m) {
  if (!m || typeof m.type !== 'string') return;
  if (m.type === 'block') {
    pending.push({ ...m, at: epochNow() });
    if (m.served === true) served = true;
  }
  else if (m.type === 'block-gc') blockGc.push(m);
  else if (m.type === 'block-requests') blockRequests.push(m);
  else if (m.type === 'start') sink.write(startLine({ t: m.t, pid: data.pid, loop: data.loop, nodeVersion: data.nodeVersion, argv: data.argv, settings, tool: TOOL }));
  else if (m.type === 'listen') sink.write(listenLine({ t: m.t, pid: data.pid, loop: data.loop }));
  else if (m.type === 'stats') {
    if (typeof m.summary?.memory?.heapUsed === 'number') heapMb = Math.round(m.summary.memory.heapUsed / 1048576);
    sink.write(statsLine(m, data.pid, dropped, budget.take()));
    dropped = 0;
  }
}

/** The messages the main thread posted, read without a turn of this thread's loop. */
function drain() {
  if (!parentPort) return;
  for (let m = receiveMessageOnPort(parentPort); m !== undefined; m = receiveMessageOnPort(parentPort)) receive(m.message);
}

/** How late the loop is: how long past its next beat's due time. */
const lateness = () => epochNow() - beat[0] - settings.resolutionMs;

/**
 * Nothing pending: the watch sleeps in Atomics.wait until the loop is late enough for a capture,
 * a message needs more than a line written, or the stop; and at least once every QUIET_TURN_MS
 * it returns, so this thread's loop turns now and then.
 */
function quietWatch() {
  const until = epochNow() + QUIET_TURN_MS;
  for (;;) {
    Atomics.store(mail, 0, 0);
    drain();
    if (beat[1] === 1 || pending.length || (beat[0] > 0 && lateness() >= START_AFTER_MS)) return;
    const left = until - epochNow();
    if (left <= 0) return;
    Atomics.wait(mail, 0, 0, Math.max(1, Math.min(nextLookMs(), left)));
  }
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long to sleep before the next look: while a capture runs, until the loop may have turned
 * (POLL_MS); else until the moment the loop would be START_AFTER_MS late if it has not beaten by
 * then (a loop that keeps beating pushes that moment on: one wake-up per few beats, and a capture
 * that starts as soon as a block is that old, not up to a poll later).
 */
function nextLookMs() {
  if (capturing || beat[0] <= 0) return POLL_MS;
  const due = beat[0] + settings.resolutionMs + START_AFTER_MS + LOOK_SLACK_MS - epochNow();
  // blocks waiting for their requests are written on a look
  return Math.max(1, Math.min(due, pending.length ? POLL_MS : MAX_SLEEP_MS));
}

async function watch() {
  setTimeout(() => { loadAnalysis().catch(() => {}).finally(() => { analysisSettled = true; }); }, 0);
  while (beat[1] !== 1) {
    if (analysisSettled && !capturing && !pending.length) {
      quietWatch();
      await sleep(0); // the loop turns: what the main thread posted meanwhile is in
    } else await sleep(nextLookMs());
    const late = lateness();
    try {
      if (!capturing && beat[0] > 0 && late >= START_AFTER_MS) await startIfAllowed();
      else if (sampling && late >= START_AFTER_MS && nowUs() - (sampling.samples.at(-1)?.us ?? sampling.startUs) >= UNANSWERED_US) {
        // the app's thread has not answered a sample for half a threshold while the loop is held:
        // native code (samples cannot see in). The block goes unnamed, but the profiler, started as
        // soon as the call returns, sees the next ones (blocks back to back: one capture spans many)
        await stopCapture();
        if (lateness() >= START_AFTER_MS) await startIfAllowed();
      } else if (capturing) {
        const now = epochNow();
        // a block goes on: a stack of it with every frame, for the profile's samples of it
        if (!sampling && !witnessing && late >= START_AFTER_MS && witnesses.length < MAX_WITNESSES) {
          witnessing = true;
          witnessStack().then((w) => {
            witnessing = false;
            if (w && capturing) witnesses.push(w);
          });
        }
        if (late >= START_AFTER_MS / 2) turnedAt = 0;
        else if (!turnedAt) turnedAt = now;
        if ((turnedAt && now - turnedAt >= (served ? LINGER_MS : 0)) || now - captureFrom >= MAX_CAPTURE_MS) {
          await stopCapture();
          if (lateness() >= START_AFTER_MS) await startIfAllowed();
        }
      }
      failures = 0;
    } catch (error) {
      capturing = false;
      sampling?.stop();
      sampling = null;
      beat[2] = 0;
      closeSession();
      if (++failures === 3) sink.note(`stack captures keep failing (${/** @type {Error} */ (error).message}): blocks are written without their stack`);
    }
    await writePending(false);
    prune();
  }
  if (capturing) await stopCapture().catch(() => {});
  await writePending(true);
}

/** A capture starts if the budget allows it; a refusal is noted once for the lateness it was for. */
async function startIfAllowed() {
  if (refusedFor === beat[0]) return;
  const now = epochNow();
  if (sampled()) startSampling();
  else if (budget.fits(now)) await startCapture();
  // the profiler's budget is spent after a sampled capture the thread did not answer: samples again
  else if (settings.capture === 'auto' && budget.lastMs >= SAMPLER_WALK_MS) startSampling();
  else {
    budget.refused();
    refusedFor = beat[0];
    refusals.push(now);
  }
}

/** The next capture samples without the profiler: its start would walk a large heap. */
const sampled = () => settings.capture === 'samples'
  || (settings.capture === 'auto' && budget.lastMs >= SAMPLER_WALK_MS && epochNow() - unansweredAt >= UNANSWERED_HOLD_MS);

/** A capture with V8's profiler. */
async function startCapture() {
  beat[2] = 1;
  // sent together: the app's thread answers them in order, and a crowded machine does not
  // delay the start by scheduling this thread between them
  const t = epochNow();
  session = new inspector.Session();
  session.connectToMainThread();
  // and a stack of the thread, which has every frame: the profiler does not see code V8 compiled
  // before it started (the block's hot loop), nor inlined (analyze/inlined-callee.js)
  const [, , , witness] = await Promise.all([send('Profiler.enable'), send('Profiler.setSamplingInterval', { interval: SAMPLING_US }), send('Profiler.start'), witnessStack()]);
  witnesses = witness ? [witness] : [];
  captureFrom = epochNow();
  // the profiler's start runs on the app's thread (V8 walks its compiled code): at most this long
  captureStartMs = captureFrom - t;
  capturing = true;
  turnedAt = 0;
}

/** A capture of samples the app's thread evaluates (no profiler, no heap walk). */
function startSampling() {
  budget.recordSampled();
  session = new inspector.Session();
  session.connectToMainThread();
  captureFrom = epochNow();
  captureStartMs = 0;
  capturing = true;
  turnedAt = 0;
  sampling = sampleStacks(send, SAMPLER_MS);
}

async function stopCapture() {
  capturing = false;
  const epochOffsetMs = monotonicToEpochMs();
  if (sampling) {
    const { samples, startUs } = sampling;
    const error = await sampling.stop();
    sampling = null;
    closeSession();
    // a sampler that could not sample counts as a failed capture (three in a row are said)
    if (error && !samples.length) throw error;
    let gapUs = (samples[0]?.us ?? startUs) - startUs;
    for (let i = 1; i < samples.length; i++) gapUs = Math.max(gapUs, samples[i].us - samples[i - 1].us);
    if (gapUs >= UNANSWERED_US) unansweredAt = epochNow();
    const profile = profileOf(samples, startUs, nowUs(), microLine);
    captures.push({ from: captureFrom, to: epochNow(), profile, epochOffsetMs, startMs: 0, intervalUs: SAMPLER_INTERVAL_US });
    if (captures.length > KEEP_CAPTURES) captures.shift();
    return;
  }
  try {
    // the loop may be held still (blocks back to back): another witness
    const witness = await witnessStack();
    if (witness) witnesses.push(witness);
    const { profile } = await send('Profiler.stop');
    await send('Profiler.disable');
    // the heap walk of the profiler's start, measured on the app's thread (the round trip when no sample came)
    const walkMs = startWalkMs(profile, SAMPLING_US) ?? captureStartMs;
    budget.record(captureFrom, walkMs);
    if (walkMs >= SAMPLER_WALK_MS && !walkNoted) {
      walkNoted = true;
      const then = settings.capture === 'profiler' ? `each captured block is that much longer; captures take at most ${settings.captureBudgetMs} ms of each minute (EVENTLOOP_PROBE_CAPTURE_BUDGET)`
        : 'the next captures sample the stack without the profiler (no walk; native code and garbage collection unseen)';
      sink.note(`a stack capture's start held the app's thread ${Math.round(walkMs)} ms (V8's profiler walks the whole heap when it starts${heapMb ? `; heap ${heapMb} MB` : ''}): ${then}`);
    }
    witnesses.sort((a, b) => a.us - b.us);
    const witnessed = witnesses.length ? profileOf(witnesses, witnesses[0].us, witnesses[witnesses.length - 1].us, microLine) : null;
    captures.push({ from: captureFrom, to: epochNow(), profile, epochOffsetMs, startMs: walkMs, intervalUs: SAMPLING_US, ...(witnessed ? { witnessed } : {}) });
    if (captures.length > KEEP_CAPTURES) captures.shift();
  } finally {
    beat[2] = 0;
    closeSession();
  }
}

/** Writes the blocks whose capture has ended (or that waited long enough for one). @param {boolean} all */
async function writePending(all) {
  const now = epochNow();
  for (const b of [...pending]) {
    const end = b.t + b.durationMs;
    // a capture still running that began before the block ended may be the block's own
    if (!all && capturing && captureFrom < end) continue;
    const capture = captureOf(captures, b.t, end);
    const requests = !settings.requests || blockRequests.some((r) => Math.abs(r.t - b.t) <= 2);
    const gc = blockGc.some((g) => g.t === b.t);
    if (!all && (!capture || !requests || !gc) && (capturing || now - b.at < PAIR_WAIT_MS)) continue;
    if (!all && lateness() > 0 && epochNow() - b.at < DEFER_MAX_MS) return;
    pending.splice(pending.indexOf(b), 1);
    if (!allowed(now)) continue;
    const { block, heldBy, captured, seen } = await diagnose(b, capture);
    const skipped = !capture && refusals.some((r) => r >= b.t && r <= end) ? { spentMs: Math.round(budget.spent(now)), budgetMs: settings.captureBudgetMs } : null;
    const line = blockLine(block, { pid: data.pid, loop: data.loop, cwd: data.cwd, captured, heldBy, seen, skipped });
    sink.write(line);
    parentPort?.postMessage({ type: 'block', line });
  }
}

/**
 * The block, diagnosed from its capture as `run` diagnoses a block from its profile; whose stall it
 * was (the app's, the machine's, the tool's: `run`'s rule), and how much of it the capture saw.
 * @param {{t: number, durationMs: number, waitMs?: number, runMs?: number}} b @param {typeof captures[number] | undefined} capture
 * @returns {Promise<{block: any, heldBy: 'app' | 'machine' | 'tool', captured: boolean | 'partial', seen: {samples: number, firstMs: number | null} | null}>}
 */
async function diagnose(b, capture) {
  const { timeProfile, attributeBlocks, ownerOf, sources } = await loadAnalysis();
  const profiles = capture ? [timeProfile({ kind: 'block', epochOffsetMs: capture.epochOffsetMs, intervalUs: capture.intervalUs, profile: capture.profile }, 'capture')] : [];
  if (capture?.witnessed) profiles.push(timeProfile({ kind: 'witness', epochOffsetMs: capture.epochOffsetMs, intervalUs: SAMPLER_INTERVAL_US, profile: capture.witnessed }, 'witness'));
  // the profiler's heap walk at the capture's start, timed on the app's thread by the profile itself
  // (not a round trip from this thread): the tool's own stall inside the block, which it lengthened
  const toolStalls = capture?.startMs ? [{ t: capture.from - capture.startMs, durationMs: capture.startMs, what: PROFILER_WALK }] : [];
  const gc = blockGc.find((g) => g.t === b.t);
  try {
    const { blocks, coverage, votes: own, routeOwners: routeOwnersOf, callees: taught } = attributeBlocks([{ startMs: 0, durationMs: b.durationMs, ...(b.waitMs !== undefined ? { waitMs: b.waitMs } : {}), ...(b.runMs !== undefined ? { runMs: b.runMs } : {}) }], profiles, {
      from: b.t, cwd: data.cwd, sources, thresholdMs: settings.thresholdMs, ...(gc?.observed === false ? {} : { gcPauses: gc?.pauses ?? [], gcRuns: gc?.runs ?? [] }), blockRequests, toolStalls, processThread: data.loop === 'main', briefTool: true, appFiles, votes, routeOwners: owners, callees,
    });
    votes.push(...own);
    if (votes.length > KEEP_VOTES) votes.splice(0, votes.length - KEEP_VOTES);
    const captured = !capture ? false : enough(coverage[0], b.durationMs) ? true : 'partial';
    // a route's owner counts from the blocks a capture saw enough of, whose line names it
    if (captured === true) owners.push(...routeOwnersOf);
    if (captured === true) callees.push(...taught);
    if (callees.length > KEEP_VOTES) callees.splice(0, callees.length - KEEP_VOTES);
    if (owners.length > KEEP_VOTES) owners.splice(0, owners.length - KEEP_VOTES);
    const block = { ...blocks[0], t: b.t };
    const owner = ownerOf(block, settings.thresholdMs, { processThread: data.loop === 'main' });
    const heldBy = owner === 'starved' ? 'machine' : owner;
    return { block, heldBy, captured, seen: coverage[0] };
  } catch (error) {
    return { block: { startMs: 0, durationMs: b.durationMs, t: b.t, advice: `the analysis failed: ${/** @type {Error} */ (error).message}` }, heldBy: 'app', captured: Boolean(capture), seen: null };
  }
}

/**
 * Whether a capture saw enough of a block to name what held it: a few samples of the app's code,
 * from early enough that they are not only its tail (a capture that starts late, on a crowded
 * machine, may catch only the response being written after the work).
 * @param {{samples: number, firstMs: number | null}} c @param {number} durationMs
 */
function enough(c, durationMs) {
  return c.samples >= MIN_SAMPLES && c.firstMs !== null && durationMs - c.firstMs >= MIN_SEEN_SHARE * durationMs;
}

/** The rate limit: at most maxBlocksPerMin block lines a minute, the rest counted. @param {number} now */
function allowed(now) {
  if (now - minute.start >= 60_000) minute = { start: now, written: 0 };
  if (minute.written >= settings.maxBlocksPerMin) {
    dropped++;
    return false;
  }
  minute.written++;
  return true;
}

/** Bounded memory: what is older than a block could still need goes. */
function prune() {
  const old = epochNow() - KEEP_EVENTS_MS;
  for (const list of [blockGc, blockRequests]) {
    while (list.length && list[0].t < old) list.shift();
  }
  while (refusals.length && refusals[0] < old) refusals.shift();
}

/**
 * Where the lines go: the log file (appended, one line at a time), or stderr. A file that cannot
 * be written is said once on stderr, and the lines go to stderr from then on.
 */
function makeSink() {
  let file = settings.log ? path.resolve(data.cwd, settings.log) : null;
  let said = false;
  /** @param {string} text */
  const toStderr = (text) => {
    try {
      fs.writeSync(2, text);
    } catch {
      // nowhere to write
    }
  };
  return {
    /** @param {object} line */
    write(line) {
      const text = `${JSON.stringify(line)}\n`;
      if (file) {
        try {
          fs.appendFileSync(file, text);
          return;
        } catch (error) {
          if (!said) toStderr(`eventloop-probe: cannot write ${file} (${/** @type {Error} */ (error).message}): its lines go to stderr\n`);
          said = true;
          file = null;
        }
      }
      toStderr(text);
    },
    /** @param {string} text */
    note(text) {
      this.write({ event: 'note', t: new Date().toISOString(), pid: data.pid, loop: data.loop, text });
    },
  };
}

watch().catch(() => {}).finally(async () => {
  closeSession();
  if (parentPort) await mainAnswered(parentPort, { type: 'hung-up' }); // this thread ends after that (hang-up.cjs)
  parentPort?.close();
});
