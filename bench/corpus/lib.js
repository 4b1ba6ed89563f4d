// Shared by the corpus runner and checker: reading cases, installing their pinned packages once
// into a cache folder keyed by the package list, and laying a case out in a temp folder.

import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CASES = fileURLToPath(new URL('./cases', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'eventloop-probe.js');

/** Packages whose install builds a native addon: after npm, a .node file must exist. */
const NATIVE = ['better-sqlite3', 'bcrypt', 'sqlite3'];
// a case's build (a bundler) that runs longer is stopped
const BUILD_TIMEOUT_MS = 180_000;

/**
 * @typedef {{ route: string, owner: string|null, line: number|null, fix: string, why?: string }} RouteExpect
 * @typedef {{ problem: 'loop-block'|'thread-pool'|'none', owner: string|null, line: number|null, fix: string, why: string,
 *   byRoute?: RouteExpect[] }} Expect
 * `byRoute`: a service with several slow routes (`routes`), each route's blocks graded against its own entry
 * @typedef {{ id: string, title: string, packages: Record<string, string>, route: string, routes?: string[], probe: string,
 *   connections: number, duration: number, expect: Expect, seenByRuleAuthor: boolean, batch?: string, dir: string, app: string,
 *   source: string, build?: string[], start?: string }} Case
 * `source` is the case's app.js; `app` the file that runs: `start` when the case is built first (`build`:
 * a command of its packages' node_modules/.bin, run in the laid-out folder, e.g. a bundler), else app.js.
 */

/** A case's batch: `B`, `C` or `D` for the held-out batches, `A` for the first 38 (no field). @param {{ batch?: string }} c */
export const batchOf = (c) => c.batch ?? 'A';

/** @param {string} [dir] @returns {Case[]} */
export function loadCases(dir = CASES) {
  return fs.readdirSync(dir).sort().flatMap((id) => {
    const file = path.join(dir, id, 'case.json');
    if (!fs.existsSync(file)) return [];
    const c = JSON.parse(fs.readFileSync(file, 'utf8'));
    const source = fs.readdirSync(path.join(dir, id)).find((f) => /^app\.(c|m)?(j|t)s$/.test(f));
    if (c.id !== id || !source) throw new Error(`case ${id}: id must match its folder and it needs an app.js`);
    if (Boolean(c.build) !== Boolean(c.start)) throw new Error(`case ${id}: "build" and "start" go together`);
    if (c.expect.byRoute && !(Array.isArray(c.routes) && c.expect.byRoute.every((/** @type {RouteExpect} */ r) => c.routes.includes(r.route)))) {
      throw new Error(`case ${id}: each of expect.byRoute's routes must be one of "routes"`);
    }
    return [{ ...c, route: c.route ?? c.routes?.[0], dir: path.join(dir, id), source, app: c.start ?? source }];
  });
}

/** @param {Record<string, string>} packages */
export function cacheKey(packages) {
  const list = Object.entries(packages).sort(([a], [b]) => a.localeCompare(b)).map(([n, v]) => `${n}@${v}`);
  return crypto.createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 16);
}

export function cacheRoot() {
  return process.env.EVENTLOOP_PROBE_CORPUS_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe', 'corpus');
}

/** node-gyp needs Node's headers; without a network it must find them next to the node binary. */
function npmEnv() {
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  if (!env.npm_config_nodedir && fs.existsSync(path.join(prefix, 'include', 'node', 'common.gypi'))) env.npm_config_nodedir = prefix;
  return env;
}

/** @param {string} dir @param {string[]} args */
function npm(dir, args) {
  const r = spawnSync('npm', args, { cwd: dir, env: npmEnv(), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  fs.appendFileSync(path.join(dir, 'install.log'), `$ npm ${args.join(' ')}\n${r.stdout}${r.stderr}\n`);
  return r.status === 0;
}

/** @param {string} dir @param {string} name */
function hasAddon(dir, name) {
  /** @param {string} d @returns {boolean} */
  const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).some((e) =>
    e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith('.node'));
  const pkg = path.join(dir, 'node_modules', name);
  return !fs.existsSync(pkg) || walk(pkg);
}

/**
 * Installs the pinned packages once; returns the cache folder holding node_modules.
 * @param {Record<string, string>} packages @param {(line: string) => void} [log]
 */
export function install(packages, log = () => {}) {
  const dir = path.join(cacheRoot(), cacheKey(packages));
  if (fs.existsSync(path.join(dir, '.ready'))) return dir;
  const partial = `${dir}.partial-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  fs.writeFileSync(path.join(partial, 'package.json'), JSON.stringify({ name: 'corpus-deps', private: true, dependencies: packages }, null, 2));
  log(`installing ${Object.entries(packages).map(([n, v]) => `${n}@${v}`).join(' ')} into ${dir}`);
  try {
    if (!npm(partial, ['install', '--no-audit', '--no-fund', '--foreground-scripts', '--loglevel=error'])) {
      throw new Error(`npm install failed: see ${path.join(partial, 'install.log')}`);
    }
    for (const name of NATIVE.filter((n) => !hasAddon(partial, n))) {
      log(`no .node file for ${name}: npm rebuild ${name}`);
      if (!npm(partial, ['rebuild', name, '--foreground-scripts']) || !hasAddon(partial, name)) {
        throw new Error(`${name} has no native addon after a rebuild: see ${path.join(partial, 'install.log')}`);
      }
    }
  } catch (err) {
    const keep = `${dir}.failed`;
    fs.rmSync(keep, { recursive: true, force: true });
    fs.renameSync(partial, keep);
    throw err;
  }
  fs.writeFileSync(path.join(partial, '.ready'), new Date().toISOString());
  try {
    fs.renameSync(partial, dir);
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another run finished the same install first
  }
  return dir;
}

/**
 * Copies a case's files (not case.json) into a new temp folder with node_modules linked to the cache.
 * @param {Case} c @param {string} depsDir
 */
export function layOut(c, depsDir) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `elp-corpus-${c.id}-`));
  for (const f of fs.readdirSync(c.dir)) {
    if (f !== 'case.json') fs.cpSync(path.join(c.dir, f), path.join(tmp, f), { recursive: true });
  }
  fs.symlinkSync(path.join(depsDir, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
  if (c.build) {
    const [command, ...args] = c.build;
    // a bundler's own cache (ncc's os.tmpdir()/ncc-cache) goes with the case's folder
    const buildTmp = path.join(tmp, '.build-tmp');
    fs.mkdirSync(buildTmp);
    const env = { ...process.env, TMPDIR: buildTmp };
    const r = spawnSync(path.join(tmp, 'node_modules', '.bin', command), args, { cwd: tmp, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: BUILD_TIMEOUT_MS });
    if (r.status !== 0 || !fs.existsSync(path.join(tmp, c.app))) {
      fs.rmSync(tmp, { recursive: true, force: true });
      // the error's own line (a stack's frames come after it), and the last lines
      const lines = `${r.stderr}${r.stdout}`.trim().split('\n');
      const error = lines.find((l) => /error/i.test(l)) ?? '';
      throw new Error(`case ${c.id}: ${c.build.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}): ${[...new Set([error, ...lines.slice(-3)])].filter(Boolean).join(' | ')}`);
    }
  }
  return tmp;
}

/**
 * What a script runs for the case at hand, its app and temp folder: on SIGINT or SIGTERM the app is
 * killed, the folder removed and the script exits (130 or 143). Set `child` and `tmp` as a case starts.
 * @returns {{child: import('node:child_process').ChildProcess | null, tmp: string}}
 */
export function endOnInterrupt() {
  /** @type {{child: import('node:child_process').ChildProcess | null, tmp: string}} */
  const current = { child: null, tmp: '' };
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.once(signal, () => {
      if (current.child && current.child.exitCode === null && current.child.signalCode === null) current.child.kill('SIGKILL');
      if (current.tmp) fs.rmSync(current.tmp, { recursive: true, force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
  return current;
}
