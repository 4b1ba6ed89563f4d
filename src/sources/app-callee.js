// A line of the app's that calls none of a package's names, but a function of the same file that does:
// the controller's `this.service.findDuplicates(q)` over fastest-levenshtein's frames, the service's
// method gone from the stack (V8 inlined it into its caller, or compiled its loop before a production
// capture's profiler started, and code compiled before does not show). The line inside that function
// that calls the package is the calling line. Pure.

import { definedAt, escapeRegExp, functionEnd, MINIFIED_LINE } from './js-scan.js';

// a call by name, bare or as a method: `findDuplicates(`, `this.service.findDuplicates(`
const CALLED = /(?:^|[^\w$])([A-Za-z_$][\w$]*)\s*\(/g;
const NOT_CALLED = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'await', 'async', 'super']);

/**
 * The one line (1-based) of a function of the same file, called on lines from..to, that calls one of `names`;
 * null when those lines use one of them themselves, or no called function, or more than one line, does.
 * @param {string[]} code codeOnly lines @param {number} from 1-based @param {number} to 1-based, inclusive
 * @param {string[]} names the file's names bound to the package
 * @param {string[]} [ran] the names of the package's functions that ran: of several lines, the one that calls one of them
 *   (`mf.compile(source)` after `const mf = new MessageFormat(locale)`)
 * @returns {number | null}
 */
export function lineInCallee(code, from, to, names, ran = []) {
  const lines = code.slice(from - 1, to);
  if (!names.length || !lines.length || lines.some((l) => l.length > MINIFIED_LINE)) return null;
  const uses = new RegExp(`(?:^|[^\\w$.])(?:${names.map(escapeRegExp).join('|')})\\s*[.(\`[]`);
  if (lines.some((l) => uses.test(l))) return null;
  /** @type {Set<number>} */
  const found = new Set();
  for (const m of lines.join('\n').matchAll(CALLED)) {
    const name = m[1];
    if (NOT_CALLED.has(name)) continue;
    const at = definedAt(code, name);
    // none, or the function's own definition (the lines begin with its header)
    if (at === null || at.line === from - 1) continue;
    const end = functionEnd(code, at.line, at.column, 400);
    for (let l = at.line; l <= end; l++) if (uses.test(l === at.line ? code[l].slice(at.column + name.length) : code[l])) found.add(l + 1);
  }
  if (found.size === 1) return [...found][0];
  const calling = ran.length ? [...found].filter((l) => ran.some((name) => new RegExp(`(?:^|[^\\w$])${escapeRegExp(name)}\\s*\\(`).test(code[l - 1]))) : [];
  return calling.length === 1 ? calling[0] : null;
}
