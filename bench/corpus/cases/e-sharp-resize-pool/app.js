// node:http: a product-image service renders the 1600 px "large" JPEG of an uploaded 4000x3000 photo
// (made at start-up) with sharp on every request. sharp runs each pipeline as an N-API async worker on
// libuv's pool (its decode, resize and encode hold that pool thread), so the loop is free, but 16
// requests at once keep all 4 pool threads busy and the probe's file read queues behind them.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const sharp = require('sharp');

const statusFile = path.join(__dirname, 'status.json');

async function main() {
  const upload = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#7a8c9e', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 }).toBuffer();
  http.createServer(async (req, res) => {
    if (req.url === '/health') return res.end(await fs.promises.readFile(statusFile));
    const large = await sharp(upload).resize({ width: 1600 }).jpeg({ quality: 82 }).toBuffer();
    res.writeHead(200, { 'Content-Type': 'image/jpeg' });
    res.end(large);
  }).listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
