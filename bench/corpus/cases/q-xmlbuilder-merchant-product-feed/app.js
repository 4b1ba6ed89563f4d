// Fastify 5: the shop's Google Merchant Center feed. The merchant centre fetches /x (the RSS 2.0 product
// feed with the g: namespace) several times a day, and the shop builds it from the catalogue on each fetch
// with xmlbuilder: a document object of 1,000 items (each with its price, availability, shipping and
// product details) handed to create(), then end() with pretty printing. The catalogue is made at start-up.
'use strict';
const fastify = require('fastify')();
const builder = require('xmlbuilder');

const brands = ['Nordlicht', 'Havel & Co', 'Kiezwerk', 'Spreeform'];
const catalogue = Array.from({ length: 1000 }, (_, i) => ({
  id: `SKU-${200000 + i}`, title: `${brands[i % 4]} desk lamp <${['oak', 'steel', 'glass'][i % 3]}> model ${i}`,
  description: `Dimmable LED desk lamp, ${20 + (i % 40)} cm arm, warm & cold light, USB-C. Batch ${i % 97}.`,
  price: (1999 + (i * 37) % 15000) / 100, sale: i % 5 === 0 ? (1499 + (i * 37) % 12000) / 100 : null,
  stock: (i * 13) % 40, brand: brands[i % 4], gtin: String(4006381333931 + i * 7), weight: 0.4 + (i % 30) / 10,
  colours: ['black', 'white', 'brass'].slice(0, 1 + (i % 3)),
}));

const item = (p) => ({
  'g:id': p.id, title: p.title, description: p.description, link: `https://shop.example/p/${p.id}`,
  'g:image_link': `https://cdn.shop.example/img/${p.id}.jpg`,
  'g:additional_image_link': p.colours.map((c) => `https://cdn.shop.example/img/${p.id}-${c}.jpg`),
  'g:availability': p.stock > 0 ? 'in_stock' : 'out_of_stock', 'g:price': `${p.price.toFixed(2)} EUR`,
  ...(p.sale ? { 'g:sale_price': `${p.sale.toFixed(2)} EUR` } : {}),
  'g:brand': p.brand, 'g:gtin': p.gtin, 'g:condition': 'new', 'g:google_product_category': 'Home & Garden > Lighting > Lamps',
  'g:shipping': [{ 'g:country': 'DE', 'g:service': 'Standard', 'g:price': '4.90 EUR' }, { 'g:country': 'AT', 'g:service': 'Standard', 'g:price': '7.90 EUR' }],
  'g:shipping_weight': `${p.weight.toFixed(1)} kg`,
  'g:product_detail': p.colours.map((c) => ({ 'g:attribute_name': 'colour', 'g:attribute_value': c })),
});

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const feed = { rss: { '@version': '2.0', '@xmlns:g': 'http://base.google.com/ns/1.0', channel: { title: 'Shop feed', link: 'https://shop.example', description: 'All products', item: catalogue.map(item) } } };
  const xml = builder.create(feed, { encoding: 'UTF-8' }).end({ pretty: true });
  reply.type('application/rss+xml; charset=utf-8');
  return xml;
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
