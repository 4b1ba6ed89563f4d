// Source maps of the app's files (TypeScript output, bundles): the `sourceMappingURL` comment at
// the end of a file, inline (data: URL) or beside it, read once per file with node:module's parser;
// or the map a loader such as tsx registered in memory, which the agent sent with the profile.

import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MappingLines } from './mapping-lines.js';
import { bundleRegions, packageModuleAt } from './bundle-regions.js';

const COMMENT = /\/\/[#@]\s*sourceMappingURL=(\S+)\s*$/;
// webpack://<namespace>/<path relative to the build's context>[?<loaders>]
const WEBPACK = /^webpack:\/\/[^/]*\/([^?]*)/;
const CONTEXT_LEVELS = 4;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const IDENTIFIER_CHAR = /[\w$]/;
// how far before a function's start (its parameters) its name is looked for: `async function* name(`
const NAME_WINDOW = 64;

/**
 * @typedef {{map: SourceMap, dir: string, mappings: string, onDisk: boolean, resolved: Map<string, string>, lines?: string[],
 *   byLine?: MappingLines}} MapEntry
 * onDisk: the map is the generated file's, read from it (not a loader's, whose file on disk is the source)
 */

export class SourceMaps {
  /**
   * @param {(file: string, text: string) => void} [onContent] told each original source whose text a
   *   map carries (`sourcesContent`), as its map is read: a bundle shipped without its sources
   */
  constructor(onContent) {
    /** @type {Map<string, MapEntry | null>} */
    this.byFile = new Map();
    /** @type {Map<string, boolean>} */
    this.present = new Map();
    this.onContent = onContent;
    /** @type {Map<string, import('./bundle-regions.js').Region[] | null>} an app's bundle without a map: its modules' lines */
    this.regions = new Map();
  }

  /**
   * Where a line (0-based) of a bundle built without a source map is a package's code: a path for
   * it inside the bundle, `<bundle>/node_modules/<package>/<file>`, whose lines are the bundle's;
   * null otherwise (the app's own code, a file that is not such a bundle).
   * @param {string} file @param {number} line
   */
  bundledAt(file, line) {
    this.load(file);
    const regions = this.regions.get(file);
    const module = regions ? packageModuleAt(regions, line) : null;
    return module ? path.join(file, module) : null;
  }

  /** Whether an original source a map names is on disk (a package may not ship it). @param {string} file */
  onDisk(file) {
    let known = this.present.get(file);
    if (known === undefined) {
      known = fs.existsSync(file);
      this.present.set(file, known);
    }
    return known;
  }

  /**
   * Original position (0-based) of a generated one, or null when the file has no map.
   * @param {string} file @param {number} line @param {number} column
   * @returns {{file: string, line: number, column: number} | null}
   */
  lookup(file, line, column) {
    const entry = this.load(file);
    if (!entry) return null;
    const found = /** @type {any} */ (entry.map.findEntry(line, column));
    if (!found || !found.originalSource) return null;
    const source = String(found.originalSource);
    return { file: resolved(entry, source), line: found.originalLine, column: found.originalColumn };
  }

  /**
   * The name a function had in its source, when a minifier renamed it (yaml's `parse` is `mq` in a
   * minified bundle, express's `Layer.handle_request` is `Ut.handle_request`): V8 gives a function's
   * start as its parameters' position, so each part of the name the profile gives is the identifier
   * written last before that on the generated line (or before the part after it), and the map names
   * exactly that token. Null when the map renames no part.
   * @param {string} file @param {number} line 0-based @param {number} column 0-based @param {string} name the profile's
   */
  nameOf(file, line, column, name) {
    const parts = name.split('.');
    if (!parts.every((p) => IDENTIFIER.test(p))) return null;
    const entry = this.load(file);
    if (!entry?.onDisk) return null;
    entry.lines ??= readLines(file);
    const text = entry.lines[line];
    if (!text) return null;
    let end = column;
    let renamed = false;
    for (let i = parts.length - 1; i >= 0; i--) {
      const at = lastWord(text, parts[i], Math.max(0, end - NAME_WINDOW), end);
      if (at < 0) return null;
      const found = /** @type {any} */ (entry.map.findEntry(line, at));
      const original = found?.generatedLine === line && found.generatedColumn === at ? found.name : undefined;
      if (typeof original === 'string' && IDENTIFIER.test(original) && original !== parts[i]) {
        parts[i] = original;
        renamed = true;
      }
      end = at;
    }
    return renamed ? parts.join('.') : null;
  }

  /**
   * The original lines (0-based) a generated line holds from `column` on, in column order, of the
   * source the segment at `column` maps to; null when the file has no map.
   * @param {string} file @param {number} line @param {number} column
   * @returns {number[] | null}
   */
  linesFrom(file, line, column) {
    const entry = this.load(file);
    if (!entry) return null;
    const segments = (entry.byLine ??= new MappingLines(entry.mappings)).on(line);
    // the first segment at `column` or after it
    let lo = 0;
    let hi = segments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (segments[mid].column < column) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= segments.length) return [];
    const { source } = segments[lo];
    /** @type {Set<number>} */
    const lines = new Set();
    for (let i = lo; i < segments.length; i++) if (segments[i].source === source) lines.add(segments[i].line);
    return [...lines];
  }

  /**
   * A map Node held in memory for a file (compiled by a loader at load time): it wins over the disk.
   * @param {string} file @param {any} payload
   */
  add(file, payload) {
    try {
      const entry = { map: new SourceMap(payload), dir: path.dirname(file), mappings: String(payload.mappings ?? ''), onDisk: false, resolved: new Map() };
      this.byFile.set(file, entry);
      this.tellContents(payload, entry);
    } catch {
      // a map we cannot read: generated positions stay
    }
  }

  /** @param {any} payload @param {MapEntry} entry */
  tellContents(payload, entry) {
    if (!this.onContent || !Array.isArray(payload.sources) || !Array.isArray(payload.sourcesContent)) return;
    payload.sources.forEach((/** @type {unknown} */ source, /** @type {number} */ i) => {
      const text = payload.sourcesContent[i];
      if (typeof source === 'string' && typeof text === 'string') this.onContent?.(resolved(entry, source), text);
    });
  }

  /** @param {string} file */
  load(file) {
    if (this.byFile.has(file)) return this.byFile.get(file) ?? null;
    /** @type {MapEntry | null} */
    let entry = null;
    try {
      const text = path.isAbsolute(file) ? fs.readFileSync(file, 'utf8') : null;
      const read = text === null ? null : readMap(file, text);
      if (read) this.tellContents(read.payload, read.entry);
      entry = read?.entry ?? null;
      // an app's bundle without a map: which package each of its lines is
      if (!read && text !== null && !NODE_MODULES.test(file)) this.regions.set(file, bundleRegions(text));
    } catch {
      entry = null; // no map, or one we cannot read: generated positions stay
    }
    this.byFile.set(file, entry);
    return entry;
  }
}

/** A source's path, resolved once per map. @param {MapEntry} entry @param {string} source as the map names it */
function resolved(entry, source) {
  let file = entry.resolved.get(source);
  if (file === undefined) entry.resolved.set(source, (file = resolveSource(entry.dir, source)));
  return file;
}

/**
 * A source's path. webpack names a module `webpack://<name>/./src/app.js`, relative to the build's
 * context: the project's folder, the map's or one above it (`dist/`); the first where the file is,
 * else the folder above the map's (a bundle shipped without its sources).
 * @param {string} dir the map's base @param {string} source as the map names it
 */
function resolveSource(dir, source) {
  if (source.startsWith('file://')) return fileURLToPath(source);
  const webpack = WEBPACK.exec(source);
  if (!webpack) return path.resolve(dir, source);
  for (let at = dir, i = 0; i < CONTEXT_LEVELS; i++) {
    const file = path.resolve(at, webpack[1]);
    if (fs.existsSync(file)) return file;
    if (path.dirname(at) === at) break;
    at = path.dirname(at);
  }
  return path.resolve(path.dirname(dir), webpack[1]);
}

/** @param {string} file @param {string} text its text @returns {{entry: MapEntry, payload: any} | null} */
function readMap(file, text) {
  const tail = text.slice(-4096).trimEnd().split('\n').pop() ?? '';
  const match = COMMENT.exec(tail);
  if (!match) return null;
  const ref = match[1];
  let payload;
  let base = path.dirname(file);
  if (ref.startsWith('data:')) {
    const comma = ref.indexOf(',');
    const meta = ref.slice(0, comma);
    const body = ref.slice(comma + 1);
    payload = JSON.parse(meta.endsWith(';base64') ? Buffer.from(body, 'base64').toString('utf8') : decodeURIComponent(body));
  } else {
    const mapFile = path.resolve(base, ref);
    payload = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    base = path.dirname(mapFile);
  }
  if (payload.sourceRoot) base = path.resolve(base, payload.sourceRoot);
  return { entry: { map: new SourceMap(payload), dir: base, mappings: String(payload.mappings ?? ''), onDisk: true, resolved: new Map() }, payload };
}

/**
 * Where `word` is written last as a whole identifier in text[from, to), or -1.
 * @param {string} text @param {string} word @param {number} from @param {number} to
 */
function lastWord(text, word, from, to) {
  for (let at = text.lastIndexOf(word, to - word.length); at >= from; at = at > 0 ? text.lastIndexOf(word, at - 1) : -1) {
    const end = at + word.length;
    if (end <= to && !(at > 0 && IDENTIFIER_CHAR.test(text[at - 1])) && !(end < text.length && IDENTIFIER_CHAR.test(text[end]))) return at;
  }
  return -1;
}

/** A generated file's lines, read again only when a name is looked up in it. @param {string} file */
function readLines(file) {
  try {
    return fs.readFileSync(file, 'utf8').split('\n');
  } catch {
    return [];
  }
}
