// Hono on node: the deploy service's "effective config" endpoint. The fleet manifest is one TOML file
// (about 0.8 MB: 4,000 services with image, replicas, ports, env and health check), kept as text because
// operators edit it through the admin UI; /x parses the whole manifest with @iarna/toml on every request
// to return one service's section.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const TOML = require('@iarna/toml');

let manifest = 'schema = 3\nowner = "platform-team"\n\n';
for (let i = 0; i < 4000; i++) {
  manifest += `[services.svc${i}]\nimage = "registry.internal/svc${i}:1.${i % 40}.0"\nreplicas = ${1 + (i % 5)}\n` +
    `ports = [${8000 + i}, ${9000 + i}]\nenv = { LOG_LEVEL = "info", REGION = "eu-west-${1 + (i % 3)}" }\n` +
    `healthcheck.path = "/healthz"\nhealthcheck.interval = "${5 + (i % 20)}s"\n\n`;
}
const store = { 'fleet.toml': manifest };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const fleet = TOML.parse(store['fleet.toml']);
  const name = c.req.query('service') || 'svc1234';
  return c.json({ schema: fleet.schema, service: name, config: fleet.services[name] || null });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
