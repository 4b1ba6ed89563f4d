// Blocks in the service's own words, on express, fastify and NestJS apps under mixed load: each
// block names the request route that ran in it (never the fast one), how many requests of it ran
// back to back and how long each took, and who waited; routes with ids collapse to their pattern;
// the user's own traffic (--no-load) is followed the same way; a route budget fails the run.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, until } from '../helpers.js';

/**
 * @param {import('node:test').TestContext} t @param {string} app @param {string[]} args
 * @param {{env?: NodeJS.ProcessEnv, code?: number}} [o]
 */
async function run(t, app, args, o = {}) {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, app), ...args, '--out', out], { cwd: dir, env: o.env });
  assert.equal(r.code, o.code ?? 0, r.stderr);
  return { report: readReport(out), r, dir };
}

/** Every block that ran a request names the slow route first, never the fast one. @param {any} report @param {string} slow */
function assertBlocksName(report, slow) {
  const withRequests = report.blocks.filter((/** @type {any} */ b) => b.requests?.ran?.length);
  assert.ok(withRequests.length > 0, `blocks with requests: ${JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.requests))}`);
  for (const b of withRequests) assert.equal(b.requests.ran[0].route, slow, JSON.stringify(b.requests));
  assert.ok(!report.blocks.some((/** @type {any} */ b) => b.requests?.ran?.[0]?.route === 'GET /fast'), 'the fast route never blamed');
}

test('express: /orders/7 and /orders/8 are one route; the blocks name it, the fast route never; per-route rows and a route budget', async (t) => {
  const { report, r } = await run(t, 'routes-express.js', [
    '--route', '/orders/7', '--route', '/orders/8', '--route', '/fast', '--probe', '/fast', '-c', '4', '-d', '3',
    '--fail-on', 'routes["GET /orders/:id"].blocks>0',
  ], { code: 1 });
  assertBlocksName(report, 'GET /orders/:id');
  const rows = Object.fromEntries(report.routes.map((/** @type {any} */ x) => [x.route, x]));
  assert.ok(rows['GET /orders/:id'], JSON.stringify(report.routes));
  assert.ok(!report.routes.some((/** @type {any} */ x) => /\/orders\/\d/.test(x.route)), 'ids collapsed');
  assert.ok(rows['GET /orders/:id'].requests > 0 && rows['GET /orders/:id'].blocks > 0);
  assert.ok(rows['GET /fast'].requests > 0);
  assert.ok(rows['GET /orders/:id'].blockedMs > rows['GET /fast'].blockedMs);
  assert.deepEqual(report.budgets.map((/** @type {any} */ b) => b.ok), [false]);
  assert.match(r.stdout + r.stderr, /request/);
});

test('fastify 5, -c 10 on a 150 ms handler: blocks of many requests back to back, each about 150 ms; the advice speaks of one request', async (t) => {
  const { report } = await run(t, 'routes-fastify.mjs', ['--route', '/report/1', '--probe', '/fast', '-c', '10', '-d', '3']);
  assertBlocksName(report, 'GET /report/:id');
  const longest = [...report.blocks].sort((a, b) => b.durationMs - a.durationMs)[0];
  const top = longest.requests.ran[0];
  assert.ok(top.count >= 3, JSON.stringify(longest.requests));
  // the handler computes until the clock says 150 ms: a busy machine makes it no shorter
  assert.ok(top.msEach >= 140 && top.msEach < longest.durationMs / 2, JSON.stringify(top));
  // a block the window's edge cut says so first, of its part inside the window, whose requests are known
  const edge = longest.clipped ? `This block went on past the edge of the measured window \\(${Math.round(longest.fullDurationMs)} ms in all, \\d+ ms inside it\\): what follows is of its part inside the window\\. ` : '';
  assert.match(longest.advice, new RegExp(`^${edge}GET /report/:id ran ${top.count} times back to back \\(~\\d+ ms each\\)[^.]* in this \\d+ ms block`));
  assert.match(longest.advice, /Each request: .* ran \d+ ms without yielding/);
  assert.ok(longest.requests.waited >= top.count - 1);
});

test('NestJS: the controller route\'s pattern names the blocks, the fast route never', async (t) => {
  const { report } = await run(t, path.join('real-apps', 'nest-routes.js'), ['--route', '/orders/3', '--route', '/fast', '--probe', '/fast', '-c', '4', '-d', '3']);
  assertBlocksName(report, 'GET /orders/:id');
});

test('--no-load: the user\'s own traffic is followed, request by request', async (t) => {
  const dir = tempDir(t);
  const portFile = path.join(dir, 'port');
  const out = path.join(dir, 'out');
  const sent = { slow: 0, fast: 0 };
  const child = runBin(['run', path.join(FIXTURES, 'routes-express.js'), '--no-load', '-d', '4', '--out', out], { cwd: dir, env: { PORT_FILE: portFile } });
  assert.ok(await until(() => fs.existsSync(portFile) && fs.readFileSync(portFile, 'utf8').length > 0, 20_000), 'the app listened');
  const port = Number(fs.readFileSync(portFile, 'utf8'));
  const get = (/** @type {string} */ p) => new Promise((resolve) => {
    http.get(`http://127.0.0.1:${port}${p}`, (res) => { res.resume(); res.on('end', resolve); }).on('error', resolve);
  });
  // the window opens a moment after the app listens: traffic until the tool is done
  let done = false;
  child.finally(() => { done = true; });
  while (!done) {
    await Promise.all([get(`/orders/${sent.slow}`), get(`/orders/${sent.slow + 1}`), get('/fast')]);
    sent.slow += 2;
    sent.fast += 1;
  }
  const r = await child;
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.run.mode, 'observe');
  assertBlocksName(report, 'GET /orders/:id');
  const rows = Object.fromEntries(report.routes.map((/** @type {any} */ x) => [x.route, x]));
  assert.ok(rows['GET /orders/:id'].requests > 0 && rows['GET /orders/:id'].requests <= sent.slow, JSON.stringify(report.routes));
});
