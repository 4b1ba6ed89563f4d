// Thumbnails encoded as JPEG with the pure-JavaScript jpeg-js on every request.
'use strict';
const express = require('express');
const jpeg = require('jpeg-js');

const width = 1000;
const height = 1000;
const pixels = Buffer.alloc(width * height * 4);
for (let i = 0; i < pixels.length; i += 4) {
  pixels[i] = (i / 4) % width;
  pixels[i + 1] = Math.floor(i / 4 / width) % 256;
  pixels[i + 2] = (i * 7) % 256;
  pixels[i + 3] = 255;
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const image = jpeg.encode({ data: pixels, width, height }, 85);
  res.type('jpeg').send(image.data);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
