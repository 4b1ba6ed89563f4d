// Source maps of the app's files (TypeScript output, bundles): the `sourceMappingURL` comment at
// the end of a file, inline (data: URL) or beside it, read once per file with node:module's parser;
// or the map a loader such as tsx registered in memory, which the agent sent with the profile.

import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { segmentsOnLine } from './mapping-lines.js';

const COMMENT = /\/\/[#@]\s*sourceMappingURL=(\S+)\s*$/;

export class SourceMaps {
  constructor() {
    /** @type {Map<string, {map: SourceMap, dir: string, mappings: string} | null>} */
    this.byFile = new Map();
    /** @type {Map<string, boolean>} */
    this.present = new Map();
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
    const original = source.startsWith('file://') ? fileURLToPath(source) : path.resolve(entry.dir, source);
    return { file: original, line: found.originalLine, column: found.originalColumn };
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
    const segments = segmentsOnLine(entry.mappings, line);
    const first = segments.find((s) => s.column >= column);
    if (!first) return [];
    return [...new Set(segments.filter((s) => s.column >= column && s.source === first.source).map((s) => s.line))];
  }

  /**
   * A map Node held in memory for a file (compiled by a loader at load time): it wins over the disk.
   * @param {string} file @param {any} payload
   */
  add(file, payload) {
    try {
      this.byFile.set(file, { map: new SourceMap(payload), dir: path.dirname(file), mappings: String(payload.mappings ?? '') });
    } catch {
      // a map we cannot read: generated positions stay
    }
  }

  /** @param {string} file */
  load(file) {
    if (this.byFile.has(file)) return this.byFile.get(file) ?? null;
    let entry = null;
    try {
      entry = readMap(file);
    } catch {
      entry = null; // no map, or one we cannot read: generated positions stay
    }
    this.byFile.set(file, entry);
    return entry;
  }
}

/** @param {string} file */
function readMap(file) {
  if (!path.isAbsolute(file)) return null;
  const text = fs.readFileSync(file, 'utf8');
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
  return { map: new SourceMap(payload), dir: base, mappings: String(payload.mappings ?? '') };
}
