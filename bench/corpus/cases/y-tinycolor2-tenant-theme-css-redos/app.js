// hapi: a white-label storefront serves each tenant's theme stylesheet. /x builds the CSS custom properties
// from the tenant's saved brand colours with tinycolor2 (tints, shades, readable text colour), on each request.
// One tenant's saved accent colour came in through the theme editor's API as a hex value followed by 22,000
// spaces and a comment: tinycolor2 1.4.1 trims its input with /\s+$/, which backtracks quadratically on a long
// run of spaces that does not end the string.
'use strict';
const Hapi = require('@hapi/hapi');
const tinycolor = require('tinycolor2');

const themes = new Map();
for (let t = 0; t < 50; t++) {
  themes.set(`t${t}`, { primary: `#${(0x1f6feb + t * 4099).toString(16).slice(-6)}`, accent: `hsl(${(t * 37) % 360}, 70%, 45%)`, surface: '#ffffff', text: '#1b1f24' });
}
themes.get('t17').accent = `#e4572e${' '.repeat(22000)}/* campaign */`;

function themeCss(theme) {
  const vars = [];
  for (const [name, value] of Object.entries(theme)) {
    const c = tinycolor(value);
    if (!c.isValid()) continue;
    vars.push(`--${name}: ${c.toHexString()};`, `--${name}-tint: ${c.clone().lighten(12).toHexString()};`,
      `--${name}-shade: ${c.clone().darken(12).toHexString()};`, `--on-${name}: ${tinycolor.mostReadable(c, ['#ffffff', '#000000']).toHexString()};`);
  }
  return `:root {\n  ${vars.join('\n  ')}\n}\n`;
}

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: (request, h) => h.response(themeCss(themes.get(request.query.tenant || 't17'))).type('text/css') });
  await server.start();
}
main();
