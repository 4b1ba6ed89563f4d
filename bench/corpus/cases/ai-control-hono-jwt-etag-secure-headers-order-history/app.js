// Control: Hono on @hono/node-server with a usual API stack: secureHeaders, cors, etag, a request id, timing headers
// and bearer-JWT auth (hono/jwt, HS256 verified with WebCrypto) on /x. /x is a customer's order history: one page of
// 20 orders, filtered and sorted from 2,000 kept in memory: light work. /health answers without auth.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const { etag } = require('hono/etag');
const { requestId } = require('hono/request-id');
const { timing } = require('hono/timing');
const { jwt, sign } = require('hono/jwt');

const SECRET = 'order-history-signing-key-0b1c2d3e4f';
const orders = Array.from({ length: 2000 }, (_, i) => ({
  id: `ord_${100000 + i}`, customer: `cus_${i % 50}`, status: ['paid', 'shipped', 'delivered', 'refunded'][i % 4],
  total: Math.round(((i * 7919) % 40000) + 500) / 100, placedAt: new Date(1.7e12 + i * 3_600_000).toISOString(),
}));
let demoToken = '';

const app = new Hono();
app.use('*', requestId());
app.use('*', timing());
app.use('*', secureHeaders());
app.use('*', cors({ origin: 'https://account.example.com' }));
app.use('*', etag());
app.get('/health', (c) => c.json({ ok: true }));
// the load generator sends no Authorization header: the demo token stands in for the browser's session
app.use('/x', async (c, next) => { if (!c.req.header('authorization')) c.req.raw.headers.set('authorization', `Bearer ${demoToken}`); await next(); });
app.use('/x', jwt({ secret: SECRET }));
app.get('/x', (c) => {
  const { sub } = c.get('jwtPayload');
  const page = Math.max(0, Number(c.req.query('page')) || 0);
  const mine = orders.filter((o) => o.customer === sub && o.status !== 'refunded').sort((a, b) => (a.placedAt < b.placedAt ? 1 : -1));
  return c.json({ customer: sub, total: mine.length, page, orders: mine.slice(page * 20, page * 20 + 20) });
});

sign({ sub: 'cus_7', exp: Math.floor(Date.now() / 1000) + 86400 }, SECRET).then((t) => {
  demoToken = t;
  serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
});
