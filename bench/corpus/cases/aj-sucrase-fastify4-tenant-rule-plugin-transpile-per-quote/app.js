// Fastify 4 (@fastify/helmet, @fastify/cors): a B2B quoting service. Each tenant uploads its pricing rules as a
// TypeScript module (typed rule functions, enums, interfaces); the service keeps the source and, on every quote,
// strips the types with sucrase's transform, evaluates the result with new Function and runs the rules over the cart.
// The source only changes when the tenant uploads a new version, yet it is transpiled and evaluated again per quote.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const { transform } = require('sucrase');

function tenantSource(tenant) {
  const parts = [
    `export enum Tier { Bronze = 'bronze', Silver = 'silver', Gold = 'gold' }`,
    `export interface Line { sku: string; qty: number; unit: number; category: string }`,
    `export interface Quote { tenant: string; tier: Tier; lines: Line[] }`,
    `type Rule = (q: Quote, line: Line) => number;`,
  ];
  for (let i = 0; i < 700; i++) {
    parts.push(`/** rule ${i} for ${tenant}: volume break on category cat-${i % 40} */
export const rule${i}: Rule = (q: Quote, line: Line): number => {
  const threshold: number = ${10 + (i % 25)} as number;
  const pct: Readonly<{ base: number; gold: number }> = { base: ${(i % 7) / 100}, gold: ${(i % 9) / 100} };
  if (line.category !== 'cat-${i % 40}' || line.qty < threshold) return 0;
  return <number>(line.qty * line.unit * (q.tier === Tier.Gold ? pct.gold : pct.base));
};`);
  }
  parts.push(`export const rules: Array<Rule> = [${Array.from({ length: 700 }, (_, i) => `rule${i}`).join(', ')}];`);
  return parts.join('\n');
}
const sources = new Map(['acme', 'globex', 'initech'].map((t) => [t, tenantSource(t)]));
const cart = Array.from({ length: 30 }, (_, i) => ({ sku: `SKU-${1000 + i}`, qty: 5 + (i * 7) % 40, unit: 3.5 + (i % 11), category: `cat-${(i * 3) % 40}` }));

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://sales.example.com' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req) => {
    const tenant = sources.has(req.query.tenant) ? req.query.tenant : 'globex';
    const { code } = transform(sources.get(tenant), { transforms: ['typescript', 'imports'] });
    const mod = { exports: {} };
    new Function('module', 'exports', 'require', code)(mod, mod.exports, require);
    const quote = { tenant, tier: 'gold', lines: cart };
    const discounts = cart.map((line) => mod.exports.rules.reduce((sum, rule) => sum + rule(quote, line), 0));
    const subtotal = cart.reduce((s, l) => s + l.qty * l.unit, 0);
    return { tenant, subtotal, discount: discounts.reduce((a, b) => a + b, 0), lines: cart.length };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
