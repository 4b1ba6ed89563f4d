// The `run` command: its arguments and options (shared/run-options.js), and its action: one run,
// or --repeat's runs, printed as the bin's output.

import { run } from './run.js';
import { repeatRuns } from './repeat.js';
import { printRunResult, printRepeatResult } from '../shared/print-result.js';
import { addOptions } from '../shared/run-options.js';

/**
 * @param {import('commander').Command} program
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 * @param {string[] | null} command what came after `--` on `run`'s line
 */
export function runCommand(program, io, setExit, command) {
  const cmd = program.command('run', { isDefault: true })
    .description('run your app under the agent (the command that starts it after --, or its entry file; default: the built-in demo), drive HTTP load, report its event loop')
    .usage('[options] -- <command...>   (node [node flags] app.js, npm start, npx tsx src/server.ts, ...)\n       eventloop-probe run [options] [app] [-- app args]')
    .argument('[app]', 'entry file of your app (default: the built-in demo server)')
    .argument('[appArgs...]', 'arguments for your app, after --');
  addOptions(cmd, 'run').action(async (app, appArgs, opts) => {
    // `run -- npm start`: the command; `run server.js -- --flag`: the app's arguments
    const form = app === undefined && command ? { command } : { app, appArgs: [...appArgs, ...(command ?? [])] };
    const runIO = { stderr: io.stderr, env: io.env, cwd: io.cwd, stop: io.stop, kill: io.kill, progress: opts.progress && !opts.json && !io.env.CI };
    if (opts.repeat > 1) printRepeatResult(await repeatRuns({ ...opts, ...form }, runIO), opts, io, setExit);
    else printRunResult(await run({ ...opts, ...form }, runIO), opts, io, setExit);
  });
}
