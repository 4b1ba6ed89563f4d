// Polka: the white-label storefront lets each tenant upload its own theme stylesheet. /x is the theme
// check behind the "Preview" button: the saved CSS goes through @adobe/css-tools 4.3.0's parse, and the
// rule count and the imported font sheets are shown. This tenant's designer pasted a Google Fonts
// @import (the old css?family= form, 16 families) as the last line of the file, without its semicolon.
'use strict';
const polka = require('polka');
const css = require('@adobe/css-tools');

const families = ['Roboto:300,400,700', 'Lato:400,700', 'Open+Sans:400italic,600', 'Montserrat:500',
  'Source+Sans+Pro:300,600', 'Merriweather:400,700italic', 'Playfair+Display:700', 'Fira+Sans:400',
  'PT+Serif:400', 'Nunito:300,800', 'Raleway:200', 'Oswald:500', 'Inconsolata:400', 'Work+Sans:600',
  'Karla:400', 'Rubik:300'];
let theme = '';
for (let i = 0; i < 150; i++) {
  theme += `.tenant-card-${i} { color: #${(0x100000 + i * 997).toString(16).slice(0, 6)}; padding: ${i % 9}px 12px; border-radius: 6px; }\n` +
    `.tenant-card-${i}:hover { box-shadow: 0 1px 3px rgba(0, 0, 0, .2); }\n`;
}
theme += `@import url(https://fonts.googleapis.com/css?family=${families.join('|')}&display=swap)`;
const tenant = { id: 'acme-outdoor', theme };

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    let result;
    try {
      const ast = css.parse(tenant.theme, { source: `${tenant.id}.css` });
      const rules = ast.stylesheet.rules;
      result = { ok: true, rules: rules.length, imports: rules.filter((r) => r.type === 'import').map((r) => r.import) };
    } catch (err) {
      result = { ok: false, error: err.message };
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(result));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
