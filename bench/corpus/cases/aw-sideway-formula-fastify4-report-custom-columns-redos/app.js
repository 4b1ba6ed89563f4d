// Fastify 4: the reporting API of a wholesale distributor's B2B portal. Account managers add custom columns to the
// margin report as formulas over the report's fields ("(net - cost) / net * 100"); the portal stores each formula as
// typed and the report evaluates them with @sideway/formula (joi's formula engine) for every row. One account's
// saved column came in through the public report API with a 7,000-digit token in it (made at start-up here, with the
// report's 400 order lines: no network).
'use strict';
const fastify = require('fastify')({ logger: false });
const { Parser } = require('@sideway/formula');

const savedColumns = new Map([['ACC-5120', [
  { title: 'Margin %', formula: '(net - cost) / net * 100' },
  { title: 'Net per unit', formula: 'net / qty' },
  { title: 'Freight share', formula: 'freight / (net + freight) * 100' },
  { title: 'Adjusted net', formula: `net * ${'7'.repeat(7000)}q + rebate` },
]]]);
const orderLines = Array.from({ length: 400 }, (_, i) => ({ order: `SO-${71000 + i}`, sku: `WH-${1000 + (i % 250)}`, qty: 1 + (i % 24), net: 120 + ((i * 37) % 900), cost: 80 + ((i * 23) % 600), freight: 5 + (i % 40), rebate: i % 7 }));

function customColumns(account) {
  return savedColumns.get(account).map((c) => {
    try {
      return { title: c.title, formula: new Parser(c.formula, { reference: (name) => (row) => row[name] }) };
    } catch (err) {
      return { title: c.title, error: err.message.slice(0, 80) };
    }
  });
}

fastify.get('/health', async () => 'ok');
fastify.get('/reports/margin', async (req) => {
  const account = req.query.account || 'ACC-5120';
  const columns = customColumns(account);
  const rows = orderLines.map((line) => {
    const row = { order: line.order, sku: line.sku, qty: line.qty, net: line.net };
    for (const c of columns) row[c.title] = c.formula ? c.formula.evaluate(line) : null;
    return row;
  });
  return { account, columns: columns.map((c) => ({ title: c.title, error: c.error })), rows };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
