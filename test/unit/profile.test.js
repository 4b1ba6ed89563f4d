import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { resolveProfiler, profilerChoice, clinicChoice, RESOLVE_ENV } from '../../src/profile/resolve.js';
import { socketPath } from '../../src/profile/relay.js';
import { EXIT } from '../../src/errors.js';
import { ROOT, until } from '../helpers.js';

const require = createRequire(import.meta.url);
const { openChannel } = require('../../src/agent/channel.cjs');

/** A temp folder removed when the test ends. @param {import('node:test').TestContext} t */
function temp(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-unit-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A minimal installed package under dir/node_modules. @param {string} dir @param {string} name @param {string} version */
function installFake(dir, name, version) {
  const pkg = path.join(dir, 'node_modules', name);
  fs.mkdirSync(pkg, { recursive: true });
  fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name, version, main: 'main.js' }));
  fs.writeFileSync(path.join(pkg, 'main.js'), 'module.exports = 1;\n');
  return pkg;
}

test('the user\'s project is searched before the tool\'s own dependencies', (t) => {
  const project = temp(t);
  const pkg = installFake(project, '0x', '9.9.9');
  const found = resolveProfiler({ profiler: '0x' }, { cwd: project, env: {} });
  assert.equal(found?.module, path.join(pkg, 'main.js'));
  assert.equal(found?.version, '9.9.9');
  assert.equal(found?.html, '0x/flamegraph.html');
  // Without it in the project, the tool's own devDependency is found.
  const own = resolveProfiler({ profiler: '0x' }, { cwd: temp(t), env: {} });
  assert.ok(own?.module.startsWith(path.join(ROOT, 'node_modules', '0x')), own?.module);
});

test('clinic tools resolve from @clinic/<tool> or through clinic', (t) => {
  const project = temp(t);
  const pkg = installFake(project, '@clinic/doctor', '1.2.3');
  assert.equal(resolveProfiler({ clinic: 'doctor' }, { cwd: project, env: {} })?.module, path.join(pkg, 'main.js'));
  const viaClinic = resolveProfiler({ clinic: 'flame' }, { cwd: temp(t), env: {} });
  assert.equal(viaClinic?.label, 'clinic flame');
  assert.equal(viaClinic?.html, 'clinic/flame.html');
  assert.equal(resolveProfiler({}, { cwd: project, env: {} }), null);
});

test('a missing profiler is a usage error with the install hint', (t) => {
  const empty = temp(t);
  assert.throws(() => resolveProfiler({ profiler: '0x' }, { cwd: empty, env: { [RESOLVE_ENV]: empty } }),
    (/** @type {any} */ e) => e.exitCode === EXIT.USAGE && e.hint === 'npm install --save-dev 0x');
  assert.throws(() => resolveProfiler({ clinic: 'bubbleprof' }, { cwd: empty, env: { [RESOLVE_ENV]: empty } }),
    (/** @type {any} */ e) => e.exitCode === EXIT.USAGE && e.hint === 'npm install --save-dev clinic');
  assert.throws(() => resolveProfiler({ profiler: '0x', clinic: 'doctor' }, { cwd: empty, env: {} }), /cannot be used together/);
});

test('--profiler and --clinic accept only the tools we drive', () => {
  assert.equal(profilerChoice('0x'), '0x');
  assert.throws(() => profilerChoice('perf'), /expected 0x/);
  for (const tool of ['doctor', 'flame', 'bubbleprof']) assert.equal(clinicChoice(tool), tool);
  assert.throws(() => clinicChoice('heapprofiler'), /doctor, flame, bubbleprof/);
});

test('the socket path stays inside the work folder unless too long for sun_path', (t) => {
  const dir = temp(t);
  assert.equal(socketPath(dir), path.join(dir, 'agent.sock'));
  const long = socketPath(path.join(dir, 'x'.repeat(120)));
  assert.ok(!long.includes('x'.repeat(120)));
  assert.ok(Buffer.byteLength(long) < 100);
});

test('the agent channel works over a Unix socket path, both ways, and reports the tool gone', async (t) => {
  const sock = path.join(temp(t), 'a.sock');
  /** @type {string[]} */
  const fromAgent = [];
  /** @type {net.Socket | null} */
  let toolSide = null;
  const server = net.createServer((s) => {
    toolSide = s;
    s.setEncoding('utf8');
    s.on('data', (d) => fromAgent.push(String(d)));
  });
  await new Promise((resolve) => server.listen(sock, () => resolve(null)));
  /** @type {object[]} */
  const commands = [];
  let gone = false;
  const channel = openChannel(sock, (/** @type {object} */ c) => commands.push(c), () => { gone = true; });
  channel.send({ type: 'hello', pid: 1 });
  assert.ok(await until(() => toolSide !== null && fromAgent.join('').includes('\n'), 10_000), 'the agent\'s hello');
  assert.deepEqual(JSON.parse(fromAgent.join('').trim()), { type: 'hello', pid: 1 });
  /** @type {net.Socket} */ (/** @type {unknown} */ (toolSide)).write('{"cmd":"start"}\n');
  assert.ok(await until(() => commands.length === 1, 10_000), 'the tool\'s command');
  assert.deepEqual(commands, [{ cmd: 'start' }]);
  /** @type {net.Socket} */ (/** @type {unknown} */ (toolSide)).destroy();
  server.close();
  assert.ok(await until(() => gone, 10_000), 'the tool gone');
  assert.equal(gone, true);
});
