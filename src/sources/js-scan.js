// Just enough of JavaScript's lexical rules to read an app's source for the diagnosis: a line with
// its strings and comments blanked out (so a name inside a string is not a call), and where a
// function that starts at a given position ends. Pure; tolerant of what it does not understand.

// a `/` after one of these (or after a keyword below, or first in the source) starts a regex literal, not a
// division; the operators before which one could too are left out (`<name>` in a template literal's
// text, blanked before it is looked at, would open one)
const BEFORE_REGEX = new Set([...'(,=:[!&|?{;']);
const KEYWORDS_BEFORE_REGEX = /(?:^|[^\w$])(?:return|typeof|case|in|of|new|delete|void|throw|else|do|yield|await)$/;

/**
 * The lines of a source with the contents of strings, template literals and comments replaced
 * by spaces (positions kept). A template literal's substitutions (`${hash(config)}`) are code, and
 * kept. Regex literals are left as they are, quotes and slashes in them too
 * (doT's `/'|\\/g` opens no string); functionEnd skips them.
 * @param {string[]} lines
 * @returns {string[]}
 */
export function codeOnly(lines) {
  /** @type {string[]} */
  const out = [];
  /** @type {null | "'" | '"' | '`' | '*'} */
  let open = null; // a string or block comment that continues from the previous line
  // the template literals whose substitution is open, innermost last: the braces opened in it since
  /** @type {number[]} */
  const substitutions = [];
  let carry = ''; // the code of the last lines with code, its last characters, spaces dropped
  // this line's last TAIL characters of code (a ring), kept as they come: a blanked string of a
  // minified file's one line can be megabytes of spaces, which a look back from the end would cross
  // at each slash
  /** @type {string[]} */
  const ring = new Array(TAIL).fill('');
  for (const line of lines) {
    let s = '';
    let count = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (open === '*') {
        if (c === '*' && line[i + 1] === '/') { open = null; s += '  '; i++; } else s += ' ';
        continue;
      }
      if (open) {
        if (c === '\\') { s += '  '; i++; continue; }
        if (c === open) { open = null; s += c; ring[count++ & MASK] = c; continue; }
        if (open === '`' && c === '$' && line[i + 1] === '{') {
          open = null;
          substitutions.push(0);
          s += '${';
          ring[count++ & MASK] = '{';
          i++;
          continue;
        }
        s += ' ';
        continue;
      }
      if (c === '/' && line[i + 1] === '/') { s += ' '.repeat(line.length - i); break; }
      if (c === '/' && line[i + 1] === '*') { open = '*'; s += '  '; i++; continue; }
      if (c === "'" || c === '"' || c === '`') { open = c; s += c; ring[count++ & MASK] = c; continue; }
      if (substitutions.length && (c === '{' || c === '}')) {
        const depth = substitutions.length - 1;
        if (c === '{') substitutions[depth]++;
        else if (substitutions[depth] > 0) substitutions[depth]--;
        else {
          // the substitution ends: the template's text goes on
          substitutions.pop();
          open = '`';
          s += c;
          continue;
        }
      }
      if (c === '/' && regexMayStart(codeBefore(ring, count, carry))) {
        const end = regexEnd(line, i);
        if (end > i) {
          for (let k = i; k <= end; k++) if (line[k] !== ' ' && line[k] !== '\t') ring[count++ & MASK] = line[k];
          s += line.slice(i, end + 1);
          i = end;
          continue;
        }
      }
      s += c;
      if (c !== ' ' && c !== '\t') ring[count++ & MASK] = c;
    }
    // a quote left open at the end of a line ends there, but for template literals and comments
    if (open === "'" || open === '"') open = null;
    carry = codeBefore(ring, count, carry);
    out.push(s);
  }
  return out;
}

const TAIL = 16; // a power of two
const MASK = TAIL - 1;

/**
 * The code just before a point of a line (its last TAIL characters, blanks dropped), continued from
 * the lines before (`carry`). @param {string[]} ring the line's code so far, the last TAIL characters
 * @param {number} count how many characters of code the line had so far @param {string} carry
 */
function codeBefore(ring, count, carry) {
  let out = '';
  for (let j = Math.max(0, count - TAIL); j < count; j++) out += ring[j & MASK];
  return out.length < TAIL ? (carry + out).slice(-TAIL) : out;
}

/** Whether a `/` after this code (its last non-blank characters) opens a regex literal. @param {string} before */
const regexMayStart = (before) => before === '' || BEFORE_REGEX.has(before.at(-1) ?? '') || KEYWORDS_BEFORE_REGEX.test(before);

/**
 * The index of the slash that closes a regex literal opening at `start` on this line (escapes and
 * character classes read), or -1 when none does (then it was a division).
 * @param {string} line @param {number} start
 */
function regexEnd(line, start) {
  let inClass = false;
  for (let i = start + 1; i < line.length; i++) {
    const c = line[i];
    if (c === '\\') { i++; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (c === '[') inClass = true;
    else if (c === '/') return i;
  }
  return -1;
}

/**
 * The last line (0-based) of the function that starts at (line, column): the brace that closes
 * its body, or, for an arrow function with an expression body, the end of that expression.
 * Scans code with strings and comments blanked (codeOnly). At most `limit` lines.
 * @param {string[]} code codeOnly lines @param {number} line 0-based @param {number} column 0-based
 * @param {number} [limit]
 */
export function functionEnd(code, line, column, limit = 2000) {
  let depth = 0;
  let parens = 0;
  let bodyStarted = false;
  let arrow = false;
  let before = '('; // a function's body begins where a regex may
  const last = Math.min(code.length - 1, line + limit);
  for (let l = line; l <= last; l++) {
    const text = code[l];
    for (let i = l === line ? column : 0; i < text.length; i++) {
      const c = text[i];
      // a regex literal's braces are no block's (doT's /(\s|;|\}|^|\{)out/)
      if (c === '/' && bodyStarted && regexMayStart(before)) {
        const end = regexEnd(text, i);
        if (end > i) { i = end; before = '/'; continue; }
      }
      if (c !== ' ' && c !== '\t') before = (before + c).slice(-16);
      if (!bodyStarted) {
        // an arrow's expression body (`(n) => ({...})` too): it ends where its statement ends
        if (arrow && parens === 0 && c !== '{' && !/\s/.test(c)) return expressionEnd(code, l, i, last);
        if (c === '(') parens++;
        else if (c === ')') parens--;
        else if (c === '=' && text[i + 1] === '>' && parens === 0) { arrow = true; i++; continue; }
        else if (c === '{' && parens === 0) { bodyStarted = true; depth = 1; continue; }
        continue;
      }
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return l;
    }
  }
  return bodyStarted ? last : line;
}

/** @param {string[]} code @param {number} line @param {number} column @param {number} last */
function expressionEnd(code, line, column, last) {
  let depth = 0;
  for (let l = line; l <= last; l++) {
    const text = code[l];
    for (let i = l === line ? column : 0; i < text.length; i++) {
      const c = text[i];
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') {
        if (--depth < 0) return l;
      } else if ((c === ';' || c === ',') && depth === 0) return l;
    }
    if (depth === 0 && l > line) return l;
  }
  return line;
}

// the words before a parenthesis whose block that follows is no function's body
const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with']);

/**
 * Whether a line (0-based) begins inside a function: a function's or method's braces, or the
 * parentheses around an arrow's expression body (`app.get('/x', (req, res) => send(...))`); false at
 * the module's top level, where a line runs once, at start-up (an object literal or a block there is
 * still top level). Scans codeOnly lines from the start; tolerant of what it does not understand.
 * @param {string[]} code codeOnly lines @param {number} line
 */
export function inFunction(code, line) {
  /** @type {boolean[]} the open brackets, innermost last: whether each is (or holds) a function's body */
  const open = [];
  /** @type {string[]} */
  const parenWords = [];
  let lastParenWord = '';
  let last = ''; // the last character of code
  let arrow = false;
  for (let l = 0; l < Math.min(line, code.length); l++) {
    const text = code[l];
    if (text.length > MINIFIED_LINE) return true;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === ' ' || c === '\t') continue;
      // an arrow's expression body: the brackets around it hold a function, and so does its own
      // parenthesis when it opens with one (`=> ({...})`)
      const body = arrow && c !== '{';
      if (body && open.length) open[open.length - 1] = true;
      arrow = false;
      if (c === '=' && text[i + 1] === '>') { arrow = true; last = '>'; i++; continue; }
      if (c === '(') {
        parenWords.push(/([A-Za-z_$][\w$]*)\s*$/.exec(text.slice(0, i))?.[1] ?? '');
        open.push(body);
      } else if (c === '[') open.push(body);
      else if (c === '{') open.push(last === '>' || (last === ')' && !CONTROL.has(lastParenWord)));
      else if (c === ')' || c === ']' || c === '}') {
        open.pop();
        if (c === ')') lastParenWord = parenWords.pop() ?? '';
      }
      last = c;
    }
  }
  // a line that begins an arrow's body (`=>` ended the line before) is in that function
  return arrow || open.includes(true);
}

/**
 * A named function's start, its name matching `name` (a pattern, captured in one of three groups):
 * `name = function (`, `name: async (a) =>`, `function name(`, a method `name(a) {`.
 * @param {string} name
 */
const namedFunction = (name) => new RegExp(`(?:^|[\\s.,{])(${name})\\s*[=:]\\s*(?:async\\s+)?(?:function\\b[^(]*\\(|\\([^)]*\\)\\s*=>|[\\w$]+\\s*=>)|\\bfunction\\s*\\*?\\s*(${name})\\s*\\(|^\\s*(?:static\\s+|async\\s+)*(${name})\\s*\\([^)]*\\)\\s*\\{`);
const NAMED_FUNCTION = namedFunction('[A-Za-z_$][\\w$]*');

/**
 * Where code defines a function or method of this name, the first (0-based line, and the column of
 * its name); none in a minified line.
 * @param {string[]} code @param {string} name @returns {{line: number, column: number} | null}
 */
export function definedAt(code, name) {
  const re = namedFunction(escapeRegExp(name));
  for (let i = 0; i < code.length; i++) {
    if (code[i].length > MINIFIED_LINE) continue;
    const m = re.exec(code[i]);
    if (m) return { line: i, column: m.index + m[0].indexOf(name) };
  }
  return null;
}
const NOT_NAMES = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'constructor', 'exports']);

/**
 * The names of the functions a line (0-based) is written in, innermost first, at most `max`: a
 * promise chain's anonymous step inside `schema.methods.setPassword = function (...) {` is part of
 * setPassword. Looks back at most `limit` lines; none in a minified file.
 * @param {string[]} code codeOnly lines @param {number} line @param {number} [max] @param {number} [limit]
 */
export function enclosingNames(code, line, max = 2, limit = 300) {
  /** @type {string[]} */
  const names = [];
  for (let l = Math.min(line, code.length - 1); l >= Math.max(0, line - limit) && names.length < max; l--) {
    const text = code[l];
    if (text.length > MINIFIED_LINE) return [];
    const m = NAMED_FUNCTION.exec(text);
    const name = m ? m[1] ?? m[2] ?? m[3] : undefined;
    if (!m || !name || NOT_NAMES.has(name)) continue;
    if (functionEnd(code, l, m.index + m[0].indexOf(name)) >= line) names.push(name);
  }
  return names;
}

/**
 * The function a function is made and returned by: `name`, defined at `line` (1-based), is written in a
 * named function whose body returns it (d3-format's `format` in `newFormat`, which ends `return format;`).
 * The maker's name and first line (1-based); null when the innermost function around it returns something else.
 * @param {string[]} code codeOnly lines @param {number} line @param {string} name @param {number} [limit]
 * @returns {{name: string, line: number} | null}
 */
export function makerOf(code, line, name, limit = 300) {
  if (!/^[\w$]+$/.test(name) || (code[line - 1] ?? '').length > MINIFIED_LINE) return null;
  for (let l = line - 2; l >= Math.max(0, line - 1 - limit); l--) {
    const text = code[l];
    if (text.length > MINIFIED_LINE) return null;
    const m = NAMED_FUNCTION.exec(text);
    const maker = m ? m[1] ?? m[2] ?? m[3] : undefined;
    if (!m || !maker || NOT_NAMES.has(maker)) continue;
    const end = functionEnd(code, l, m.index + m[0].indexOf(maker));
    if (end < line - 1) continue;
    const body = code.slice(l, end + 1).join('\n');
    return new RegExp(String.raw`\breturn\s+${escapeRegExp(name)}\s*(?:[;}]|$)`, 'm').test(body) ? { name: maker, line: l + 1 } : null;
  }
  return null;
}

// a line longer than this is a minified file's (a bundle's whole module on one line): which call, loop or
// function a position on it is in is not read from the line alone
export const MINIFIED_LINE = 2000;

/** @param {string} name */
export function escapeRegExp(name) {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// a name or a property called: `f(`, `route.match(`, `fns[k](`, `make()(`; not a keyword's parenthesis
const CALL = /(?:[\w$\])]|\?\.)\s*\(/g;
const NOT_CALLS = /(?:^|[^\w$.])(?:if|for|while|switch|catch|function|return|typeof|void|await|async|yield|with|in|of|delete|throw|new|case)\s*\($/;

/**
 * The one line (0-based) of first..last on which code calls a function, or null when none or
 * several do. @param {string[]} code codeOnly lines @param {number} first @param {number} last
 */
export function oneCallLine(code, first, last) {
  /** @type {number | null} */
  let found = null;
  for (let l = first; l <= last && l < code.length; l++) {
    const calls = [...(code[l] ?? '').matchAll(CALL)].some((m) => !NOT_CALLS.test(code[l].slice(0, (m.index ?? 0) + m[0].length)));
    if (!calls) continue;
    if (found !== null) return null;
    found = l;
  }
  return found;
}

/**
 * A function's parameter names, from its start: `(a, b) =>`, `function f(a, b = 1) {`, `a =>`; a
 * destructured or rest parameter holds its place with ''.
 * @param {string[]} code @param {number} line 0-based @param {number} column 0-based
 */
export function paramsAt(code, line, column) {
  // a minified file's line can be megabytes: a parameter list is near its function's start
  const head = code.slice(line, line + 5).join(' ').slice(column, column + 1000);
  const open = head.indexOf('(');
  const arrow = head.indexOf('=>');
  if (arrow >= 0 && (open < 0 || arrow < open)) return [/([A-Za-z_$][\w$]*)\s*$/.exec(head.slice(0, arrow))?.[1] ?? ''];
  if (open < 0) return [];
  return argumentsAt(head, open + 1).map((p) => /^\s*(?:(?:public|private|protected|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\??\s*(?:[:=]|$)/.exec(p)?.[1] ?? '');
}

/** The arguments of a call whose parenthesis opened just before `from`, split at their top-level commas (on the one line). @param {string} text @param {number} from */
export function argumentsAt(text, from) {
  /** @type {string[]} */
  const args = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth-- === 0) return [...args, text.slice(start, i)];
    } else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return [...args, text.slice(start)];
}

/**
 * Whether the function defined at a 1-based line returns a function: one it defines and returns by name
 * (d3-format's `newFormat(specifier)` defines `format(value)`, then `return format;`), a function
 * expression or an arrow. A builder, whose product the caller then applies; none in a minified line.
 * @param {string[]} code codeOnly lines @param {number} line 1-based, the function's first line
 * @param {string} name the function's name on that line
 */
export function returnsFunction(code, line, name) {
  const text = code[line - 1] ?? '';
  if (text.length > MINIFIED_LINE || !name || !/^[\w$]+$/.test(name)) return false;
  const at = text.indexOf(name);
  if (at < 0) return false;
  const end = functionEnd(code, line - 1, at, 400);
  const body = code.slice(line - 1, end + 1).join('\n');
  const inner = [...body.matchAll(/\bfunction\s+([\w$]+)\s*\(/g)].map((m) => m[1]).filter((n) => n !== name);
  const returned = [...body.matchAll(/\breturn\s+(function\b|(?:async\s+)?(?:\([^()]*\)|[\w$]+)\s*=>|[\w$]+\s*(?=[;}\n]|$))/g)].map((m) => m[1].trim());
  return returned.some((r) => r.startsWith('function') || r.includes('=>') || inner.includes(r));
}
