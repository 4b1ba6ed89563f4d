// The commander program. main() parses argv, runs a command and returns the exit code; it never
// exits the process itself (the bin does).

import { Command, CommanderError } from 'commander';
import { EXIT, ProbeError } from './errors.js';
import { TOOL } from './tool.js';
import { runCommand } from './commands/run/command.js';
import { reportCommand } from './commands/report/command.js';
import { compareCommand } from './commands/compare/command.js';
import { attachCommand } from './commands/attach/command.js';
import * as parse from './options.js';

/**
 * @typedef {object} CliIO
 * @property {NodeJS.WritableStream & {isTTY?: boolean}} stdout
 * @property {NodeJS.WritableStream & {isTTY?: boolean}} stderr
 * @property {NodeJS.ProcessEnv} env
 * @property {string} cwd
 * @property {AbortSignal} stop graceful stop requested (first Ctrl-C, SIGTERM)
 * @property {AbortSignal} kill immediate stop requested (second Ctrl-C)
 */

/** @param {string[]} argv arguments after the program name @param {CliIO} io @returns {Promise<number>} */
export async function main(argv, io) {
  let exitCode = /** @type {number} */ (EXIT.OK);
  const { head, command } = splitCommand(argv);
  const program = buildProgram(io, (code) => { exitCode = code; }, command);
  try {
    await program.parseAsync(head, { from: 'user' });
    return exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}

/**
 * `run [options] -- <command...>`: what follows the first `--` of `run` (the default command) is
 * the command that starts the app, or the app's arguments when an app file came before it.
 * @param {string[]} argv
 * @returns {{head: string[], command: string[] | null}}
 */
export function splitCommand(argv) {
  const at = argv.indexOf('--');
  if (at < 0 || ['attach', 'report', 'compare', 'help'].includes(argv[0])) return { head: argv, command: null };
  return { head: argv.slice(0, at), command: argv.slice(at + 1) };
}

/**
 * @param {CliIO} io @param {(code: number) => void} setExit
 * @param {string[] | null} command what came after `--` on `run`'s line
 */
function buildProgram(io, setExit, command) {
  const program = new Command('eventloop-probe')
    .description('Event-loop lag diagnostics for Node.js: run an app under load and see what blocks its loop.')
    .version(TOOL.version)
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // one line per problem: commander's "(Did you mean ...?)" joins the error line
      outputError: (s, write) => write(`eventloop-probe: ${nodeFlagHint(s.trim().replace(/\s*\n\s*/g, ' '))}\n`),
    });

  runCommand(program, io, setExit, command);
  reportCommand(program, io, setExit);
  compareCommand(program, io, setExit);
  attachCommand(program, io, setExit);
  return program;
}

/**
 * "unknown option '--env-file=.env'": a node flag given to the tool says where node flags go.
 * @param {string} message commander's error line
 */
function nodeFlagHint(message) {
  const flag = /unknown option '([^']+)'/.exec(message)?.[1];
  if (!flag || !parse.isNodeFlag(flag)) return message;
  // --env-file=.env as given; --import <module> when its value came apart
  const full = flag.includes('=') || !parse.NODE_VALUE_FLAGS.includes(flag) ? flag : `${flag} <${flag === '--env-file' ? 'file' : 'module'}>`;
  return `${message.replace(/\s*\(Did you mean [^)]*\)/, '')} (${flag} is a node flag: give the command after --, e.g. run -- node ${full} app.js, or run app.js --node-arg="${full}")`;
}

/** @param {unknown} error @param {CliIO} io @returns {number} */
function reportError(error, io) {
  if (error instanceof CommanderError) {
    // commander has printed its message already
    return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT.OK : EXIT.USAGE;
  }
  if (error instanceof ProbeError) {
    io.stderr.write(`eventloop-probe: error: ${error.message}${error.hint ? ` (${error.hint})` : ''}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`eventloop-probe: internal error: ${message} (please report it; set EVENTLOOP_PROBE_DEBUG=1 for the stack)\n`);
  if (io.env.EVENTLOOP_PROBE_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
  return EXIT.INTERNAL;
}
