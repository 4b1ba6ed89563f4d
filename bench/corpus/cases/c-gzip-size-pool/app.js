// Restify: a bundle-size service reports the gzip size of a 3 MB JavaScript bundle on every request
// with gzip-size (zlib.gzip at level 9 through a promise). The compression runs on libuv's pool; 16
// requests at once keep its 4 threads busy, and the probe's file read queues behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const restify = require('restify');
const gzipSize = require('gzip-size');

const statusFile = path.join(__dirname, 'status.json');
let seed = 7;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const words = ['state', 'render', 'props', 'value', 'index', 'length', 'element', 'handler', 'options', 'result', 'create', 'update', 'remove', 'filter', 'reduce', 'config', 'target', 'source', 'module', 'export'];
const modules = [];
for (let i = 0; i < 26000; i++) {
  const [a, b] = [words[rnd(20)], words[rnd(20)]];
  modules.push(`function ${a}_${i}(${b}, ${words[rnd(20)]}) { var ${a}${rnd(1000)} = ${b}.${words[rnd(20)]}(${rnd(100000)}, "${rnd(1e9).toString(36)}"); return ${a}${rnd(50)} + ${rnd(1e6)}; }`);
}
const bundle = Buffer.from(modules.join('\n'));

const server = restify.createServer();
server.get('/health', (req, res, next) => {
  fs.promises.readFile(statusFile).then((body) => { res.setHeader('Content-Type', 'application/json'); res.end(body); next(); }, next);
});

server.get('/x', (req, res, next) => {
  gzipSize(bundle).then((gzip) => { res.send({ bytes: bundle.length, gzip }); next(); }, next);
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
