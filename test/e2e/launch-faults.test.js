// `run -- npm start` when the tool itself is killed (SIGKILL, no chance to clean up): npm, the
// shell and the app all go, whether the app was already measured or still starting, and no agent
// file stays. The pids come from the app (its own, its shell's, npm's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isolatedRun } from '../isolated-run.js';
import { ROOT } from '../helpers.js';

// npm, its scripts and `node` are this node (under the Node matrix too)
const THIS_NODE = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
const TREE_SERVER = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'tree-server.js'), 'utf8');
const PACKAGE = JSON.stringify({ name: 'app', private: true, scripts: { start: 'node server.js; echo ended' } });
// npm (under Node 22+) keeps its compile cache in the temp folder
const NPM_TEMP = { tmpOfOthers: /^node-compile-cache$/ };

for (const [when, listenAfterMs] of /** @type {const} */ ([['measured', 0], ['still starting', 60_000]])) {
  test(`the tool killed with SIGKILL while the app of npm start is ${when}: npm, sh and the app go`, async (t) => {
    const run = await isolatedRun(t, {
      env: { ...THIS_NODE, LISTEN_AFTER_MS: String(listenAfterMs) },
      files: { 'server.js': TREE_SERVER, 'package.json': PACKAGE },
      args: ({ out }) => ['run', '-d', '30', '--listen-timeout', '90', '--out', out, '--', 'npm', 'start'],
      // the event: the app served load (measured), or it runs and wrote its pids (still starting)
      signals: [{ signal: 'SIGKILL', after: listenAfterMs ? 'pids' : 'served', pids: 3 }],
      timeoutMs: 60_000,
    });
    assert.equal(run.r.signal, 'SIGKILL');
    assert.equal(run.pids().length, 3, run.pids().join(','));
    await run.assertClean(NPM_TEMP);
    assert.deepEqual(fs.readdirSync(run.out), ['target.log'], 'no agent file left');
  });
}
