#!/usr/bin/env node
// Scores the production agent's diagnosis on the corpus: each case's app started the way a team
// leaves the agent on (`node --require eventloop-probe/register app.js`, its settings from the
// environment), its slow route driven by as many sequential clients as the case says for as long,
// then its log turned into a report (`report <log>`'s own conversion) and graded by the same rules as
// a run (score.js). Blocks here come back to back, one request after the other, as on a busy service.
// Thread-pool cases are left out: the production agent watches the loop, not libuv's pool.
//   node bench/corpus/production.js [--case <id>]... [--batch A|B|C|D] [--only-unseen] [--out <dir>]
//   [--threshold <ms>] (EVENTLOOP_PROBE_THRESHOLD, 50 as `run`'s default: the cases block 80-400 ms)

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { batchOf, endOnInterrupt, install, layOut, loadCases, ROOT } from './lib.js';
import { scoreCase, table, totals } from './score.js';
import { logToReport } from '../../src/production/log-report.js';
import { TOOL } from '../../src/tool.js';
import { freePort } from '../../src/launch/free-port.js';

const argv = process.argv.slice(2);
/** @param {string} flag */
const values = (flag) => argv.flatMap((a, i) => (argv[i - 1] === flag ? [a] : []));
const ids = values('--case');
const batch = values('--batch')[0];
const onlyUnseen = argv.includes('--only-unseen');
const threshold = values('--threshold')[0] ?? '50';
const out = path.resolve(values('--out')[0] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'elp-corpus-prod-')));
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
// the agent writes a block once its capture, requests and collections are in (2.5 s at most)
const SETTLE_MS = 3000;

const cases = loadCases().filter((c) => c.expect.problem !== 'thread-pool' && (!ids.length || ids.includes(c.id)) && (!onlyUnseen || !c.seenByRuleAuthor) && (!batch || batchOf(c) === batch));

/** @param {number} port @param {string} route @returns {Promise<void>} */
const get = (port, route) => new Promise((resolve) => {
  http.get({ host: '127.0.0.1', port, path: route, timeout: 30000 }, (res) => {
    res.resume();
    res.on('end', () => resolve());
  }).on('error', () => resolve()).on('timeout', function onTimeout() { this.destroy(); });
});

/** @param {number} port @param {string} route */
async function waitListening(port, route) {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise((resolve) => {
      http.get({ host: '127.0.0.1', port, path: route, timeout: 1000 }, (res) => { res.resume(); resolve(true); }).on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error('the app did not answer within 30 s');
}

// the app of the case that runs, and its temp folder: ended and removed if this script is interrupted
const current = endOnInterrupt();

/** @param {import('./lib.js').Case} c @param {string} tmp @param {string} log @returns {Promise<string>} the app's stderr */
async function runCase(c, tmp, log) {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), EVENTLOOP_PROBE_LOG: log, EVENTLOOP_PROBE_THRESHOLD: threshold, EVENTLOOP_PROBE_STATS: '5' };
  const child = spawn(process.execPath, ['--require', REGISTER, c.app], { cwd: tmp, env, stdio: ['ignore', 'ignore', 'pipe'] });
  current.child = child;
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitListening(port, c.probe);
    const until = Date.now() + c.duration * 1000;
    // each client cycles through the case's routes, as `run`'s load does
    const routes = c.routes ?? [c.route];
    await Promise.all(Array.from({ length: c.connections }, async (_, k) => {
      for (let i = k; Date.now() < until; i++) await get(port, routes[i % routes.length]);
    }));
    await sleep(SETTLE_MS);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    current.child = null;
  }
  return stderr;
}

const started = Date.now();
/** @type {import('./score.js').Scored[]} */
const rows = [];
for (const c of cases) {
  const dir = path.join(out, c.id);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let tmp = '';
  try {
    tmp = layOut(c, install(c.packages, (l) => console.log(`  ${l}`)));
    current.tmp = tmp;
    const log = path.join(dir, 'eventloop.log');
    const stderr = await runCase(c, tmp, log);
    if (stderr) fs.writeFileSync(path.join(dir, 'stderr.txt'), stderr);
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    const { report } = logToReport(text, { file: log, tool: TOOL });
    fs.writeFileSync(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    const row = scoreCase(c, report);
    const lines = text.split('\n').filter((l) => l.includes('"event":"block"'));
    const named = lines.filter((l) => l.includes('"captured":true')).length;
    rows.push({ ...row, note: `${row.note ? `${row.note}; ` : ''}${lines.length} block line(s), ${named} named` });
    console.log(`${c.id}: ${row.score}, ${lines.length} block line(s), ${named} named from a full capture`);
  } catch (err) {
    rows.push({ ...scoreCase(c, null), note: String(/** @type {Error} */ (err).message) });
    console.log(`${c.id}: FAILED ${/** @type {Error} */ (err).message}`);
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    current.tmp = '';
  }
}

fs.writeFileSync(path.join(out, 'score.json'), `${JSON.stringify({ threshold: Number(threshold), totals: totals(rows), cases: rows }, null, 2)}\n`);
console.log(`\n${table(rows)}\n`);
console.log(`${cases.length} case(s) (thread-pool cases left out), threshold ${threshold} ms, node ${process.version}, in ${((Date.now() - started) / 1000).toFixed(0)} s; logs, reports and score.json: ${out}`);
