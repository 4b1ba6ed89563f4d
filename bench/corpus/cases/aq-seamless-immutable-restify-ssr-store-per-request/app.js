// restify 11: the server-side rendering service of a furniture retailer's category pages. Each render creates the
// page's Redux-style store, whose initial state the app's createInitialState helper wraps with seamless-immutable
// (the reducers rely on its frozen, immutable state): the whole catalogue snapshot (2,400 products with prices,
// images, variants and facets) is deep-copied, frozen and given seamless-immutable's methods on every request,
// though the snapshot itself never changes between catalogue publishes. The page (/x) then renders 24 products.
// The snapshot is made at start-up, as the catalogue publisher leaves it.
'use strict';
const restify = require('restify');
const Immutable = require('seamless-immutable');

const materials = ['oak', 'walnut', 'steel', 'linen', 'velvet', 'rattan'];
const snapshot = {
  publishedAt: '2025-06-02T04:00:00Z',
  products: Array.from({ length: 2400 }, (_, i) => ({
    id: `FUR-${10000 + i}`, title: `${['Lounge chair', 'Side table', 'Sofa', 'Sideboard', 'Floor lamp'][i % 5]} ${materials[i % 6]} ${i}`,
    category: ['living', 'dining', 'bedroom', 'office'][i % 4], price: { amount: 49 + (i * 37) % 1900, currency: 'EUR', was: i % 8 ? null : 99 + (i % 500) },
    images: Array.from({ length: 3 }, (_, k) => ({ src: `/media/fur/${10000 + i}-${k}.webp`, width: 1200, height: 900, alt: `View ${k + 1}` })),
    variants: Array.from({ length: 4 }, (_, k) => ({ sku: `FUR-${10000 + i}-${k}`, colour: ['natural', 'black', 'sand', 'olive'][k], stock: (i * (k + 3)) % 17, leadTimeDays: 3 + k * 7 })),
    facets: { material: materials[i % 6], width: 40 + (i % 200), assembly: i % 3 === 0, tags: ['new', 'sustainable', 'bestseller'].slice(0, 1 + (i % 3)) },
  })),
};

function createInitialState(req) {
  return Immutable({ catalogue: snapshot, ui: { category: req.query.category || 'living', page: Number(req.query.page) || 1 }, basket: { lines: [] } });
}
const selectPage = (state) => state.catalogue.products.filter((p) => p.category === state.ui.category).slice((state.ui.page - 1) * 24, state.ui.page * 24);

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send(200, 'ok'); next(); });
server.get('/x', (req, res, next) => {
  const state = createInitialState(req);
  const cards = selectPage(state).map((p) => `<li data-id="${p.id}"><img src="${p.images[0].src}" alt="${p.images[0].alt}"><h3>${p.title}</h3><p>${p.price.amount} ${p.price.currency}</p></li>`);
  res.setHeader('content-type', 'text/html');
  res.sendRaw(200, `<!doctype html><main><ul class="grid">${cards.join('')}</ul></main>`);
  next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
