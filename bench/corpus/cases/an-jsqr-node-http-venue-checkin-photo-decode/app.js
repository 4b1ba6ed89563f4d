// node:http: the check-in service of a concert venue. Door staff whose scanner app cannot read a crumpled ticket
// take a photo instead; the app uploads it and /x decodes the QR code in it on the server with jsQR (pure
// JavaScript: binarise the whole frame, find the finder patterns, sample the grid, Reed-Solomon decode), then
// looks the ticket up. Here the uploaded photo, 2400x1800 RGBA from a phone, is made at start-up from a real
// ticket code (qrcode builds the matrix) with lighting blotches and noise, and every request decodes it.
'use strict';
const http = require('node:http');
const QRCode = require('qrcode');
const jsQR = require('jsqr');

const tickets = new Map([['EVT-2025-0412/9F3KQ7XZ2M', { event: 'Nils Frahm, Tempodrom', seat: 'B14', status: 'valid' }]]);

function photoOf(text, W, H) {
  const qr = QRCode.create(`https://tickets.example.org/c/${text}`, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size, scale = Math.floor(Math.min(W, H) / (n + 8) / 2), ox = Math.floor(W * 0.38), oy = Math.floor(H * 0.27);
  const rgba = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const mx = Math.floor((x - ox) / scale) - 4, my = Math.floor((y - oy) / scale) - 4;
      const dark = mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx);
      const v = (dark ? 34 : 168 + (((x >> 6) + (y >> 6)) % 5) * 14) + ((x * 7 + y * 13) % 17) - 8;
      const o = (y * W + x) * 4;
      rgba[o] = v; rgba[o + 1] = v - 6; rgba[o + 2] = v + 5; rgba[o + 3] = 255;
    }
  }
  return { width: W, height: H, data: rgba };
}
const upload = photoOf('EVT-2025-0412/9F3KQ7XZ2M', 2400, 1800);

function checkIn(photo) {
  const code = jsQR(photo.data, photo.width, photo.height);
  if (!code) return { status: 'unreadable' };
  const id = code.data.replace('https://tickets.example.org/c/', '');
  return { id, ...(tickets.get(id) || { status: 'unknown' }), corners: code.location.topLeftCorner };
}

http.createServer((req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  if (req.url.startsWith('/x')) {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ gate: 'north-2', ...checkIn(upload) }));
    return;
  }
  res.statusCode = 404;
  res.end();
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
