// Hono: a scraping proxy keeps the upstream's cookies with tough-cookie 2.3.2. The Set-Cookie header
// the upstream sent back (kept from its last response) is crafted: a long run of spaces inside the pair.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { Cookie } = require('tough-cookie');

const upstream = { url: 'http://shop.local/cart', setCookie: 'session' + ' '.repeat(12000) + 'x' };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const cookie = Cookie.parse(upstream.setCookie);
  return c.json({ url: upstream.url, kept: cookie ? cookie.key : null });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
