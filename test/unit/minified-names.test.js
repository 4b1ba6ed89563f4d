// A minified bundle's functions under the names they have in their source, through the bundle's map.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FrameMapper } from '../../src/analyze/frames.js';
import { AppSources } from '../../src/sources/app-sources.js';

// esbuild 0.28 --bundle --minify --sourcemap of src/app.js over a package "rowlib":
//   function parseRows(text) { return text.split('\n').map((line) => line.split(',')); }
//   function Table(rows) { this.rows = rows; }
//   Table.prototype.count = function (column) { return this.rows.filter((r) => r[column]).length; };
const BUNDLE = [
  'var c=(o,t)=>()=>{try{return t||o((t={exports:{}}).exports,t),t.exports}catch(r){throw t=0,r}};var s=c((w,n)=>{function i(o){return o.split(`',
  '`).map(t=>t.split(","))}function e(o){this.rows=o}e.prototype.count=function(o){return this.rows.filter(t=>t[o]).length};n.exports={parseRows:i,Table:e}});var{parseRows:l,Table:p}=s(),a=new p(l(process.argv[2]||"a,b"));console.log(a.count(0));',
  '//# sourceMappingURL=out.js.map',
  '',
].join('\n');
const MAP = {
  version: 3,
  sources: ['node_modules/rowlib/index.js', 'src/app.js'],
  mappings: '+FAAA,IAAAA,EAAAC,EAAA,CAAAC,EAAAC,IAAA,UAASC,EAAUC,EAAM,CACvB,OAAOA,EAAK,MAAM;AAAA,CAAI,EAAE,IAAKC,GAASA,EAAK,MAAM,GAAG,CAAC,CACvD,CACA,SAASC,EAAMC,EAAM,CAAE,KAAK,KAAOA,CAAM,CACzCD,EAAM,UAAU,MAAQ,SAAUE,EAAQ,CACxC,OAAO,KAAK,KAAK,OAAQC,GAAMA,EAAED,CAAM,CAAC,EAAE,MAC5C,EACAN,EAAO,QAAU,CAAE,UAAAC,EAAW,MAAAG,CAAM,ICPpC,GAAM,CAAE,UAAAI,EAAW,MAAAC,CAAM,EAAI,IACvBC,EAAQ,IAAID,EAAMD,EAAU,QAAQ,KAAK,CAAC,GAAK,KAAK,CAAC,EAC3D,QAAQ,IAAIE,EAAM,MAAM,CAAC,CAAC',
  names: ['require_rowlib', '__commonJSMin', 'exports', 'module', 'parseRows', 'text', 'line', 'Table', 'rows', 'column', 'r', 'parseRows', 'Table', 'table'],
};

/** V8's position of a function: its parameters' `(`, 0-based. @param {string} text @param {string} before */
function startOf(text, before) {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(before));
  return { lineNumber: line, columnNumber: lines[line].indexOf(before) + before.length };
}

test('a minified bundle\'s functions get their source names from its map; names the map keeps stay', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-minified-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'out.js');
  fs.writeFileSync(file, BUNDLE);
  fs.writeFileSync(path.join(dir, 'out.js.map'), JSON.stringify(MAP));
  const mapper = new FrameMapper();
  const url = `file://${file}`;

  const parse = mapper.map({ functionName: 'i', url, ...startOf(BUNDLE, 'function i') });
  assert.deepEqual([parse.functionName, parse.url, parse.line, parse.kind], ['parseRows', path.join(dir, 'node_modules/rowlib/index.js'), 1, 'node_modules']);
  // a method set on a prototype: V8 names it after the object it was assigned on
  const count = mapper.map({ functionName: 'e.count', url, ...startOf(BUNDLE, 'e.prototype.count=function') });
  assert.deepEqual([count.functionName, count.line], ['Table.count', 5]);
  // a name that is not written before the function is left as the profile gives it
  const other = mapper.map({ functionName: 'zz', url, ...startOf(BUNDLE, 'function e') });
  assert.deepEqual([other.functionName, other.line], ['zz', 4]);
  // an arrow function V8 cannot name
  const arrow = mapper.map({ functionName: '', url, ...startOf(BUNDLE, 'var c=') });
  assert.equal(arrow.functionName, '(anonymous)');
});

test('a map a loader holds in memory renames nothing: the file on disk is the source, not the generated code', () => {
  const file = '/srv/src/app.ts';
  const frame = new FrameMapper([{ [file]: MAP }]).map({ functionName: 'i', url: file, lineNumber: 0, columnNumber: 140 });
  assert.equal(frame.functionName, 'i');
});

test('a bundle shipped without its sources: their text comes from the map\'s sourcesContent, the disk wins where it has them', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-minified-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'out.js');
  fs.writeFileSync(file, BUNDLE);
  const app = "const { parseRows, Table } = require('rowlib');\nconst table = new Table(parseRows(process.argv[2] || 'a,b'));\n";
  fs.writeFileSync(path.join(dir, 'out.js.map'), JSON.stringify({ ...MAP, sourcesContent: ['function parseRows(text) {', 'stale copy\n'] }));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/app.js'), app);
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/rowlib/index.js');
  assert.equal(sources.lines(lib), null);
  const frame = new FrameMapper([], sources).map({ functionName: 'i', url: `file://${file}`, ...startOf(BUNDLE, 'function i') });
  assert.equal(frame.url, lib);
  assert.deepEqual(sources.lines(lib), ['function parseRows(text) {']);
  assert.deepEqual(sources.lines(path.join(dir, 'src/app.js')), app.split('\n'));
});

test('webpack\'s webpack://<name>/./path sources: under the build\'s folder, where the file is, else above the map\'s', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-minified-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'build/dist'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src/app.js'), '');
  const file = path.join(dir, 'build/dist/out.js');
  fs.writeFileSync(file, BUNDLE);
  fs.writeFileSync(`${file}.map`, JSON.stringify({ ...MAP, sources: ['webpack://shop/./node_modules/rowlib/index.js?abc', 'webpack://shop/./src/app.js'] }));
  const mapper = new FrameMapper();
  const parse = mapper.map({ functionName: 'i', url: file, ...startOf(BUNDLE, 'function i') });
  assert.deepEqual([parse.functionName, parse.url, parse.kind], ['parseRows', path.join(dir, 'build/node_modules/rowlib/index.js'), 'node_modules']);
  const main = mapper.map({ functionName: '', url: file, ...startOf(BUNDLE, 'var{parseRows:l') });
  assert.equal(main.url, path.join(dir, 'src/app.js'));
  // the app's sources its frames were mapped to: where a handler's lines are read (not the bundle's)
  assert.deepEqual(mapper.mappedAppFiles(), [path.join(dir, 'src/app.js')]);
});
