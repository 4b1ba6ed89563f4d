// Express 5: a white-label storefront. Each tenant's theme (brand colours, radius, spacing) is applied to the
// shared component stylesheet, written in Stylus (70 components, ~32 KB of source); /x serves the tenant's
// theme.css by rendering that source with stylus on every page view, although a tenant's CSS only changes when
// its admin saves new theme settings. (At boot the default theme is rendered once, to fail fast on a broken source.)
'use strict';
const express = require('express');
const stylus = require('stylus');

const component = (name, i) => `
.${name}
  display flex
  align-items center
  padding ($base * ${1 + (i % 3)}) ($base * 2)
  border-radius radius
  background lighten(primary, ${5 + (i % 20)}%)
  color contrast-text(primary)
  transition background 120ms ease-out
  &:hover
    background darken(primary, ${3 + (i % 10)}%)
  &--accent
    background mix(primary, accent, ${20 + (i % 60)}%)
  for n in 1..4
    &-{n}
      margin-top ($base * n)
      font-size (12px + n * 2)
  .${name}__icon
    width unit(16 + ${i % 8}, 'px')
    height @width
`;
const components = ['button', 'card', 'badge', 'chip', 'tab', 'toast', 'modal', 'menu', 'field', 'table'];
const source = Array.from({ length: 70 }, (_, i) => component(`${components[i % 10]}-${Math.floor(i / 10)}`, i)).join('');
const tenants = {
  acme: { primary: '#3b5bdb', accent: '#f76707', radius: '6px' },
  globex: { primary: '#2b8a3e', accent: '#e64980', radius: '2px' },
};
const preamble = (t) => `$base = 4px\nprimary = ${t.primary}\naccent = ${t.accent}\nradius = ${t.radius}\ncontrast-text(c)\n  light(c) ? #111 : #fff\n`;
stylus.render(preamble(tenants.acme) + source, { compress: true });

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const theme = tenants[req.query.tenant] || tenants.acme;
  const css = stylus.render(preamble(theme) + source, { compress: true });
  res.type('text/css').set('cache-control', 'no-cache').send(css);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
