// What to run, checked before anything starts: the built-in demo, the user's entry file (the short
// form, with --node-arg flags for node), or a command given after `--` (node with its flags, npm
// start, npx tsx ..., any launcher).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../../errors.js';
import { typeScriptLaunch } from '../../launch/typescript.js';
import { isNode, splitNodeArgs, findProgram, hasLoader, commandName } from '../../launch/command.js';

export const DEMO_PATH = fileURLToPath(new URL('../../../scenarios/demo-server.js', import.meta.url));
const DEMO_ROUTES = ['/compute-sync'];
const DEMO_PROBE = '/healthcheck';
// commands people run their app with, mistaken for an app file when given before `--`
const LAUNCHERS = /^(node|nodejs|npm|npx|yarn|pnpm|bun|tsx|ts-node|nodemon|deno)$/;

/**
 * @typedef {object} RunTarget
 * @property {string} display as the report names it: the app file, or the command
 * @property {string} name the report folder's name
 * @property {string[]} command what is spawned: program and arguments
 * @property {boolean} launcher the process spawned is not the app (npm, npx, a shell): the app is
 *   the Node.js process of its tree that listens
 * @property {string | null} script the entry file, when known (0x and clinic need it)
 * @property {string[]} nodeArgs node's own flags for the entry file
 * @property {string[] | null} given the command as given after `--` (null in the short form)
 * @property {string[]} routes
 * @property {string | null} probe
 * @property {boolean} expectServer the app has to listen (routes, --port, or a launcher)
 */

/**
 * @param {{app?: string, appArgs?: string[], command?: string[], nodeArg?: string[], route?: string[], port?: number}} opts
 * @param {string} cwd @param {NodeJS.ProcessEnv} [env]
 * @returns {RunTarget}
 */
export function resolveTarget(opts, cwd, env = process.env) {
  const routes = opts.route?.length ? opts.route : ['/'];
  const expectServer = Boolean(opts.route?.length || opts.port);
  const userNodeArgs = opts.nodeArg ?? [];
  if (opts.command) return commandTarget(opts.command, userNodeArgs, { routes, expectServer }, cwd, env);
  if (!opts.app) {
    return {
      display: 'demo-server.js (built-in demo)', name: 'demo-server', command: [process.execPath, ...userNodeArgs, DEMO_PATH],
      launcher: false, script: DEMO_PATH, nodeArgs: userNodeArgs, given: null,
      routes: opts.route?.length ? opts.route : DEMO_ROUTES, probe: DEMO_PROBE, expectServer: true,
    };
  }
  const script = path.resolve(cwd, opts.app);
  let stat;
  try {
    stat = fs.statSync(script);
  } catch (error) {
    throw notFound(opts.app, /** @type {NodeJS.ErrnoException} */ (error).code, cwd, env);
  }
  if (stat.isDirectory()) throw new UsageError(`${opts.app} is a folder`, 'give the entry file inside it, e.g. eventloop-probe run server.js');
  try {
    fs.accessSync(script, fs.constants.R_OK);
  } catch {
    throw new UsageError(`cannot read ${opts.app}`, 'check the file\'s permissions');
  }
  const nodeArgs = [...(hasLoader(userNodeArgs) ? [] : typeScriptLaunch(script, opts.app).nodeArgs), ...userNodeArgs];
  return {
    display: opts.app, name: path.basename(script).replace(/\.[^.]+$/, '') || 'app',
    command: [process.execPath, ...nodeArgs, script, ...(opts.appArgs ?? [])],
    launcher: false, script, nodeArgs, given: null, routes, probe: null, expectServer,
  };
}

/**
 * @param {string[]} given @param {string[]} userNodeArgs
 * @param {{routes: string[], expectServer: boolean}} load @param {string} cwd @param {NodeJS.ProcessEnv} env
 * @returns {RunTarget}
 */
function commandTarget(given, userNodeArgs, load, cwd, env) {
  if (given.length === 0) throw new UsageError('nothing after --', 'give the command that starts your app, e.g. eventloop-probe run -- npm start');
  if (userNodeArgs.length) {
    throw new UsageError('--node-arg goes with an app file; with a command after --, put node\'s flags in it',
      'e.g. eventloop-probe run -- node --env-file=.env server.js');
  }
  const [program, ...rest] = given;
  const found = program === process.execPath ? program : findProgram(program, env, cwd);
  if (!found) {
    throw new UsageError(`command not found: ${program}`, program.includes('/') ? 'check the path' : 'is it installed and on PATH?');
  }
  const display = given.join(' ');
  if (!isNode(program)) {
    return { display, name: commandName(given), command: given, launcher: true, script: null, nodeArgs: [], given, routes: load.routes, probe: null, expectServer: true };
  }
  const { nodeArgs, script } = splitNodeArgs(rest);
  return {
    display, name: commandName(given), command: given, launcher: false,
    script: script ? path.resolve(cwd, script) : null, nodeArgs, given, routes: load.routes, probe: null, expectServer: load.expectServer,
  };
}

/**
 * @param {string} app @param {string | undefined} code why stat failed @param {string} cwd @param {NodeJS.ProcessEnv} env
 */
function notFound(app, code, cwd, env) {
  if (code === 'ELOOP') return new UsageError(`cannot read ${app}: a loop of symbolic links`, 'give the path of the real entry file');
  if (code === 'EACCES') return new UsageError(`cannot read ${app}: permission denied on a folder of its path`, 'check the folders\' permissions');
  if (LAUNCHERS.test(app) || (/^[a-z][\w-]*$/.test(app) && findProgram(app, env, cwd))) {
    // a command where an app file was expected: `run npm start`, `run node --env-file=.env x.js`
    return new UsageError(`${app} is a command, not an app file`, `put the command after --: eventloop-probe run [options] -- ${app} ...`);
  }
  if (/^[a-z][a-z-]*$/.test(app)) {
    // a bare word: more likely a mistyped command than an app file
    return new UsageError(`unknown command or missing app file: ${app}`, 'see eventloop-probe --help for the commands, or give the path of your app\'s entry file, e.g. server.js');
  }
  return new UsageError(`app file not found: ${app}`, 'give the path of your app\'s entry file, e.g. eventloop-probe run server.js');
}
