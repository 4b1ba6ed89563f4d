// The command after `run --`: whether it is node itself (then its process is the app, with the
// agent from its start) or a launcher (npm, npx, yarn, pnpm, tsx, a shell script: then the app is
// the Node.js process of its tree that listens); node's own flags and the entry file in it; and
// NODE_OPTIONS an --env-file would have set, which the agent's NODE_OPTIONS would hide. Pure but
// for reading PATH and env files.

import fs from 'node:fs';
import path from 'node:path';

// node flags whose value is the next argument when not given with `=`
const VALUE_FLAGS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions',
  '--env-file', '--env-file-if-exists', '--input-type', '--title', '--watch-path', '--inspect-port', '--debug-port',
  '--experimental-default-type', '--disable-warning', '--redirect-warnings', '--test-reporter', '--test-reporter-destination']);
// flags after which no entry file follows: the code comes from elsewhere
const NO_ENTRY = new Set(['-e', '--eval', '-p', '--print', '--run', '--test', '-i', '--interactive', '-c', '--check']);
const LOADER_FLAGS = /^(--import|--loader|--experimental-loader|-r|--require|--experimental-strip-types|--experimental-transform-types)(=|$)/;

/** @param {string} program */
export function isNode(program) {
  return program === process.execPath || /^node(js)?(\.exe)?$/i.test(path.basename(program));
}

/**
 * Node's own flags, the entry file and its arguments, from what follows `node`.
 * @param {string[]} args
 * @returns {{nodeArgs: string[], script: string | null, scriptArgs: string[]}}
 */
export function splitNodeArgs(args) {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') return { nodeArgs: args.slice(0, i), script: args[i + 1] ?? null, scriptArgs: args.slice(i + 2) };
    if (NO_ENTRY.has(a.split('=')[0])) return { nodeArgs: args, script: null, scriptArgs: [] };
    if (!a.startsWith('-')) return { nodeArgs: args.slice(0, i), script: a, scriptArgs: args.slice(i + 1) };
    if (VALUE_FLAGS.has(a)) i++;
  }
  return { nodeArgs: args, script: null, scriptArgs: [] };
}

// node flags that an app hardly takes as its own arguments
const NODE_ONLY = /^(--env-file(-if-exists)?|--import|--require|-r|--loader|--experimental-loader|--experimental-strip-types|--enable-source-maps|--max-old-space-size|--inspect(-brk)?)(=|$)/;

/**
 * A node flag among the app's arguments (`run server.js -- --env-file=.env`): it reaches the app's
 * argv, not node. @param {string[]} appArgs @returns {string | null}
 */
export function misplacedNodeFlag(appArgs) {
  return appArgs.find((a) => NODE_ONLY.test(a)) ?? null;
}

/** @param {string[]} nodeArgs @returns {boolean} a loader or type stripping is given */
export function hasLoader(nodeArgs) {
  return nodeArgs.some((a) => LOADER_FLAGS.test(a));
}

/**
 * The program's path as the shell would find it, or null.
 * @param {string} program @param {NodeJS.ProcessEnv} env @param {string} cwd
 */
export function findProgram(program, env, cwd) {
  const candidates = program.includes('/') ? [path.resolve(cwd, program)]
    : (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(path.resolve(cwd, dir), program));
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  }) ?? null;
}

/**
 * NODE_OPTIONS set by the --env-file files among node's flags. Node applies a file's NODE_OPTIONS
 * only when the environment has none, and the agent's NODE_OPTIONS is always set: so the tool
 * puts the file's after its own, as Node would have applied it.
 * @param {string[]} nodeArgs @param {string} cwd
 * @returns {string | null}
 */
export function envFileNodeOptions(nodeArgs, cwd) {
  let found = null;
  for (let i = 0; i < nodeArgs.length; i++) {
    const m = /^--env-file(?:-if-exists)?(?:=(.*))?$/.exec(nodeArgs[i]);
    if (!m) continue;
    const file = m[1] ?? nodeArgs[++i];
    if (!file) continue;
    let text;
    try {
      text = fs.readFileSync(path.resolve(cwd, file), 'utf8');
    } catch {
      continue; // node itself says what is wrong with it
    }
    found = dotenvValue(text, 'NODE_OPTIONS') ?? found; // a later file wins, as in node
  }
  return found;
}

/**
 * A variable's value in a .env file: `NAME=value`, optionally `export NAME=...`, quoted or not,
 * with a trailing `# comment` outside quotes.
 * @param {string} text @param {string} name
 */
export function dotenvValue(text, name) {
  let value = null;
  for (const line of text.split(/\r?\n/)) {
    const m = new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=\\s*(.*)$`).exec(line);
    if (!m) continue;
    const raw = m[1].trim();
    const quoted = /^(['"`])(.*)\1/.exec(raw);
    value = quoted ? quoted[2] : raw.replace(/\s+#.*$/, '');
  }
  return value;
}

/**
 * A name for the report folder: the entry file's, else the command's first words (npm-start).
 * @param {string[]} command
 */
export function commandName(command) {
  const file = [...command].reverse().find((a) => /\.[cm]?[jt]sx?$/.test(a) && !a.startsWith('-'));
  const words = file ? [path.basename(file).replace(/\.[^.]+$/, '')] : command.slice(0, 3).filter((a) => !a.startsWith('-')).map((a) => path.basename(a));
  return words.join('-').replace(/[^\w.-]+/g, '-').replace(/^[-.]+|-+$/g, '') || 'app';
}
