// hapi: a white-label storefront serves each tenant's stylesheet: the shared component CSS (about 300 KB,
// 900 components with their hover and responsive rules) with the tenant's brand colours substituted, minified
// with clean-css before it is sent. /x builds and minifies the stylesheet on every request.
'use strict';
const Hapi = require('@hapi/hapi');
const CleanCSS = require('clean-css');

const components = Array.from({ length: 900 }, (_, i) => `.c-${i} > .title, .c-${i}:hover .title { color: var(--brand-primary); margin: 0px 0px ${i % 9}px 0px; padding: 4px 8px 4px 8px; ` +
  `background: url("/assets/bg-${i}.png") no-repeat center center; border-radius: ${i % 5}px; border: 1px solid #${((i * 4099) % 0xffffff).toString(16).padStart(6, '0')}; }\n` +
  `@media (max-width: ${600 + (i % 5) * 100}px) { .c-${i} { display: none; font-weight: bold; } .c-${i} .title { font-size: 14px; } }\n`).join('');
const tenants = new Map([['acme', { primary: '#d0021b', accent: '#f5a623' }], ['globex', { primary: '#4a90e2', accent: '#50e3c2' }]]);

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/x',
    handler: (request, h) => {
      const theme = tenants.get(String(request.query.tenant || 'acme'));
      const source = `:root { --brand-primary: ${theme.primary}; --brand-accent: ${theme.accent}; }\n${components}`;
      const { styles } = new CleanCSS({ level: 1 }).minify(source);
      return h.response(styles).type('text/css');
    },
  });
  await server.start();
};
init();
