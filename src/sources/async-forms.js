// Whether a package offers an asynchronous form of a synchronous call the app made that frees the
// loop, read from the package itself. An addon's async form runs on another thread, so its type
// declarations say enough (a Promise, or a callback). A JavaScript package's async form frees the
// loop only when it takes a callback or its body hands the work on or yields between steps; a
// Promise alone does not (an `xAsync` that awaits its own synchronous work holds the loop the same),
// and a name that only looks like a counterpart (SheetJS's `write` beside `writeSync`, both
// synchronous) is not one. Pure but for the reads it is handed.

import path from 'node:path';
import { functionEnd } from './js-scan.js';

/**
 * @typedef {{lines(file: string): string[] | null, codeLines(file: string): string[] | null, addonNames?(dir: string, name: string): boolean}} Reader
 */

const CALLBACK_PARAM = /(?:^|[\s,(])(?:cb|callback|done|next|callbackFn|onDone|onComplete)\s*[,)=:?]/;
// a body that hands its work on or lets the loop turn between steps (a Promise alone does neither:
// `parseAsync` that awaits its own synchronous parse holds the loop just the same); a package's own
// wrapper of setImmediate is named for it (image-q's setImmediateImpl, a polyfill's setImmediateShim)
const YIELDING_BODY = /\bsetImmediate\w*\s*\(|\bsetTimeout\w*\s*\(|\bnextTick\s*\(|\bpromisify\b|\bnew\s+Worker\b|\.(?:readFile|writeFile|pbkdf2|scrypt|deflate|inflate|gzip|gunzip|brotliCompress)\s*\(/;
// result types too common to say one method is another's async form
const VAGUE_TYPES = new Set(['void', 'any', 'unknown', 'boolean', 'number', 'string', 'this', 'undefined', 'null', 'object']);

/**
 * The async form of the first of `names` the package offers: `hashSync` → `hash`, `render` →
 * `renderAsync`, or a method of the same class returning a Promise of what the called one returns
 * (`toBuffer(): Buffer` → `encode(): Promise<Buffer>`). Null when there is none, or when the
 * package shows the counterpart is synchronous too.
 * @param {Reader} read @param {string} pkgDir the package's folder
 * @param {string | null} file the package file the called function is in (null: a native export)
 * @param {string[]} names the names the app's line called, the most likely first
 * @param {string | null} main the package.json main, relative to pkgDir
 * @param {string | null} types the package.json types (or typings), relative to pkgDir
 * @param {boolean} native the package is a compiled addon
 * @param {boolean} [elsewhere] the synchronous call slept until another thread or process did the work
 *   (sass-embedded's `compileString` in Atomics.wait): a declared form returning a Promise awaits the same
 *   work with the loop free, as an addon's does
 * @returns {string | null}
 */
export function asyncCounterpart(read, pkgDir, file, names, main, types, native, elsewhere = false) {
  const decls = declarationCode(read, declarationFiles(pkgDir, file, main, types));
  const sources = [file, main ? path.join(pkgDir, main) : null].filter((f) => f !== null)
    .map((f) => read.codeLines(f.endsWith('.js') || f.endsWith('.cjs') || f.endsWith('.mjs') ? f : `${f}.js`)).filter((c) => c !== null);
  for (const name of names) {
    if (!/^[\w$]+$/.test(name)) continue;
    const base = syncBase(name);
    for (const candidate of [...twinNames(name), ...(native ? [`${name}_async`] : [])]) {
      const verdict = isAsync(candidate, decls, sources, native ? (n) => read.addonNames?.(pkgDir, n) ?? false : null, elsewhere);
      if (verdict === true) return candidate;
      // unknown: a defined `x` beside `xSync` follows Node's convention
      if (verdict === null && candidate === base && sources.some((c) => defines(c, candidate))) return candidate;
      // unknown, and the addon declares nothing: a function its binary exports under an async
      // name (sodium-native's `crypto_pwhash_str_async`) runs off the loop as the name says
      if (verdict === null && native && candidate !== base && !decls.length && read.addonNames?.(pkgDir, candidate)) return candidate;
    }
    const sibling = native ? promiseSibling(name, decls) : propertyTwin(sources, name);
    if (sibling) return sibling;
  }
  return null;
}

// the names under which a function carries its own async form as a property (`hasha.async`)
const PROPERTY_TWINS = ['async'];

/**
 * An async form hung on the function itself (`hasha.async = async (input, o) => ... taskWorker(...)`, beside
 * `hasha = (input, o) => ...` that hashes on the loop): the property's name, when one of the file's
 * assignments to it yields or hands the work on (hasha assigns a fallback that only awaits the synchronous
 * call where worker threads are missing, and the worker's form after it).
 * @param {string[][]} sources the package files' code lines @param {string} name @returns {string | null}
 */
function propertyTwin(sources, name) {
  for (const prop of PROPERTY_TWINS) {
    const assigned = new RegExp(`(?:^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\.${prop}\\s*=(?![=>])\\s*`);
    for (const code of sources) {
      for (let i = 0; i < code.length; i++) {
        const m = assigned.exec(code[i]);
        if (!m) continue;
        const at = m.index + m[0].length;
        // a function of the file's, by its name, or a function written there
        const named = /^([A-Za-z_$][\w$]*)\s*;?\s*$/.exec(code[i].slice(at))?.[1];
        const def = named ? definitionOf(code, named) : null;
        const body = named ? def?.body ?? '' : code.slice(i, functionEnd(code, i, at, 400) + 1).join('\n');
        if (yields(code, body, new Set([name, prop, named ?? prop]), YIELD_DEPTH)) return prop;
      }
    }
  }
  return null;
}

/**
 * Whether the package's type declarations declare one of `names` (the call is in its known API).
 * @param {Reader} read @param {string} pkgDir @param {string | null} file @param {string[]} names
 * @param {string | null} main @param {string | null} types
 */
export function declaresCall(read, pkgDir, file, names, main, types) {
  const decls = declarationCode(read, declarationFiles(pkgDir, file, main, types));
  return names.some((n) => /^[\w$]+$/.test(n) && decls.some((c) => declarationsOf(c, n).length > 0));
}

/** @param {string} pkgDir @param {string | null} file @param {string | null} main @param {string | null} types */
function declarationFiles(pkgDir, file, main, types) {
  const out = new Set();
  if (types) out.add(path.join(pkgDir, types));
  out.add(path.join(pkgDir, 'index.d.ts'));
  if (main) out.add(path.join(pkgDir, main.replace(/\.[cm]?js$/, '') + '.d.ts'));
  if (file) out.add(file.replace(/\.[cm]?js$/, '.d.ts'));
  return [...out];
}

// a declaration file's re-exports from its neighbours (`export { compileString, compileStringAsync } from
// './compile'`, `export * from './types'`), followed one step and this many at most
const RE_EXPORT = /(?:^|[;\s])export\s*(?:\*|\{[^}]*\})\s*from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const MAX_RE_EXPORTS = 24;

/**
 * The code of the declaration files that exist, and of the neighbours they re-export from.
 * @param {Reader} read @param {string[]} files @returns {string[][]}
 */
function declarationCode(read, files) {
  const out = [];
  const seen = new Set(files);
  for (const f of files) {
    const code = read.codeLines(f);
    if (!code) continue;
    out.push(code);
    // the specifier is a string, which code lines blank: read from the file as written
    for (const m of (read.lines(f) ?? []).join('\n').matchAll(RE_EXPORT)) {
      if (seen.size >= files.length + MAX_RE_EXPORTS) break;
      const next = path.join(path.dirname(f), m[1].replace(/\.(?:d\.ts|[cm]?js)$/, '') + '.d.ts');
      if (seen.has(next)) continue;
      seen.add(next);
      const more = read.codeLines(next);
      if (more) out.push(more);
    }
  }
  return out;
}

/**
 * True: it frees the loop; false: declared or defined, and it does not; null: not found.
 * @param {string} name @param {string[][]} decls @param {string[][]} sources
 * @param {((name: string) => boolean) | null} addon for an addon's package, whether its compiled addon exports a name
 * @param {boolean} elsewhere the work is done off this thread, so a Promise's form awaits it with the loop free
 */
function isAsync(name, decls, sources, addon, elsewhere) {
  const native = addon !== null;
  let declared = false;
  for (const code of decls) {
    for (const d of declarationsOf(code, name)) {
      declared = true;
      const callback = CALLBACK_PARAM.test(d.params) || /\(\s*(?:err|error|e)\s*[:?,)]/.test(d.params);
      if (callback || ((native || elsewhere) && /\bPromise\s*</.test(d.returns))) return true;
    }
  }
  if (declared && native) return false;
  for (const code of sources) {
    const def = definitionOf(code, name);
    if (!def) continue;
    return CALLBACK_PARAM.test(def.params) || yields(code, def.body, new Set([name]), YIELD_DEPTH) || (addon !== null && callsAddonAsync(def.body, addon));
  }
  return null;
}

// a method called under an async name (`binding.scrypt_derive_async(`, `addon.hashAsync(`)
const ASYNC_METHOD = /\.\s*([A-Za-z_$][\w$]*(?:_async|Async))\s*\(/g;

/**
 * Whether a body hands its work to a function its package's compiled addon exports under an async name
 * (bcrypto's `deriveAsync` returns `binding.scrypt_derive_async(...)`, a job on libuv's pool), with no
 * declaration or callback to say so.
 * @param {string} body @param {(name: string) => boolean} addon
 */
function callsAddonAsync(body, addon) {
  for (const m of body.matchAll(ASYNC_METHOD)) if (addon(m[1])) return true;
  return false;
}

/** `x` for `xSync`, else null. @param {string} name */
const syncBase = (name) => (name.endsWith('Sync') && name.length > 4 ? name.slice(0, -4) : null);

/**
 * The names a function's async form goes by, the likeliest first: `x` and `xAsync` for `xSync`, `nameAsync`,
 * `nameNonBlocking`. @param {string} name @returns {string[]}
 */
function twinNames(name) {
  const base = syncBase(name);
  return [base, `${name}Async`, base ? `${base}Async` : null, `${name}NonBlocking`].filter((n) => n !== null);
}

/**
 * The package's own path that yields, beside the synchronous one a call took: for a function the
 * stack ran through (scrypt-async's `calculateSync`, scryptsy's `smixSync`), a function of the same
 * file named as its twin (`calculateAsync`, `smix`, `xNonBlocking`) whose body yields between steps,
 * a few calls deep. A callback parameter alone is not enough here: the call ran whole either way.
 * @param {Reader} read @param {string} file the package file the function is in @param {string} name
 * @returns {string | null} the twin's name
 */
export function yieldingTwin(read, file, name) {
  if (!/^[\w$]+$/.test(name)) return null;
  const code = read.codeLines(file);
  if (!code) return null;
  for (const twin of twinNames(name)) {
    const def = definitionOf(code, twin);
    if (def && yields(code, def.body, new Set([twin]), YIELD_DEPTH)) return twin;
  }
  return null;
}

// how many calls deep, in the same file, a body's yield is looked for (@stablelib/scrypt's deriveKeyNonBlocking
// steps through smixAsync to a splitCalc that yields with setImmediate), and how many functions at most
const YIELD_DEPTH = 3;
const MAX_FOLLOWED = 30;
// a call of a name, bare or as a method (`smixAsync(`, `this.step(`); not a keyword's parenthesis
const CALLS = /(?:^|[^\w$])([A-Za-z_$][\w$]*)\s*\(/g;
const NOT_CALLED = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'new', 'then', 'resolve', 'reject', 'Promise']);

/**
 * Whether a body yields or hands its work on, itself or in a function of the same file it calls, a few calls deep.
 * @param {string[]} code @param {string} body @param {Set<string>} seen names already followed @param {number} depth
 */
function yields(code, body, seen, depth) {
  if (YIELDING_BODY.test(body)) return true;
  if (depth === 0) return false;
  for (const m of body.matchAll(CALLS)) {
    const name = m[1];
    if (NOT_CALLED.has(name) || seen.has(name) || seen.size >= MAX_FOLLOWED) continue;
    if (schedulerAlias(code, name)) return true;
    seen.add(name);
    const def = definitionOf(code, name);
    if (def && yields(code, def.body, seen, depth - 1)) return true;
  }
  return false;
}

/**
 * Whether the file binds `name` to Node's scheduling (`var later = typeof setImmediate !== 'undefined' ?
 * setImmediate : setTimeout`): a call of it yields as they do. @param {string[]} code @param {string} name
 */
function schedulerAlias(code, name) {
  const re = new RegExp(`(?:var|let|const)\\s+${name.replace(/\$/g, '\\$')}\\s*=\\s*[^;]*\\b(?:setImmediate|setTimeout|process\\.nextTick)\\b`);
  return code.some((l) => re.test(l));
}

// A declaration's parameters may spell out an options object inline, one documented field a few lines
// (@minify-html/node's `minify` runs 36 lines): its closing parenthesis is looked for this far
const MAX_DECLARATION_LINES = 200;

/**
 * The declarations of `name` in a .d.ts: its parameters and its return type.
 * @param {string[]} code @param {string} name @returns {{params: string, returns: string, line: number}[]}
 */
function declarationsOf(code, name) {
  const out = [];
  const re = new RegExp(`(?:^|[\\s;{])(?:export\\s+)?(?:declare\\s+)?(?:function\\s+|static\\s+|readonly\\s+)*${name}\\??\\s*(?:<[^>]*>)?\\s*\\(`);
  for (let i = 0; i < code.length; i++) {
    const m = re.exec(code[i]);
    if (!m) continue;
    const text = code.slice(i, i + MAX_DECLARATION_LINES).join('\n');
    const start = text.indexOf('(', m.index + m[0].length - 1);
    const close = matching(text, start);
    if (close < 0) continue;
    const after = text.slice(close + 1);
    const returns = /^\s*:\s*([^;{\n]+)/.exec(after)?.[1] ?? '';
    out.push({ params: text.slice(start + 1, close), returns: returns.trim(), line: i });
  }
  return out;
}

/** The index of the parenthesis closing the one at `start`, or -1. @param {string} text @param {number} start */
function matching(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * A function's definition in JavaScript: `function name(`, `name = function (`, `name = (...) =>`,
 * `name(...) {` (a method), `name: function (`; its parameters and (bounded) body.
 * @param {string[]} code @param {string} name
 */
function definitionOf(code, name) {
  const re = new RegExp(`(async\\s+)?function\\s*\\*?\\s+${name}\\s*\\(|[.\\s]${name}\\s*[=:]\\s*(async\\s+)?(?:function\\b[^(]*\\(|\\()|^\\s*(async\\s+)?${name}\\s*\\([^)]*\\)\\s*\\{`);
  // a bundle's export map (`applyPalette: () => applyPalette,`, esbuild's __export) is a getter, not the definition
  const getter = new RegExp(`^\\)\\s*=>\\s*${name}\\s*[,}]`);
  for (let i = 0; i < code.length; i++) {
    const m = re.exec(code[i]);
    if (!m) continue;
    const end = functionEnd(code, i, m.index, 400);
    const body = code.slice(i, end + 1).join('\n');
    const open = body.indexOf('(', m.index);
    const close = open >= 0 ? matching(body, open) : -1;
    if (close > open && getter.test(body.slice(close))) continue;
    return { params: close > open ? body.slice(open + 1, close) : '', body: body.slice(Math.max(0, close)) };
  }
  return null;
}

/** Whether code defines or exports `name` at all. @param {string[]} code @param {string} name */
function defines(code, name) {
  const re = new RegExp(`(?:function\\s*\\*?\\s+${name}\\s*\\(|[.\\s]${name}\\s*=|[{,]\\s*${name}\\s*[,}:(])`);
  return code.some((l) => re.test(l));
}

/**
 * A method of the same class or interface as `name` in the declarations that returns a Promise of
 * what `name` returns (a definite type, not void or a primitive).
 * @param {string} name @param {string[][]} decls
 */
function promiseSibling(name, decls) {
  for (const code of decls) {
    for (const d of declarationsOf(code, name)) {
      const type = d.returns.replace(/\s+/g, '');
      if (!type || VAGUE_TYPES.has(type) || /^Promise</.test(type)) continue;
      const block = enclosingBlock(code, d.line);
      if (!block) continue;
      const wanted = new RegExp(`^\\s*(?:readonly\\s+|static\\s+)*([\\w$]+)\\s*(?:<[^>]*>)?\\s*\\([^)]*\\)\\s*:\\s*Promise\\s*<\\s*${type.replace(/[^\w$]/g, '\\$&')}\\s*>`);
      for (let i = block.start; i <= block.end; i++) {
        const m = wanted.exec(code[i]);
        if (m && m[1] !== name) return m[1];
      }
    }
  }
  return null;
}

/** The lines of the class or interface body holding line `at` (brace depth), or null. @param {string[]} code @param {number} at */
function enclosingBlock(code, at) {
  let depth = 0;
  let start = -1;
  for (let i = at; i >= 0; i--) {
    const line = code[i];
    for (let j = line.length - 1; j >= 0; j--) {
      if (line[j] === '}') depth++;
      else if (line[j] === '{') {
        if (depth === 0) { start = i; break; }
        depth--;
      }
    }
    if (start >= 0) break;
  }
  if (start < 0 || !/\b(?:class|interface)\b/.test(code[start])) return null;
  depth = 0;
  for (let i = start; i < code.length; i++) {
    for (const c of code[i]) {
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return { start, end: i };
    }
  }
  return { start, end: code.length - 1 };
}
