// Hono on Node (ESM): a storefront's asset service. When the theme editor saves, the editor's preview calls
// /x, which rebuilds the theme's four bundles (made in memory from the theme at start-up, about 25 KB each)
// and precompresses each with the async zlib.brotliCompress at quality 11, all at once, so the CDN can be
// served the .br files. Each compression runs on libuv's thread pool: the loop only starts the jobs and
// takes their results, but 16 editors previewing at once fill the pool's four threads, and the health
// check's file read waits in the same queue.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const statusFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'status.json');
const bundles = ['theme.js', 'checkout.js', 'theme.css', 'product.js'].map((name, b) => ({
  name,
  source: Buffer.from(Array.from({ length: 220 }, (_, i) => `export function section${b}_${i}(el, cfg) { const v${i} = cfg.settings?.s${(i * 7) % 53} ?? "${['#1a1a1a', '16px', 'auto', 'uppercase'][i % 4]}-${(i * 7919) % 1000}"; el.dataset.s${i} = v${i}; }\n`).join('')),
}));
const precompressed = new Map();

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'content-type': 'application/json' }));
app.get('/x', async (c) => {
  const files = await Promise.all(bundles.map(async (b) => ({ name: b.name, br: await brotli(b.source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }) })));
  for (const f of files) precompressed.set(`${f.name}.br`, f.br);
  return c.json({ files: files.map((f) => ({ name: `${f.name}.br`, bytes: f.br.length })) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
