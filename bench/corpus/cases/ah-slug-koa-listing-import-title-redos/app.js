// Koa 2 (with koa-helmet, koa-bodyparser and @koa/router): a holiday-rental marketplace imports listings from
// partner channel managers. /x previews the next queued import batch (200 listings) with the URL slug each listing
// will get, made with slug, pinned at 0.9.1 by the import worker's old lockfile. One partner's listing title carries a
// pasted run of 14,000 spaces and tabs (copied out of a PDF brochure) before its last word: slug 0.9.1 trims its
// result with /^\s+|\s+$/g, whose second branch re-scans the whole run from every position where it starts
// (CVE-2017-16117, fixed in 0.9.2 by String#trim).
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const helmet = require('koa-helmet');
const slug = require('slug');

const places = ['Lisbon', 'Porto', 'Faro', 'Sintra', 'Cascais', 'Lagos', 'Tavira', 'Ericeira'];
const kinds = ['Sea-view apartment', 'Townhouse with patio', 'Studio near the old town', 'Villa with pool', 'Loft, 2 bedrooms'];
const batch = Array.from({ length: 200 }, (_, i) => ({
  externalId: `cm-${48000 + i}`, partner: `partner-${i % 9}`,
  title: `${kinds[i % kinds.length]} in ${places[i % places.length]} (${2 + (i % 5)} guests) — ref ${i}`,
}));
batch[137].title = `Charming T2 in Alfama${' \t'.repeat(7000)}Lisbon`;

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const preview = batch.map((listing) => ({
    externalId: listing.externalId, partner: listing.partner,
    slug: slug(listing.title, { lower: true }).slice(0, 80),
  }));
  ctx.body = { batch: 'imp_2291', listings: preview.length, preview };
});

const app = new Koa();
app.use(helmet());
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
