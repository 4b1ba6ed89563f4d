// Call frames for people: 1-based positions, a file path instead of a file:// URL, the original
// source through the app's source maps, and what kind of code each frame is.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMaps } from '../sources/source-maps.js';
import { frameKind, AGENT_DIR } from './frame-kind.js';
import { packageDir } from '../sources/app-sources.js';

export { AGENT_DIR };

/**
 * @typedef {import('./frame-kind.js').FrameKind} FrameKind
 * @typedef {{functionName: string, url: string, line: number, column: number, kind: FrameKind}} Frame
 */

/** @param {string} url @param {string} functionName @returns {FrameKind} */
export function kindOf(url, functionName) {
  return frameKind({ url, functionName });
}

/** A file path for a file:// URL (others unchanged). @param {string} url */
export function toPath(url) {
  if (!url.startsWith('file://')) return url;
  try {
    return fileURLToPath(url);
  } catch {
    return url;
  }
}

export class FrameMapper {
  /**
   * @param {Record<string, object>[]} [inMemory] maps the agent read from Node, by url
   * @param {import('../sources/app-sources.js').AppSources} [sources] given the sources the maps carry, for files not on disk
   */
  constructor(inMemory = [], sources) {
    this.maps = new SourceMaps(sources ? (file, text) => sources.embed(file, text) : undefined);
    this.sources = sources;
    for (const maps of inMemory) for (const [url, payload] of Object.entries(maps)) this.maps.add(toPath(url), payload);
    /** @type {Map<string, Frame>} */
    this.cache = new Map();
    /** @type {WeakSet<Frame>} a package's frames left in the file it ships, though a source map names another */
    this.shipped = new WeakSet();
    /** @type {Set<string>} */
    this.mapped = new Set();
  }

  /**
   * @param {import('./profiles.js').CallFrame} cf a profile's frame: its position is the function's start; or, with
   *   `at: 'call'`, a stack trace's, a position inside the function, whose name is then taken as given
   * @param {{at?: 'start' | 'call'}} [o]
   * @returns {Frame}
   */
  map(cf, o = {}) {
    const call = o.at === 'call';
    const key = `${cf.url}\0${cf.functionName}\0${cf.lineNumber}\0${cf.columnNumber}${call ? '\0call' : ''}`;
    let frame = this.cache.get(key);
    if (frame) return frame;
    const file = toPath(cf.url);
    const functionName = cf.functionName || '(anonymous)';
    frame = { functionName, url: file, line: cf.lineNumber + 1, column: cf.columnNumber + 1, kind: kindOf(file, cf.functionName) };
    if (frame.kind === 'app' || frame.kind === 'node_modules') {
      const original = this.maps.lookup(file, cf.lineNumber, cf.columnNumber);
      // a package's map may point at sources it does not ship (typeorm's ../../src/*.ts, outside
      // its folder): its code stays the package's, as shipped, rather than pass for another's
      const kind = original ? kindOf(original.file, cf.functionName) : frame.kind;
      const own = frame.kind === 'node_modules' ? packageDir(file) : null;
      // ...and one that does not ship the sources its map names (path-to-regexp's src/index.ts,
      // underscore's): its lines are read, and opened by a person, in the file it ships
      if (original && !(own && (!original.file.startsWith(own + path.sep) || !this.maps.onDisk(original.file)))) {
        const named = call ? null : this.maps.nameOf(file, cf.lineNumber, cf.columnNumber, cf.functionName);
        frame = named
          ? { ...frame, functionName: named, url: original.file, line: original.line + 1, column: original.column + 1, kind: kindOf(original.file, named) }
          : { ...frame, url: original.file, line: original.line + 1, column: original.column + 1, kind };
      } else if (original) {
        this.shipped.add(frame);
      } else if (frame.kind === 'app') {
        // a bundle built without a map: its packages' code is told apart by the modules it marks
        const bundled = this.maps.bundledAt(file, cf.lineNumber);
        if (bundled) {
          frame = { ...frame, url: bundled, kind: kindOf(bundled, cf.functionName) };
          this.sources?.alias(bundled, file);
        }
      }
    }
    this.cache.set(key, frame);
    if (frame.kind === 'app' && frame.url !== file) this.mapped.add(frame.url);
    return frame;
  }

  /** The app's files its frames were mapped to through source maps so far (a bundle's or a compiler's sources). */
  mappedAppFiles() {
    return [...this.mapped];
  }
}

/** "src/app.js:12" relative to cwd when inside it. @param {{url: string, line: number}} frame @param {string} cwd */
export function siteOf(frame, cwd) {
  if (!frame.url) return '(native)';
  const rel = path.isAbsolute(frame.url) ? path.relative(cwd, frame.url) : frame.url;
  const shown = rel && !rel.startsWith('..') ? rel : frame.url;
  return `${shown}:${frame.line}`;
}
