// Who owns a CPU-profile sample's time, for any code: the app's own function, the package the app
// called (name and version from its package.json), one of Node's APIs, native code (an addon's
// synchronous call, which V8 counts at the line that called it), JSON (V8's JSON.parse and
// JSON.stringify leave no frame: the running line says so), or the garbage collector.
//
// The owner is the code the app handed the work to, read from the stack alone, with no list of
// packages: work V8 recognises at the leaf (JSON, a native call, a regex) first, then the package
// nearest the app frame, then Node's module the app called, else the app itself.

import { matchKnownCall, ranAtLeaf } from './known-calls.js';
import { runsWhatItParses, makesParsers } from './remedies.js';
import { isAgentUrl } from './frame-kind.js';
import { rootName } from '../sources/app-sources.js';
import { isGenerated, makerCalledBy } from './generated-code.js';
import { regexHome } from './regex-home.js';
import { methodName } from './pool-app-line.js';

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./known-calls.js').SourceLine} SourceLine
 * @typedef {import('./known-calls.js').KnownCall} KnownCall
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 * @typedef {'app' | 'package' | 'node' | 'native' | 'json' | 'gc'} OwnerKind
 * @typedef {{kind: OwnerKind, name: string, version?: string | null}} Owner
 * @typedef {object} SampleOwner
 * @property {Owner} owner
 * @property {string} key the owner as a map key
 * @property {Frame | null} entry the owner's function the time is named by: the package's or
 *   Node's function the app called, the native function, the app's own function
 * @property {number} entryIndex its index in the stack (-1: none)
 * @property {number} appIndex the innermost frame of the app (-1: none)
 * @property {number | null} appLine the app line that was running, when the profile says (the
 *   leaf's line, or a native leaf's calling line, in the app's own frame)
 * @property {string | null} regex the pattern of a regular expression the owner was running
 * @property {boolean} compile the owner was compiling (a frame of its whose name says compile)
 * @property {boolean} [makesRegex] what it compiled was a regular expression (a frame named makeRe, pathToRegexp)
 * @property {boolean} [intl] what it made was Intl's locale objects (a formatter, plural rules, a collator)
 * @property {KnownCall | null} call a known call (Node's sync APIs, JSON, a regex) on the stack
 * @property {string | null} specifier the module the owner is, as an app would import it
 * @property {{name: string, version: string | null, functionName: string | null}} [via] the package the app
 *   called that called the owner (one of Node's synchronous APIs inside a package)
 * @property {boolean} [queue] the sample is Node's queue runner alone, no code on the stack: the time of
 *   the callbacks it runs, whose code is not on this sample's stack
 */

const isCode = (/** @type {Frame | undefined} */ f) => f !== undefined && (f.kind === 'app' || f.kind === 'node_modules') && !isAgentUrl(f.url);
const isPackage = (/** @type {Frame | undefined} */ f) => f !== undefined && f.kind === 'node_modules' && !isAgentUrl(f.url);
const COMPILE = /compile|codegen|generate(?:Code|Function)/i;
// a function that makes a regular expression from a pattern compiles it: picomatch's makeRe and
// toRegex, path-to-regexp's pathToRegexp, a glob library's globToRegExp
const MAKES_REGEX = /(?:make|build|create)_?Re(?:gExp?|gex)?$|To_?Reg(?:Exp?|ex)$/i;
// a template engine that interprets its templates (liquidjs) compiles nothing: it parses them, on
// every call that takes the template's text (parseAndRender), and rendering is the rest; so does an
// expression language that evaluates what it parses (expr-eval's Parser.evaluate)
const PARSE = /^_?(?:parse|tokeni[sz]e|lex)/i;
// a package that makes parsers builds one by analysing its grammar (chevrotain's performSelfAnalysis, its
// Lexer's analyzeTokenTypes) or by generating it (peggy's generate, @lezer/generator's buildParser): its
// compiling, done again on every call that builds the parser anew
const BUILDS_PARSER = /analy[sz]|^_?(?:generate|build)/i;
// a package function whose job is its own, not carrying the app's data somewhere (JSON through it is its means)
const OWN_WORK = /compil|codegen|pars|valid|tokeni[sz]|transpil|minif|diff|match|search|sort|hash|digest|crypt|equal|compar/i;
/** Node's synchronous API calls (known-calls.js): the work itself, whoever called them. */
const SYNC_KINDS = new Set(['fs-sync', 'zlib-sync', 'crypto-sync', 'child-process-sync']);
/**
 * Node's functions that drain its queues, and an emitter's `emit` that calls its listeners: never the
 * owner of what the callbacks do. (A capture that starts after the app's code was optimized can see
 * a listener V8 inlined into `emit` as `emit` alone: the production agent's, on a request handler.)
 */
const SCHEDULERS = new Set(['processTicksAndRejections', 'runNextTicks', 'runMicrotasks', 'processImmediate', 'listOnTimeout', 'processTimers', 'emit']);

/**
 * The owner of one sample's time.
 * @param {Frame[]} frames innermost first @param {SourceLine | null} line @param {AppSources} sources
 * @returns {SampleOwner}
 */
export function ownerOfSample(frames, line, sources) {
  const appIndex = frames.findIndex((f) => f.kind === 'app');
  const call = matchKnownCall(frames, line);
  const leaf = frames[0];
  const appLine = line && appIndex >= 0 && (line.frameIndex ?? 0) === appIndex && !line.ambiguous?.length ? line.line : null;
  // a regex V8 still interprets, or compiled before a capture started, has no frame: the running line's
  // literal or name says so; a line running one it does not name counts as regex time with no pattern
  // (''), which only a match that backtracks makes the fix (remedies.js), never a known call
  const unnamed = call === null && ranAtLeaf(line) && line.regexRun === true;
  /** @type {Omit<SampleOwner, 'owner' | 'key' | 'entry' | 'entryIndex' | 'specifier'>} */
  const base = { appIndex, appLine, regex: call?.kind === 'regex' ? call.pattern ?? null : unnamed ? '' : null, compile: false, call };
  /** @param {Owner} owner @param {number} entryIndex @param {string | null} specifier @param {Partial<SampleOwner>} [more] @returns {SampleOwner} */
  const result = (owner, entryIndex, specifier, more = {}) => ({
    ...base, owner, key: `${owner.kind}\0${owner.name}`, entry: frames[entryIndex] ?? null, entryIndex, specifier, ...more,
  });

  if (!leaf || leaf.kind === 'gc') return result({ kind: 'gc', name: 'garbage collection' }, -1, null);
  // V8 alone with no JavaScript on the stack (its microtask runner between two continuations, in a
  // microtask block): the queue's time, as Node's runMicrotasks below
  if (frames.length === 1 && leaf.functionName === '(program)') return result({ kind: 'app', name: 'app' }, -1, null, { queue: true });

  // a regular expression: whoever runs it owns it (a package's own pattern is the package's)
  const rx = frames.findIndex((f) => f.functionName.startsWith('RegExp: '));
  if (rx >= 0 && rx < (appIndex < 0 ? frames.length : appIndex + 1)) {
    const pattern = frames[rx].functionName.slice('RegExp: '.length);
    const runner = frames.slice(rx + 1).findIndex((f) => f.kind !== 'native' || isGenerated(f));
    const at = runner < 0 ? -1 : rx + 1 + runner;
    if (at >= 0 && isGenerated(frames[at])) return generatedOwner(frames, at, appIndex, sources, result, { regex: pattern });
    // a package the running file imports, which writes the pattern the file does not: its function,
    // inlined into the caller (regex-home.js)
    const home = at >= 0 && isPackage(frames[at]) ? regexHome(frames[at].url, pattern, sources) : null;
    if (home) return result({ kind: 'package', name: home.name, version: home.version }, at, home.specifier, { regex: pattern });
    if (at >= 0 && isPackage(frames[at])) return withCompile(packageResult(frames, at, sources, result, { regex: pattern }), frames, sources);
    if (at >= 0 && frames[at].kind === 'node') return result(nodeOwner(frames[at]), at, nodeSpecifier(frames[at]), { regex: pattern });
    return result({ kind: 'app', name: 'app' }, appIndex, null, { regex: pattern });
  }

  // the same, V8 showing no frame for the regex (compiled before a capture began): the package whose
  // running line runs it, as the frame under a `RegExp:` frame would be (forwarded's `.split(/ *, */)`
  // under proxy-addr: forwarded's, not the package nearest the app)
  if ((call?.kind === 'regex' || unnamed) && ranAtLeaf(line) && isPackage(leaf)) {
    return withCompile(packageResult(frames, 0, sources, result), frames, sources);
  }

  // native code an app or package called (an addon's method, structuredClone): V8 shows the
  // function with no source; its ticks are the calling line's. An addon's function made with no
  // name (N-API's, napi-rs's) is `(anonymous)`: native when the calling frame is the addon's own
  // JavaScript or the calling line calls into an addon
  if (leaf.kind === 'native' && !isGenerated(leaf) && !isWasm(leaf) && isCode(frames[1])) {
    const named = !leaf.functionName.startsWith('(');
    const addon = named || leaf.functionName === '(anonymous)' ? nativeAddon(frames, 1, line, sources, named || 'unnamed') : null;
    if (named || addon) return result({ kind: 'native', name: addon?.name ?? leaf.functionName, ...(addon?.version ? { version: addon.version } : {}) }, 0, addon?.specifier ?? null);
  }

  // JSON.parse / JSON.stringify: no frame; the leaf's running line calls it, unless that line is a
  // compiled addon's wrapper calling into its native code as well (`binding.transformSync(isModule
  // ? JSON.stringify(src) : src, ...)`): the wrapper is there for the native call
  if (call?.kind === 'json' && !addonWrapperCall(leaf, line, sources)) {
    // through a package (express's res.json): that package is the way the payload went; but a package
    // whose call the app made compiles, parses, validates, compares or searches (angular-expressions'
    // `compile` keys its cache with a JSON of its options and its cache): the JSON is its own means, not
    // the app's payload, and the time is its work
    const conduit = appIndex > 0 ? frames.slice(0, appIndex).reverse().find(isPackage) : undefined;
    if (conduit && OWN_WORK.test(methodName(conduit.functionName))) {
      return withCompile(packageResult(frames, frames.indexOf(conduit), sources, result), frames, sources);
    }
    const info = conduit ? sources.packageOf(conduit.url) : null;
    return result({ kind: 'json', name: call.name }, 0, null, info ? { via: { name: info.name, version: info.version, functionName: null } } : {});
  }

  // the same native call, sampled as the caller's own time (V8 does not always show the native
  // function): the running line calls a method of an addon
  if (isCode(leaf)) {
    const addon = nativeAddon(frames, 0, line, sources, false);
    if (addon) return result({ kind: 'native', name: addon.name, ...(addon.version ? { version: addon.version } : {}) }, 0, addon.specifier);
  }

  // the package nearest the app's frame (what the app called), else, with no app frame, the
  // innermost package (the one doing the work)
  const inner = appIndex < 0 ? frames.length : appIndex;
  let pkg = -1;
  if (appIndex >= 0) {
    for (let i = inner - 1; i >= 0; i--) if (isPackage(frames[i])) { pkg = i; break; }
  } else pkg = frames.findIndex(isPackage);

  // one of Node's synchronous APIs is the work, whoever called it (adm-zip's deflateRawSync, a
  // template engine's readFileSync): Node's module owns it, the package is the way the app got there
  if (call && SYNC_KINDS.has(call.kind) && pkg >= 0) {
    const at = frames.findIndex((f) => f.functionName === call.frame.functionName && f.url === call.frame.url && f.line === call.frame.line);
    if (at >= 0 && at < pkg) {
      const via = packageResult(frames, pkg, sources, result);
      return result(nodeOwner(frames[at]), at, nodeSpecifier(frames[at]), { via: { name: via.owner.name, version: via.owner.version ?? null, functionName: via.entry?.functionName ?? null } });
    }
  }
  // a compiled addon's own JavaScript wrapper running the line that calls into its native code
  // (the leaf is the function the app entered, or another of the same package's on the way in)
  if (pkg >= 0 && line && (line.frameIndex ?? 0) === 0 && /[\w$\]]\s*\(/.test(line.text) && isPackage(leaf)
    && (leaf === frames[pkg] || sources.packageOf(leaf.url)?.dir === sources.packageOf(frames[pkg].url)?.dir)) {
    const info = sources.packageOf(leaf.url);
    if (info && sources.isNative(info.name, leaf.url)) return result({ kind: 'native', name: info.name, ...(info.version ? { version: info.version } : {}) }, 0, info.name);
  }
  if (pkg >= 0) return withCompile(packageResult(frames, importedUnder(frames, pkg, appIndex, sources), sources, result), frames, sources);

  // a function made at run time (a compiled validator or template) that the app called
  if (appIndex > 0 && isGenerated(frames[appIndex - 1])) return generatedOwner(frames, appIndex - 1, appIndex, sources, result);
  // Node's own API the app called (readFileSync, pbkdf2Sync, Buffer.concat...)
  if (appIndex > 0) {
    for (let i = appIndex - 1; i >= 0; i--) {
      if (frames[i].kind === 'node') return result(nodeOwner(frames[i]), i, nodeSpecifier(frames[i]), { compile: vmSetup(frames, i) });
    }
  }
  if (appIndex >= 0) return result({ kind: 'app', name: 'app' }, appIndex, null);
  // Node's scheduler itself (the nextTick, microtask, timer and immediate queues) as the leaf with
  // no code above it: V8 inlined the callbacks it runs into it, or the sample fell in V8's own
  // promise machinery between two continuations (runMicrotasks, native); the time is the callbacks',
  // and the queue was filled by the app, not asked of Node. `queue`: the block's owners credit it
  // to the code the samples around it ran (block-owners.js); alone, it is the app's
  if (SCHEDULERS.has(leaf.functionName) && (leaf.kind === 'node' || leaf.kind === 'native') && !frames.some(isCode)) {
    return result({ kind: 'app', name: 'app' }, -1, null, { queue: true });
  }
  const node = frames.findIndex((f) => f.kind === 'node');
  if (node >= 0) return result(nodeOwner(frames[node]), node, nodeSpecifier(frames[node]));
  return result({ kind: 'native', name: leaf.functionName }, 0, null);
}

/**
 * The owner of a function made at run time (generated-code.js), frames[at]: the code that called it,
 * a package or Node's, as its own work; the app's, when the app called a name made from a package
 * (that package); else the app's.
 * @param {Frame[]} frames @param {number} at @param {number} appIndex @param {AppSources} sources
 * @param {(owner: Owner, entryIndex: number, specifier: string | null, more?: Partial<SampleOwner>) => SampleOwner} result
 * @param {Partial<SampleOwner>} [more]
 */
function generatedOwner(frames, at, appIndex, sources, result, more = {}) {
  const caller = frames.findIndex((f, i) => i > at && f.kind !== 'native');
  if (caller >= 0 && isPackage(frames[caller])) return packageResult(frames, caller, sources, result, more);
  if (caller >= 0 && frames[caller].kind === 'node') return result(nodeOwner(frames[caller]), caller, nodeSpecifier(frames[caller]), more);
  const maker = caller >= 0 && caller === appIndex ? makerCalledBy(frames[caller], sources) : null;
  if (maker) return result({ kind: 'package', name: maker.name, version: maker.version }, at, maker.specifier, more);
  return result({ kind: 'app', name: 'app' }, appIndex, null, more);
}

/**
 * The package the app's file imports, when the package nearest the app frame is one it does not
 * and the imported one runs under it: the app called a function the imported package built with a
 * dependency of its own (mathjs's API is made of typed-function's dispatchers), and the work is the
 * imported package's. Else frames[pkg] itself.
 * @param {Frame[]} frames @param {number} pkg @param {number} appIndex @param {AppSources} sources
 */
function importedUnder(frames, pkg, appIndex, sources) {
  if (appIndex < 0) return pkg;
  const imported = sources.importedPackageDirs(frames[appIndex].url);
  const dirOf = (/** @type {Frame} */ f) => sources.packageOf(f.url)?.dir ?? '';
  if (imported.size === 0 || imported.has(dirOf(frames[pkg]))) return pkg;
  for (let i = pkg - 1; i >= 0; i--) if (isPackage(frames[i]) && imported.has(dirOf(frames[i]))) return i;
  return pkg;
}

/**
 * Whether the leaf is a compiled addon package's own JavaScript whose running line calls a method
 * other than JSON's (its binding's).
 * @param {Frame} leaf @param {{text: string, frameIndex?: number} | null | undefined} line @param {AppSources} sources
 */
function addonWrapperCall(leaf, line, sources) {
  if (!line || (line.frameIndex ?? 0) !== 0 || !isPackage(leaf)) return false;
  if (![...line.text.matchAll(/\b([\w$]+)\s*\.\s*[\w$]+\s*\(/g)].some((m) => m[1] !== 'JSON')) return false;
  const info = sources.packageOf(leaf.url);
  return Boolean(info && sources.isNative(info.name, leaf.url));
}

/**
 * A package owner: the package of frames[at], its function the caller entered (the outermost
 * frame of that package's run of frames).
 * @param {Frame[]} frames @param {number} at @param {AppSources} sources
 * @param {(owner: Owner, entryIndex: number, specifier: string | null, more?: Partial<SampleOwner>) => SampleOwner} result
 * @param {Partial<SampleOwner>} [more]
 */
function packageResult(frames, at, sources, result, more = {}) {
  const info = sources.packageOf(frames[at].url);
  const dir = info?.dir ?? null;
  let entry = at;
  while (entry + 1 < frames.length && isPackage(frames[entry + 1]) && sources.packageOf(frames[entry + 1].url)?.dir === dir) entry++;
  const name = info?.name ?? 'a package';
  return result({ kind: 'package', name, version: info?.version ?? null }, entry, name, more);
}

/** @param {SampleOwner} s @param {Frame[]} frames @param {AppSources} sources */
function withCompile(s, frames, sources) {
  const dir = s.entry?.url;
  // asleep in Atomics.wait until another thread or process answers (sass-embedded's compileString waits on
  // its compiler's process): whatever the frames above are named, nothing compiles on this thread
  if (!dir || s.call?.kind === 'sync-wait') return s;
  // a method's name as the profile qualifies it (`Twig.tokenize`, `Parser.parse`): its own part
  const compiling = (/** @type {string} */ name) => {
    const own = name.split('.').pop() ?? '';
    return COMPILE.test(name) || (PARSE.test(own) && !/render/i.test(name) && runsWhatItParses(sources.packageOf(dir)))
      || (BUILDS_PARSER.test(own) && makesParsers(sources.packageOf(dir)));
  };
  // the function that ran (the leaf) making Intl's locale objects: the builtin's time is its own
  const leaf = frames[0];
  if (leaf?.kind === 'node_modules' && sources.makesIntlObject(leaf.url, leaf.line, leaf.column ?? 1)) return { ...s, compile: true, intl: true };
  // a function that builds code and makes a function of it (`new Function`) compiles, whatever its name;
  // under code made before (a frame of it nearer the leaf: alasql's cached query, a compiled template)
  // it is running what it made, not making it
  for (let i = 0; i <= s.entryIndex; i++) {
    const f = frames[i];
    if (isGenerated(f)) break;
    if (f.kind !== 'node_modules') continue;
    if (MAKES_REGEX.test(f.functionName)) return { ...s, compile: true, makesRegex: true };
    // ...or returns what such a function makes of the source it built (djv's `generate` ends in `return restore(source, ...)`)
    if (compiling(f.functionName) || sources.generatesCode(f.url, f.line, f.column ?? 1) || sources.returnsMadeCode(f.url, f.line, f.column ?? 1)) return { ...s, compile: true };
    // the function the app called makes a regex from a source it computes: the regexes it makes are new on
    // each call, and their first runs, on lines that name none, compile them; one that keeps it on the object
    // it builds (url-pattern's constructor: `this.regex = new RegExp(...)`) compiles the pattern all along
    if (i === s.entryIndex && sources.makesRegExp(f.url, f.line, f.column ?? 1)) {
      return { ...s, makesRegex: true, ...(sources.keepsRegExp(f.url, f.line, f.column ?? 1) ? { compile: true } : {}) };
    }
  }
  return s;
}

// node:vm making a context (createContext, V8's makeContext under it) or compiling a script (the Script
// constructor, compileFunction), what vm.runInNewContext(code, sandbox) does on every call: done once (a
// context kept, a vm.Script compiled once), each call only runs the code. runInNewContext's whole time
// is that: the code's first run in a fresh context also makes the context's builtins it touches, and a
// timeout starts a watchdog thread for the call
const VM_SETUP = /^(?:Script|createScript|createContext|makeContext|compileFunction)$/;

/** Whether the frames from the leaf to Node's API entry at `entry` are node:vm's setup. @param {Frame[]} frames @param {number} entry */
function vmSetup(frames, entry) {
  if (frames[entry].url !== 'node:vm') return false;
  if (frames[entry].functionName === 'runInNewContext') return true;
  return frames.slice(0, entry + 1).some((f) => VM_SETUP.test(f.functionName) && (f.url === 'node:vm' || f.kind === 'native'));
}

/** "node:fs" of node:fs, node:internal/fs/utils, node:internal/crypto/pbkdf2; "node:http" of node:_http_server. @param {Frame} f */
export function nodeModuleOf(f) {
  let name = f.url.replace(/^node:/, '');
  if (name.startsWith('internal/')) name = name.slice('internal/'.length);
  name = name.split('/')[0];
  if (name.startsWith('_')) name = name.replace(/^_+/, '').split('_')[0]; // _http_server, _stream_readable
  return `node:${name || 'internal'}`;
}

/** @param {Frame} f @returns {Owner} */
const nodeOwner = (f) => ({ kind: 'node', name: nodeModuleOf(f) });
/** @param {Frame} f */
const nodeSpecifier = (f) => nodeModuleOf(f);

/**
 * The addon whose native code ran, called from frames[at]: that frame is the addon package's own
 * JavaScript (better-sqlite3's wrappers), or its running line calls a method of a name bound to
 * an addon (`db.prepare(sql).all()` where `db = new Database()`); under a native leaf, else the
 * one addon the calling file imports.
 * @param {Frame[]} frames @param {number} at @param {SourceLine | null} line @param {AppSources} sources
 * @param {boolean | 'unnamed'} nativeLeaf the leaf is a native function (it ran; only which addon is
 *   asked); 'unnamed': one with no name, an addon's only when the caller or its file says so
 * @returns {{name: string, version: string | null, specifier: string} | null}
 */
function nativeAddon(frames, at, line, sources, nativeLeaf) {
  const caller = frames[at];
  if (nativeLeaf && caller.kind === 'node_modules') {
    const info = sources.packageOf(caller.url);
    if (info && sources.isNative(info.name, caller.url)) return { name: info.name, version: info.version, specifier: info.name };
  }
  const bindings = sources.bindingsOf(caller.url);
  /** @param {string} spec */
  const addon = (spec) => {
    if (spec.startsWith('node:')) return { name: spec, version: null, specifier: spec };
    const info = sources.resolvePackage(spec, caller.url);
    return { name: info?.name ?? rootName(spec), version: info?.version ?? null, specifier: spec };
  };
  // one addon however many of its modules the file imports (`@node-rs/jieba` and `@node-rs/jieba/dict`)
  const natives = () => [...new Set([...bindings.values()].filter((s) => sources.isNative(s, caller.url)).map((s) => (s.startsWith('node:') ? s : rootName(s))))];
  // the one addon the file loads; else, called from a package that loads its driver at run time or is
  // handed it by the app (an ORM: drizzle's session calls `stmt.all()` on the app's Database), the one
  // addon the project installed
  const onlyAddon = () => {
    const loaded = natives();
    if (loaded.length === 1) return addon(loaded[0]);
    const project = loaded.length === 0 ? sources.projectAddons(caller.url) : [];
    return project.length === 1 ? addon(project[0]) : null;
  };
  if (!line || (line.frameIndex ?? 0) !== at || line.ambiguous?.length) {
    // no line to read: a function with no name is the addon's when the file loads one addon only; a
    // named native function (V8 shows `all`, not whose it is) as below
    if (nativeLeaf === true) return onlyAddon();
    const only = nativeLeaf === 'unnamed' ? natives() : [];
    return only.length === 1 ? addon(only[0]) : null;
  }
  // a call on the name: `db.prepare(`, `db.exec(`, `addon(`; read only when the file binds an addon
  // to a name (a minified file's line can be a megabyte)
  if ([...bindings.values()].some((spec) => sources.isNative(spec, caller.url))) {
    const code = sources.codeLines(caller.url)?.[line.line - 1] ?? line.text;
    for (const m of code.matchAll(/((?:this\.)?[A-Za-z_$][\w$]*)\s*(?:\.\s*[\w$]+\s*)*\(/g)) {
      const spec = bindings.get(m[1]);
      if (spec && sources.isNative(spec, caller.url)) return addon(spec);
    }
    // a method of what the addon's object made (`const stmt = db.prepare(sql)` at the top, `stmt.get()`
    // here), when no data of JavaScript's has a method by that name: the rows it returned are an array
    // (`rows.sort()` is V8's), a prepared statement is the addon's
    const handles = sources.handlesOf(caller.url);
    for (const m of code.matchAll(/((?:this\.)?[A-Za-z_$][\w$]*)\s*\.\s*([\w$]+)\s*\(/g)) {
      const spec = handles.get(m[1]);
      if (spec && !DATA_METHODS.has(m[2]) && sources.isNative(spec, caller.url)) return addon(spec);
    }
  }
  if (!nativeLeaf) return null;
  if (nativeLeaf === true) return onlyAddon();
  const loaded = natives();
  return loaded.length === 1 ? addon(loaded[0]) : null;
}

/** The methods of JavaScript's own data (arrays, strings, buffers, objects): a call of one is V8's work on data, not an addon's. */
const DATA_METHODS = new Set([Array.prototype, String.prototype, Object.prototype, Buffer.prototype, Uint8Array.prototype,
  Object.getPrototypeOf(Uint8Array.prototype)].flatMap((proto) => Object.getOwnPropertyNames(proto)));

/** A frame of compiled WebAssembly (`wasm://wasm/0027da66`): a package's machine code, owned by the JavaScript that called it. @param {Frame} f */
const isWasm = (f) => f.url.startsWith('wasm://');
