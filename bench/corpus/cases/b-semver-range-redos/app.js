// Restify: a plugin registry checks each submitted plugin's "engines" range against the host version
// with semver 7.5.1. The submitted ranges are crafted (CVE-2022-25883: long runs of spaces).
'use strict';
const restify = require('restify');
const semver = require('semver');

const HOST_VERSION = '3.4.0';
const submissions = [];
for (let i = 0; i < 2000; i++) submissions.push({ name: `plugin-${i}`, engines: `>=1.${i}` + ' '.repeat(7000) + '<4' });
let next = 0;

const server = restify.createServer();
server.get('/health', (req, res, done) => { res.send('ok'); done(); });

server.get('/x', (req, res, done) => {
  const plugin = submissions[next++ % submissions.length];
  const compatible = semver.satisfies(HOST_VERSION, plugin.engines);
  res.send({ name: plugin.name, compatible });
  done();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
