// Restify: a deploy-preview service keeps the last uploaded stack file (YAML, about 160 KB: 1,200
// services) and parses it with the yaml package on every preview request.
'use strict';
const restify = require('restify');
const YAML = require('yaml');

const services = {};
for (let i = 0; i < 1200; i++) {
  services[`svc-${i}`] = { image: `registry.local/app-${i % 40}:1.${i}`, env: { LOG_LEVEL: 'info', SHARD: i }, ports: [`${8000 + i}:8080`], depends_on: [`svc-${(i + 1) % 1200}`], labels: ['team=core', 'tier=web'] };
}
const uploaded = YAML.stringify({ version: '3.9', services });

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });

server.get('/x', (req, res, next) => {
  const stack = YAML.parse(uploaded);
  res.send({ services: Object.keys(stack.services).length, version: stack.version });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
