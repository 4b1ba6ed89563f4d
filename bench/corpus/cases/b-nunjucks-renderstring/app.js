// hapi: the order-confirmation page is a Nunjucks template kept as a string and rendered with
// nunjucks.renderString on every request.
'use strict';
const Hapi = require('@hapi/hapi');
const nunjucks = require('nunjucks');

const rows = Array.from({ length: 400 }, (_, i) => `<tr class="{{ loop.cycle('odd', 'even') if loop else '' }}"><td>{{ order.lines[${i}].sku | upper }}</td>
<td>{% if order.lines[${i}].qty > 1 %}{{ order.lines[${i}].qty }} x {% endif %}{{ order.lines[${i}].name | escape | truncate(40) }}</td>
<td>{{ (order.lines[${i}].price * order.lines[${i}].qty) | round(2) }} {{ order.currency }}</td></tr>`).join('\n');
const template = `<h1>Thank you, {{ customer.name | title }}</h1><table>${rows}</table>{% for note in notes %}<p>{{ note }}</p>{% endfor %}`;
const context = {
  customer: { name: 'ada lovelace' }, notes: ['Ships in 2 days'],
  order: { currency: 'EUR', lines: Array.from({ length: 400 }, (_, i) => ({ sku: `sku-${i}`, name: `Item ${i}`, qty: (i % 3) + 1, price: 9.99 })) },
};

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/x',
    handler: (request, h) => {
      const html = nunjucks.renderString(template, context);
      return h.response(html).type('text/html');
    },
  });
  await server.start();
}
main();
