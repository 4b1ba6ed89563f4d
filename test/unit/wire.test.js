// The agent's wire format (src/agent/wire.cjs) is the one place its words are declared: every
// command the tool sends, every message and event the agent writes, and every type the tool reads
// is one of them; the framing reads back what it writes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import wire from '../../src/agent/wire.cjs';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
// messages between the agent's own threads, never on the wire
const IN_PROCESS = ['thread-hello'];

/** @param {string} dir @returns {string[]} */
function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'browser' ? [] : sources(full);
    return /\.(c|m)?js$/.test(d.name) ? [full] : [];
  });
}

/** @param {string[]} files @param {RegExp} rx @returns {Map<string, string>} word -> first file */
function words(files, rx) {
  const found = new Map();
  for (const file of files) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(rx)) if (!found.has(m[1])) found.set(m[1], path.relative(SRC, file));
  }
  return found;
}

const agentFiles = sources(path.join(SRC, 'agent'));
const toolFiles = ['launch', 'commands', 'attach', 'profile'].flatMap((d) => sources(path.join(SRC, d)))
  .concat(sources(path.join(SRC, 'collect')));

test('every type the agent writes is declared in wire.cjs', () => {
  const declared = new Set([...Object.keys(wire.MESSAGES), ...Object.keys(wire.EVENTS), ...IN_PROCESS]);
  const written = words(agentFiles, /\btype: '([a-z-]+)'/g);
  assert.ok(written.size > 15, `${written.size} types found`);
  for (const [type, file] of written) assert.ok(declared.has(type), `${file} writes type '${type}', which wire.cjs does not declare`);
});

test('every type the tool reads and every command either side names is declared in wire.cjs', () => {
  const declared = new Set([...Object.keys(wire.MESSAGES), ...Object.keys(wire.EVENTS)]);
  for (const [type, file] of words(toolFiles, /\btype === '([a-z-]+)'/g)) {
    assert.ok(declared.has(type), `${file} reads type '${type}', which wire.cjs does not declare`);
  }
  const commands = words([...agentFiles, ...toolFiles], /\bcmd(?: ===|:) '([a-z-]+)'/g);
  assert.ok(commands.size >= 6, `${commands.size} commands found`);
  for (const [cmd, file] of commands) assert.ok(cmd in wire.COMMANDS, `${file} names command '${cmd}', which wire.cjs does not declare`);
});

test('framing: one object a line, read back whole; a cut or foreign line is skipped', async () => {
  const stream = new PassThrough();
  /** @type {any[]} */
  const got = [];
  wire.onMessages(/** @type {any} */ (stream), (m) => got.push(m));
  const line = wire.encode({ type: 'hello', pid: 1 });
  stream.write(line.slice(0, 5));
  stream.write(`${line.slice(5)}not json\n[1]\n${wire.encode({ cmd: 'stop' })}`);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(got, [{ type: 'hello', pid: 1 }, { cmd: 'stop' }]);
  assert.deepEqual(wire.decodeAll(`${wire.encode({ type: 'block', t: 1 })}{"type":"blo`), [{ type: 'block', t: 1 }]);
});

test('file names: what the agent writes is what the tool looks for', () => {
  assert.deepEqual(wire.EVENTS_FILE.exec(wire.files.events('42-t3'))?.slice(1), ['42-t3', '42', '3']);
  assert.ok(wire.profileFiles(42).test(wire.files.profile(42, 'c', 2)));
  assert.ok(wire.profileFiles('42-t3').test(wire.files.profile('42-t3', 'b', 1)));
  assert.ok(!wire.profileFiles(4).test(wire.files.profile(42, 'c', 1)), 'another process\'s profile is not this one\'s');
});
