// restify: a delivery dispatch service keeps the day's board (35,000 orders with their customer, address,
// lines and timestamps) in memory. Handlers must never mutate the shared board, so the team's rule is to hand
// each request its own deep copy, made with klona. /x returns one depot's unassigned orders: it copies the whole
// board first, then filters it.
'use strict';
const restify = require('restify');
const { klona } = require('klona');

const board = {
  day: '2024-11-30',
  orders: Array.from({ length: 35000 }, (_, i) => ({ id: i, status: i % 4 ? 'assigned' : 'open', depot: `D${i % 12}`,
    customer: { id: `c${i}`, name: `Customer ${i}`, address: { line1: `${i} Canal Street`, city: 'Leeds', zip: `LS${i % 30} 1AB` } },
    lines: [{ sku: 'BOX-S', qty: 1 + (i % 3), price: 2.5 }, { sku: 'BOX-L', qty: 1, price: 4 }], tags: ['fragile', 'signature'].slice(0, i % 3),
    created: new Date(1732950000000 + i * 1000) })),
};

const server = restify.createServer();
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send('ok'); next(); });

server.get('/x', (req, res, next) => {
  const depot = req.query.depot || 'D3';
  const copy = klona(board);
  const unassigned = copy.orders.filter((o) => o.depot === depot && o.status === 'open');
  res.send({ day: copy.day, depot, unassigned: unassigned.length, first: unassigned.slice(0, 10) });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
