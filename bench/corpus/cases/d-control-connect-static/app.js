// Control: connect with serve-static for the site's assets, and a catalogue page API that answers from
// memory with an ETag (etag) and 304s for clients that already have it (fresh).
'use strict';
const http = require('node:http');
const path = require('node:path');
const connect = require('connect');
const serveStatic = require('serve-static');
const etag = require('etag');
const fresh = require('fresh');

const products = Array.from({ length: 500 }, (_, i) => ({ id: i + 1, name: `Product ${i + 1}`, price: ((i * 37) % 9000) / 100, inStock: i % 7 !== 0 }));
let page = 0;

const app = connect();
app.use((req, res, next) => { res.setHeader('X-Served-By', 'catalogue-1'); next(); });
app.use('/assets', serveStatic(path.join(__dirname, 'public'), { maxAge: '1h', index: false }));
app.use('/health', (req, res) => res.end('ok'));
app.use('/x', (req, res) => {
  page = (page + 1) % 25;
  const body = JSON.stringify({ page, items: products.slice(page * 20, page * 20 + 20) });
  const tag = etag(body);
  res.setHeader('ETag', tag);
  res.setHeader('Cache-Control', 'private, max-age=0, must-revalidate');
  if (fresh(req.headers, { etag: tag })) {
    res.statusCode = 304;
    return res.end();
  }
  res.setHeader('Content-Type', 'application/json');
  res.end(body);
});

http.createServer(app).listen(Number(process.env.PORT) || 0, '127.0.0.1');
