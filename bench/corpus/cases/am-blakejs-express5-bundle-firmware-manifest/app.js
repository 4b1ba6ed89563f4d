// Express 5, bundled and minified with esbuild as the team ships it: the update server of an e-bike fleet.
// Controllers poll /x for the firmware manifest of their model; the bootloader checks each 256 KiB block of
// the 4 MiB image against a BLAKE2b-256 digest and the image against the root (the digest of the block
// digests). The server computes the digests with blakejs (pure JavaScript) from the image in memory every
// time a manifest is requested, instead of once at publish time.
'use strict';
const express = require('express');
const helmet = require('helmet');
const blake = require('blakejs');

const BLOCK = 256 * 1024;
function buildImage(model, size) {
  const img = Buffer.alloc(size);
  let x = model.length * 2654435761;
  for (let i = 0; i < size; i++) { x = (x ^ (x << 13)) >>> 0; x = (x ^ (x >>> 17)) >>> 0; x = (x ^ (x << 5)) >>> 0; img[i] = x & 0xff; }
  return img;
}
const releases = new Map([
  ['eb-300', { version: '4.12.3', channel: 'stable', image: buildImage('eb-300', 4 * 1024 * 1024) }],
  ['eb-500', { version: '4.13.0-rc.2', channel: 'beta', image: buildImage('eb-500', 4 * 1024 * 1024) }],
]);

function blockDigests(image) {
  const blocks = [];
  for (let off = 0; off < image.length; off += BLOCK) {
    blocks.push({ offset: off, blake2b: blake.blake2bHex(image.subarray(off, off + BLOCK), null, 32) });
  }
  return blocks;
}

const app = express();
app.use(helmet());
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const model = req.query.model || 'eb-300';
  const release = releases.get(model);
  const blocks = blockDigests(release.image);
  res.json({
    model, version: release.version, channel: release.channel, size: release.image.length,
    blocks, root: blake.blake2bHex(Buffer.from(blocks.map((b) => b.blake2b).join(''), 'hex'), null, 32),
  });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
