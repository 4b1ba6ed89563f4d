// An in-memory order book on node:http keeps its state immutable with immer: each "expire" call
// produces a new state in which every open order's flags change.
'use strict';
const http = require('node:http');
const { produce } = require('immer');

let state = { orders: Array.from({ length: 25000 }, (_, i) => ({ id: i, side: i % 2 ? 'buy' : 'sell', price: 100 + (i % 50), meta: { stale: false, touched: 0 } })) };

http.createServer((req, res) => {
  if (req.url === '/health') return res.end('ok');
  state = produce(state, (draft) => { for (const o of draft.orders) { o.meta.stale = !o.meta.stale; o.meta.touched += 1; } });
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ orders: state.orders.length, touched: state.orders[0].meta.touched }));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
