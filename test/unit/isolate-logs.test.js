// A process with a worker thread writes one V8 tick log per thread; 0x reads the first it finds.
// keepMainIsolateLog leaves the main thread's alone, told by the module its isolate ran.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { keepMainIsolateLog, kindOf } from '../../src/profile/isolate-logs.js';

test('of a process\'s tick logs, the main thread\'s is kept and its worker thread\'s removed', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-isolate-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const script = path.join(dir, 'app.js');
  fs.writeFileSync(path.join(dir, 'thread.js'), 'function workerThreadOnly() { return 1; }\nworkerThreadOnly();\n');
  fs.writeFileSync(script, [
    "const { Worker } = require('node:worker_threads');",
    "function mainThreadOnly() { let x = 0; for (let i = 0; i < 1e6; i++) x += i; return x; }",
    "new Worker(require('node:path').join(__dirname, 'thread.js')).on('exit', () => mainThreadOnly());",
  ].join('\n'));
  const r = spawnSync(process.execPath, ['--prof', `--logfile=${path.join(dir, '%p-v8.log')}`, script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const logs = () => fs.readdirSync(dir).filter((f) => f.endsWith('-v8.log'));
  assert.equal(logs().length, 2, logs().join(', '));
  assert.deepEqual(logs().map((f) => kindOf(path.join(dir, f))).sort(), ['main', 'worker']);

  const removed = keepMainIsolateLog(dir, r.pid ?? 0);
  assert.equal(removed.length, 1);
  assert.equal(logs().length, 1);
  const kept = fs.readFileSync(path.join(dir, logs()[0]), 'latin1');
  assert.match(kept, /mainThreadOnly/);
  assert.doesNotMatch(kept, /workerThreadOnly/);
  assert.deepEqual(keepMainIsolateLog(dir, r.pid ?? 0), [], 'one log: nothing to do');
});

test('logs of another process, or whose kind is not found, are left alone', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-isolate-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'isolate-0x1a2b3c-41-41-v8.log'), 'v8-version,11\n');
  fs.writeFileSync(path.join(dir, 'isolate-0x4d5e6f-41-41-v8.log'), 'v8-version,11\n');
  fs.writeFileSync(path.join(dir, 'isolate-0x7a8b9c-42-42-v8.log'), 'v8-version,11\n');
  assert.deepEqual(keepMainIsolateLog(dir, 41), []);
  assert.equal(kindOf(path.join(dir, 'isolate-0x1a2b3c-41-41-v8.log')), null);
  assert.equal(fs.readdirSync(dir).length, 3);
});
