// find-my-way on node:http: a bundle-report service lists the exports of the current build's
// bundle (about 580 KB of JavaScript) by parsing it with acorn on every request.
'use strict';
const http = require('node:http');
const findMyWay = require('find-my-way');
const acorn = require('acorn');

const bundle = Array.from({ length: 3500 }, (_, i) =>
  `export function handler${i}(items, opts = {}) { const out = items.map((v) => v * ${i} + (opts.offset ?? 0)); return out.filter(Boolean).reduce((s, v) => s + v, 0); }`).join('\n');

const router = findMyWay({ defaultRoute: (req, res) => { res.statusCode = 404; res.end(); } });
router.on('GET', '/health', (req, res) => res.end('ok'));
router.on('GET', '/x', (req, res) => {
  const ast = acorn.parse(bundle, { ecmaVersion: 2022, sourceType: 'module' });
  const exports = ast.body.filter((node) => node.type === 'ExportNamedDeclaration').length;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ bytes: bundle.length, exports }));
});

http.createServer((req, res) => router.lookup(req, res)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
