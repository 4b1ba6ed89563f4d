// A block a package ran with no frame of the app on its stack: it went on from its own continuation
// after an `await` (a promise chain, rows built after a query), so no profile line says where the app
// handed it the work. The request the block ran says which handler did: the function registered
// with the route's path as a string in an app file. In it (after the path: the framework that
// registers the route is no use of the package), the line that calls a function the stack names,
// else the one line that uses the package (pool-app-line.js); with no handler found, or none of it
// using a package of the stack (a middleware ran before the handler), the app's files whole. Pure
// but for `sources`.

import { packageUseInApp } from './pool-app-line.js';
import { escapeRegExp } from '../sources/js-scan.js';

/**
 * @param {import('./frames.js').Frame[]} frames a stack of the block, innermost first
 * @param {string[]} files the app's files, likeliest first
 * @param {string | null} route the request the block ran, "GET /orders/:id"
 * @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {import('./pool-app-line.js').PackageUse | null}
 */
export function handlerUse(frames, files, route, sources) {
  const routePath = route ? route.slice(route.indexOf(' ') + 1) : '';
  const spans = routeSpans(files, routePath, sources);
  const inHandler = spans.size ? packageUseInApp(frames, [...spans.keys()], sources, (file) => spans.get(file) ?? null) : null;
  return inHandler ?? packageUseInApp(frames, files, sources);
}

/**
 * Where each of the app's files handles a route path ("/x"), by file: the lines of its handler (see
 * registration); empty for no path, or none found.
 * @param {string[]} files @param {string} routePath @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {Map<string, {from: number, to: number, column: number}>}
 */
export function routeSpans(files, routePath, sources) {
  /** @type {Map<string, {from: number, to: number, column: number}>} */
  const spans = new Map();
  if (!routePath.startsWith('/')) return spans;
  for (const file of files) {
    const span = registration(file, routePath, sources);
    if (span) spans.set(file, span);
  }
  return spans;
}

/**
 * The lines of the route's handler, 0-based: from the line that writes its path as a string (from
 * the column after it) to the end of the handler's body (`app.get('/x', async (req, res) => { ... })`), of the block a
 * condition on the path opens (`if (req.url === '/x') { ... }`), or of the registering call
 * (`app.get('/x', handler)`); null when the file has no such string.
 * @param {string} file @param {string} routePath @param {import('../sources/app-sources.js').AppSources} sources
 */
function registration(file, routePath, sources) {
  const raw = sources.lines(file);
  const code = sources.codeLines(file);
  if (!raw || !code) return null;
  const literal = new RegExp(`(['"\`])${escapeRegExp(routePath)}\\1`);
  for (let i = 0; i < raw.length; i++) {
    const m = literal.exec(raw[i]);
    if (!m) continue;
    // a guard that leaves every other path (`if (ctx.path !== '/x') return next();`): the handler is the rest of its function
    const guard = /!==?\s*$/.test(raw[i].slice(0, m.index)) || /^\s*!==?/.test(raw[i].slice(m.index + m[0].length));
    let depth = 0;
    let body = false;
    let rest = false;
    for (let l = i; l < code.length; l++) {
      for (let c = l === i ? m.index + m[0].length : 0; c < code[l].length; c++) {
        const ch = code[l][c];
        if (ch === '(' || ch === '[' || ch === '{') {
          if (++depth === 1 && ch === '{' && !rest) body = true;
        } else if (ch === ')' || ch === ']' || ch === '}') {
          if (--depth === 0 && body && ch === '}') return { from: i, to: l, column: m.index + m[0].length };
          if (depth < 0) {
            // a condition's parenthesis: the block it opens is the handler, or, after a guard, what follows it
            if (!body && !rest && ch === ')' && guard) {
              depth = 0;
              rest = true;
            } else if (!body && !rest && ch === ')' && nextChar(code, l, c + 1) === '{') depth = 0;
            else return { from: i, to: l, column: m.index + m[0].length };
          }
        }
      }
    }
    return { from: i, to: code.length - 1, column: m.index + m[0].length };
  }
  return null;
}

/** The next character that is not white space after (line, column), or ''. @param {string[]} code @param {number} line @param {number} column */
function nextChar(code, line, column) {
  for (let l = line; l < code.length; l++) {
    const rest = code[l].slice(l === line ? column : 0).trim();
    if (rest) return rest[0];
  }
  return '';
}
