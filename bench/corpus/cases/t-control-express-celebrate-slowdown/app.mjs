// Express 4 (ESM): an order service's public API with the middleware stack the platform team's template
// gives every service: express-async-errors (async handlers' rejections reach the error handler),
// express-slow-down (requests over a client's budget are delayed, not refused), express-mongo-sanitize
// (strips $ and . keys from the query and body), express.json, basic auth on the admin routes only, and
// celebrate (Joi) validation of the query, with celebrate's error handler. /x returns a page of 50 orders
// filtered by status from 5,000 kept in memory (made at start-up): a few milliseconds per request.
import 'express-async-errors';
import express from 'express';
import slowDown from 'express-slow-down';
import mongoSanitize from 'express-mongo-sanitize';
import basicAuth from 'express-basic-auth';
import { celebrate, errors, Joi, Segments } from 'celebrate';

const orders = Array.from({ length: 5000 }, (_, i) => ({
  id: `ORD-${700000 + i}`, status: ['open', 'paid', 'shipped', 'returned'][i % 4], customer: `C-${i % 900}`,
  total: Math.round((12 + (i % 300) * 1.7) * 100) / 100, currency: 'EUR', createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 59))).toISOString(),
}));

const app = express();
app.disable('x-powered-by');
app.get('/health', (req, res) => { res.json({ status: 'ok' }); });
app.use(slowDown({ windowMs: 60_000, delayAfter: 50_000, delayMs: (hits) => (hits - 50_000) * 100 }));
app.use(express.json({ limit: '100kb' }));
app.use(mongoSanitize({ replaceWith: '_' }));
app.use('/admin', basicAuth({ users: { ops: 'change-me' }, challenge: true }));
app.get('/admin/stats', (req, res) => { res.json({ orders: orders.length }); });
app.get('/x', celebrate({ [Segments.QUERY]: Joi.object({ status: Joi.string().valid('open', 'paid', 'shipped', 'returned').default('open'), page: Joi.number().integer().min(1).default(1), limit: Joi.number().integer().min(1).max(100).default(50) }) }), async (req, res) => {
  const { status, page, limit } = req.query;
  const matching = orders.filter((o) => o.status === status);
  res.json({ page, total: matching.length, orders: matching.slice((page - 1) * limit, page * limit) });
});
app.use(errors());
app.use((err, req, res, next) => { res.status(err.status || 500).json({ error: err.message }); });
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
