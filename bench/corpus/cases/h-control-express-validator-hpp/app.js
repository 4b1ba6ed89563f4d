// Control: an Express orders API behind the usual middleware: JSON and form body parsing, HTTP
// parameter-pollution protection, method override for HTML forms, no-cache headers, and
// express-validator checks on the query. One page of 20 orders from an in-memory table.
const express = require('express');
const bodyParser = require('body-parser');
const hpp = require('hpp');
const methodOverride = require('method-override');
const nocache = require('nocache');
const { query, validationResult, matchedData } = require('express-validator');

const orders = Array.from({ length: 5000 }, (_, i) => ({
  id: `ord_${i}`,
  customer: `cust_${i % 700}`,
  status: ['paid', 'shipped', 'refunded'][i % 3],
  total: Math.round(((i * 7919) % 40000) / 3) / 100,
}));

const app = express();
app.use(bodyParser.json({ limit: '100kb' }));
app.use(bodyParser.urlencoded({ extended: false }));
app.use(hpp());
app.use(methodOverride('_method'));
app.use(nocache());

app.get('/health', (req, res) => res.send('ok'));
let page = 0;
app.get('/x',
  query('page').optional().isInt({ min: 0, max: 10000 }).toInt(),
  query('status').optional().isIn(['paid', 'shipped', 'refunded']),
  query('q').optional().trim().escape().isLength({ max: 64 }),
  (req, res) => {
    const errors = validationResult(req);
    if (!errors.isEmpty()) return res.status(400).json({ errors: errors.array() });
    const { page: p = page++ % 250, status } = matchedData(req);
    const list = status ? orders.filter((o) => o.status === status) : orders;
    res.json({ page: p, orders: list.slice(p * 20, p * 20 + 20) });
  });

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
