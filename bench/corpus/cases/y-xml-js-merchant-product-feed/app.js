// Fastify 5: a shop's product feed for a price-comparison partner. The partner's crawler polls /x; the service
// maps the 3,000 listed products to the feed's item shape and serialises the document with xml-js's js2xml
// (compact form, indented as the partner's validator wants) on every poll.
'use strict';
const fastify = require('fastify');
const convert = require('xml-js');

const products = Array.from({ length: 3000 }, (_, i) => ({
  id: `SKU-${100000 + i}`, title: `Merino crew neck jumper, colour ${i % 12}, size ${['S', 'M', 'L', 'XL'][i % 4]}`,
  description: 'Knitted from extra-fine merino wool; machine washable at 30 degrees; ribbed cuffs and hem. '.repeat(2),
  price: (29 + (i % 70) + 0.99).toFixed(2), sale: i % 5 === 0 ? (25 + (i % 60) + 0.49).toFixed(2) : null,
  brand: ['Northfold', 'Lanea', 'Harbour & Co'][i % 3], gtin: String(4006381333931 + i), stock: (i * 7) % 40,
  images: [`https://cdn.example.com/p/${i}/front.jpg`, `https://cdn.example.com/p/${i}/back.jpg`],
  category: 'Apparel & Accessories > Clothing > Shirts & Tops',
}));

function feedItem(p) {
  return {
    'g:id': { _text: p.id }, title: { _text: p.title }, description: { _text: p.description },
    link: { _text: `https://shop.example.com/p/${p.id}` }, 'g:image_link': { _text: p.images[0] },
    'g:additional_image_link': p.images.slice(1).map((u) => ({ _text: u })),
    'g:availability': { _text: p.stock > 0 ? 'in_stock' : 'out_of_stock' },
    'g:price': { _text: `${p.price} EUR` }, ...(p.sale ? { 'g:sale_price': { _text: `${p.sale} EUR` } } : {}),
    'g:brand': { _text: p.brand }, 'g:gtin': { _text: p.gtin }, 'g:condition': { _text: 'new' },
    'g:google_product_category': { _text: p.category },
    'g:shipping': { 'g:country': { _text: 'DE' }, 'g:service': { _text: 'Standard' }, 'g:price': { _text: '4.95 EUR' } },
  };
}

const app = fastify();
app.get('/health', async () => 'ok');

app.get('/x', async (req, reply) => {
  const doc = {
    _declaration: { _attributes: { version: '1.0', encoding: 'utf-8' } },
    rss: { _attributes: { version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' },
      channel: { title: { _text: 'Example shop' }, link: { _text: 'https://shop.example.com' }, item: products.map(feedItem) } },
  };
  const xml = convert.js2xml(doc, { compact: true, spaces: 2 });
  reply.type('application/xml');
  return xml;
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
