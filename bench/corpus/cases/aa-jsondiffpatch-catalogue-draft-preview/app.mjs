// Express 4: merchandisers edit a draft of a collection's catalogue (1,700 products) and the back office shows
// what publishing would change. /x diffs the published collection against the draft with jsondiffpatch,
// matching array items by product id (objectHash) so moves, inserts and deletes are found, on every request.
import express from 'express';
import { create } from 'jsondiffpatch';

const product = (i, draft) => ({ id: `p${i}`, name: `Product ${i}`, price: (i * 7) % 100 + (draft && i % 50 === 0 ? 1 : 0), stock: i % 13, badges: [`b${i % 5}`], visible: !(draft && i % 333 === 0) });
const published = { collection: 'winter-sale', products: Array.from({ length: 1700 }, (_, i) => product(i, false)) };
const draft = { collection: 'winter-sale', products: Array.from({ length: 1700 }, (_, i) => product(i, true)) };
draft.products.splice(120, 4);
draft.products.splice(1300, 0, { id: 'p-new-1', name: 'New arrival', price: 49, stock: 10, badges: ['new'], visible: true });
const drafts = new Map([['winter-sale', { published, draft }]]);

const differ = create({ objectHash: (obj) => obj.id, arrays: { detectMove: true } });

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const { published: before, draft: after } = drafts.get(String(req.query.collection || 'winter-sale'));
  const delta = differ.diff(before, after);
  const changed = delta && delta.products ? Object.keys(delta.products).filter((k) => k !== '_t').length : 0;
  res.json({ collection: before.collection, changed, delta });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
