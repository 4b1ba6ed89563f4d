// Polka (ESM): the shop's sitemaps. Search engines fetch /x, the sitemap index, after each catalogue change,
// and the service then regenerates the precompressed files it serves: the 8 sitemap files (2,500 product
// URLs each, about 330 KB of XML, kept in memory from start-up) are each gzipped at level 9 with the async
// zlib.gzip, all at once. Each compression runs as jobs on libuv's thread pool: the loop only starts them and
// takes their results, but 16 requests at once fill the pool's four threads, and the health check's file
// read waits in the same queue.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import polka from 'polka';

const gzip = promisify(zlib.gzip);
const statusFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'status.json');
const sitemaps = [];
for (let s = 0; s < 8; s++) {
  const urls = Array.from({ length: 2500 }, (_, k) => `<url><loc>https://shop.example/p/${s * 2500 + k}-${['lamp', 'chair', 'desk', 'shelf'][k % 4]}-${(k * 7919) % 100000}</loc><lastmod>2024-11-${String(1 + ((s + k) % 28)).padStart(2, '0')}</lastmod><changefreq>weekly</changefreq><priority>0.${1 + (k % 9)}</priority></url>`);
  sitemaps.push({ name: `sitemap-products-${s}.xml`, xml: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>`) });
}
const precompressed = new Map();

polka()
  .get('/health', async (req, res) => { res.setHeader('content-type', 'application/json'); res.end(await fs.promises.readFile(statusFile)); })
  .get('/x', async (req, res) => {
    const files = await Promise.all(sitemaps.map(async (s) => ({ name: s.name, gz: await gzip(s.xml, { level: 9 }) })));
    for (const f of files) precompressed.set(`${f.name}.gz`, f.gz);
    res.setHeader('content-type', 'application/xml');
    res.end(`<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((f) => `<sitemap><loc>https://shop.example/${f.name}.gz</loc></sitemap>`).join('')}</sitemapindex>`);
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
