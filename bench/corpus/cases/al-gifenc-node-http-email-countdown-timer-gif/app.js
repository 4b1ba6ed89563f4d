// node:http: the countdown-timer image of a marketing email ("sale ends in 02:14:37"). Mail clients run no
// script, so each open fetches an animated GIF: 10 frames, one a second, the time left drawn over the campaign's
// banner. The app draws the digits itself (seven-segment blocks); gifenc reduces each frame to a 256-colour palette
// (quantize, a pairwise-nearest-neighbour merge of the frame's colour histogram), maps the pixels to it and
// LZW-encodes the frame, on every open.
'use strict';
const http = require('node:http');
const { GIFEncoder, quantize, applyPalette } = require('gifenc');

const W = 190, H = 60, FRAMES = 10;
// the campaign banner: a photographic gradient with grain, made once
const banner = new Uint8ClampedArray(W * H * 4);
let seed = 11;
const grain = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 7) - 3;
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
  const o = (y * W + x) * 4;
  banner[o] = 180 + 60 * Math.sin(x / 37) + grain(); banner[o + 1] = 90 + 70 * Math.cos(y / 19 + x / 90) + grain();
  banner[o + 2] = 120 + 100 * Math.sin((x + y) / 53) + grain(); banner[o + 3] = 255;
}
const SEG = ['1110111', '0010010', '1011101', '1011011', '0111010', '1101011', '1101111', '1010010', '1111111', '1111011'];
function drawDigit(px, d, left) {
  const rects = [[2, 0, 10, 3], [0, 2, 3, 12], [11, 2, 3, 12], [2, 13, 10, 3], [0, 15, 3, 12], [11, 15, 3, 12], [2, 26, 10, 3]];
  SEG[d].split('').forEach((on, s) => { if (on === '1') { const [rx, ry, rw, rh] = rects[s];
    for (let y = 20 + ry; y < 20 + ry + rh; y++) for (let x = left + rx; x < left + rx + rw; x++) px.fill(255, (y * W + x) * 4, (y * W + x) * 4 + 3); } });
}
const endsAt = Date.now() + 2 * 3600e3 + 14 * 60e3;

http.createServer((req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  const gif = GIFEncoder();
  let left = Math.max(0, Math.floor((endsAt - Date.now()) / 1000));
  for (let f = 0; f < FRAMES; f++, left--) {
    const frame = new Uint8ClampedArray(banner);
    const text = [Math.floor(left / 3600), Math.floor(left / 60) % 60, left % 60].map((n) => String(n).padStart(2, '0')).join('');
    [...text].forEach((c, i) => drawDigit(frame, Number(c), 30 + i * 24 + Math.floor(i / 2) * 10));
    const palette = quantize(frame, 256);
    gif.writeFrame(applyPalette(frame, palette), W, H, { palette, delay: 1000 });
  }
  gif.finish();
  res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
  res.end(Buffer.from(gif.bytes()));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
