// Hono on @hono/node-server, written as ESM: the share-link service of a document-signing product. A sender
// protects a shared contract with a passphrase; every open of the link (/x) derives the key from the passphrase
// with crypto-pbkdf2-hmac (an isomorphic wrapper over WebCrypto's PBKDF2, OWASP's 600,000 iterations of
// HMAC-SHA-256) and compares it with the stored one. On Node, WebCrypto's deriveBits runs as one libuv pool job,
// so 16 recipients opening links at once fill the pool's four threads; /health reads a 1 KB status file through
// the same pool.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import pbkdf2 from 'crypto-pbkdf2-hmac';

const dir = path.dirname(fileURLToPath(import.meta.url));
const statusFile = path.join(dir, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'share-links', region: 'eu-central', pad: 'x'.repeat(940) }));

const ITERATIONS = 600000;
const links = new Map();
async function protect(id, passphrase, doc) {
  const salt = `${id}:salt:7f3a91`;
  links.set(id, { id, doc, salt, key: await pbkdf2.sha256.uint8(passphrase, salt, ITERATIONS, 32) });
}
await protect('sl-4c1d', 'orchard-lantern-42', { title: 'Master services agreement (draft 3)', pages: 18 });

async function unlock(id, passphrase) {
  const link = links.get(id);
  const key = await pbkdf2.sha256.uint8(passphrase, link.salt, ITERATIONS, 32);
  return timingSafeEqual(key, link.key) ? link : null;
}

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'content-type': 'application/json' }));
app.get('/x', async (c) => {
  const link = await unlock(c.req.query('link') || 'sl-4c1d', c.req.header('x-passphrase') || 'orchard-lantern-42');
  if (!link) return c.json({ error: 'wrong passphrase' }, 403);
  return c.json({ link: link.id, title: link.doc.title, pages: link.doc.pages, expires: '2025-12-31' });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
