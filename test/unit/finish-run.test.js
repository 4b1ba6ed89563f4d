// The one path from the agent's data to the report folder and exit code (commands/shared/finish-run.js),
// on a data folder written here: the folder and its files, what was lost and why, the notes in
// their places, and the exit codes README documents.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import wire from '../../src/agent/wire.cjs';
import { finishRun, runSettings } from '../../src/commands/shared/finish-run.js';
import { parseBudgets } from '../../src/analyze/budgets.js';
import { tempDir } from '../helpers.js';

const PID = 4321;
const T0 = Date.parse('2026-11-24T10:00:00.000Z');
const OPTS = {
  probeInterval: 50, probeTimeout: 5000, connections: 1, method: 'GET', duration: 1, warmup: 0, threshold: 50,
  resolution: 20, stacks: /** @type {const} */ ('running'), profile: true, profileInterval: 10000,
};

/**
 * A run as the tool saw it: the agent said hello and wrote nothing else (no profile).
 * @param {import('node:test').TestContext} t
 * @param {Partial<import('../../src/commands/shared/finish-run.js').Seen>} [over]
 * @param {Partial<import('../../src/commands/shared/finish-run.js').Ending>} [ending]
 */
function seenOf(t, over = {}, ending = {}) {
  const dir = tempDir(t);
  const dataDir = path.join(dir, 'data');
  const outDir = path.join(dir, 'out');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(outDir);
  fs.writeFileSync(path.join(dataDir, wire.files.events(PID)), wire.encode({ type: 'hello', t: T0, pid: PID, nodeVersion: 'v20.20.2' }));
  /** @type {import('../../src/commands/shared/finish-run.js').Seen} */
  const seen = {
    dataDir, outDir, pid: PID, mode: 'observe', spawnedAt: T0,
    window: { measureStart: T0 + 100, measureEnd: T0 + 1100, warmup: null, stillRunningAtEnd: true, load: null, probe: null },
    flushed: true, messages: [], settings: runSettings(OPTS, { routes: ['/'], probe: null, load: false, scenario: null }),
    opts: {}, baseline: null, files: { log: 'target.log' },
    words: { killed: 'killed', stopped: 'stopped' },
    ending: () => ({
      target: { script: 'app.js', args: [], nodeVersion: 'v20.20.2', pid: PID, exitCode: null, signal: null, port: null, listenAfterMs: null },
      failed: null, notes: { first: ['first note'], last: ['last note'] }, ...ending,
    }),
    ...over,
  };
  return seen;
}

/** @param {{stop?: AbortSignal, kill?: AbortSignal}} [signals] */
function ioOf(signals = {}) {
  let stderr = '';
  const never = new AbortController().signal;
  return {
    io: {
      stderr: new Writable({ write(chunk, _e, done) { stderr += chunk; done(); } }),
      env: {}, cwd: '/', stop: signals.stop ?? never, kill: signals.kill ?? never, stepSummary: false,
    },
    stderr: () => stderr,
  };
}

test('a stop the agent failed: the report says the profile is lost and why, the notes keep their places, the default formats are written', (t) => {
  const seen = seenOf(t, { messages: [{ type: 'agent-error', cmd: 'stop', message: 'boom' }] });
  const { io } = ioOf();
  const result = finishRun(seen, io);
  assert.equal(result.exitCode, 0);
  const report = JSON.parse(fs.readFileSync(path.join(seen.outDir, 'report.json'), 'utf8'));
  assert.equal(report.stacks.lost, 'the agent failed handling the stop request (boom)');
  assert.equal(report.profile, null);
  assert.equal(report.notes[0], 'first note');
  assert.ok(report.notes.indexOf("the agent failed handling 'stop' inside the app (boom): its last data (the CPU profile among it) may be missing; please report it") < report.notes.indexOf('last note'));
  assert.deepEqual(report.run.settings, { ...runSettings(OPTS, { routes: ['/'], probe: null, load: false, scenario: null }) });
  assert.deepEqual(report.artifacts, { json: 'report.json', log: 'target.log', html: 'report.html', md: 'summary.md', junit: 'junit.xml' });
  assert.deepEqual(fs.readdirSync(seen.outDir).sort(), ['junit.xml', 'report.html', 'report.json', 'summary.md']);
});

test('exit codes: a target that failed 3, a budget 1, an interrupt 130 or 143, a second one 130', (t) => {
  const failed = finishRun(seenOf(t, {}, { failed: 'the app crashed' }), ioOf().io);
  assert.deepEqual([failed.exitCode, failed.message], [3, 'the app crashed']);
  const budget = finishRun(seenOf(t, { opts: { failOn: parseBudgets('lag.p99>=0ms') } }), ioOf().io);
  assert.equal(budget.exitCode, 1);
  assert.match(budget.message ?? '', /^1 budget\(s\) failed:\n {2}lag\.p99>=0ms/);
  const stop = new AbortController();
  stop.abort('SIGTERM');
  assert.deepEqual(Object.values(finishRun(seenOf(t, {}, { failed: 'x' }), ioOf({ stop: stop.signal }).io)).slice(0, 2), [143, 'stopped']);
  const kill = new AbortController();
  kill.abort();
  assert.deepEqual(Object.values(finishRun(seenOf(t), ioOf({ kill: kill.signal }).io)).slice(0, 2), [130, 'killed']);
});

test('a profile file that cannot be read: the report says which and that its samples are missing, never skips it unsaid', (t) => {
  const seen = seenOf(t);
  fs.writeFileSync(path.join(seen.dataDir, wire.files.profile(PID, 'c', 1)), '{"kind":"continuous","profile":');
  fs.writeFileSync(path.join(seen.dataDir, wire.files.profile(PID, 'b', 1)), '{"kind":"block","profile":null}');
  finishRun(seen, ioOf().io);
  const report = JSON.parse(fs.readFileSync(path.join(seen.outDir, 'report.json'), 'utf8'));
  const unread = report.notes.filter((/** @type {string} */ n) => n.startsWith('the CPU profile file '));
  assert.equal(unread.length, 2, report.notes.join('\n'));
  assert.ok(unread.some((/** @type {string} */ n) => n.startsWith(`the CPU profile file ${wire.files.profile(PID, 'c', 1)} could not be read (`) && n.endsWith('): its samples are missing')), unread.join('\n'));
  assert.ok(unread.includes(`the CPU profile file ${wire.files.profile(PID, 'b', 1)} holds no CPU profile: its samples are missing`), unread.join('\n'));
  assert.equal(report.profile, null);
});
