// Every bad input in one table: what the user typed, the exit code README documents, and the one
// line that names the problem and the fix. No stack trace, nothing on stdout, nothing written.
// Other commands add their rows to BAD_INPUTS (the `run` rows are here; `compare`/`report` rows
// belong with those commands).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { runBin, tempDir, FIXTURES, readReport, fixture } from '../helpers.js';

const server = path.join(FIXTURES, 'http-server.js');
const isRoot = process.getuid?.() === 0;

/**
 * @typedef {object} BadInput
 * @property {string} name
 * @property {(dir: string) => string[] | Promise<string[]>} args prepared in a fresh temp folder (the cwd)
 * @property {number} code
 * @property {RegExp} line the first stderr line
 * @property {boolean} [oneLine] stderr is exactly that line (default: yes for exit 2)
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(dir: string, r: {stdout: string, stderr: string}) => void} [check] further checks (a run that went ahead)
 */

/** @type {BadInput[]} */
export const BAD_INPUTS = [
  // commands and options
  { name: 'unknown command', args: () => ['frobnicate'], code: 2, line: /unknown command or missing app file: frobnicate.*--help/ },
  { name: 'unknown option', args: () => ['run', server, '--durration', '2'], code: 2, line: /unknown option '--durration'.*Did you mean --duration\?/ },
  { name: 'unknown option before the command', args: () => ['--bogus'], code: 2, line: /unknown option '--bogus'/ },
  { name: 'option without its value', args: () => ['run', server, '--duration'], code: 2, line: /--duration.*argument missing/ },
  // the app
  { name: 'app file missing', args: () => ['run', 'nope.js'], code: 2, line: /app file not found: nope\.js.*entry file/ },
  { name: 'app is a folder', args: (dir) => ['run', dir], code: 2, line: /is a folder.*entry file inside it/ },
  {
    name: 'app path is a loop of symbolic links',
    args: (dir) => { fs.symlinkSync('b.js', path.join(dir, 'a.js')); fs.symlinkSync('a.js', path.join(dir, 'b.js')); return ['run', 'a.js']; },
    code: 2, line: /cannot read a\.js: a loop of symbolic links/,
  },
  isRoot
    ? {
      // root reads a chmod 000 file, and so does the node it starts: nothing to refuse, the run goes on
      name: 'app file chmod 000 (as root: readable, it runs)',
      args: (dir) => { fs.renameSync(fixture('blocks-script.js', dir), path.join(dir, 'app.js')); fs.chmodSync(path.join(dir, 'app.js'), 0o000); return ['run', 'app.js', '-d', '0.5', '--out', 'out']; },
      code: 0, line: /.*/, oneLine: false,
      check: (dir) => assert.equal(readReport(path.join(dir, 'out')).run.mode, 'script'),
    }
    : {
      name: 'app file chmod 000',
      args: (dir) => { fs.writeFileSync(path.join(dir, 'app.js'), ''); fs.chmodSync(path.join(dir, 'app.js'), 0o000); return ['run', 'app.js']; },
      code: 2, line: /cannot read app\.js.*permissions/,
    },
  // numbers
  { name: '--duration abc', args: () => ['run', server, '--duration', 'abc'], code: 2, line: /--duration.*'abc' is invalid.*positive duration.*500ms/ },
  { name: '--duration negative', args: () => ['run', server, '-d', '-1'], code: 2, line: /--duration.*'-1' is invalid.*positive duration/ },
  { name: '--duration zero', args: () => ['run', server, '-d', '0'], code: 2, line: /--duration.*'0' is invalid.*positive duration/ },
  { name: '--connections negative', args: () => ['run', server, '-c', '-3'], code: 2, line: /--connections.*whole number greater than 0/ },
  { name: '--connections 2.5', args: () => ['run', server, '-c', '2.5'], code: 2, line: /--connections.*whole number/ },
  { name: '--rate zero', args: () => ['run', server, '--rate', '0'], code: 2, line: /--rate.*whole number greater than 0/ },
  { name: '--probe-interval zero', args: () => ['run', server, '--probe-interval', '0'], code: 2, line: /--probe-interval.*positive number of milliseconds/ },
  { name: '--threshold abc', args: () => ['run', server, '--threshold', 'abc'], code: 2, line: /--threshold.*positive number of milliseconds/ },
  { name: '--kill-after negative', args: () => ['run', server, '--kill-after', '-5'], code: 2, line: /--kill-after.*positive number of milliseconds/ },
  { name: '--listen-timeout zero', args: () => ['run', server, '--listen-timeout', '0'], code: 2, line: /--listen-timeout.*positive duration/ },
  { name: '--port 70000', args: () => ['run', server, '--port', '70000'], code: 2, line: /--port.*1 to 65535/ },
  { name: '--port 0', args: () => ['run', server, '--port', '0'], code: 2, line: /--port.*1 to 65535/ },
  // other values
  { name: 'route without a slash', args: () => ['run', server, '--route', 'api'], code: 2, line: /--route.*starting with \// },
  { name: 'malformed header', args: () => ['run', server, '-H', 'nocolon'], code: 2, line: /--header.*Name: value/ },
  { name: 'unknown method', args: () => ['run', server, '-m', 'FETCH'], code: 2, line: /--method.*expected one of/ },
  // compare: two explicit forms, nothing guessed from the disk, no option silently ignored
  { name: 'compare: unknown scenario', args: () => ['compare', 'sync', 'set-timout'], code: 2, line: /unknown scenario: set-timout \(one of sync, async-await, next-tick, set-timeout, set-immediate, partitioned, worker-thread\)$/ },
  {
    name: 'compare: a saved run without --runs',
    args: (dir) => { fs.mkdirSync(path.join(dir, 'before')); fs.writeFileSync(path.join(dir, 'before', 'report.json'), '{}'); return ['compare', 'before', 'after']; },
    code: 2, line: /unknown scenario: before \(one of sync, .*; to compare saved runs: compare --runs <a> <b>\)/,
  },
  { name: 'compare: a saved-run option with scenarios', args: () => ['compare', 'sync', '--fail-on-regression', '5'], code: 2, line: /--fail-on-regression is an option of compare --runs/ },
  { name: 'compare --runs: a scenario option', args: () => ['compare', '--runs', 'a', 'b', '--time-budget', '2'], code: 2, line: /--time-budget is an option of the scenario replay, not of compare --runs/ },
  { name: 'compare --runs: one run', args: () => ['compare', '--runs', 'a'], code: 2, line: /compare --runs needs at least two saved runs/ },
  // the report folder
  { name: '--out is an existing file', args: (dir) => { fs.writeFileSync(path.join(dir, 'file'), ''); return ['run', server, '--out', 'file']; }, code: 2, line: /--out file is a file, not a folder.*name a folder/ },
  { name: '--out under a file (cannot be created)', args: (dir) => { fs.writeFileSync(path.join(dir, 'file'), ''); return ['run', server, '--out', 'file/sub']; }, code: 2, line: /cannot write the report folder .*file\/sub \(ENOTDIR\).*writable --out/ },
  // ports: the target fails (exit 3), and the line says why
  {
    name: '--port the app does not listen on',
    args: () => ['run', server, '--port', '1', '--listen-timeout', '1', '-d', '1', '--out', 'out'],
    code: 3, line: /--port 1 was asked for but it listened on \d+ \(drop --port/, oneLine: false,
  },
  {
    name: 'PORT already in use: the app fails with EADDRINUSE',
    args: async (dir) => ['run', server, '--route', '/', '--listen-timeout', '2', '--out', path.join(dir, 'out')],
    env: { PORT: 'BUSY' }, code: 3, line: /without listening on a port: its port is already in use \(PORT=\d+ is set: unset it/, oneLine: false,
  },
  // routes that fail are measured, never a crash
  {
    name: 'routes answering 404 and 500, resetting or hanging up connections',
    args: () => ['run', path.join(FIXTURES, 'error-routes.js'), '--route', '/404', '--route', '/500', '--route', '/reset', '--probe', '/hangup', '-d', '2', '--warmup', '0', '-c', '3', '--out', 'out'],
    code: 0, line: /.*/, oneLine: false,
    check(dir, r) {
      const report = readReport(path.join(dir, 'out'));
      const { load, probe } = report.http;
      assert.ok(load.statusCodes['404'] > 0 && load.statusCodes['500'] > 0, JSON.stringify(load.statusCodes));
      assert.ok(load.errorCodes.ECONNRESET > 0, JSON.stringify(load.errorCodes));
      assert.ok(load.errors > load.non2xx && load.non2xx > 0, JSON.stringify(load));
      assert.ok(probe.errors > 0 && probe.requests === 0, JSON.stringify(probe));
      assert.ok(report.notes.some((/** @type {string} */ n) => /could not connect or were cut off/.test(n)), report.notes.join('\n'));
      assert.match(r.stdout, /note: .*could not connect or were cut off/);
    },
  },
];

test('bad input: one clear line, the documented exit code, no stack trace, nothing written', async (t) => {
  for (const row of BAD_INPUTS) {
    await t.test(row.name, async (t) => {
      const dir = tempDir(t);
      /** @type {net.Server | null} */
      let busy = null;
      const env = { ...row.env };
      if (env.PORT === 'BUSY') {
        const s = net.createServer();
        busy = s;
        await new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(undefined)));
        env.PORT = String(/** @type {net.AddressInfo} */ (s.address()).port);
      }
      try {
        const args = await row.args(dir);
        const before = fs.readdirSync(dir).sort();
        const r = await runBin(args, { cwd: dir, env, timeoutMs: 20_000 });
        assert.equal(r.code, row.code, r.stderr);
        assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace');
        if (row.code === 2) {
          assert.equal(r.stdout, '');
          assert.deepEqual(fs.readdirSync(dir).sort(), before, 'nothing written');
        }
        if (row.code !== 0) {
          const lines = r.stderr.trimEnd().split('\n');
          assert.match(lines[0], /^eventloop-probe: /);
          assert.match(lines[0], row.line);
          if (row.oneLine ?? row.code === 2) assert.equal(lines.length, 1, r.stderr);
        }
        row.check?.(dir, r);
      } finally {
        busy?.close();
      }
    });
  }
});
