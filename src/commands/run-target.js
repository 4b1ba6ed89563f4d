// What to run: the user's entry file (checked before anything starts) or the built-in demo.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../errors.js';
import { typeScriptLaunch } from '../launch/typescript.js';

export const DEMO_PATH = fileURLToPath(new URL('../../scenarios/demo-server.js', import.meta.url));
const DEMO_ROUTES = ['/compute-sync'];
const DEMO_PROBE = '/healthcheck';

/**
 * @param {{app?: string, route?: string[], port?: number}} opts
 * @param {string} cwd
 */
export function resolveTarget(opts, cwd) {
  if (!opts.app) {
    return {
      script: DEMO_PATH, display: 'demo-server.js (built-in demo)', name: 'demo-server',
      routes: opts.route?.length ? opts.route : DEMO_ROUTES, probe: /** @type {string | null} */ (DEMO_PROBE),
      expectServer: true, nodeArgs: /** @type {string[]} */ ([]),
    };
  }
  const script = path.resolve(cwd, opts.app);
  let stat;
  try {
    stat = fs.statSync(script);
  } catch (error) {
    throw notFound(opts.app, /** @type {NodeJS.ErrnoException} */ (error).code);
  }
  if (stat.isDirectory()) throw new UsageError(`${opts.app} is a folder`, 'give the entry file inside it, e.g. eventloop-probe run server.js');
  try {
    fs.accessSync(script, fs.constants.R_OK);
  } catch {
    throw new UsageError(`cannot read ${opts.app}`, 'check the file\'s permissions');
  }
  return {
    script, display: opts.app, name: path.basename(script).replace(/\.[^.]+$/, '') || 'app',
    routes: opts.route?.length ? opts.route : ['/'], probe: /** @type {string | null} */ (null),
    expectServer: Boolean(opts.route?.length || opts.port),
    nodeArgs: typeScriptLaunch(script, opts.app).nodeArgs,
  };
}

/** @param {string} app @param {string | undefined} code why stat failed */
function notFound(app, code) {
  if (code === 'ELOOP') return new UsageError(`cannot read ${app}: a loop of symbolic links`, 'give the path of the real entry file');
  if (code === 'EACCES') return new UsageError(`cannot read ${app}: permission denied on a folder of its path`, 'check the folders\' permissions');
  if (/^[a-z][a-z-]*$/.test(app)) {
    // a bare word: more likely a mistyped command than an app file
    return new UsageError(`unknown command or missing app file: ${app}`, 'see eventloop-probe --help for the commands, or give the path of your app\'s entry file, e.g. server.js');
  }
  return new UsageError(`app file not found: ${app}`, 'give the path of your app\'s entry file, e.g. eventloop-probe run server.js');
}
