// The `attach` command: the measuring and load options of `run` (shared/run-options.js), minus what
// starts an app, plus the pid and how long to wait for the app to let us in.

import { attach } from './attach.js';
import { printRunResult } from '../shared/print-result.js';
import * as parse from '../../options.js';
import { addOptions } from '../shared/run-options.js';

/**
 * @param {import('commander').Command} program
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function attachCommand(program, io, setExit) {
  const cmd = program.command('attach')
    .description('measure a Node.js process that is already running (Linux), then detach and leave it as it was')
    .argument('<pid>', 'process id of the running Node.js app', parse.positiveInt);
  addOptions(cmd, 'attach')
    .action(async (pid, opts) => {
      const result = await attach({ ...opts, pid, stacks: 'running', warmup: 0 }, { // the app is warm already
        stderr: io.stderr, env: io.env, cwd: io.cwd, stop: io.stop, kill: io.kill,
        progress: opts.progress && !opts.json && !io.env.CI,
      });
      printRunResult(result, opts, io, setExit);
    });
}
