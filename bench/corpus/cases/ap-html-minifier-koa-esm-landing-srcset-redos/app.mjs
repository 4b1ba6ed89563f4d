// Koa, written as ESM: the page service of a landing-page builder. Merchants compose pages from blocks in the
// editor; every view of a published page (/x) assembles the stored blocks and minifies the HTML with
// html-minifier before sending it. Merchant m-5120 pasted a hero image from a design tool: its srcset kept the
// export's padding, a run of whitespace between a candidate's URL and its descriptor.
import Koa from 'koa';
import Router from '@koa/router';
import htmlMinifier from 'html-minifier';

const MINIFY_OPTIONS = { collapseWhitespace: true, removeComments: true, removeAttributeQuotes: true, removeRedundantAttributes: true };

const padding = '\n' + ' '.repeat(6400) + '\n';
const pages = new Map([['m-5120/spring-sale', {
  title: 'Spring sale: up to 40% off outdoor gear',
  blocks: [
    `<header class="nav"><a href="/">Trailhead Outfitters</a> <nav><a href="/tents">Tents</a> <a href="/packs">Packs</a> <a href="/sale">Sale</a></nav></header>`,
    `<section class="hero"><picture><img alt="Campsite at dusk" src="/media/m-5120/hero-800.jpg" srcset="/media/m-5120/hero-800.jpg 800w, /media/m-5120/hero-1600.jpg${padding}1600w"></picture>
      <h1>Spring sale</h1>   <p>Up to <strong>40% off</strong> tents, packs and sleeping bags until Sunday.</p></section>`,
    ...Array.from({ length: 12 }, (_, i) => `<article class="card"><!-- card ${i} -->
      <img alt="Product ${i}" src="/media/m-5120/p${i}.jpg" width="320" height="240">
      <h2>Ultralight tent ${i + 1}P</h2>   <p class="price">$${199 + i * 20}.00 <del>$${279 + i * 20}.00</del></p>
      <button type="submit" class="buy">Add to cart</button></article>`),
    `<footer><p>Free returns within 30 days.</p>   <p>&copy; 2025 Trailhead Outfitters</p></footer>`,
  ],
}]]);

function renderPage(page) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title></head><body>${page.blocks.join('\n')}</body></html>`;
  return htmlMinifier.minify(html, MINIFY_OPTIONS);
}

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const page = pages.get(`${ctx.query.merchant || 'm-5120'}/${ctx.query.slug || 'spring-sale'}`);
  ctx.type = 'html';
  ctx.body = renderPage(page);
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
