// hapi: the sales-commission report. Finance keeps the twelve commission formulas as expr-eval
// expressions in the admin UI; /x computes this month's commissions for 240 deals, and every deal is run
// through every formula with parser.evaluate(formula, deal), which tokenizes and parses the formula text
// again before evaluating it.
'use strict';
const Hapi = require('@hapi/hapi');
const { Parser } = require('expr-eval');

const formulas = Array.from({ length: 12 }, (_, i) => ({
  plan: `P${i + 1}`,
  text: `max(0, (revenue - cost) * ${1 + i / 10} - fixed / (months + ${i})) + (region == "EU" ? vat * ${i % 3} : 0) + min(cap, units * price * (1 - discount))`,
}));
const deals = Array.from({ length: 240 }, (_, i) => ({
  id: `D-${7000 + i}`, revenue: 1000 + i, cost: 500 + (i % 70), fixed: 300, months: 1 + (i % 12), region: i % 2 ? 'EU' : 'US',
  vat: 0.2, cap: 5000, units: i % 50, price: 9.5, discount: 0.1,
}));
const parser = new Parser();

function commissions() {
  const report = [];
  for (const deal of deals) {
    const byPlan = {};
    for (const f of formulas) byPlan[f.plan] = Math.round(parser.evaluate(f.text, deal) * 100) / 100;
    report.push({ deal: deal.id, commission: byPlan });
  }
  return report;
}

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
server.route({ method: 'GET', path: '/x', handler: () => {
  const report = commissions();
  return { month: '2024-03', deals: report.length, first: report[0] };
} });
server.start();
