// Polka: a chat app's custom-sticker upload. An uploaded 160x160 RGBA image is reduced to a 64-colour palette
// for the animated-GIF and PNG-8 variants the mobile clients download: image-q's buildPaletteSync (NeuQuant)
// and applyPaletteSync (Floyd-Steinberg dithering) run synchronously on the loop for each upload. Every upload is
// a new image, so there is nothing to cache; image-q exports buildPalette/applyPalette, async forms that
// run the same quantizers as generators and yield to the loop between steps.
'use strict';
const polka = require('polka');
const iq = require('image-q');

const SIZE = 160;
function uploadedSticker(seed) {
  const rgba = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const o = (y * SIZE + x) * 4, d = Math.hypot(x - SIZE / 2, y - SIZE / 2);
      rgba[o] = (x * 255 / SIZE + seed * 37) & 255;
      rgba[o + 1] = (y * 255 / SIZE + Math.sin(x / 9) * 40 + 40) & 255;
      rgba[o + 2] = (d * 1.6 + seed * 11) & 255;
      rgba[o + 3] = d < SIZE / 2 - 4 ? 255 : 0;
    }
  }
  return rgba;
}
const uploads = [uploadedSticker(1), uploadedSticker(2), uploadedSticker(3)];
let n = 0;

polka()
  .get('/health', (req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); })
  .get('/x', (req, res) => {
    const image = iq.utils.PointContainer.fromUint8Array(uploads[n++ % uploads.length], SIZE, SIZE);
    const indexed = iq.applyPaletteSync(image, iq.buildPaletteSync([image], { colors: 64, paletteQuantization: 'neuquant' }), { imageQuantization: 'floyd-steinberg' });
    const colours = new Set(indexed.toUint32Array()).size;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ sticker: `stk_${n}`, width: SIZE, height: SIZE, colours }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
