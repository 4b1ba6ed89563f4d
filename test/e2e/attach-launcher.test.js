// `attach <pid>` given npm, a shell or any process that is not the app: the Node.js process below it
// that listens is measured and named, or, when several or none listen, one line names the
// candidates (exit 2). The processes are the test's own, ended by their group when it ends.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runBin, readReport, tempDir, ROOT, BIN, until } from '../helpers.js';
import { listeningSockets } from '../../src/proc/listening.js';

// npm, its scripts and `node` are this node (under the Node matrix too)
const THIS_NODE = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
const ENV_SERVER = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'env-server.js'), 'utf8');

async function freePort() {
  const s = net.createServer();
  await new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(undefined)));
  const port = /** @type {net.AddressInfo} */ (s.address()).port;
  await new Promise((resolve) => s.close(() => resolve(undefined)));
  return port;
}

/**
 * Starts a command in its own process group (ended with it when the test ends) and waits until
 * `ports` listen in the processes that wrote their pid to PIDS_FILE.
 * @param {import('node:test').TestContext} t @param {string} dir @param {string[]} command @param {number[]} ports
 */
async function startGroup(t, dir, command, ports) {
  const pidsFile = path.join(dir, 'pids.txt');
  // the group's temp folder is the test's, removed with it (npm under Node 22+ keeps its compile cache there)
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp);
  const child = spawn(command[0], command.slice(1), {
    cwd: dir, detached: true, stdio: 'ignore', env: { ...process.env, ...THIS_NODE, TMPDIR: tmp, PIDS_FILE: pidsFile, DB_URL: 'postgres://localhost/app', PORT: String(ports[0]) },
  });
  const pid = /** @type {number} */ (child.pid);
  t.after(() => { try { process.kill(-pid, 'SIGKILL'); } catch { /* gone */ } });
  const servers = () => (fs.existsSync(pidsFile) ? fs.readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  const up = await until(() => ports.every((port) => servers().some((p) => listeningSockets(p).some((s) => s.port === port))), 30_000);
  assert.ok(up, `the servers of ${command.join(' ')} never listened`);
  return { pid, servers };
}

test('attach to the pid of npm start: the node server below it is measured, and said so', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'server.js'), ENV_SERVER);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, scripts: { start: 'node server.js' } }));
  const port = await freePort();
  const npm = await startGroup(t, dir, ['npm', 'start'], [port]);
  const [server] = npm.servers();
  const out = path.join(dir, 'out');
  const r = await runBin(['attach', String(npm.pid), '-d', '1', '--out', out], { cwd: dir, env: THIS_NODE, timeoutMs: 60_000 });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, new RegExp(`pid ${npm.pid} \\(npm start\\) is not the app; measuring the Node\\.js process below it that listens: pid ${server} \\(node server\\.js\\)`));
  const report = readReport(out);
  assert.equal(report.target.pid, server);
  assert.deepEqual(report.target.launcher, { pid: npm.pid, command: 'npm start' });
  assert.equal(report.target.commandLine, 'node server.js');
  assert.equal(report.target.port, port);
  assert.ok(report.lag.samples > 0);
});

test('attach to a shell with two node servers below it: refused, both named', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'server.js'), ENV_SERVER);
  const [a, b] = [await freePort(), await freePort()];
  const shell = await startGroup(t, dir, ['sh', '-c', `PORT=${a} node server.js & PORT=${b} node server.js & wait`], [a, b]);
  const r = await runBin(['attach', String(shell.pid), '-d', '1'], { cwd: dir, timeoutMs: 60_000 });
  assert.equal(r.code, 2, r.stderr);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], new RegExp(`pid ${shell.pid} \\(sh -c .*\\) does not serve itself, and 2 Node\\.js processes below it listen: `));
  for (const pid of shell.servers()) assert.match(lines[0], new RegExp(`${pid} \\(node server\\.js, port (${a}|${b})\\)`));
  // --port picks one of them
  const out = path.join(dir, 'out');
  const picked = await runBin(['attach', String(shell.pid), '--port', String(b), '-d', '1', '--out', out], { cwd: dir, timeoutMs: 60_000 });
  assert.equal(picked.code, 0, picked.stderr);
  assert.equal(readReport(out).target.port, b);
});

test('attach to npm whose node child does not listen: refused, the child named', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'worker.js'), "require('node:fs').appendFileSync(process.env.PIDS_FILE, `${process.pid}\\n`);\nsetInterval(() => {}, 1000);\n");
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, scripts: { start: 'node worker.js' } }));
  const npm = await startGroup(t, dir, ['npm', 'start'], []);
  assert.ok(await until(() => npm.servers().length === 1, 30_000));
  const r = await runBin(['attach', String(npm.pid), '-d', '1'], { cwd: dir, timeoutMs: 60_000 });
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, new RegExp(`^eventloop-probe: error: pid ${npm.pid} \\(npm start\\) is a package manager, and none of the Node\\.js processes below it listens: ${npm.servers()[0]} \\(node worker\\.js\\)`));
});

test('attach to the shell the tool was run from: the tool is no candidate of its own', async () => {
  // `eventloop-probe attach $$` from a shell: the only Node.js process below the shell is the tool itself
  const r = await new Promise((resolve) => {
    const child = spawn('bash', ['-c', `"${process.execPath}" "${BIN}" attach $$ -d 1; echo "rc=$?"`], { env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', () => resolve({ out, err }));
  });
  assert.match(r.out, /rc=2/, r.err);
  assert.equal(r.err.trim().split('\n').length, 1, r.err);
  assert.match(r.err, /is not Node\.js/);
  assert.doesNotMatch(r.err, /eventloop-probe\.js attach|below it listens/, r.err);
});
