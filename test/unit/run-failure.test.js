// How an app failed: the error line found in its stderr, and whether it failed to start (no
// window: no verdict) or during the window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appError } from '../../src/analyze/app-error.js';
import { runFailure } from '../../src/analyze/run-failure.js';

const CANNOT_FIND = `node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module './config.json'
Require stack:
- /srv/app/server.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at Module._load (node:internal/modules/cjs/loader:1038:27)
    at require (node:internal/modules/helpers:182:18)
    at Object.<anonymous> (/srv/app/server.js:2:16)
    at Module._compile (node:internal/modules/cjs/loader:1521:14) {
  code: 'MODULE_NOT_FOUND'
}

Node.js v20.20.2
npm error code 1
npm error command failed`;

test('the first Error: line and its top frame in the app\'s own code', () => {
  assert.deepEqual(appError(CANNOT_FIND, '/srv/app'), { line: "Error: Cannot find module './config.json'", frame: 'Object.<anonymous> (server.js:2:16)' });
  const inUse = 'Error: listen EADDRINUSE: address already in use :::3000\n    at Server.setupListenHandle [as _listen2] (node:net:1908:16)\n'
    + '    at Function.listen (/srv/app/node_modules/express/lib/application.js:635:24)\n    at Object.<anonymous> (/srv/app/server.js:8:5)\n';
  assert.equal(appError(inUse, '/srv/app')?.frame, 'Object.<anonymous> (server.js:8:5)', 'not express\'s frame, not node\'s');
  assert.equal(appError("TypeError [ERR_X]: bad\n    at f (file:///srv/app/a.mjs:1:2)\n", '/srv/app')?.frame, 'f (a.mjs:1:2)');
  assert.deepEqual(appError('node: --env-file= is not allowed in NODE_OPTIONS\n'), { line: 'node: --env-file= is not allowed in NODE_OPTIONS', frame: null });
  assert.deepEqual(appError('npm warn x\nnpm error Missing script: "dev"\nnpm error\n'), { line: 'npm error Missing script: "dev"', frame: null });
  assert.deepEqual(appError('starting\nlost the database\n'), { line: 'lost the database', frame: null });
  assert.equal(appError('starting\nlost the database\n', undefined, { strict: true }), null);
  assert.equal(appError(''), null);
});

/** @param {Partial<Parameters<typeof runFailure>[0]>} over */
const seen = (over) => runFailure({
  what: 'the app', spawnError: null, exit: null, crashedBy: null, startedAt: 1000, expectServer: true, listened: false, loopTurned: true,
  stillRunningAtEnd: true, mode: 'script', stderr: '', output: '', wantedPort: undefined, listenedPorts: [], env: {}, log: 'target.log', ...over,
});

test('a failed start: before the window, whatever the app did', () => {
  const crashed = seen({ exit: { code: 1, signal: null, at: 1500 }, stillRunningAtEnd: false, stderr: CANNOT_FIND });
  assert.equal(crashed?.stage, 'start');
  assert.equal(crashed?.reason, 'exited');
  assert.equal(crashed?.message, 'the app exited with code 1 after 0.5 s without listening on a port');
  assert.equal(crashed?.error?.line, "Error: Cannot find module './config.json'");
  assert.equal(seen({})?.reason, 'never-listened');
  assert.match(seen({ launcher: true, what: 'npm start' })?.message ?? '', /^no Node\.js process of npm start listened on a port within --listen-timeout/);
  const taken = seen({ exit: { code: 1, signal: null, at: 1300 }, stillRunningAtEnd: false, stderr: 'Error: listen EADDRINUSE: address already in use :::3000\n', env: { PORT: '3000' } });
  assert.equal(taken?.reason, 'port-in-use');
  assert.match(taken?.message ?? '', /its port is already in use \(PORT=3000 is set/);
  assert.equal(seen({ exit: { code: 0, signal: null, at: 1300 }, stillRunningAtEnd: false })?.message, 'the app exited after 0.3 s without listening on a port');
  // a script: its window starts at the loop's first turn
  const script = { expectServer: false, exit: /** @type {const} */ ({ code: 1, signal: null, at: 1200 }), stillRunningAtEnd: false };
  assert.equal(seen({ ...script, loopTurned: false })?.stage, 'start');
  assert.equal(seen({ ...script, loopTurned: true })?.stage, 'run');
  assert.equal(seen({ ...script, exit: { code: 0, signal: null, at: 1200 } }), null, 'a script that ends well');
  assert.equal(seen({ spawnError: new Error('spawn x ENOENT') })?.reason, 'spawn-error');
});

test('a failure inside the window keeps the window', () => {
  const common = { listened: true, mode: /** @type {const} */ ('load'), stillRunningAtEnd: false };
  assert.deepEqual(
    [seen({ ...common, exit: { code: 1, signal: null, at: 4000 } })?.stage, seen({ ...common, exit: { code: 1, signal: null, at: 4000 } })?.reason],
    ['run', 'exited']);
  const early = seen({ ...common, exit: { code: 0, signal: null, at: 1400 } });
  assert.equal(early?.reason, 'exited-early');
  assert.equal(early?.message, 'the app exited on its own (code 0) after 0.4 s, before the load ended');
  assert.equal(seen({ ...common, crashedBy: 'SIGSEGV', exit: { code: null, signal: 'SIGSEGV', at: 2000 } })?.reason, 'killed');
  assert.equal(seen({ listened: true, mode: 'load' }), null, 'ran until stopped');
});
