// Express 4: a payments company's developer portal. Three pages are slow. /sandbox/customers is the API
// explorer's sandbox list: 2,500 fake customers made with @faker-js/faker, seeded so that every developer sees
// the same list, generated again on every request. /webhooks/deliveries is the account's webhook log: the last
// 110 deliveries, each shown with whether its Ed25519 signature verifies against the account's signing key,
// checked with @noble/curves on every view. /usage/errors is the dashboard's error table: for each of the 160
// endpoints, the app counts the server errors among the last day's 150,000 logged requests of the account. The
// signing key, the deliveries and the request log (the pipelines' in-memory tails) are made at start-up.
'use strict';
const express = require('express');
const { faker } = require('@faker-js/faker');
const { ed25519 } = require('@noble/curves/ed25519');

let seed = 3;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const topics = ['payments', 'refunds', 'customers', 'payouts', 'disputes', 'mandates', 'invoices', 'webhooks', 'balances', 'transfers'];
const signingKey = ed25519.utils.randomPrivateKey();
const verifyKey = ed25519.getPublicKey(signingKey);
const deliveries = Array.from({ length: 110 }, (_, i) => {
  const body = Buffer.from(JSON.stringify({ id: `evt_${9000 + i}`, type: `${topics[i % 10]}.updated`, created: 1740787200 + i * 60, data: { object: { id: `obj_${i}`, amount: 1000 + i, currency: 'EUR', metadata: { order: `SO-${40000 + i}`, note: 'x'.repeat(400) } } } }));
  const signature = ed25519.sign(body, signingKey);
  if (i % 37 === 5) signature[10] ^= 1; // a delivery a proxy rewrote
  return { id: `whd_${i}`, url: 'https://shop.example/hooks/pay', status: i % 9 ? 200 : 500, body, signature };
});
const endpoints = Array.from({ length: 160 }, (_, i) => ({ id: i, method: ['GET', 'POST', 'PATCH', 'DELETE'][i % 4], path: `/v2/${topics[i % 10]}${i % 3 ? '/{id}' : ''}${i % 16 < 8 ? '' : '/actions'}` }));
const requestLog = Array.from({ length: 150000 }, (_, i) => ({ endpoint: rnd(160), status: rnd(100) < 3 ? 500 + rnd(4) : 200 + rnd(5), ms: 20 + rnd(400), at: Date.UTC(2025, 2, 3) + i * 576 }));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/sandbox/customers', (req, res) => {
  faker.seed(4242);
  const customers = Array.from({ length: 2500 }, () => ({ id: faker.string.uuid(), name: faker.person.fullName(), email: faker.internet.email(), company: faker.company.name(), iban: faker.finance.iban(), street: faker.location.streetAddress(), city: faker.location.city(), phone: faker.phone.number(), createdAt: faker.date.past({ refDate: '2025-03-01' }) }));
  res.json({ object: 'list', data: customers.slice(0, 100), total: customers.length });
});
app.get('/webhooks/deliveries', (req, res) => {
  const log = deliveries.map((d) => ({ id: d.id, url: d.url, status: d.status, bytes: d.body.length, signatureValid: ed25519.verify(d.signature, d.body, verifyKey) }));
  res.json({ deliveries: log, invalid: log.filter((d) => !d.signatureValid).length });
});
app.get('/usage/errors', (req, res) => {
  const rows = endpoints.map((ep) => {
    const errors = requestLog.filter((r) => r.endpoint === ep.id && r.status >= 500).length;
    return { endpoint: `${ep.method} ${ep.path}`, errors };
  });
  res.json({ window: '24h', endpoints: rows.filter((r) => r.errors > 0).sort((x, y) => y.errors - x.errors) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
