// control: Express 4: the account area's API behind the usual middleware: express-prom-bundle (a
// prom-client histogram per route and status), serve-favicon, cookie-session (a signed session cookie:
// keygrip HMACs on read and write), and express-jwt (HS256 bearer tokens for API clients; anonymous
// browser requests pass with credentialsRequired: false). /x returns the signed-in shopper's last 20
// orders from the in-memory order store and counts the page view in the session.
'use strict';
const express = require('express');
const promBundle = require('express-prom-bundle');
const favicon = require('serve-favicon');
const cookieSession = require('cookie-session');
const { expressjwt } = require('express-jwt');

const icon = Buffer.concat([Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 0x68, 4, 0, 0, 22, 0, 0, 0]), Buffer.alloc(1128, 0x7f)]);
const orders = Array.from({ length: 3000 }, (_, i) => ({ id: `SO-${700000 + i}`, total: (1999 + (i * 37) % 20000) / 100, status: ['paid', 'shipped', 'delivered'][i % 3], placedAt: new Date(Date.UTC(2025, 0, 1 + (i % 60))).toISOString() }));

const app = express();
app.use(promBundle({ includeMethod: true, includePath: true, promClient: { collectDefaultMetrics: {} } }));
app.use(favicon(icon));
app.use(cookieSession({ name: 'sid', keys: ['a-long-key-rotated-monthly', 'the-previous-key'], maxAge: 24 * 60 * 60 * 1000, sameSite: 'lax' }));
app.use(expressjwt({ secret: 'api-client-signing-secret-of-32-bytes!', algorithms: ['HS256'], credentialsRequired: false }));

app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  req.session.views = (req.session.views || 0) + 1;
  const customer = req.auth?.sub ?? 'guest';
  const start = (req.session.views * 20) % orders.length;
  res.json({ customer, views: req.session.views, orders: orders.slice(start, start + 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
