// Koa 3 (@koa/router, koa-helmet, koa-bodyparser): an integrations hub. Partners register webhook callback URLs
// (posted in the registration form's body); /x is the admin page that lists a partner's registered callbacks with
// host and path, split with parseuri 0.0.6 (pinned through an old socket.io-client 2 lockfile). One partner pasted a
// callback URL whose path is a 14,000-character token with no dot or slash: parseuri's URI regex tests a lookahead
// that scans the rest of the path at every character of it (quadratic; the ReDoS fixed in parseuri 2.0.0).
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const helmet = require('koa-helmet');
const bodyParser = require('koa-bodyparser');
const parseuri = require('parseuri');

const callbacks = new Map(['acme', 'globex'].map((p) => [p, Array.from({ length: 40 }, (_, i) => ({
  event: ['order.created', 'order.paid', 'refund.issued', 'shipment.sent'][i % 4],
  url: `https://hooks.${p}.example.com/v2/events/${i}?sig=on`,
}))]));
callbacks.get('globex')[17].url = `https://hooks.globex.example.com/cb/${'tok'.repeat(4700)}`;

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const partner = callbacks.has(ctx.query.partner) ? ctx.query.partner : 'globex';
  const rows = callbacks.get(partner).map((c) => {
    const u = parseuri(c.url);
    return { event: c.event, host: u.host, path: u.path.slice(0, 60), secure: u.protocol === 'https' };
  });
  ctx.body = { partner, callbacks: rows };
});

const app = new Koa();
app.use(helmet());
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
