// Control: express 5 serving the storefront's small assets with serve-static (ETag, Cache-Control; a stat,
// an open, a read and a close on libuv's pool per request: tens of microseconds each) next to a health
// route that reads its status file through the pool as well.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const serveStatic = require('serve-static');

const statusFile = path.join(__dirname, 'status.json');
const publicDir = path.join(__dirname, 'public');
fs.mkdirSync(publicDir, { recursive: true });
const rules = Array.from({ length: 120 }, (_, i) => `.card-${i} { margin: ${i % 8}px; padding: ${i % 5}px ${i % 7}px; color: #${(0x334455 + i * 97).toString(16)}; }`);
fs.writeFileSync(path.join(publicDir, 'app.css'), rules.join('\n'));

const assets = serveStatic(publicDir, { maxAge: '1h', index: false });
const app = express();
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});
app.get('/x', (req, res, next) => {
  req.url = '/app.css';
  assets(req, res, next);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
