// Size of report.html / flamegraph.html for runs of the built-in demo, with the CPU profile the
// agent records by default and without it (--no-profile), and the time the rendering takes.
//   node bench/report-size.js [--seconds 10] [--keep]   (--keep: leave the report folders and print them)

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { BIN } from './lib.js';
import { writeRenderedFiles } from '../src/report/write-folder.js';
import { FORMATS } from '../src/options.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, keep: { type: 'boolean', default: false } } });
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-bench-'));
const env = { ...process.env, CI: '1', NO_COLOR: '1' };
console.log(`report size, built-in demo, ${values.seconds} s runs; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), node ${process.version}`);

for (const [name, extra] of /** @type {[string, string[]][]} */ ([['with the CPU profile', []], ['with --no-profile', ['--no-profile']]])) {
  const dir = path.join(out, extra.length ? 'no-profile' : 'profile');
  const run = spawnSync(process.execPath, [BIN, 'run', '-d', values.seconds, '--out', dir, ...extra], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`run failed (${run.status}): ${run.stderr}`);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const t0 = performance.now();
  writeRenderedFiles(dir, report, { formats: FORMATS });
  const renderMs = performance.now() - t0;
  const size = (/** @type {string} */ f) => (fs.existsSync(path.join(dir, f)) ? `${(fs.statSync(path.join(dir, f)).size / 1024).toFixed(0)} KB` : '-');
  console.log(`${name.padEnd(22)} report.html ${size('report.html')}, flamegraph.html ${size('flamegraph.html')}, report.json ${size('report.json')}, profile.cpuprofile ${size('profile.cpuprofile')}; ${report.blocks.length} blocks; html+md+junit rendered in ${Math.round(renderMs)} ms`);
  if (values.keep) console.log(`  kept: ${dir}`);
}
if (!values.keep) fs.rmSync(out, { recursive: true, force: true });
