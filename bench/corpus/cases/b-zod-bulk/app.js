// Hono: a bulk import endpoint validates the staged batch (40,000 contacts) with a zod schema
// before it is written; the schema is built once, the batch is validated per request.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { z } = require('zod');

const Contact = z.object({
  id: z.number().int().nonnegative(),
  email: z.string().email(),
  name: z.string().min(1).max(200),
  phone: z.string().regex(/^\+?[0-9 ]{6,20}$/),
  tags: z.array(z.string().max(30)).max(10),
  address: z.object({ city: z.string(), zip: z.string().regex(/^\d{5}$/) }),
});
const Batch = z.array(Contact);
const staged = Array.from({ length: 40000 }, (_, i) => ({ id: i, email: `c${i}@example.com`, name: `Contact ${i}`, phone: `+33 6 ${String(i).padStart(8, '0')}`, tags: ['lead', 'fr'], address: { city: 'Lyon', zip: '69001' } }));

const app = new Hono();
app.get('/health', (c) => c.text('ok'));

app.get('/x', (c) => {
  const result = Batch.safeParse(staged);
  return c.json({ ok: result.success, count: staged.length });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
