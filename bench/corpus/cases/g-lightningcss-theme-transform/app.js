// Koa: the storefront serves its theme stylesheet through lightningcss on every request: the 1.9 MB
// source (utility classes, nesting, lab() colours) is minified and lowered for the browser targets
// the shop supports. The source and the targets never change between deploys.
'use strict';
const Koa = require('koa');
const { transform, browserslistToTargets } = require('lightningcss');

const targets = browserslistToTargets(['chrome 90', 'firefox 88', 'safari 14.1']); // the shop's browserslist
let source = '';
for (let i = 0; i < 8000; i++) {
  source += `.card-${i} { display: flex; user-select: none; background: linear-gradient(to right, rgba(${i % 255}, 10, 20, .5), #fff);\n` +
    `  &:hover { color: lab(50% ${i % 60} 20); transform: translateX(${i}px); }\n  @media (width >= ${300 + (i % 900)}px) { padding: ${i % 17}px ${i % 9}rem; } }\n`;
}
const code = Buffer.from(source);

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const { code: css } = transform({ filename: 'theme.css', code, minify: true, targets });
  ctx.type = 'text/css';
  ctx.body = css;
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
