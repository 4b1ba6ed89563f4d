// Express 4 with helmet: the integration hub of a food wholesaler's B2B portal. Each customer (tenant) connects its
// ERP, warehouse and accounting systems; a connector is an axios instance created with the tenant's base URL. Before
// the nightly sync, the operations page shows a preview (/connectors/sync-preview) of every outbound call the sync
// will make, resolved with the connector's getUri. The settings form only checks the scheme and the host, and one
// tenant's ERP connector was saved with a base URL whose path is a run of 10,000 slashes before "api/v2"; axios 1.6.2
// joins base and path with baseURL.replace(/\/+$/, ''), quadratic on a long run of slashes that does not end the
// string (the ReDoS fixed in 1.6.3). Tenants and connectors are made at start-up.
'use strict';
const express = require('express');
const helmet = require('helmet');
const axios = require('axios');

const endpoints = {
  erp: [{ path: '/orders', pageSize: 200 }, { path: '/orders/lines', pageSize: 500 }, { path: '/customers', pageSize: 200 }, { path: '/price-lists', pageSize: 100 }],
  wms: [{ path: '/stock-levels', pageSize: 1000 }, { path: '/shipments', pageSize: 200 }],
  accounting: [{ path: '/invoices', pageSize: 200 }, { path: '/credit-notes', pageSize: 200 }],
};
const tenants = new Map();
for (let t = 0; t < 40; t++) {
  const id = `T-${1000 + t}`;
  const slug = ['brightline-foods', 'harbour-deli', 'greenvale-grocers', 'northside-catering'][t % 4] + `-${t}`;
  const connectors = Object.keys(endpoints).map((kind) => {
    const baseURL = id === 'T-1017' && kind === 'erp' ? `https://erp.${slug}.example${'/'.repeat(10000)}api/v2` : `https://${kind}.${slug}.example/api/v2`;
    return { id: `${id}-${kind}`, kind, client: axios.create({ baseURL, timeout: 15000, headers: { 'x-tenant': id } }) };
  });
  tenants.set(id, { id, name: slug, connectors, lastSync: new Date(Date.UTC(2025, 5, 14, 2, t % 60)).toISOString() });
}

function previewCalls(tenant) {
  const calls = [];
  for (const c of tenant.connectors) {
    for (const ep of endpoints[c.kind]) {
      const url = c.client.getUri({ url: ep.path, params: { updatedSince: tenant.lastSync, limit: ep.pageSize } });
      calls.push({ connector: c.id, method: 'GET', url: url.length > 160 ? `${url.slice(0, 80)}…(${url.length} chars)` : url });
    }
  }
  return calls;
}

const app = express();
app.use(helmet());
app.get('/health', (req, res) => res.send('ok'));
app.get('/connectors/sync-preview', (req, res) => {
  const tenant = tenants.get(String(req.query.tenant || 'T-1017'));
  if (!tenant) return res.status(404).json({ error: 'unknown tenant' });
  res.json({ tenant: tenant.id, name: tenant.name, since: tenant.lastSync, calls: previewCalls(tenant) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
