// Help and version. Every bad input (one clear line, exit 2, no stack trace) is in the table of
// bad-input.test.js.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runBin, tempDir } from '../helpers.js';

test('--help and --version exit 0', async (t) => {
  const dir = tempDir(t);
  const help = await runBin(['run', '--help'], { cwd: dir });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--duration <seconds>/);
  const version = await runBin(['--version'], { cwd: dir });
  assert.equal(version.code, 0);
  assert.match(version.stdout, /^\d+\.\d+\.\d+/);
});
