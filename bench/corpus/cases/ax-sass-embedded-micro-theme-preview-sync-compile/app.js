// micro 10: the theme service of a white-label booking widget. In the admin console, a customer picks brand colours
// and the live preview fetches /themes/preview?primary=...&accent=..., the widget's stylesheet compiled with those
// colours. The handler uses sass-embedded's compileString, the synchronous form: it starts the embedded Dart Sass
// compiler as a child process and waits on it, holding the loop for the whole compilation, though the package offers
// compileStringAsync (and a long-lived AsyncCompiler). The stylesheet source is made at start-up.
'use strict';
const http = require('node:http');
const { serve, send } = require('micro');
const sass = require('sass-embedded');

const source = (primary, accent) => `
@use "sass:color"; @use "sass:math";
$primary: ${primary}; $accent: ${accent}; $radius: 6px;
$palette: (primary: $primary, accent: $accent, success: #2e7d32, warning: #ed6c02, danger: #d32f2f, info: #0288d1, neutral: #616161);
@function ink($c) { @if color.channel($c, "lightness", $space: hsl) > 55% { @return #111; } @return #fff; }
@function tint($c, $i) { @if $i < 5 { @return color.mix($c, #fff, (5 - $i) * 18%); } @return color.mix($c, #000, ($i - 5) * 18%); }
@mixin button-variant($c) { background: $c; color: ink($c); border: 1px solid color.adjust($c, $lightness: -8%); border-radius: $radius;
  &:hover { background: color.adjust($c, $lightness: -6%); } &:focus-visible { outline: 3px solid color.change($c, $alpha: .4); }
  &:disabled { background: color.mix($c, #fff, 40%); } }
@each $name, $c in $palette {
  .bw-btn-#{$name} { @include button-variant($c); }
  .bw-text-#{$name} { color: $c; } .bw-bg-#{$name} { background-color: color.mix($c, #fff, 12%); }
  @for $i from 1 through 9 { .bw-#{$name}-#{$i * 100} { color: tint($c, $i); } }
}
@for $i from 0 through 40 { .bw-m-#{$i} { margin: $i * 2px; } .bw-p-#{$i} { padding: $i * 2px; } .bw-gap-#{$i} { gap: $i * 2px; } }
@each $bp, $w in (sm: 576px, md: 768px, lg: 992px, xl: 1200px) {
  @media (min-width: $w) { @for $c from 1 through 12 { .bw-col-#{$bp}-#{$c} { flex: 0 0 math.percentage(math.div($c, 12)); } } }
}
.bw-calendar { border-radius: $radius; .bw-day { &.selected { background: $primary; color: ink($primary); } &.today { border-color: $accent; } } }`;

const hex = (v, fallback) => (/^#[0-9a-f]{6}$/i.test(v || '') ? v : fallback);
const server = new http.Server(serve(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return 'ok';
  if (url.pathname === '/themes/preview') {
    const primary = hex(url.searchParams.get('primary'), '#5b3cc4');
    const accent = hex(url.searchParams.get('accent'), '#ff8a00');
    const { css } = sass.compileString(source(primary, accent), { style: 'compressed' });
    res.setHeader('content-type', 'text/css');
    return send(res, 200, css);
  }
  return send(res, 404, 'not found');
}));
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
