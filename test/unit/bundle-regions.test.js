// A bundle built without a source map: which package each of its lines is, from esbuild's module comments.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleRegions, packageModuleAt } from '../../src/sources/bundle-regions.js';
import { FrameMapper } from '../../src/analyze/frames.js';
import { AppSources } from '../../src/sources/app-sources.js';

const BUNDLE = [
  'var __commonJS = (cb, mod) => function __require() {};', // 0
  '',
  '// node_modules/@scope/rows/lib/parse.js', // 2
  'var require_parse = __commonJS({',
  '  "node_modules/@scope/rows/lib/parse.js"(exports2, module2) {',
  '    function parseRows(text) { return text.split(","); }', // 5
  '  }',
  '});',
  '',
  '// src/app.js', // 9
  'var { parseRows } = require_parse();',
  'parseRows("a,b"); // a comment that is not a path', // 11
  '',
].join('\n');

test('esbuild\'s module comments: a line is the package module it follows; the app\'s own code and what precedes the first are not', () => {
  const regions = bundleRegions(BUNDLE);
  assert.deepEqual(regions, [{ line: 2, module: 'node_modules/@scope/rows/lib/parse.js' }, { line: 9, module: 'src/app.js' }]);
  assert.equal(packageModuleAt(/** @type {any} */ (regions), 5), 'node_modules/@scope/rows/lib/parse.js');
  assert.equal(packageModuleAt(/** @type {any} */ (regions), 11), null);
  assert.equal(packageModuleAt(/** @type {any} */ (regions), 0), null);
  // an app file with a comment or two is not a bundle; nor is one whose modules are all the app's
  assert.equal(bundleRegions('// src/a.js\nconst x = 1;\n'), null);
  assert.equal(bundleRegions('// src/a.js\nx();\n// src/b.js\ny();\n'), null);
});

test('a frame in a package\'s region: that package\'s, at the bundle\'s line, read in the bundle, the version the project installed', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-bundle-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(dir, 'dist'));
  const file = path.join(dir, 'dist/server.js');
  fs.writeFileSync(file, BUNDLE);
  const installed = path.join(dir, 'node_modules/@scope/rows');
  fs.mkdirSync(installed, { recursive: true });
  fs.writeFileSync(path.join(installed, 'package.json'), JSON.stringify({ name: '@scope/rows', version: '3.1.4' }));
  const sources = new AppSources();
  const mapper = new FrameMapper([], sources);
  const inPackage = mapper.map({ functionName: 'parseRows', url: file, lineNumber: 5, columnNumber: 22 });
  const inside = path.join(file, 'node_modules/@scope/rows/lib/parse.js');
  assert.deepEqual([inPackage.url, inPackage.line, inPackage.kind], [inside, 6, 'node_modules']);
  assert.match(sources.lines(inside)?.[5] ?? '', /function parseRows/);
  assert.deepEqual([sources.packageOf(inside)?.name, sources.packageOf(inside)?.version], ['@scope/rows', '3.1.4']);
  const app = mapper.map({ functionName: '', url: file, lineNumber: 11, columnNumber: 0 });
  assert.deepEqual([app.url, app.line, app.kind], [file, 12, 'app']);
});
