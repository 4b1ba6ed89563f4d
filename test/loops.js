// Checks every report with several event loops shares (report.loops, verdict.loop, one profile
// file per loop), and lookups of named functions in blocks and profiles.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const KIND_ORDER = ['main', 'cluster-worker', 'worker-thread'];
// every status a verdict has, in the order the report ranks them (src/analyze/loop-sections.js)
const RANK = { responsive: 0, degraded: 1, saturated: 2, blocked: 3 };

/** @param {any} block @param {string} name */
export const stackHas = (block, name) => (block.stack ?? []).some((/** @type {any} */ f) => f.functionName === name);

/** The loop's blocks that ran `name`. @param {any} loop @param {string} name */
export const blocksIn = (loop, name) => loop.blocks.filter((/** @type {any} */ b) => stackHas(b, name));

/** The loop's longest block. @param {any} loop */
export const longest = (loop) => loop.blocks.reduce((a, /** @type {any} */ b) => (b.durationMs > a.durationMs ? b : a));

/** The profile file a loop's id gets. @param {any} loop */
export function profileFileOf(loop) {
  if (loop.kind === 'main') return 'profile.cpuprofile';
  if (loop.kind === 'cluster-worker') return `profile-worker-${loop.pid}.cpuprofile`;
  return `profile-thread-${loop.threadId}.cpuprofile`;
}

/** Whether the CPU profile in `file` has a node of function `name`. @param {string} file @param {string} name */
export function profileHas(file, name) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.ok(Array.isArray(profile.nodes) && Array.isArray(profile.samples), `${file} is a CPU profile`);
  return profile.nodes.some((/** @type {any} */ n) => n.callFrame.functionName === name);
}

/**
 * The structure of report.loops: main thread first (the target's pid), then cluster workers by
 * pid, then worker threads; ids by kind; one profile file per loop in the folder and listed in
 * artifacts; verdict.loop names the worst loop, whose status is the report's.
 * @param {any} report @param {string} out the report folder
 */
export function assertLoops(report, out) {
  const { loops } = report;
  assert.ok(Array.isArray(loops) && loops.length > 0, `report.loops: ${JSON.stringify(loops)}`);
  assert.equal(loops[0].id, 'main');
  assert.equal(loops[0].kind, 'main');
  assert.equal(loops[0].pid, report.target.pid);
  const kinds = loops.map((/** @type {any} */ l) => KIND_ORDER.indexOf(l.kind));
  assert.ok(kinds.every((k, i) => k >= 0 && (i === 0 || k >= kinds[i - 1])), `loop order ${loops.map((/** @type {any} */ l) => l.id)}`);
  const workerPids = loops.filter((/** @type {any} */ l) => l.kind === 'cluster-worker').map((/** @type {any} */ l) => l.pid);
  assert.deepEqual(workerPids, [...workerPids].sort((a, b) => a - b), 'cluster workers by pid');
  assert.equal(new Set(loops.map((/** @type {any} */ l) => l.id)).size, loops.length, 'ids are unique');
  const listed = Object.values(report.artifacts);
  for (const loop of loops) {
    if (loop.kind === 'cluster-worker') assert.equal(loop.id, `worker:${loop.pid}`);
    if (loop.kind === 'worker-thread') {
      assert.equal(loop.id, `thread:${loop.threadId}`);
      assert.equal(loop.pid, report.target.pid, 'a worker thread lives in the app\'s process');
    }
    assert.ok(typeof loop.label === 'string' && loop.label.length > 0, `${loop.id} label`);
    assert.ok(['loop', 'outside', 'none'].includes(loop.elu.source), `${loop.id} elu ${JSON.stringify(loop.elu)}`);
    assert.equal(typeof loop.fromOutside, 'boolean');
    assert.ok(Array.isArray(loop.blocks) && Array.isArray(loop.topSites) && Array.isArray(loop.notes), loop.id);
    assert.ok(loop.verdict.status in RANK, `${loop.id} verdict ${JSON.stringify(loop.verdict)}`);
    assert.deepEqual(Object.keys(loop.life).sort(), ['endMs', 'exitCode', 'signal', 'startMs'], `${loop.id} life`);
    // one CPU profile per loop, beside report.json and listed in its artifacts
    assert.equal(loop.profile?.file, profileFileOf(loop), `${loop.id} profile ${JSON.stringify(loop.profile)}`);
    assert.ok(fs.existsSync(path.join(out, loop.profile.file)), `${loop.profile.file} in the report folder`);
    assert.ok(listed.includes(loop.profile.file), `${loop.profile.file} in artifacts ${JSON.stringify(report.artifacts)}`);
  }
  if (loops.length > 1) {
    // the app's verdict is its worst loop's; the main thread's is judged with the probe (the app's),
    // so it may be worse than main's own row
    const worst = loops.find((/** @type {any} */ l) => l.id === report.verdict.loop);
    assert.ok(worst, `verdict.loop ${report.verdict.loop} is one of ${loops.map((/** @type {any} */ l) => l.id)}`);
    if (worst.kind !== 'main') assert.equal(worst.verdict.status, report.verdict.status, 'the verdict is that loop\'s');
    const rank = (/** @type {string} */ status) => /** @type {Record<string, number>} */ (RANK)[status];
    const verdicts = loops.map((/** @type {any} */ l) => `${l.id} ${l.verdict.status}`);
    assert.ok(loops.every((/** @type {any} */ l) => rank(l.verdict.status) <= rank(report.verdict.status)), `no loop worse than the app: ${verdicts}`);
    assert.ok(loops.every((/** @type {any} */ l) => l.kind === 'main' || rank(l.verdict.status) <= rank(worst.verdict.status)), `no other loop worse than ${worst.id}: ${verdicts}`);
  } else {
    assert.equal(report.verdict.loop, undefined);
  }
}

/**
 * A loop diagnosed like the main one: blocks that ran `name`, blamed on it, with cause and advice,
 * `name` in its top sites and in its own profile.
 * @param {any} loop @param {string} name @param {string} out @param {string} [cause] of its longest block
 */
export function assertBlamed(loop, name, out, cause = 'sync') {
  const show = JSON.stringify({ id: loop.id, blocks: loop.blocks.map((/** @type {any} */ b) => ({ ms: b.durationMs, gcShare: b.gcShare, cause: b.cause, culprit: b.culprit, top: b.stack?.slice(0, 4) })) });
  assert.ok(blocksIn(loop, name).length > 0, `${name} in a block's stack of ${show}`);
  // the longest the code held: on a crowded machine a collection in a block can be stretched past
  // half of it (its helper threads wait for a CPU too), and that block is then the collector's (most
  // of them never are)
  const held = loop.blocks.filter((/** @type {any} */ b) => b.cause !== 'gc');
  assert.ok(held.length >= loop.blocks.length / 2, `most blocks the code's: ${show}`);
  const block = longest({ blocks: held });
  // the app's function, as the culprit or as the one that called it (Node's API it hashes with)
  assert.ok(block.culprit?.functionName === name || block.culprit?.calledFrom?.functionName === name, show);
  assert.equal(block.cause, cause, show);
  assert.ok(typeof block.advice === 'string' && block.advice.length > 0, show);
  assert.ok(loop.topSites.some((/** @type {any} */ s) => s.functionName === name), `${name} in topSites of ${loop.id}: ${JSON.stringify(loop.topSites)}`);
  assert.ok(profileHas(path.join(out, loop.profile.file), name), `${name} in ${loop.profile.file}`);
}
