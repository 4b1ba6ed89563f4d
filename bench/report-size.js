// Size of report.html / flamegraph.html for a run of the built-in demo, with a real CPU profile of
// the demo in the report folder, and the time `eventloop-probe report` takes to render them.
//   node bench/report-size.js [--seconds 10] [--keep]   (--keep: leave the report folder and print it)
// The profile comes from bench/profile-preload.cjs (the agent's own profile is another issue).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import os from 'node:os';
import { ROOT, BIN } from './lib.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, keep: { type: 'boolean', default: false } } });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-bench-'));
const note = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), node ${process.version}, not pinned`;
const runDir = path.join(out, 'run');
const profDir = path.join(out, 'prof');
const env = {
  ...process.env, CI: '1', NO_COLOR: '1',
  PROFILE_DIR: profDir, NODE_OPTIONS: `--require ${path.join(ROOT, 'bench', 'profile-preload.cjs')}`,
};
fs.mkdirSync(profDir);
const run = spawnSync(process.execPath, [BIN, 'run', '-d', values.seconds, '--out', runDir], { env, encoding: 'utf8' });
if (run.status !== 0) throw new Error(`run failed (${run.status}): ${run.stderr}`);
const kb = (/** @type {string} */ f) => `${(fs.statSync(path.join(runDir, f)).size / 1024).toFixed(0)} KB`;
console.log(`report size, built-in demo, ${values.seconds} s run; ${note}`);
console.log(`without a profile:  report.html ${kb('report.html')}, flamegraph.html ${kb('flamegraph.html')}, report.json ${kb('report.json')}`);

if (!fs.existsSync(path.join(profDir, 'profile.cpuprofile'))) throw new Error('the preload wrote no profile');
fs.renameSync(path.join(profDir, 'profile.cpuprofile'), path.join(runDir, 'profile.cpuprofile'));
const { startEpochMs } = JSON.parse(fs.readFileSync(path.join(profDir, 'profile-meta.json'), 'utf8'));
const reportFile = path.join(runDir, 'report.json');
const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
report.profile = { file: 'profile.cpuprofile', startEpochMs, intervalUs: 1000 };
fs.writeFileSync(reportFile, JSON.stringify(report, null, 2));
const t0 = performance.now();
const again = spawnSync(process.execPath, [BIN, 'report', runDir], { env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8' });
const renderMs = performance.now() - t0;
if (again.status !== 0) throw new Error(`report failed (${again.status}): ${again.stderr}`);
console.log(`with the profile:   report.html ${kb('report.html')}, flamegraph.html ${kb('flamegraph.html')} (profile.cpuprofile ${kb('profile.cpuprofile')}, ${report.blocks.length} blocks)`);
console.log(`eventloop-probe report re-rendered every format in ${Math.round(renderMs)} ms (process start included)`);
if (values.keep) console.log(`kept: ${runDir}`);
else fs.rmSync(out, { recursive: true, force: true });
