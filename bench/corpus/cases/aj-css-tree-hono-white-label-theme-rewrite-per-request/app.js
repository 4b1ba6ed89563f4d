// Hono on @hono/node-server (secureHeaders, cors, etag): a white-label storefront platform. Each tenant's storefront
// loads /x, its theme stylesheet: the platform's base stylesheet (~1,300 rules, kept in memory) is parsed with
// css-tree on every request, walked to swap the brand colours and font for the tenant's, and generated back to CSS,
// which is what the response sends. The output only depends on the tenant's theme settings, yet the whole sheet is
// parsed, rewritten and serialised again for every page load that misses the browser cache.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { secureHeaders } = require('hono/secure-headers');
const { cors } = require('hono/cors');
const { etag } = require('hono/etag');
const csstree = require('css-tree');

const parts = [];
for (let i = 0; i < 1300; i++) {
  parts.push(`.c-${i % 300}__el-${i} > .btn:not(.disabled):hover, .theme .block-${i} [data-state="open"] { color: #1d4ed8; background: linear-gradient(90deg, #1d4ed8 0%, rgba(29, 78, 216, 0.6) 100%); border: 1px solid #1d4ed8; padding: ${i % 7}px ${(i % 5) * 2}px calc(${i % 9}px + 0.25rem); font-family: "Inter", system-ui, sans-serif; transition: color .2s ease-in-out, background-color .2s ease-in-out; }`);
  if (i % 50 === 0) parts.push(`@media (min-width: ${600 + (i % 8) * 100}px) { .grid-${i} { display: grid; grid-template-columns: repeat(${2 + (i % 4)}, minmax(0, 1fr)); gap: 1rem; color: #1d4ed8; } }`);
}
const BASE_CSS = parts.join('\n');
const themes = new Map([
  ['acme', { brand: '#e11d48', font: 'Poppins' }],
  ['globex', { brand: '#059669', font: 'Lato' }],
  ['initech', { brand: '#7c3aed', font: 'Source Sans 3' }],
]);

function rebrand(ast, theme) {
  csstree.walk(ast, (node) => {
    if (node.type === 'Hash' && node.value.toLowerCase() === '1d4ed8') node.value = theme.brand.slice(1);
    if (node.type === 'String' && node.value === 'Inter') node.value = theme.font;
  });
  return ast;
}

const app = new Hono();
app.use('*', secureHeaders());
app.use('*', cors({ origin: '*' }));
app.use('*', etag());
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const theme = themes.get(c.req.query('tenant')) || themes.get('globex');
  const css = csstree.generate(rebrand(csstree.parse(BASE_CSS), theme));
  c.header('cache-control', 'public, max-age=300');
  return c.body(css, 200, { 'content-type': 'text/css; charset=utf-8' });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
