// Koa login route checking the password with bcryptjs 3.x compareSync (cost 11).
'use strict';
const Koa = require('koa');
const bcrypt = require('bcryptjs');

const stored = bcrypt.hashSync('correct horse battery staple', 11);

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = 'ok';
    return;
  }
  if (ctx.path === '/x') {
    const ok = bcrypt.compareSync('correct horse battery staple', stored);
    ctx.status = ok ? 200 : 401;
    ctx.body = { ok };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
