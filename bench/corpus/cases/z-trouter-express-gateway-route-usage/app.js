// Express 5: an API gateway's admin "usage by endpoint" page. The gateway keeps the last 24,000 proxied requests
// (method and raw path); /x maps each one back to its route template with a trouter 4.0.0 table of the upstream
// API's 210 routes (30 resources x 7 operations, built from its spec at start-up) and counts hits per template,
// on every view. The log entries are made at start-up here.
'use strict';
const express = require('express');
const { Trouter } = require('trouter');

const resources = ['users', 'orders', 'products', 'invoices', 'carts', 'reviews', 'shipments', 'coupons', 'stores',
  'teams', 'webhooks', 'reports', 'tickets', 'articles', 'files', 'customers', 'payments', 'refunds', 'subscriptions',
  'plans', 'warehouses', 'suppliers', 'returns', 'campaigns', 'segments', 'notifications', 'comments', 'categories',
  'locations', 'api-keys'];
const table = new Trouter();
for (const r of resources) {
  table.get(`/api/v1/${r}`, `GET /api/v1/${r}`);
  table.post(`/api/v1/${r}`, `POST /api/v1/${r}`);
  table.get(`/api/v1/${r}/:id`, `GET /api/v1/${r}/:id`);
  table.put(`/api/v1/${r}/:id`, `PUT /api/v1/${r}/:id`);
  table.delete(`/api/v1/${r}/:id`, `DELETE /api/v1/${r}/:id`);
  table.get(`/api/v1/${r}/:id/history`, `GET /api/v1/${r}/:id/history`);
  table.get(`/api/v1/${r}/:id/notes/:noteId`, `GET /api/v1/${r}/:id/notes/:noteId`);
}

const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
const log = [];
for (let i = 0; i < 24000; i++) {
  const r = resources[(i * 7) % resources.length];
  const method = methods[i % methods.length];
  const path = method === 'POST' ? `/api/v1/${r}` : method === 'GET' && i % 5 === 0 ? `/api/v1/${r}/${1000 + (i % 4000)}/history`
    : method === 'GET' && i % 11 === 0 ? `/api/v1/${r}/${1000 + (i % 4000)}/notes/${i % 50}` : `/api/v1/${r}/${1000 + (i % 4000)}`;
  log.push({ method, path, status: i % 40 ? 200 : 500, ms: 5 + (i % 300) });
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const usage = {};
  for (const entry of log) {
    const { handlers } = table.find(entry.method, entry.path);
    const template = handlers[0] || 'unmatched';
    const u = usage[template] || (usage[template] = { hits: 0, errors: 0, totalMs: 0 });
    u.hits++; u.totalMs += entry.ms; if (entry.status >= 500) u.errors++;
  }
  res.json({ requests: log.length, endpoints: Object.keys(usage).length, usage });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
