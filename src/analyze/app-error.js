// The line that says why an app failed, found in its stderr: the first `Error:` line (any
// `SomethingError:` or `Error [CODE]:`, as Node prints an uncaught error) with its top frame in the
// app's own code; else Node's own refusal (`node: --env-file= is not allowed in NODE_OPTIONS`), a
// package manager's error (`npm error Missing script: "dev"`), or the last line it wrote. Pure.

const ERROR_LINE = /^\s*(?:Uncaught )?(?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[[\w-]+\])?: \S/;
const FRAME = /^\s+at (.+)$/;
// node's command-line errors: "node: missing.env: not found", "/usr/bin/node: bad option: --x"
const NODE_CLI = /^(?:\S*\/)?node(?:js)?: \S/;
const MANAGER = /^(?:npm (?:error|ERR!)|ERR_PNPM_\w+|error(?! Command failed)) /;
const MAX_FRAMES_AFTER = 40;

/**
 * @typedef {{line: string, frame: string | null}} AppError
 */

/**
 * @param {string} stderr what the app (or the command) wrote on stderr, or its last part
 * @param {string} [cwd] frames under it are shown relative to it
 * @param {{strict?: boolean}} [options] strict: an error line or nothing (not the last line)
 * @returns {AppError | null}
 */
export function appError(stderr, cwd, options = {}) {
  const lines = stderr.split(/\r?\n/);
  const at = lines.findIndex((l) => ERROR_LINE.test(l));
  if (at >= 0) return { line: lines[at].trim(), frame: topFrame(lines.slice(at + 1, at + 1 + MAX_FRAMES_AFTER), cwd) };
  const cli = lines.find((l) => NODE_CLI.test(l));
  if (cli) return { line: cli.trim(), frame: null };
  const manager = lines.find((l) => MANAGER.test(l) && l.replace(MANAGER, '').trim() !== '');
  if (manager) return { line: manager.trim(), frame: null };
  if (options.strict) return null;
  const last = lines.filter((l) => l.trim() !== '' && !/^Node\.js v\d/.test(l)).at(-1);
  return last ? { line: last.trim(), frame: null } : null;
}

/**
 * The error's top frame in the app's own code (not Node's internals, not node_modules), else its
 * top frame outside Node's internals, else its first.
 * @param {string[]} after the lines after the error line @param {string} [cwd]
 */
function topFrame(after, cwd) {
  /** @type {string[]} */
  const frames = [];
  for (const line of after) {
    const m = FRAME.exec(line);
    if (m) frames.push(m[1]);
    else if (frames.length) break; // the frames ended
  }
  const own = (/** @type {string} */ f) => !/\(node:|^node:/.test(f) && !/[\\/]node_modules[\\/]/.test(f);
  const frame = frames.find(own) ?? frames.find((f) => !/\(node:|^node:/.test(f)) ?? frames[0] ?? null;
  return frame && cwd ? frame.split(`file://${cwd}/`).join('').split(`${cwd}/`).join('') : frame;
}
