// Whether the app's calling line builds something from a constant of its file, which its function
// then runs on the request's data: `const grammar = ohm.grammar(SEGMENT_GRAMMAR)` and then
// `grammar.match(query)`; `new Parser(PROMO_GRAMMAR)` and then `parser.parse(p.condition)`;
// `protobuf.parse(schemas.get(revision))` and then `root.lookupType(...)`; a compiler's
// `CoffeeScript.compile(PLUGIN_SOURCE)` and then `new Function(..., js)`; whatever the package, an object
// built from the module's data and applied once to the call's (`new URLPattern({ pathname: rule.path })`
// for each rule of a constant list, then `pattern.test(url)`). Built from the same constant on every
// call, it can be built once. Reads codeOnly lines (js-scan.js); pure.

import { escapeRegExp, inFunction } from './js-scan.js';

// [const x =] [await] [new] name(.member)*( first argument: a name, a string's quote, or an object literal's brace
const BUILD = /(?:(?:const|let|var)\s+)?(?:([\w$]+)|\{([^}]*)\})\s*=\s*(?:await\s+)?(?:new\s+)?([\w$]+)(?:\s*\.\s*[\w$]+)*\s*\(\s*([\w$]+|['"`{])/;
const CHAINED = /(?:^|[^\w$.])(?:new\s+)?([\w$]+)(?:\s*\.\s*[\w$]+)*\s*\(\s*([\w$]+|['"`])[^()]*\)\s*\.\s*[\w$]+\s*\(/;

/**
 * @param {string[]} code codeOnly lines of the file @param {number} line the 1-based calling line
 * @param {string[]} names the names the file binds to the package
 * @param {'run' | 'handed' | 'evaluated' | 'applied'} [use] what counts as running what it built: called, a method of
 *   it called, or evaluated as code (`run`); also handed to a call (`handed`, `lint(parser, src)`: a package that makes
 *   parsers, whose product is only ever run); only evaluated as code (`evaluated`: whatever the package, what it made
 *   from a constant and the app runs as code is compiled code); called, or a method of it, on a name that is not the
 *   module's data (`applied`: whatever the package, `pattern.test(url)`, what it made is a tool used on each call's data)
 * @returns {boolean}
 */
export function buildsFromConstant(code, line, names, use = 'run') {
  const text = code[line - 1] ?? '';
  // a string, an object literal of constants, or a name the file declares at its top level, or a loop's item of
  // one: not the package's own (`hash.hmac(hash.sha256, key)`)
  const applied = use === 'applied';
  const constant = (/** @type {string} */ arg, /** @type {number} */ at) => (/^['"]$/.test(arg) || (arg === '`' && !/^`[^`]*\$\{/.test(text.slice(at)))
    || (applied && arg === '{' && objectOfConstants(code, line, text.slice(at), names))
    || (arg !== '{' && !names.includes(arg) && (applied ? moduleData(code, line, arg) : declaredAtTop(code, arg))));
  // built and run on the same line: `ohm.grammar(SRC).match(input)`; a method of it called is no evaluation
  // as code (`shajs('sha256').update(data)`)
  const chained = use === 'evaluated' || use === 'applied' ? null : CHAINED.exec(text);
  if (chained && names.includes(chained[1]) && constant(chained[2], text.indexOf(chained[2], chained.index))) return true;
  const m = BUILD.exec(text);
  if (!m || !names.includes(m[3]) || !constant(m[4], text.indexOf(m[4], m.index + m[0].length - m[4].length))) return false;
  // whatever the package, what the call's name says is a tool to apply (a pattern, a matcher, a template)
  if (applied && !TOOL.test(m[0].slice(m[0].indexOf('=') + 1))) return false;
  const built = m[1] ? [m[1]] : (m[2] ?? '').split(',').map((p) => p.split(':').pop()?.trim() ?? '').filter((n) => /^[\w$]+$/.test(n));
  return built.some((name) => runsLater(code, line, name, use));
}

/**
 * Whether a name is declared at the file's top level (a `const`, `let`, `var` or function at the
 * start of a line) and never assigned again: a module's constant, not the request's, nor state the
 * app replaces as it runs (`let latest;` that a collector sets: a snapshot to decode, not a schema).
 * @param {string[]} code @param {string} name
 */
function declaredAtTop(code, name) {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const n = escapeRegExp(name);
  const top = new RegExp(`^(?:export\\s+)?(?:(?:const|let|var)\\s+(?:${n}\\b|\\{[^}]*\\b${n}\\b)|(?:async\\s+)?function\\s*\\*?\\s*${n}\\b)`);
  const at = code.findIndex((l) => top.test(l));
  if (at < 0) return false;
  if (!/^(?:export\s+)?(?:let|var)\b/.test(code[at])) return true;
  // assigned at the top level, it is still being made at start-up (`layout += block` in a loop there)
  const assigned = new RegExp(`(?:^|[^\\w$.])${n}\\s*(?:[-+*/%|&?]{0,2}=(?![=>])|\\+\\+|--)`);
  return !code.some((l, i) => i !== at && assigned.test(l) && inFunction(code, i));
}

// a call named for what it makes, a tool to apply to data: `new URLPattern(`, `picomatch(`, `Handlebars.template(`,
// `new RegExpMatcher(`, `format(` (a number format); not a parser of data (`new UAParser(ua)`, `cheerio.load(html)`)
const TOOL = /pattern|match(?:er)?\b|reg_?exp?\b|glob|template|schema|validator|format(?:ter\b|\s*\()|selector/i;

// the loops that take their items from a collection: `for (const rule of rules.get(tenant) || [])`, and an
// array method's callback, `RULES.forEach((rule) => {`, `.map(rule =>`
const FOR_OF = /\bfor\s*\(\s*(?:const|let|var)\s+([\w$]+)\s+of\s+(.*)/;
const EACH = /(?:^|[^\w$.])([\w$]+)(?:\s*\.\s*[\w$]+\s*(?:\([^()]*\))?)*?\s*\.\s*(?:forEach|map|flatMap|filter|some|every|find)\s*\(\s*(?:\(\s*([\w$]+)[^)]*\)|([\w$]+))\s*=>/;
const ITERATORS = new Set(['Object', 'Array', 'Reflect']);

/**
 * Whether a name on `line` is the module's data: a constant declared at the top of the file, or the item of
 * a loop of the lines above it (in its block) over one of them (`rules.get(tenant)`, `Object.values(RULES)`).
 * @param {string[]} code @param {number} line 1-based @param {string} name
 */
function moduleData(code, line, name) {
  if (declaredAtTop(code, name)) return true;
  // from the line up: a line whose brace opens a block still open at `line` encloses it (the line itself
  // too: `for (const r of RULES) build(r)`)
  let depth = 0;
  let lowest = 1;
  for (let l = line - 1; l >= 0 && l >= line - 60; l--) {
    const text = code[l];
    if (text.length > LONGEST) return false;
    for (let i = text.length - 1; i >= 0; i--) {
      if (text[i] === '}') depth++;
      else if (text[i] === '{') depth--;
    }
    const encloses = l === line - 1 || depth < lowest;
    lowest = Math.min(lowest, depth);
    if (!encloses) continue;
    const loop = FOR_OF.exec(text);
    const each = loop ? null : EACH.exec(text);
    const item = loop ? loop[1] : each ? each[2] ?? each[3] : null;
    if (item !== name) continue;
    const root = loop ? collectionRoot(loop[2]) : each ? each[1] : null;
    return root !== null && root !== name && declaredAtTop(code, root);
  }
  return false;
}

// a line longer than this is a bundle's, minified: its loops are not read
const LONGEST = 2000;

/** The name a loop's collection starts from: `rules` of `rules.get(tenant) || []`, `RULES` of `Object.values(RULES)`. @param {string} expr */
function collectionRoot(expr) {
  const m = /^\s*([\w$]+)\s*(?:\.\s*([\w$]+)\s*\(\s*([\w$]+))?/.exec(expr);
  if (!m) return null;
  return ITERATORS.has(m[1]) && m[3] ? m[3] : m[1];
}

/**
 * Whether an object literal that starts the text holds only constants: literals, or the module's data and
 * its members (`{ hostname: rule.hostname, pathname: rule.pathname }` for a loop's rule of a constant list).
 * @param {string[]} code @param {number} line @param {string} text from the brace @param {string[]} names
 */
function objectOfConstants(code, line, text, names) {
  let depth = 0;
  let end = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{' || text[i] === '[' || text[i] === '(') depth++;
    else if ((text[i] === '}' || text[i] === ']' || text[i] === ')') && --depth === 0) { end = i; break; }
  }
  if (end < 0) return false;
  const body = text.slice(1, end);
  // nested literals, calls and spreads are made on each call, or read from elsewhere
  if (/[{}[\]()]|\.\.\./.test(body)) return false;
  const entries = body.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (!entries.length) return false;
  return entries.every((entry) => {
    const kv = /^(?:[\w$]+|(['"])\s*\1)\s*:\s*(.+)$/.exec(entry);
    const value = kv ? kv[2].trim() : entry;
    if (/^(?:(['"`])\s*\1|-?\d[\w.]*|true|false|null|undefined)$/.test(value)) return true;
    const ref = /^([A-Za-z_$][\w$]*)(?:\s*\.\s*[\w$]+)*$/.exec(value);
    return ref !== null && !names.includes(ref[1]) && moduleData(code, line, ref[1]);
  });
}

// code evaluated: `new Function('module', 'exports', js)`, `eval(`, node:vm's `runInNewContext(`, `new vm.Script(`, `compileFunction(`
const EVALUATES = /(?:^|[^\w$.])(?:new\s+)?Function\s*\(|(?:^|[^\w$.])eval\s*\(|\bvm\s*\.\s*[\w$]+\s*\(|\bnew\s+(?:vm\s*\.\s*)?Script\s*\(|\bcompileFunction\s*\(/;

/**
 * Whether the lines after `line`, to the end of its block, call the name or a method of it (`applied`: on a
 * name that is not the module's data), evaluate it as code, or (`handed`) hand it to a call.
 * @param {string[]} code @param {number} line 1-based @param {string} name @param {'run' | 'handed' | 'evaluated' | 'applied'} use
 */
function runsLater(code, line, name, use) {
  const n = escapeRegExp(name);
  const call = new RegExp(`(?:^|[^\\w$.])${n}\\s*(?:\\.\\s*[\\w$]+\\s*)?\\(`);
  const named = new RegExp(`(?:^|[^\\w$.])${n}(?![\\w$])`);
  const argument = new RegExp(`[(,]\\s*${n}(?:\\s*\\.\\s*[\\w$]+)*\\s*[,)]`);
  // applied to the call's data: called, or a method of it, on a name that is not the module's
  const applied = new RegExp(`(?:^|[^\\w$.])${n}\\s*(?:\\.\\s*[\\w$]+\\s*)?\\(\\s*([A-Za-z_$][\\w$]*)`);
  let depth = 0;
  for (let l = line; l < code.length && l < line + 200; l++) {
    const text = code[l];
    if (use === 'applied') {
      const arg = applied.exec(text)?.[1];
      if (arg && !moduleData(code, l + 1, arg)) return true;
    } else if (use !== 'evaluated' && call.test(text)) return true;
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
