// A run of the real bin in a sealed set of folders, and the checks every fault case shares:
// the app in `work/` (the cwd), the report in `out/`, TMPDIR pointed at an empty `tmp/`, and every
// pid the app and its children wrote to PIDS_FILE. After the run: no pid alive, `tmp/` empty,
// `work/` holding only what the test put there, `out/` holding only the files report.json lists.

import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { runBin, tempDir, until, alive, fixture } from './helpers.js';

/**
 * @param {import('node:test').TestContext} t
 * @param {{fixture?: string, files?: Record<string, string>, args: (paths: {app: string, out: string, work: string}) => string[],
 *   env?: NodeJS.ProcessEnv, timeoutMs?: number, onSpawn?: (child: import('node:child_process').ChildProcess) => void,
 *   signals?: {signal: NodeJS.Signals, after: 'pids' | 'served' | 'blocked' | 'stopping', pids?: number}[]}} spec
 *   `fixture` is copied into work/ as the app; `files` are extra files written into work/; each of
 *   `signals` is sent to the tool once its event came (and at least `pids` pids were written)
 */
export async function isolatedRun(t, spec) {
  const base = tempDir(t);
  const work = path.join(base, 'work');
  const out = path.join(base, 'out');
  const tmp = path.join(base, 'tmp');
  const pidsFile = path.join(base, 'pids.txt');
  const servedFile = path.join(base, 'served');
  const pids = () => (fs.existsSync(pidsFile) ? fs.readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number) : []);
  fs.mkdirSync(work);
  fs.mkdirSync(tmp);
  const app = spec.fixture ? path.join(work, path.basename(spec.fixture)) : path.join(work, 'app.js');
  if (spec.fixture) fs.renameSync(fixture(spec.fixture, work), app);
  for (const [name, text] of Object.entries(spec.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(work, name)), { recursive: true });
    fs.writeFileSync(path.join(work, name), text);
  }
  spec.prepare?.(work);
  const before = listTree(work);
  const started = Date.now();
  /** @type {number[]} */
  const signalledAt = [];
  const r = await runBin(spec.args({ app, out, work }), {
    cwd: work, timeoutMs: spec.timeoutMs,
    env: { TMPDIR: tmp, PIDS_FILE: pidsFile, SERVED_FILE: servedFile, ...spec.env, ...(spec.nodeOptions ? { NODE_OPTIONS: spec.nodeOptions(work) } : {}) },
    onSpawn: (child) => {
      if (!spec.signals?.length) return;
      let stderr = '';
      child.stderr?.on('data', (d) => { stderr += d; });
      (async () => {
        for (const { signal, after, pids: count = 0 } of spec.signals ?? []) {
          // the event, never a fixed wait: the app (and `count` pids) started, it served load (it
          // creates SERVED_FILE), its block ran 300 ms on a CPU, or the tool said it is stopping
          // after the signal before
          const seen = await until(() => pids().length >= Math.max(count, after === 'pids' ? 1 : 0) && (after === 'pids' ? true
            : after === 'served' ? fs.existsSync(servedFile)
              : after === 'blocked' ? blockedFor(servedFile, pids()[0], 300)
                : /received, stopping the target/.test(stderr)), 60_000);
          if (!seen) throw new Error(`isolated run: never ${after} before ${signal}`);
          signalledAt.push(Date.now());
          child.kill(signal);
        }
      })();
    },
  });
  const endedAt = Date.now();
  const reportPath = path.join(out, 'report.json');
  return {
    r, out, work, pids, elapsedMs: endedAt - started,
    /** ms from the last signal sent to the tool's exit */
    afterLastSignalMs: () => endedAt - (signalledAt.at(-1) ?? started),
    /** @returns {any} */
    report: () => JSON.parse(fs.readFileSync(reportPath, 'utf8')),
    /**
     * Everything the brief asks of every case: no process, no temp file, nothing outside --out.
     * @param {{tmpOfOthers?: RegExp}} [allow] temp entries that belong to the app's own tools
     */
    async assertClean(allow = {}) {
      const all = pids();
      if (fs.existsSync(reportPath)) all.push(JSON.parse(fs.readFileSync(reportPath, 'utf8')).target.pid);
      assert.ok(await until(() => !all.some(alive), 5000), `processes left: ${all.filter(alive).join(', ')}`);
      assert.deepEqual(fs.readdirSync(tmp).filter((name) => !allow.tmpOfOthers?.test(name)), [], 'temp files left in TMPDIR');
      assert.deepEqual(listTree(work), before, 'files written in the working folder');
      if (fs.existsSync(reportPath)) {
        const listed = Object.values(JSON.parse(fs.readFileSync(reportPath, 'utf8')).artifacts ?? {});
        assert.deepEqual(fs.readdirSync(out).sort(), [...listed].sort(), 'the report folder holds only the files report.json lists');
      }
    },
  };
}

/**
 * Whether the app's main thread has run `ms` on a CPU since it wrote its CPU time (ns) into `file`
 * as its block began (fault-infinite-loop.js): the block is past any threshold, however busy the
 * machine. @param {string} file @param {number | undefined} pid @param {number} ms
 */
function blockedFor(file, pid, ms) {
  try {
    const from = Number(fs.readFileSync(file, 'utf8'));
    const now = Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
    return from > 0 && now - from >= ms * 1e6;
  } catch {
    return false;
  }
}

/** @param {string} dir @returns {string[]} */
function listTree(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: false }).map(String).sort();
}
