// Bad input: one clear line, exit 2, no stack trace, no target started.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, tempDir, FIXTURES } from '../helpers.js';

const server = path.join(FIXTURES, 'http-server.js');

/** @type {[string, (dir: string) => string[], RegExp][]} */
const CASES = [
  ['unknown option', () => ['run', server, '--durration', '2'], /unknown option '--durration'/],
  ['duration not a number', () => ['run', server, '--duration', 'abc'], /--duration.*'abc' is invalid.*positive duration/],
  ['negative connections', () => ['run', server, '-c', '-3'], /--connections.*whole number/],
  ['zero rate', () => ['run', server, '--rate', '0'], /--rate.*whole number greater than 0/],
  ['bad port', () => ['run', server, '--port', '70000'], /--port.*1 to 65535/],
  ['route without slash', () => ['run', server, '--route', 'api'], /--route.*starting with \//],
  ['malformed header', () => ['run', server, '-H', 'nocolon'], /--header.*Name: value/],
  ['unknown method', () => ['run', server, '-m', 'FETCH'], /--method.*expected one of/],
  ['missing app file', () => ['run', 'nope.js'], /app file not found: nope\.js/],
  ['app is a folder', (dir) => ['run', dir], /is a folder/],
  ['--out is a file', (dir) => { const f = path.join(dir, 'file'); fs.writeFileSync(f, ''); return ['run', server, '--out', f]; }, /--out .* is a file/],
];

for (const [name, args, expected] of CASES) {
  test(`bad input: ${name}`, async (t) => {
    const dir = tempDir(t);
    const r = await runBin(args(dir), { cwd: dir, timeoutMs: 15_000 });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, expected);
    assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    assert.ok(r.stderr.trim().split('\n').length <= 2, r.stderr);
    assert.equal(r.stdout, '');
    assert.ok(!fs.existsSync(path.join(dir, 'reports')), 'nothing written');
  });
}

test('--help and --version exit 0', async (t) => {
  const dir = tempDir(t);
  const help = await runBin(['run', '--help'], { cwd: dir });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--duration <seconds>/);
  const version = await runBin(['--version'], { cwd: dir });
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
});
