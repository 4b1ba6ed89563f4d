// Koa: the marketplace builds the product feed for a price-comparison site with a shipping estimate per
// offer. An estimate may need the carrier's rate API, so every lookup goes through a p-limit limiter (10 at
// a time); but the zones' estimates are nearly always in the service's in-process cache already, so each
// limited task resolves at once. /x builds the feed of 80,000 offers (made at start-up), in pages of 500
// as they come from the catalogue's cursor.
'use strict';
const Koa = require('koa');
const pLimit = require('p-limit');

const limit = pLimit(10);
const estimates = new Map(Array.from({ length: 40 }, (_, z) => [`zone-${z}`, { days: 1 + (z % 5), price: 3.9 + (z % 4) }]));
const fetchEstimate = async (zone) => { throw new Error(`no carrier in the bench for ${zone}`); };
const estimateFor = async (zone) => estimates.get(zone) ?? fetchEstimate(zone);
const offers = Array.from({ length: 80000 }, (_, i) => ({ id: `OF-${500000 + i}`, price: 10 + (i % 300), zone: `zone-${(i * 7) % 40}` }));

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  let free = 0;
  for (let page = 0; page < offers.length; page += 500) {
    const shipping = await Promise.all(offers.slice(page, page + 500).map((o) => limit(() => estimateFor(o.zone))));
    for (const s of shipping) if (s.price < 5) free++;
  }
  ctx.body = { offers: offers.length, cheapShipping: free };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
