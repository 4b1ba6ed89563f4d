// The agent's data files (src/agent/sink.cjs): the summary is written over the last one in the
// same file (a shorter one padded, so what the tool reads is the newest whole summary), events
// are appended, a folder that went away silences the sink instead of throwing into the app, and
// discard leaves nothing of this loop behind.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sinkModule from '../../src/agent/sink.cjs';
import wire from '../../src/agent/wire.cjs';

const { Sink } = sinkModule;

/** @param {import('node:test').TestContext} t */
function folder(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-sink-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a summary shorter than the one before replaces it whole, in the same file', (t) => {
  const dir = folder(t);
  const sink = new Sink(dir, 123);
  sink.writeSummary({ n: 1, long: 'x'.repeat(5000), name: 'é' });
  sink.writeSummary({ n: 2 });
  assert.deepEqual(JSON.parse(fs.readFileSync(sink.summaryPath, 'utf8')), { n: 2 });
  sink.writeSummary({ n: 3, name: 'ü'.repeat(10) });
  assert.deepEqual(JSON.parse(fs.readFileSync(sink.summaryPath, 'utf8')), { n: 3, name: 'ü'.repeat(10) });
  // nothing written beside it
  assert.deepEqual(fs.readdirSync(dir), [wire.files.summary(123)]);
});

test('events are appended and read back; a folder that went away silences the sink', (t) => {
  const dir = folder(t);
  const sink = new Sink(dir, 7);
  sink.push({ type: 'mark', name: 'start', t: 1 });
  sink.flush();
  sink.push({ type: 'mark', name: 'stop', t: 2 });
  sink.flush();
  const events = wire.decodeAll(fs.readFileSync(sink.eventsPath, 'utf8'));
  assert.deepEqual(events.map((/** @type {any} */ e) => e.name), ['start', 'stop']);
  fs.rmSync(dir, { recursive: true });
  assert.doesNotThrow(() => sink.writeSummary({ n: 1 }));
  assert.equal(sink.broken, true);
  assert.doesNotThrow(() => { sink.push({ type: 'mark', name: 'late', t: 3 }); sink.flush(); });
});

test('discard removes this loop\'s files and keeps another loop\'s', (t) => {
  const dir = folder(t);
  const mine = new Sink(dir, 10);
  const other = new Sink(dir, 11);
  for (const s of [mine, other]) {
    s.push({ type: 'mark', name: 'start', t: 1 });
    s.flush();
    s.writeSummary({ ok: true });
  }
  mine.discard();
  assert.deepEqual(fs.readdirSync(dir).sort(), [wire.files.events(11), wire.files.summary(11)].sort());
});
