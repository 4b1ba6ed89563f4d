// Koa: a white-label storefront reads each tenant's accent colour with color-string 1.5.4 to build its
// CSS variables. One tenant saved a crafted colour: "hwb(" followed by 12,000 digits and no closing paren.
'use strict';
const Koa = require('koa');
const colorString = require('color-string');

const tenant = { id: 't-41', accent: 'hwb(' + '1'.repeat(12000) + '!', text: '#222222' };

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const accent = colorString.get(tenant.accent) || colorString.get('#0066cc');
  const text = colorString.get(tenant.text);
  ctx.type = 'text/css';
  ctx.body = `:root { --accent: ${colorString.to.rgb(accent.value)}; --text: ${colorString.to.rgb(text.value)}; }`;
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
