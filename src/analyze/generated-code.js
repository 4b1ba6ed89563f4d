// Code a package makes at run time (`new Function`, `eval`): ajv's and is-my-json-valid's validators, a
// template engine's compiled template, fast-json-stringify's serializer. V8 gives such a function no
// file, only a line in a script of its own (a native function has neither), so the profile alone
// cannot say whose it is. Called from a package's code, it is that package's work, like any of its
// code. Called by the app's own function, the app called a name its file made from a package
// (`const validate = ajv.compile(schema)`, `const render = pug.compile(source)`, `const check =
// validator(schema)`): the package that made it owns its time, and its upgrade or its cache is the fix.

import { functionEnd } from '../sources/js-scan.js';
import { importsOf } from '../sources/app-sources.js';

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
  // a name the import itself binds calls the package's own code, which has a file
  const imported = importsOf((sources.lines(fn.url) ?? []).join('\n'));
  const made = new Map([...sources.bindingsOf(fn.url), ...sources.handlesOf(fn.url)].filter(([name]) => !imported.has(name)));
  /** @type {Map<string, string>} package folder -> specifier */
  const makers = new Map();
  for (let l = start; l <= end; l++) {
    for (const m of code[l].matchAll(/(?<![\w$.])([A-Za-z_$][\w$]*)\s*\(/g)) {
      const spec = made.get(m[1]);
      if (!spec || spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) continue;
      const info = sources.resolvePackage(spec, fn.url);
      if (info) makers.set(info.dir, spec);
    }
  }
  if (makers.size !== 1) return null;
  const [[dir, specifier]] = [...makers];
  const info = sources.resolvePackage(specifier, fn.url);
  return info && info.dir === dir ? { name: info.name, version: info.version ?? null, specifier } : null;
}
