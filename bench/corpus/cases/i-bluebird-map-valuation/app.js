// micro: the stock valuation report values each stock line of a warehouse at its current price, in the
// warehouse's currency. The pricing and FX clients are callback-style and promisified with bluebird; the
// report was written when each lookup was a call to the pricing service (hence at most 8 at a time), and
// both clients now answer from caches warmed at start-up.
'use strict';
const http = require('http');
const { serve } = require('micro');
const Promise = require('bluebird');

const skus = Array.from({ length: 5000 }, (_, i) => `SKU-${100000 + i}`);
const prices = new Map(skus.map((sku, i) => [sku, 250 + ((i * 7919) % 90000)]));
const rates = new Map([['EUR', 1], ['PLN', 4.31], ['SEK', 11.2]]);
const pricingClient = Promise.promisifyAll({
  getPrice(sku, callback) {
    if (prices.has(sku)) return callback(null, prices.get(sku));
    return callback(new Error(`no price for ${sku} (pricing service not configured)`));
  },
});
const fxClient = Promise.promisifyAll({
  convert(cents, currency, callback) { callback(null, Math.round(cents * rates.get(currency))); },
});
const stockLines = Array.from({ length: 250000 }, (_, i) => ({ sku: skus[(i * 7) % skus.length], bin: i % 400, units: 1 + (i % 40) }));

const handler = async (req, res) => {
  if (req.url === '/health') return 'ok';
  const warehouse = { id: 'WAW-2', currency: 'PLN' };
  const values = await Promise.map(stockLines, (line) => pricingClient.getPriceAsync(line.sku).then((cents) => fxClient.convertAsync(cents * line.units, warehouse.currency)), { concurrency: 8 });
  let total = 0;
  for (const v of values) total += v;
  return { warehouse: warehouse.id, lines: values.length, value: total / 100, currency: warehouse.currency };
};

http.createServer(serve(handler)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
