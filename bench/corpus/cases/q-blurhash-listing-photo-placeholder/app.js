// restana: the listings API returns, with each listing's cover photo, a BlurHash string that the apps paint
// while the image loads. The hash is not stored: /x takes the photo's decoded preview (256x192 RGBA pixels,
// as the image pipeline's decoder hands them over; made at start-up here) and encodes it with blurhash
// (4x3 components) on every request.
'use strict';
const restana = require('restana');
const { encode } = require('blurhash');

const width = 256, height = 192;
const pixels = new Uint8ClampedArray(width * height * 4);
for (let y = 0; y < height; y++) {
  for (let x = 0; x < width; x++) {
    const i = (y * width + x) * 4, sky = y < height * 0.45;
    pixels[i] = sky ? 120 + (x >> 3) : 90 + ((x * y) % 60);
    pixels[i + 1] = sky ? 170 + (y >> 2) : 110 + ((x + 3 * y) % 50);
    pixels[i + 2] = sky ? 230 : 70 + ((x ^ y) & 31);
    pixels[i + 3] = 255;
  }
}

const service = restana();
service.get('/health', (req, res) => res.send('ok'));
service.get('/x', (req, res) => {
  const blurhash = encode(pixels, width, height, 4, 3);
  res.send({ listing: 'L-48213', cover: 'https://cdn.homes.example/L-48213/cover.jpg', width: 1600, height: 1200, blurhash });
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
