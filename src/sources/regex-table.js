// Whether a line runs a regex taken from a table that changes with the loop around it: a detector's
// patterns tried one after the other (`for (key in rules) if (rules[key].test(ua))`, `regex[j++].exec(ua)`,
// `var rule = rules[len]; if (rule[0].test(word))`). A capture that began after the patterns were
// compiled names none of them (no `RegExp:` frame): the time stays on the line, pattern after pattern,
// as one long match would, and only the source says it is many matches. A pattern that stays the same
// through the loop (a literal, a name declared before it, a table entry by a fixed key: semver's
// `re[t.COMPARATORTRIM]`, `this.regexp`) is not a table's: its time on the line can be one match.

import { loopAround } from './loop-lines.js';
import { argumentsAt, escapeRegExp, functionEnd, MINIFIED_LINE, paramsAt } from './js-scan.js';

const CHAIN = String.raw`[A-Za-z_$][\w$]*(?:\s*(?:\.\s*[A-Za-z_$][\w$]*|\[[^\]\[]*\]))*`;
// the regex a line runs: the receiver of test/exec, or the first argument of a string's method that takes one
const RUN = [
  new RegExp(String.raw`(${CHAIN})\s*\.\s*(?:test|exec)\s*\(`, 'g'),
  new RegExp(String.raw`\.\s*(?:match|matchAll|search|replace|replaceAll|split)\s*\(\s*(${CHAIN})\s*[,)]`, 'g'),
];
// an index that moves as it is read: `regex[j++]`
const MOVING_INDEX = /\[\s*(?:[A-Za-z_$][\w$]*\s*(?:\+\+|--)|(?:\+\+|--)\s*[A-Za-z_$][\w$]*)\s*\]/;
// an index by a bare name (`rules[key]`): the table's entry changes when the name does
const NAME_INDEX = /\[\s*([A-Za-z_$][\w$]*)\s*\]/g;
// a caller that calls the function more often than this is not a table's loop read line by line
const MAX_CALLS = 50;

/**
 * @param {string[]} code the file's lines, strings and comments blanked (js-scan.js codeOnly)
 * @param {number} line 1-based: a line that runs a regex the source does not name
 */
export function runsTableRegex(code, line) {
  const text = code[line - 1];
  if (text === undefined || text.length > MINIFIED_LINE) return false;
  const exprs = RUN.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
  if (!exprs.length) return false;
  const loop = loopAround(code, line);
  if (loop === null) return false;
  const inLoop = code.slice(loop - 1, line);
  if (inLoop.some((l) => l.length > MINIFIED_LINE)) return false;
  return exprs.some((expr) => variesInLoop(expr, inLoop));
}

/**
 * An expression that names a regex (`rules[key]`, `regex[j++]`, `bot.regex`) gives another on each pass of
 * the loop: a moving index, or its base or an index name changes in the loop's lines.
 * @param {string} expr @param {string[]} inLoop the loop's lines, its header to the line of the expression
 */
function variesInLoop(expr, inLoop) {
  if (MOVING_INDEX.test(expr)) return true;
  const base = /^\s*([A-Za-z_$][\w$]*)/.exec(expr)?.[1];
  const names = [...expr.matchAll(NAME_INDEX)].map((m) => m[1]);
  if (base && base !== 'this') names.push(base);
  return names.some((name) => changesInLoop(name, inLoop));
}

/**
 * The name changes with each pass of the loop (its header to the line that runs the regex): a `for ... in/of`
 * variable, a callback's or function's parameter, `j++`, `i += 2`; or a name set in the loop from something that
 * changes (`var rule = rules[len]` under `while (len--)`, `const re = new RegExp(r.src)` for each `r`). A name set
 * in the loop from what does not change (`const re = new RegExp(PATTERN)` on each pass) is the same pattern.
 * @param {string} name @param {string[]} lines @param {number} [depth] names followed through what they are set from
 */
function changesInLoop(name, lines, depth = 0) {
  const n = escapeRegExp(name);
  const moves = new RegExp([
    String.raw`\b(?:var|let|const)\s+(?:[^;=]*?[\s,{\[])?${n}\b[^;=]*?\s(?:of|in)\s`,
    String.raw`(?<![\w$.])${n}\s*(?:\+\+|--|[-+*/%]=|\s(?:of|in)\b)`,
    String.raw`(?:\+\+|--)\s*${n}\b`,
    String.raw`(?:^|[^\w$.])${n}\s*=>`,
    String.raw`\bfunction\s*[\w$]*\s*\(${params(n)}\)`,
    String.raw`\(${params(n)}\)\s*=>`,
  ].join('|'));
  if (lines.some((l) => moves.test(l))) return true;
  // set in the loop: declared or assigned (`x = ...`), or destructured (`const { regex } = rules[i]`)
  const set = new RegExp(String.raw`(?<![\w$.])${n}\s*=(?![=>])([^;]*)|\b(?:var|let|const)\s*[{\[][^=;]*(?<![\w$])${n}(?![\w$])[^=;]*[}\]]\s*=(?!=)([^;]*)`, 'g');
  for (const l of lines) {
    for (const m of l.matchAll(set)) {
      const from = m[1] ?? m[2] ?? '';
      if (depth >= 2 || MOVING_INDEX.test(from)) return true;
      const names = [...from.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)].map((x) => x[0]).filter((x) => x !== 'this' && x !== 'new');
      if (names.some((x) => x === name || changesInLoop(x, lines, depth + 1))) return true;
    }
  }
  return false;
}

/** A parameter list that holds the name. @param {string} n */
const params = (n) => String.raw`\s*(?:[\w$]+\s*,\s*)*${n}\s*(?:,\s*[\w$]+\s*)*`;

/**
 * @typedef {{functionName: string, line: number, column: number}} FunctionAt a profile frame's function: 1-based line and column of its start
 */

/**
 * Whether a line runs a regex its function was handed, by a caller that hands it a table's entries one
 * after the other: device-detector-js's `userAgentParser(rawRegex, userAgent)`, whose line
 * `regexInstance.exec(userAgent)` runs the regex made from `rawRegex`, called as
 * `userAgentParser(bot.regex, userAgent)` for each of its bots. The regex is the function's parameter,
 * or a name its function sets from an expression of that parameter; the caller (the profile's next
 * frame) calls the function by its name in a loop with, in that parameter's place, a value that
 * changes with the loop. The caller's line is not in the profile: any such call in its function counts.
 * @param {string[]} code the callee's file (codeOnly) @param {number} line 1-based, the line that runs the regex
 * @param {FunctionAt} callee @param {string[]} callerCode the caller's file (codeOnly) @param {FunctionAt} caller
 */
export function passedTableRegex(code, line, callee, callerCode, caller) {
  const text = code[line - 1];
  const name = /(?:^|\.)([A-Za-z_$][\w$]*)$/.exec(callee.functionName)?.[1];
  if (text === undefined || text.length > MINIFIED_LINE || !name || callee.line < 1 || callee.line > line) return false;
  const bases = RUN.flatMap((re) => [...text.matchAll(re)].map((m) => /^[A-Za-z_$][\w$]*/.exec(m[1])?.[0] ?? ''));
  const params = paramsAt(code, callee.line - 1, Math.max(0, callee.column - 1));
  const body = code.slice(callee.line - 1, line - 1);
  const at = params.findIndex((p) => bases.some((b) => b === p || setFrom(b, p, body)));
  if (at < 0) return false;
  const first = caller.line - 1;
  const last = functionEnd(callerCode, first, Math.max(0, caller.column - 1));
  // its name called bare (`parse(`), through an object when the function is a method or an export
  // (`user_agent_1.userAgentParser(`; not a string's `.test(` for a function named test), or as TypeScript
  // and Babel call an import (`(0, user_agent_1.userAgentParser)(`)
  const n = escapeRegExp(name);
  const call = new RegExp(String.raw`(?<![\w$.])${n}\s*\(|(?<![\w$])${n}\s*\)\s*\(` + (callee.functionName.includes('.') ? String.raw`|\.\s*${n}\s*\(` : ''), 'g');
  let calls = 0;
  for (let l = first; l <= last && l < callerCode.length; l++) {
    // a minified line with no map: its loops and its functions cannot be told apart (nor below, the scans stay linear)
    if (callerCode[l].length > MINIFIED_LINE) return false;
    for (const m of callerCode[l].matchAll(call)) {
      if (++calls > MAX_CALLS) return false;
      const arg = argumentsAt(callerCode[l], (m.index ?? 0) + m[0].length)[at];
      if (arg === undefined) continue;
      const loop = loopAround(callerCode, l + 1);
      if (loop === null) continue;
      if (variesInLoop(arg, callerCode.slice(loop - 1, l + 1))) return true;
    }
  }
  return false;
}

/**
 * The function's lines set `name` from `param`: the parameter itself, or the first argument of the call that
 * makes it (`const regexInstance = getRegexInstance(rawRegex)`, `const re = new RegExp(pattern, flags)`), not
 * an argument that only tunes it (`new RegExp(pattern, line.length > 80 ? '' : 'i')` is not made from `line`).
 * @param {string} name @param {string} param @param {string[]} lines
 */
function setFrom(name, param, lines) {
  if (!name || !param) return false;
  const p = escapeRegExp(param);
  const set = new RegExp(String.raw`(?<![\w$.])${escapeRegExp(name)}\s*=(?![=>])\s*(?:${p}\s*(?:[;,)]|$)|(?:new\s+)?[\w$.]+\s*\(\s*${p}\s*[,)])`);
  return lines.some((l) => set.test(l));
}
