// Control: find-my-way on node:http with pino request logging to a file (an asynchronous SonicBoom
// destination); the route reads an order from an in-memory Map and logs one line.
'use strict';
const http = require('node:http');
const path = require('node:path');
const findMyWay = require('find-my-way');
const pino = require('pino');

const logger = pino({ level: 'info', base: { service: 'orders' } }, pino.destination({ dest: path.join(__dirname, 'access.log'), sync: false, minLength: 4096 }));
const orders = new Map(Array.from({ length: 5000 }, (_, i) => [`o-${i}`, { id: `o-${i}`, status: ['paid', 'shipped', 'delivered'][i % 3], total: ((i * 53) % 40000) / 100, items: (i % 4) + 1 }]));
let n = 0;

const router = findMyWay({
  ignoreTrailingSlash: true,
  defaultRoute: (req, res) => { res.statusCode = 404; res.end(); },
});
router.on('GET', '/health', (req, res) => res.end('ok'));
router.on('GET', '/x', (req, res) => {
  const start = process.hrtime.bigint();
  const order = orders.get(`o-${n++ % orders.size}`);
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(order));
  logger.info({ method: req.method, url: req.url, order: order.id, status: 200, us: Number(process.hrtime.bigint() - start) / 1000 }, 'request');
});

http.createServer((req, res) => router.lookup(req, res)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
