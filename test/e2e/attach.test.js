// `attach <pid>` against servers the tests start themselves (never the tool): blocks found with
// their stacks, the process left as it was (same listening sockets, still serving, attachable
// again), refusals, a stuck process, Ctrl-C, and the tool killed outright.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, alive, until } from '../helpers.js';
import { listeningSockets } from '../../src/proc/listening.js';

const SERVER = path.join(FIXTURES, 'attach-server.js');

/**
 * Starts the fixture server (killed by pid when the test ends) and resolves with its pid and port.
 * @param {import('node:test').TestContext} t @param {{env?: NodeJS.ProcessEnv, nodeArgs?: string[]}} [options]
 */
async function startServer(t, options = {}) {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER], {
    env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = /** @type {number} */ (child.pid);
  t.after(() => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', () => reject(new Error(`server exited: ${stderr}`)));
  });
  return { pid, port, stderr: () => stderr };
}

/** @param {number} port @param {string} route */
async function get(port, route) {
  const response = await fetch(`http://127.0.0.1:${port}${route}`, { signal: AbortSignal.timeout(15_000) });
  return response.text();
}

/** @param {number} pid */
const portsOf = (pid) => listeningSockets(pid).map((s) => `${s.address}:${s.port}`);

/** The process listens on exactly `before` again (no inspector port left). @param {number} pid @param {string[]} before @param {number} ms */
const leftAsItWas = (pid, before, ms) => until(() => JSON.stringify(portsOf(pid)) === JSON.stringify(before), ms);

/** A server and a long attach to it, once the tool says it is in. @param {import('node:test').TestContext} t */
async function attachedForLong(t) {
  const dir = tempDir(t);
  const server = await startServer(t);
  const before = portsOf(server.pid);
  const out = path.join(dir, 'out');
  const run = startAttach([String(server.pid), '-d', '60', '--out', out], dir);
  assert.ok(await run.attached(), 'the tool never said it attached');
  return { server, before, out, run };
}

/** Runs attach and resolves `attached` once the tool says it is in. @param {string[]} args @param {string} cwd */
function startAttach(args, cwd) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let attachedLine = false;
  const done = runBin(['attach', ...args], {
    cwd, timeoutMs: 90_000,
    onSpawn: (c) => {
      child = c;
      c.stderr?.on('data', (d) => { if (String(d).includes('attached to pid')) attachedLine = true; });
    },
  });
  return { done, child: () => /** @type {import('node:child_process').ChildProcess} */ (child), attached: () => until(() => attachedLine, 30_000) };
}

test('attach to a running server: blocks with the handler in their stacks, the server left as it was, attachable again', async (t) => {
  const dir = tempDir(t);
  const server = await startServer(t);
  const before = portsOf(server.pid);
  const out = path.join(dir, 'out');
  const run = startAttach([String(server.pid), '-d', '3', '--probe', '/', '--out', out], dir);
  assert.ok(await run.attached(), 'the tool never said it attached');
  await get(server.port, '/slow?ms=300');
  await get(server.port, '/slow?ms=300');
  const r = await run.done;
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.target.attached, true);
  assert.equal(report.target.pid, server.pid);
  assert.ok(report.target.uptimeAtAttachS >= 0);
  assert.deepEqual(report.target.portsBefore, before);
  // two requests of 300 ms of CPU each: two blocks, or one when a busy machine left the loop no
  // turn between them; either way blocks in the handler hold both requests' work
  const named = report.blocks.filter((b) => JSON.stringify(b.stack).includes('handleSlowReport'));
  assert.ok(named.length >= 1 && named.reduce((sum, b) => sum + b.durationMs, 0) >= 2 * 300 * 0.9, `blocks: ${JSON.stringify(report.blocks.map((b) => b.durationMs))}`);
  assert.ok(report.http.probe.requests > 0);
  // the agent wrote its CPU profile before the tool read its data: the blocks are named from it
  assert.equal(report.stacks.source, 'profile', JSON.stringify(report.stacks));
  assert.equal(report.stacks.lost, undefined);
  assert.equal(report.profile.file, 'profile.cpuprofile');
  assert.ok(named.every((b) => b.culprit?.functionName === 'handleSlowReport'), JSON.stringify(named.map((b) => b.culprit)));

  assert.equal(await get(server.port, '/'), 'ok\n', 'the server no longer serves');
  assert.ok(await leftAsItWas(server.pid, before, 3000), `ports now: ${portsOf(server.pid)}`);
  assert.match(server.stderr(), /Debugger listening on ws:\/\/127\.0\.0\.1:\d+/);
  assert.match(server.stderr(), /Debugger ending on/);

  const again = await runBin(['attach', String(server.pid), '-d', '1', '--out', path.join(dir, 'again')], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(readReport(path.join(dir, 'again')).target.attached, true);
  assert.ok(await leftAsItWas(server.pid, before, 3000), `ports now: ${portsOf(server.pid)}`);
  assert.equal(await get(server.port, '/'), 'ok\n');
});

test('refusals: one line and exit 2 for a pid that is gone, not Node, another user\'s, or already inspected', async (t) => {
  const dir = tempDir(t);
  /** @param {number} pid @param {RegExp} why @param {string[]} [extra] */
  const refused = async (pid, why, extra = []) => {
    const r = await runBin(['attach', String(pid), '-d', '1', '--out', path.join(dir, `out-${pid}`), ...extra], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, why);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  };
  await refused(99_999_999, /no running process with pid 99999999/);

  const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
  t.after(() => sleeper.kill('SIGKILL'));
  await refused(/** @type {number} */ (sleeper.pid), /is not Node\.js \(it runs .*sleep\)/);

  // a program merely named node is not signalled (SIGUSR1 would end it)
  const fakeNode = path.join(dir, 'node');
  fs.copyFileSync('/usr/bin/sleep', fakeNode);
  fs.chmodSync(fakeNode, 0o755);
  const fake = spawn(fakeNode, ['60'], { stdio: 'ignore' });
  t.after(() => fake.kill('SIGKILL'));
  await until(() => fs.readFileSync(`/proc/${fake.pid}/cmdline`, 'utf8').includes('60'), 2000);
  await refused(/** @type {number} */ (fake.pid), /cannot tell which Node\.js version process \d+ runs/);
  assert.ok(alive(/** @type {number} */ (fake.pid)));

  // the owner is checked first: any process of another user will do (as root, one we start as nobody)
  const nobody = process.getuid?.() === 0 ? spawn('sleep', ['60'], { stdio: 'ignore', uid: 65534, gid: 65534 }) : null;
  t.after(() => nobody?.kill('SIGKILL'));
  await refused(nobody?.pid ?? 1, /belongs to another user \(uid \d+\)/);

  const inspected = await startServer(t, { nodeArgs: ['--inspect=127.0.0.1:0'] });
  await refused(inspected.pid, /already has its inspector open \(--inspect/);

  const handler = await startServer(t, { env: { USR1_HANDLER: '1' } });
  await refused(handler.pid, /opened no inspector port within 1 s of SIGUSR1: either the app handles SIGUSR1 itself/, ['--attach-timeout', '1']);
  assert.equal(await get(handler.port, '/'), 'ok\n');
});

test('a server blocked in JavaScript at the moment of attach: the attach waits it out and measures', async (t) => {
  const dir = tempDir(t);
  const server = await startServer(t);
  const before = portsOf(server.pid);
  const release = path.join(dir, 'release');
  const slow = get(server.port, `/slow?until=${encodeURIComponent(release)}`);
  assert.ok(await until(() => server.stderr().includes('busy /slow'), 15_000), 'the slow request never began');
  const out = path.join(dir, 'out');
  const attaching = runBin(['attach', String(server.pid), '-d', '1', '--out', out], { cwd: dir });
  // the tool's SIGUSR1 reached the server while it was blocked in JavaScript: then let it go
  assert.ok(await until(() => /Debugger listening/.test(server.stderr()), 30_000), 'the inspector never opened');
  fs.writeFileSync(release, '');
  const r = await attaching;
  await slow;
  assert.equal(r.code, 0, r.stderr);
  assert.equal(readReport(out).target.attached, true);
  assert.ok(await leftAsItWas(server.pid, before, 3000), `ports now: ${portsOf(server.pid)}`);
  assert.equal(await get(server.port, '/'), 'ok\n');
});

test('a server stuck in native code at the moment of attach: the tool gives up within --attach-timeout and says why', async (t) => {
  const dir = tempDir(t);
  const server = await startServer(t);
  const release = path.join(dir, 'release');
  // stuck until the test releases it: however long the tool takes to get there
  const stuck = get(server.port, `/stuck?until=${encodeURIComponent(release)}`);
  assert.ok(await until(() => server.stderr().includes('busy /stuck'), 15_000), 'the stuck request never began');
  const r = await runBin(['attach', String(server.pid), '-d', '1', '--attach-timeout', '1', '--out', path.join(dir, 'out')], { cwd: dir, timeoutMs: 30_000 });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /its main thread is stuck in a synchronous call \(then Node opens the inspector on 127\.0\.0\.1:9229 when that call returns/);
  fs.writeFileSync(release, '');
  await stuck;
  assert.equal(await get(server.port, '/'), 'ok\n');
});

test('Ctrl-C while attached: detaches, writes the report, exits 130', async (t) => {
  const { server, before, out, run } = await attachedForLong(t);
  await get(server.port, '/slow?ms=200');
  run.child().kill('SIGINT');
  const r = await run.done;
  assert.equal(r.code, 130, r.stderr);
  const report = readReport(out);
  assert.ok(report.run.durationMs < 30_000);
  assert.ok(report.blocks.some((b) => JSON.stringify(b.stack).includes('handleSlowReport')),
    JSON.stringify({ blocks: report.blocks.map((b) => ({ ms: b.durationMs, stack: b.stack?.slice(0, 4) })), stacks: report.stacks }));
  assert.ok(await leftAsItWas(server.pid, before, 3000), `ports now: ${portsOf(server.pid)}`);
  assert.equal(await get(server.port, '/'), 'ok\n');
});

test('the tool killed with SIGKILL: the app keeps running, its inspector closed, no data left behind', async (t) => {
  const { server, before, out, run } = await attachedForLong(t);
  run.child().kill('SIGKILL');
  await run.done;
  assert.ok(await leftAsItWas(server.pid, before, 5000), `ports now: ${portsOf(server.pid)}`);
  assert.ok(alive(server.pid));
  assert.equal(await get(server.port, '/'), 'ok\n');
  assert.ok(await until(() => !fs.readdirSync(out).some((name) => name.startsWith('.agent-')), 3000),
    `left in ${out}: ${fs.readdirSync(out)}`);
});

test('--threads: the worker threads running at attach time are measured too, and let go', async (t) => {
  const dir = tempDir(t);
  const child = spawn(process.execPath, [path.join(FIXTURES, 'thread-pool-server.js')], { env: { ...process.env, PORT: '0' }, stdio: 'ignore' });
  const pid = /** @type {number} */ (child.pid);
  t.after(() => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
  assert.ok(await until(() => listeningSockets(pid).length === 1, 10_000));
  const before = portsOf(pid);
  const port = listeningSockets(pid)[0].port;
  const out = path.join(dir, 'out');
  const run = startAttach([String(pid), '-d', '2', '--threads', '--out', out], dir);
  assert.ok(await run.attached());
  assert.equal(await get(port, '/work'), 'done\n');
  const r = await run.done;
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.threads.length, 1, JSON.stringify(report.notes));
  assert.ok(report.threads[0].lag.samples > 0);
  assert.ok(report.threads[0].blocking.count >= 1, JSON.stringify(report.threads[0]));
  // the thread's loop gets the main loop's diagnosis: its block has the stack that ran, its own profile
  const loop = report.loops.find((l) => l.kind === 'worker-thread');
  assert.ok(loop, JSON.stringify(report.loops.map((l) => l.id)));
  assert.ok(loop.blocks.some((b) => b.stack.some((f) => f.url === '[worker eval]' && f.kind === 'app')), JSON.stringify(loop.blocks.map((b) => b.stack)));
  assert.ok(loop.profile && fs.existsSync(path.join(out, loop.profile.file)));
  assert.ok(await leftAsItWas(pid, before, 3000), `ports now: ${portsOf(pid)}`);
  assert.equal(await get(port, '/work'), 'done\n');
});

test('an ES module server: attach under load finds its blocking handler, and detaches', async (t) => {
  const dir = tempDir(t);
  const app = path.join(dir, 'server.mjs');
  fs.writeFileSync(app, [
    "import http from 'node:http';",
    'function renderInvoice() { const end = Date.now() + 120; while (Date.now() < end); }',
    "const server = http.createServer((req, res) => { if (req.url === '/invoice') renderInvoice(); res.end('ok\\n'); });",
    "server.listen(0, '127.0.0.1', () => console.log(server.address().port));",
  ].join('\n'));
  const child = spawn(process.execPath, [app], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = /** @type {number} */ (child.pid);
  t.after(() => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
  const port = await new Promise((resolve) => child.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
  const before = portsOf(pid);
  const out = path.join(dir, 'out');
  const r = await runBin(['attach', String(pid), '-d', '2', '--route', '/invoice', '-c', '2', '--probe', '/', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.ok(report.http.load.requests > 0);
  assert.ok(report.blocks.some((b) => JSON.stringify(b.stack).includes('renderInvoice')), JSON.stringify(report.blocks.slice(0, 2)));
  assert.ok(await leftAsItWas(pid, before, 3000), `ports now: ${portsOf(pid)}`);
  assert.equal(await get(port, '/'), 'ok\n');
});

test('attached again and again, with and without --threads: the app keeps the descriptors, threads and sockets it had', async (t) => {
  const dir = tempDir(t);
  const child = spawn(process.execPath, [path.join(FIXTURES, 'thread-pool-server.js')], { env: { ...process.env, PORT: '0' }, stdio: 'ignore' });
  const pid = /** @type {number} */ (child.pid);
  t.after(() => { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } });
  assert.ok(await until(() => listeningSockets(pid).length === 1, 10_000));
  const threadsBefore = fs.readdirSync(`/proc/${pid}/task`).length;
  const ports = portsOf(pid);
  /** @param {string[]} extra */
  const attachOnce = async (extra) => {
    const r = await runBin(['attach', String(pid), '-d', '1', '--out', path.join(dir, `out-${Math.random()}`), ...extra], { cwd: dir, timeoutMs: 60_000 });
    assert.equal(r.code, 0, r.stderr);
    // the agent is gone when its inspector port is: the app listens on what it had
    assert.ok(await leftAsItWas(pid, ports, 5000), `ports now: ${portsOf(pid)}`);
  };
  // the first attach opens Node's inspector machinery once (it stays, as after any --inspect)
  await attachOnce([]);
  const fds = () => fs.readdirSync(`/proc/${pid}/fd`).length;
  const threads = () => fs.readdirSync(`/proc/${pid}/task`).length;
  const fdsAfterFirst = fds();
  for (let i = 0; i < 6; i++) await attachOnce(i % 2 ? ['--threads'] : []);
  // the agent's threads and descriptors end as it detaches
  assert.ok(await until(() => fds() === fdsAfterFirst && threads() === threadsBefore, 5000),
    `descriptors ${fdsAfterFirst} -> ${fds()}, threads ${threadsBefore} -> ${threads()}`);
  assert.equal(await get(listeningSockets(pid)[0].port, '/work'), 'done\n');
});
