// A regular expression the app's line runs but a package made: `text.replace(ansiRegex(), '')`,
// `urlRegex({strict: false}).test(s)`, `validators.EMAIL.test(s)`, or a name the file made from such a
// call (`const re = emailRegex()`). V8 puts the match under the app's function (a `RegExp:` frame with
// no file, or the line's own time once the regex was compiled before the profile started), yet the
// pattern, its backtracking and its fix (an upgrade) are the package's.

import path from 'node:path';
import { functionEnd } from '../sources/js-scan.js';

// a member or call chain: `ansiRegex()`, `pkg.EMAIL`, `urlRegex({exact: true})`
const CHAIN = String.raw`([A-Za-z_$][\w$]*)((?:\s*\.\s*[A-Za-z_$][\w$]*|\s*\([^()]*\))*)`;
// the chain a RegExp method is called on, and the chain given to a string method that runs a regex
const RECEIVER = new RegExp(String.raw`(?:^|[^\w$.])${CHAIN}\s*\.\s*(?:test|exec)\s*\(`, 'g');
const ARGUMENT = new RegExp(String.raw`\.\s*(?:match|matchAll|replace|replaceAll|search|split)\s*\(\s*${CHAIN}\s*[,)]`, 'g');

/**
 * @typedef {{line: number, specifier: string, callee: string, package: import('../sources/app-sources.js').PackageInfo}} PackageRegex
 *   line: 1-based; callee: the chain as the line writes it, without its arguments ("ansiRegex", "pkg.EMAIL")
 */

/**
 * The package a line's regex comes from, when the line runs one built by a name the file binds to a
 * package (or made from one). Null for the app's own, Node's, or a relative module's.
 * @param {string} file @param {number} line 1-based @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {PackageRegex | null}
 */
export function packageRegexOn(file, line, sources) {
  const text = sources.codeLines(file)?.[line - 1];
  if (!text || !/\.\s*(?:test|exec|match|matchAll|replace|replaceAll|search|split)\s*\(/.test(text)) return null;
  const bound = new Map([...sources.bindingsOf(file), ...sources.handlesOf(file)]);
  for (const m of [...text.matchAll(RECEIVER), ...text.matchAll(ARGUMENT)]) {
    const specifier = bound.get(m[1]);
    if (!specifier || specifier.startsWith('node:') || specifier.startsWith('.') || specifier.startsWith('/')) continue;
    const info = sources.resolvePackage(specifier, file);
    if (!info) continue;
    const callee = `${m[1]}${m[2].replace(/\s*\([^()]*\)/g, '').replace(/\s+/g, '')}`;
    return { line, specifier, callee, package: info };
  }
  return null;
}

/**
 * The first line of an app function (its header aside) that runs a regex a package made.
 * @param {{url: string, line: number, column?: number}} fn the app's frame @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {PackageRegex | null}
 */
export function packageRegexIn(fn, sources) {
  const code = sources.codeLines(fn.url);
  if (!code || fn.line < 1) return null;
  const start = fn.line - 1;
  const end = functionEnd(code, start, Math.max(0, (fn.column ?? 1) - 1));
  for (let l = end > start ? start + 1 : start; l <= end; l++) {
    const found = packageRegexOn(fn.url, l + 1, sources);
    if (found) return found;
  }
  return null;
}

/**
 * The package's file to name the regex by: its main module.
 * @param {import('../sources/app-sources.js').PackageInfo} info
 */
export function packageFile(info) {
  return path.join(info.dir, info.main ?? 'index.js');
}
