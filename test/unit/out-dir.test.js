// The report folder: made a level at a time (nested folders that do not exist yet), and a path the
// kernel will not make a folder at is one clear error at once, never a hang.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareOutDir } from '../../src/launch/out-dir.js';

test('--out: nested folders are made; /proc refuses at once with the reason', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-out-dir-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const made = prepareOutDir('a/b/c', 'run', dir);
  assert.equal(made, path.join(dir, 'a', 'b', 'c'));
  assert.ok(fs.statSync(made).isDirectory());
  assert.equal(prepareOutDir('a/b/c', 'run', dir), made, 'an existing folder is taken as it is');
  fs.writeFileSync(path.join(dir, 'file'), '');
  assert.throws(() => prepareOutDir('file/sub', 'run', dir), /cannot write the report folder .*\(ENOTDIR\)/);
  if (process.platform === 'linux') {
    // Node 20's recursive mkdir spins at full CPU here
    assert.throws(() => prepareOutDir('/proc/elp-no-such-folder/x', 'run', dir), /cannot write the report folder \/proc\/elp-no-such-folder\/x \(ENOENT\)/);
  }
});
