// node:http: a white-label shop compiles its SCSS theme (80 sections of spacing utilities, buttons and
// a 12-column grid) with the tenant's brand colour and radius on every request for the stylesheet, with
// sass's synchronous compileString (the pure-JS Dart Sass).
'use strict';
const http = require('node:http');
const sass = require('sass');

let theme = '@use "sass:math";\n@use "sass:color";\n' +
  '$spacers: (0: 0, 1: .25rem, 2: .5rem, 3: 1rem, 4: 1.5rem, 5: 3rem);\n' +
  '@mixin button-variant($bg) { background: $bg; border-color: color.adjust($bg, $lightness: -8%);\n' +
  '  &:hover { background: color.adjust($bg, $lightness: -12%); } &:disabled { opacity: .65; } }\n';
for (let i = 0; i < 80; i++) {
  theme += `.section-${i} { @each $k, $v in $spacers { .p-#{$k} { padding: $v; } .m-#{$k} { margin: math.div($v, 2); } }\n` +
    `  .btn { @include button-variant(color.adjust($brand, $hue: ${i}deg)); border-radius: $radius * ${1 + (i % 3)}; }\n` +
    `  @for $n from 1 through 12 { .col-#{$n} { width: math.percentage(math.div($n, 12)); } } }\n`;
}
sass.compileString(`$brand: #000;\n$radius: 0;\n${theme}`, { style: 'compressed' }); // start-up check: a theme that does not compile fails the deploy
const tenants = new Map([['acme', { brand: '#3355aa', radius: '4px' }], ['globex', { brand: '#aa3355', radius: '6px' }]]);

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  if (req.url !== '/x') { res.statusCode = 404; return res.end(); }
  const t = tenants.get('acme');
  const { css } = sass.compileString(`$brand: ${t.brand};\n$radius: ${t.radius};\n${theme}`, { style: 'compressed' });
  res.setHeader('Content-Type', 'text/css');
  res.end(css);
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
