#!/usr/bin/env node
// Runs the steps of action.yml here, as GitHub's runner would run the composite action, with fake
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_ENV files: the same commands, no GitHub. The
// `uses:` steps are GitHub's own actions: actions/setup-node is not run (the Node here is used),
// actions/upload-artifact is checked (a name, a folder, a name not used twice) and its files listed.
//
//   node scripts/action/local-run.js --workspace DIR [--input name=value ...] [--runs N]
//
// Prints one JSON object: the steps (ran or skipped, exit code, output), the action's outputs,
// the job summary, the uploads; exits with the action's result (0, or the failing step's code).
// --runs N uses the action N times in one "workflow run" (artifact names must differ).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { stepRuns, interpolate } from './expression.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const UPLOAD_NAME_FORBIDDEN = /["<>|*?\r\n\\/:]/;

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Record<string, string>} */
  const inputs = {};
  let workspace = process.cwd();
  let runs = 1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--workspace') workspace = path.resolve(argv[++i]);
    else if (a === '--runs') runs = Number(argv[++i]);
    else if (a === '--input') {
      const v = argv[++i];
      const eq = v.indexOf('=');
      if (eq <= 0) throw new Error(`--input takes name=value, not ${v}`);
      inputs[v.slice(0, eq)] = v.slice(eq + 1);
    } else throw new Error(`unknown argument ${a}`);
  }
  return { inputs, workspace, runs };
}

/** name=value lines and name<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT. @param {string} file */
export function readOutputFile(file) {
  /** @type {Record<string, string>} */
  const out = {};
  const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (heredoc) {
      const body = [];
      for (i++; i < lines.length && lines[i] !== heredoc[2]; i++) body.push(lines[i]);
      out[heredoc[1]] = body.join('\n');
    } else if (lines[i].includes('=')) {
      out[lines[i].slice(0, lines[i].indexOf('='))] = lines[i].slice(lines[i].indexOf('=') + 1);
    }
  }
  return out;
}

/**
 * @param {any} action parsed action.yml
 * @param {Record<string, string>} given inputs
 * @param {{workspace: string, temp: string, uploads: {name: string, path: string, files: string[]}[], index: number}} run
 */
function runAction(action, given, run) {
  for (const name of Object.keys(given)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  /** @type {Record<string, string>} */
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([k, v]) => [k, given[k] ?? String(/** @type {any} */ (v).default ?? '')]));
  /** @type {Record<string, Record<string, string>>} */
  const stepOutputs = {};
  const status = { failed: false };
  const lookup = (/** @type {string} */ p) => {
    const [ctx, ...rest] = p.split('.');
    if (ctx === 'inputs') return inputs[rest.join('.')];
    if (ctx === 'github' && rest[0] === 'action_path') return ROOT;
    if (ctx === 'github' && rest[0] === 'workspace') return run.workspace;
    if (ctx === 'steps' && rest[1] === 'outputs') return stepOutputs[rest[0]]?.[rest.slice(2).join('.')] ?? '';
    return undefined;
  };
  const context = { lookup, status };
  const steps = [];
  let summary = '';
  let exitCode = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    const record = { name: step.name, ran: false, exitCode: /** @type {number | null} */ (null), log: '', note: '' };
    steps.push(record);
    if (!stepRuns(step.if, context)) continue;
    record.ran = true;
    if (step.uses) {
      const w = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, interpolate(String(v), context)]));
      if (step.uses.startsWith('actions/setup-node@')) {
        record.note = `not run here: the Node on this machine (${process.version}) stands for node-version ${w['node-version']}`;
        record.exitCode = 0;
      } else if (step.uses.startsWith('actions/upload-artifact@')) {
        const problem = !w.name ? 'no artifact name' : UPLOAD_NAME_FORBIDDEN.test(w.name) ? `the name ${w.name} has a character upload-artifact refuses`
          : run.uploads.some((u) => u.name === w.name) ? `an artifact named ${w.name} was already uploaded in this workflow run (upload-artifact v4 fails: 409 Conflict)` : null;
        const dir = path.resolve(run.workspace, w.path ?? '');
        const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()).sort() : [];
        if (!problem) run.uploads.push({ name: w.name, path: dir, files });
        record.note = problem ?? `would upload ${files.length} file(s) from ${dir} as ${w.name}`;
        record.exitCode = problem ? 1 : 0;
      } else {
        throw new Error(`local-run does not know the action ${step.uses}`);
      }
    } else {
      const files = { output: path.join(run.temp, `output-${run.index}-${i}`), summary: path.join(run.temp, `summary-${run.index}-${i}`), env: path.join(run.temp, `env-${run.index}-${i}`) };
      for (const f of Object.values(files)) fs.writeFileSync(f, '');
      const script = path.join(run.temp, `step-${run.index}-${i}.sh`);
      fs.writeFileSync(script, step.run);
      const env = {
        ...process.env, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_JOB: 'event-loop', GITHUB_RUN_ATTEMPT: '1', GITHUB_WORKSPACE: run.workspace,
        GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: files.output, GITHUB_STEP_SUMMARY: files.summary, GITHUB_ENV: files.env, RUNNER_TEMP: run.temp,
        ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, interpolate(String(v), context)])),
      };
      const cwd = path.resolve(run.workspace, interpolate(step['working-directory'] ?? '.', context));
      const shell = step.shell === 'bash' ? ['bash', ['--noprofile', '--norc', '-eo', 'pipefail', script]] : null;
      if (!shell) throw new Error(`local-run runs bash steps only, not shell ${step.shell}`);
      const r = spawnSync(/** @type {string} */ (shell[0]), /** @type {string[]} */ (shell[1]), { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      record.exitCode = r.status ?? 1;
      record.log = `${r.stdout}${r.stderr}`;
      if (step.id) stepOutputs[step.id] = readOutputFile(files.output);
      const stepSummary = fs.readFileSync(files.summary, 'utf8');
      if (Buffer.byteLength(stepSummary) > 1024 * 1024) record.note = 'step summary over 1 MiB: GitHub would not show it';
      summary += stepSummary;
    }
    if (record.exitCode !== 0) {
      status.failed = true;
      if (!exitCode) exitCode = record.exitCode ?? 1;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([k, v]) => [k, interpolate(String(/** @type {any} */ (v).value), context)]));
  return { inputs, steps, outputs, summary, exitCode };
}

function main() {
  const { inputs, workspace, runs } = parseArgs(process.argv.slice(2));
  const action = parse(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8'));
  if (action.runs?.using !== 'composite') throw new Error('action.yml is not a composite action');
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-action-'));
  try {
    /** @type {{name: string, path: string, files: string[]}[]} */
    const uploads = [];
    const results = Array.from({ length: runs }, (_, index) => runAction(action, inputs, { workspace, temp, uploads, index }));
    process.stdout.write(JSON.stringify({ runs: results, uploads }, null, 2) + '\n');
    return results.find((r) => r.exitCode)?.exitCode ?? 0;
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main();
  } catch (error) {
    process.stderr.write(`local-run: ${/** @type {Error} */ (error).message}\n`);
    process.exitCode = 2;
  }
}
