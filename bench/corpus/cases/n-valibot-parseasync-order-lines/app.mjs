// Polka: the B2B order import. A customer's purchase order (4,000 lines) is checked with valibot 1.0's
// async schema, because the SKU check "may need the catalogue service"; today the catalogue is a Set
// loaded at start-up, so the check resolves at once. parseAsync still runs every line, and every field
// of every line, through async ~run functions and Promise.all: thousands of promises that settle at once,
// their continuations one microtask after another, all before the loop gets a turn.
import polka from 'polka';
import * as v from 'valibot';

const catalogue = new Set(Array.from({ length: 5000 }, (_, i) => `SKU-${i}`));
const Line = v.objectAsync({
  sku: v.pipeAsync(v.string(), v.checkAsync(async (sku) => catalogue.has(sku), 'unknown SKU')),
  qty: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(999)),
  price: v.pipe(v.number(), v.minValue(0)),
  note: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const Order = v.objectAsync({ orderId: v.string(), buyer: v.string(), lines: v.arrayAsync(Line) });
const order = {
  orderId: 'PO-2024-0311', buyer: 'ACME GmbH',
  lines: Array.from({ length: 4000 }, (_, i) => ({ sku: `SKU-${(i * 7) % 5000}`, qty: 1 + (i % 20), price: 2.5 + (i % 90), note: i % 7 ? undefined : 'rush' })),
};

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', async (req, res) => {
    const result = await v.safeParseAsync(Order, order);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ orderId: order.orderId, valid: result.success, lines: order.lines.length, issues: result.issues ? result.issues.length : 0 }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
