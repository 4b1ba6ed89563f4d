// A line that calls a function its own function was handed: a connection pool's `return await fn(conn)`,
// a retry's or a transaction's wrapper, a timing helper. The work done there was chosen by the line that
// handed the function in, further out on the stack. A sync stack shows the handed function's own frame
// (the arrow that calls the package); after an await, V8's async frames name only async functions, and a
// plain arrow `(conn) => conn.query(...)` that returned a promise is gone: the wrapper's line is then the
// innermost of the app's, and the line that chose the work is the next one out.

import { argumentsAt, escapeRegExp, functionEnd, MINIFIED_LINE, paramsAt } from './js-scan.js';

// how far above the call its function's start is looked for
const LOOK_BACK = 300;
// the call a frame's position points at: V8 gives an async frame the `await`, a sync one the callee
const CALLED = /^(?:await\s+)?([A-Za-z_$][\w$]*)\s*(?:\.\s*(?:call|apply)\s*)?\(/;
// the same, through an object too: `db.withConnection(`, `this.pool.use(`
const CALLED_ANY = /^(?:await\s+)?(?:new\s+)?[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*\s*\(/;
// where a function starts on a line: `function name(`, `name(...) {` (a method), or an arrow's parameters
const FUNCTION = /\bfunction\b\s*\*?\s*[\w$]*\s*\(/g;
const METHOD = /(?:^|[\s,{;])(?:async\s+)?\*?([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*\{/g;
const NOT_METHODS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'with']);

/**
 * Whether the call at this position calls a parameter of a function around it.
 * @param {string[]} code the file's lines, strings and comments blanked (js-scan.js codeOnly)
 * @param {number} line 1-based @param {number} column 1-based, as a stack frame gives it
 */
export function callsParameter(code, line, column) {
  const text = code[line - 1];
  if (text === undefined || text.length > MINIFIED_LINE) return false;
  const name = CALLED.exec(text.slice(Math.max(0, column - 1)))?.[1];
  if (!name || name === 'await') return false;
  for (const start of functionStarts(code, line - 1, column - 1)) {
    if (paramsAt(code, start.line, start.column).includes(name)) return true;
  }
  return false;
}

/**
 * Whether the function that starts at this position calls one of its own parameters in its body: a profile's
 * frame gives a function's start, not the line it was at. @param {string[]} code codeOnly lines
 * @param {number} line 1-based @param {number} column 1-based
 */
export function callsOwnParameter(code, line, column) {
  if ((code[line - 1] ?? '').length > MINIFIED_LINE) return false;
  const names = paramsAt(code, line - 1, Math.max(0, column - 1)).filter((n) => n);
  if (!names.length) return false;
  const end = functionEnd(code, line - 1, Math.max(0, column - 1));
  const call = new RegExp(String.raw`(?<![\w$.])(?:${names.map(escapeRegExp).join('|')})\s*(?:\.\s*(?:call|apply)\s*)?\(`);
  for (let l = line - 1; l <= end; l++) {
    // the header's own parameter list is no call
    const text = l === line - 1 ? code[l].slice(Math.max(0, column - 1)).replace(/^[^(]*\([^)]*\)/, '') : code[l];
    if (call.test(text)) return true;
  }
  return false;
}

/**
 * Whether the call at this position hands a function it writes there: `withConnection((conn) => ...)`,
 * `retry(async function () {...})`. That line chose the work a wrapper's line further in ran.
 * @param {string[]} code codeOnly lines @param {number} line 1-based @param {number} column 1-based
 */
export function handsFunction(code, line, column) {
  const text = code[line - 1];
  if (text === undefined || text.length > MINIFIED_LINE) return false;
  const called = CALLED_ANY.exec(text.slice(Math.max(0, column - 1)));
  if (!called) return false;
  const args = argumentsAt(text, Math.max(0, column - 1) + called[0].length);
  return args.some((a) => /=>|\bfunction\b/.test(a));
}

/**
 * The starts (0-based) of the functions whose bodies hold the position, innermost first.
 * @param {string[]} code @param {number} line 0-based @param {number} column 0-based
 */
function functionStarts(code, line, column) {
  /** @type {{line: number, column: number}[]} */
  const found = [];
  for (let l = line; l >= Math.max(0, line - LOOK_BACK); l--) {
    const text = code[l];
    if (text.length > MINIFIED_LINE) break;
    const starts = headsOn(text).filter((c) => l < line || (c < column && opensBefore(text, c, column))).sort((a, b) => b - a);
    for (const c of starts) {
      if (functionEnd(code, l, c, line - l) >= line) found.push({ line: l, column: c });
    }
  }
  return found;
}

/** Whether more brackets open than close from `from` to `to` on a line: a function begun there is still open. @param {string} text @param {number} from @param {number} to */
function opensBefore(text, from, to) {
  let depth = 0;
  for (let i = from; i < to; i++) {
    if ('({['.includes(text[i])) depth++;
    else if (')}]'.includes(text[i])) depth--;
  }
  return depth > 0;
}

/** The columns where functions start on a line. @param {string} text */
function headsOn(text) {
  const heads = [...text.matchAll(FUNCTION)].map((m) => m.index ?? 0);
  for (const m of text.matchAll(METHOD)) {
    if (!NOT_METHODS.has(m[1])) heads.push((m.index ?? 0) + m[0].indexOf(m[1]));
  }
  for (let i = text.indexOf('=>'); i >= 0; i = text.indexOf('=>', i + 2)) {
    const start = arrowStart(text, i);
    if (start >= 0) heads.push(start);
  }
  return heads;
}

/** Where the parameters of the arrow at `arrow` (its `=>`) start: its `(`, or its one name. @param {string} text @param {number} arrow */
function arrowStart(text, arrow) {
  let i = arrow - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  if (text[i] !== ')') {
    const m = /[A-Za-z_$][\w$]*$/.exec(text.slice(0, i + 1));
    return m ? i + 1 - m[0].length : -1;
  }
  for (let depth = 0; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return i;
  }
  return -1;
}
