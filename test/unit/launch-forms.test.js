// The forms of `run`: the command after `--`, node's flags in it, the short form's --node-arg, the
// NODE_OPTIONS an --env-file sets, and which process of a command runs the agent.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { splitNodeArgs, isNode, dotenvValue, envFileNodeOptions, commandName, hasLoader, misplacedNodeFlag } from '../../src/launch/command.js';
import { splitCommand } from '../../src/cli.js';
import { nodeArgs, isNodeFlag } from '../../src/options.js';
import { resolveTarget } from '../../src/commands/run/resolve-target.js';
import { targetEnv, requireOption, AGENT_PATH } from '../../src/launch/agent-env.js';
import config from '../../src/agent/config.cjs';

test('run\'s -- splits the command (or the app\'s arguments) from the options; other commands keep their argv', () => {
  assert.deepEqual(splitCommand(['run', '-d', '5', '--', 'npm', 'start']), { head: ['run', '-d', '5'], command: ['npm', 'start'] });
  assert.deepEqual(splitCommand(['--', 'node', 'a.js', '--', '--x']), { head: [], command: ['node', 'a.js', '--', '--x'] });
  assert.deepEqual(splitCommand(['run', 'a.js']), { head: ['run', 'a.js'], command: null });
  assert.deepEqual(splitCommand(['attach', '12', '--', 'x']), { head: ['attach', '12', '--', 'x'], command: null });
});

test('node\'s own flags, the entry file and its arguments', () => {
  assert.deepEqual(splitNodeArgs(['--env-file=.env', 'server.js', '--port', '3']), { nodeArgs: ['--env-file=.env'], script: 'server.js', scriptArgs: ['--port', '3'] });
  assert.deepEqual(splitNodeArgs(['--import', 'tsx', '-r', 'dotenv/config', 'src/main.ts']), { nodeArgs: ['--import', 'tsx', '-r', 'dotenv/config'], script: 'src/main.ts', scriptArgs: [] });
  assert.equal(splitNodeArgs(['-e', 'x()']).script, null);
  assert.equal(splitNodeArgs(['--run', 'dev']).script, null);
  assert.equal(isNode('node'), true);
  assert.equal(isNode('/usr/local/bin/node'), true);
  assert.equal(isNode(process.execPath), true);
  assert.equal(isNode('npm'), false);
  assert.equal(isNode('nodemon'), false);
  assert.equal(hasLoader(['--import=tsx']), true);
  assert.equal(hasLoader(['--env-file=.env']), false);
  assert.equal(misplacedNodeFlag(['--port', '3000', '--env-file=.env']), '--env-file=.env', 'run server.js -- --env-file=.env');
  assert.equal(misplacedNodeFlag(['--port', '3000', '--verbose']), null);
});

test('a report folder named for the entry file, else the command', () => {
  assert.equal(commandName(['npm', 'start']), 'npm-start');
  assert.equal(commandName(['npm', 'run', 'dev']), 'npm-run-dev');
  assert.equal(commandName(['npx', 'tsx', 'src/server.ts']), 'server');
  assert.equal(commandName(['node', '--env-file=.env', 'dist/main.js']), 'main');
});

test('NODE_OPTIONS an --env-file sets are kept after the agent\'s, as Node would apply them', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-unit-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, '.env'), 'A=1\nexport NODE_OPTIONS="--max-old-space-size=96" # big\n');
  fs.writeFileSync(path.join(dir, 'local.env'), "NODE_OPTIONS='--trace-warnings'\n");
  assert.equal(envFileNodeOptions(['--env-file=.env'], dir), '--max-old-space-size=96');
  assert.equal(envFileNodeOptions(['--env-file', '.env', '--env-file=local.env'], dir), '--trace-warnings', 'a later file wins');
  assert.equal(envFileNodeOptions(['--env-file=missing.env'], dir), null);
  assert.equal(dotenvValue('NODE_OPTIONS=--a # c', 'NODE_OPTIONS'), '--a');
  const env = targetEnv({}, {}, { nodeOptions: '--max-old-space-size=96' });
  assert.equal(env.NODE_OPTIONS, `${requireOption(AGENT_PATH)} --max-old-space-size=96`);
  // the environment's own NODE_OPTIONS wins over the file's, as in Node
  assert.equal(targetEnv({ NODE_OPTIONS: '--x' }, {}, { nodeOptions: '--y' }).NODE_OPTIONS, `${requireOption(AGENT_PATH)} --x`);
});

test('--node-arg values split on spaces; node flags are known as such', () => {
  assert.deepEqual(nodeArgs('--import tsx', ['--env-file=.env']), ['--env-file=.env', '--import', 'tsx']);
  assert.throws(() => nodeArgs('tsx', []), /expected node flags/);
  assert.equal(isNodeFlag('--env-file=.env'), true);
  assert.equal(isNodeFlag('--import'), true);
  assert.equal(isNodeFlag('--max-old-space-size=100'), true);
  assert.equal(isNodeFlag('--route'), false);
});

test('the three forms of run resolve to what is spawned', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-unit-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'server.js'), '');
  const short = resolveTarget({ app: 'server.js', appArgs: ['--x'], nodeArg: ['--env-file=.env'] }, dir);
  assert.deepEqual(short.command, [process.execPath, '--env-file=.env', path.join(dir, 'server.js'), '--x']);
  assert.equal(short.launcher, false);
  const node = resolveTarget({ command: ['node', '--env-file=.env', 'server.js'] }, dir);
  assert.equal(node.launcher, false);
  assert.equal(node.script, path.join(dir, 'server.js'));
  assert.equal(node.expectServer, false, 'a node script may be a script');
  const npm = resolveTarget({ command: ['npm', 'start'] }, dir);
  assert.equal(npm.launcher, true);
  assert.equal(npm.expectServer, true, 'under a launcher, the app is the process that listens');
  assert.throws(() => resolveTarget({ command: ['no-such-launcher-x'] }, dir), /command not found: no-such-launcher-x/);
  assert.throws(() => resolveTarget({ command: [] }, dir), /nothing after --/);
  assert.throws(() => resolveTarget({ command: ['npm', 'start'], nodeArg: ['--x'] }, dir), /--node-arg goes with an app file/);
  assert.throws(() => resolveTarget({ app: 'npm' }, dir), (/** @type {any} */ e) => /npm is a command, not an app file/.test(e.message) && /run \[options\] -- npm/.test(e.hint));
});

test('which process runs the agent: the one started, or under a launcher each one waits for its listen', () => {
  const direct = { EVENTLOOP_PROBE: JSON.stringify({ dir: '/d', parentPid: 42, claim: '\0c' }) };
  assert.equal(config.readConfig(direct, 42)?.role, 'main');
  assert.equal(config.readConfig(direct, 43)?.role, 'candidate', 'a process the app started waits');
  const launcher = { EVENTLOOP_PROBE: JSON.stringify({ dir: '/d', parentPid: 42, claim: '\0c', launcher: true }) };
  assert.equal(config.readConfig(launcher, 42)?.role, 'candidate', 'npm itself is no app');
  const measured = { EVENTLOOP_PROBE: JSON.stringify({ dir: '/d', parentPid: 42, launcher: true, measuredPid: process.pid }) };
  assert.equal(config.readConfig(measured, 7)?.role, 'main', 'the worker threads of the measured process');
  assert.equal(config.readConfig({ EVENTLOOP_PROBE: JSON.stringify({ dir: '/d', parentPid: 42 }) }, 43), null, 'no claim socket: inert');
});
