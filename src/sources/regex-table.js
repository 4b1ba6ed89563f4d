// Whether a line runs a regex taken from a table that changes with the loop around it: a detector's
// patterns tried one after the other (`for (key in rules) if (rules[key].test(ua))`, `regex[j++].exec(ua)`,
// `var rule = rules[len]; if (rule[0].test(word))`). A capture that began after the patterns were
// compiled names none of them (no `RegExp:` frame): the time stays on the line, pattern after pattern,
// as one long match would, and only the source says it is many matches. A pattern that stays the same
// through the loop (a literal, a name declared before it, a table entry by a fixed key: semver's
// `re[t.COMPARATORTRIM]`, `this.regexp`) is not a table's: its time on the line can be one match.

import { loopAround } from './loop-lines.js';
import { escapeRegExp } from './js-scan.js';

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

/**
 * @param {string[]} code the file's lines, strings and comments blanked (js-scan.js codeOnly)
 * @param {number} line 1-based: a line that runs a regex the source does not name
 */
export function runsTableRegex(code, line) {
  const text = code[line - 1];
  if (text === undefined) return false;
  const exprs = RUN.flatMap((re) => [...text.matchAll(re)].map((m) => m[1]));
  if (!exprs.length) return false;
  const loop = loopAround(code, line);
  if (loop === null) return false;
  const inLoop = code.slice(loop - 1, line);
  return exprs.some((expr) => {
    if (MOVING_INDEX.test(expr)) return true;
    const base = /^[A-Za-z_$][\w$]*/.exec(expr)?.[0];
    const names = [...expr.matchAll(NAME_INDEX)].map((m) => m[1]);
    if (base && base !== 'this') names.push(base);
    return names.some((name) => changesInLoop(name, inLoop));
  });
}

/**
 * The name is declared, assigned, moved or iterated over in the loop's lines (its header to the line
 * that runs the regex): a `for ... in/of` variable, a callback's parameter, `var rule = rules[len]`, `j++`.
 * @param {string} name @param {string[]} lines
 */
function changesInLoop(name, lines) {
  const n = escapeRegExp(name);
  const changes = new RegExp([
    String.raw`\b(?:var|let|const)\s+(?:[^;=]*?[\s,{\[])?${n}\b`,
    String.raw`(?<![\w$.])${n}\s*(?:\+\+|--|[-+*/%]?=(?!=)|\s(?:of|in)\b)`,
    String.raw`(?:\+\+|--)\s*${n}\b`,
    String.raw`(?:^|[^\w$.])${n}\s*=>`,
    String.raw`\bfunction\s*[\w$]*\s*\(${params(n)}\)`,
    String.raw`\(${params(n)}\)\s*=>`,
  ].join('|'));
  return lines.some((l) => changes.test(l));
}

/** A parameter list that holds the name. @param {string} n */
const params = (n) => String.raw`\s*(?:[\w$]+\s*,\s*)*${n}\s*(?:,\s*[\w$]+\s*)*`;
