// Fastify 5 (ESM): the warehouse service applies a stock count. Each of the count's 20,000 lines is published
// on the service's in-process event bus, an Emittery instance, and awaited before the next (`await
// bus.emit('stock.counted', line)`), so that the stock projection, the audit trail, the low-stock alerts
// and the metrics are all up to date when the count is confirmed. The four listeners are synchronous
// (in-memory maps and counters: no I/O). The count is made at start-up.
import Fastify from 'fastify';
import Emittery from 'emittery';

const bus = new Emittery();
const stock = new Map();
const audit = [];
const alerts = new Set();
const metrics = { lines: 0, units: 0 };
bus.on('stock.counted', (line) => { stock.set(line.sku, line.counted); });
bus.on('stock.counted', (line) => { audit.push(line.sku); if (audit.length > 10000) audit.length = 0; });
bus.on('stock.counted', (line) => { if (line.counted < line.minimum) alerts.add(line.sku); else alerts.delete(line.sku); });
bus.on('stock.counted', (line) => { metrics.lines++; metrics.units += line.counted; });

const count = Array.from({ length: 20000 }, (_, i) => ({ sku: `SKU-${300000 + i}`, bin: `A-${i % 40}-${i % 7}`, counted: (i * 31) % 120, minimum: 10 }));

const fastify = Fastify();
fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  for (const line of count) {
    await bus.emit('stock.counted', line);
  }
  return { lines: count.length, alerts: alerts.size, units: metrics.units };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
