// Hono on Node, written as ESM: the reporting service of a group accounting tool. /ledgers/:id/trial-balance.csv
// exports a subsidiary's trial balance for the month, 8,000 accounts with ten figures each (balances in the
// ledger's currency, movements, FX rate, change in percent), each figure formatted for the accountant's locale with
// d3-format through the app's fmt helper. The ledger is made at start-up.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { formatLocale } from 'd3-format';

const LOCALES = {
  'de-DE': { decimal: ',', thousands: '.', grouping: [3], currency: ['', '\u00a0€'], minus: '-' },
  'en-GB': { decimal: '.', thousands: ',', grouping: [3], currency: ['£', ''], minus: '-' },
};
const COLUMNS = [['opening', '$,.2f'], ['debit', '$,.2f'], ['credit', '$,.2f'], ['closing', '$,.2f'], ['budget', '$,.0f'],
  ['variance', '+$,.2f'], ['change', '+.1%'], ['fxRate', ',.4f'], ['closingEur', ',.2f'], ['share', '.2%']];

function fmt(value, spec, locale) {
  return formatLocale(LOCALES[locale]).format(spec)(value);
}

const ledgers = new Map([['DE-0100', Array.from({ length: 8000 }, (_, i) => {
  const opening = ((i * 7919) % 2_000_000) / 3 - 150_000, debit = ((i * 104729) % 900_000) / 7, credit = ((i * 1299709) % 800_000) / 9;
  return { account: String(100000 + i * 7), name: `Account ${i % 400}/${i % 17}`, opening, debit, credit, closing: opening + debit - credit, budget: opening * 1.04,
    variance: debit - credit, change: opening ? (debit - credit) / Math.abs(opening) : 0, fxRate: 1.0843 + (i % 50) / 10000, closingEur: (opening + debit - credit) / 1.0843, share: (i % 97) / 10000 };
})]]);

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/ledgers/:id/trial-balance.csv', (c) => {
  const rows = ledgers.get(c.req.param('id')) || [];
  const locale = c.req.query('locale') || 'de-DE';
  const lines = [['account', 'name', ...COLUMNS.map(([k]) => k)].join(';')];
  for (const r of rows) lines.push([r.account, r.name, ...COLUMNS.map(([k, spec]) => fmt(r[k], spec, locale))].join(';'));
  c.header('content-type', 'text/csv; charset=utf-8');
  return c.body(lines.join('\n'));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
