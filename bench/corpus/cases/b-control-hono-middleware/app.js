// Control: a Hono JSON API with its usual middleware (secure headers, CORS, ETag, request id) and a
// zod check of the query; each request does a little work and answers a small body.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const { etag } = require('hono/etag');
const { requestId } = require('hono/request-id');
const { z } = require('zod');

const products = Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Product ${i}`, price: (i * 37) % 200 }));
const Query = z.object({ page: z.coerce.number().int().min(0).default(0), size: z.coerce.number().int().min(1).max(50).default(20) });

const app = new Hono();
app.use('*', requestId(), secureHeaders(), cors(), etag());
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const { page, size } = Query.parse(c.req.query());
  return c.json({ page, items: products.slice(page * size, page * size + size) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
