// Restify: an integration hub routes partner events to destinations by tenant-written JSONata conditions.
// /x routes a batch of 16 buffered events: for each event and each of the tenant's 16 routes, routeMatches()
// builds the route's condition with jsonata() and evaluates it. The conditions change only when a tenant edits
// a route, but the expression is parsed again for every event and route, 256 times a batch.
'use strict';
const restify = require('restify');
const jsonata = require('jsonata');

const regions = ['eu-west', 'eu-central', 'us-east', 'ap-south'];
const routes = Array.from({ length: 16 }, (_, r) => ({
  id: `route-${r}`, destination: `https://hooks.example.net/t42/${r}`,
  when: `type in ["order.created", "order.updated", "order.${['paid', 'refunded', 'cancelled', 'shipped'][r % 4]}"] and data.total.amount > ${r * 25}
    and $lowercase(data.customer.tier) in ["gold", "platinum"${r % 2 ? ', "silver"' : ''}] and data.region = "${regions[r % 4]}"
    and $count(data.lines[sku ~> $substringBefore("-") = "SKU" and qty >= ${1 + (r % 3)}]) > 0
    and ($exists(data.coupon) ? $substring(data.coupon, 0, 4) != "TEST" : true) and $not(data.flags.test)`,
}));
const events = Array.from({ length: 16 }, (_, i) => ({
  id: `evt_${i}`, type: ['order.created', 'order.updated', 'order.paid', 'order.shipped'][i % 4],
  data: { total: { amount: 20 + (i * 13) % 400, currency: 'EUR' }, region: regions[i % 4], customer: { id: `c${i}`, tier: ['Gold', 'Silver', 'Bronze'][i % 3] },
    lines: [{ sku: `SKU-${i % 50}`, qty: 1 + (i % 4) }, { sku: `GIFT-${i % 5}`, qty: 1 }], coupon: i % 6 === 0 ? 'SPRING24' : undefined, flags: { test: i % 50 === 0 } },
}));

function routeMatches(route, event) {
  const condition = jsonata(route.when);
  return condition.evaluate(event) === true;
}

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const deliveries = [];
  for (const event of events) {
    for (const route of routes) {
      if (routeMatches(route, event)) deliveries.push({ event: event.id, route: route.id });
    }
  }
  res.send({ events: events.length, routes: routes.length, deliveries: deliveries.length });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
