// Koa: a snapshot endpoint that deep-copies the whole in-memory state with rfdc ("really fast deep clone").
'use strict';
const Koa = require('koa');
const clone = require('rfdc')();

const state = { sessions: [] };
for (let i = 0; i < 50000; i++) {
  state.sessions.push({ id: `s${i}`, user: { id: i, name: `user ${i}`, roles: ['reader'] }, cart: [{ sku: `k${i}`, qty: 1 }], seen: new Date(0) });
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
  } else if (ctx.path === '/x') {
    const snapshot = clone(state);
    ctx.body = { sessions: snapshot.sessions.length };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
