import { test } from 'node:test';
import assert from 'node:assert/strict';
import { targetEnv, requireOption, AGENT_PATH } from '../../src/launch/agent-env.js';
import { loopbackHost } from '../../src/launch/host.js';
import config from '../../src/agent/config.cjs';

test('the preload goes first in NODE_OPTIONS and the user\'s options are kept', () => {
  const env = targetEnv({ NODE_OPTIONS: '--max-old-space-size=64', PATH: '/bin' }, { dir: '/d', parentPid: 7 }, { port: 1234 });
  assert.equal(env.NODE_OPTIONS, `${requireOption(AGENT_PATH)} --max-old-space-size=64`);
  assert.equal(env.PATH, '/bin');
  assert.equal(env.PORT, '1234');
  assert.deepEqual(JSON.parse(String(env.EVENTLOOP_PROBE)), { dir: '/d', parentPid: 7 });
  assert.equal(targetEnv({ PORT: '80' }, {}, { port: 1 }).PORT, '80');
});

test('paths with spaces and quotes are quoted for NODE_OPTIONS', () => {
  assert.equal(requireOption('/a b/c"d.cjs'), '--require "/a b/c\\"d.cjs"');
});

test('the agent is active only in the process the tool started', () => {
  const env = { EVENTLOOP_PROBE: JSON.stringify({ dir: '/d', parentPid: 42 }) };
  assert.equal(config.readConfig(env, 42)?.dir, '/d');
  assert.equal(config.readConfig(env, 43), null, 'a child of the target');
  assert.equal(config.readConfig({}, 42), null);
  assert.equal(config.readConfig({ EVENTLOOP_PROBE: '{oops' }, 42), null);
});

test('load goes to loopback only', () => {
  assert.equal(loopbackHost('::'), '127.0.0.1');
  assert.equal(loopbackHost('0.0.0.0'), '127.0.0.1');
  assert.equal(loopbackHost('::1'), '[::1]');
  assert.equal(loopbackHost('127.0.0.5'), '127.0.0.5');
  assert.equal(loopbackHost('::ffff:127.0.0.1'), '127.0.0.1');
  assert.equal(loopbackHost('10.0.0.8'), null);
});
