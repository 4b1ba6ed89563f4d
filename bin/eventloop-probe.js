#!/usr/bin/env node
// The only place that exits. First Ctrl-C (or SIGTERM) stops the target gracefully and still
// writes the report; a second Ctrl-C kills it.

import { main } from '../src/cli.js';

const stop = new AbortController();
const kill = new AbortController();
/** @param {NodeJS.Signals} signal */
const onSignal = (signal) => {
  if (stop.signal.aborted) kill.abort(signal);
  else {
    stop.abort(signal);
    process.stderr.write(`\neventloop-probe: ${signal} received, stopping the target and writing the report (again to kill)\n`);
  }
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const code = await main(process.argv.slice(2), {
  stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(),
  stop: stop.signal, kill: kill.signal,
});
process.exitCode = code;
process.stdout.write('', () => process.exit(code));
