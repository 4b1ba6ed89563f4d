// A report folder as a run with a CPU profile and block stacks will leave it: a real run of
// fixtures/profiled-blocks.js (three blocks, profiled through the inspector like the agent does),
// (threshold 90 ms: the three blocks are 120 ms and more, and a stall of a busy machine is not one;
// --no-profile: the fixture's own profile is the one used, with known block functions),
// its report.json completed with `profile` and the blocks' stacks (the shapes of report.json
// schemaVersion 1), then re-rendered with `eventloop-probe report`.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBin, readReport, tempDir, FIXTURES } from './helpers.js';

export const BLOCK_FUNCTIONS = ['blockA', 'blockB', 'blockC'];

/**
 * @param {import('node:test').TestContext} t
 * @param {(report: any) => void} [edit] a last change to report.json before re-rendering
 * @returns {Promise<{dir: string, out: string, report: any}>}
 */
export async function profiledReport(t, edit) {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  fs.mkdirSync(out);
  const script = path.join(FIXTURES, 'profiled-blocks.js');
  const first = await runBin(['run', script, '--out', out, '--threshold', '90', '--no-profile'], { cwd: dir, env: { PROFILE_DIR: out } });
  if (first.code !== 0) throw new Error(`run failed (${first.code}): ${first.stderr}`);
  const meta = JSON.parse(fs.readFileSync(path.join(out, 'profile-meta.json'), 'utf8'));
  fs.rmSync(path.join(out, 'profile-meta.json'));
  const report = readReport(out);
  // The three blocks the fixture timed, each found once. A stall of a crowded machine over the
  // threshold (the fixture's profile being stopped and written) is a block too, but not one of
  // these: it is left out of the report the page is tested on.
  const from = Date.parse(report.run.startedAt);
  /** @param {any} b @param {{startEpochMs: number, endEpochMs: number}} m */
  const overlaps = (b, m) => from + b.startMs < m.endEpochMs + 2 && from + b.startMs + b.durationMs > m.startEpochMs - 2;
  // short enough to survive the test matrix's 400-character summary of a failure
  const seen = () => [
    `timed at ${meta.blocks.map((/** @type {any} */ m) => Math.round(m.startEpochMs - from)).join(',')}`,
    ...report.blocks.map((/** @type {any} */ b) => `${Math.round(b.startMs)}+${Math.round(b.durationMs)} ms run ${b.runMs} wait ${b.waitMs}${b.tool ? ' tool' : ''}`),
    // where a block that is not the app's went (the machine's stall, the tool's), and the start-up
    ...report.notes.filter((/** @type {string} */ n) => /stall|the tool|start-up/.test(n)).map((/** @type {string} */ n) => n.slice(0, 80)),
  ].join('; ');
  const found = meta.blocks.map((/** @type {any} */ m) => report.blocks.filter((/** @type {any} */ b) => overlaps(b, m)));
  if (meta.blocks.length !== 3 || found.some((/** @type {any[]} */ f) => f.length !== 1)) {
    throw new Error(`expected each of the 3 timed blocks once, got ${found.map((/** @type {any[]} */ f) => f.length)}: ${seen()}`);
  }
  report.blocks = found.map((/** @type {any[]} */ f) => f[0]);
  const source = fs.readFileSync(script, 'utf8').split('\n');
  const lineOf = (/** @type {string} */ name) => source.findIndex((l) => l.startsWith(`function ${name}(`)) + 1;
  const url = pathToFileURL(script).href;
  report.profile = { file: 'profile.cpuprofile', startEpochMs: meta.startEpochMs, intervalUs: meta.intervalUs };
  report.blocks.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    const name = BLOCK_FUNCTIONS[i];
    b.stack = [
      { functionName: 'busy', url, line: lineOf('busy') + 2, column: 3, kind: 'app' },
      { functionName: name, url, line: lineOf(name), column: 20, kind: 'app' },
      { functionName: 'listOnTimeout', url: 'node:internal/timers', line: 581, column: 17, kind: 'node' },
    ];
    b.samples = [{ tMs: b.startMs + 10, stack: b.stack }];
    b.phase = 'timers';
    b.cause = `${name} ran synchronously for ${Math.round(b.durationMs)} ms`;
    b.advice = 'split the loop into chunks with setImmediate, or move it to a worker thread';
  });
  edit?.(report);
  fs.writeFileSync(path.join(out, 'report.json'), JSON.stringify(report, null, 2));
  const again = await runBin(['report', out], { cwd: dir });
  if (again.code !== 0) throw new Error(`report failed (${again.code}): ${again.stderr}`);
  return { dir, out, report: readReport(out) };
}
