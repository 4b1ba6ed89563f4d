// Koa: the pricing service of a B2B wholesaler. A CatalogService keeps the price book in memory (15,000
// products, each with tier prices, variants and flags, made at start-up) and hands every caller a private copy so
// that nobody mutates the shared book: its snapshot() deep-copies the whole book with fast-copy, then the route
// applies one customer's discount to the 20 products the quote asks for.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const { default: copy } = require('fast-copy');

class CatalogService {
  constructor() {
    this.book = { currency: 'EUR', validFrom: '2025-12-01', products: {} };
    for (let i = 0; i < 15000; i++) {
      this.book.products[`P${100000 + i}`] = {
        sku: `P${100000 + i}`, name: `Fastener set ${i}`, category: ['bolts', 'nuts', 'washers', 'anchors'][i % 4],
        tiers: [{ min: 1, price: 4 + (i % 90) / 10 }, { min: 50, price: 3.6 + (i % 90) / 10 }, { min: 500, price: 3.1 + (i % 90) / 10 }],
        variants: Array.from({ length: 3 }, (_, v) => ({ code: `${i}-${v}`, finish: ['zinc', 'steel', 'brass'][v], stock: (i * 7 + v) % 400 })),
        flags: { hazardous: i % 97 === 0, discontinued: i % 211 === 0, tags: [`supplier-${i % 40}`, `line-${i % 12}`] },
      };
    }
  }

  snapshot() {
    return copy(this.book);
  }
}

class QuoteService {
  constructor(catalog) { this.catalog = catalog; }

  quote(customer, skus) {
    const book = this.catalog.snapshot();
    const lines = skus.map((sku) => {
      const p = book.products[sku];
      p.tiers.forEach((t) => { t.price = Math.round(t.price * (1 - customer.discount) * 100) / 100; });
      return { sku, name: p.name, tiers: p.tiers };
    });
    return { customer: customer.id, currency: book.currency, lines };
  }
}

const quotes = new QuoteService(new CatalogService());
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const skus = Array.from({ length: 20 }, (_, i) => `P${100000 + ((i * 613) % 15000)}`);
  ctx.body = quotes.quote({ id: ctx.query.customer || 'C-2231', discount: 0.12 }, skus);
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
