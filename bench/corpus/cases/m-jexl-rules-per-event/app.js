// Express: the fraud-screening step of a checkout service. Analysts keep their rules as Jexl expressions;
// every incoming transaction is scored against all 40 rules with jexl.evalSync(rule.expr, context), which
// lexes, parses and builds the rule's AST again each time. /x screens the next batch of 10 transactions.
'use strict';
const express = require('express');
const jexl = require('jexl');

jexl.addTransform('lower', (s) => String(s).toLowerCase());
jexl.addTransform('len', (a) => (a ? a.length : 0));
const countries = ['NL', 'DE', 'FR', 'US', 'BR', 'NG', 'GB', 'IN'];
const rules = [];
for (let i = 0; i < 40; i++) {
  const c1 = countries[i % 8], c2 = countries[(i + 3) % 8];
  rules.push({
    id: `R${100 + i}`, weight: (i % 5) + 1,
    expr: `(tx.amount > ${200 + i * 25} && tx.card.country != tx.ip.country && tx.ip.country in ["${c1}", "${c2}"]) || ` +
      `(customer.orders.last30 < ${i % 4} && tx.items|len > ${2 + (i % 6)} && tx.shipping.country != customer.country) || ` +
      `(tx.email|lower == "test${i}@example.com" || (tx.velocity.hour > ${3 + (i % 7)} && tx.amount / (customer.avgOrder + 1) > ${1.5 + (i % 4)})) || ` +
      `(tx.card.bin[0] == "${i % 10}" && tx.device.age < ${i + 1} && tx.items[.category == "giftcard"]|len > 0)`,
  });
}
const txs = Array.from({ length: 500 }, (_, i) => ({
  customer: { country: countries[i % 8], avgOrder: 40 + (i % 90), orders: { last30: i % 5 } },
  tx: { amount: 30 + (i * 37) % 1500, email: `Buyer${i}@Example.com`, velocity: { hour: i % 9 }, device: { age: i % 60 },
    card: { country: countries[(i + 1) % 8], bin: String(400000 + i) }, ip: { country: countries[(i + 2) % 8] },
    shipping: { country: countries[(i + i % 3) % 8] }, items: Array.from({ length: 1 + (i % 7) }, (__, k) => ({ sku: `S${k}`, category: k === 3 ? 'giftcard' : 'home' })) },
}));
let next = 0;

function score(context) {
  let total = 0;
  const hits = [];
  for (const rule of rules) {
    if (jexl.evalSync(rule.expr, context)) { total += rule.weight; hits.push(rule.id); }
  }
  return { total, hits };
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const flagged = [];
  for (let k = 0; k < 10; k++) {
    const t = txs[next]; next = (next + 1) % txs.length;
    const s = score(t);
    if (s.total >= 6) flagged.push(s);
  }
  res.json({ screened: 10, flagged: flagged.length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
