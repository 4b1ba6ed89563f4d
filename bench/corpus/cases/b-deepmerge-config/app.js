// Restify: a feature-flag service merges the tenant's overrides into the full default flag tree
// (30,000 flags) with deepmerge on every request.
'use strict';
const restify = require('restify');
const deepmerge = require('deepmerge');

const defaults = { flags: {} };
const overrides = { flags: {} };
for (let i = 0; i < 30000; i++) {
  defaults.flags[`flag-${i}`] = { enabled: false, rollout: { percent: 0, segments: ['all'] }, meta: { owner: `team-${i % 30}` } };
  if (i % 10 === 0) overrides.flags[`flag-${i}`] = { enabled: true, rollout: { percent: 50 } };
}

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });

server.get('/x', (req, res, next) => {
  const config = deepmerge(defaults, overrides);
  res.send({ enabled: Object.values(config.flags).filter((f) => f.enabled).length });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
