// Code a package makes at run time (`new Function`, `eval`): ajv's and is-my-json-valid's validators, a
// template engine's compiled template, fast-json-stringify's serializer. V8 gives such a function no
// file, only a line in a script of its own (a native function has neither), so the profile alone
// cannot say whose it is. Called from a package's code, it is that package's work, like any of its
// code. Called by the app's own function, the app called a name its file made from a package
// (`const validate = ajv.compile(schema)`, `const render = pug.compile(source)`, `const check =
// validator(schema)`): the package that made it owns its time, and its upgrade or its cache is the fix.

import { functionEnd } from '../sources/js-scan.js';

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 * @typedef {{name: string, version: string | null, specifier: string}} Maker
 */

/** A function made at run time: no file, but a line (a native function's is 0). @param {Frame | undefined} f */
export const isGenerated = (f) => f !== undefined && f.kind === 'native' && !f.url && f.line > 0 && !f.functionName.startsWith('RegExp: ');

/** @type {WeakMap<AppSources, Map<string, Maker | null>>} */
const known = new WeakMap();

/**
 * The package that made what an app function calls by a name made from that package: the one package
 * whose made names the function calls bare (`check(body)`), not as a method. Null when the function
 * calls none, or names made from two packages (it cannot be told which ran).
 * @param {Frame} fn the app's frame @param {AppSources} sources @returns {Maker | null}
 */
export function makerCalledBy(fn, sources) {
  let cache = known.get(sources);
  if (!cache) known.set(sources, (cache = new Map()));
  const key = `${fn.url}\0${fn.line}\0${fn.column}`;
  if (!cache.has(key)) cache.set(key, findMaker(fn, sources));
  return cache.get(key) ?? null;
}

/** @param {Frame} fn @param {AppSources} sources @returns {Maker | null} */
function findMaker(fn, sources) {
  const code = sources.codeLines(fn.url);
  if (!code || fn.line < 1 || fn.line > code.length) return null;
  const start = fn.line - 1;
  const end = functionEnd(code, start, Math.max(0, (fn.column ?? 1) - 1));
  const imported = sources.importsOf(fn.url);
  const made = new Map([...sources.bindingsOf(fn.url), ...sources.handlesOf(fn.url)].filter(([name]) => !imported.has(name)));
  /** @type {Map<string, string>} package folder -> specifier, of the made names called bare */
  const makers = new Map();
  /** @type {Map<string, string>} the same, of the imported names called (bare or a method) */
  const callees = new Map();
  /** @param {Map<string, string>} into @param {string | undefined} spec */
  const add = (into, spec) => {
    if (!spec || spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) return;
    const info = sources.resolvePackage(spec, fn.url);
    if (info) into.set(info.dir, spec);
  };
  for (let l = start; l <= end; l++) {
    // the function's first line from where it begins (not the route's `app.get(` before it)
    const text = l === start ? code[l].slice(Math.max(0, (fn.column ?? 1) - 1)) : code[l];
    for (const m of text.matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*(\(|\.\s*[A-Za-z_$][\w$]*\s*\()/g)) {
      if (m[2] === '(') add(makers, made.get(m[1]));
      add(callees, imported.get(m[1]));
    }
  }
  // a made name first (its import's own functions have files); with none, a package whose own code
  // is made at run time (uglify-js builds its whole library with new Function) called by its import
  const [only] = makers.size === 1 ? [...makers] : makers.size === 0 && callees.size === 1 ? [...callees] : [];
  if (!only) return null;
  const info = sources.resolvePackage(only[1], fn.url);
  return info && info.dir === only[0] ? { name: info.name, version: info.version ?? null, specifier: only[1] } : null;
}
