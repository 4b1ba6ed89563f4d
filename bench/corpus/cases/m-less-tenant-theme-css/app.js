// Express: a hosted storefront serves each shop's stylesheet (/x here). The theme is written in Less
// (buttons, alerts, a 12-column grid and spacing utilities for 20 components); the handler compiles it
// with less.render and the shop's brand variables (modifyVars) on every request for the stylesheet.
'use strict';
const express = require('express');
const less = require('less');

let theme = `@brand: #000; @radius: 0; @gutter: 24px; @columns: 12;
@spacers: 0 0, 1 4px, 2 8px, 3 16px, 4 24px, 5 48px;
.button-variant(@bg) { background: @bg; border-color: darken(@bg, 8%); color: contrast(@bg);
  &:hover { background: darken(@bg, 12%); } &:focus { box-shadow: 0 0 0 3px fade(@bg, 40%); } &:disabled { opacity: .65; } }
.make-col(@n) when (@n > 0) { .col-@{n} { flex: 0 0 percentage((@n / @columns)); max-width: percentage((@n / @columns)); padding: 0 (@gutter / 2); } .make-col((@n - 1)); }
.spacers(@i: 1) when (@i =< length(@spacers)) { @pair: extract(@spacers, @i); @k: extract(@pair, 1); @v: extract(@pair, 2);
  .p-@{k} { padding: @v; } .m-@{k} { margin: (@v / 2); } .px-@{k} { padding-left: @v; padding-right: @v; } .spacers((@i + 1)); }
`;
for (let i = 0; i < 20; i++) {
  theme += `.component-${i} { @c: spin(@brand, ${i * 9}); .btn { .button-variant(@c); border-radius: (@radius * ${1 + (i % 3)}); }
  .alert { color: darken(@c, 30%); background: lighten(@c, 40%); border: 1px solid mix(@c, #fff, 50%); }
  .make-col(@columns); .spacers(); }\n`;
}
const shops = new Map([['acme', { '@brand': '#3355aa', '@radius': '4px' }], ['globex', { '@brand': '#aa3355', '@radius': '6px' }],
  ['initech', { '@brand': '#2a9d8f', '@radius': '2px' }]]);
less.render(theme, {}, (err) => { if (err) throw err; }); // deploy check: a theme that does not compile fails the deploy

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res, next) => {
  try {
    const vars = shops.get(String(req.query.shop)) || shops.get('acme');
    const { css } = await less.render(theme, { modifyVars: vars, compress: true });
    res.type('css').send(css);
  } catch (err) { next(err); }
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
