// Fastify: the quote service of an insurer. Underwriters keep the 24 premium formulas of the product in the
// admin UI as math.js expressions; /x prices the next batch of 25 quote lines, running every line through
// every formula with math.evaluate(formula, scope), which parses the formula text into a node tree and
// compiles that tree again before it evaluates it once.
'use strict';
const fastify = require('fastify')({ logger: false });
const math = require('mathjs');

const formulas = Array.from({ length: 24 }, (_, i) => ({
  code: `PR${i + 1}`,
  text: `round(max(minPremium, sumInsured / 1000 * baseRate * (1 + loading_${i % 4} / 100) ^ years` +
    ` - noClaimsYears * ${(i % 5) + 1} * 0.8) * (region == ${i % 3} ? 1.${i % 10} : 1) + sqrt(abs(excess - ${i * 25})) / (1 + log(1 + drivers)), 2)`,
}));
const lines = Array.from({ length: 500 }, (_, k) => ({
  id: `Q-${90000 + k}`, minPremium: 120, sumInsured: 20000 + (k % 80) * 1000, baseRate: 2.5 + (k % 7) / 10,
  loading_0: 5, loading_1: 10, loading_2: 15, loading_3: 20, years: 1 + (k % 3), noClaimsYears: k % 9,
  region: k % 3, excess: 250 + (k % 4) * 250, drivers: 1 + (k % 4),
}));
let next = 0;

function priceBatch() {
  const out = [];
  for (let n = 0; n < 25; n++) {
    const line = lines[next]; next = (next + 1) % lines.length;
    const premiums = {};
    for (const f of formulas) premiums[f.code] = math.evaluate(f.text, { ...line });
    out.push({ id: line.id, premiums });
  }
  return out;
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => {
  const priced = priceBatch();
  return { priced: priced.length, first: priced[0] };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
