// Express 5 (ESM): a retailer's loyalty programme. /x builds a member's yearly points statement from their
// 30,000 card transactions. pointsFor() used to ask the rules service for each transaction's category rule, so
// the statement runs the transactions through tiny-async-pool, 16 at a time, and sums the points as they come.
// The rules now come from a memoized Map of promises and the transactions from the member's cache (both made at
// start-up), so every await resolves at once and nothing waits on I/O: the whole statement is one run of
// microtasks, each transaction a few promises and a Promise.race over the 16 in flight.
import express from 'express';
import asyncPool from 'tiny-async-pool';

const categories = ['grocery', 'fuel', 'travel', 'pharmacy', 'other'];
const ruleCache = new Map(categories.map((c, i) => [c, Promise.resolve({ category: c, perEuro: [1, 0.5, 3, 2, 1][i] })]));
const transactions = Array.from({ length: 30000 }, (_, i) => ({
  id: `TX-${3100000 + i}`, amount: 1 + ((i * 37) % 500) + (i % 100) / 100,
  category: categories[i % categories.length], refunded: i % 53 === 0,
}));

async function pointsFor(tx) {
  const rule = await ruleCache.get(tx.category);
  return { category: tx.category, points: tx.refunded ? 0 : Math.floor(tx.amount * rule.perEuro) };
}

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', async (req, res) => {
  const points = Object.fromEntries(categories.map((c) => [c, 0]));
  for await (const p of asyncPool(16, transactions, pointsFor)) points[p.category] += p.points;
  res.json({ member: 'M-88412', year: 2024, transactions: transactions.length, points });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
