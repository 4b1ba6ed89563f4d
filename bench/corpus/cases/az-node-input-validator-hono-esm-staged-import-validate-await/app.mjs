// Hono on Node, written as ESM: the supplier portal of a wholesale distributor. Suppliers upload their stock and
// price lists as CSV; the rows are staged, and the review screen calls /imports/:id/validation, which re-validates
// every staged row with node-input-validator's Laravel-style rules before the supplier may publish. The handler
// awaits validator.check(), but nothing behind the promise waits for I/O: the rules run one after another on the loop
// in a chain of promise callbacks. Staged imports are made at start-up, as the upload step would leave them.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import niv from 'node-input-validator';

const { Validator } = niv;
const countries = ['IE', 'GB', 'FR', 'DE', 'NL', 'ES'];
const imports = new Map();
for (let k = 0; k < 5; k++) {
  const id = `IMP-${6100 + k}`;
  imports.set(id, { id, supplier: `SUP-${300 + k}`, rows: Array.from({ length: 4500 }, (_, i) => ({
    sku: `SUP${300 + k}-${String(100000 + i)}`, description: `Stainless hinge ${i % 90} mm, pack of ${1 + (i % 12)}`,
    qty: (i * 17) % 900, price: ((i * 7919) % 20000) / 100 + 0.5, contact: `orders+${i % 40}@supplier${k}.example.com`, origin: countries[i % countries.length],
  })) });
}
const rules = {
  rows: 'required|array',
  'rows.*.sku': 'required|string|maxLength:24',
  'rows.*.description': 'required|string|minLength:3|maxLength:120',
  'rows.*.qty': 'required|integer|min:0',
  'rows.*.price': 'required|decimal',
  'rows.*.contact': 'required|email',
  'rows.*.origin': `required|in:${countries.join(',')}`,
};

async function validateImport(staged) {
  const validator = new Validator({ rows: staged.rows }, rules);
  const valid = await validator.check();
  return { import: staged.id, supplier: staged.supplier, rows: staged.rows.length, valid, errors: valid ? {} : validator.errors };
}

const app = new Hono();
app.use('*', secureHeaders());
app.get('/health', (c) => c.text('ok'));
app.get('/imports/:id/validation', async (c) => {
  const staged = imports.get(c.req.param('id'));
  if (!staged) return c.json({ error: 'no such import' }, 404);
  return c.json(await validateImport(staged));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
