// Fastify 4 (@fastify/helmet, @fastify/cors): a webshop's promotion engine. Marketing writes each promotion's
// condition as an Angular-style expression (kept as text in the promotions table), evaluated with
// angular-expressions. /x prices a cart against the 1,000 live promotions, and the handler compiles every rule's text
// again (lexer, parser, code generation and new Function in angular-expressions) for every cart it prices.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const expressions = require('angular-expressions');

expressions.filters.countWhere = (items, key, value) => items.filter((x) => x[key] === value).length;
const promotions = Array.from({ length: 1000 }, (_, i) => ({ id: `promo-${i}`,
  rule: `cart.total > ${i % 200} && customer.tier == "${['gold', 'silver'][i % 2]}" && (cart.items | countWhere:"sku":"SKU-${i}") >= ${1 + (i % 3)} ? ${i % 15} : 0` }));
const carts = new Map(['c1', 'c2'].map((id, k) => [id, { cart: { total: 150 + k * 40, items: [{ sku: 'SKU-3' }, { sku: 'SKU-5' }, { sku: 'SKU-5' }] }, customer: { tier: 'gold' } }]));

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://shop.example.com' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req) => {
    const scope = carts.get(req.query.cart) || carts.get('c1');
    const applied = [];
    for (const p of promotions) {
      const discount = expressions.compile(p.rule)(scope);
      if (discount) applied.push({ id: p.id, discount });
    }
    return { total: scope.cart.total, applied: applied.length, best: applied.sort((a, b) => b.discount - a.discount)[0] || null };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
