// hono: a shop's cart pricing. Merchants write promotion rules as small JavaScript expressions in the back office
// ("line.category === 'coffee' && line.qty >= 3 ? line.price * 0.1 : 0"); the pricing service evaluates each rule
// against each cart line with vm.runInNewContext(rule.expression, { line, cart, Math }), so every rule on every line
// makes a fresh V8 context (its own globals and builtins) and compiles the expression into it. /x prices the next
// saved cart (14 lines) against the merchant's 12 active rules. Made at start-up.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const vm = require('node:vm');

const rules = [
  { id: 'coffee-3', expression: "line.category === 'coffee' && line.qty >= 3 ? line.price * line.qty * 0.1 : 0" },
  { id: 'beans-bulk', expression: "line.sku.startsWith('BEAN-') && line.weightGrams * line.qty >= 2000 ? 4.5 : 0" },
  { id: 'mug-bundle', expression: "line.category === 'mug' && cart.lines.some((l) => l.category === 'coffee') ? line.price * 0.15 : 0" },
  { id: 'member-5', expression: "cart.customer.member ? Math.round(line.price * line.qty * 5) / 100 : 0" },
  { id: 'clearance', expression: "line.tags.includes('clearance') ? line.price * line.qty * 0.3 : 0" },
  { id: 'first-order', expression: "cart.customer.orders === 0 && line.price > 20 ? 3 : 0" },
  { id: 'tea-weekend', expression: "line.category === 'tea' && [0, 6].includes(new Date(cart.createdAt).getDay()) ? line.price * 0.2 : 0" },
  { id: 'grinder-gift', expression: "line.category === 'grinder' && cart.subtotal > 150 ? 7.5 : 0" },
  { id: 'sample-free', expression: "line.sku === 'SAMPLE-PACK' ? line.price * line.qty : 0" },
  { id: 'subscription', expression: "line.subscription ? Math.min(line.price * line.qty * 0.12, 18) : 0" },
  { id: 'loyalty-tier', expression: "({ gold: 0.08, silver: 0.04 })[cart.customer.tier] * line.price * line.qty || 0" },
  { id: 'cap-filter', expression: "line.category === 'filter' && line.qty > 5 ? (line.qty - 5) * line.price * 0.5 : 0" },
];

const categories = ['coffee', 'tea', 'mug', 'grinder', 'filter', 'beans'];
const carts = Array.from({ length: 50 }, (_, c) => {
  const lines = Array.from({ length: 14 }, (_, i) => {
    const category = categories[(c + i) % categories.length];
    return { sku: category === 'beans' ? `BEAN-${i}` : `${category.toUpperCase()}-${i}`, category, qty: 1 + ((c * i) % 6),
      price: 4.5 + ((i * 7) % 40), weightGrams: 250 * (1 + (i % 4)), tags: i % 9 === 0 ? ['clearance'] : [], subscription: i % 7 === 0 };
  });
  return { id: `cart_${c}`, createdAt: 1733000000000 + c * 3600000, lines, subtotal: lines.reduce((s, l) => s + l.price * l.qty, 0),
    customer: { member: c % 2 === 0, orders: c % 5, tier: ['gold', 'silver', 'none'][c % 3] } };
});
let next = 0;

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const cart = carts[next++ % carts.length];
  const discounts = [];
  let total = 0;
  for (const line of cart.lines) {
    for (const rule of rules) {
      const amount = vm.runInNewContext(rule.expression, { line, cart, Math }, { timeout: 50 });
      if (amount > 0) { discounts.push({ rule: rule.id, sku: line.sku, amount: Math.round(amount * 100) / 100 }); total += amount; }
    }
  }
  return c.json({ cart: cart.id, subtotal: cart.subtotal, discount: Math.round(total * 100) / 100, discounts });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
