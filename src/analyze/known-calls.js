// Known blocking calls: the table that turns "the loop was held at app.js:12" into the call that
// held it and the fix for it. One row per call family; add a row here and every output has it.
//
// How each family shows in a V8 CPU profile (checked on Node 20, 22 and 24, see docs/advice.md):
// - Node's *Sync APIs run in C++ under JavaScript frames of Node's own modules: fs.readFileSync is
//   `read` < readSync < tryReadSync < readFileSync (url node:fs); zlib.gzipSync is `writeSync` <
//   processChunkSync < zlibBufferSync < syncBufferWrapper (node:zlib: the API's own name is not on
//   the stack); crypto.pbkdf2Sync is `run` < pbkdf2Sync (node:internal/crypto/pbkdf2); execSync is
//   `spawn` < spawnSync < execSync (node:child_process). The frame nearest the app is the API called.
// - JSON.parse and JSON.stringify leave NO frame: V8 runs them in C++ and the time is the calling
//   function's own. The profile's line ticks say which line of that function was running, and that
//   line's source says JSON.parse.
// - A regular expression compiled to native code is a frame named `RegExp: <pattern>`; one still
//   interpreted (its first runs) is, like JSON, the caller's own time at the line that runs it. So is
//   one compiled before the profiler started (a capture that begins inside a block): no code event
//   named it, and the line runs it by a name (EMAIL.test(s)) the file declares as a regex.
// - A package's own work is its frames: no row here names a package; who owns the time, and
//   the fix for a package's call, are decided for any package (time-owners.js, remedies.js).

import { LITERAL_BODY, buildsRegex } from '../sources/regex-names.js';
import { codeOnly } from '../sources/js-scan.js';
import { backtrackingFirst } from './regex-linear.js';

/**
 * @typedef {{functionName: string, url: string, line: number, kind?: string}} StackFrame
 * @typedef {'regex' | 'json' | 'fs-sync' | 'zlib-sync' | 'crypto-sync' | 'child-process-sync' | 'sync-wait' | 'sync-library'} CallKind
 * @typedef {{id: string, kind: CallKind, name: string, frame: {functionName: string, url: string, line: number}, pattern?: string}} KnownCall
 * @typedef {{frame: StackFrame, index: number, name: string, pattern?: string}} RowMatch
 * @typedef {object} Row
 * @property {string} id
 * @property {CallKind} kind
 * @property {string} how how the row recognises the call (for docs/advice.md)
 * @property {(frames: StackFrame[], line: SourceLine | null) => RowMatch | null} match
 * @property {(call: KnownCall) => string} fix what to do instead
 * @typedef {{line: number, text: string, frameIndex?: number, ambiguous?: number[], regex?: string, regexRun?: true, regexTable?: true}} SourceLine the source line
 *   the innermost frame with a source was running: frameIndex 0 (the leaf) or 1 (the caller of a
 *   native leaf); ambiguous: the other original lines the same generated line stands for; regex: the
 *   pattern of a regex the line runs by a name its file declares (src/sources/regex-names.js); regexRun:
 *   the line runs a regex it does not name (a table's, one built at run time); regexTable: the regex the
 *   line runs (unnamed, or built at run time: regex '') changes with the loop around the line, or with the
 *   caller's loop that hands it in, one pattern after the other (src/sources/regex-table.js)
 */

/**
 * The API the app called in a Node module: among the runs of consecutive frames of the module,
 * the innermost run (the call in progress), and of it the outermost frame (the entry point the
 * caller used). It matches when that entry passes `test`: crypto.randomBytes reaches
 * randomFillSync inside, but the app called randomBytes.
 * @param {StackFrame[]} frames @param {(f: StackFrame) => boolean} inModule @param {(f: StackFrame) => boolean} test
 */
function moduleEntry(frames, inModule, test) {
  const first = frames.findIndex(inModule);
  if (first < 0) return null;
  let i = first;
  while (i + 1 < frames.length && inModule(frames[i + 1])) i++;
  return test(frames[i]) ? { frame: frames[i], index: i } : null;
}

/**
 * A row's match for a Node module's *Sync API: node:<module> (or its internals) entered through a
 * function whose name ends in Sync, named "<module>.<function>".
 * @param {string} module @returns {Row['match']}
 */
function syncApiOf(module) {
  const inModule = (/** @type {StackFrame} */ f) => f.url === `node:${module}` || f.url.startsWith(`node:internal/${module}/`);
  return (frames) => {
    const m = moduleEntry(frames, inModule, (f) => /Sync$/.test(f.functionName));
    return m && { ...m, name: `${module}.${m.frame.functionName}` };
  };
}

/** @param {string} name */
const base = (name) => name.replace(/Sync$/, '');

/**
 * The line is the leaf frame's own and the only one its ticks can stand for: what a builtin with
 * no frame of its own (JSON, an interpreted regex) is recognised by. A line that stands for
 * several (a loader that compiles to one line) names no call: it cannot say which of them ran.
 * @param {SourceLine | null} line @returns {line is SourceLine}
 */
export const ranAtLeaf = (line) => line !== null && (line.frameIndex ?? 0) === 0 && !line.ambiguous?.length;

// A regex literal on a line, and a sign that the line runs one.
const REGEX_LITERALS = new RegExp(String.raw`(?:^|[=(,:!&|?;{}[\s])\/(${LITERAL_BODY})\/([dgimsuvy]*)`, 'g');
const ATOMICS_WAIT = /(?<![\w$.])Atomics\s*\.\s*wait\s*\(/;
const RUNS_REGEX = /\.(?:test|exec|match|matchAll|replace|replaceAll|search|split)\s*\(/;
const JSON_CALL = /\bJSON\.(parse|stringify)\s*\(/;
// Nested quantifiers, e.g. (a+)+ or (\w*)*: the shape that backtracks exponentially.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*](?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,\d*\})/;

/** @type {Row[]} */
export const KNOWN_CALLS = [
  {
    id: 'regex', kind: 'regex',
    how: 'a frame named `RegExp: <pattern>` (native code of a compiled regular expression), or the running line of the innermost frame runs a regex literal, or a regex its file declares under a name (EMAIL.test(s): an interpreted one, or one compiled before a capture started)',
    match(frames, line) {
      const i = frames.findIndex((f) => f.functionName.startsWith('RegExp: '));
      if (i >= 0) return { frame: frames[i], index: i, name: 'RegExp', pattern: frames[i].functionName.slice('RegExp: '.length) };
      const top = frames[0];
      if (!ranAtLeaf(line) || !top || !top.url || !RUNS_REGEX.test(line.text) || JSON_CALL.test(line.text)) return null;
      // a literal on a line that builds a regex escapes the pattern's text: the building is the time (buildsRegex)
      // of several literals, the one that can backtrack (regex-linear.js)
      const literals = buildsRegex(line.text) ? [] : [...line.text.matchAll(REGEX_LITERALS)].map((m) => m[1]);
      const pattern = literals.length ? /** @type {string} */ (backtrackingFirst(literals)) : line.regex;
      return pattern !== undefined ? { frame: { ...top, line: line.line }, index: 0, name: 'RegExp', pattern } : null;
    },
    fix(call) {
      const nested = call.pattern !== undefined && NESTED_QUANTIFIER.test(call.pattern);
      return `${nested ? 'catastrophic backtracking: its nested quantifiers try every way to split the input before a match fails, doubling the time with each character; ' : 'backtracking on a long input; '}`
        + 'rewrite it without nested or overlapping quantifiers (e.g. (a+)+$ matches what a+$ matches), bound the input length, or use a linear-time engine (the re2 package)';
    },
  },
  {
    id: 'json', kind: 'json',
    how: 'the running line of the innermost frame calls JSON.parse or JSON.stringify (V8 runs them in C++: no frame of their own)',
    match(frames, line) {
      const top = frames[0];
      if (!ranAtLeaf(line) || !top || !top.url) return null;
      const m = JSON_CALL.exec(line.text);
      return m ? { frame: { ...top, line: line.line }, index: 0, name: `JSON.${m[1]}` } : null;
    },
    fix(call) {
      return `takes time in proportion to the payload, all of it on the loop, and the objects it makes keep the garbage collector busy: send and parse less (paginate, select fields), stream it (a streaming JSON parser or serializer), or ${call.name === 'JSON.parse' ? 'parse' : 'serialize'} it in a worker thread`;
    },
  },
  {
    id: 'fs-sync', kind: 'fs-sync',
    how: 'the node:fs function the app called ends in Sync (readFileSync, writeFileSync, statSync...)',
    match: syncApiOf('fs'),
    fix(call) {
      const fn = base(call.name.slice('fs.'.length));
      const stream = fn === 'readFile' ? ' or a stream (fs.createReadStream piped to where the data goes)' : fn === 'writeFile' || fn === 'appendFile' ? ' or a stream (fs.createWriteStream)' : '';
      return `the sync call waits for the disk on the loop: use fs.promises.${fn}${stream}; the disk work then runs on libuv's thread pool while the loop serves others`;
    },
  },
  {
    id: 'zlib-sync', kind: 'zlib-sync',
    how: 'the node:zlib function the app called is its sync wrapper (syncBufferWrapper): gzipSync, deflateSync, brotliCompressSync... are all that function',
    match(frames) {
      const m = moduleEntry(frames, (f) => f.url === 'node:zlib', (f) => /Sync$/.test(f.functionName) || f.functionName === 'syncBufferWrapper');
      return m && { ...m, name: 'zlib.*Sync' };
    },
    fix() {
      return 'compresses on the loop: use the callback or promise form (zlib.gzip, zlib.deflate, zlib.brotliCompress: the work runs on libuv\'s thread pool) or a stream (zlib.createGzip() with stream.pipeline)';
    },
  },
  {
    id: 'crypto-sync', kind: 'crypto-sync',
    how: 'the node:crypto function the app called ends in Sync (pbkdf2Sync, scryptSync, generateKeyPairSync, randomFillSync, hkdfSync...)',
    match: syncApiOf('crypto'),
    fix(call) {
      const fn = base(call.name.slice('crypto.'.length));
      return `use the async crypto.${fn} (callback, or util.promisify(crypto.${fn})): it runs on libuv's thread pool while the loop serves others`;
    },
  },
  {
    id: 'child-process-sync', kind: 'child-process-sync',
    how: 'the node:child_process function the app called is execSync, execFileSync or spawnSync',
    match(frames) {
      const m = moduleEntry(frames, (f) => f.url === 'node:child_process' || f.url === 'node:internal/child_process', (f) => /^(execSync|execFileSync|spawnSync)$/.test(f.functionName));
      return m && { ...m, name: `child_process.${m.frame.functionName}` };
    },
    fix(call) {
      const fn = call.name === 'child_process.execSync' ? 'execFile (or exec)' : call.name === 'child_process.execFileSync' ? 'execFile' : 'spawn';
      return `the loop waits for the whole child process: use child_process.${fn}, which lets the loop serve others while the child runs`;
    },
  },
  {
    id: 'sync-wait', kind: 'sync-wait',
    how: 'the running line of the innermost frame calls Atomics.wait: a synchronous call that sleeps until another thread or process answers (esbuild\'s transformSync, a synckit function); V8 gives the wait no frame, so the line is the caller\'s',
    match(frames, line) {
      const top = frames[0];
      if (!ranAtLeaf(line) || !top || !top.url) return null;
      // not inside a string or a comment: esbuild's next line throws "Atomics.wait() failed"
      return ATOMICS_WAIT.test(codeOnly([line.text])[0] ?? '') ? { frame: { ...top, line: line.line }, index: 0, name: 'Atomics.wait' } : null;
    },
    fix() {
      return 'the loop sleeps until another thread or process finishes the work: call the async form, which awaits the same work while the loop serves others';
    },
  },
];

/**
 * The known blocking call a stack is in, if any.
 * @param {StackFrame[]} frames innermost first
 * @param {SourceLine | null} [line] the line the innermost frame was running (JSON and interpreted regexes)
 * @returns {KnownCall | null}
 */
export function matchKnownCall(frames, line = null) {
  for (const row of KNOWN_CALLS) {
    const m = row.match(frames, line);
    if (!m) continue;
    /** @type {KnownCall} */
    const call = { id: row.id, kind: row.kind, name: m.name, frame: { functionName: m.frame.functionName, url: m.frame.url, line: m.frame.line } };
    if (m.pattern !== undefined) call.pattern = m.pattern;
    return call;
  }
  return null;
}

/**
 * What to do instead of a known call.
 * @param {KnownCall} call
 */
export function callFix(call) {
  const row = KNOWN_CALLS.find((r) => r.id === call.id);
  return row ? row.fix(call) : 'move it off the loop: its async form, a stream, or a worker thread';
}

/**
 * A known call as people read it: "fs.readFileSync", "RegExp /(a+)+$/", or "-".
 * @param {KnownCall | null | undefined} call
 */
export function callLabel(call) {
  if (!call) return '-';
  return call.pattern !== undefined ? `RegExp /${call.pattern}/` : call.name;
}
