// hapi 21: the admin API of an internal API gateway. Ops keep the routing table in Hjson (comments, unquoted
// keys), 14,000 routes, 2.8 MB, written at start-up here as the config repo's checkout would be. /x shows one
// tenant's effective routes in the admin console: the handler reads the table and parses all of it with
// hjson 3 on every request, though the file changes only when ops push a new version.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const Hjson = require('hjson');

const tablePath = path.join(__dirname, 'routes.hjson');
let text = '{\n  # routing table: one block per route, edited by ops, reviewed in the config repo\n';
for (let i = 0; i < 14000; i++) {
  text += `  route_${i}: {\n    # owner: team-${i % 23}\n    match: /api/v${i % 4}/orders/${i}\n    upstream: "http://svc-${i % 40}.internal:8080"\n` +
    `    timeout: ${1000 + (i % 500)}\n    retries: ${i % 3}\n    tenant: t-${i % 60}\n    tags: [ "orders", "eu-${i % 5}" ]\n  }\n`;
}
fs.writeFileSync(tablePath, `${text}}\n`);
const routing = { path: tablePath, text: fs.readFileSync(tablePath, 'utf8') };

const init = async () => {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/x',
    handler: (request) => {
      const tenant = request.query.tenant || 't-17';
      const table = Hjson.parse(routing.text);
      const routes = Object.entries(table).filter(([, r]) => r.tenant === tenant);
      return { tenant, total: Object.keys(table).length, routes: routes.length, first: routes.slice(0, 5).map(([id, r]) => ({ id, match: r.match, upstream: r.upstream })) };
    },
  });
  await server.start();
};
init();
