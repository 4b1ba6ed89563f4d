// Koa: a storefront renders a collection page. Each product card comes from the theme's "product-card"
// snippet, which merchants edit in the theme editor (kept as a Liquid string, one branch per shop
// language), rendered with liquidjs for each of the page's 40 products.
'use strict';
const Koa = require('koa');
const { Liquid } = require('liquidjs');

const engine = new Liquid();
const locales = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'sv'];
const card = (l) => `<div class="card card--${l}">{% if product.tags contains "sale" %}<span class="badge">{{ "sale-${l}" | upcase }}</span>{% endif %}` +
  `<a href="/${l}/products/{{ product.handle }}"><h3>{{ product.title | escape }}</h3></a><p class="price">{{ product.price | divided_by: 100.0 | round: 2 }} {{ shop.currency }}</p>` +
  `{% if product.compare_at > product.price %}<s>{{ product.compare_at | divided_by: 100.0 | round: 2 }}</s>{% endif %}<ul>{% for v in product.variants limit: 4 %}<li data-sku="{{ v.sku | default: 'n/a' }}">{{ v.title }}</li>{% endfor %}</ul>` +
  `{% unless product.available %}<em>sold out (${l})</em>{% endunless %}</div>`;
const theme = new Map([['snippets/product-card.liquid', `{% case shop.locale %}${locales.map((l) => `{% when "${l}" %}${card(l)}${card(l)}${card(l)}`).join('')}{% endcase %}`]]);
const collection = Array.from({ length: 40 }, (_, i) => ({
  handle: `linen-shirt-${i}`, title: `Linen shirt ${i}`, price: 3900 + i * 10, compare_at: 5900, available: i % 5 > 0, tags: i % 2 ? ['sale'] : [],
  variants: [{ title: 'S', sku: `LS-${i}-S` }, { title: 'M' }, { title: 'L', sku: `LS-${i}-L` }],
}));

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const shop = { currency: 'EUR', locale: 'de' };
  const cards = [];
  for (const product of collection) {
    cards.push(await engine.parseAndRender(theme.get('snippets/product-card.liquid'), { shop, product }));
  }
  ctx.type = 'html';
  ctx.body = `<main class="collection">${cards.join('\n')}</main>`;
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
