// A pool request with no frame of the app on its stack: a package made it later, from a callback,
// a stream or a queue of its own (archiver deflating its entries, a compression middleware piping
// the response, a password hasher that draws its salt first). The app still handed the work to that
// package somewhere; read from the app's source, that is the line to show. Pure but for `sources`.

import { rootName } from '../sources/app-sources.js';
import { enclosingNames, escapeRegExp } from '../sources/js-scan.js';

const ANONYMOUS = /^(?:\(anonymous\)|<anonymous>|)$/;

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {{pkg: string, url: string, line: number}} PackageUse
 */

/**
 * Of the packages on the stack, innermost first, the first one an app file uses: the line of that
 * file that calls a method the package's frames on the stack name (`archive.append(` under
 * `Zip.append`), else the one line that uses it (the import aside), else none. Innermost: the
 * package that did the work, not the server or framework further out that ran the request (a
 * server adapter the app starts on one line, `serve(...)`, is on every request's stack). A package
 * the app uses on many lines, none of them named on the stack, says nothing of this request, and
 * the next package outward is asked.
 * @param {Frame[]} frames innermost first @param {string[]} files the app's files, likeliest first
 * @param {import('../sources/app-sources.js').AppSources} sources
 * @param {(file: string) => {from: number, to: number, column?: number} | null} [within] only these lines of a file
 *   (0-based, inclusive), the first from `column` on
 * @param {{firstCall?: boolean}} [o] firstCall: in those lines, several calls through the package's names (`jose.JWE.createDecrypt(`,
 *   then `opened.payload.toString(` on what it returned): the first, which began the work
 * @returns {PackageUse | null}
 */
export function packageUseInApp(frames, files, sources, within, o = {}) {
  /** @type {Map<string, Set<string>>} package -> the names of its functions on the stack, innermost package first */
  const onStack = new Map();
  for (const f of frames) {
    const pkg = f.kind === 'node_modules' ? packageName(f.url) : null;
    if (!pkg) continue;
    const names = onStack.get(pkg) ?? new Set();
    names.add(methodName(f.functionName));
    // a promise chain's anonymous step: the package's method it is written in (`setPassword`, whose
    // steps run after it returned, so that its own frame is on no stack); looked for in a handler only:
    // the method may be the package's inner one (pbkdf2-password-hash's `compare` runs its `hash`), which
    // the app may call elsewhere too (its users' hashes made at start-up)
    if (within && ANONYMOUS.test(f.functionName)) {
      const code = sources.codeLines(f.url);
      if (code) for (const name of enclosingNames(code, f.line - 1)) names.add(name);
    }
    onStack.set(pkg, names);
  }
  for (const [pkg, methods] of onStack) {
    for (const file of files) {
      const use = useIn(file, pkg, methods, sources, within?.(file) ?? null, o.firstCall === true);
      if (use !== null) return { pkg, url: file, line: use };
    }
  }
  return null;
}

/**
 * The line of `file` that hands work to `pkg` (1-based), or null.
 * @param {string} file @param {string} pkg @param {Set<string>} methods
 * @param {import('../sources/app-sources.js').AppSources} sources @param {{from: number, to: number, column?: number} | null} span
 */
function useIn(file, pkg, methods, sources, span, firstCall = false) {
  const ofPkg = (/** @type {Map<string, string>} */ bindings) => [...bindings].filter(([, spec]) => !spec.startsWith('node:') && rootName(spec) === pkg).map(([name]) => name);
  const names = ofPkg(sources.bindingsOf(file));
  // a model or statement made from a made name (Product = sequelize.define(...)): a call of a method the
  // stack names, or in the request's handler a call at all (outside it, plain data made so would count);
  // and a name of a package that depends on this one (a driver package over an ORM's core, whose classes
  // it extends: em.find( where em comes from @mikro-orm/libsql and find is @mikro-orm/core's): a call of a
  // method the stack names only
  const handles = ofPkg(sources.handlesOf(file));
  const dependents = [...sources.bindingsOf(file), ...sources.handlesOf(file)]
    .filter(([, spec]) => !/^(?:node:|\.|\/)/.test(spec) && rootName(spec) !== pkg && sources.resolvePackage(spec, file)?.dependsOn.includes(pkg))
    .map(([name]) => name);
  const viaDependent = methodCalls(dependents);
  // of those, the ones the file makes from the package over it (octokit = new Octokit()), not data a call returned
  const made = new Set(sources.bindingsOf(file).keys());
  const objects = methodCalls(dependents.filter((name) => made.has(name)));
  const dependentObject = span && objects ? new RegExp(objects.source) : null;
  // code: the file with strings and comments blanked; raw: as written
  const code = names.length || handles.length || dependents.length ? sources.codeLines(file) : null;
  const raw = code ? sources.lines(file) : null;
  if (!code || !raw) return null;
  const word = names.length ? new RegExp(`(?:^|[^\\w$.])(${names.map(escapeRegExp).join('|')})\\b(?:\\s*\\.\\s*([\\w$]+))?`, 'g') : null;
  const handleCall = methodCalls(handles);
  const call = callThrough([...names, ...(span ? handles : [])], firstCall && span !== null);
  // in a handler, a call through the package's own names (`db.findAsync(`), not through what a call
  // returned (`rows.slice(` after `const rows = await db.findAsync(...)`)
  const ownCall = span && names.length ? callThrough(names, true) : null;
  /** @type {number[]} */
  const lines = [];
  /** @type {number[]} */
  const calls = [];
  /** @type {number[]} */
  const ownCalls = [];
  /** @type {number[]} in a handler, calls of a method the package's frames name on an object of no known name (a pool's `conn.query(`) */
  const stackCalls = [];
  // a receiver that is a global (`JSON.parse(`) or a name of another module's is not the package's object
  // (but for a module the file hands the package to, as a plugin of its objects: `schema.plugin(passportLocalMongoose)`
  // gives mongoose's documents the package's `setPassword`)
  const named = [...sources.bindingsOf(file), ...sources.handlesOf(file)];
  const plugged = pluggedInto(code, names, named);
  const elsewhere = (/** @type {string | undefined} */ receiver) => receiver !== undefined && (GLOBALS.has(receiver)
    || named.some(([name, spec]) => name === receiver && rootName(spec) !== pkg && !plugged.has(rootName(spec))));
  for (let i = span?.from ?? 0; i <= Math.min(code.length - 1, span?.to ?? Infinity); i++) {
    const text = span && i === span.from ? code[i].slice(span.column ?? 0) : code[i];
    // the import or require of the package itself is no use of it
    if (/\brequire\s*\(|\bimport\b/.test(text) && raw[i]?.includes(pkg)) continue;
    let used = false;
    for (const m of word ? text.matchAll(word) : []) {
      if (m[2] && methods.has(m[2])) return i + 1;
      used = true;
    }
    for (const m of handleCall ? text.matchAll(handleCall) : []) {
      if (methods.has(m[1])) return i + 1;
      // in a handler, a model's call is a use of its package (the stack may show the driver's callback, not findAll)
      if (span) used = true;
    }
    for (const m of viaDependent ? text.matchAll(viaDependent) : []) if (methods.has(m[1])) return i + 1;
    // in the request's handler, a call on an object of the package over it is a use (octokit.paginate( of
    // @octokit/rest, whose paginate plugin ran on from its own continuation, naming only its own `next`)
    if (dependentObject?.test(text)) used = true;
    if (used) lines.push(i + 1);
    if (used && call.test(text)) calls.push(i + 1);
    if (used && ownCall?.test(text)) ownCalls.push(i + 1);
    if (span && !used && [...text.matchAll(METHOD_CALL)].some((m) => methods.has(m[2]) && !COMMON_METHODS.has(m[2]) && !elsewhere(m[1]))) stackCalls.push(i + 1);
  }
  // several lines name it (a result kept under a name: \`const prices = await pMap(...)\`, then \`prices.length\`): the one that calls it;
  // of several calls in a handler, the one call through the package's own names began the work
  if (lines.length === 1) return lines[0];
  if (calls.length === 1 || (firstCall && span && calls.length)) return calls[0];
  if (ownCalls.length === 1) return ownCalls[0];
  // no name of the package in the handler: an object it was handed (`withConnection((conn) => conn.query(...))`)
  // is called by a method the stack names, on one line
  return !lines.length && stackCalls.length === 1 ? stackCalls[0] : null;
}

/**
 * The modules (root names) whose objects the file hands one of the package's names to, as an argument
 * of a method call on them: `userSchema.plugin(passportLocalMongoose, ...)`, userSchema being mongoose's.
 * @param {string[]} code @param {string[]} names the package's names in the file @param {[string, string][]} named the file's names and their modules
 */
function pluggedInto(code, names, named) {
  /** @type {Set<string>} */
  const out = new Set();
  if (!names.length) return out;
  const handed = new RegExp(`(?:^|[^\\w$.])([A-Za-z_$][\\w$]*)\\s*\\.\\s*[\\w$]+\\s*\\([^)]*(?<![\\w$.])(?:${names.map(escapeRegExp).join('|')})(?![\\w$])`);
  for (const text of code) {
    const m = handed.exec(text);
    const spec = m ? named.find(([name]) => name === m[1])?.[1] : undefined;
    if (spec && !spec.startsWith('.')) out.add(rootName(spec));
  }
  return out;
}

// any method's call, and the names too common to tell a package's by (promises', arrays', streams', a response's)
const METHOD_CALL = /(?:(?<![\w$.])([A-Za-z_$][\w$]*)\s*)?\.\s*([A-Za-z_$][\w$]*)\s*\(/g;
const GLOBALS = new Set(['JSON', 'Math', 'Object', 'Array', 'Promise', 'Date', 'Buffer', 'Number', 'String', 'Reflect', 'console', 'process', 'Intl', 'URL', 'crypto']);
const COMMON_METHODS = new Set(['then', 'catch', 'finally', 'call', 'apply', 'bind', 'next', 'emit', 'on', 'once', 'write', 'end', 'push',
  'map', 'forEach', 'filter', 'reduce', 'get', 'set', 'has', 'send', 'json', 'status', 'toString', 'resolve', 'run', 'exec', 'process', 'handle']);

/**
 * A call through one of these names: `name(` or `name.method(`, and with `chained` `name.a.b(` too.
 * @param {string[]} names @param {boolean} chained
 */
function callThrough(names, chained) {
  return new RegExp(`(?:^|[^\\w$.])(?:${names.map(escapeRegExp).join('|')})\\s*(?:\\.\\s*[\\w$]+\\s*)${chained ? '*' : '?'}\\(`);
}

/** Calls of a method on one of these names (`em.find(`: the method's name), or null for none. @param {string[]} names */
function methodCalls(names) {
  return names.length ? new RegExp(`(?:^|[^\\w$.])(?:${names.map(escapeRegExp).join('|')})\\s*\\.\\s*([\\w$]+)\\s*\\(`, 'g') : null;
}

/** "Zip.append" -> append, "ZipStream.[as entry]"... -> entry, "(anonymous)" stays. @param {string} name */
export function methodName(name) {
  const alias = /\[as ([\w$]+)\]/.exec(name)?.[1];
  return alias ?? name.split('.').pop() ?? name;
}

/** The package a file under node_modules belongs to (its last node_modules folder). @param {string} url */
export function packageName(url) {
  const m = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*[\\/]node_modules[\\/])/.exec(url);
  return m ? m[1].replace(/\\/g, '/') : null;
}

// how far down a package's dependencies a job's package is looked for, and how many packages at most
const DEPENDENCY_DEPTH = 5;
const MAX_DEPENDENCIES = 300;

/**
 * The one package a file imports whose dependencies, a few levels down, hold a package on the job's
 * stack, when the file imports none of those itself (zip-a-folder's `zip(...)`: archiver's queue later
 * makes the deflate streams in zip-stream and crc32-stream, with no frame of zip-a-folder or of the
 * app): null when none does, or more than one.
 * @param {Frame[]} frames @param {string} file @param {import('../sources/app-sources.js').AppSources} sources
 * @returns {import('../sources/app-sources.js').PackageInfo | null}
 */
export function dependentImport(frames, file, sources) {
  const onStack = new Set(frames.flatMap((f) => (f.kind === 'node_modules' ? [packageName(f.url)] : [])).filter((p) => p !== null));
  if (!onStack.size) return null;
  const imported = new Set([...sources.importsOf(file).values()].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !s.startsWith('/')).map(rootName));
  if ([...imported].some((p) => onStack.has(p))) return null;
  const found = [];
  for (const name of imported) {
    const pkg = sources.resolvePackage(name, file);
    if (pkg && reaches(pkg, onStack, sources)) found.push(pkg);
  }
  return found.length === 1 ? found[0] : null;
}

/**
 * Whether a package's dependencies, breadth first, hold one of `wanted`.
 * @param {import('../sources/app-sources.js').PackageInfo} pkg @param {Set<string>} wanted
 * @param {import('../sources/app-sources.js').AppSources} sources
 */
function reaches(pkg, wanted, sources) {
  const seen = new Set([pkg.dir]);
  let level = [pkg];
  for (let depth = 0; depth < DEPENDENCY_DEPTH && level.length; depth++) {
    const next = [];
    for (const p of level) {
      for (const dep of p.dependsOn) {
        if (wanted.has(dep)) return true;
        const d = sources.resolvePackage(dep, `${p.dir}/package.json`);
        if (!d || seen.has(d.dir) || seen.size >= MAX_DEPENDENCIES) continue;
        seen.add(d.dir);
        next.push(d);
      }
    }
    level = next;
  }
  return false;
}
