// Which original lines one generated line of a source map holds, in the order of its columns.
// A loader that compiles to one line (tsx writes each file as a single line) leaves V8's line
// ticks pointing at that line: this says which original lines it stands for. A minified bundle is
// one line of a million and more characters: its "mappings" are read once, not once a lookup.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int8Array(128).fill(0);
for (let i = 0; i < B64.length; i++) VALUE[B64.charCodeAt(i)] = i;
const COMMA = 44;
const SEMICOLON = 59;

/** @typedef {{column: number, source: number, line: number}} Segment */

/**
 * The segments of each generated line, decoded once a line and kept. The "mappings" field's numbers
 * are relative: source and original line carry over across generated lines, so the first lookup
 * walks the field once to note each line's start and the state there.
 */
export class MappingLines {
  /** @param {string} mappings */
  constructor(mappings) {
    this.mappings = mappings;
    /** @type {{starts: number[], sources: number[], lines: number[]} | null} */
    this.index = null;
    /** @type {Map<number, Segment[]>} */
    this.decoded = new Map();
  }

  /**
   * The segments of generated line `line` (0-based) as {column, source, line}: the generated
   * column, the index of the original source and its line (0-based), sorted by generated column.
   * @param {number} line @returns {Segment[]}
   */
  on(line) {
    let segments = this.decoded.get(line);
    if (!segments) {
      const index = (this.index ??= indexLines(this.mappings));
      segments = line < index.starts.length ? decodeLine(this.mappings, index.starts[line], index.sources[line], index.lines[line]).segments : [];
      segments.sort((a, b) => a.column - b.column);
      this.decoded.set(line, segments);
    }
    return segments;
  }
}

/** Each generated line's offset in the field and the source and original line carried into it. @param {string} mappings */
function indexLines(mappings) {
  const starts = [0];
  const sources = [0];
  const lines = [0];
  let at = 0;
  let source = 0;
  let line = 0;
  while (at <= mappings.length) {
    const read = decodeLine(mappings, at, source, line, false);
    source = read.source;
    line = read.line;
    at = read.end + 1;
    if (at > mappings.length) break;
    starts.push(at);
    sources.push(source);
    lines.push(line);
  }
  return { starts, sources, lines };
}

/**
 * One generated line from offset `at`: its segments (when `keep`), where it ends (its ';' or the
 * field's end) and the source and original line it leaves.
 * @param {string} mappings @param {number} at @param {number} source @param {number} line @param {boolean} [keep]
 */
function decodeLine(mappings, at, source, line, keep = true) {
  /** @type {Segment[]} */
  const segments = [];
  let column = 0;
  let i = at;
  const n = mappings.length;
  while (i < n && mappings.charCodeAt(i) !== SEMICOLON) {
    let field = 0;
    /** @type {number[]} */
    const values = [0, 0, 0];
    while (i < n) {
      const c = mappings.charCodeAt(i);
      if (c === COMMA || c === SEMICOLON) break;
      let value = 0;
      let shift = 0;
      let digit;
      do {
        digit = VALUE[mappings.charCodeAt(i++)] ?? 0;
        value += (digit & 31) * 2 ** shift;
        shift += 5;
      } while (digit & 32 && i < n);
      const signed = value % 2 ? -Math.floor(value / 2) : Math.floor(value / 2);
      if (field < 3) values[field] = signed;
      field++;
    }
    if (i < n && mappings.charCodeAt(i) === COMMA) i++;
    column += values[0];
    if (field >= 4) {
      source += values[1];
      line += values[2];
      if (keep) segments.push({ column, source, line });
    }
  }
  return { segments, end: i, source, line };
}
