// Express 5: the backend-for-frontend of a B2B webshop. The commerce backend speaks JSON:API; the BFF turns its
// documents into plain models with jsona (a JSON:API data mapper: each resource built once, its attributes copied
// and its relationships linked to the included resources). A buyer's order history (/x) asks the app's
// OrderHistoryService, which hydrates the account's whole document on every request: 5,000 orders, each with its
// customer and six line items, each line item linked to one of 400 products. The document is the backend's last
// answer, kept in memory (made at start-up here: no network).
'use strict';
const express = require('express');
const { Jsona } = require('jsona');

class OrderHistoryService {
  constructor(documents) { this.documents = documents; this.formatter = new Jsona(); }
  history(account, limit) {
    const orders = this.formatter.deserialize(this.documents.get(account));
    return orders.slice(0, limit).map((o) => ({
      number: o.number, placedAt: o.placedAt, status: o.status, customer: o.customer.name,
      lines: o.lineItems.map((li) => ({ sku: li.product.sku, name: li.product.name, qty: li.qty, unitPrice: li.unitPrice })),
    }));
  }
}

const data = [], included = [];
for (let p = 0; p < 400; p++) included.push({ type: 'products', id: `p${p}`, attributes: { sku: `FX-${1000 + p}`, name: `Fastener set ${p}`, price: 1.5 + (p % 90), unit: 'box' } });
for (let c = 0; c < 40; c++) included.push({ type: 'customers', id: `c${c}`, attributes: { name: `Buyer ${c}`, email: `buyer${c}@bouwmarkt-jansen.example`, costCenter: `CC-${c % 7}` } });
for (let i = 0; i < 5000; i++) {
  const lineItems = [];
  for (let k = 0; k < 6; k++) {
    const id = `li-${i}-${k}`;
    lineItems.push({ type: 'line-items', id });
    included.push({ type: 'line-items', id, attributes: { qty: 1 + ((i + k) % 12), unitPrice: 2.4 + ((i * k) % 50) },
      relationships: { product: { data: { type: 'products', id: `p${(i * 7 + k) % 400}` } } } });
  }
  data.push({ type: 'orders', id: `o${i}`, attributes: { number: `SO-25-${String(40000 + i)}`, status: i % 9 ? 'delivered' : 'open', placedAt: new Date(Date.UTC(2024, 0, 1) + i * 3.6e6 * 3).toISOString(), total: 120 + (i % 300) },
    relationships: { customer: { data: { type: 'customers', id: `c${i % 40}` } }, lineItems: { data: lineItems } } });
}
const service = new OrderHistoryService(new Map([['ACC-2231', { data, included }]]));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => res.json({ account: 'ACC-2231', orders: service.history(req.query.account || 'ACC-2231', 25) }));
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
