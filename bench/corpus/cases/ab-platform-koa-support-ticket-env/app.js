// Koa 3: a helpdesk's ticket list. Every ticket keeps the raw User-Agent of the browser it was filed from, and /x
// shows the 700 newest open tickets with an "environment" column (browser, version, OS) that platform.js works out
// from the User-Agent on each view. Ordinary browser strings, made at start-up.
'use strict';
const Koa = require('koa');
const platform = require('platform');

const agents = [
  (i) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${118 + (i % 8)}.0.${6000 + (i % 40)}.${i % 90} Safari/537.36`,
  (i) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${i % 6} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 6} Mobile/15E148 Safari/604.1`,
  (i) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i % 5} Safari/605.1.15`,
  (i) => `Mozilla/5.0 (X11; Linux x86_64; rv:${115 + (i % 10)}.0) Gecko/20100101 Firefox/${115 + (i % 10)}.0`,
  (i) => `Mozilla/5.0 (Linux; Android ${12 + (i % 3)}; Pixel ${6 + (i % 3)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${119 + (i % 5)}.0.${6045 + (i % 30)}.163 Mobile Safari/537.36`,
];
const tickets = Array.from({ length: 3000 }, (_, i) => ({ id: `HD-${40000 + i}`, subject: `Cannot download invoice ${i}`, status: i % 4 ? 'open' : 'pending',
  customer: `c${(i * 31) % 900}@example.com`, ua: agents[(i * 7) % agents.length](i), created: 1733000000000 - i * 90000 }));

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const rows = [];
  for (const t of tickets) {
    if (t.status !== 'open') continue;
    const env = platform.parse(t.ua);
    rows.push({ id: t.id, subject: t.subject, customer: t.customer, environment: `${env.name} ${env.version} on ${env.os}` });
    if (rows.length === 700) break;
  }
  ctx.body = { open: rows.length, rows };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
