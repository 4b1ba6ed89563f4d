// The package whose source writes a regular expression V8 ran. A regex is whoever runs it
// (time-owners.js), read from the frame under its `RegExp:` frame; but V8 inlines a small function into
// its caller, and a profile started after that code was compiled (a production capture) shows the
// caller alone: forwarded's `/ *, */` then runs in proxy-addr's frame. When the running package file does
// not write the pattern and exactly one package it imports does (its main file, as a literal or a string),
// that package ran it. (A package's function inlined into the app's is left to package-regex.js, which
// reads the app's line.)

import { spellings } from '../sources/regex-names.js';
import { packageFile } from './package-regex.js';

/**
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 * @typedef {{name: string, version: string | null, specifier: string}} RegexHome
 */

/** @type {WeakMap<AppSources, Map<string, RegexHome | null>>} */
const known = new WeakMap();

/**
 * The one package the file imports whose main file writes the pattern, when the file itself does not;
 * else null.
 * @param {string} file the running frame's file @param {string} pattern as V8 names it (its source)
 * @param {AppSources} sources @returns {RegexHome | null}
 */
export function regexHome(file, pattern, sources) {
  if (!file || !pattern) return null;
  let cache = known.get(sources);
  if (!cache) known.set(sources, (cache = new Map()));
  const key = `${file}\0${pattern}`;
  if (!cache.has(key)) cache.set(key, findHome(file, pattern, sources));
  return cache.get(key) ?? null;
}

/** @param {string} file @param {string} pattern @param {AppSources} sources @returns {RegexHome | null} */
function findHome(file, pattern, sources) {
  const { literal, string } = spellings(pattern);
  const writes = (/** @type {string} */ f) => Boolean(sources.lines(f)?.some((l) => literal.test(l) || l.search(string) >= 0));
  if (!sources.lines(file) || writes(file)) return null;
  /** @type {Map<string, RegexHome>} */
  const homes = new Map();
  for (const spec of new Set(sources.bindingsOf(file).values())) {
    if (spec.startsWith('node:') || spec.startsWith('.') || spec.startsWith('/')) continue;
    const info = sources.resolvePackage(spec, file);
    if (info && !homes.has(info.dir) && writes(packageFile(info))) homes.set(info.dir, { name: info.name, version: info.version ?? null, specifier: spec });
  }
  return homes.size === 1 ? [...homes.values()][0] : null;
}
