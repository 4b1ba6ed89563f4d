// Which original lines one generated line of a source map holds, in the order of its columns.
// A loader that compiles to one line (tsx writes each file as a single line) leaves V8's line
// ticks pointing at that line: this says which original lines it stands for. Pure.

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Map([...B64].map((c, i) => [c, i]));

/**
 * The segments of generated line `line` (0-based) as {column, source, line}: the generated
 * column, the index of the original source and its line (0-based), sorted by generated column.
 * The "mappings" field's numbers are relative: source and line carry over across generated lines.
 * @param {string} mappings @param {number} line
 * @returns {{column: number, source: number, line: number}[]}
 */
export function segmentsOnLine(mappings, line) {
  /** @type {{column: number, source: number, line: number}[]} */
  const out = [];
  let source = 0;
  let originalLine = 0;
  let generated = 0;
  let i = 0;
  while (i <= mappings.length && generated <= line) {
    let column = 0;
    // one generated line: segments separated by ',' up to ';'
    while (i < mappings.length && mappings[i] !== ';') {
      const fields = [];
      while (i < mappings.length && mappings[i] !== ',' && mappings[i] !== ';') {
        let value = 0;
        let shift = 0;
        let digit;
        do {
          digit = VALUE.get(mappings[i++]) ?? 0;
          value += (digit & 31) << shift;
          shift += 5;
        } while (digit & 32);
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      }
      if (mappings[i] === ',') i++;
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1];
        originalLine += fields[2];
        if (generated === line) out.push({ column, source, line: originalLine });
      }
    }
    i++;
    generated++;
  }
  return out.sort((a, b) => a.column - b.column);
}
