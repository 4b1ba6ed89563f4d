// Koa: a small CMS renders content pages with the theme's Twig templates. The theme's "landing" template
// (55 content sections, kept in the database and loaded at start-up here) is handed to Twig.twig({ data })
// inside the page handler, so twig.js tokenizes and compiles it again for every page view before rendering.
'use strict';
const Koa = require('koa');
const Twig = require('twig');

let landing = '<html><head><title>{{ page.title }}</title></head><body><header><h1>{{ page.title|upper }}</h1><p>{{ site.tagline }}</p></header>';
for (let i = 0; i < 55; i++) {
  landing += `<section class="s${i}">{% if sections[${i}] %}<h2>{{ sections[${i}].heading|title }}</h2>` +
    `{% for card in sections[${i}].cards %}<article class="c{{ loop.index }}"><a href="{{ site.base }}/p/{{ card.slug|url_encode }}">{{ card.name|e }}</a> ` +
    `<span>{{ (card.price / 100)|number_format(2, ',', '.') }} {{ site.currency }}</span>{% if card.badge %}<em>{{ card.badge }}</em>{% else %}<i>-</i>{% endif %}</article>{% endfor %}` +
    `{% else %}<p>{{ site.fallback }}</p>{% endif %}</section>\n`;
}
landing += '<footer>{{ site.name }} &copy; {{ site.year }}</footer></body></html>';
const theme = { landing };
const site = { name: 'Acme Outdoor', tagline: 'Gear for every trail', base: 'https://shop.example.com', currency: 'EUR', fallback: 'More soon.', year: 2024 };
const pages = Array.from({ length: 200 }, (_, p) => ({
  page: { title: `Spring collection ${p}` }, site,
  sections: Array.from({ length: 55 }, (__, s) => (s % 5 === 0 ? null : { heading: `picks for trail ${s}`, cards: [{ slug: `tent ${s}`, name: 'Tent & tarp', price: 12999 + s, badge: s % 2 ? 'new' : '' }] })),
}));
let next = 0;

const app = new Koa();
app.use((ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const data = pages[next]; next = (next + 1) % pages.length;
  const template = Twig.twig({ data: theme.landing });
  ctx.type = 'html';
  ctx.body = template.render(data);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
