// Koa: a 10 MB JSON document kept as a string (as a cache hands it back) and JSON.parse'd per request.
'use strict';
const Koa = require('koa');

const catalogue = [];
for (let i = 0; i < 50000; i++) {
  catalogue.push({ id: i, name: `customer ${i}`, email: `c${i}@example.com`, address: { street: `${i} Main St`, city: 'Springfield', zip: '12345' }, orders: [i, i + 1, i + 2], active: i % 2 === 0, balance: i * 3.14 });
}
const cached = JSON.stringify(catalogue);

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
  } else if (ctx.path === '/x') {
    const customers = JSON.parse(cached);
    ctx.body = { count: customers.length, first: customers[0] };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
