// Fastify: a marketplace's review moderation page. /x shows the 4 newest product reviews, each one run through
// bad-words' Filter.clean() so a stray swear word is starred out before a moderator sees it. The reviews are
// ordinary customer prose (made at start-up), nothing hostile: a few dozen words each.
'use strict';
const Fastify = require('fastify');
const Filter = require('bad-words');

const filter = new Filter({ placeHolder: '*' });
const openers = ['Arrived two days early', 'Bought this for my father', 'Second one I have ordered', 'Took a while to ship'];
const bodies = [
  'and the quality is better than I expected for the price, the stitching is neat and the colour matches the photos on the listing',
  'the battery lasts most of the week and the charger is small enough to carry in a jacket pocket when travelling for work',
  'customer service answered within an hour and sent a replacement lid when the first one cracked in the post, very happy overall',
  'fits the shelf perfectly although the instructions were a bit confusing and one screw was missing from the bag in the box',
];
const reviews = Array.from({ length: 500 }, (_, i) => ({ id: 90000 + i, sku: `SKU-${1000 + (i % 80)}`, stars: 1 + (i % 5),
  text: `${openers[i % openers.length]}, ${bodies[(i * 3) % bodies.length]}. Would recommend to friends ${i % 7 ? 'and family' : 'at work'}.` }));
let cursor = 0;

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => {
  const page = [];
  for (let k = 0; k < 4; k++) {
    const r = reviews[cursor++ % reviews.length];
    page.push({ id: r.id, sku: r.sku, stars: r.stars, text: filter.clean(r.text) });
  }
  return { pending: reviews.length - (cursor % reviews.length), page };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
