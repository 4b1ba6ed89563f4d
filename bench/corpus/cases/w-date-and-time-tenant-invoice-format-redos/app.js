// Koa: an invoicing service formats each invoice's dates with the date format the tenant saved in
// its settings, using date-and-time 0.14.1. One tenant saved a format that opens a "[" literal and
// never closes it (CVE-2020-26289), held here as the stored settings made at start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const date = require('date-and-time');

const tenants = new Map();
const formats = ['YYYY-MM-DD', 'DD.MM.YYYY', 'MM/DD/YYYY', 'D MMM YYYY', 'ddd, MMM D YYYY'];
for (let i = 0; i < 20; i++) tenants.set(`t${i}`, { name: `Tenant ${i}`, dateFormat: formats[i % formats.length] });
tenants.get('t13').dateFormat = '[Issued DD MMM YYYY net';
const invoices = [];
for (let i = 0; i < 60; i++) invoices.push({ id: `INV-${5000 + i}`, tenant: `t${i % 20}`, issued: new Date(Date.UTC(2024, i % 12, 1 + (i % 28))), total: 1000 + i * 37 });

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const rows = invoices.map((inv) => ({ id: inv.id, total: inv.total, issued: date.format(inv.issued, tenants.get(inv.tenant).dateFormat) }));
  ctx.body = { invoices: rows.length, first: rows[0] };
});
app.use(router.routes());

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
