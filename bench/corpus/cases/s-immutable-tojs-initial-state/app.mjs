// Restana (ESM): the storefront's server-side render hands the client its initial Redux state. The state
// lives in the server's store as an Immutable.js Map (the catalogue's 13,000 products, their variants, the
// filters), and each page request turns it into plain JavaScript with toJS() to embed it in the page.
import restana from 'restana';
import { fromJS } from 'immutable';

const state = fromJS({
  catalogue: {
    products: Array.from({ length: 13000 }, (_, i) => ({
      id: `P-${70000 + i}`, name: `Sneaker ${i}`, brand: ['Nordlauf', 'Kiez', 'Spree'][i % 3], price: { amount: 4990 + (i * 37) % 9000, currency: 'EUR' },
      variants: Array.from({ length: 4 }, (_, k) => ({ size: 38 + k * 2, stock: (i * 13 + k) % 30, sku: `P-${70000 + i}-${38 + k * 2}` })),
      tags: ['running', i % 2 ? 'men' : 'women', `season-${i % 4}`],
    })),
  },
  filters: { brand: [], size: [], priceRange: [0, 20000] },
  ui: { page: 1, sort: 'popular' },
});

const service = restana();
service.get('/health', (req, res) => res.send('ok'));
service.get('/x', (req, res) => {
  const initial = state.toJS();
  res.send({ products: initial.catalogue.products.length, first: initial.catalogue.products[0] });
});
service.start(Number(process.env.PORT) || 0, '127.0.0.1');
