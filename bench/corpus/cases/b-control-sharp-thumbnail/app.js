// Control: thumbnails with sharp. The resize and WebP encode run in libvips off the loop (sharp
// queues each job on the libuv pool and libvips uses its own threads); two connections keep at most
// two pool threads busy, so the probe's file read finds a free one.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const sharp = require('sharp');

const statusFile = path.join(__dirname, 'status.json');

async function main() {
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#88aacc' } })
    .composite([{ input: Buffer.from('<svg width="2400" height="1600"><circle cx="1200" cy="800" r="600" fill="#c33"/></svg>') }])
    .jpeg({ quality: 90 }).toBuffer();
  http.createServer(async (req, res) => {
    if (req.url === '/health') return res.end(await fs.promises.readFile(statusFile));
    const thumb = await sharp(photo).resize(320).webp({ quality: 70 }).toBuffer();
    res.writeHead(200, { 'Content-Type': 'image/webp' });
    res.end(thumb);
  }).listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
