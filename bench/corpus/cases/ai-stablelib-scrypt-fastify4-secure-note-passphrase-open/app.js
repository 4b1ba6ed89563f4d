// Fastify 4 (@fastify/helmet, @fastify/cors, @fastify/rate-limit): a "secure note" sharing service. A note is sealed
// with AES-256-GCM under a key derived from the sender's passphrase with scrypt (N=2^15, r=8, p=1, the parameters
// stored beside the note); opening a share link (/x?note=...&pass=...) derives the key again and decrypts the note.
// The handler calls @stablelib/scrypt's deriveKey, the synchronous pure-JS form, on the request's path; the package
// exports deriveKeyNonBlocking beside it, the same derivation in steps between turns of the event loop.
'use strict';
const crypto = require('node:crypto');
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const rateLimit = require('@fastify/rate-limit');
const { deriveKey } = require('@stablelib/scrypt');

const KDF = { N: 32768, r: 8, p: 1, dkLen: 32 };
const notes = new Map();
for (let i = 0; i < 12; i++) {
  const salt = crypto.randomBytes(16), iv = crypto.randomBytes(12);
  const key = crypto.scryptSync(`share-pass-${i}`, salt, KDF.dkLen, { N: KDF.N, r: KDF.r, p: KDF.p, maxmem: 64 * 1024 * 1024 });
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(`Wi-Fi for site ${i}: guest-${i} / ${crypto.randomBytes(6).toString('hex')}`), cipher.final()]);
  notes.set(`n${i}`, { salt, iv, sealed, tag: cipher.getAuthTag(), views: 0 });
}

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://share.example.com' });
  await app.register(rateLimit, { max: 10000, timeWindow: '1 minute' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req, reply) => {
    const id = req.query.note || 'n7', note = notes.get(id);
    if (!note) return reply.code(404).send({ error: 'no such note' });
    const key = deriveKey(Buffer.from(req.query.pass || 'share-pass-7'), note.salt, KDF.N, KDF.r, KDF.p, KDF.dkLen);
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, note.iv).setAuthTag(note.tag);
      const text = Buffer.concat([decipher.update(note.sealed), decipher.final()]).toString('utf8');
      note.views++;
      return { note: id, text, views: note.views };
    } catch {
      return reply.code(403).send({ error: 'wrong passphrase' });
    }
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
