// Express 4, bundled with esbuild as the team ships it: the purchasing service of a hardware wholesaler. Suppliers
// upload a new price list every week; the buyer's screen asks what changed since the list in force, shown as a unified
// diff of the two lists (one line per article, sorted by article number) made with difflib, the port of Python's
// difflib, in the app's PriceListRepository. Each list has 2,400 articles and week 23 raised the price of one article
// in three. Both weeks are made at start-up.
const express = require('express');
const difflib = require('difflib');

const article = (i, week) => {
  const bump = week === 23 && i % 3 === 0 ? 1.04 : 1;
  return `${String(700000 + i * 3).padStart(8, '0')};Hex bolt DIN 933 M${(i % 20) + 3}x${(i % 90) + 10} zinc plated;box ${(i % 4 + 1) * 50};EUR ${(((i * 7919) % 9000) / 100 * bump + 2).toFixed(2)};lead ${(i % 9) + 2} d`;
};
const lists = new Map([['SUP-0417', {
  22: Array.from({ length: 2400 }, (_, i) => article(i, 22)),
  23: Array.from({ length: 2400 }, (_, i) => article(i, 23)).filter((_, i) => i % 97 !== 5),
}]]);

class PriceListRepository {
  constructor(store) { this.store = store; }
  changes(supplier, from, to) {
    const weeks = this.store.get(supplier);
    const diff = difflib.unifiedDiff(weeks[from], weeks[to], { fromfile: `${supplier}/w${from}`, tofile: `${supplier}/w${to}`, lineterm: '', n: 1 });
    return { supplier, from, to, changed: diff.filter((l) => l[0] === '+' && !l.startsWith('+++')).length, removed: diff.filter((l) => l[0] === '-' && !l.startsWith('---')).length, diff };
  }
}
const repo = new PriceListRepository(lists);

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/suppliers/:id/pricelist/changes', (req, res) => {
  const result = repo.changes(req.params.id, Number(req.query.from) || 22, Number(req.query.to) || 23);
  res.json({ ...result, diff: result.diff.slice(0, 200) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
