// Whether the app's calling line builds something from a constant of its file, which its function
// then runs on the request's data: `const grammar = ohm.grammar(SEGMENT_GRAMMAR)` and then
// `grammar.match(query)`; `new Parser(PROMO_GRAMMAR)` and then `parser.parse(p.condition)`;
// `protobuf.parse(schemas.get(revision))` and then `root.lookupType(...)`; a compiler's
// `CoffeeScript.compile(PLUGIN_SOURCE)` and then `new Function(..., js)`. Built from the same
// constant on every call, it can be built once. Reads codeOnly lines (js-scan.js); pure.

import { escapeRegExp } from './js-scan.js';

// [const x =] [await] [new] name(.member)*( first argument: a name, or a string's quote
const BUILD = /(?:(?:const|let|var)\s+)?(?:([\w$]+)|\{([^}]*)\})\s*=\s*(?:await\s+)?(?:new\s+)?([\w$]+)(?:\s*\.\s*[\w$]+)*\s*\(\s*([\w$]+|['"`])/;
const CHAINED = /(?:^|[^\w$.])(?:new\s+)?([\w$]+)(?:\s*\.\s*[\w$]+)*\s*\(\s*([\w$]+|['"`])[^()]*\)\s*\.\s*[\w$]+\s*\(/;

/**
 * @param {string[]} code codeOnly lines of the file @param {number} line the 1-based calling line
 * @param {string[]} names the names the file binds to the package
 * @param {'run' | 'handed' | 'evaluated'} [use] what counts as running what it built: called, a method of it called,
 *   or evaluated as code (`run`); also handed to a call (`handed`, `lint(parser, src)`: a package that makes parsers,
 *   whose product is only ever run); only evaluated as code (`evaluated`: whatever the package, what it made from a
 *   constant and the app runs as code is compiled code)
 * @returns {boolean}
 */
export function buildsFromConstant(code, line, names, use = 'run') {
  const text = code[line - 1] ?? '';
  // a string, or a name the file declares at its top level: not the package's own (`hash.hmac(hash.sha256, key)`)
  const constant = (/** @type {string} */ arg, /** @type {number} */ at) => (/^['"]$/.test(arg) || (arg === '`' && !/^`[^`]*\$\{/.test(text.slice(at)))
    || (!names.includes(arg) && declaredAtTop(code, arg)));
  // built and run on the same line: `ohm.grammar(SRC).match(input)`; a method of it called is no evaluation
  // as code (`shajs('sha256').update(data)`)
  const chained = use === 'evaluated' ? null : CHAINED.exec(text);
  if (chained && names.includes(chained[1]) && constant(chained[2], text.indexOf(chained[2], chained.index))) return true;
  const m = BUILD.exec(text);
  if (!m || !names.includes(m[3]) || !constant(m[4], text.indexOf(m[4], m.index + m[0].length - m[4].length))) return false;
  const built = m[1] ? [m[1]] : (m[2] ?? '').split(',').map((p) => p.split(':').pop()?.trim() ?? '').filter((n) => /^[\w$]+$/.test(n));
  return built.some((name) => runsLater(code, line, name, use));
}

/**
 * Whether a name is declared at the file's top level (a `const`, `let`, `var` or function at the
 * start of a line): a module's constant, not the request's.
 * @param {string[]} code @param {string} name
 */
function declaredAtTop(code, name) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const n = escapeRegExp(name);
  const top = new RegExp(`^(?:export\\s+)?(?:(?:const|let|var)\\s+(?:${n}\\b|\\{[^}]*\\b${n}\\b)|(?:async\\s+)?function\\s*\\*?\\s*${n}\\b)`);
  return code.some((l) => top.test(l));
}

// code evaluated: `new Function('module', 'exports', js)`, `eval(`, node:vm's `runInNewContext(`, `new vm.Script(`, `compileFunction(`
const EVALUATES = /(?:^|[^\w$.])(?:new\s+)?Function\s*\(|(?:^|[^\w$.])eval\s*\(|\bvm\s*\.\s*[\w$]+\s*\(|\bnew\s+(?:vm\s*\.\s*)?Script\s*\(|\bcompileFunction\s*\(/;

/**
 * Whether the lines after `line`, to the end of its block, call the name or a method of it, evaluate it as
 * code, or (`handed`) hand it to a call.
 * @param {string[]} code @param {number} line 1-based @param {string} name @param {'run' | 'handed' | 'evaluated'} use
 */
function runsLater(code, line, name, use) {
  const n = escapeRegExp(name);
  const call = new RegExp(`(?:^|[^\\w$.])${n}\\s*(?:\\.\\s*[\\w$]+\\s*)?\\(`);
  const named = new RegExp(`(?:^|[^\\w$.])${n}(?![\\w$])`);
  const argument = new RegExp(`[(,]\\s*${n}(?:\\s*\\.\\s*[\\w$]+)*\\s*[,)]`);
  let depth = 0;
  for (let l = line; l < code.length && l < line + 200; l++) {
    const text = code[l];
    if (use !== 'evaluated' && call.test(text)) return true;
    const evaluated = EVALUATES.exec(text);
    if (evaluated && named.test(text.slice(evaluated.index))) return true;
    if (use === 'handed' && argument.test(text)) return true;
    for (const c of text) {
      if (c === '{') depth++;
      else if (c === '}' && --depth < 0) return false;
    }
  }
  return false;
}
