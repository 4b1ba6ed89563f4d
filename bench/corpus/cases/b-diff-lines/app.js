// Restify: a wiki's "changes" view diffs the current and previous revision of a page (25,000 lines)
// with jsdiff's diffLines on every request.
'use strict';
const restify = require('restify');
const Diff = require('diff');

const previous = Array.from({ length: 25000 }, (_, i) => `| ${i} | host-${i % 300} | ${(i * 7919) % 1000} ms | ok |`).join('\n');
const current = previous.split('\n').map((line, i) => (i % 40 === 0 ? line.replace('ok', 'degraded') : line)).join('\n');

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });

server.get('/x', (req, res, next) => {
  const changes = Diff.diffLines(previous, current);
  res.send({ hunks: changes.filter((c) => c.added || c.removed).length });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
