#!/usr/bin/env node
// Runs the corpus through the real tool, one case at a time, and scores the diagnoses.
//   node bench/corpus/run.js [--case <id>]... [--batch A|B|C|D] [--only-unseen] [--out <dir>] [--tool-args "<args>"]
// --tool-args: more options for every run, e.g. "--profiler 0x" (the profiler's HTML is kept beside the report).
// Each case's pinned packages are installed once into a cache folder keyed by the package list
// (~/.cache/eventloop-probe/corpus/<hash>, or EVENTLOOP_PROBE_CORPUS_CACHE); the app runs from a temp
// folder whose node_modules links there. Reports are kept as <out>/<id>/report.json (+ output.txt).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BIN, batchOf, install, layOut, loadCases } from './lib.js';
import { scoreFolder, table } from './score.js';

const argv = process.argv.slice(2);
/** @param {string} flag */
const values = (flag) => argv.flatMap((a, i) => (argv[i - 1] === flag ? [a] : []));
const ids = values('--case');
const onlyUnseen = argv.includes('--only-unseen');
const batch = values('--batch')[0];
const toolArgs = (values('--tool-args')[0] ?? '').split(' ').filter(Boolean);
const out = path.resolve(values('--out')[0] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'elp-corpus-out-')));
fs.mkdirSync(out, { recursive: true });

const cases = loadCases().filter((c) => (!ids.length || ids.includes(c.id)) && (!onlyUnseen || !c.seenByRuleAuthor) && (!batch || batchOf(c) === batch));
const unknown = ids.filter((id) => !cases.some((c) => c.id === id));
if (unknown.length) {
  console.error(`no such case: ${unknown.join(', ')}`);
  process.exit(2);
}

/** @type {import('node:child_process').ChildProcess | null} */
let running = null;
let stopping = false;
process.on('SIGINT', () => {
  if (stopping || !running) process.exit(130);
  stopping = true;
  running.kill('SIGINT'); // the tool stops its app and still writes its report
});

/**
 * Runs the bin on one laid-out case; resolves with its exit code.
 * @param {import('./lib.js').Case} c @param {string} tmp @param {string} logFile
 */
function runTool(c, tmp, logFile) {
  // a case that fills a database at start-up takes 6-12 s to listen on a busy machine; the diagnosis is what is graded
  const routes = (c.routes ?? [c.route]).flatMap((r) => ['--route', r]);
  const args = [BIN, 'run', c.app, ...routes, '--probe', c.probe, '-c', String(c.connections), '-d', String(c.duration), '--listen-timeout', '60', '-o', path.join(tmp, 'report'), ...toolArgs];
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { cwd: tmp, stdio: ['ignore', log, log] });
  running = child;
  const limit = (c.duration + 90) * 1000;
  const timer = setTimeout(() => {
    child.kill('SIGINT');
    setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 15000).unref();
  }, limit);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      fs.closeSync(log);
      running = null;
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const started = Date.now();
for (const c of cases) {
  if (stopping) break;
  const dir = path.join(out, c.id);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let tmp = '';
  const t0 = Date.now();
  try {
    const deps = install(c.packages, (l) => console.log(`  ${l}`));
    tmp = layOut(c, deps);
    const code = await runTool(c, tmp, path.join(dir, 'output.txt'));
    const report = path.join(tmp, 'report', 'report.json');
    if (fs.existsSync(report)) fs.copyFileSync(report, path.join(dir, 'report.json'));
    // an external profiler's HTML (--tool-args "--profiler 0x" or "--clinic <tool>")
    for (const html of Object.values(fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).artifacts ?? {} : {})) {
      if (typeof html === 'string' && html.endsWith('.html') && !html.startsWith('report')) fs.copyFileSync(path.join(tmp, 'report', html), path.join(dir, path.basename(html)));
    }
    const verdict = fs.existsSync(report) ? JSON.parse(fs.readFileSync(report, 'utf8')).verdict?.status : 'no report';
    console.log(`${c.id}: exit ${code}, ${verdict}, ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } catch (err) {
    fs.writeFileSync(path.join(dir, 'error.txt'), String(/** @type {Error} */ (err).stack ?? err));
    console.log(`${c.id}: FAILED ${/** @type {Error} */ (err).message}`);
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const rows = scoreFolder(out, { onlyUnseen, ids, batch });
console.log(`\n${table(rows)}\n`);
console.log(`${cases.length} case(s) in ${((Date.now() - started) / 1000).toFixed(0)} s; reports and score.json: ${out}`);
