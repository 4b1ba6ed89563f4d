// Regular expressions a file keeps under a name, and which of them a line runs. A regex compiled
// before a stack capture started (the production agent's, `attach`'s) leaves no `RegExp: <pattern>`
// frame: its time is the calling line's, and that line runs it by name (EMAIL.test(s),
// s.replace(TAGS, '')), not as a literal. The name's declaration in the same file says it is a regex.

import { escapeRegExp } from './js-scan.js';

// The pattern between the slashes of a regex literal (escapes, classes that may hold a slash; not
// starting with *, which would open a comment): known-calls.js finds literals on a line with it too.
export const LITERAL_BODY = String.raw`(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\[\n*])(?:\\.|\[(?:\\.|[^\]\\\n])*\]|[^/\\[\n])*`;

/**
 * How a source writes a pattern (as V8 names it, its source): a literal `/pattern/flags`, or a string
 * (`'pattern'`, backslashes doubled) handed to RegExp. `string` is global: read its matches' places.
 * @param {string} pattern @returns {{literal: RegExp, string: RegExp}}
 */
export function spellings(pattern) {
  return {
    literal: new RegExp(`/${escapeRegExp(pattern)}/[dgimsuvy]*`),
    string: new RegExp(`(['"\`])${escapeRegExp(pattern.replace(/\\/g, '\\\\'))}\\1`, 'g'),
  };
}

// `const EMAIL = /.../i`, `let re = /.../`, `EMAIL: /.../` (an object's property); the pattern as the
// literal spells it
const DECLARED_LITERAL = new RegExp(String.raw`(?:\b(?:const|let|var)\s+|[{,]\s*|^\s*)([A-Za-z_$][\w$]*)\s*[=:]\s*\/(${LITERAL_BODY})\/[dgimsuvy]*`, 'g');
// `const EMAIL = new RegExp('...')` or RegExp(...): the pattern when it is one plain string
const DECLARED_CONSTRUCTED = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:new\s+)?RegExp\s*\(\s*(?:(['"])((?:\\.|(?!\2)[^\\\n])*)\2)?/g;
// `var pairRe = options.loose ? LOOSE_COOKIE_PAIR : COOKIE_PAIR`, `const pattern = chars ? new RegExp(...)
// : /\s+$/g`: a name given one of two regexes (or a regex and anything)
const DECLARED_CHOICE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*[^;?]*\?\s*([^:;]*?)\s*:\s*([^;]*?)\s*(?:;|$)/g;
const CHOICE_LITERAL = new RegExp(String.raw`^\/(${LITERAL_BODY})\/[dgimsuvy]*$`);
// NAME.test( / NAME.exec( / x.match(NAME / x.replace(NAME, ...: the names a line runs as a regex
const RUN_AS_RECEIVER = /([A-Za-z_$][\w$]*)\s*\.\s*(?:test|exec)\s*\(/g;
const RUN_AS_ARGUMENT = /\.\s*(?:match|matchAll|replace|replaceAll|search|split)\s*\(\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*([A-Za-z_$][\w$]*)\s*[,)]/g;

// A line that runs a regex it does not name: `re.exec(s)` and `rule.test(s)` (methods of RegExp
// alone; another object's test or exec is JavaScript with a frame of its own, or an addon's native
// one, never time of the calling line), `s.match(x)`, `s.search(x)` (a string given to them is made
// a regex), and `s.replace(re[k], ...)` or `s.split(table[k])`, a pattern taken from a table
const RUNS_UNNAMED = [
  /\.\s*(?:test|exec)\s*\(/,
  /\.\s*(?:match|matchAll|search)\s*\(/,
  /\.\s*(?:replace|replaceAll|split)\s*\(\s*[A-Za-z_$][\w$.]*\s*\[/,
];

/**
 * Whether a line runs a regex whose pattern the line does not name. Its time is the ReDoS's when a
 * capture started after the regex was compiled (no `RegExp:` frame) and the pattern is the package's
 * own, kept in a table (semver's `re[t.COMPARATORTRIM]`) or built at run time (path-to-regexp's `re`).
 * @param {string} text
 */
export const runsUnnamedRegex = (text) => RUNS_UNNAMED.some((r) => r.test(text));

/**
 * A line that makes a regular expression from a string (`new RegExp(...)`, `RegExp(...)`): its own time is
 * building it (parsing the pattern, V8's compilation-cache lookup). A small literal it runs to escape the
 * pattern's text (bad-words' `new RegExp(`\\b${word.replace(/(\W)/g, '\\$1')}\\b`)`) is not where the
 * time went, and is not the line's regex. @param {string} text
 */
export const buildsRegex = (text) => /(?<![\w$.])(?:new\s+)?RegExp\s*\(/.test(text);

/**
 * The names a file's lines give to regular expressions, with their patterns ('' when built from a
 * value the source does not spell).
 * @param {string[]} lines @returns {Map<string, string>}
 */
export function regexNames(lines) {
  /** @type {Map<string, string>} */
  const names = new Map();
  for (const line of lines) {
    if (!line.includes('/') && !line.includes('RegExp')) continue;
    for (const m of line.matchAll(DECLARED_LITERAL)) if (!names.has(m[1])) names.set(m[1], m[2]);
    for (const m of line.matchAll(DECLARED_CONSTRUCTED)) if (!names.has(m[1])) names.set(m[1], m[3] ? m[3].replace(/\\\\/g, '\\') : '');
  }
  for (const line of lines) {
    if (!line.includes('?')) continue;
    for (const m of line.matchAll(DECLARED_CHOICE)) {
      if (names.has(m[1])) continue;
      // the side whose pattern the source spells, else one built at run time
      const sides = [m[2], m[3]].map(choicePattern(names));
      const pattern = sides.find((p) => p) ?? sides.find((p) => p === '');
      if (pattern !== undefined) names.set(m[1], pattern);
    }
  }
  return names;
}

/**
 * The pattern one side of a choice gives a name: a regex literal's, a named regex's, '' for one
 * built with RegExp(...); null when it is none of those.
 * @param {Map<string, string>} names @returns {(side: string) => string | null}
 */
const choicePattern = (names) => (side) => {
  const literal = CHOICE_LITERAL.exec(side);
  if (literal) return literal[1];
  if (/^(?:new\s+)?RegExp\s*\(/.test(side)) return '';
  return names.get(side) ?? null;
};

/**
 * The pattern of the named regex a line runs, if it runs one the file declares.
 * @param {string} text @param {Map<string, string>} names @returns {string | null}
 */
export function namedRegexRun(text, names) {
  return namedRegexRuns(text, names)[0] ?? null;
}

/**
 * Every pattern a line runs by a name the file declares, in the order namedRegexRun tries them (a line
 * may run several: `str.replace(LEADING, '').replace(TRAILING, '')`).
 * @param {string} text @param {Map<string, string>} names @returns {string[]}
 */
export function namedRegexRuns(text, names) {
  if (!names.size) return [];
  const out = [];
  for (const re of [RUN_AS_RECEIVER, RUN_AS_ARGUMENT]) {
    for (const m of text.matchAll(re)) {
      const pattern = names.get(m[1]);
      if (pattern !== undefined) out.push(pattern);
    }
  }
  return out;
}
