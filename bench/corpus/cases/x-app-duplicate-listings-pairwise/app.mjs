// Hono on node: a property portal's moderation queue flags likely duplicate listings (the same flat posted
// twice with small edits); /x compares every pair of the 1,600 queued listings on 16 numeric features in the
// handler's own nested loops (~1.3 M pairs a request), instead of bucketing them first.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';

const FEATURES = 16;
const queue = [];
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let i = 0; i < 1600; i++) {
  const f = new Float64Array(FEATURES);
  for (let k = 0; k < FEATURES; k++) f[k] = rnd() * 100;
  queue.push({ id: `L-${10000 + i}`, f });
}
const weights = Float64Array.from({ length: FEATURES }, (_, k) => 1 + (k % 4) / 2);

const app = new Hono();
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const pairs = [];
  for (let i = 0; i < queue.length; i++) {
    const a = queue[i].f;
    for (let j = i + 1; j < queue.length; j++) {
      const b = queue[j].f;
      let d = 0;
      for (let k = 0; k < FEATURES; k++) d += weights[k] * (a[k] - b[k]) * (a[k] - b[k]);
      if (d < 900) pairs.push([queue[i].id, queue[j].id, Math.round(d)]);
    }
  }
  return c.json({ listings: queue.length, suspects: pairs.length, sample: pairs.slice(0, 5) });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
