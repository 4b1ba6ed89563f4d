// Whether a line of the app's source runs in a loop of its function: inside the body of a `for`,
// `while` or `do`, or in a callback of an array's iterating method (`.map(`, `.forEach(`...). A call
// on such a line is made once per iteration: the time is the loop's, and the loop can be split. Reads
// code with strings and comments blanked (js-scan.js codeOnly); tolerant of what it does not understand.

const HEADER = /\b(?:for(?:\s+await)?|while)\s*$/;
const CONTROL = /\b(if|switch|catch|with)\s*$/;
const ITERATE = /\.(forEach|map|flatMap|filter|reduce|reduceRight|some|every|find|findIndex|findLast|findLastIndex)\s*$/;
const DO = /\bdo\s*$/;

/**
 * @typedef {object} Open an open bracket, or a loop's body of one statement
 * @property {')' | '}' | ']' | ';'} close
 * @property {number | null} loop the 1-based line of the loop whose body (or iterating call's parens) this is
 * @property {boolean} fn a function's body: a loop outside it does not repeat it
 * @property {number | null} [header] the paren of a `for`/`while` header: its loop's line
 * @property {boolean} [control] the paren of an `if`/`switch`/`catch`: a block follows, not a function
 * @property {boolean} [fresh] an iterating method's paren, nothing read inside it yet
 */

/**
 * The line (1-based) of the innermost loop of its function that line `line`'s code runs in, or null.
 * @param {string[]} code codeOnly lines of the file @param {number} line 1-based
 * @returns {number | null}
 */
export function loopAround(code, line) {
  if (!(line >= 1 && line <= code.length)) return null;
  /** @type {Open[]} */
  const stack = [];
  /** @type {number | null} a loop header just closed: its body comes next */
  let body = null;
  /** @type {Open | null} the paren just closed, for the brace after it */
  let closed = null;
  for (let l = 0; l < line; l++) {
    const text = code[l];
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === ' ' || c === '\t') continue;
      if (body !== null) {
        const loop = body;
        body = null;
        if (c === '{') {
          stack.push({ close: '}', loop, fn: false });
          continue;
        }
        stack.push({ close: ';', loop, fn: false });
      }
      // an iterating method takes a function: an object literal first (`repo.find({ relations })`) is another API's call
      const last = stack[stack.length - 1];
      if (last?.fresh) {
        last.fresh = false;
        if (c === '{') last.loop = null;
      }
      if (l === line - 1) {
        const loop = innermost(stack);
        if (loop !== null) return loop;
      }
      const before = text.slice(0, i);
      const paren = closed;
      closed = null;
      if (c === '(') {
        const header = HEADER.test(before) ? l + 1 : null;
        const iterates = ITERATE.test(before);
        stack.push({ close: ')', loop: iterates ? l + 1 : null, fn: false, header, control: CONTROL.test(before), ...(iterates ? { fresh: true } : {}) });
      } else if (c === '{') {
        const fn = /=>\s*$/.test(before) || (paren !== null && /\)\s*$/.test(before) && !paren.control);
        const parent = stack[stack.length - 1];
        // a callback's body, passed to an iterating method, repeats with it
        const loop = DO.test(before) ? l + 1 : fn && parent?.close === ')' ? parent.loop : null;
        stack.push({ close: '}', loop, fn });
      } else if (c === '[') {
        stack.push({ close: ']', loop: null, fn: false });
      } else if (c === ')' || c === '}' || c === ']' || c === ';') {
        while (c !== ';' && stack.length && stack[stack.length - 1].close === ';') stack.pop();
        const top = stack[stack.length - 1];
        if (top?.close !== c) continue;
        stack.pop();
        if (c === ')') closed = top;
        if (c === ')' && top.header) body = top.header;
      }
    }
    // a loop's body of one statement ends with its line
    while (stack.length && stack[stack.length - 1].close === ';') stack.pop();
  }
  return null;
}

/**
 * The loop the innermost function on the stack runs in, innermost first.
 * @param {Open[]} stack
 */
function innermost(stack) {
  for (let k = stack.length - 1; k >= 0; k--) {
    if (stack[k].loop !== null) return stack[k].loop;
    if (stack[k].fn) return null;
  }
  return null;
}

/**
 * Whether a loop hands out its list in parts: its header steps by more than one (`i += 500`, `i += BATCH`)
 * or the calling line passes a part of a list (`rows.slice(i, i + n)`, a `chunk`). Each pass then carries
 * many items already, as a multi-row statement does.
 * @param {string[]} code codeOnly lines of the file @param {number} loopLine 1-based @param {number} callLine 1-based
 */
export function takesParts(code, loopLine, callLine) {
  const header = code[loopLine - 1] ?? '';
  const call = code[callLine - 1] ?? '';
  return /\+=\s*(?:[2-9]|\d{2,}|[A-Za-z_$][\w$]*)/.test(header) || /\.(?:slice|splice|subarray)\s*\(|\bchunk/i.test(call);
}
