// A block a package ran with no frame of the app on its stack: it went on from its own continuation
// after an `await` (a promise chain, rows built after a query), so no profile line says where the app
// handed it the work. The request the block ran says which handler did: the function registered
// with the route's path as a string in an app file. In it (after the path: the framework that
// registers the route is no use of the package), the line that calls a function the stack names,
// else the one line that uses the package (pool-app-line.js); with no handler found, or none of it
// using a package of the stack (a middleware ran before the handler), the app's files whole. Pure
// but for `sources`.

import { packageUseInApp, packageName } from './pool-app-line.js';
import { escapeRegExp } from '../sources/js-scan.js';
import { rootName } from '../sources/app-sources.js';

/**
 * @param {import('./frames.js').Frame[]} frames a stack of the block, innermost first
 * @param {string[]} files the app's files, likeliest first
 * @param {string | null} route the request the block ran, "GET /orders/:id"
 * @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {(import('./pool-app-line.js').PackageUse & {inHandler: boolean | null}) | null} inHandler: found in the
 *   handler of the route (true), elsewhere in the app's files (false), or the handler was not found (null)
 */
export function handlerUse(frames, files, route, sources) {
  const routePath = route ? route.slice(route.indexOf(' ') + 1) : '';
  const spans = routeSpans(files, routePath, sources);
  const inHandler = spans.size ? packageUseInApp(frames, [...spans.keys()], sources, (file) => spans.get(file) ?? null) : null;
  if (inHandler) return { ...inHandler, inHandler: true };
  const anywhere = packageUseInApp(frames, files, sources);
  return anywhere && { ...anywhere, inHandler: spans.size ? false : null };
}

/**
 * A package's block with no app frame and no use of that package in the app: the app's awaited call of a
 * package that depends on it (ethers's `await Wallet.fromEncryptedJson(...)`, whose key derivation in
 * \@noble/hashes runs on from its own continuations). The package the app called owns the time, as it does
 * when its frame is on the stack (elliptic over bn.js). Looked for in the route's handler, else in the app's
 * files; only where one line is found.
 * @param {import('./frames.js').Frame[]} frames a stack of the block, innermost first
 * @param {string[]} files the app's files @param {string | null} route the request the block ran
 * @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {{pkg: string, version: string | null, running: string, url: string, line: number, call: string, inHandler: boolean | null} | null}
 *   inHandler as handlerUse's
 */
export function awaitedDependent(frames, files, route, sources) {
  const running = new Set(frames.filter((f) => f.kind === 'node_modules').map((f) => packageName(f.url)).filter((p) => p !== null));
  if (!running.size) return null;
  const spans = routeSpans(files, route ? route.slice(route.indexOf(' ') + 1) : '', sources);
  /** @type {{pkg: string, version: string | null, running: string, url: string, line: number, call: string, inSpan: boolean}[]} */
  const found = [];
  for (const file of files) {
    const code = sources.codeLines(file);
    if (!code) continue;
    /** @type {Map<string, {pkg: string, version: string | null, running: string}>} */
    const byName = new Map();
    // the names its imports bind (`Wallet`), not those made from them (`signer`, whose methods are other calls)
    for (const [name, spec] of sources.importsOf(file)) {
      if (/^(?:node:|\.|\/)/.test(spec)) continue;
      const info = sources.resolvePackage(spec, file);
      const under = info ? [...running].find((p) => p !== info.name && info.dependsOn.includes(/** @type {string} */ (p))) : undefined;
      if (info && under) byName.set(name, { pkg: info.name, version: info.version, running: under });
    }
    if (!byName.size) continue;
    const awaited = new RegExp(`\\bawait\\s+(${[...byName.keys()].map(escapeRegExp).join('|')})((?:\\s*\\.\\s*[\\w$]+)*)\\s*\\(`);
    const span = spans.get(file);
    for (let l = 0; l < code.length; l++) {
      const m = awaited.exec(code[l]);
      const of = m ? byName.get(m[1]) : undefined;
      if (m && of) found.push({ ...of, url: file, line: l + 1, call: `${m[1]}${m[2].replace(/\s/g, '')}`, inSpan: span !== undefined && l >= span.from && l <= span.to });
    }
  }
  const inHandler = found.filter((f) => f.inSpan);
  const one = inHandler.length ? inHandler : found;
  if (one.length !== 1) return null;
  const { inSpan, ...use } = one[0];
  return { ...use, inHandler: inSpan ? true : spans.size ? false : null };
}

// a line that registers a view engine (`app.engine('html', swig.renderFile)`, `app.set('view engine',
// 'pug')`, `engine: { ejs }` for @fastify/view, `engines: { html: handlebars }` for @hapi/vision,
// `map: { html: 'swig' }` for koa-views), and a handler's call that renders through one
const ENGINE = /\bengines?\b|\bview engine\b|\bviews\s*\(|\bmap\s*:/;
const RENDER = /\.\s*(?:render|view)\s*\(/;
// a line that imports a module: no use of what it imports
const IMPORTS = /\brequire\s*\(|\bimport\b/;

/**
 * A template engine the app registered as its framework's view engine, whose work ran with no app
 * frame (from its own file read's callback): the handler's one render call (`res.render('page', data)`)
 * is what hands it the work; where it was registered is said beside it.
 * @param {import('./frames.js').Frame[]} frames a stack of the block, innermost first
 * @param {string[]} files the app's files @param {string | null} route the request the block ran
 * @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {{pkg: string, url: string, line: number, engineAt: {url: string, line: number}} | null}
 */
export function renderUse(frames, files, route, sources) {
  const packages = new Set(frames.filter((f) => f.kind === 'node_modules').map((f) => packageName(f.url)).filter((p) => p !== null));
  const spans = routeSpans(files, route ? route.slice(route.indexOf(' ') + 1) : '', sources);
  /** @type {{url: string, line: number}[]} */
  const renders = [];
  for (const [file, span] of spans) {
    const code = sources.codeLines(file) ?? [];
    for (let l = span.from; l <= span.to; l++) if (RENDER.test(l === span.from ? code[l].slice(span.column) : code[l])) renders.push({ url: file, line: l + 1 });
  }
  if (renders.length !== 1) return null;
  for (const pkg of packages) {
    for (const file of files) {
      const at = engineLine(file, /** @type {string} */ (pkg), sources);
      if (at !== null) return { pkg: /** @type {string} */ (pkg), ...renders[0], engineAt: { url: file, line: at } };
    }
  }
  return null;
}

/**
 * The line (1-based) of a file that registers the package as a view engine: by a name the file binds
 * to it, or by its name as a string. @param {string} file @param {string} pkg
 * @param {import('../sources/app-sources.js').AppSources} sources
 */
function engineLine(file, pkg, sources) {
  const raw = sources.lines(file);
  const code = sources.codeLines(file);
  if (!raw || !code) return null;
  const names = [...sources.bindingsOf(file)].filter(([, spec]) => !spec.startsWith('node:') && rootName(spec) === pkg).map(([n]) => n);
  const byName = names.length ? new RegExp(`(?:^|[^\\w$.])(?:${names.map(escapeRegExp).join('|')})\\b`) : null;
  const byString = new RegExp(`(['"\`])${escapeRegExp(pkg)}\\1`);
  for (let l = 0; l < code.length; l++) {
    // (the package's import, whose name may say engine, is no registration)
    if (!ENGINE.test(code[l]) && !/view engine/.test(raw[l])) continue;
    if (IMPORTS.test(code[l])) continue;
    if ((byName && byName.test(code[l])) || byString.test(raw[l])) return l + 1;
  }
  return null;
}

/** File names that say nothing of what their code is. */
const GENERIC_FILES = new Set(['index', 'main', 'lib', 'dist', 'src', 'utils', 'util', 'common', 'helpers', 'core']);

/**
 * A package's component that the app configured, rather than called, ran the work (NestJS's
 * ClassSerializerInterceptor, put on a controller, calling class-transformer): a frame's file is named for
 * it (`class-serializer.interceptor.js`), and the one app line that names it outside its import
 * (`UseInterceptors(ClassSerializerInterceptor)`) is where the app hands it the work.
 * @param {import('./frames.js').Frame[]} frames a stack of the block, innermost first
 * @param {string[]} files the app's files @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {{pkg: string, url: string, line: number, component: string} | null}
 */
export function componentUse(frames, files, sources) {
  const seen = new Set();
  for (const f of frames) {
    const pkg = f.kind === 'node_modules' ? packageName(f.url) : null;
    const base = (f.url.split(/[\\/]/).pop() ?? '').replace(/\.[cm]?[jt]sx?$/, '');
    const key = base.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
    if (!pkg || key.length < 6 || GENERIC_FILES.has(key) || seen.has(`${pkg}\0${key}`)) continue;
    seen.add(`${pkg}\0${key}`);
    for (const file of files) {
      const name = [...sources.bindingsOf(file)].find(([n, spec]) => n.toLowerCase() === key && !spec.startsWith('node:') && rootName(spec) === pkg)?.[0];
      if (!name) continue;
      const code = sources.codeLines(file) ?? [];
      const word = new RegExp(`(?:^|[^\\w$.])${escapeRegExp(name)}\\b`);
      const lines = code.map((text, i) => i).filter((i) => word.test(code[i]) && !IMPORTS.test(code[i]));
      if (lines.length === 1) return { pkg, url: file, line: lines[0] + 1, component: name };
    }
  }
  return null;
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
  // no file writes the path: a node:http server's one request listener serves every path it is sent,
  // and so does the one middleware of an app's (koa's, connect's) that never hands a request on
  if (!spans.size) {
    for (const file of files) {
      const span = listener(file, sources) ?? lastStop(file, sources);
      if (span) spans.set(file, span);
    }
  }
  return spans;
}

// a server made with its request listener: http.createServer((req, res) => {...}), https's, http2's
const CREATE_SERVER = /\bcreate(?:Secure)?Server\s*\(/;
// a middleware registered with no path: app.use(async (ctx) => {...}), router.use(function (req, res) {...})
const USE = /\.\s*use\s*\(\s*(?=async\b|function\b|\(|[\w$]+\s*=>)/g;

/**
 * The lines of the request listener a file passes to createServer, 0-based, from the column after
 * `createServer(`; null when the file makes no server or passes it no function written there.
 * @param {string} file @param {import('../sources/app-sources.js').AppSources} sources
 */
function listener(file, sources) {
  const code = sources.codeLines(file);
  if (!code) return null;
  const i = code.findIndex((text) => CREATE_SERVER.test(text));
  if (i < 0) return null;
  const m = /** @type {RegExpExecArray} */ (CREATE_SERVER.exec(code[i]));
  return functionAfter(code, i, m.index + m[0].length);
}

/**
 * The lines of the one middleware a file registers with no path that never calls `next` (koa's
 * `app.use((ctx) => { ... })` after a guard for /health: every other path ends there), 0-based; null
 * when there is none or more than one.
 * @param {string} file @param {import('../sources/app-sources.js').AppSources} sources
 */
function lastStop(file, sources) {
  const code = sources.codeLines(file);
  if (!code) return null;
  const found = code.flatMap((text, i) => [...text.matchAll(USE)].map((m) => functionAfter(code, i, /** @type {number} */ (m.index) + m[0].length)))
    .filter((span) => span && !code.slice(span.from, span.to + 1).some((text, k) => /\bnext\b/.test(k ? text : text.slice(span.column))));
  return found.length === 1 ? found[0] : null;
}

/**
 * The function written from (line, column) on: to the end of its body, 0-based; null when what is
 * written there is no function with a body in braces (an options object, a name).
 * @param {string[]} code @param {number} i @param {number} column
 * @returns {{from: number, to: number, column: number} | null}
 */
function functionAfter(code, i, column) {
  let depth = 0;
  let body = false;
  for (let l = i; l < code.length; l++) {
    for (let c = l === i ? column : 0; c < code[l].length; c++) {
      const ch = code[l][c];
      if (ch === '(' || ch === '[' || ch === '{') {
        // a function's body (after `=>` or its parameters), not an options object
        if (++depth === 1 && ch === '{' && /(?:=>|\))\s*$/.test(`${l > i ? code[l - 1] : ''} ${code[l].slice(0, c)}`)) body = true;
      } else if (ch === ')' || ch === ']' || ch === '}') {
        if (--depth === 0 && body && ch === '}') return { from: i, to: l, column };
        if (depth < 0) return null;
      }
    }
  }
  return null;
}

// what comes before a path that registers a route: a router's method, a route option, a comparison
const ROUTE_BEFORE = /(?:\.\s*(?:get|post|put|patch|delete|del|all|use|route|head|options|on|any)\s*\(\s*(?:['"`][A-Z]+['"`]\s*,\s*)?|\b(?:path|url|route)\s*:\s*|[!=]==?\s*|\bcase\s+)$/;

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
  // the path where a route is registered (`.get('/x'`, `path: '/x'`, `url === '/x'`), else its first
  // mention (a link to it in a page's data is no handler)
  const lines = raw.map((text, i) => ({ i, m: literal.exec(text) })).filter((x) => x.m);
  const registered = lines.filter(({ i, m }) => ROUTE_BEFORE.test(raw[i].slice(0, /** @type {RegExpExecArray} */ (m).index)));
  for (const { i, m: found } of registered.length ? registered : lines) {
    const m = /** @type {RegExpExecArray} */ (found);
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
