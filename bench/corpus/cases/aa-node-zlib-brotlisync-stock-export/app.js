// node:http: a warehouse API's stock export. Partners pull the current stock of all 14,000 SKUs as JSON, and the
// service compresses it with Brotli itself (partners' clients send Accept-Encoding: br, and the export is ~1.9 MB
// raw). The handler builds the export and calls zlib.brotliCompressSync at quality 9 before writing it.
'use strict';
const http = require('node:http');
const zlib = require('node:zlib');

const stock = Array.from({ length: 14000 }, (_, i) => ({ id: i, sku: `SKU-${100000 + i}`, name: `Product name ${i}`, qty: (i * 31) % 170,
  price: ((i * 37) % 10000 / 100).toFixed(2), warehouse: `W${i % 4}`, updated: new Date(1732950000000 + i * 1000).toISOString() }));
let version = 0;

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    res.end('ok');
  } else if (url.pathname === '/x') {
    const body = JSON.stringify({ version: ++version, generated: new Date().toISOString(), items: stock });
    const compressed = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': compressed.length });
    res.end(compressed);
  } else {
    res.statusCode = 404;
    res.end();
  }
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
