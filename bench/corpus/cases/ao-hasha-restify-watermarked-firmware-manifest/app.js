// restify: the download service of an industrial-controller vendor. Each download of a firmware image is
// watermarked for the customer (a forensic trailer with the customer, licence and a per-download nonce appended to
// the 112 MB base image, made at start-up here), and /x answers the signed manifest the updater checks before it
// fetches the bytes: the SHA-512 of base image plus trailer, computed with hasha's synchronous call on the loop.
// hasha has an asynchronous form that hashes in a worker thread; the route does not use it.
'use strict';
const crypto = require('node:crypto');
const restify = require('restify');
const hasha = require('hasha');

const base = Buffer.alloc(112 * 1024 * 1024, crypto.randomBytes(64 * 1024));
const image = { product: 'PLC-7400', version: '5.12.3', base };

function watermark(customer) {
  return Buffer.from(JSON.stringify({ customer, licence: `LIC-${customer}-2025`, nonce: crypto.randomBytes(12).toString('hex'), issued: Date.now() }));
}

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const customer = req.query.customer || 'acme-plant-3';
  const trailer = watermark(customer);
  const sha512 = hasha([image.base, trailer], { algorithm: 'sha512' });
  res.send({ product: image.product, version: image.version, bytes: image.base.length + trailer.length, trailer: trailer.toString('base64'), sha512 });
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
