// Koa (ES modules) with @koa/router: the storefront API of a European fashion retailer, localised with Project
// Fluent. The app's l10n middleware builds the request locale's FluentBundle chain (de-AT falls back to de-DE, then
// en-GB) on every request, and with it parses each locale's whole .ftl catalogue (7,000 messages, about 1.5 MB: the
// product taxonomy, checkout, legal and email strings) with @fluent/bundle's FluentResource, to format the 30-odd
// strings the product page (/x) needs. The catalogues are made at start-up here, as they are read from the locales
// folder.
import Koa from 'koa';
import Router from '@koa/router';
import { FluentBundle, FluentResource } from '@fluent/bundle';

const LOCALES = ['en-GB', 'de-DE', 'de-AT', 'fr-FR', 'nl-NL'];
const CHAIN = { 'en-GB': ['en-GB'], 'de-DE': ['de-DE', 'en-GB'], 'de-AT': ['de-AT', 'de-DE', 'en-GB'], 'fr-FR': ['fr-FR', 'en-GB'], 'nl-NL': ['nl-NL', 'en-GB'] };
const catalogue = (locale, k) => {
  const out = [];
  for (let i = 0; i < 7000; i++) {
    const id = `${['taxonomy', 'checkout', 'legal', 'email', 'pdp'][i % 5]}-${i}`;
    if (i % 9 === 0) out.push(`${id} = { $count ->\n    [one] { $count } item in { $category } (${locale})\n   *[other] { $count } items in { $category } (${locale})\n}`);
    else if (i % 7 === 0) out.push(`${id} =\n    .title = ${k} size guide ${i}\n    .aria-label = Open the size guide for { $product }`);
    else if (i % 5 === 4) out.push(`${id} = ${k} label ${i}: free returns within { $days } days, delivered by { DATETIME($date, month: "long", day: "numeric") }`);
    else out.push(`${id} = ${k} ${i}. By placing an order you agree to our terms of sale and delivery. Items bought online can be returned in any of our stores or by post, free of charge, within the return period stated on your order confirmation; refunds are made to the original means of payment.`);
  }
  out.push('pdp-add = Add to bag', 'pdp-price = { NUMBER($amount, style: "currency", currency: "EUR") }', 'pdp-stock = { $left ->\n    [0] Sold out\n   *[other] Only { $left } left\n}');
  return out.join('\n');
};
const ftl = Object.fromEntries(LOCALES.map((l, k) => [l, catalogue(l, ['Shop', 'Laden', 'Geschäft', 'Boutique', 'Winkel'][k])]));

function l10n() {
  return async (ctx, next) => {
    const locale = LOCALES.find((l) => l === ctx.query.locale) || 'de-AT';
    const bundles = CHAIN[locale].map((l) => {
      const bundle = new FluentBundle(l, { useIsolating: false });
      bundle.addResource(new FluentResource(ftl[l]));
      return bundle;
    });
    ctx.t = (id, args) => { const b = bundles.find((x) => x.hasMessage(id)); return b.formatPattern(b.getMessage(id).value, args); };
    ctx.locale = locale;
    await next();
  };
}

const deliveryIds = Array.from({ length: 7000 }, (_, i) => i).filter((i) => i % 5 === 4 && i % 7 && i % 9).slice(0, 24).map((i) => `pdp-${i}`);
const product = { sku: 'JKT-2291-NAVY', name: 'Quilted field jacket', price: 189.95, currency: 'EUR', left: 3, category: 'Jackets', count: 214 };
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', l10n(), (ctx) => {
  ctx.body = {
    sku: product.sku, locale: ctx.locale, add: ctx.t('pdp-add'), price: ctx.t('pdp-price', { amount: product.price }),
    stock: ctx.t('pdp-stock', { left: product.left }), breadcrumb: ctx.t('taxonomy-0', { count: product.count, category: product.category }),
    delivery: deliveryIds.map((id) => ctx.t(id, { days: 30, date: new Date(Date.UTC(2025, 5, 14)) })),
  };
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
