// docs/report-json.md lists every field of a real report.json: a short run of a blocking express
// server (load, probe, blocks with stacks and samples, timeline; judged against itself for the
// fields of `baseline`), its fields as dotted paths
// (`blocks[].stack[].kind`) down to three levels, each of which must appear in the reference.
// A row whose first cell names `a.b` and that says "same fields as `x.y`" documents `a.b.c` when
// `x.y.c` is documented (the warm-up's probe is shaped like the window's).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, ROOT } from '../helpers.js';

// objects keyed by data (status codes, error codes), not by field names
const MAPS = new Set(['http.probe.statusCodes', 'http.probe.errorCodes', 'http.load.statusCodes', 'http.load.errorCodes']);

/**
 * The field paths of a report: `lag.p99Ms`, `blocks[].stack[].kind`, ... down to `depth` levels.
 * @param {unknown} value @param {string} [prefix] @param {number} [depth] @param {Set<string>} [paths]
 */
function fieldPaths(value, prefix = '', depth = 3, paths = new Set()) {
  if (depth === 0 || value === null || typeof value !== 'object' || MAPS.has(prefix)) return paths;
  if (Array.isArray(value)) {
    for (const item of value) fieldPaths(item, `${prefix}[]`, depth, paths);
    return paths;
  }
  for (const [key, child] of Object.entries(value)) {
    const p = prefix ? `${prefix}.${key}` : key;
    paths.add(p);
    fieldPaths(child, p, depth - 1, paths);
  }
  return paths;
}

test('every field of a real report.json is in docs/report-json.md', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'express-blocking.js'), '--route', '/slow', '--probe', '/', '-d', '1', '-c', '2', '--threads', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  // the same run judged against itself as a baseline: the fields of `baseline`
  const judged = path.join(dir, 'judged');
  const b = await runBin(['report', out, '--baseline', out, '--format', 'json', '--out', judged], { cwd: dir });
  assert.equal(b.code, 0, b.stderr);
  const paths = [...fieldPaths(report), ...fieldPaths({ baseline: readReport(judged).baseline })];
  // the run had what the reference is checked against
  for (const p of ['blocks[].stack[].kind', 'blocks[].samples[].tMs', 'http.probe.p99Ms', 'timeline.points[].lagMaxMs', 'run.settings.routes']) {
    assert.ok(paths.includes(p), `${p} in the run's report (${report.blocks.length} blocks)`);
  }
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'report-json.md'), 'utf8');
  /** @type {[string, string][]} [alias, the field it is shaped like] */
  const aliases = [];
  for (const [, cell, like] of doc.matchAll(/^\| ([^|]*) \|.*same fields as `([^`]+)`/gm)) {
    for (const [, name] of cell.matchAll(/`([^`]+)`/g)) aliases.push([name, like]);
  }
  const documented = (/** @type {string} */ p) => doc.includes(`\`${p}\``)
    || aliases.some(([alias, like]) => p.startsWith(alias) && /^[.[]/.test(p.slice(alias.length)) && documented(like + p.slice(alias.length)));
  assert.deepEqual(paths.filter((p) => !documented(p)), [], 'fields missing from docs/report-json.md');
});
