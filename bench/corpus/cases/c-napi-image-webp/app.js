// Express 5: an image service converts a stored PNG upload (1600x1200) to WebP for the gallery with
// @napi-rs/image, on every request, using the sync encoder.
'use strict';
const express = require('express');
const { Transformer } = require('@napi-rs/image');

const w = 1600;
const h = 1200;
const pixels = Buffer.alloc(w * h * 4);
for (let i = 0; i < pixels.length; i += 4) {
  const x = (i / 4) % w;
  const y = Math.floor(i / 4 / w);
  pixels[i] = (x * 255) / w; pixels[i + 1] = (y * 255) / h; pixels[i + 2] = ((x ^ y) * 7) & 255; pixels[i + 3] = 255;
}
const upload = Transformer.fromRgbaPixels(pixels, w, h).pngSync(); // the stored upload, made once

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });

app.get('/x', (req, res) => {
  const webp = new Transformer(upload).webpSync(80);
  res.type('image/webp').send(webp);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
