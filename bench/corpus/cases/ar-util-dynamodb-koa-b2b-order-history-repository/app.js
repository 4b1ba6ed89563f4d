// Koa with @koa/router: the order-history API of a B2B wholesaler on a DynamoDB single-table design. To save read
// capacity, OrderRepository keeps each customer partition's raw Query pages (AttributeValue maps, as the low-level
// client returns them) in a warm in-process cache, and maps them to plain objects with @aws-sdk/util-dynamodb's
// unmarshall on every call. The history page (/x) asks for a customer's orders and shows the newest 25; the big
// accounts have about 16,000 orders in their partition. The cached pages are made at start-up here.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const { marshall, unmarshall } = require('@aws-sdk/util-dynamodb');

class OrderRepository {
  constructor() {
    this.pages = new Map();
  }

  warm(customerId, items) {
    this.pages.set(customerId, items.map((item) => marshall(item, { convertClassInstanceToMap: true, removeUndefinedValues: true })));
  }

  listOrders(customerId) {
    const raw = this.pages.get(customerId) || [];
    return raw.map((item) => unmarshall(item));
  }
}

const repo = new OrderRepository();
repo.warm('CUST#B2B-0042', Array.from({ length: 16000 }, (_, i) => ({
  pk: 'CUST#B2B-0042', sk: `ORDER#${String(2025000000 + i)}`, status: ['placed', 'packed', 'shipped', 'delivered', 'invoiced'][i % 5],
  total: Math.round((180 + (i % 900) * 3.17) * 100) / 100, currency: 'EUR', placedAt: new Date(Date.UTC(2023, 0, 1) + i * 3600e3).toISOString(),
  lines: Array.from({ length: 4 }, (_, j) => ({ sku: `SKU-${(i * 7 + j) % 9000}`, qty: 1 + ((i + j) % 12), unit: 4.95 + j })),
  tags: new Set(['edi', i % 3 ? 'standing-order' : 'spot']), shipTo: { site: `Depot ${i % 14}`, city: 'Duisburg', zip: '47051', country: 'DE' },
})));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const orders = repo.listOrders(ctx.query.customer || 'CUST#B2B-0042');
  orders.sort((a, b) => (a.sk < b.sk ? 1 : -1));
  ctx.body = { customer: ctx.query.customer || 'CUST#B2B-0042', count: orders.length, orders: orders.slice(0, 25).map((o) => ({ ...o, tags: [...o.tags] })) };
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
