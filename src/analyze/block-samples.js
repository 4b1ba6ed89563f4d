// The CPU-profile samples that fall inside a block, each with the time it stands for inside the
// block (sample-spans.js: a gap the profiler could not sample goes to the sample that ends it),
// its frames (source-mapped) and the source line its innermost frame was running.

import { framesOf } from './profiles.js';
import { sampleSpans } from './sample-spans.js';
import { toPath } from './frames.js';
import { functionEnd, MINIFIED_LINE } from '../sources/js-scan.js';
import { namedRegexRuns, runsUnnamedRegex, buildsRegex, LITERAL_BODY } from '../sources/regex-names.js';
import { backtrackingFirst } from './regex-linear.js';
import { runsTableRegex, passedTableRegex } from '../sources/regex-table.js';
import { isGenerated } from './generated-code.js';

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./frames.js').FrameMapper} FrameMapper
 * @typedef {import('./known-calls.js').SourceLine} SourceLine
 * @typedef {{t: number, weightMs: number, frames: Frame[], line: SourceLine | null, vm?: true}} BlockSample
 *   `vm`: V8 ran with no JavaScript on the stack ('(program)': its own builtins, such as the microtask
 *   runner between two continuations, or Node's C++ between two callbacks)
 */

/** A frame with source code of its own (the app's, or a package's). @param {Frame | undefined} f */
export const hasSource = (f) => f !== undefined && (f.kind === 'app' || f.kind === 'node_modules');

const IDLE = '(idle)';
const VM = '(program)';
// the profile's clock and the heartbeat's agree to well under this (ms)
const END_SLACK_MS = 1;
const MAX_LINE = 400;
// on a minified line (js-scan.js MINIFIED_LINE) what it calls is anywhere on it, so its text is read only
// where the sampler says the line was running (a column)

/**
 * What of a source line's text tells the call it was running: the line, or on a minified line the
 * part from the column the sampler gave (V8's own line ticks give none: nothing is read).
 * @param {string} text @param {number | undefined} column 1-based
 */
export function runningText(text, column) {
  if (text.length <= MINIFIED_LINE) return text;
  if (!column) return '';
  // a method call's column is its name's (`exec` of `/^data:.../.exec(s)`): its receiver, a regex
  // literal or a name, is read with it
  const receiver = RECEIVER_BEFORE.exec(text.slice(Math.max(0, column - 1 - RECEIVER_SPAN), column - 1))?.[0] ?? '';
  return receiver + text.slice(column - 1, column - 1 + MAX_LINE);
}

const RECEIVER_SPAN = 300;
const RECEIVER_BEFORE = new RegExp(String.raw`(?:\/${LITERAL_BODY}\/[dgimsuvy]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\.\s*$`);

// a line that ends opening a call of a string's or a regex's method that takes a regex
const OPENS_REGEX_CALL = /\.\s*(?:replace|replaceAll|match|matchAll|search|split|test|exec)\s*\(\s*$/;
const CONTINUATION_LINES = 4;

/**
 * The running line with the arguments of the regex call it opens at its end, from the lines after it
 * (prettier's `authorization.replace(` / `/ .*$/,` / `" [REDACTED]"` / `)`): V8 puts the call's time on the
 * line of the call, and the regex it runs is on the next.
 * @param {string} text @param {string[] | null | undefined} code codeOnly lines @param {string[] | null | undefined} raw
 * @param {number} line 1-based
 */
function regexArguments(text, code, raw, line) {
  const first = code?.[line - 1];
  if (!first || !raw || first.length > MINIFIED_LINE || !OPENS_REGEX_CALL.test(first)) return text;
  const depthOf = (/** @type {string} */ l) => [...l].reduce((d, c) => d + (c === '(' ? 1 : c === ')' ? -1 : 0), 0);
  let depth = depthOf(first);
  let out = text;
  for (let l = line; l < raw.length && l < line + CONTINUATION_LINES && depth > 0; l++) {
    out += ` ${raw[l].trim()}`;
    depth += depthOf(code?.[l] ?? '');
  }
  return out;
}

// a witnessed line stands for a bundle's function when this share of its witnesses ran there, this many at least
const WITNESSED_SHARE = 0.6;
const WITNESSED_MIN = 3;
// how far before its parameters a function's declaration may begin (`async function name`, `static async name`)
const DECLARATION_SPAN = 120;

/**
 * A function of a generated file, the same in a profile and in its witnesses: its file, line and name (a
 * witness's column is where its declaration begins, the profile's where its parameters do: witnessedLine
 * tells two functions of one name on one line apart by it).
 * @param {import('./profiles.js').CallFrame} cf
 */
const functionKey = (cf) => `${toPath(cf.url)}:${cf.lineNumber}:${cf.functionName}`;

export class BlockSampler {
  /**
   * @param {import('./profiles.js').TimedProfile[]} profiles @param {FrameMapper} mapper
   * @param {import('../sources/app-sources.js').AppSources} sources the app's files
   */
  constructor(profiles, mapper, sources) {
    this.profiles = profiles;
    this.sources = sources;
    this.mapper = mapper;
    /** @type {Map<string, Frame[]>} */
    this.stacks = new Map();
    /** @type {Map<string, SourceLine | null>} */
    this.lines = new Map();
    /** @type {Map<import('./profiles.js').TimedProfile, {from: Float64Array, to: Float64Array}>} */
    this.spans = new Map();
    /** @type {Map<string, {column: number, counts: Map<string, number>}[]> | undefined} witnessIndex() */
    this.witnessed = undefined;
  }

  /**
   * Samples of [start, end] (epoch ms). The continuous profile sampled the whole block; the
   * watchdog's captures are the fallback (profile off, or a block that never ended). V8's samples
   * with no JavaScript are kept, marked `vm`; a profile that has only those sampled no code of the block.
   * @param {number} start @param {number} end
   * @param {boolean} [ended] the block ended at `end` (the heartbeat that ran then measured it): a
   *   sample taken after it ran the heartbeat or what came next, and stands for none of the block's
   *   time, even when it ends a gap the profiler could not sample (a crowded machine's)
   * @returns {BlockSample[]}
   */
  samplesIn(start, end, ended = false) {
    for (const kind of ['continuous', 'block']) {
      /** @type {BlockSample[]} */
      const found = [];
      this.profiles.forEach((p, index) => {
        if (p.kind !== kind || p.endEpochMs < start || p.startEpochMs > end) return;
        const spans = this.spansOf(p);
        for (let i = Math.max(0, lowerBound(p.times, start) - 1); i < p.times.length && spans.from[i] < end; i++) {
          if (ended && p.times[i] > end + END_SLACK_MS) break;
          const weightMs = Math.min(end, spans.to[i]) - Math.max(start, spans.from[i]);
          if (!(weightMs > 0) && !(p.times[i] >= start && p.times[i] <= end)) continue;
          const frames = this.framesAt(p, index, p.leaves[i]);
          const alone = frames.length === 1 ? frames[0].functionName : null;
          if (alone === IDLE) continue;
          if (alone === VM) found.push({ t: p.times[i], weightMs: Math.max(0, weightMs), frames, line: null, vm: true });
          else found.push({ t: p.times[i], weightMs: Math.max(0, weightMs), frames, line: this.lineAt(p, index, p.leaves[i], frames) });
        }
      });
      if (found.some((s) => !s.vm)) return found;
    }
    return [];
  }

  /**
   * The stacks the app's thread gave in [start, end] (epoch ms) while a capture ran (profiles of kind
   * `witness`): whole where the profiler missed frames (inlined-callee.js). Not samples of the block's time.
   * @param {number} start @param {number} end @returns {BlockSample[]}
   */
  witnessesIn(start, end) {
    /** @type {BlockSample[]} */
    const found = [];
    this.profiles.forEach((p, index) => {
      if (p.kind !== 'witness') return;
      p.times.forEach((t, i) => {
        if (t < start || t > end) return;
        const frames = this.framesAt(p, index, p.leaves[i]);
        if (frames.length && frames[0].functionName !== IDLE) found.push({ t, weightMs: 0, frames, line: this.lineAt(p, index, p.leaves[i], frames) });
      });
    });
    return found;
  }

  /** The sampling interval (ms) of the profiles over [start, end]: the longest. @param {number} start @param {number} end */
  intervalMs(start, end) {
    let ms = 0;
    for (const p of this.profiles) if (p.kind !== 'witness' && p.endEpochMs >= start && p.startEpochMs <= end) ms = Math.max(ms, p.intervalUs / 1000);
    return ms || 1;
  }

  /** @param {import('./profiles.js').TimedProfile} p */
  spansOf(p) {
    let spans = this.spans.get(p);
    if (!spans) {
      spans = sampleSpans(p.times, p.intervalUs / 1000, p.endEpochMs);
      this.spans.set(p, spans);
    }
    return spans;
  }

  /** @param {import('./profiles.js').TimedProfile} p @param {number} index @param {number} leaf */
  framesAt(p, index, leaf) {
    const key = `${index}:${leaf}`;
    let frames = this.stacks.get(key);
    if (!frames) {
      frames = framesOf(p, leaf).map((cf) => this.mapper.map(cf));
      this.stacks.set(key, frames);
    }
    return frames;
  }

  /**
   * The source line the innermost frame with a source was running most (the profile's line
   * ticks), mapped to the original source, with its text. That frame is the leaf, or, under a
   * native leaf (a C++ function an app or package called, such as an addon's method), its caller:
   * V8 counts a native function's ticks at the line that called it. Null when no frame has a
   * source. A generated line that stands for several original ones (a loader that compiles a
   * file to one line) gives the first of them, marked `ambiguous` with the others as candidates.
   * @param {import('./profiles.js').TimedProfile} p @param {number} index @param {number} leaf @param {Frame[]} frames
   * @returns {SourceLine | null}
   */
  lineAt(p, index, leaf, frames) {
    const key = `${index}:${leaf}`;
    if (this.lines.has(key)) return this.lines.get(key) ?? null;
    /** @type {SourceLine | null} */
    let found = null;
    const node = /** @type {any} */ (p.byId.get(leaf));
    const nativeLeaf = frames[0]?.kind === 'native' && !frames[0].functionName.startsWith('(') && !isGenerated(frames[0]) && hasSource(frames[1]);
    const frameIndex = hasSource(frames[0]) ? 0 : nativeLeaf ? 1 : -1;
    const host = frameIndex === 1 ? /** @type {any} */ (p.byId.get(/** @type {number} */ (p.parentOf.get(leaf)))) : node;
    const ticks = /** @type {{line: number, ticks: number, column?: number}[]} */ (node?.positionTicks ?? []);
    if (frameIndex >= 0 && host && ticks.length) {
      const hot = ticks.reduce((a, b) => (b.ticks > a.ticks ? b : a));
      const frame = frames[frameIndex];
      const file = frame.url;
      // the frame's own file: the original source, or the one a package ships when its map names another
      const lines = this.mapper.shipped.has(frame) ? [hot.line] : this.originalLines(host.callFrame, hot.line, hot.column);
      // several original lines: only those of the running function (a one-line file holds them all)
      const code = lines.length > 1 ? this.sources.codeLines(file) : null;
      const last = code ? functionEnd(code, frame.line - 1, Math.max(0, frame.column - 1)) + 1 : Infinity;
      let running = lines.length > 1 ? lines.filter((l) => l >= frame.line && l <= last) : lines;
      // still several: the one the stack sampler's witnesses, which know the column, saw this function run on
      if (running.length > 1) running = this.witnessedLine(host.callFrame, file, running) ?? running;
      /** @type {SourceLine[]} */
      const candidates = [];
      for (const line of running) {
        const whole = this.sources.lines(file)?.[line - 1];
        if (whole === undefined) continue;
        // V8's line ticks have no column: on a minified line, the one the witnesses saw the function run at
        const column = line !== hot.line ? undefined : hot.column ?? (whole.length > MINIFIED_LINE ? this.witnessedColumn(host.callFrame, line) ?? undefined : undefined);
        const text = regexArguments(runningText(whole, column), this.sources.codeLines(file), this.sources.lines(file), line);
        const regex = buildsRegex(text) ? null : backtrackingFirst(namedRegexRuns(text, this.sources.regexNames(file)));
        const unnamed = regex === null && runsUnnamedRegex(text);
        const table = (unnamed || regex === '') && (runsTableRegex(code ?? this.sources.codeLines(file) ?? [], line) || this.passedTable(frames, frameIndex, line));
        candidates.push({ line, text: text.slice(0, MAX_LINE), frameIndex, ...(regex !== null ? { regex } : {}), ...(unnamed ? { regexRun: true } : {}), ...(table ? { regexTable: true } : {}) });
      }
      found = candidates[0] ?? null;
      if (found && candidates.length > 1) found = { ...found, ambiguous: candidates.slice(1).map((c) => c.line) };
    }
    this.lines.set(key, found);
    return found;
  }

  /**
   * Of the original lines a generated line stands for (a minified bundle's function on one line: V8's line
   * ticks have no column), the one the witnesses of a production capture (agent/stack-sampler.cjs: stacks
   * the app's thread gave, with columns) saw the same function run on most: WITNESSED_SHARE of its ticks
   * there, WITNESSED_MIN at least. hosted-git-info's `fromUrl` in an esbuild bundle: 48 of 49 witnesses
   * on its line 44, `url.match(new RegExp(...))`, where the profile had only lines 38 to 97.
   * @param {import('./profiles.js').CallFrame} cf @param {string} file the original source @param {number[]} lines
   * @returns {[number] | null}
   */
  witnessedLine(cf, file, lines) {
    this.witnessed ??= this.witnessIndex();
    let best = 0;
    let most = 0;
    let total = 0;
    for (const w of this.witnessed.get(functionKey(cf)) ?? []) {
      // the witness's function begins where its declaration does, the profile's at its parameters: a little before
      if (w.column > cf.columnNumber || w.column < cf.columnNumber - DECLARATION_SPAN) continue;
      for (const line of lines) {
        const n = w.counts.get(`${file}\0${line}`) ?? 0;
        total += n;
        if (n > most) [best, most] = [line, n];
      }
    }
    return total >= WITNESSED_MIN && most >= WITNESSED_SHARE * total ? [best] : null;
  }

  /**
   * The column of a minified line (generated, 1-based) the witnesses saw the same function run at most:
   * WITNESSED_SHARE of its witnesses on that line, WITNESSED_MIN at least; null otherwise.
   * @param {import('./profiles.js').CallFrame} cf @param {number} line
   */
  witnessedColumn(cf, line) {
    /** @type {Map<number, number>} */
    const columns = new Map();
    let total = 0;
    for (const p of this.profiles) {
      if (p.kind !== 'witness') continue;
      for (const node of p.profile.nodes) {
        const w = node.callFrame;
        if (functionKey(w) !== functionKey(cf) || w.columnNumber > cf.columnNumber || w.columnNumber < cf.columnNumber - DECLARATION_SPAN) continue;
        for (const t of /** @type {{line: number, ticks: number, column?: number}[]} */ (/** @type {any} */ (node).positionTicks ?? [])) {
          if (t.line !== line || !t.column) continue;
          columns.set(t.column, (columns.get(t.column) ?? 0) + t.ticks);
          total += t.ticks;
        }
      }
    }
    const [column, most] = [...columns].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
    return total >= WITNESSED_MIN && most >= WITNESSED_SHARE * total ? column : null;
  }

  /**
   * Per function of a generated file (functionKey), each witnessed function's start column and the original
   * lines (by source file) its witnesses ran on, with their ticks.
   * @returns {Map<string, {column: number, counts: Map<string, number>}[]>}
   */
  witnessIndex() {
    /** @type {Map<string, {column: number, counts: Map<string, number>}[]>} */
    const index = new Map();
    for (const p of this.profiles) {
      if (p.kind !== 'witness') continue;
      for (const node of p.profile.nodes) {
        const ticks = /** @type {{line: number, ticks: number, column?: number}[]} */ (/** @type {any} */ (node).positionTicks ?? []);
        const cf = node.callFrame;
        for (const t of ticks) {
          if (!t.column) continue;
          const at = this.mapper.maps.lookup(toPath(cf.url), t.line - 1, t.column - 1);
          if (!at) continue;
          const all = index.get(functionKey(cf)) ?? [];
          let entry = all.find((e) => e.column === cf.columnNumber);
          if (!entry) all.push(entry = { column: cf.columnNumber, counts: new Map() });
          const key = `${at.file}\0${at.line + 1}`;
          entry.counts.set(key, (entry.counts.get(key) ?? 0) + t.ticks);
          index.set(functionKey(cf), all);
        }
      }
    }
    return index;
  }

  /**
   * Whether the line (of frames[at]'s function) runs a regex the function was handed by its caller, the next
   * frame with a source, from a table in a loop (regex-table.js passedTableRegex).
   * @param {Frame[]} frames @param {number} at @param {number} line 1-based, original
   */
  passedTable(frames, at, line) {
    const callee = frames[at];
    const caller = frames.slice(at + 1).find(hasSource);
    if (!caller) return false;
    const code = this.sources.codeLines(callee.url);
    const callerCode = caller.url === callee.url ? code : this.sources.codeLines(caller.url);
    return !!code && !!callerCode && passedTableRegex(code, line, callee, callerCode, caller);
  }

  /**
   * The original lines (1-based) a generated line of a frame's function stands for: itself
   * without a source map, one line for most maps, several for a loader that compiles to one line.
   * Where on the line is known (the stack sampler's ticks): the one original line there.
   * @param {import('./profiles.js').CallFrame} cf @param {number} line 1-based, generated @param {number} [column] 1-based
   */
  originalLines(cf, line, column) {
    if (column) {
      const at = this.mapper.maps.lookup(toPath(cf.url), line - 1, column - 1);
      if (at) return [at.line + 1];
    }
    const from = cf.lineNumber === line - 1 ? cf.columnNumber : 0;
    const lines = this.mapper.maps.linesFrom(toPath(cf.url), line - 1, from);
    return lines === null ? [line] : lines.map((l) => l + 1);
  }
}

/** @param {Float64Array} times @param {number} t */
function lowerBound(times, t) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
