// micro 10: the page-cache warmer of a grocery chain's storefront. When the CMS publishes a change it calls the
// warmer (/x), which renders the affected category page (about 115 KB of HTML) and stores it in the page cache
// brotli-compressed with compress-brotli, in the app's cachePage helper. compress-brotli hands the string to
// zlib.brotliCompress with Node's defaults, quality 11: one libuv thread-pool job of about 200 ms per page, while the
// loop only renders and stores. A publish burst sends many at once; /health reads a 1 KB status file through the
// same pool. The catalogue is made at start-up.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');
const { serve, send } = require('micro');
const createCompress = require('compress-brotli');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'warmer-'));
const statusFile = path.join(dir, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'page-cache-warmer', region: 'eu-west', pad: 'x'.repeat(930) }));

const brotli = createCompress();
const pageCache = new Map();
async function cachePage(key, html) {
  const compressed = await brotli.compress(html);
  pageCache.set(key, { compressed, storedAt: Date.now(), bytes: html.length });
  return compressed.length;
}

const categories = ['bakery', 'dairy', 'produce', 'pantry', 'frozen', 'drinks'];
const products = Array.from({ length: 2400 }, (_, i) => ({ id: `GR-${30000 + i}`, category: categories[i % 6], name: `${['Organic', 'Farmhouse', 'Classic', 'Family'][i % 4]} ${categories[i % 6]} item ${i}`,
  price: ((i * 37) % 900) / 100 + 0.49, unit: ['each', 'kg', '500 g', '1 l'][i % 4], badge: i % 9 ? '' : 'Offer' }));
const render = (category) => `<!doctype html><html><head><title>${category}</title></head><body><main><ul class="products">${products.filter((p) => p.category === category)
  .map((p) => `<li class="product" data-id="${p.id}"><img src="/img/${p.id}.webp" alt="${p.name}" loading="lazy" width="240" height="240"><h3>${p.name}</h3><p class="price">€${p.price.toFixed(2)} <small>${p.unit}</small></p>${p.badge ? `<span class="badge">${p.badge}</span>` : ''}<button data-add="${p.id}">Add to basket</button></li>`).join('\n')}</ul></main></body></html>`;

let n = 0;
const server = new http.Server(serve(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return send(res, 200, await fs.promises.readFile(statusFile));
  if (url.pathname === '/x') {
    const category = url.searchParams.get('category') || categories[n++ % categories.length];
    const html = render(category);
    const stored = await cachePage(`/c/${category}`, html);
    return { page: `/c/${category}`, html: html.length, stored };
  }
  return send(res, 404, 'not found');
}));
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
