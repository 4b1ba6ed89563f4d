// Express: the feature-flag service. Clients poll /x for the tenant configuration (2,000 tenants with
// plans, flags, limits and regions) and send If-None-Match; the ETag is object-hash 3's SHA-1 of the whole
// configuration object, computed again on every poll so that it follows any edit.
'use strict';
const express = require('express');
const hash = require('object-hash');

const config = {
  version: 7,
  tenants: Array.from({ length: 2000 }, (_, i) => ({
    id: `t${i}`, plan: ['free', 'pro', 'enterprise'][i % 3],
    flags: { beta: i % 2 === 0, sso: i % 5 === 0, auditLog: i % 3 === 0, limits: { seats: i % 200, storageGb: i * 10, apiPerMinute: 600 + (i % 7) * 100 } },
    regions: ['eu-west', 'us-east', 'ap-south'].slice(0, 1 + (i % 3)),
    createdAt: new Date(Date.UTC(2020, 0, 1, 0, i)),
  })),
};

const app = express();
app.set('etag', false);
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const etag = `"${hash(config)}"`;
  if (req.headers['if-none-match'] === etag) return res.status(304).end();
  res.set('ETag', etag);
  res.json({ version: config.version, tenants: config.tenants.length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
