// Whether a regular expression's source can only take time in proportion to its input: a match that
// cannot backtrack into the same characters again and again (a ReDoS). Said of a narrow shape only,
// which a backtracking engine such as V8's runs in linear time whatever the input: no group, no
// alternative, no back-reference or lookaround, and no unbounded quantifier (`*`, `+`, `{n,}`, or a
// bound over 32) but on the last atom, with nothing after it. `[\r\n]+`, `,\s*`, `\r?\n`, `[&<>"']`: a
// long time in one of them is one pass over a very large input. Not `\s+$` (the anchor after the run
// fails at every start inside a run of blanks: quadratic), nor ` *, *` (a run that must be followed
// by a comma), nor `(a+)+`: anything else is not said to be linear, whether it is or not.

// one atom: an escape (\u{...}, \p{...}, \uHHHH, \xHH, \cX, \k<name>, or one character), a class, or
// one character; then its quantifier, lazy or not
const ATOM = String.raw`(\\(?:u\{[0-9A-Fa-f]+\}|[pP]\{[^}]*\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|k<[^>]*>|[\s\S])|\[(?:\\[\s\S]|[^\]\\])*\]|[^\\[\]()|*+?{}])`;
const QUANTIFIER = String.raw`(\*|\+|\?|\{\d+(?:,\d*)?\})?\??`;
const TOKEN = new RegExp(`${ATOM}${QUANTIFIER}`, 'y');
const LONG_BOUND = 32;

/**
 * @param {string | null | undefined} source a pattern as a `RegExp:` frame or a literal spells it
 * @returns {boolean} true only when it is of the linear shape above
 */
export function isLinearRegex(source) {
  if (!source) return false;
  TOKEN.lastIndex = 0;
  // an unbounded quantifier seen, and an atom after one
  let unbounded = false;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    // a group, an alternative or a quantifier with nothing before it: not this shape
    if (!m || m.index !== at) return false;
    // a back-reference (\1, \k<name>) matches what a group took: never linear here
    if (/^\\(?:[1-9]|k<)/.test(m[1])) return false;
    if (unbounded) return false;
    const q = m[2] ?? '';
    // a long bounded run (`{0,1000}`) before another atom retries as many characters at every start
    const bound = /^\{\d+,(\d*)\}$/.exec(q);
    unbounded = q === '*' || q === '+' || (bound !== null && (bound[1] === '' || Number(bound[1]) > LONG_BOUND));
  }
  return true;
}

/**
 * Of the patterns a line runs (V8's line ticks cannot tell which ran), the one a long stretch can be in:
 * the first that can backtrack, else the first. ua-parser-js's `trim` runs `^\s\s*` (linear) and then
 * `\s\s*$` (quadratic) on one line. @param {string[]} patterns @returns {string | null}
 */
export function backtrackingFirst(patterns) {
  return patterns.find((p) => !isLinearRegex(p)) ?? patterns[0] ?? null;
}

