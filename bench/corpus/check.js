#!/usr/bin/env node
// Checks each case without the tool, as curl would: starts the app, times /health and a few
// sequential requests to the slow route, and prints the app line the expectation points at.
//   node bench/corpus/check.js [--case <id>]... [--batch A|B|C|D]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { batchOf, endOnInterrupt, install, layOut, loadCases } from './lib.js';

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** @param {number} port @param {string} route @returns {Promise<{ms: number, status: number, bytes: number}>} */
function timeGet(port, route) {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: route, timeout: 30000 }, (res) => {
      let bytes = 0;
      res.on('data', (d) => { bytes += d.length; });
      res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode ?? 0, bytes }));
    }).on('error', reject);
  });
}

/** @param {number} port */
async function waitListening(port) {
  for (let i = 0; i < 600; i++) {
    try { return await timeGet(port, '/health'); } catch { await sleep(50); }
  }
  throw new Error('the app did not answer /health within 30 s');
}

// the app of the case that runs, and its temp folder: ended and removed if this script is interrupted
const current = endOnInterrupt();

const only = process.argv.flatMap((a, i, all) => (all[i - 1] === '--case' ? [a] : []));
const batch = process.argv.flatMap((a, i, all) => (all[i - 1] === '--batch' ? [a] : []))[0];
for (const c of loadCases().filter((x) => (!only.length || only.includes(x.id)) && (!batch || batchOf(x) === batch))) {
  let tmp;
  try {
    tmp = layOut(c, install(c.packages, (l) => console.log(l)));
  } catch (err) {
    console.log(`${c.id}: FAILED ${/** @type {Error} */ (err).message}`); // a build that failed: the next case
    continue;
  }
  current.tmp = tmp;
  const port = await freePort();
  const child = spawn(process.execPath, [c.app], { cwd: tmp, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  current.child = child;
  let stderr = '';
  child.stderr?.on('data', (d) => { stderr += d; });
  try {
    const t0 = performance.now();
    await waitListening(port);
    const startMs = performance.now() - t0;
    const health = await timeGet(port, c.probe);
    const lines = fs.readFileSync(path.join(tmp, c.source), 'utf8').split('\n');
    const byRoute = c.expect.byRoute ?? [{ route: c.route, line: c.expect.line }];
    console.log(`${c.id}: up in ${startMs.toFixed(0)} ms; ${c.probe} ${health.ms.toFixed(1)} ms`);
    for (const r of c.routes ?? [c.route]) {
      const slow = [];
      for (let i = 0; i < 4; i++) slow.push(await timeGet(port, r));
      const line = byRoute.find((b) => b.route === r)?.line;
      console.log(`  ${r} ${slow.map((s) => s.ms.toFixed(0)).join('/')} ms (status ${slow[0].status}, ${slow[0].bytes} bytes)` +
        `\n  line ${line ?? '-'}: ${line ? lines[line - 1].trim() : '-'}`);
    }
  } catch (err) {
    console.log(`${c.id}: FAILED ${/** @type {Error} */ (err).message}\n${stderr.slice(-2000)}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
    current.child = null;
    current.tmp = '';
  }
}
