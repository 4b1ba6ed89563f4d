// The diagnosis on code its rules were not written for: a service that hands its work to npm
// packages. Each route's blocks name the package that owned the time (with the version its
// package.json says), the app line that called it, and the fix that fits; a saturated thread
// pool is said to be one, with the line that fills it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, FIXTURES } from '../helpers.js';
import { isolatedRun } from '../isolated-run.js';

const SOURCE = fs.readFileSync(path.join(FIXTURES, 'package-routes.js'), 'utf8').split('\n');
/** The 1-based line of the fixture holding `text`. @param {string} text */
const lineOf = (text) => SOURCE.findIndex((l) => l.includes(text)) + 1;
/** @param {string} name */
const versionOf = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;

// A dependency the tool has never heard of, with a regex that backtracks on a long input.
const SNIFF = {
  'node_modules/agent-sniff/package.json': JSON.stringify({ name: 'agent-sniff', version: '1.0.3', main: 'index.js' }),
  'node_modules/agent-sniff/index.js': "module.exports = function isBot(ua) {\n  return /^(\\w+\\s?)+$/.test(ua);\n};\n",
};

/**
 * One route of the fixture under load, the probe on /health.
 * @param {import('node:test').TestContext} t @param {string} route @param {string[]} [extra]
 */
async function runRoute(t, route, extra = []) {
  const run = await isolatedRun(t, {
    fixture: 'package-routes.js', files: SNIFF,
    prepare: (work) => {
      for (const name of ['express', 'yaml', 'fast-xml-parser']) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(work, 'node_modules', name));
    },
    args: (p) => ['run', p.app, '--route', route, '--probe', '/health', '-d', '3', '--out', p.out, ...extra],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  await run.assertClean();
  return run.report();
}

/**
 * The longest of the app's blocks that the profile saw. On a crowded machine V8's sampling thread
 * can miss a block; such a block names no culprit and says why, never a guess.
 * @param {any} report
 */
function longest(report) {
  const blocks = [...report.blocks].sort((a, b) => b.durationMs - a.durationMs);
  assert.ok(blocks.length, `no block: ${JSON.stringify(report.verdict)}`);
  for (const b of blocks.filter((x) => !x.culprit)) assert.match(b.advice ?? '', /no stack sample fell inside|only the tool's own work was sampled|garbage collection took/, JSON.stringify(b));
  // a pause of the collector with no code sampled in it (on a crowded machine its helper threads wait
  // for CPUs, so one the route's allocations caused can outlast the route's own blocks): the
  // allocation fix, and set apart from the blocks whose code is judged below
  for (const b of blocks.filter((x) => x.culprit?.owner?.kind === 'gc')) assert.equal(b.fix, 'allocation', JSON.stringify(b));
  const seen = blocks.filter((x) => x.culprit && x.culprit.owner?.kind !== 'gc');
  assert.ok(seen.length, `no block has a culprit: ${JSON.stringify(blocks.map((x) => x.advice))}`);
  return seen[0];
}

for (const c of [
  { route: '/yaml', owner: 'yaml', line: 'YAML.parse(doc)', fix: 'cache-bound-offload', advice: /parse less often \(once, and cache the result\)/ },
  { route: '/xml', owner: 'fast-xml-parser', line: 'parser.parse(xml)', fix: 'cache-bound-offload', advice: /One library call cannot be split with setImmediate/ },
  { route: '/sniff', owner: 'agent-sniff', version: '1.0.3', line: 'sniff(req.query.ua', fix: 'regex-dependency', advice: /a match that backtracks \(a ReDoS\), or one pass over a very large input\. Bound the input's length before the call, and upgrade agent-sniff: `npm ls agent-sniff`/ },
]) {
  test(`${c.route}: the package that held the loop, its version, the line that called it, the fix for a package`, async (t) => {
    const report = await runRoute(t, c.route);
    const b = longest(report);
    assert.equal(b.culprit.owner.kind, 'package', JSON.stringify(b.culprit));
    assert.equal(b.culprit.owner.name, c.owner);
    assert.equal(b.culprit.owner.version, c.version ?? versionOf(c.owner));
    assert.equal(b.culprit.calledFrom.line, lineOf(c.line), `${b.culprit.label}: the line that called it`);
    assert.equal(b.fix, c.fix, b.advice);
    assert.match(b.advice, c.advice);
    assert.equal(b.owners[0].name, c.owner, JSON.stringify(b.owners));
    assert.equal(report.verdict.status, 'blocked');
  });
}

test('/export: a large res.json is JSON.stringify\'s time through express, called at the handler\'s line', async (t) => {
  const b = longest(await runRoute(t, '/export', ['-c', '2']));
  assert.deepEqual(b.culprit.owner, { kind: 'json', name: 'JSON.stringify' });
  assert.equal(b.culprit.calledFrom.line, lineOf('res.json(big)'));
  assert.equal(b.fix, 'payload');
  assert.match(b.advice, /send and parse less \(paginate, select fields\)/);
});

test('/hash: the loop is free while async hashes fill libuv\'s thread pool: saturated, filled by crypto.pbkdf2 at its line', async (t) => {
  const report = await runRoute(t, '/hash', ['-c', '16']);
  const pool = report.threadPool;
  assert.ok(pool, 'the pool was measured');
  assert.equal(pool.saturated, true, JSON.stringify(pool));
  assert.equal(pool.size, 4);
  assert.ok(pool.callers.length, `the callers were seen: ${JSON.stringify(pool)}`);
  assert.deepEqual([pool.callers[0].api, pool.callers[0].line], ['crypto.pbkdf2', lineOf('crypto.pbkdf2(')], JSON.stringify(pool.callers));
  assert.match(pool.advice, /CPU-bound( and the CPUs are busy)?: more pool threads \(UV_THREADPOOL_SIZE\) cannot make it faster/);
  // the verdict says so (the loop itself may also have stalled on a busy machine)
  assert.ok(['saturated', 'blocked'].includes(report.verdict.status), report.verdict.status);
  assert.ok(report.verdict.reasons.some((/** @type {string} */ r) => r.startsWith('libuv\'s thread pool saturated')), report.verdict.reasons.join('; '));
});

test('an addon\'s own async work fills the pool (argon2\'s hash): named by the addon and the app line that called it, not by the salt it drew through Node first', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'addon-pool-server.js',
    prepare: (work) => {
      fs.mkdirSync(path.join(work, 'node_modules'), { recursive: true });
      for (const name of ['argon2', '@phc', 'node-gyp-build', 'node-addon-api']) {
        if (fs.existsSync(path.join(ROOT, 'node_modules', name))) fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(work, 'node_modules', name));
      }
    },
    args: (p) => ['run', p.app, '--route', '/hash', '--probe', '/health', '-c', '16', '-d', '3', '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  await run.assertClean();
  const pool = run.report().threadPool;
  assert.ok(pool, 'the pool was measured');
  assert.equal(pool.saturated, true, JSON.stringify(pool));
  const source = fs.readFileSync(path.join(FIXTURES, 'addon-pool-server.js'), 'utf8').split('\n');
  const top = pool.callers[0];
  assert.deepEqual([top?.native, top?.package, top?.api, top?.line], [true, 'argon2', 'argon2.hash', source.findIndex((l) => l.includes('await argon2.hash(')) + 1], JSON.stringify(pool.callers));
  assert.match(pool.advice, /filled by the native work of argon2 \(argon2\.hash, argon2:HashWorker\) at addon-pool-server\.js:\d+/);
});

/**
 * A fixture server under 16 connections, with a package of the test's written to its node_modules: the run's
 * pool, which must be saturated, and the 1-based line of the fixture that holds a text.
 * @param {import('node:test').TestContext} t @param {string} name @param {{name: string, version: string}} pkg
 * @param {string} source the package's index.js @param {string[]} [links] packages of this checkout's the fixture requires
 */
async function saturatedPool(t, name, pkg, source, links = []) {
  const run = await isolatedRun(t, {
    fixture: name,
    files: { [`node_modules/${pkg.name}/package.json`]: JSON.stringify({ ...pkg, main: 'index.js' }), [`node_modules/${pkg.name}/index.js`]: source },
    prepare: (work) => { for (const link of links) fs.symlinkSync(path.join(ROOT, 'node_modules', link), path.join(work, 'node_modules', link)); },
    args: (p) => ['run', p.app, '--route', '/', '--probe', '/health', '-c', '16', '-d', '3', '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  await run.assertClean();
  const pool = run.report().threadPool;
  assert.ok(pool, 'the pool was measured');
  assert.equal(pool.saturated, true, JSON.stringify(pool));
  const lines = fs.readFileSync(path.join(FIXTURES, name), 'utf8').split('\n');
  return { pool, lineOf: (/** @type {string} */ text) => lines.findIndex((l) => l.includes(text)) + 1 };
}

test('pool jobs a package makes from a callback of its own (a hash in its salt\'s callback): named by the package and the app line that uses it', async (t) => {
  const pkg = [
    "const crypto = require('node:crypto');",
    'exports.make = function make(password, callback) {',
    '  crypto.randomBytes(16, (err, salt) => {',
    '    if (err) return callback(err);',
    "    crypto.pbkdf2(password, salt, 400000, 32, 'sha256', (e, key) => callback(e, e ? null : `${salt.toString('hex')}$${key.toString('hex')}`));",
    '  });',
    '};',
  ].join('\n');
  const { pool, lineOf: line } = await saturatedPool(t, 'hop-pool-server.js', { name: 'salted-hash', version: '0.3.1' }, pkg);
  const top = pool.callers[0];
  assert.deepEqual([top?.api, top?.package, top?.line, top?.lineFrom], ['crypto.pbkdf2', 'salted-hash', line('hasher.make('), 'source'], JSON.stringify(pool.callers));
  assert.match(pool.advice, /filled by crypto\.pbkdf2 from salted-hash \(hop-pool-server\.js:\d+ uses it\)/);
});

test('pool jobs made after an await, through the app\'s helper that awaits what it is handed: named at the handler\'s line that hands it in, not the helper\'s', async (t) => {
  const pkg = [
    "const crypto = require('node:crypto');",
    "const { promisify } = require('node:util');",
    'const pbkdf2 = promisify(crypto.pbkdf2);',
    'exports.openStore = function openStore(name) {',
    '  return {',
    '    async derive(slot, password) {',
    '      const salt = await Promise.resolve(`${name}:${slot}`);',
    "      return pbkdf2(password, salt, 400000, 32, 'sha256');",
    '    },',
    '  };',
    '};',
  ].join('\n');
  const { pool, lineOf: line } = await saturatedPool(t, 'wrapper-pool-server.js', { name: 'key-store', version: '2.0.1' }, pkg);
  const top = pool.callers[0];
  assert.deepEqual([top?.api, top?.line], ['crypto.pbkdf2', line('await withSlot((slot) =>')], JSON.stringify(pool.callers));
});

// A vault set up once, whose method returns at once and runs crypto.pbkdf2 from its own promise chain.
const VAULT = [
  "const crypto = require('node:crypto');",
  'exports.vault = function vault(options) {',
  '  return {',
  '    seal(secret, callback) {',
  '      Promise.resolve()',
  '        .then(() => new Promise((resolve, reject) => crypto.randomBytes(16, (e, salt) => (e ? reject(e) : resolve(salt)))))',
  "        .then((salt) => new Promise((resolve, reject) => crypto.pbkdf2(secret, salt, options.rounds, 32, 'sha256', (e, key) => (e ? reject(e) : resolve(key)))))",
  '        .then((key) => callback(null, key), callback);',
  '    },',
  '  };',
  '};',
].join('\n');

test('pool jobs a package set up at start-up runs later from its own promise chain: named at the handler\'s call of the method the chain is written in, not the set-up line', async (t) => {
  const { pool, lineOf: line } = await saturatedPool(t, 'setup-pool-server.js', { name: 'secret-vault', version: '1.4.0' }, VAULT);
  const top = pool.callers[0];
  assert.deepEqual([top?.api, top?.package, top?.line, top?.lineFrom], ['crypto.pbkdf2', 'secret-vault', line('services.vault.seal('), 'source'], JSON.stringify(pool.callers));
});

test('the same on koa, whose last middleware serves every path and writes none: named at that middleware\'s call, not the set-up line', async (t) => {
  const { pool, lineOf: line } = await saturatedPool(t, 'koa-pool-server.js', { name: 'secret-vault', version: '1.4.0' }, VAULT, ['koa']);
  const top = pool.callers[0];
  assert.deepEqual([top?.api, top?.package, top?.line, top?.lineFrom], ['crypto.pbkdf2', 'secret-vault', line('services.vault.seal('), 'source'], JSON.stringify(pool.callers));
});

test('a package\'s promise chain that resolves at once: named by the package, fixed as a microtask chain, at the handler\'s line that calls it', async (t) => {
  const pkg = [
    'module.exports = async function mapAll(items, mapper, concurrency = 4) {',
    '  const out = new Array(items.length);',
    '  let next = 0;',
    '  async function runner() {',
    '    while (next < items.length) {',
    '      const k = next++;',
    '      out[k] = await mapper(items[k], k);',
    '      await Promise.resolve();',
    '    }',
    '  }',
    '  await Promise.all(Array.from({ length: concurrency }, runner));',
    '  return out;',
    '};',
  ].join('\n');
  const run = await isolatedRun(t, {
    fixture: 'chain-server.js',
    files: { 'node_modules/promise-steps/package.json': JSON.stringify({ name: 'promise-steps', version: '2.1.0', main: 'index.js' }), 'node_modules/promise-steps/index.js': pkg },
    args: (p) => ['run', p.app, '--route', '/prices', '--probe', '/health', '-d', '3', '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  await run.assertClean();
  const report = run.report();
  const source = fs.readFileSync(path.join(FIXTURES, 'chain-server.js'), 'utf8').split('\n');
  const blocks = report.blocks.filter((/** @type {any} */ b) => !b.tool && b.culprit?.owner?.name === 'promise-steps');
  assert.ok(blocks.length >= 1, JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit)));
  // its continuations have no frame of the app: the line is the handler's call, read from the source
  // (or the profile's, for a block that caught the call's synchronous start)
  for (const b of blocks) assert.equal(b.culprit.calledFrom?.line, source.findIndex((l) => l.includes('await mapAll(')) + 1, JSON.stringify(b.culprit));
  // a share of each block's time is V8's promise machinery between continuations: most blocks say so
  const chains = blocks.filter((/** @type {any} */ b) => b.fix === 'microtask');
  assert.ok(chains.length * 2 >= blocks.length, JSON.stringify(blocks.map((/** @type {any} */ b) => b.fix)));
  assert.match(chains[0].advice, /promise-steps@2\.1\.0's promise chain, called at chain-server\.js:\d+, kept the microtask queue busy/);
});
