// A source map's segments by generated line, read once: the same positions node:module's parser gives.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { SourceMap } from 'node:module';
import { MappingLines } from '../../src/sources/mapping-lines.js';
import { FIXTURES } from '../helpers.js';

test('every segment of every line is where node:module\'s SourceMap puts it, and a line past the end has none', () => {
  const payload = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'bundle', 'minified.js.map'), 'utf8'));
  // the bundle's two lines, and the same mappings spread over more lines (a ';' at the start and twice in the middle)
  for (const mappings of [payload.mappings, `;${payload.mappings.replace(',', ';;')}`]) {
    const node = new SourceMap({ ...payload, mappings });
    const ours = new MappingLines(mappings);
    const lines = mappings.split(';').length;
    let seen = 0;
    for (let line = 0; line < lines; line++) {
      const segments = ours.on(line);
      assert.deepEqual(segments.map((s) => s.column), [...segments.map((s) => s.column)].sort((a, b) => a - b));
      for (const s of segments) {
        const found = /** @type {any} */ (node.findEntry(line, s.column));
        assert.deepEqual([found.generatedColumn, found.originalLine, found.originalSource], [s.column, s.line, node.payload.sources[s.source]], `line ${line} column ${s.column}`);
        seen++;
      }
      // read again: the same segments, kept
      assert.equal(ours.on(line), segments);
    }
    assert.ok(seen > 50, `${seen} segments`);
    assert.deepEqual(ours.on(lines + 3), []);
  }
});
